import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { JEECG_DEFAULT_SIGN_SECRET } from '../config.ts';
import { AppError } from './errors.ts';
import {
  computeSign,
  expectedGetSign,
  parseSignTimestamp,
  SIGN_MESSAGES,
  signParams,
  signPayload,
  signTimestamp,
  signTimestampFresh,
  verifySignedRequest,
} from './sign.ts';

const SECRET = JEECG_DEFAULT_SIGN_SECRET;

describe('sign parameters (JeecgBoot HttpUtils.getAllParams)', () => {
  it.each([
    ['/jeecg-boot/sys/dict/getDictItems/sex', {}],
    ['/jeecg-boot/sys/dict/getDictItems/sex?_t=1700000000', {}],
    [
      '/jeecg-boot/sys/dict/getDictItems/sys_user,realname,username',
      { 'x-path-variable': 'sys_user,realname,username' },
    ],
    [
      "/jeecg-boot/sys/dict/getDictItems/sys_user,realname,username,status%3D'1'?_t=1",
      { 'x-path-variable': "sys_user,realname,username,status='1'" },
    ],
    [
      '/jeecg-boot/sys/dict/loadDict/sys_user,realname,username?keyword=%E5%BC%A0&pageSize=10',
      { 'x-path-variable': 'sys_user,realname,username', keyword: '张', pageSize: '10' },
    ],
    // form decoding: + is a space; an encoded & stays inside its value; the last repeated key wins; empty value kept
    ['/x/loadTreeData?a=1+2&b=x%26y%3Dz&a=3&c=&d', { a: '3', b: 'x&y=z', c: '', d: '' }],
    // malformed escapes are kept as they are (never throw)
    ['/x/y?a=%E0%A4%A', { a: '%E0%A4%A' }],
  ])('%s', (url, expected) => {
    expect({ ...signParams(url) }).toEqual(expected);
  });

  it('merges a JSON body for non-GET requests (numbers and objects as strings)', () => {
    expect({ ...signParams('/x/y?a=1', 'POST', { b: 2, c: { d: 1 }, e: null }) }).toEqual({
      a: '1',
      b: '2',
      c: '{"d":1}',
    });
    expect({ ...signParams('/x/y?a=1', 'GET', { b: 2 }) }).toEqual({ a: '1' });
  });

  it('serializes with keys in string order (integer-like keys too, like Java TreeMap)', () => {
    expect(signPayload({ b: '1', a: '2', '10': 'x', '9': 'y', _t: 'z' })).toBe(
      '{"10":"x","9":"y","_t":"z","a":"2","b":"1"}',
    );
    expect(signPayload({ k: 'a"b\\c' })).toBe('{"k":"a\\"b\\\\c"}');
  });
});

describe('X-Sign vectors', () => {
  // Derived by hand: printf '%s' '<payload><secret>' | md5sum, uppercased.
  it.each([
    ['/jeecg-boot/sys/dict/getDictItems/sex?_t=1', '{}', 'E19D6243CB1945AB4F7202A1B00F77D5'],
    [
      '/jeecg-boot/sys/dict/getDictItems/sys_user,realname,username',
      '{"x-path-variable":"sys_user,realname,username"}',
      'D9E9093773A902BBE1CF4FAE26BE5D1C',
    ],
    [
      '/jeecg-boot/sys/dict/loadDict/sys_user,realname,username?keyword=%E5%BC%A0&pageSize=10',
      '{"keyword":"张","pageSize":"10","x-path-variable":"sys_user,realname,username"}',
      'DEC32AAE8A40A8EC67A5FC920DBCE7BB',
    ],
  ])('%s', (url, payload, sign) => {
    const params = signParams(url);
    expect(signPayload(params)).toBe(payload);
    expect(computeSign(params, SECRET)).toBe(sign);
    expect(
      createHash('md5')
        .update(payload + SECRET)
        .digest('hex')
        .toUpperCase(),
    ).toBe(sign);
  });

  it('depends on the secret', () => {
    expect(computeSign({}, 'another-secret')).not.toBe('E19D6243CB1945AB4F7202A1B00F77D5');
  });
});

describe('X-TIMESTAMP', () => {
  const now = Date.UTC(2024, 0, 15, 4, 0, 0); // 2024-01-15 12:00:00 GMT+8

  it('reads yyyyMMddHHmmss as GMT+8 and epoch milliseconds', () => {
    expect(parseSignTimestamp('20240115120000')).toBe(now);
    expect(parseSignTimestamp(String(now))).toBe(now);
    expect(signTimestamp(new Date(now))).toBe('20240115120000');
  });

  it('reads any other integer as epoch milliseconds, as JeecgBoot 3.2 (Long.parseLong; 14 digits = wall clock)', () => {
    expect(parseSignTimestamp('202401151200')).toBe(202401151200);
    expect(parseSignTimestamp(` +${now} `)).toBe(now);
    // two X-TIMESTAMP headers joined by the browser: the first one counts
    expect(parseSignTimestamp(`${now}, ${now + 5}`)).toBe(now);
    expect(signTimestampFresh(`${now}, ${now + 5}`, now)).toBe(true);
    // parsed, but not fresh: the expiry message, not the format one
    expect(signTimestampFresh('202401151200000', now)).toBe(false);
  });

  it.each([undefined, '', 'abc', '12345678901234567890', '20240230120000', '20240115250000', '2024-01-15 12:00:00'])(
    'refuses %s',
    (v) => {
      expect(parseSignTimestamp(v)).toBeNull();
    },
  );
});

function fakeReq(url: string, headers: Record<string, string>, method = 'GET', body?: unknown): FastifyRequest {
  return { url, method, headers, body } as unknown as FastifyRequest;
}

function errorOf(fn: () => void): AppError | undefined {
  try {
    fn();
  } catch (e) {
    return e as AppError;
  }
  return undefined;
}

describe('verifySignedRequest', () => {
  const now = Date.UTC(2024, 0, 15, 4, 0, 0);
  const url = '/jeecg-boot/sys/dict/getDictItems/sys_user,realname,username?_t=99';
  const good = { 'x-sign': 'D9E9093773A902BBE1CF4FAE26BE5D1C', 'x-timestamp': '20240115120000' };

  it('accepts a correct signature within ±300 s (sign case-insensitive, _t ignored)', () => {
    expect(errorOf(() => verifySignedRequest(fakeReq(url, good), SECRET, now))).toBeUndefined();
    expect(errorOf(() => verifySignedRequest(fakeReq(url, good), SECRET, now + 300_000))).toBeUndefined();
    expect(errorOf(() => verifySignedRequest(fakeReq(url, good), SECRET, now - 300_000))).toBeUndefined();
    const lower = { ...good, 'x-sign': good['x-sign'].toLowerCase() };
    expect(errorOf(() => verifySignedRequest(fakeReq(url, lower), SECRET, now))).toBeUndefined();
  });

  it.each([
    ['no X-TIMESTAMP', { 'x-sign': good['x-sign'] }, now, SIGN_MESSAGES.timestampFormat],
    ['malformed X-TIMESTAMP', { ...good, 'x-timestamp': '2024-01-15' }, now, SIGN_MESSAGES.timestampFormat],
    ['301 s old', good, now + 301_000, SIGN_MESSAGES.timestampExpired],
    ['301 s ahead', good, now - 301_000, SIGN_MESSAGES.timestampExpired],
    ['no X-Sign', { 'x-timestamp': good['x-timestamp'] }, now, SIGN_MESSAGES.mismatch],
    ['wrong X-Sign', { ...good, 'x-sign': 'E19D6243CB1945AB4F7202A1B00F77D5' }, now, SIGN_MESSAGES.mismatch],
    ['X-Sign of another length', { ...good, 'x-sign': 'ABC' }, now, SIGN_MESSAGES.mismatch],
  ])('%s', (_name, headers, at, message) => {
    const e = errorOf(() => verifySignedRequest(fakeReq(url, headers), SECRET, at));
    expect(e).toBeInstanceOf(AppError);
    expect(e?.message).toBe(message);
    expect(e?.status).toBe(200);
    expect(e?.code).toBe(500);
  });

  it('a changed parameter breaks the signature', () => {
    const other = '/jeecg-boot/sys/dict/getDictItems/sys_user,realname,phone';
    expect(errorOf(() => verifySignedRequest(fakeReq(other, good), SECRET, now))?.message).toBe(SIGN_MESSAGES.mismatch);
  });

  it('remembers the expected sign per URL and secret, never what a client sent', () => {
    const u = `/jeecg-boot/sys/dict/getDictItems/sex?_t=${Math.random()}`;
    const sign = computeSign(signParams(u), SECRET);
    const ok = { 'x-sign': sign, 'x-timestamp': good['x-timestamp'] };
    const forged = { ...ok, 'x-sign': '0123456789ABCDEF0123456789ABCDEF' };
    // a forged sign first: nothing of it is kept, the right one still passes, and the forged one still fails after
    expect(errorOf(() => verifySignedRequest(fakeReq(u, forged), SECRET, now))?.message).toBe(SIGN_MESSAGES.mismatch);
    expect(errorOf(() => verifySignedRequest(fakeReq(u, ok), SECRET, now))).toBeUndefined();
    expect(errorOf(() => verifySignedRequest(fakeReq(u, ok), SECRET, now))).toBeUndefined();
    expect(errorOf(() => verifySignedRequest(fakeReq(u, forged), SECRET, now))?.message).toBe(SIGN_MESSAGES.mismatch);
    // the same URL under another secret is computed again
    expect(errorOf(() => verifySignedRequest(fakeReq(u, ok), 'another-secret', now))?.message).toBe(
      SIGN_MESSAGES.mismatch,
    );
    expect(expectedGetSign(u, 'another-secret')).toBe(computeSign(signParams(u), 'another-secret'));
    // a remembered URL still needs a fresh timestamp
    expect(errorOf(() => verifySignedRequest(fakeReq(u, ok), SECRET, now + 301_000))?.message).toBe(
      SIGN_MESSAGES.timestampExpired,
    );
    // a POST's sign covers its body: never taken from the GET cache
    const body = { a: '1' };
    expect(errorOf(() => verifySignedRequest(fakeReq(u, ok, 'POST', body), SECRET, now))?.message).toBe(
      SIGN_MESSAGES.mismatch,
    );
  });
});

describe('X-TIMESTAMP is the browser’s local time (issue 10 §3)', () => {
  /** what the 3.2 client sends: `new Date()` formatted in the browser's own zone (offset in minutes east of UTC) */
  const localStamp = (at: number, offsetMin: number) => {
    const t = new Date(at + offsetMin * 60_000);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${t.getUTCFullYear()}${p(t.getUTCMonth() + 1)}${p(t.getUTCDate())}${p(t.getUTCHours())}${p(t.getUTCMinutes())}${p(t.getUTCSeconds())}`;
  };
  const now = Date.UTC(2024, 6, 1, 23, 30, 0);

  it.each([
    ['Baker Island UTC−12', -720],
    ['Honolulu UTC−10', -600],
    ['Marquesas UTC−9:30', -570],
    ['Los Angeles (summer) UTC−7', -420],
    ['St. John’s (summer) UTC−2:30', -150],
    ['London (summer) UTC+1', 60],
    ['Tehran UTC+3:30', 210],
    ['Kolkata UTC+5:30', 330],
    ['Kathmandu UTC+5:45', 345],
    ['Beijing UTC+8', 480],
    ['Eucla UTC+8:45', 525],
    ['Chatham (summer) UTC+13:45', 825],
    ['Kiritimati UTC+14', 840],
  ])('accepts a browser in %s, up to 300 s off', (_zone, offset) => {
    for (const skew of [0, 299_000, -299_000]) {
      expect(signTimestampFresh(localStamp(now + skew, offset), now)).toBe(true);
    }
  });

  it('still refuses stamps that are stale under every real zone, and anything beyond UTC−12 … UTC+14', () => {
    // 10 minutes off a whole-hour zone is more than 5 minutes from every zone (the nearest are 15 minutes apart)
    expect(signTimestampFresh(localStamp(now - 10 * 60_000, 480), now)).toBe(false);
    expect(signTimestampFresh(localStamp(now + 10 * 60_000, 0), now)).toBe(false);
    expect(signTimestampFresh(localStamp(now, 14 * 60 + 10), now)).toBe(false);
    expect(signTimestampFresh(localStamp(now, 15 * 60), now)).toBe(false);
    expect(signTimestampFresh(localStamp(now, -13 * 60), now)).toBe(false);
    expect(signTimestampFresh(localStamp(now - 86_400_000, 480), now)).toBe(false);
    // epoch milliseconds keep the plain ±300 s window
    expect(signTimestampFresh(String(now - 299_000), now)).toBe(true);
    expect(signTimestampFresh(String(now - 3_600_000), now)).toBe(false);
    expect(signTimestampFresh('garbage', now)).toBeNull();
  });

  it('a signed request from a browser in New York passes verifySignedRequest', () => {
    const url = '/jeecg-boot/sys/dict/getDictItems/sys_user,realname,username?_t=99';
    const headers = { 'x-sign': 'D9E9093773A902BBE1CF4FAE26BE5D1C', 'x-timestamp': localStamp(now, -240) };
    expect(errorOf(() => verifySignedRequest(fakeReq(url, headers), SECRET, now))).toBeUndefined();
  });
});
