import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { API, freshIp, signIn } from './auth-test-helpers.ts';

// The harness raises the global per-IP budget (RATE_LIMIT_PER_MINUTE=100000); the per-route limits below still bite.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t);
});
afterAll(async () => {
  await t.close();
});

let i = 0;
const cases: [string, () => InjectOptions & { token?: string }][] = [
  ['GET /sys/randomImage/{key}', () => ({ method: 'GET', url: `${API}/sys/randomImage/rl${++i}` })],
  [
    'POST /sys/checkCaptcha',
    () => ({ method: 'POST', url: `${API}/sys/checkCaptcha`, payload: { captcha: 'abcd', checkKey: `k${++i}` } }),
  ],
  [
    'POST /sys/login',
    () => ({
      method: 'POST',
      url: `${API}/sys/login`,
      payload: { username: `rl_user_${++i}`, password: 'wrong-pass' },
    }),
  ],
  ['POST /sys/sms', () => ({ method: 'POST', url: `${API}/sys/sms`, payload: { mobile: '123', smsmode: '0' } })],
  [
    'POST /sys/phoneLogin',
    () => ({ method: 'POST', url: `${API}/sys/phoneLogin`, payload: { mobile: '15000000000', captcha: '123456' } }),
  ],
  [
    'POST /sys/user/register',
    () => ({ method: 'POST', url: `${API}/sys/user/register`, payload: { phone: '123', smscode: '1' } }),
  ],
  [
    'GET /sys/user/checkOnlyUser',
    () => ({ method: 'GET', url: `${API}/sys/user/checkOnlyUser?username=rl_free_${++i}` }),
  ],
  [
    'POST /sys/user/phoneVerification',
    () => ({
      method: 'POST',
      url: `${API}/sys/user/phoneVerification`,
      payload: { phone: '15000000000', smscode: '123456' },
    }),
  ],
  [
    'GET /sys/user/passwordChange',
    () => ({
      method: 'GET',
      url: `${API}/sys/user/passwordChange?username=u&password=pass-123&smscode=x&phone=15000000000`,
    }),
  ],
  [
    'PUT /sys/user/updatePassword',
    () => ({ method: 'PUT', url: `${API}/sys/user/updatePassword`, token, payload: { username: 'someone-else' } }),
  ],
];

describe('per-IP throttle (10 per minute)', () => {
  // the limiter counts in fixed one-minute windows: hold the clock so a test never straddles two windows
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(cases)(
    '%s: the 11th request from one address gets 429, other addresses are unaffected',
    async (_name, make) => {
      const ip = freshIp();
      for (let n = 1; n <= 10; n++) {
        const res = await t.req({ ...make(), remoteAddress: ip });
        expect(res.statusCode, `request ${n}`).not.toBe(429);
      }
      const limited = await t.req({ ...make(), remoteAddress: ip });
      expect(limited.statusCode).toBe(429);
      expect(limited.json).toMatchObject({ success: false, code: 429 });
      const other = await t.req({ ...make(), remoteAddress: freshIp() });
      expect(other.statusCode).not.toBe(429);
    },
  );

  it('/sys/mLogin shares the login budget', async () => {
    const ip = freshIp();
    for (let n = 1; n <= 10; n++) {
      await t.req({
        method: 'POST',
        url: `${API}/sys/login`,
        payload: { username: `rl_m_${n}`, password: 'x-wrong' },
        remoteAddress: ip,
      });
    }
    const res = await t.req({
      method: 'POST',
      url: `${API}/sys/mLogin`,
      payload: { username: 'admin', password: '123456' },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(429);
  });
});
