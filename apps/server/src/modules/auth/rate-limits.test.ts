import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';
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
  [
    'POST /sys/checkCaptcha',
    () => ({ method: 'POST', url: `${API}/sys/checkCaptcha`, payload: { captcha: 'abcd', checkKey: `k${++i}` } }),
  ],
  ['POST /sys/sms', () => ({ method: 'POST', url: `${API}/sys/sms`, payload: { mobile: '123', smsmode: '0' } })],
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

describe('per-IP throttle of recovery and probing routes (10 per minute)', () => {
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
});

describe('sign-in budgets (ADR 061): sized for an office behind one address, tight per account', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '12', LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '10' });
  });
  afterAll(async () => {
    await small?.close();
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('defaults: 300 sign-ins a minute per address (600 captcha images), 10 per account', () => {
    expect(t.config.loginRateLimitPerMinute).toBe(300);
    expect(loadConfig({}).loginAccountRateLimitPerMinute).toBe(10);
    expect(loadConfig({}).authRateLimitPerMinute).toBe(10);
  });

  it('the 11th sign-in of the minute from one address — admin — goes through (it was 请求过于频繁)', async () => {
    const ip = freshIp();
    for (let n = 1; n <= 10; n++) {
      const res = await t.req({
        method: 'POST',
        url: `${API}/sys/login`,
        payload: { username: `office_${n}`, password: 'wrong-pass' },
        remoteAddress: ip,
      });
      expect(res.json.message).toBe('用户名或密码错误');
    }
    const admin = await t.req({
      method: 'POST',
      url: `${API}/sys/login`,
      payload: { username: 'admin', password: '123456' },
      remoteAddress: ip,
    });
    expect(admin.json).toMatchObject({ success: true, code: 200 });
    for (let n = 1; n <= 20; n++) {
      const img = await t.req({ method: 'GET', url: `${API}/sys/randomImage/office${n}`, remoteAddress: ip });
      expect(img.statusCode, `image ${n}`).toBe(200);
    }
  });

  it('per address: the budget+1st sign-in is refused 429; /sys/mLogin and /sys/login share it', async () => {
    const ip = freshIp();
    for (let n = 1; n <= 12; n++) {
      const url = `${API}/sys/${n % 2 ? 'login' : 'mLogin'}`;
      const res = await small.req({
        method: 'POST',
        url,
        payload: { username: `rl_ip_${n}`, password: 'x-wrong' },
        remoteAddress: ip,
      });
      expect(res.statusCode, `request ${n}`).not.toBe(429);
    }
    const limited = await small.req({
      method: 'POST',
      url: `${API}/sys/login`,
      payload: { username: 'admin', password: '123456' },
      remoteAddress: ip,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json).toMatchObject({ success: false, code: 429, message: '请求过于频繁，请稍后再试' });
    const images = [];
    for (let n = 1; n <= 25; n++)
      images.push(
        (await small.req({ method: 'GET', url: `${API}/sys/randomImage/ip${n}`, remoteAddress: ip })).statusCode,
      );
    // twice the sign-in budget for images
    expect(images.filter((s) => s === 429)).toHaveLength(1);
    expect(images.at(-1)).toBe(429);
  });

  it('per account: the 11th attempt on one name in a minute is refused 429 from any address; others are not', async () => {
    for (let n = 1; n <= 10; n++) {
      const res = await small.req({
        method: 'POST',
        url: `${API}/sys/login`,
        payload: { username: 'rl_acct', password: `wrong-${n}` },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode, `attempt ${n}`).toBe(200);
    }
    const res = await small.req({
      method: 'POST',
      url: `${API}/sys/login`,
      payload: { username: 'RL_ACCT', password: 'x' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(429);
    const other = await small.req({
      method: 'POST',
      url: `${API}/sys/login`,
      payload: { username: 'admin', password: '123456' },
      remoteAddress: freshIp(),
    });
    expect(other.json.success).toBe(true);
    // a new minute, a new budget
    vi.setSystemTime(Date.now() + 60_000);
    const later = await small.req({
      method: 'POST',
      url: `${API}/sys/login`,
      payload: { username: 'rl_acct', password: 'x' },
      remoteAddress: freshIp(),
    });
    expect(later.statusCode).toBe(200);
  });
});

describe('TRUST_PROXY: whose address a budget counts', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const proxied = (app: TestApp, client: string) =>
    app.req({
      method: 'POST',
      url: `${API}/sys/checkCaptcha`,
      payload: { captcha: 'abcd', checkKey: `tp${++i}` },
      remoteAddress: '192.0.2.10',
      headers: { 'x-forwarded-for': client },
    });

  it('off (default): X-Forwarded-For is ignored, everyone behind the proxy shares its address', async () => {
    const codes = [];
    for (let n = 1; n <= 11; n++) codes.push((await proxied(t, `203.0.113.${n}`)).statusCode);
    expect(codes.at(-1)).toBe(429);
  });

  it('on: each client address named by the proxy has its own budget', async () => {
    const behind = await createTestApp({ TRUST_PROXY: 'on' });
    try {
      for (let n = 1; n <= 11; n++) expect((await proxied(behind, `203.0.113.${n}`)).statusCode).not.toBe(429);
      for (let n = 1; n <= 10; n++) await proxied(behind, '203.0.113.99');
      expect((await proxied(behind, '203.0.113.99')).statusCode).toBe(429);
    } finally {
      await behind.close();
    }
  });
});
