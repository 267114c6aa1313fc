import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, onRedis, type TestApp } from '../../../test/harness.ts';
import { API, freshIp } from './auth-test-helpers.ts';
import { CAPTCHA_CHARS, captchaAnswerKey, captchaSlotKey } from './captcha.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA: 'on' });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let keyCounter = 0;
const newKey = () => `${Date.now()}${++keyCounter}`;

/** fetches an image for a fresh key and reads the answer back from the kv */
async function issue(ip = freshIp()) {
  const key = newKey();
  const res = await t.req({ method: 'GET', url: `${API}/sys/randomImage/${key}`, remoteAddress: ip });
  expect(res.json.success).toBe(true);
  const code = await t.app.ctx.kv.get(captchaSlotKey(key));
  expect(code).toBeTruthy();
  return { key, code: code!, res };
}

const check = (captcha: unknown, checkKey: unknown, ip = freshIp()) =>
  t.req({ method: 'POST', url: `${API}/sys/checkCaptcha`, payload: { captcha, checkKey }, remoteAddress: ip });

const login = (body: Record<string, unknown>, ip = freshIp()) =>
  t.req({ method: 'POST', url: `${API}/sys/login`, payload: body, remoteAddress: ip });

describe('GET /sys/randomImage/{key}', () => {
  it('answers a PNG data URL with code 0 and stores the lower-cased answer under md5(code + key) for 60 s', async () => {
    const { key, code, res } = await issue();
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ success: true, code: 0 });
    expect(res.json.result).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const png = Buffer.from(res.json.result.split(',')[1], 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(105);
    expect(png.readUInt32BE(20)).toBe(35);

    expect(code).toHaveLength(4);
    expect(code).toBe(code.toLowerCase());
    for (const ch of code) expect(CAPTCHA_CHARS.toLowerCase()).toContain(ch);
    const answerKey = captchaAnswerKey(code, key);
    expect(answerKey).toMatch(/^captcha:[0-9a-f]{32}$/);
    expect(await t.app.ctx.kv.get(answerKey)).toBe(code);
    const ttl = await t.app.ctx.kv.pttl(answerKey);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    // the answer itself never travels to the client
    expect(res.body).not.toContain(`"${code}"`);
  });

  it('replaces the answer when the same key asks for a new image', async () => {
    const { key, code } = await issue();
    await t.req({ method: 'GET', url: `${API}/sys/randomImage/${key}`, remoteAddress: freshIp() });
    const next = await t.app.ctx.kv.get(captchaSlotKey(key));
    if (next !== code) expect(await t.app.ctx.kv.get(captchaAnswerKey(code, key))).toBeNull();
    expect((await check(next, key)).json.success).toBe(true);
  });

  it.each([
    ['too long (65 chars)', 'a'.repeat(65)],
    ['a dot', 'abc.def'],
    ['a quote and spaces', encodeURIComponent("' or 1=1 --")],
    ['unicode', encodeURIComponent('验证码')],
  ])('refuses a key with %s (400)', async (_label, key) => {
    const res = await t.req({ method: 'GET', url: `${API}/sys/randomImage/${key}`, remoteAddress: freshIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json.success).toBe(false);
  });

  it('refuses a 10 kB key before it reaches the handler', async () => {
    // the router's maxParamLength (500) stops it first: the route does not match (404 envelope) or Fastify answers 414
    const res = await t.req({
      method: 'GET',
      url: `${API}/sys/randomImage/${'k'.repeat(10_000)}`,
      remoteAddress: freshIp(),
    });
    expect([400, 404, 414]).toContain(res.statusCode);
    expect(res.json?.success).not.toBe(true);
  });

  it('accepts keys of letters, digits, _ and - up to 64 chars', async () => {
    const res = await t.req({
      method: 'GET',
      url: `${API}/sys/randomImage/${'A_b-9'.repeat(12)}Z1_-`,
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.success).toBe(true);
  });
});

describe('POST /sys/checkCaptcha', () => {
  it('accepts the right answer in any letter case, once', async () => {
    const { key, code } = await issue();
    const first = await check(code.toUpperCase(), key);
    expect(first.json).toMatchObject({ success: true, code: 200 });
    const again = await check(code, key);
    expect(again.json).toMatchObject({ success: false, code: 500, message: '验证码错误' });
  });

  it('answers 验证码错误 to a wrong answer and then burns the real one (single use)', async () => {
    const { key, code } = await issue();
    const wrong = code === 'aaaa' ? 'bbbb' : 'aaaa';
    expect((await check(wrong, key)).json).toMatchObject({ success: false, message: '验证码错误' });
    expect((await check(code, key)).json).toMatchObject({ success: false, message: '验证码错误' });
    expect(await t.app.ctx.kv.get(captchaAnswerKey(code, key))).toBeNull();
  });

  it('answers 验证码无效 without an answer', async () => {
    const { key } = await issue();
    expect((await check(null, key)).json).toMatchObject({ success: false, message: '验证码无效' });
    expect((await check('', key)).json).toMatchObject({ success: false, message: '验证码无效' });
  });

  it('answers 验证码错误 for an unknown, missing or malformed checkKey', async () => {
    const { code } = await issue();
    expect((await check(code, 'never-issued')).json.message).toBe('验证码错误');
    expect((await check(code, undefined)).json.message).toBe('验证码错误');
    expect((await check(code, "' or 1=1 --")).json.message).toBe('验证码错误');
  });

  it('accepts a numeric checkKey as the web client sends it', async () => {
    const key = Date.now() * 10 + 7;
    await t.req({ method: 'GET', url: `${API}/sys/randomImage/${key}`, remoteAddress: freshIp() });
    const code = await t.app.ctx.kv.get(captchaSlotKey(String(key)));
    expect((await check(code, key)).json.success).toBe(true);
  });

  it('refuses wrong types and oversized input with 400', async () => {
    for (const body of [
      { captcha: { $ne: 1 }, checkKey: 'k' },
      { captcha: 'abcd', checkKey: ['k'] },
      { captcha: 'x'.repeat(10_000), checkKey: 'k' },
      { captcha: 'abcd', checkKey: 'k'.repeat(10_000) },
    ]) {
      const res = await t.req({
        method: 'POST',
        url: `${API}/sys/checkCaptcha`,
        payload: body,
        remoteAddress: freshIp(),
      });
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
  });

  it.skipIf(onRedis)('expires the answer after 60 seconds', async () => {
    const { key, code } = await issue();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect((await check(code, key)).json.message).toBe('验证码错误');
  });

  it.skipIf(onRedis)('still accepts the answer just before 60 seconds', async () => {
    const { key, code } = await issue();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 58_000);
    expect((await check(code, key)).json.success).toBe(true);
  });
});

describe('POST /sys/login with CAPTCHA=on', () => {
  it('signs in with the right captcha and password', async () => {
    const { key, code } = await issue();
    const res = await login({ username: 'admin', password: '123456', captcha: code, checkKey: key });
    expect(res.json).toMatchObject({ success: true, code: 200, message: '登录成功' });
  });

  it('answers 验证码无效 without a captcha and 验证码错误 with a wrong one, before looking at the password', async () => {
    const { key, code } = await issue();
    expect((await login({ username: 'admin', password: '123456', checkKey: key })).json).toMatchObject({
      success: false,
      code: 500,
      message: '验证码无效',
    });
    const { key: key2 } = await issue();
    const wrong = code === 'aaaa' ? 'bbbb' : 'aaaa';
    expect((await login({ username: 'admin', password: '123456', captcha: wrong, checkKey: key2 })).json.message).toBe(
      '验证码错误',
    );
  });

  it('consumes the captcha on a successful sign-in: it cannot be replayed', async () => {
    const { key, code } = await issue();
    expect((await login({ username: 'admin', password: '123456', captcha: code, checkKey: key })).json.code).toBe(200);
    const replay = await login({ username: 'admin', password: '123456', captcha: code, checkKey: key });
    expect(replay.json).toMatchObject({ success: false, message: '验证码错误' });
  });

  it('consumes the captcha on a failed sign-in too (one password guess per image)', async () => {
    const { key, code } = await issue();
    const bad = await login({ username: 'cap_user_1', password: 'guess-1', captcha: code, checkKey: key });
    expect(bad.json.message).toBe('用户名或密码错误');
    const second = await login({ username: 'admin', password: '123456', captcha: code, checkKey: key });
    expect(second.json.message).toBe('验证码错误');
  });

  it('consumes the captcha when the answer is wrong', async () => {
    const { key, code } = await issue();
    const wrong = code === 'aaaa' ? 'bbbb' : 'aaaa';
    await login({ username: 'admin', password: '123456', captcha: wrong, checkKey: key });
    expect((await login({ username: 'admin', password: '123456', captcha: code, checkKey: key })).json.message).toBe(
      '验证码错误',
    );
  });
});
