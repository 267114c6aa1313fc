import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysLog, sysUser } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { API, freshIp, postLogin, signIn } from './auth-test-helpers.ts';
import { hashPassword } from './password.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const userBy = async (username: string) =>
  (await t.database.db.select().from(sysUser).where(eq(sysUser.username, username)))[0];
const info = (token: string) => t.req({ method: 'GET', url: `${API}/sys/user/getUserInfo`, token });

let n = 0;
async function makeUser() {
  const username = `pw_user_${++n}`;
  await t.database.db.insert(sysUser).values({
    id: newId(),
    username,
    realname: username,
    password: await hashPassword('old-pass-1'),
    salt: 'keepSALT',
    status: 1,
    delFlag: 0,
  });
  return username;
}

const update = (token: string, body: unknown, method: 'PUT' | 'POST' = 'PUT') =>
  t.req({ method, url: `${API}/sys/user/updatePassword`, token, payload: body as object, remoteAddress: freshIp() });

describe('PUT|POST /sys/user/updatePassword', () => {
  it('changes the own password: 密码重置成功!, keeps the salt, ends ALL the user’s sessions (this one too)', async () => {
    const username = await makeUser();
    const current = await signIn(t, username, 'old-pass-1');
    const elsewhere = await signIn(t, username, 'old-pass-1');
    const res = await update(current, {
      username,
      oldpassword: 'old-pass-1',
      password: 'new-pass-2',
      confirmpassword: 'new-pass-2',
    });
    expect(res.json).toMatchObject({ success: true, code: 200, message: '密码重置成功!' });
    expect((await info(current)).statusCode).toBe(401);
    expect((await info(elsewhere)).statusCode).toBe(401);
    const u = await userBy(username);
    expect(u.salt).toBe('keepSALT');
    expect(u.password).toMatch(/^\$argon2id\$/);
    expect((await postLogin(t, { username, password: 'old-pass-1' })).json.message).toBe('用户名或密码错误');
    expect((await postLogin(t, { username, password: 'new-pass-2' })).json.code).toBe(200);
  });

  it('accepts POST as well (3.x)', async () => {
    const username = await makeUser();
    const token = await signIn(t, username, 'old-pass-1');
    const res = await update(
      token,
      { username, oldpassword: 'old-pass-1', password: 'new-pass-2', confirmpassword: 'new-pass-2' },
      'POST',
    );
    expect(res.json.message).toBe('密码重置成功!');
  });

  it('never writes the passwords into the operation log', async () => {
    const username = await makeUser();
    const token = await signIn(t, username, 'old-pass-1');
    await update(token, {
      username,
      oldpassword: 'old-pass-1',
      password: 'Logged-Never-9',
      confirmpassword: 'Logged-Never-9',
    });
    await new Promise((r) => setTimeout(r, 50)); // the operation log is written after the answer
    const all = await t.database.db.select().from(sysLog);
    const mine = all.find((r) => r.userid === username && r.requestUrl === `${API}/sys/user/updatePassword`);
    expect(mine?.requestParam).toContain('******');
    const rows = JSON.stringify(all);
    expect(rows).not.toContain('Logged-Never-9');
    expect(rows).not.toContain('old-pass-1');
  });

  it('answers 只允许修改自己的密码！ for another username (or none)', async () => {
    const username = await makeUser();
    const token = await signIn(t, username, 'old-pass-1');
    for (const other of ['admin', '', undefined, "' or 1=1 --", username.toUpperCase()]) {
      const res = await update(token, {
        username: other,
        oldpassword: 'old-pass-1',
        password: 'x-pass-123',
        confirmpassword: 'x-pass-123',
      });
      expect(res.json, String(other)).toMatchObject({ success: false, code: 500, message: '只允许修改自己的密码！' });
    }
    expect((await postLogin(t, { username: 'admin', password: '123456' })).json.code).toBe(200);
  });

  it('answers 旧密码输入错误!, 新密码不允许为空!, 两次输入密码不一致! in that order', async () => {
    const username = await makeUser();
    const token = await signIn(t, username, 'old-pass-1');
    const base = { username, oldpassword: 'old-pass-1', password: 'new-pass-2', confirmpassword: 'new-pass-2' };
    expect((await update(token, { ...base, oldpassword: 'nope-nope' })).json.message).toBe('旧密码输入错误!');
    expect((await update(token, { ...base, oldpassword: undefined })).json.message).toBe('旧密码输入错误!');
    expect((await update(token, { ...base, password: '' })).json.message).toBe('新密码不允许为空!');
    expect((await update(token, { ...base, password: undefined })).json.message).toBe('新密码不允许为空!');
    expect((await update(token, { ...base, confirmpassword: 'other-pass' })).json.message).toBe('两次输入密码不一致!');
    expect((await update(token, { ...base, password: '123', confirmpassword: '123' })).json.message).toBe(
      '密码长度须为6-64位',
    );
    // nothing changed, the session still works
    expect((await info(token)).statusCode).toBe(200);
  });

  it('counts wrong old passwords toward the account lockout', async () => {
    const username = await makeUser();
    const token = await signIn(t, username, 'old-pass-1');
    const base = { username, password: 'new-pass-2', confirmpassword: 'new-pass-2' };
    for (let i = 1; i <= 4; i++)
      expect((await update(token, { ...base, oldpassword: `wrong-${i}` })).json.message).toBe('旧密码输入错误!');
    const fifth = await update(token, { ...base, oldpassword: 'wrong-5' });
    expect(fifth.json.message).toBe('登录失败次数过多，账号已临时锁定，请5分钟后再试');
    expect((await update(token, { ...base, oldpassword: 'old-pass-1' })).json.message).toContain('账号已临时锁定');
  });

  it('answers 401 without a session', async () => {
    const res = await t.req({
      method: 'PUT',
      url: `${API}/sys/user/updatePassword`,
      payload: { username: 'admin', oldpassword: '123456', password: 'x-pass-123', confirmpassword: 'x-pass-123' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses wrong types and oversized values with 400', async () => {
    const username = await makeUser();
    const token = await signIn(t, username, 'old-pass-1');
    for (const patch of [
      { password: 123456 },
      { oldpassword: ['x'] },
      { username: { a: 1 } },
      { password: 'p'.repeat(10_000) },
    ]) {
      const res = await update(token, {
        username,
        oldpassword: 'old-pass-1',
        password: 'new-pass-2',
        confirmpassword: 'new-pass-2',
        ...patch,
      });
      expect(res.statusCode, JSON.stringify(patch).slice(0, 40)).toBe(400);
    }
  });
});

describe('PUT /sys/user/changePassword (administrator)', () => {
  const changePw = (token: string, body: unknown) =>
    t.req({
      method: 'PUT',
      url: `${API}/sys/user/changePassword`,
      token,
      payload: body as object,
      remoteAddress: freshIp(),
    });

  it('sets a user’s password: 密码修改成功!, new salt, argon2id, that user’s sessions end', async () => {
    const admin = await signIn(t);
    const username = await makeUser();
    const victimSession = await signIn(t, username, 'old-pass-1');
    const res = await changePw(admin, { username, password: 'admin-set-1' });
    expect(res.json).toMatchObject({ success: true, code: 200, message: '密码修改成功!' });
    const u = await userBy(username);
    expect(u.salt).not.toBe('keepSALT');
    expect(u.password).toMatch(/^\$argon2id\$/);
    expect(u.updateBy).toBe('admin');
    expect((await info(victimSession)).statusCode).toBe(401);
    expect((await info(admin)).statusCode).toBe(200);
    expect((await postLogin(t, { username, password: 'admin-set-1' })).json.code).toBe(200);
  });

  it('answers 用户不存在！ for an unknown username', async () => {
    const admin = await signIn(t);
    const res = await changePw(admin, { username: 'no_such_user_x', password: 'admin-set-1' });
    expect(res.json).toMatchObject({ success: false, message: '用户不存在！' });
  });

  it('refuses a user without the user:password permission (403)', async () => {
    const jeecg = await signIn(t, 'jeecg');
    const res = await changePw(jeecg, { username: 'admin', password: 'hijacked-1' });
    expect(res.statusCode).toBe(403);
    expect((await postLogin(t, { username: 'admin', password: '123456' })).json.code).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const res = await t.req({
      method: 'PUT',
      url: `${API}/sys/user/changePassword`,
      payload: { username: 'admin', password: 'x-pass-123' },
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['no username', { password: 'admin-set-1' }],
    ['a short password', { username: 'jeecg', password: '123' }],
    ['a 10 kB password', { username: 'jeecg', password: 'p'.repeat(10_000) }],
    ['a numeric password', { username: 'jeecg', password: 12345678 }],
  ])('refuses %s with 400', async (_label, body) => {
    const admin = await signIn(t);
    expect((await changePw(admin, body)).statusCode).toBe(400);
  });
});
