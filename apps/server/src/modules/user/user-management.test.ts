import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysDataLog, sysUser, sysUserDepart, sysUserRole } from '../../db/schema/index.ts';
import { DEPART_IDS, ROLE_IDS, USER_IDS } from '../../db/seed/data.ts';

const API = '/jeecg-boot/sys/user';
const GOOD_PASSWORD = 'Abc@12345';

let seq = 0;
/** a fresh, valid add body */
function newUser(extra: Record<string, unknown> = {}) {
  seq += 1;
  const n = String(seq).padStart(3, '0');
  return {
    username: `tester_${n}_${process.pid % 1000}`,
    realname: `测试用户${n}`,
    password: GOOD_PASSWORD,
    confirmpassword: GOOD_PASSWORD,
    workNo: `T${process.pid % 1000}${n}`,
    phone: `1390000${String(process.pid % 100).padStart(2, '0')}${n.slice(-2)}`,
    email: `t${n}_${process.pid}@example.com`,
    sex: 1,
    birthday: '1995-03-04',
    selectedroles: ROLE_IDS.hr,
    selecteddeparts: DEPART_IDS.A01A03,
    ...extra,
  };
}

describe('user management (/sys/user)', () => {
  let t: TestApp;
  let admin: string;
  let jeecg: string;

  const add = async (body: Record<string, unknown>) =>
    t.req({ method: 'POST', url: `${API}/add`, payload: body, token: admin });
  const idOf = async (username: string) => {
    const [u] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, username));
    return u;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    jeecg = await t.login('jeecg', '123456');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET list', () => {
    it('pages users with code 0, dictionary texts and department names, never password or salt', async () => {
      const res = await t.req({ method: 'GET', url: `${API}/list?pageNo=1&pageSize=10`, token: admin });
      expect(res.statusCode).toBe(200);
      expect(res.json).toMatchObject({ success: true, code: 0 });
      const page = res.json.result;
      expect(page).toMatchObject({ current: 1, size: 10 });
      expect(page.total).toBeGreaterThanOrEqual(3);
      const a = page.records.find((r: any) => r.username === 'admin');
      expect(a).toMatchObject({
        sex_dictText: '男',
        status_dictText: '正常',
        post_dictText: '部门经理',
        orgCodeTxt: '北京国炬软件',
        departIds_dictText: '北京国炬软件',
      });
      expect(a.createTime === null || /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(a.createTime)).toBe(true);
      for (const r of page.records) {
        expect(r).not.toHaveProperty('password');
        expect(r).not.toHaveProperty('salt');
      }
    });

    it('filters by account (like), name, sex, phone and status', async () => {
      const q = async (qs: string) =>
        (await t.req({ method: 'GET', url: `${API}/list?${qs}`, token: admin })).json.result.records.map(
          (r: any) => r.username,
        );
      expect(await q('username=*eec*')).toEqual(['jeecg']);
      expect(await q(`realname=${encodeURIComponent('张三')}`)).toEqual(['zhangsan']);
      expect(await q('phone=18611111111')).toEqual(['admin']);
      expect(await q('status=2')).toEqual([]);
      expect((await q('sex=1')).length).toBeGreaterThanOrEqual(3);
    });

    it('filters by department (members of that department) and by an id list (code)', async () => {
      const dep = await t.req({ method: 'GET', url: `${API}/list?departId=${DEPART_IDS.A01A05}`, token: admin });
      expect(dep.json.result.records.map((r: any) => r.username)).toEqual(['jeecg']);
      const code = await t.req({
        method: 'GET',
        url: `${API}/list?code=${USER_IDS.admin},${USER_IDS.zhangsan}&column=username&order=asc`,
        token: admin,
      });
      expect(code.json.result.records.map((r: any) => r.username)).toEqual(['admin', 'zhangsan']);
    });

    it('hides the reserved external account', async () => {
      await t.database.db.insert(sysUser).values({ id: 'reserved-ext-1', username: '_reserve_user_external' });
      const res = await t.req({ method: 'GET', url: `${API}/list?username=_reserve_user_external`, token: admin });
      expect(res.json.result.total).toBe(0);
      await t.database.db.delete(sysUser).where(eq(sysUser.id, 'reserved-ext-1'));
    });

    it('rejects sorting or filtering by password and unknown sort columns with 400', async () => {
      for (const qs of ['column=password&order=asc', 'column=salt', 'column=id;drop table sys_user']) {
        const res = await t.req({ method: 'GET', url: `${API}/list?${qs}`, token: admin });
        expect(res.statusCode).toBe(400);
        expect(res.json.success).toBe(false);
      }
      // password is no filter: ignored like any unknown parameter, it narrows nothing
      const res = await t.req({ method: 'GET', url: `${API}/list?password=x`, token: admin });
      expect(res.json.result.total).toBeGreaterThanOrEqual(3);
    });

    it('is readable with the page menu only (jeecg), and not without a session', async () => {
      const res = await t.req({ method: 'GET', url: `${API}/list`, token: jeecg });
      expect(res.json.success).toBe(true);
      expect((await t.req({ method: 'GET', url: `${API}/list` })).statusCode).toBe(401);
    });
  });

  describe('POST add', () => {
    it('creates the user with roles and departments, argon2id hash, status 1 and a data log snapshot', async () => {
      const body = newUser({ selectedroles: `${ROLE_IDS.hr},${ROLE_IDS.caiwu}` });
      const res = await add(body);
      expect(res.json).toMatchObject({ success: true, code: 200, message: '添加成功！' });
      const u = await idOf(body.username);
      expect(u).toMatchObject({ status: 1, delFlag: 0, realname: body.realname, orgCode: 'A01A03', createBy: 'admin' });
      expect(u.password).toMatch(/^\$argon2id\$/);
      expect(u.salt).toMatch(/^[A-Za-z0-9]{8}$/);
      const roles = await t.database.db.select().from(sysUserRole).where(eq(sysUserRole.userId, u.id));
      expect(roles.map((r) => r.roleId).sort()).toEqual([ROLE_IDS.hr, ROLE_IDS.caiwu].sort());
      const departs = await t.database.db.select().from(sysUserDepart).where(eq(sysUserDepart.userId, u.id));
      expect(departs.map((d) => d.depId)).toEqual([DEPART_IDS.A01A03]);
      const logs = await t.database.db.select().from(sysDataLog).where(eq(sysDataLog.dataId, u.id));
      expect(logs).toHaveLength(1);
      expect(logs[0].dataContent).not.toContain('argon2');
      // the new user can sign in with the password
      await expect(t.login(body.username, GOOD_PASSWORD)).resolves.toBeTruthy();
    });

    it('refuses a weak password, a bad username, a bad phone or e-mail with 400 and creates nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ password: '123456', confirmpassword: '123456' }, '密码由8位数字、大小写字母和特殊符号组成!'],
        [{ username: 'ab' }, '用户账号只允许字母、数字、下划线，长度4到18个字符'],
        [{ username: 'bad name!' }, '用户账号只允许字母、数字、下划线'],
        [{ phone: '12345' }, '请输入正确手机号'],
        [{ email: 'not-mail' }, '邮箱格式不正确'],
        [{ realname: '' }, '用户姓名不能为空'],
        [{ avatar: 'javascript:alert(1)' }, '头像地址不正确'],
        [{ birthday: '2020-02-30' }, '生日必须是 yyyy-MM-dd 格式的日期'],
        [{ sex: 7 }, '性别取值不正确'],
      ];
      for (const [extra, message] of cases) {
        const body = newUser(extra);
        const res = await add(body);
        expect(res.statusCode, JSON.stringify(extra)).toBe(400);
        expect(res.json.success).toBe(false);
        expect(res.json.message).toContain(message);
        expect(await idOf(body.username)).toBeUndefined();
      }
    });

    it('refuses mismatching passwords and unknown roles, departments and positions', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ confirmpassword: 'Other@123' }, '两次输入的密码不一样！'],
        [{ selectedroles: 'no-such-role' }, '所选角色不存在'],
        [{ selecteddeparts: 'no-such-depart' }, '所选部门不存在'],
        [{ post: 'nope' }, '所选职务不存在'],
        [{ relTenantIds: '999' }, '所选租户不存在'],
        [{ userIdentity: 2, departIds: DEPART_IDS.A02 }, '负责部门必须是所属部门之一'],
      ];
      for (const [extra, message] of cases) {
        const body = newUser(extra);
        const res = await add(body);
        expect(res.json, JSON.stringify(extra)).toMatchObject({ success: false, message });
        expect(await idOf(body.username)).toBeUndefined();
      }
    });

    it('names the taken unique field (account, phone, e-mail, work number)', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ username: 'jeecg' }, '用户账号已存在'],
        [{ phone: '18622222222' }, '手机号码已存在'],
        [{ email: 'jeecg@qq.com' }, '邮箱已存在'],
        [{ workNo: '00002' }, '工号已存在'],
      ];
      for (const [extra, message] of cases) {
        const res = await add(newUser(extra));
        expect(res.json).toMatchObject({ success: false, message });
      }
    });

    it('stores a superior with the departments it is in charge of, and empty optional fields as null', async () => {
      const body = newUser({
        userIdentity: '2',
        selecteddeparts: `${DEPART_IDS.A01A03},${DEPART_IDS.A01A04}`,
        departIds: DEPART_IDS.A01A04,
        phone: '',
        email: '',
        workNo: '',
        post: 'staff',
        relTenantIds: '1',
      });
      expect((await add(body)).json.success).toBe(true);
      const u = await idOf(body.username);
      expect(u).toMatchObject({
        userIdentity: 2,
        departIds: DEPART_IDS.A01A04,
        phone: null,
        email: null,
        workNo: null,
        post: 'staff',
        relTenantIds: '1',
      });
    });
  });

  describe('PUT edit', () => {
    it('replaces roles and departments, ignores password and username, and the user sees the new rights at once', async () => {
      const body = newUser({ selectedroles: ROLE_IDS.test });
      await add(body);
      const u = await idOf(body.username);
      const token = await t.login(body.username, GOOD_PASSWORD);
      // role test: the user list, no add button
      const before = await t.req({ method: 'POST', url: `${API}/add`, payload: newUser(), token });
      expect(before.statusCode).toBe(403);

      const res = await t.req({
        method: 'PUT',
        url: `${API}/edit`,
        token: admin,
        payload: {
          id: u.id,
          username: 'renamed_user',
          password: 'Changed@999',
          realname: '改过的名字',
          selectedroles: ROLE_IDS.admin,
          selecteddeparts: DEPART_IDS.A01A05,
        },
      });
      expect(res.json).toMatchObject({ success: true, message: '修改成功!' });
      const after = await idOf(body.username);
      expect(after).toMatchObject({ realname: '改过的名字', orgCode: 'A01A05', updateBy: 'admin' });
      expect(after.password).toBe(u.password);
      const roles = await t.database.db.select().from(sysUserRole).where(eq(sysUserRole.userId, u.id));
      expect(roles.map((r) => r.roleId)).toEqual([ROLE_IDS.admin]);
      // permissions invalidated: the same session may add users now
      const now = await t.req({ method: 'GET', url: `${API}/exportXls?selections=${u.id}`, token });
      expect(now.statusCode).toBe(200);
      const logs = await t.database.db.select().from(sysDataLog).where(eq(sysDataLog.dataId, u.id));
      expect(logs.map((l) => l.dataVersion).sort()).toEqual([1, 2]);
    });

    it('answers 未找到对应实体 for an unknown or deleted user and refuses a taken phone', async () => {
      const res = await t.req({ method: 'PUT', url: `${API}/edit`, token: admin, payload: { id: 'nope' } });
      expect(res.json).toMatchObject({ success: false, message: '未找到对应实体' });
      const taken = await t.req({
        method: 'POST',
        url: `${API}/edit`,
        token: admin,
        payload: { id: USER_IDS.zhangsan, phone: '18611111111' },
      });
      expect(taken.json).toMatchObject({ success: false, message: '手机号码已存在' });
    });

    it('keeps memberships when selectedroles / selecteddeparts are absent', async () => {
      const res = await t.req({
        method: 'PUT',
        url: `${API}/edit`,
        token: admin,
        payload: { id: USER_IDS.zhangsan, telephone: '010-12345678' },
      });
      expect(res.json.success).toBe(true);
      const roles = await t.database.db.select().from(sysUserRole).where(eq(sysUserRole.userId, USER_IDS.zhangsan));
      expect(roles.map((r) => r.roleId)).toEqual([ROLE_IDS.test]);
    });
  });

  describe('freeze, delete, recycle bin', () => {
    it('freezing ends the user’s sessions at once; unfreezing lets them sign in again', async () => {
      const body = newUser();
      await add(body);
      const u = await idOf(body.username);
      const token = await t.login(body.username, GOOD_PASSWORD);
      const res = await t.req({
        method: 'PUT',
        url: `${API}/frozenBatch`,
        token: admin,
        payload: { ids: `${u.id},`, status: '2' },
      });
      expect(res.json).toMatchObject({ success: true, message: '操作成功!' });
      const gone = await t.req({ method: 'GET', url: `${API}/list`, token });
      expect(gone.statusCode).toBe(401);
      await expect(t.login(body.username, GOOD_PASSWORD)).rejects.toThrow();
      const list = await t.req({ method: 'GET', url: `${API}/list?status=2`, token: admin });
      expect(list.json.result.records.map((r: any) => r.status_dictText)).toContain('冻结');
      await t.req({ method: 'PUT', url: `${API}/frozenBatch`, token: admin, payload: { ids: u.id, status: 1 } });
      await expect(t.login(body.username, GOOD_PASSWORD)).resolves.toBeTruthy();
    });

    it('nobody freezes or deletes themselves or the admin account; bad status is 400', async () => {
      const me = await t.req({
        method: 'PUT',
        url: `${API}/frozenBatch`,
        token: admin,
        payload: { ids: `${USER_IDS.admin},${USER_IDS.zhangsan}`, status: '2' },
      });
      expect(me.json).toMatchObject({ success: false, message: '不能冻结当前登录用户！' });
      const z = await idOf('zhangsan');
      expect(z.status).toBe(1);
      const del = await t.req({ method: 'DELETE', url: `${API}/delete?id=${USER_IDS.admin}`, token: admin });
      expect(del.json).toMatchObject({ success: false, message: '不能删除当前登录用户！' });
      const bad = await t.req({
        method: 'PUT',
        url: `${API}/frozenBatch`,
        token: admin,
        payload: { ids: USER_IDS.zhangsan, status: '3' },
      });
      expect(bad.statusCode).toBe(400);
      // another administrator cannot touch admin either
      const body = newUser({ selectedroles: ROLE_IDS.admin });
      await add(body);
      const other = await t.login(body.username, GOOD_PASSWORD);
      const viaOther = await t.req({
        method: 'DELETE',
        url: `${API}/deleteBatch?ids=${USER_IDS.admin},`,
        token: other,
      });
      expect(viaOther.json).toMatchObject({ success: false, message: '管理员账号不允许此操作！' });
      const freezeAdmin = await t.req({
        method: 'PUT',
        url: `${API}/frozenBatch`,
        token: other,
        payload: { ids: USER_IDS.admin, status: '2' },
      });
      expect(freezeAdmin.json.message).toBe('管理员账号不允许此操作！');
    });

    it('deletes logically, lists the user in the recycle bin, restores and purges with memberships', async () => {
      const a = newUser();
      const b = newUser();
      await add(a);
      await add(b);
      const ua = await idOf(a.username);
      const ub = await idOf(b.username);
      const token = await t.login(a.username, GOOD_PASSWORD);

      const one = await t.req({ method: 'DELETE', url: `${API}/delete?id=${ua.id}`, token: admin });
      expect(one.json).toMatchObject({ success: true, message: '删除用户成功' });
      expect((await t.req({ method: 'GET', url: `${API}/list`, token })).statusCode).toBe(401);
      const batch = await t.req({ method: 'DELETE', url: `${API}/deleteBatch?ids=${ub.id},`, token: admin });
      expect(batch.json).toMatchObject({ success: true, message: '批量删除用户成功' });
      expect((await idOf(a.username)).delFlag).toBe(1);

      const listed = await t.req({ method: 'GET', url: `${API}/list?username=${a.username}`, token: admin });
      expect(listed.json.result.total).toBe(0);
      const again = await add({ ...newUser(), username: a.username });
      expect(again.json.message).toBe('用户账号已被回收站中的用户使用，请先还原或彻底删除该用户');

      const bin = await t.req({ method: 'GET', url: `${API}/recycleBin`, token: admin });
      expect(bin.json).toMatchObject({ success: true, code: 200 });
      const inBin = bin.json.result.find((r: any) => r.id === ua.id);
      expect(inBin).toMatchObject({ username: a.username, orgCode: '市场部', orgCodeTxt: '市场部' });
      expect(inBin).not.toHaveProperty('password');

      const put = await t.req({
        method: 'PUT',
        url: `${API}/putRecycleBin`,
        token: admin,
        payload: { userIds: ua.id },
      });
      expect(put.json).toMatchObject({ success: true, message: '还原成功' });
      expect((await idOf(a.username)).delFlag).toBe(0);

      // purge only touches users in the bin: the restored one stays
      const purge = await t.req({
        method: 'DELETE',
        url: `${API}/deleteRecycleBin?userIds=${ub.id},${ua.id}`,
        token: admin,
      });
      expect(purge.json).toMatchObject({ success: true, message: '删除成功' });
      expect(await idOf(b.username)).toBeUndefined();
      expect(await idOf(a.username)).toBeDefined();
      expect(await t.database.db.select().from(sysUserRole).where(eq(sysUserRole.userId, ub.id))).toEqual([]);
      expect(await t.database.db.select().from(sysUserDepart).where(eq(sysUserDepart.userId, ub.id))).toEqual([]);
    });

    it('answers 未找到对应实体 when deleting an unknown user', async () => {
      const res = await t.req({ method: 'DELETE', url: `${API}/delete?id=nope`, token: admin });
      expect(res.json).toMatchObject({ success: false, message: '未找到对应实体' });
      const empty = await t.req({ method: 'DELETE', url: `${API}/deleteBatch?ids=,`, token: admin });
      expect(empty.statusCode).toBe(400);
    });
  });

  describe('single-user reads', () => {
    it('queryById answers the user without secrets, or 未找到对应实体', async () => {
      const res = await t.req({ method: 'GET', url: `${API}/queryById?id=${USER_IDS.jeecg}`, token: admin });
      expect(res.json).toMatchObject({ success: true, result: { username: 'jeecg', id: USER_IDS.jeecg } });
      expect(res.json.result).not.toHaveProperty('password');
      expect(res.json.result).not.toHaveProperty('salt');
      const none = await t.req({ method: 'GET', url: `${API}/queryById?id=nope`, token: admin });
      expect(none.json).toMatchObject({ success: false, message: '未找到对应实体' });
    });

    it('queryUserRole lists role ids, or 未找到用户相关角色信息', async () => {
      const res = await t.req({ method: 'GET', url: `${API}/queryUserRole?userid=${USER_IDS.admin}`, token: admin });
      expect(res.json).toMatchObject({ success: true, result: [ROLE_IDS.admin] });
      const none = await t.req({ method: 'GET', url: `${API}/queryUserRole?userid=nope`, token: admin });
      expect(none.json).toMatchObject({ success: false, message: '未找到用户相关角色信息' });
    });

    it('userDepartList answers {key,value,title}, or 查找失败', async () => {
      const res = await t.req({ method: 'GET', url: `${API}/userDepartList?userId=${USER_IDS.jeecg}`, token: admin });
      expect(res.json).toMatchObject({
        success: true,
        message: '查找成功',
        result: [{ key: DEPART_IDS.A01A05, value: DEPART_IDS.A01A05, title: '研发部' }],
      });
      const none = await t.req({ method: 'GET', url: `${API}/userDepartList?userId=nope`, token: admin });
      expect(none.json).toMatchObject({ success: false, message: '查找失败' });
    });

    it('generateUserId answers 32 hex characters', async () => {
      const res = await t.req({ method: 'GET', url: `${API}/generateUserId`, token: admin });
      expect(res.json.result).toMatch(/^[0-9a-f]{32}$/);
    });
  });

  describe('pickers (any signed-in user)', () => {
    it('queryUserComponentData pages users (code 200) with department names, by department and search text', async () => {
      const res = await t.req({
        method: 'GET',
        url: `${API}/queryUserComponentData?departId=${DEPART_IDS.A01}&username=*eec*&pageNo=1&pageSize=5`,
        token: jeecg,
      });
      expect(res.json).toMatchObject({ success: true, code: 200 });
      expect(res.json.result.records.map((r: any) => r.username)).toEqual(['jeecg']);
      const r = res.json.result.records[0];
      expect(r).toMatchObject({ orgCodeTxt: '研发部', sex_dictText: '男' });
      expect(r).not.toHaveProperty('email');
      expect(r).not.toHaveProperty('password');
    });

    it('getMultiUser answers a bare array, still behind authentication', async () => {
      const res = await t.req({ method: 'GET', url: `${API}/getMultiUser?username=admin,jeecg`, token: jeecg });
      expect(Array.isArray(res.json)).toBe(true);
      expect(res.json.map((u: any) => u.username).sort()).toEqual(['admin', 'jeecg']);
      expect(res.json[0]).not.toHaveProperty('salt');
      expect((await t.req({ method: 'GET', url: `${API}/getMultiUser?username=admin` })).statusCode).toBe(401);
    });

    it('queryByIds and queryUserByDepId (department and those below it)', async () => {
      const ids = await t.req({
        method: 'GET',
        url: `${API}/queryByIds?userIds=${USER_IDS.admin},${USER_IDS.jeecg}`,
        token: jeecg,
      });
      expect(ids.json.result.map((u: any) => u.username).sort()).toEqual(['admin', 'jeecg']);
      const dep = await t.req({ method: 'GET', url: `${API}/queryUserByDepId?id=${DEPART_IDS.A01}`, token: jeecg });
      const names = dep.json.result.map((u: any) => u.username);
      expect(names).toEqual(expect.arrayContaining(['admin', 'jeecg']));
      expect(names).not.toContain('zhangsan');
      const byName = await t.req({
        method: 'GET',
        url: `${API}/queryUserByDepId?id=${DEPART_IDS.A01}&realname=${encodeURIComponent('管理')}`,
        token: jeecg,
      });
      expect(byName.json.result.map((u: any) => u.username)).toEqual(['admin']);
    });
  });

  describe('permissions', () => {
    it('a user with only the page menu (jeecg) gets 403 for every mutation and the admin-only reads', async () => {
      const calls: { method: 'POST' | 'PUT' | 'DELETE' | 'GET'; url: string; payload?: unknown }[] = [
        { method: 'POST', url: `${API}/add`, payload: newUser() },
        { method: 'PUT', url: `${API}/edit`, payload: { id: USER_IDS.zhangsan, realname: 'x' } },
        { method: 'POST', url: `${API}/edit`, payload: { id: USER_IDS.zhangsan, realname: 'x' } },
        { method: 'DELETE', url: `${API}/delete?id=${USER_IDS.zhangsan}` },
        { method: 'DELETE', url: `${API}/deleteBatch?ids=${USER_IDS.zhangsan}` },
        { method: 'PUT', url: `${API}/frozenBatch`, payload: { ids: USER_IDS.zhangsan, status: '2' } },
        { method: 'PUT', url: `${API}/changePassword`, payload: { username: 'zhangsan', password: 'Abc@12345' } },
        { method: 'GET', url: `${API}/recycleBin` },
        { method: 'PUT', url: `${API}/putRecycleBin`, payload: { userIds: USER_IDS.zhangsan } },
        { method: 'DELETE', url: `${API}/deleteRecycleBin?userIds=${USER_IDS.zhangsan}` },
        { method: 'GET', url: `${API}/exportXls` },
        { method: 'POST', url: `${API}/importExcel`, payload: {} },
      ];
      for (const c of calls) {
        const res = await t.req({ ...c, token: jeecg } as never);
        expect(res.statusCode, `${c.method} ${c.url}`).toBe(403);
      }
      const z = await idOf('zhangsan');
      expect(z).toMatchObject({ delFlag: 0, status: 1 });
      expect(z.realname).not.toBe('x');
    });
  });

  describe('PUT changePassword (modules/auth)', () => {
    it('sets a new password with a new salt and ends that user’s sessions', async () => {
      const body = newUser();
      await add(body);
      const before = await idOf(body.username);
      const token = await t.login(body.username, GOOD_PASSWORD);
      const res = await t.req({
        method: 'PUT',
        url: `${API}/changePassword`,
        token: admin,
        payload: { username: body.username, password: 'Newpass@2024' },
      });
      expect(res.json).toMatchObject({ success: true, message: '密码修改成功!' });
      expect((await t.req({ method: 'GET', url: `${API}/list`, token })).statusCode).toBe(401);
      const after = await idOf(body.username);
      expect(after.salt).not.toBe(before.salt);
      await expect(t.login(body.username, 'Newpass@2024')).resolves.toBeTruthy();
    });
  });
});
