/**
 * A redirect target taken from the URL is only followed when it is a path of this app:
 * it starts with one "/" and is not protocol-relative ("//host", "/\\host"), so it cannot send the user elsewhere.
 */
export function safeRedirect(target: string | null | undefined, fallback: string): string {
  if (!target) return fallback;
  let value = target;
  try {
    // the guard encodes the full path once; tolerate an extra layer from hand-written links
    if (/^%2F/i.test(value)) value = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (/[\u0000-\u001f]/.test(value)) return fallback;
  return value;
}

/** `/user/login?redirect=<full path>`, the shape the guard produces. */
export function withRedirect(base: string, fullPath: string): string {
  return `${base}?redirect=${encodeURIComponent(fullPath)}`;
}
