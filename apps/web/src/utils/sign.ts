import { decodeOrKeep, signUrlParams } from '@answer/contract';
import { md5 } from './md5';

/** JeecgBoot `jeecg.signatureSecret` default; the server checks X-Sign with the same value (contract §4.7). */
export const SIGNATURE_SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';

type Params = Record<string, unknown> | undefined | null;

/**
 * Parameters the server signs, as it sees them: the query string of `url` (not decoded here, the server
 * decodes the whole query before splitting, so values containing `&`/`=` are out of scope as in JeecgBoot),
 * the last path segment under `x-path-variable` when it holds a comma, then `params` (query or JSON body).
 * Numbers and booleans are stringified, `_t` is dropped (the server removes it too).
 */
export function signParams(url: string, params?: Params): Record<string, unknown> {
  const out: Record<string, unknown> = signUrlParams(url, (part, inQuery) => (inQuery ? part : decodeOrKeep(part)));
  if (params) {
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined) continue;
      out[key] = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
    }
  }
  delete out._t;
  return out;
}

/** Keys sorted ascending (JSON key order is insertion order), as the server's TreeMap. */
export function sortKeys(obj: Record<string, unknown>): Record<string, unknown> {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(obj).sort()) sorted[key] = obj[key];
  return sorted;
}

/** X-Sign: uppercase hex MD5 of the compact JSON of the sorted parameters followed by the secret. */
export function computeSign(url: string, params?: Params, secret = SIGNATURE_SECRET): string {
  return md5(JSON.stringify(sortKeys(signParams(url, params))) + secret).toUpperCase();
}

/** X-TIMESTAMP in the 2.4.6–3.2 form yyyyMMddHHmmss (local time, as the JeecgBoot UI sends it). */
export function signTimestamp(date: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    date.getFullYear() +
    p(date.getMonth() + 1) +
    p(date.getDate()) +
    p(date.getHours()) +
    p(date.getMinutes()) +
    p(date.getSeconds())
  );
}
