/**
 * The part of X-Sign (contract §4.7) that both sides compute alike: the parameters named by a request URL — the last
 * path segment under `x-path-variable` when it holds a comma, then the query pairs (the last of a repeated key wins,
 * an empty key is skipped). `decode(part, inQuery)` turns each raw part into the signed text: the server decodes
 * (`+` = space in the query), the web client signs the query as it wrote it. The result has no prototype, so any key
 * (even `__proto__`) is a plain entry.
 */
export function signUrlParams(url: string, decode: (part: string, inQuery: boolean) => string): Record<string, string> {
  const params: Record<string, string> = Object.create(null);
  const q = url.indexOf('?');
  const path = q >= 0 ? url.slice(0, q) : url;
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (last.includes(',')) params['x-path-variable'] = decode(last, false);
  if (q < 0) return params;
  for (const pair of url
    .slice(q + 1)
    .split('#')[0]
    .split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decode(eq >= 0 ? pair.slice(0, eq) : pair, true);
    if (key) params[key] = eq >= 0 ? decode(pair.slice(eq + 1), true) : '';
  }
  return params;
}

/** decodeURIComponent that keeps a malformed part as it is */
export function decodeOrKeep(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
