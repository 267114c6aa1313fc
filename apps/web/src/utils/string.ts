/** String length in storage units: characters above code 128 count as 2 (spec 01 §5). */
export function getStrLength(value: string | null | undefined): number {
  if (!value) return 0;
  let len = 0;
  for (let i = 0; i < value.length; i++) len += value.charCodeAt(i) > 128 ? 2 : 1;
  return len;
}

/** 32 lowercase hexadecimal characters (spec 01 §9 random identifier helper). */
export function randomUUID(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
