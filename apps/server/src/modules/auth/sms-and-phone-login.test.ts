import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, onRedis, type TestApp } from '../../../test/harness.ts';
import { sysUser } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { API, CapturingSmsProvider, freshIp } from './auth-test-helpers.ts';
import { hashPassword } from './password.ts';
import { setSmsProvider } from './sms-provider.ts';

let t: TestApp;
const sms = new CapturingSmsProvider();
beforeAll(async () => {
  t = await createTestApp();
  setSmsProvider(sms);
});
afterAll(async () => {
  setSmsProvider(null);
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** every answer of this file, to prove no SMS code ever appears in one */
const bodies: string[] = [];
async function call(url: string, payload: unknown, ip = freshIp()) {
  const res = await t.req({ method: 'POST', url: `${API}${url}`, payload: payload as object, remoteAddress: ip });
  bodies.push(res.body);
  return res;
}
/** a code as a value of its own (not six digits inside a timestamp, an id or a phone number) */
const standalone = (code: string) => new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`);
function expectNoCodeLeaked() {
  for (const m of sms.sent) for (const b of bodies) expect(b).not.toMatch(standalone(m.code));
}

let phoneCounter = 0;
/** a user with a phone of its own */
async function makePhoneUser(patch: Partial<typeof sysUser.$inferInsert> = {}) {
  phoneCounter++;
  const phone = `1370000${String(phoneCounter).padStart(4, '0')}`;
  const username = `phone_user_${phoneCounter}`;
  await t.database.db.insert(sysUser).values({
    id: newId(),
    username,
    realname: username,
    password: await hashPassword('pass-1234'),
    salt: 'abcdEFGH',
    phone,
    orgCode: 'A01',
    status: 1,
    delFlag: 0,
    ...patch,
  });
  return { phone, username };
}
const unknownPhone = () => `1590000${String(++phoneCounter).padStart(4, '0')}`;

describe('POST /sys/sms', () => {
  it('sends a 6-digit login code to a registered phone, never in the answer', async () => {
    const { phone } = await makePhoneUser();
    const res = await call('/sys/sms', { mobile: phone, smsmode: '0' });
    expect(res.json).toMatchObject({ success: true, code: 200, message: '发送成功', result: null });
    const code = sms.codeFor(phone, '0');
    expect(code).toMatch(/^\d{6}$/);
    expect(res.body).not.toMatch(standalone(code!));
    expectNoCodeLeaked();
  });

  it('answers 验证码10分钟内，仍然有效！ while a code is live', async () => {
    const { phone } = await makePhoneUser();
    await call('/sys/sms', { mobile: phone, smsmode: '0' });
    const again = await call('/sys/sms', { mobile: phone, smsmode: '0' });
    expect(again.json).toMatchObject({ success: false, code: 500, message: '验证码10分钟内，仍然有效！' });
    expect(sms.sent.filter((m) => m.mobile === phone)).toHaveLength(1);
  });

  it('does not reveal whether a phone is registered (login and reset modes)', async () => {
    const { phone } = await makePhoneUser();
    const ghost = unknownPhone();
    for (const mode of ['0', '2']) {
      const a = await call('/sys/sms', { mobile: phone, smsmode: mode });
      const b = await call('/sys/sms', { mobile: ghost, smsmode: mode });
      expect(b.json.success).toBe(a.json.success);
      expect(b.json.message).toBe(a.json.message);
      const a2 = await call('/sys/sms', { mobile: phone, smsmode: mode });
      const b2 = await call('/sys/sms', { mobile: ghost, smsmode: mode });
      expect(b2.json.message).toBe(a2.json.message);
    }
    // but nothing is sent to a phone without an account
    expect(sms.sent.some((m) => m.mobile === ghost)).toBe(false);
  });

  it('answers 手机号已经注册，请直接登录！ when registering a registered phone', async () => {
    const { phone } = await makePhoneUser();
    const res = await call('/sys/sms', { mobile: phone, smsmode: '1' });
    expect(res.json).toMatchObject({ success: false, message: '手机号已经注册，请直接登录！' });
  });

  it('sends a register code to a new phone', async () => {
    const phone = unknownPhone();
    expect((await call('/sys/sms', { mobile: phone, smsmode: '1' })).json.success).toBe(true);
    expect(sms.codeFor(phone, '1')).toMatch(/^\d{6}$/);
  });

  it.each([
    '123',
    '12345678901',
    '2861111111',
    '1861111111a',
    "' or 1=1 --",
    '１８６１１１１１１１１',
    '+8618611111111',
  ])('answers 手机号格式不正确 for %s', async (mobile) => {
    const res = await call('/sys/sms', { mobile, smsmode: '0' });
    expect(res.json).toMatchObject({ success: false, message: '手机号格式不正确' });
  });

  it.each([
    ['missing mobile', { smsmode: '0' }],
    ['empty mobile', { mobile: '', smsmode: '0' }],
    ['numeric mobile', { mobile: 18611111111, smsmode: '0' }],
    ['10 kB mobile', { mobile: '1'.repeat(10_000), smsmode: '0' }],
    ['unknown smsmode', { mobile: '18611111111', smsmode: '3' }],
    ['missing smsmode', { mobile: '18611111111' }],
    ['object smsmode', { mobile: '18611111111', smsmode: { a: 1 } }],
  ])('refuses %s with 400', async (_label, body) => {
    expect((await call('/sys/sms', body)).statusCode).toBe(400);
  });

  it('accepts a numeric smsmode', async () => {
    const { phone } = await makePhoneUser();
    expect((await call('/sys/sms', { mobile: phone, smsmode: 0 })).json.success).toBe(true);
  });

  it('reports a failing SMS gateway and lets the user ask again at once', async () => {
    const { phone } = await makePhoneUser();
    setSmsProvider({
      name: 'broken',
      async send() {
        throw new Error('gateway down');
      },
    });
    try {
      const res = await call('/sys/sms', { mobile: phone, smsmode: '0' });
      expect(res.json).toMatchObject({ success: false, message: '短信发送失败，请联系管理员！' });
    } finally {
      setSmsProvider(sms);
    }
    expect((await call('/sys/sms', { mobile: phone, smsmode: '0' })).json.success).toBe(true);
  });
});

describe('POST /sys/phoneLogin', () => {
  it('signs in with the SMS code: same answer as /sys/login', async () => {
    const { phone, username } = await makePhoneUser();
    await call('/sys/sms', { mobile: phone, smsmode: '0' });
    const res = await call('/sys/phoneLogin', { mobile: phone, captcha: sms.codeFor(phone, '0') });
    expect(res.json).toMatchObject({ success: true, code: 200, message: '登录成功' });
    const r = res.json.result;
    expect(Object.keys(r).sort()).toEqual(['departs', 'multi_depart', 'sysAllDictItems', 'token', 'userInfo']);
    expect(r.userInfo.username).toBe(username);
    const me = await t.req({ method: 'GET', url: `${API}/sys/user/getUserInfo`, token: r.token });
    expect(me.json.result.userInfo.username).toBe(username);
    expectNoCodeLeaked();
  });

  it('keeps JeecgBoot’s quirk for a wrong code: success true, code 0, 手机验证码错误', async () => {
    const { phone } = await makePhoneUser();
    await call('/sys/sms', { mobile: phone, smsmode: '0' });
    const code = sms.codeFor(phone, '0')!;
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await call('/sys/phoneLogin', { mobile: phone, captcha: wrong });
    expect(res.json).toMatchObject({ success: true, code: 0, message: '手机验证码错误', result: null });
    expectNoCodeLeaked();
  });

  it('uses a code once', async () => {
    const { phone } = await makePhoneUser();
    await call('/sys/sms', { mobile: phone, smsmode: '0' });
    const code = sms.codeFor(phone, '0');
    expect((await call('/sys/phoneLogin', { mobile: phone, captcha: code })).json.code).toBe(200);
    expect((await call('/sys/phoneLogin', { mobile: phone, captcha: code })).json).toMatchObject({
      code: 0,
      message: '手机验证码错误',
    });
  });

  it('accepts only a login code: a reset code for the same phone does not sign in', async () => {
    const { phone } = await makePhoneUser();
    await call('/sys/sms', { mobile: phone, smsmode: '2' });
    const res = await call('/sys/phoneLogin', { mobile: phone, captcha: sms.codeFor(phone, '2') });
    expect(res.json.message).toBe('手机验证码错误');
  });

  it('answers the same for a phone without an account', async () => {
    const ghost = unknownPhone();
    await call('/sys/sms', { mobile: ghost, smsmode: '0' });
    const res = await call('/sys/phoneLogin', { mobile: ghost, captcha: '123456' });
    expect(res.json).toMatchObject({ success: true, code: 0, message: '手机验证码错误' });
    const bad = await call('/sys/phoneLogin', { mobile: '123', captcha: '123456' });
    expect(bad.json).toMatchObject({ success: true, code: 0, message: '手机验证码错误' });
  });

  it('answers 该用户已冻结 to a frozen user holding the right code', async () => {
    const { phone } = await makePhoneUser({ status: 2 });
    await call('/sys/sms', { mobile: phone, smsmode: '0' });
    const res = await call('/sys/phoneLogin', { mobile: phone, captcha: sms.codeFor(phone, '0') });
    expect(res.json).toMatchObject({ success: false, message: '该用户已冻结' });
  });

  it('locks the phone after 5 wrong codes; the right code is then refused too', async () => {
    const { phone } = await makePhoneUser();
    await call('/sys/sms', { mobile: phone, smsmode: '0' });
    const code = sms.codeFor(phone, '0')!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++)
      expect((await call('/sys/phoneLogin', { mobile: phone, captcha: wrong })).json.code).toBe(0);
    const fifth = await call('/sys/phoneLogin', { mobile: phone, captcha: wrong });
    expect(fifth.json).toMatchObject({ success: false, message: '登录失败次数过多，账号已临时锁定，请5分钟后再试' });
    expect((await call('/sys/phoneLogin', { mobile: phone, captcha: code })).json.success).toBe(false);
  });

  it.skipIf(onRedis)('lets a code expire after 10 minutes, after which a new one can be sent', async () => {
    const { phone } = await makePhoneUser();
    await call('/sys/sms', { mobile: phone, smsmode: '0' });
    const code = sms.codeFor(phone, '0');
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now + 601_000);
    expect((await call('/sys/phoneLogin', { mobile: phone, captcha: code })).json.message).toBe('手机验证码错误');
    expect((await call('/sys/sms', { mobile: phone, smsmode: '0' })).json.message).toBe('发送成功');
  });

  it.each([
    ['missing captcha', { mobile: '18611111111' }],
    ['missing mobile', { captcha: '123456' }],
    ['10 kB captcha', { mobile: '18611111111', captcha: '1'.repeat(10_000) }],
    ['object captcha', { mobile: '18611111111', captcha: { $ne: '' } }],
  ])('refuses %s with 400', async (_label, body) => {
    expect((await call('/sys/phoneLogin', body)).statusCode).toBe(400);
  });

  it('never put an SMS code in any answer of this file', () => {
    expect(sms.sent.length).toBeGreaterThan(0);
    expectNoCodeLeaked();
  });
});
