import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysUser } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { API, postLogin, signIn } from '../auth/auth-test-helpers.ts';
import { hashPassword } from '../auth/password.ts';

// issue 29 / ADR 060: an administrator sees who is paused after repeated wrong passwords and lifts the pause from
// 用户管理; the user is told by a 系统消息.
let t: TestApp;
let admin: string;
let hash: Promise<string> | undefined;

async function makeUser(username: string): Promise<string> {
  hash ??= hashPassword('right-pass');
  const id = newId();
  await t.database.db.insert(sysUser).values({
    id,
    username,
    realname: `锁定${username}`,
    password: await hash,
    salt: 'abcdEFGH',
    status: 1,
    delFlag: 0,
  });
  return id;
}

const lock = async (username: string) => {
  for (let i = 1; i <= 5; i++) await postLogin(t, { username, password: `wrong-${i}` });
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t);
});
afterAll(async () => {
  await t.close();
});

describe('sign-in pause in 用户管理 (/sys/user/loginLocks, /sys/user/unlockLogin)', () => {
  it('lists the paused users among those asked for, with the time left', async () => {
    const paused = await makeUser('pause_a');
    const free = await makeUser('pause_b');
    await lock('pause_a');
    const res = await t.req({ method: 'GET', url: `${API}/sys/user/loginLocks?ids=${paused},${free}`, token: admin });
    expect(res.json.success).toBe(true);
    expect(res.json.result).toHaveLength(1);
    expect(res.json.result[0]).toMatchObject({ id: paused, username: 'pause_a' });
    expect(res.json.result[0].seconds).toBeGreaterThan(290);
    expect(res.json.result[0].seconds).toBeLessThanOrEqual(300);
  });

  it('lifts a pause: the right password signs in at once and the user has a 系统消息 saying so', async () => {
    const id = await makeUser('pause_c');
    await lock('pause_c');
    expect((await postLogin(t, { username: 'pause_c', password: 'right-pass' })).json.message).toBe('用户名或密码错误');

    const res = await t.req({ method: 'PUT', url: `${API}/sys/user/unlockLogin`, payload: { id }, token: admin });
    expect(res.json).toMatchObject({ success: true, message: '已解除登录锁定，已通知该用户' });
    const after = await t.req({ method: 'GET', url: `${API}/sys/user/loginLocks?ids=${id}`, token: admin });
    expect(after.json.result).toEqual([]);

    const login = await postLogin(t, { username: 'pause_c', password: 'right-pass' });
    expect(login.json).toMatchObject({ success: true, code: 200 });
    const inbox = await t.req({
      method: 'GET',
      url: `${API}/sys/annountCement/listByUser`,
      token: login.json.result.token,
    });
    expect(inbox.json.result.sysMsgTotal).toBe(1);
    expect(inbox.json.result.sysMsgList[0]).toMatchObject({ titile: '您的账号已解除登录锁定', priority: 'M' });
  });

  it('refuses to lift a pause that is not there, and answers 未找到 for an unknown id; changes nothing', async () => {
    const id = await makeUser('pause_d');
    const res = await t.req({ method: 'PUT', url: `${API}/sys/user/unlockLogin`, payload: { id }, token: admin });
    expect(res.json).toMatchObject({ success: false, message: '该用户当前没有登录锁定（可能已自动结束）' });
    const ghost = await t.req({
      method: 'PUT',
      url: `${API}/sys/user/unlockLogin`,
      payload: { id: '1234567890123456789' },
      token: admin,
    });
    expect(ghost.json).toMatchObject({ success: false, message: '未找到对应数据' });
    const bad = await t.req({ method: 'PUT', url: `${API}/sys/user/unlockLogin`, payload: {}, token: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('needs the 冻结 permission to lift and the user page to read', async () => {
    const id = await makeUser('pause_e');
    await makeUser('pause_nobody');
    await lock('pause_e');
    const nobody = await signIn(t, 'pause_nobody', 'right-pass');
    const lift = await t.req({ method: 'PUT', url: `${API}/sys/user/unlockLogin`, payload: { id }, token: nobody });
    expect(lift.statusCode).toBe(403);
    const read = await t.req({ method: 'GET', url: `${API}/sys/user/loginLocks?ids=${id}`, token: nobody });
    expect(read.statusCode).toBe(403);
    // still paused
    expect((await postLogin(t, { username: 'pause_e', password: 'right-pass' })).json.success).toBe(false);
  });
});
