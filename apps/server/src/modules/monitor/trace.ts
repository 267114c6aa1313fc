import type { IncomingHttpHeaders } from 'node:http';
import type { RawTrace } from './http-monitor.ts';

/** what replaces a secret value in the trace */
export const REDACTED = '******';

/** header names whose values never leave the server: tokens, cookies, signatures, credentials */
const SECRET_HEADER = /token|authorization|cookie|secret|pass|sign|session|credential|api-?key|x-csrf/i;

/** query parameter names whose values are secrets (same family as the operation log's masking) */
const SECRET_PARAM =
  /pass(word)?|pwd|token|secret|captcha|smscode|salt|code$|authorization|credential|key|ticket|sign/i;

/** the query string of `url` with secret values replaced; the path is kept as it is */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const path = url.slice(0, q);
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((kv) => {
      const eq = kv.indexOf('=');
      const rawKey = eq < 0 ? kv : kv.slice(0, eq);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        /* keep the raw name */
      }
      return SECRET_PARAM.test(key) && key !== 'dictCode' && key !== 'orgCode' && eq >= 0
        ? `${rawKey}=${REDACTED}`
        : kv;
    });
  return `${path}?${parts.join('&')}`;
}

export function redactHeaders(headers: IncomingHttpHeaders): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (SECRET_HEADER.test(name)) out[name] = [REDACTED];
    else out[name] = (Array.isArray(value) ? value : [String(value)]).map((v) => v.slice(0, 500));
  }
  return out;
}

/** one trace in Spring Boot 2.6's HttpTrace JSON shape (what JeecgBoot's HttpTrace.vue reads) */
export function toSpringTrace(t: RawTrace) {
  const host = typeof t.headers.host === 'string' ? t.headers.host : 'localhost';
  const proto = t.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  return {
    timestamp: new Date(t.time).toISOString(),
    principal: t.user ? { name: t.user } : null,
    session: null,
    request: {
      method: t.method,
      uri: `${proto}://${host}${redactUrl(t.url)}`,
      headers: redactHeaders(t.headers),
      remoteAddress: t.ip,
    },
    response: {
      status: t.status,
      headers: t.contentType ? { 'Content-Type': [t.contentType] } : {},
    },
    timeTaken: Math.round(t.tookMs),
  };
}
