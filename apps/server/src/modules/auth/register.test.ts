import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysLog, sysUser, sysUserRole } from '../../db/schema/index.ts';
import { ROLE_IDS } from '../../db/seed/index.ts';
import { API, CapturingSmsProvider, freshIp, postLogin } from './auth-test-helpers.ts';
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

const post = (url: string, payload: unknown) =>
  t.req({ method: 'POST', url: `${API}${url}`, payload: payload as object, remoteAddress: freshIp() });
const userBy = async (username: string) =>
  (await t.database.db.select().from(sysUser).where(eq(sysUser.username, username)))[0];

let n = 0;
/** a fresh phone with a register code sent to it */
async function phoneWithCode() {
  const phone = `1580000${String(++n).padStart(4, '0')}`;
  const res = await post('/sys/sms', { mobile: phone, smsmode: '1' });
  expect(res.json.success).toBe(true);
  return { phone, code: sms.codeFor(phone, '1')! };
}
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('POST /sys/user/register', () => {
  it('creates an enabled user with the minimal register_default role and an argon2id hash: 注册成功, then the user can sign in', async () => {
    const { phone, code } = await phoneWithCode();
    const res = await post('/sys/user/register', {
      username: 'reg_user_1',
      password: 'secret-123',
      phone,
      smscode: code,
      email: 'reg1@example.com',
    });
    expect(res.json).toMatchObject({ success: true, code: 200, message: '注册成功' });
    const u = await userBy('reg_user_1');
    expect(u).toMatchObject({ phone, email: 'reg1@example.com', realname: 'reg_user_1', status: 1, delFlag: 0 });
    expect(u.password).toMatch(/^\$argon2id\$/);
    expect(u.salt).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(u.id).toMatch(/^\d{19}$/);
    const roles = await t.database.db.select().from(sysUserRole).where(eq(sysUserRole.userId, u.id));
    expect(roles.map((r) => r.roleId)).toEqual([ROLE_IDS.registerDefault]);
    expect((await postLogin(t, { username: 'reg_user_1', password: 'secret-123' })).json.code).toBe(200);
    // audited like every mutation: actor (the new account), address and time, never the password
    const logs = await t.database.db.select().from(sysLog).where(eq(sysLog.logContent, '用户名: reg_user_1,注册成功'));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ logType: 2, userid: 'reg_user_1' });
    expect(logs[0].ip).toBeTruthy();
    expect(logs[0].createTime).toBeTruthy();
    expect(JSON.stringify(logs)).not.toContain('secret-123');
  });

  it('uses the phone as username and a random password when they are left out', async () => {
    const { phone, code } = await phoneWithCode();
    const res = await post('/sys/user/register', { username: '', password: '', phone, smscode: code });
    expect(res.json.message).toBe('注册成功');
    const u = await userBy(phone);
    expect(u.phone).toBe(phone);
    expect(u.password).toMatch(/^\$argon2id\$/);
  });

  it('consumes the code: a second registration with it answers 手机验证码失效，请重新获取', async () => {
    const { phone, code } = await phoneWithCode();
    await post('/sys/user/register', { username: 'reg_user_3', password: 'secret-123', phone, smscode: code });
    const again = await post('/sys/user/register', {
      username: 'reg_user_3b',
      password: 'secret-123',
      phone,
      smscode: code,
    });
    expect(again.json).toMatchObject({ success: false, message: '手机验证码失效，请重新获取' });
  });

  it('answers 手机验证码失效，请重新获取 without a code for that phone', async () => {
    const res = await post('/sys/user/register', {
      username: 'reg_user_4',
      password: 'secret-123',
      phone: '15899990004',
      smscode: '123456',
    });
    expect(res.json).toMatchObject({ success: false, code: 500, message: '手机验证码失效，请重新获取' });
  });

  it('answers 手机验证码错误 for a wrong code and throws the code away after 5 wrong ones', async () => {
    const { phone, code } = await phoneWithCode();
    const body = { username: 'reg_user_5', password: 'secret-123', phone };
    for (let i = 0; i < 5; i++) {
      expect((await post('/sys/user/register', { ...body, smscode: otherCode(code) })).json.message).toBe(
        '手机验证码错误',
      );
    }
    expect((await post('/sys/user/register', { ...body, smscode: code })).json.message).toBe(
      '手机验证码失效，请重新获取',
    );
    expect(await userBy('reg_user_5')).toBeUndefined();
  });

  it('answers 用户名已注册 and keeps the code so a different username can be tried', async () => {
    const { phone, code } = await phoneWithCode();
    const taken = await post('/sys/user/register', { username: 'admin', password: 'secret-123', phone, smscode: code });
    expect(taken.json).toMatchObject({ success: false, message: '用户名已注册' });
    const ok = await post('/sys/user/register', {
      username: 'reg_user_6',
      password: 'secret-123',
      phone,
      smscode: code,
    });
    expect(ok.json.message).toBe('注册成功');
  });

  it('answers 该手机号已注册 when the phone got an account meanwhile', async () => {
    const { phone, code } = await phoneWithCode();
    await t.database.db.update(sysUser).set({ phone }).where(eq(sysUser.username, 'zhangsan'));
    const res = await post('/sys/user/register', {
      username: 'reg_user_7',
      password: 'secret-123',
      phone,
      smscode: code,
    });
    expect(res.json).toMatchObject({ success: false, message: '该手机号已注册' });
  });

  it('answers 邮箱已被注册 for a taken e-mail', async () => {
    const { phone, code } = await phoneWithCode();
    const res = await post('/sys/user/register', {
      username: 'reg_user_8',
      password: 'secret-123',
      phone,
      smscode: code,
      email: 'jeecg@163.com',
    });
    expect(res.json).toMatchObject({ success: false, message: '邮箱已被注册' });
  });

  it('checks the SMS code before telling whether a username exists', async () => {
    const res = await post('/sys/user/register', {
      username: 'admin',
      password: 'secret-123',
      phone: '15899990009',
      smscode: '123456',
    });
    expect(res.json.message).toBe('手机验证码失效，请重新获取');
  });

  it('does not accept a login code for registration', async () => {
    const phone = '15899990010';
    await post('/sys/sms', { mobile: phone, smsmode: '0' }); // stored but never sent: no account
    const res = await post('/sys/user/register', {
      username: 'reg_user_10',
      password: 'secret-123',
      phone,
      smscode: '123456',
    });
    expect(res.json.message).toBe('手机验证码失效，请重新获取');
  });

  it('answers 手机号格式不正确 for a malformed phone', async () => {
    const res = await post('/sys/user/register', {
      username: 'reg_user_11',
      password: 'secret-123',
      phone: '12345',
      smscode: '123456',
    });
    expect(res.json.message).toBe('手机号格式不正确');
  });

  it.each([
    ['a 3-letter username', { username: 'abc' }],
    ['a 19-letter username', { username: 'a'.repeat(19) }],
    ['a username with a space', { username: 'bad name' }],
    ['a hostile username', { username: "' or 1=1 --" }],
    ['a unicode username', { username: '张三丰张三丰' }],
    ['a 10 kB username', { username: 'u'.repeat(10_000) }],
    ['a 5-char password', { password: '12345' }],
    ['a 65-char password', { password: 'p'.repeat(65) }],
    ['a malformed e-mail', { email: 'not-an-email' }],
    ['a numeric password', { password: 12345678 }],
    ['no phone', { phone: undefined }],
    ['no smscode', { smscode: undefined }],
    ['an object smscode', { smscode: { $ne: 1 } }],
  ])('refuses %s with 400', async (_label, patch) => {
    const body = { username: 'reg_user_x', password: 'secret-123', phone: '15899990012', smscode: '123456', ...patch };
    const res = await post('/sys/user/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json.success).toBe(false);
  });
});

describe('GET /sys/user/checkOnlyUser', () => {
  const check = (qs: string) =>
    t.req({ method: 'GET', url: `${API}/sys/user/checkOnlyUser?${qs}`, remoteAddress: freshIp() });

  it('answers success false 用户账号已存在 for a taken username, phone, e-mail or work number', async () => {
    for (const qs of [
      'username=admin',
      'phone=18611111111',
      'email=jeecg%40163.com',
      'workNo=00001',
      'username=admin&_t=1700000000',
    ]) {
      const res = await check(qs);
      expect(res.json, qs).toMatchObject({ success: false, message: '用户账号已存在' });
    }
  });

  it('answers success true, result true, code 0 for a free value', async () => {
    const res = await check('username=free_name_1&_t=1700000000');
    expect(res.json).toMatchObject({ success: true, code: 0, result: true });
  });

  it('matches all given fields together', async () => {
    expect((await check('username=admin&phone=18622222222')).json.success).toBe(true);
    expect((await check('username=admin&phone=18611111111')).json.success).toBe(false);
  });

  it('treats hostile and unicode values as plain values', async () => {
    for (const v of ["' or 1=1 --", "admin' or '1'='1", '管理员', '%', '_dmin']) {
      const res = await check(`username=${encodeURIComponent(v)}`);
      expect(res.json, v).toMatchObject({ success: true, result: true });
    }
  });

  it.each([
    ['password', 'password=123456'],
    ['salt', 'salt=RCGTeGiH'],
    ['id', 'id=e9ca23d68d884d4ebb19d07889727dae'],
    ['realname', 'realname=管理员'],
    ['a mix of allowed and other', 'username=admin&status=1'],
  ])('refuses a filter on %s (400)', async (_label, qs) => {
    const res = await check(qs);
    expect(res.statusCode).toBe(400);
    expect(res.json.success).toBe(false);
  });

  it('refuses no filter, a repeated parameter and a 10 kB value (400)', async () => {
    expect((await check('')).statusCode).toBe(400);
    expect((await check('_t=1')).statusCode).toBe(400);
    expect((await check('username=a&username=b')).statusCode).toBe(400);
    expect((await check(`username=${'u'.repeat(10_000)}`)).statusCode).toBe(400);
  });
});

describe('the default role of self-registered users (issue 10 §4)', () => {
  it('a registered user sees home, 我的消息 and the personal pages, and cannot list users or read their phones', async () => {
    const { phone, code } = await phoneWithCode();
    await post('/sys/user/register', { username: 'reg_minimal_1', password: 'secret-123', phone, smscode: code });
    const login = await postLogin(t, { username: 'reg_minimal_1', password: 'secret-123' });
    const token = login.json.result.token as string;
    const menu = await t.req({ method: 'GET', url: `${API}/sys/permission/getUserPermissionByToken`, token });
    const components: string[] = [];
    const walk = (items: Array<{ component?: string; children?: unknown[] }>) => {
      for (const i of items) {
        if (i.component) components.push(i.component);
        walk((i.children as never[]) ?? []);
      }
    };
    walk(menu.json.result.menu);
    expect(components).toContain('system/UserAnnouncementList');
    expect(components).not.toContain('system/UserList');
    expect(components).not.toContain('system/AddressList');
    for (const url of ['/sys/user/list', '/sys/user/queryByOrgCodeForAddressList?orgCode=A01']) {
      const res = await t.req({ method: 'GET', url: `${API}${url}`, token });
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain('18611788525');
    }
  });
});

describe('REGISTER_DEFAULT_ROLE naming no role', () => {
  let t2: TestApp;
  beforeAll(async () => {
    t2 = await createTestApp({ REGISTER_DEFAULT_ROLE: 'no_such_role' });
  });
  afterAll(async () => {
    await t2?.close();
  });

  it('refuses registration with a clear message and creates nothing', async () => {
    const phone = '15800009999';
    await t2.req({
      method: 'POST',
      url: `${API}/sys/sms`,
      payload: { mobile: phone, smsmode: '1' },
      remoteAddress: freshIp(),
    });
    const code = sms.codeFor(phone, '1')!;
    const res = await t2.req({
      method: 'POST',
      url: `${API}/sys/user/register`,
      payload: { username: 'reg_norole_1', password: 'secret-123', phone, smscode: code },
      remoteAddress: freshIp(),
    });
    expect(res.json).toMatchObject({ success: false, message: '注册暂不可用：未找到新用户的默认角色，请联系管理员' });
    const rows = await t2.database.db.select().from(sysUser).where(eq(sysUser.username, 'reg_norole_1'));
    expect(rows).toEqual([]);
  });
});
