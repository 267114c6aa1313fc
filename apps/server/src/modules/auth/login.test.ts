import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysDict, sysDictItem, sysLog, sysSession, sysTenant, sysUser, sysUserDepart } from '../../db/schema/index.ts';
import { DEPART_IDS, USER_IDS } from '../../db/seed/index.ts';
import { invalidateDictCache } from '../../platform/dict-cache.ts';
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

const db = () => t.database.db;
const userRow = async (username: string) =>
  (await db().select().from(sysUser).where(eq(sysUser.username, username)))[0];

/** a throw-away user of role-less kind, so tests never share state */
async function makeUser(username: string, patch: Partial<typeof sysUser.$inferInsert> = {}) {
  const id = newId();
  await db()
    .insert(sysUser)
    .values({
      id,
      username,
      realname: `R_${username}`,
      password: await hashPassword('pass-1234'),
      salt: 'abcdEFGH',
      status: 1,
      delFlag: 0,
      ...patch,
    });
  return id;
}

describe('POST /sys/login: success', () => {
  it('answers code 200 登录成功 with an opaque token, userInfo, departs, multi_depart and dictionaries', async () => {
    const res = await postLogin(t, { username: 'admin', password: '123456', remember_me: true });
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ success: true, code: 200, message: '登录成功' });
    const r = res.json.result;
    expect(r.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits, not a JWT
    expect(r.token).not.toContain('.');
    expect(r.userInfo).toMatchObject({
      id: USER_IDS.admin,
      username: 'admin',
      realname: '管理员',
      orgCode: 'A01',
      orgCodeTxt: '北京国炬软件',
      status: 1,
      delFlag: 0,
    });
    expect(r.userInfo).not.toHaveProperty('password');
    expect(r.userInfo).not.toHaveProperty('salt');
    expect(r.userInfo.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(r.departs).toHaveLength(1);
    expect(r.departs[0]).toMatchObject({ id: DEPART_IDS.A01, orgCode: 'A01', departName: '北京国炬软件' });
    expect(r.multi_depart).toBe(1);
    expect(r.sysAllDictItems.sex).toEqual([
      { value: '1', text: '男', title: '男', label: '男' },
      { value: '2', text: '女', title: '女', label: '女' },
    ]);
    expect(r).not.toHaveProperty('tenantList');
    expect(JSON.stringify(res.json)).not.toContain('argon2');
  });

  it('gives a token that works on an authenticated endpoint', async () => {
    const token = await signIn(t);
    const res = await t.req({ method: 'GET', url: `${API}/sys/user/getCurrentUserDeparts`, token });
    expect(res.json.success).toBe(true);
  });

  it('writes the login log line and never the password', async () => {
    await makeUser('log_user_1');
    await postLogin(t, { username: 'log_user_1', password: 'pass-1234' });
    await postLogin(t, { username: 'log_user_1', password: 'Secret-Wrong-99' });
    const rows = await db().select().from(sysLog).where(eq(sysLog.userid, 'log_user_1'));
    const lines = rows.map((r) => r.logContent);
    expect(lines).toContain('用户名: log_user_1,登录成功！');
    expect(lines.some((l) => l?.startsWith('用户名: log_user_1,登录失败'))).toBe(true);
    expect(rows.every((r) => r.logType === 1)).toBe(true);
    const all = JSON.stringify(await db().select().from(sysLog));
    expect(all).not.toContain('pass-1234');
    expect(all).not.toContain('Secret-Wrong-99');
  });

  it('upgrades a legacy JeecgBoot hash to argon2id at sign-in, keeping the salt', async () => {
    await db()
      .update(sysUser)
      .set({ password: 'cb362cfeefbf3d8d', salt: 'RCGTeGiH' })
      .where(eq(sysUser.username, 'admin'));
    const res = await postLogin(t, { username: 'admin', password: '123456' });
    expect(res.json.code).toBe(200);
    const row = await userRow('admin');
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect(row.salt).toBe('RCGTeGiH');
    // and the upgraded hash keeps working
    expect((await postLogin(t, { username: 'admin', password: '123456' })).json.code).toBe(200);
    expect((await postLogin(t, { username: 'admin', password: '1234567' })).json.message).toBe('用户名或密码错误');
  });
});

describe('POST /sys/login: refusals', () => {
  it('answers the same 用户名或密码错误 for an unknown user, a wrong password and a deleted user', async () => {
    await makeUser('deleted_user_1', { delFlag: 1 });
    await makeUser('wrongpw_user_1');
    const answers = [
      await postLogin(t, { username: 'nobody_here_1', password: 'pass-1234' }),
      await postLogin(t, { username: 'wrongpw_user_1', password: 'pass-12345' }),
      await postLogin(t, { username: 'deleted_user_1', password: 'pass-1234' }),
    ];
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      const { timestamp: _t, requestId: _rid, ...rest } = a.json;
      expect(rest).toEqual({ success: false, code: 500, message: '用户名或密码错误', result: null });
    }
  });

  it('answers 该用户已冻结 only with the right password; a wrong one gets 用户名或密码错误', async () => {
    await makeUser('frozen_user_1', { status: 2 });
    expect((await postLogin(t, { username: 'frozen_user_1', password: 'nope-nope' })).json.message).toBe(
      '用户名或密码错误',
    );
    const res = await postLogin(t, { username: 'frozen_user_1', password: 'pass-1234' });
    expect(res.json).toMatchObject({ success: false, code: 500, message: '该用户已冻结' });
    const sessions = await db().select().from(sysSession).where(eq(sysSession.username, 'frozen_user_1'));
    expect(sessions).toHaveLength(0);
  });

  it('spends about the same time on an unknown user as on a wrong password', async () => {
    await makeUser('timing_user_1');
    const median = async (username: string) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        await postLogin(t, { username, password: `wrong-${i}-x` });
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[2];
    };
    const known = await median('timing_user_1');
    const unknown = await median('timing_ghost_1');
    // without the dummy argon2 verification an unknown user answers ~20x faster; loose bounds for busy machines
    expect(unknown / known).toBeGreaterThan(0.4);
    expect(unknown / known).toBeLessThan(2.5);
  });

  it('treats hostile and unicode usernames as plain unknown users', async () => {
    for (const username of ["' or 1=1 --", "admin' --", '管理员😀', '"; drop table sys_user; --']) {
      const res = await postLogin(t, { username, password: "' or '1'='1" });
      expect(res.json.message, username).toBe('用户名或密码错误');
    }
    expect(await userRow('admin')).toBeTruthy();
  });

  it.each([
    ['missing username', { password: '123456' }],
    ['missing password', { username: 'admin' }],
    ['empty username', { username: '', password: '123456' }],
    ['numeric password', { username: 'admin', password: 123456 }],
    ['object username', { username: { $gt: '' }, password: '123456' }],
    ['array password', { username: 'admin', password: ['123456'] }],
    ['10 kB username', { username: 'a'.repeat(10_000), password: '123456' }],
    ['10 kB password', { username: 'admin', password: 'p'.repeat(10_000) }],
    ['NUL in the username', { username: 'admin\u0000', password: '123456' }],
    ['NUL in the password', { username: 'admin', password: '123\u0000456' }],
  ])('refuses %s with 400 naming the field', async (_label, body) => {
    const res = await t.req({ method: 'POST', url: `${API}/sys/login`, payload: body, remoteAddress: freshIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 400 });
    expect(res.json.message).toMatch(/username|password/);
  });

  it('refuses a body that is not JSON or not an object', async () => {
    const notJson = await t.req({
      method: 'POST',
      url: `${API}/sys/login`,
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin", ',
      remoteAddress: freshIp(),
    });
    expect(notJson.statusCode).toBe(400);
    const array = await t.req({
      method: 'POST',
      url: `${API}/sys/login`,
      payload: ['admin', '123456'],
      remoteAddress: freshIp(),
    });
    expect(array.statusCode).toBe(400);
  });
});

describe('POST /sys/login: departments (multi_depart)', () => {
  it('multi_depart 0 for a user without departments', async () => {
    await makeUser('nodep_user_1', { orgCode: null });
    const r = (await postLogin(t, { username: 'nodep_user_1', password: 'pass-1234' })).json.result;
    expect(r.multi_depart).toBe(0);
    expect(r.departs).toEqual([]);
    expect(r.userInfo.orgCode).toBeNull();
  });

  it('multi_depart 1 sets org_code to the only department', async () => {
    const id = await makeUser('onedep_user_1', { orgCode: 'A02' });
    await db().insert(sysUserDepart).values({ id: newId(), userId: id, depId: DEPART_IDS.A01A04 });
    const r = (await postLogin(t, { username: 'onedep_user_1', password: 'pass-1234' })).json.result;
    expect(r.multi_depart).toBe(1);
    expect(r.userInfo).toMatchObject({ orgCode: 'A01A04', orgCodeTxt: '财务部' });
    expect((await userRow('onedep_user_1')).orgCode).toBe('A01A04');
  });

  it('multi_depart 2 picks the first department only when no org_code is set', async () => {
    const id = await makeUser('twodep_user_1', { orgCode: null });
    await db()
      .insert(sysUserDepart)
      .values([
        { id: newId(), userId: id, depId: DEPART_IDS.A02A02 },
        { id: newId(), userId: id, depId: DEPART_IDS.A01 },
      ]);
    const r = (await postLogin(t, { username: 'twodep_user_1', password: 'pass-1234' })).json.result;
    expect(r.multi_depart).toBe(2);
    expect(r.departs).toHaveLength(2);
    expect(r.userInfo.orgCode).toBe(r.departs[0].orgCode);
    expect((await userRow('twodep_user_1')).orgCode).toBe(r.departs[0].orgCode);

    await db().update(sysUser).set({ orgCode: 'A02A02' }).where(eq(sysUser.id, id));
    const again = (await postLogin(t, { username: 'twodep_user_1', password: 'pass-1234' })).json.result;
    expect(again.multi_depart).toBe(2);
    expect(again.userInfo.orgCode).toBe('A02A02');
  });
});

describe('POST /sys/login: tenants', () => {
  it('lists the active tenants of a user with rel_tenant_ids', async () => {
    await makeUser('tenant_user_1', { relTenantIds: '1,999' });
    const r = (await postLogin(t, { username: 'tenant_user_1', password: 'pass-1234' })).json.result;
    expect(r.tenantList).toHaveLength(1);
    expect(r.tenantList[0]).toMatchObject({ id: 1, name: '北京租户001', status: 1 });
    expect(Object.keys(r.tenantList[0]).sort()).toEqual(
      ['beginDate', 'createBy', 'createTime', 'endDate', 'id', 'name', 'status'].sort(),
    );
  });

  it('refuses sign-in when every tenant of the user is frozen, leaving no session', async () => {
    await db().insert(sysTenant).values({ id: 77, name: '冻结租户', status: 0 });
    await makeUser('tenant_user_2', { relTenantIds: '77' });
    const res = await postLogin(t, { username: 'tenant_user_2', password: 'pass-1234' });
    expect(res.json).toMatchObject({ success: false, message: '与该用户关联的租户均已被冻结，无法登录！' });
    expect(await db().select().from(sysSession).where(eq(sysSession.username, 'tenant_user_2'))).toHaveLength(0);
  });
});

describe('POST /sys/login: dictionaries', () => {
  it('lists every non-deleted dictionary, only enabled items, by sort_order', async () => {
    const live = newId();
    const gone = newId();
    await db()
      .insert(sysDict)
      .values([
        { id: live, dictName: '测试', dictCode: 'zz_login_test', delFlag: 0 },
        { id: gone, dictName: '已删', dictCode: 'zz_login_deleted', delFlag: 1 },
        { id: newId(), dictName: '空', dictCode: 'zz_login_empty', delFlag: 0 },
      ]);
    await db()
      .insert(sysDictItem)
      .values([
        { id: newId(), dictId: live, itemValue: 'b', itemText: 'B', sortOrder: 2, status: 1 },
        { id: newId(), dictId: live, itemValue: 'a', itemText: 'A', sortOrder: 1, status: 1 },
        { id: newId(), dictId: live, itemValue: 'off', itemText: 'OFF', sortOrder: 0, status: 0 },
        { id: newId(), dictId: gone, itemValue: 'x', itemText: 'X', sortOrder: 0, status: 1 },
      ]);
    // as the dictionary module does after every change
    await invalidateDictCache(t.app);
    const items = (await postLogin(t, { username: 'admin', password: '123456' })).json.result.sysAllDictItems;
    expect(items.zz_login_test.map((i: { value: string }) => i.value)).toEqual(['a', 'b']);
    expect(items.zz_login_empty).toEqual([]);
    expect(items).not.toHaveProperty('zz_login_deleted');
  });
});

describe('POST /sys/mLogin', () => {
  it('answers {userInfo, token} with code 200', async () => {
    const res = await t.req({
      method: 'POST',
      url: `${API}/sys/mLogin`,
      payload: { username: 'admin', password: '123456' },
      remoteAddress: freshIp(),
    });
    expect(res.json).toMatchObject({ success: true, code: 200 });
    expect(Object.keys(res.json.result).sort()).toEqual(['token', 'userInfo']);
    expect(res.json.result.userInfo.username).toBe('admin');
    const ok = await t.req({ method: 'GET', url: `${API}/sys/user/getUserInfo`, token: res.json.result.token });
    expect(ok.json.success).toBe(true);
  });

  it('has the same protections: 用户名或密码错误 for a wrong password or unknown user, 400 for bad input', async () => {
    const m = (payload: unknown) =>
      t.req({ method: 'POST', url: `${API}/sys/mLogin`, payload: payload as object, remoteAddress: freshIp() });
    expect((await m({ username: 'admin', password: 'wrong-pass' })).json.message).toBe('用户名或密码错误');
    expect((await m({ username: 'nobody_m_1', password: 'wrong-pass' })).json.message).toBe('用户名或密码错误');
    expect((await m({ username: 'admin' })).statusCode).toBe(400);
    expect((await m({ username: 'x'.repeat(10_000), password: 'a' })).statusCode).toBe(400);
  });

  it('picks the first department for a user without org_code, and refuses one without any', async () => {
    const id = await makeUser('m_dep_user_1', { orgCode: null });
    await db().insert(sysUserDepart).values({ id: newId(), userId: id, depId: DEPART_IDS.A01A03 });
    const res = await t.req({
      method: 'POST',
      url: `${API}/sys/mLogin`,
      payload: { username: 'm_dep_user_1', password: 'pass-1234' },
      remoteAddress: freshIp(),
    });
    expect(res.json.result.userInfo.orgCode).toBe('A01A03');
    await makeUser('m_nodep_user_1', { orgCode: null });
    const none = await t.req({
      method: 'POST',
      url: `${API}/sys/mLogin`,
      payload: { username: 'm_nodep_user_1', password: 'pass-1234' },
      remoteAddress: freshIp(),
    });
    expect(none.json).toMatchObject({ success: false, message: '用户暂未归属部门,不可登录!' });
  });

  it('logs a mobile sign-in line', async () => {
    await t.req({
      method: 'POST',
      url: `${API}/sys/mLogin`,
      payload: { username: 'admin', password: '123456' },
      remoteAddress: freshIp(),
    });
    const rows = await db()
      .select()
      .from(sysLog)
      .where(and(eq(sysLog.logType, 1), like(sysLog.logContent, '%登录成功[移动端]%')));
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('GET /sys/user/getUserInfo', () => {
  it('answers {userInfo, sysAllDictItems} for the session user', async () => {
    const token = await signIn(t);
    const res = await t.req({ method: 'GET', url: `${API}/sys/user/getUserInfo`, token });
    expect(res.json).toMatchObject({ success: true, code: 200 });
    expect(res.json.result.userInfo).toMatchObject({ username: 'admin', orgCodeTxt: '北京国炬软件' });
    expect(res.json.result.userInfo).not.toHaveProperty('password');
    expect(res.json.result.sysAllDictItems.sex).toHaveLength(2);
  });

  it('answers 401 without a session', async () => {
    const res = await t.req({ method: 'GET', url: `${API}/sys/user/getUserInfo` });
    expect(res.statusCode).toBe(401);
    expect(res.json.message).toContain('Token失效');
  });
});
