import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeOrKeep, SIGN_TIMESTAMP_MAX_AGE_S, signUrlParams } from '@answer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bizError } from './errors.ts';

/**
 * X-Sign / X-TIMESTAMP on the signed dictionary URLs (contract §4.7) — wire compatibility only.
 *
 * The secret is JeecgBoot's public default (config SIGN_SECRET), so a valid signature proves nothing about who sent
 * the request and grants nothing: these routes still require a session, and every table/column goes through the
 * registry. We check it because the JeecgBoot client always signs these URLs (and ours does too), and answering like
 * JeecgBoot keeps both clients' error paths identical.
 *
 * Decision: the headers are REQUIRED on the signed routes, as in JeecgBoot — a request without X-TIMESTAMP gets the
 * timestamp message, one without X-Sign gets 'Sign签名校验失败！'. (Accepting unsigned requests would be harmless too,
 * but a half-enforced check only hides client bugs.)
 *
 * Algorithm (JeecgBoot SignUtil/HttpUtils):
 *  1. a sorted map of the URL query parameters (URL-decoded, `+` = space; the last of repeated keys wins), the last path
 *     segment under `x-path-variable` when it contains a comma (URL-decoded), and for non-GET requests the top-level
 *     fields of a JSON body; `_t` removed;
 *  2. compact JSON with the keys sorted (string order, like Java's TreeMap), followed by the secret;
 *  3. X-Sign must equal the uppercase hex MD5 of that string.
 * One deliberate difference: we split the query string on `&`/`=` *before* decoding each part (JeecgBoot decodes the
 * whole string first), so an encoded `&` or `=` inside a value is signed as the client meant it.
 *
 * X-TIMESTAMP: `yyyyMMddHHmmss` (2.4.6–3.1 clients) or epoch milliseconds (3.2+ clients: VUEN-410 switched `getAction`
 * to `new Date().getTime()`), any integer JeecgBoot 3.2 parses (see parseSignTimestamp), accepted within ±300 s of
 * the server clock (JeecgBoot only bounds the past; we also refuse timestamps more than 300 s ahead so a far-future
 * value cannot make a signed URL valid forever). The 14-digit form is the BROWSER'S local wall clock (the 3.2 client
 * formats `new Date()`), so a browser outside UTC+8 would fail every signed call if we read it as GMT+8: it is accepted
 * when it is within ±300 s under any UTC offset in real use (`REAL_UTC_OFFSETS_MIN`, UTC−12 … UTC+14, including the
 * :30 and :45 zones). Off-by-minutes values (a clock 6–14 minutes wrong against every zone) are still refused.
 */

export const SIGN_MESSAGES = {
  mismatch: 'Sign签名校验失败！',
  timestampFormat: '操作失败，签名验证失败:X-TIMESTAMP格式必须为:yyyyMMddHHmmss',
  timestampExpired: '操作失败，签名验证失败:X-TIMESTAMP已过期',
} as const;

const bodyValue = (v: unknown): string | undefined =>
  v === null || v === undefined ? undefined : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** The parameters JeecgBoot signs for a request URL (path + query) and, for non-GET requests, its JSON body. */
export function signParams(url: string, method = 'GET', body?: unknown): Record<string, string> {
  const params = signUrlParams(url, (part, inQuery) => decodeOrKeep(inQuery ? part.replace(/\+/g, ' ') : part));
  if (method.toUpperCase() !== 'GET' && body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      const s = bodyValue(v);
      if (s !== undefined) params[k] = s;
    }
  }
  delete params._t;
  return params;
}

/** Compact JSON with sorted keys, built by hand so integer-like keys keep string order (JS objects would not). */
export function signPayload(params: Record<string, string>): string {
  const keys = Object.keys(params).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(params[k])}`).join(',')}}`;
}

/** Uppercase hex MD5 of payload + secret. */
export function computeSign(params: Record<string, string>, secret: string): string {
  return createHash('md5')
    .update(signPayload(params) + secret, 'utf8')
    .digest('hex')
    .toUpperCase();
}

/** UTC offsets (minutes) in use somewhere, standard and summer time: UTC−12 … UTC+14 */
export const REAL_UTC_OFFSETS_MIN: readonly number[] = [
  -720, -660, -600, -570, -540, -480, -420, -360, -300, -240, -210, -180, -150, -120, -60, 0, 60, 120, 180, 210, 240,
  270, 300, 330, 345, 360, 390, 420, 480, 525, 540, 570, 600, 630, 660, 720, 765, 780, 825, 840,
];

/**
 * Whether an X-TIMESTAMP is fresh at `now`: epoch ms within the window, or a 14-digit wall clock that is within the
 * window read in one of the real time zones. null when malformed.
 */
export function signTimestampFresh(raw: string | undefined, now: number = Date.now()): boolean | null {
  const ts = parseSignTimestamp(raw);
  if (ts === null) return null;
  const maxMs = SIGN_TIMESTAMP_MAX_AGE_S * 1000;
  if (!WALL_CLOCK.test(headerValue(raw))) return Math.abs(now - ts) <= maxMs;
  // the digits as if they were UTC; the instant they name in a zone of offset o is that minus o
  const wall = ts + 8 * 3_600_000;
  return REAL_UTC_OFFSETS_MIN.some((o) => Math.abs(now - (wall - o * 60_000)) <= maxMs);
}

const WALL_CLOCK = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/**
 * The X-TIMESTAMP value as JeecgBoot 3.2's SignAuthInterceptor reads it: the header is `Long.parseLong`ed (an optional
 * sign, up to 19 digits), 14 digits are the wall clock, any other length is epoch milliseconds. A value the browser
 * joined from two X-TIMESTAMP headers (`a, b`: XMLHttpRequest joins repeated names) is read by its first part, as the
 * servlet container hands the first value to `getHeader`.
 */
function headerValue(raw: string | undefined): string {
  return (raw ?? '').split(',')[0].trim();
}

/** X-TIMESTAMP → epoch ms, or null when malformed. */
export function parseSignTimestamp(raw: string | undefined): number | null {
  const v = headerValue(raw);
  if (!WALL_CLOCK.test(v)) {
    if (!/^[-+]?\d{1,19}$/.test(v)) return null;
    const n = Number(v);
    return Number.isSafeInteger(n) ? n : null;
  }
  const m = WALL_CLOCK.exec(v);
  if (!m) return null;
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const ms = Date.UTC(y, mo - 1, d, h, mi, s) - 8 * 3_600_000;
  // reject 20240230…, 25h and friends
  const back = new Date(ms + 8 * 3_600_000);
  if (
    back.getUTCMonth() !== mo - 1 ||
    back.getUTCDate() !== d ||
    back.getUTCHours() !== h ||
    back.getUTCMinutes() !== mi
  )
    return null;
  return ms;
}

/** `yyyyMMddHHmmss` in GMT+8 (what a 3.0–3.2 client in China sends; used by tests). */
export function signTimestamp(at: Date = new Date()): string {
  const t = new Date(at.getTime() + 8 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${t.getUTCFullYear()}${p(t.getUTCMonth() + 1)}${p(t.getUTCDate())}${p(t.getUTCHours())}${p(t.getUTCMinutes())}${p(t.getUTCSeconds())}`;
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The expected X-Sign of a GET URL, remembered: a GET's signature is a function of the URL and the secret only (the
 * timestamp is checked on its own, every time), and a page asks the same dictionary URLs again and again. What is
 * remembered is the value the server computes, never what a client sent, so a forged or replayed signature is refused
 * exactly as before. Bounded: at most SIGN_CACHE_MAX URLs (up to 2 kB each), then it starts over.
 */
const expectedSigns = new Map<string, string>();
const SIGN_CACHE_MAX = 2000;
const SIGN_CACHE_MAX_URL = 2048;

export function expectedGetSign(url: string, secret: string): string {
  if (url.length > SIGN_CACHE_MAX_URL) return computeSign(signParams(url), secret);
  const key = `${secret}\n${url}`;
  let sign = expectedSigns.get(key);
  if (sign === undefined) {
    sign = computeSign(signParams(url), secret);
    if (expectedSigns.size >= SIGN_CACHE_MAX) expectedSigns.clear();
    expectedSigns.set(key, sign);
  }
  return sign;
}

/** Throws the JeecgBoot error (HTTP 200, code 500) unless the request carries a fresh, matching signature. */
export function verifySignedRequest(req: FastifyRequest, secret: string, now: number = Date.now()): void {
  const fresh = signTimestampFresh(header(req, 'x-timestamp'), now);
  if (fresh === null) throw bizError(SIGN_MESSAGES.timestampFormat);
  if (!fresh) throw bizError(SIGN_MESSAGES.timestampExpired);
  const given = (header(req, 'x-sign') ?? '').trim().toUpperCase();
  const expected =
    req.method.toUpperCase() === 'GET'
      ? expectedGetSign(req.url, secret)
      : computeSign(signParams(req.url, req.method, req.body), secret);
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw bizError(SIGN_MESSAGES.mismatch);
}

/** preHandler for the signed routes (runs after the session guard, like JeecgBoot's interceptor after Shiro). */
export function requireSign(app: FastifyInstance): (req: FastifyRequest) => Promise<void> {
  return async (req) => verifySignedRequest(req, app.ctx.config.signSecret);
}
