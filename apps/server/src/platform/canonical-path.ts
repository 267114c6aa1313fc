/**
 * Security rule 2: one canonical path. Encoded separators and dots, `;`, `//`, `/./`, `/../`, backslashes
 * and NUL are rejected before routing and auth, so the router and the guard see the same string.
 */
const FORBIDDEN = /%2f|%5c|%2e|%00|%3b|;|\\|\0/i;

export function isCanonicalPath(rawUrl: string): boolean {
  const q = rawUrl.indexOf('?');
  const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
  if (!path.startsWith('/')) return false;
  if (FORBIDDEN.test(path)) return false;
  if (path.includes('//')) return false;
  const segments = path.split('/');
  for (const s of segments) if (s === '.' || s === '..') return false;
  // control characters and raw spaces have no business in a path
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return false;
  }
  return true;
}

export const BAD_PATH_URL = '/__bad_path__';
