import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, onRedis, type TestApp } from '../../../test/harness.ts';
import { sysUser } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { API, CapturingSmsProvider, freshIp, postLogin, signIn } from './auth-test-helpers.ts';
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

const post = (url: string, payload: unknown) =>
  t.req({ method: 'POST', url: `${API}${url}`, payload: payload as object, remoteAddress: freshIp() });
const change = (q: Record<string, string>) =>
  t.req({ method: 'GET', url: `${API}/sys/user/passwordChange?${new URLSearchParams(q)}`, remoteAddress: freshIp() });
const userBy = async (username: string) =>
  (await t.database.db.select().from(sysUser).where(eq(sysUser.username, username)))[0];

let n = 0;
async function makeUser() {
  n++;
  const username = `reset_user_${n}`;
  const phone = `1360000${String(n).padStart(4, '0')}`;
  await t.database.db.insert(sysUser).values({
    id: newId(),
    username,
    realname: username,
    password: await hashPassword('old-pass-1'),
    salt: 'oldSALT1',
    phone,
    orgCode: 'A01',
    status: 1,
    delFlag: 0,
  });
  return { username, phone };
}

/** steps 1 and 2: reset code by SMS, then the ticket */
async function ticketFor(phone: string) {
  await post('/sys/sms', { mobile: phone, smsmode: '2' });
  const code = sms.codeFor(phone, '2')!;
  const res = await post('/sys/user/phoneVerification', { phone, smscode: code });
  return { code, res, ticket: res.json.result?.smscode as string };
}

describe('POST /sys/user/phoneVerification', () => {
  it('answers {smscode, username} with a one-time ticket in place of the SMS code (code 0)', async () => {
    const { username, phone } = await makeUser();
    const { code, res, ticket } = await ticketFor(phone);
    expect(res.json).toMatchObject({ success: true, code: 0, result: { username } });
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(ticket).not.toBe(code);
    expect(res.body).not.toMatch(new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`));
  });

  it('consumes the SMS code', async () => {
    const { phone } = await makeUser();
    const { code } = await ticketFor(phone);
    const again = await post('/sys/user/phoneVerification', { phone, smscode: code });
    expect(again.json).toMatchObject({ success: false, message: '手机验证码错误' });
  });

  it('answers 手机验证码错误 for a wrong, missing or other-purpose code, and for a phone without an account', async () => {
    const { phone } = await makeUser();
    expect((await post('/sys/user/phoneVerification', { phone, smscode: '123456' })).json.message).toBe(
      '手机验证码错误',
    );
    await post('/sys/sms', { mobile: phone, smsmode: '0' });
    const loginCode = sms.codeFor(phone, '0');
    expect((await post('/sys/user/phoneVerification', { phone, smscode: loginCode })).json.message).toBe(
      '手机验证码错误',
    );
    expect((await post('/sys/user/phoneVerification', { phone: '15900009999', smscode: '123456' })).json.message).toBe(
      '手机验证码错误',
    );
    expect((await post('/sys/user/phoneVerification', { phone: "' or 1=1 --", smscode: '123456' })).json.message).toBe(
      '手机验证码错误',
    );
  });

  it.each([
    ['missing phone', { smscode: '123456' }],
    ['missing smscode', { phone: '13600000001' }],
    ['10 kB smscode', { phone: '13600000001', smscode: '1'.repeat(10_000) }],
    ['array phone', { phone: ['13600000001'], smscode: '123456' }],
  ])('refuses %s with 400', async (_label, body) => {
    expect((await post('/sys/user/phoneVerification', body)).statusCode).toBe(400);
  });
});

describe('GET /sys/user/passwordChange', () => {
  it('resets the password with the ticket: 密码重置完成！, new salt, argon2id, all sessions ended', async () => {
    const { username, phone } = await makeUser();
    const session = await signIn(t, username, 'old-pass-1');
    const { ticket } = await ticketFor(phone);
    const res = await change({ username, password: 'new-pass-2', smscode: ticket, phone });
    expect(res.json).toMatchObject({ success: true, message: '密码重置完成！' });
    const u = await userBy(username);
    expect(u.salt).not.toBe('oldSALT1');
    expect(u.password).toMatch(/^\$argon2id\$/);
    expect((await t.req({ method: 'GET', url: `${API}/sys/user/getUserInfo`, token: session })).statusCode).toBe(401);
    expect((await postLogin(t, { username, password: 'old-pass-1' })).json.message).toBe('用户名或密码错误');
    expect((await postLogin(t, { username, password: 'new-pass-2' })).json.code).toBe(200);
  });

  it('uses a ticket once', async () => {
    const { username, phone } = await makeUser();
    const { ticket } = await ticketFor(phone);
    expect((await change({ username, password: 'new-pass-2', smscode: ticket, phone })).json.success).toBe(true);
    const again = await change({ username, password: 'new-pass-3', smscode: ticket, phone });
    expect(again.json).toMatchObject({ success: false, message: '短信验证码失效！' });
  });

  it('does not accept the SMS code itself in place of the ticket', async () => {
    const { username, phone } = await makeUser();
    await post('/sys/sms', { mobile: phone, smsmode: '2' });
    const code = sms.codeFor(phone, '2')!;
    const res = await change({ username, password: 'new-pass-2', smscode: code, phone });
    expect(res.json).toMatchObject({ success: false, message: '短信验证码失效！' });
  });

  it('answers 短信验证码不匹配！ for a ticket of another phone', async () => {
    const a = await makeUser();
    const b = await makeUser();
    const { ticket } = await ticketFor(a.phone);
    const res = await change({ username: b.username, password: 'new-pass-2', smscode: ticket, phone: b.phone });
    expect(res.json).toMatchObject({ success: false, message: '短信验证码不匹配！' });
  });

  it('refuses a username that is not the phone’s user', async () => {
    const { phone } = await makeUser();
    const { ticket } = await ticketFor(phone);
    const res = await change({ username: 'admin', password: 'new-pass-2', smscode: ticket, phone });
    expect(res.json).toMatchObject({ success: false, message: '当前登录用户和绑定的手机号不匹配，无法修改密码！' });
    expect((await postLogin(t, { username: 'admin', password: '123456' })).json.code).toBe(200);
  });

  it('refuses a password shorter than 6 or longer than 64 characters', async () => {
    const { username, phone } = await makeUser();
    const { ticket } = await ticketFor(phone);
    expect((await change({ username, password: '12345', smscode: ticket, phone })).json.message).toBe(
      '密码长度须为6-64位',
    );
    expect((await change({ username, password: 'p'.repeat(65), smscode: ticket, phone })).json.message).toBe(
      '密码长度须为6-64位',
    );
    // the ticket survives a refused password
    expect((await change({ username, password: 'new-pass-2', smscode: ticket, phone })).json.success).toBe(true);
  });

  it.skipIf(onRedis)('lets a ticket expire after 10 minutes', async () => {
    const { username, phone } = await makeUser();
    const { ticket } = await ticketFor(phone);
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now + 601_000);
    expect((await change({ username, password: 'new-pass-2', smscode: ticket, phone })).json.message).toBe(
      '短信验证码失效！',
    );
  });

  it('answers 短信验证码失效！ for an unknown or hostile ticket', async () => {
    const { username, phone } = await makeUser();
    for (const smscode of ['x'.repeat(32), "' or 1=1 --", '123456']) {
      expect((await change({ username, password: 'new-pass-2', smscode, phone })).json.message).toBe(
        '短信验证码失效！',
      );
    }
  });

  it.each([
    ['no username', { password: 'new-pass-2', smscode: 'x', phone: '13600000001' }],
    ['no password', { username: 'u', smscode: 'x', phone: '13600000001' }],
    ['no smscode', { username: 'u', password: 'new-pass-2', phone: '13600000001' }],
    ['no phone', { username: 'u', password: 'new-pass-2', smscode: 'x' }],
    ['a 10 kB password', { username: 'u', password: 'p'.repeat(10_000), smscode: 'x', phone: '13600000001' }],
  ])('refuses %s with 400', async (_label, q) => {
    expect((await change(q as Record<string, string>)).statusCode).toBe(400);
  });
});
