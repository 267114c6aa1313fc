import type { TestApp } from '../../../test/harness.ts';
import { computeSign, signParams, signTimestamp } from '../../platform/sign.ts';

/** Path segment as the JeecgBoot client sends a dictionary spec: URL-encoded, commas kept. */
export function specPath(spec: string): string {
  return encodeURIComponent(spec).replace(/%2C/gi, ',');
}

/** `?a=1&b=2` with every value encoded */
export function qs(params: Record<string, string | number>): string {
  const s = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return s ? `?${s}` : '';
}

/** X-Sign + X-TIMESTAMP for a URL, computed like the client does. */
export function signedHeaders(t: TestApp, url: string, at: Date = new Date()): Record<string, string> {
  return { 'X-Sign': computeSign(signParams(url), t.config.signSecret), 'X-TIMESTAMP': signTimestamp(at) };
}

/** A signed GET with the session token. */
export function signedGet(t: TestApp, url: string, token?: string) {
  return t.req({ method: 'GET', url, token, headers: signedHeaders(t, url) });
}
