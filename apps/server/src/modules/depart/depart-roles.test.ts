import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  sysDepartPermission,
  sysDepartRole,
  sysDepartRolePermission,
  sysDepartRoleUser,
  sysPermission,
  sysPermissionDataRule,
  sysUserDepart,
} from '../../db/schema/index.ts';
import { DEPART_IDS, USER_IDS } from '../../db/seed/data.ts';
import { newId } from '../../platform/ids.ts';

const DP = '/jeecg-boot/sys/sysDepartPermission';
const DR = '/jeecg-boot/sys/sysDepartRole';
const U = '/jeecg-boot/sys/user';
const DEP = DEPART_IDS.A02A01;

let t: TestApp;
let admin: string;
let jeecg: string;
const perm: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  jeecg = await t.login('jeecg', '123456');
  const rows = await t.app.ctx.db.select().from(sysPermission);
  for (const r of rows) {
    if (r.perms) perm[r.perms] = r.id;
    if (r.component) perm[r.component] = r.id;
  }
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token = admin) => t.req({ method: 'GET', url, token });
const post = (url: string, payload: object, token = admin) => t.req({ method: 'POST', url, payload, token });
const del = (url: string, token = admin) => t.req({ method: 'DELETE', url, token });
const roleByCode = async (code: string) =>
  (
    await t.app.ctx.db
      .select()
      .from(sysDepartRole)
      .where(and(eq(sysDepartRole.departId, DEP), eq(sysDepartRole.roleCode, code)))
  )[0];

describe('department grants (sysDepartPermission)', () => {
  it('add / list / queryById / edit / delete of a grant', async () => {
    const pos = perm['system/SysPositionList'];
    const addRes = await post(`${DP}/add`, { departId: DEP, permissionId: pos });
    expect(addRes.json).toMatchObject({ success: true, message: '添加成功！' });
    const dup = await post(`${DP}/add`, { departId: DEP, permissionId: pos });
    expect(dup.json).toMatchObject({ success: false, message: '该部门已拥有此权限！' });
    const list = await get(`${DP}/list?departId=${DEP}`);
    expect(list.json.result.records.map((r: { permissionId: string }) => r.permissionId)).toEqual([pos]);
    const id = list.json.result.records[0].id;
    expect((await get(`${DP}/queryById?id=${id}`)).json.result.permissionId).toBe(pos);
    expect((await get(`${DP}/queryById?id=nope`)).json).toMatchObject({ success: false, message: '未找到对应数据' });
    const bad = await post(`${DP}/add`, { departId: 'nope', permissionId: pos });
    expect(bad.json).toMatchObject({ success: false, message: '部门不存在！' });
    const edit = await t.req({
      method: 'PUT',
      url: `${DP}/edit`,
      token: admin,
      payload: { id, departId: DEP, permissionId: pos, dataRuleIds: '' },
    });
    expect(edit.json).toMatchObject({ success: true, message: '编辑成功!' });
    expect((await del(`${DP}/delete?id=${id}`)).json).toMatchObject({ success: true, message: '删除成功!' });
    expect((await del(`${DP}/delete?id=${id}`)).json.success).toBe(false);
  });

  it('queryTreeListForDeptRole answers the granted permissions as a tree + ids', async () => {
    const db = t.app.ctx.db;
    const ids = [perm['system/SysPositionList'], perm['position:add'], perm['position:edit']];
    await db
      .insert(sysDepartPermission)
      .values(ids.map((permissionId) => ({ id: newId(), departId: DEP, permissionId })));
    const res = await get(`${DP}/queryTreeListForDeptRole?departId=${DEP}`);
    expect(res.json.success).toBe(true);
    expect(new Set(res.json.result.ids)).toEqual(new Set(ids));
    // the page's parent (系统管理) is not granted, so the page is not reachable as a root: JeecgBoot drops it too
    expect(res.json.result.treeList).toEqual([]);
    // grant the parent menu as well → page under it, buttons under the page
    const parent = (await db.select().from(sysPermission).where(eq(sysPermission.id, ids[0])))[0].parentId!;
    await db.insert(sysDepartPermission).values({ id: newId(), departId: DEP, permissionId: parent });
    const tree = (await get(`${DP}/queryTreeListForDeptRole?departId=${DEP}`)).json.result.treeList;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ key: parent, value: parent, isLeaf: false, scopedSlots: { title: 'hasDatarule' } });
    const page = tree[0].children[0];
    expect(page).toMatchObject({ key: ids[0], slotTitle: '职务管理', isLeaf: false });
    expect(page.children.map((c: { key: string }) => c.key).sort()).toEqual([ids[1], ids[2]].sort());
    expect((await get(`${DP}/queryTreeListForDeptRole`)).statusCode).toBe(400);
  });

  it('data rules of a department grant', async () => {
    const db = t.app.ctx.db;
    const page = perm['system/SysPositionList'];
    const ruleId = newId();
    await db.insert(sysPermissionDataRule).values({
      id: ruleId,
      permissionId: page,
      ruleName: '本部门',
      ruleColumn: 'sysOrgCode',
      ruleConditions: '=',
      ruleValue: '#{sys_org_code}',
    });
    const none = await get(`${DP}/datarule/${perm['position:add']}/${DEP}`);
    expect(none.json).toMatchObject({ success: false, message: '未找到权限配置信息' });
    const before = await get(`${DP}/datarule/${page}/${DEP}`);
    expect(before.json.result.datarule.map((r: { id: string }) => r.id)).toEqual([ruleId]);
    expect(before.json.result.drChecked).toBeUndefined();
    const save = await post(`${DP}/datarule`, { permissionId: page, departId: DEP, dataRuleIds: `${ruleId},` });
    expect(save.json).toMatchObject({ success: true, message: '保存成功!' });
    expect((await get(`${DP}/datarule/${page}/${DEP}`)).json.result.drChecked).toBe(ruleId);
    const foreign = await post(`${DP}/datarule`, { permissionId: page, departId: DEP, dataRuleIds: 'other' });
    expect(foreign.json.success).toBe(false);
    const ungranted = await post(`${DP}/datarule`, { permissionId: page, departId: DEPART_IDS.A01, dataRuleIds: '' });
    expect(ungranted.json).toMatchObject({ success: false, message: '请先保存部门菜单权限!' });
  });
});

describe('depart roles, their grants and members', () => {
  it('add, duplicate code in the same department, same code elsewhere, edit, list', async () => {
    const r = await post(`${DR}/add`, { departId: DEP, roleName: '职务管理员', roleCode: 'pos_admin' });
    expect(r.json).toMatchObject({ success: true, message: '添加成功！' });
    const dup = await post(`${DR}/add`, { departId: DEP, roleName: 'x', roleCode: 'pos_admin' });
    expect(dup.json).toMatchObject({ success: false, message: '该部门下已存在此角色编码！' });
    const other = await post(`${DR}/add`, { departId: DEPART_IDS.A02A02, roleName: 'y', roleCode: 'pos_admin' });
    expect(other.json.success).toBe(true);
    const bad = await post(`${DR}/add`, { departId: DEP, roleName: 'x', roleCode: "a'b" });
    expect(bad.statusCode).toBe(400);
    const role = await roleByCode('pos_admin');
    const edit = await t.req({
      method: 'PUT',
      url: `${DR}/edit`,
      token: admin,
      payload: { id: role.id, roleName: '职务管理员2', roleCode: 'pos_admin', description: 'd' },
    });
    expect(edit.json).toMatchObject({ success: true, message: '编辑成功!' });
    const list = await get(`${DR}/list?deptId=${DEP}`);
    expect(list.json.result.records.map((x: { roleName: string }) => x.roleName)).toEqual(['职务管理员2']);
    // the parent department's list covers its sub-departments' roles
    const parentList = await get(`${DR}/list?deptId=${DEPART_IDS.A02}`);
    expect(parentList.json.result.total).toBe(2);
    expect((await get(`${DR}/queryById?id=${role.id}`)).json.result.roleCode).toBe('pos_admin');
    expect((await get(`${DR}/getDeptRoleList?departId=${DEP}&userId=${USER_IDS.jeecg}`)).json.result).toHaveLength(1);
  });

  it('saveDeptRolePermission grants within the department grants only, diff style', async () => {
    const role = await roleByCode('pos_admin');
    const outside = await post(`${DP}/saveDeptRolePermission`, {
      roleId: role.id,
      permissionIds: perm['user:add'],
      lastpermissionIds: '',
    });
    expect(outside.json.success).toBe(false);
    const ids = [perm['system/SysPositionList'], perm['position:add']];
    const res = await post(`${DP}/saveDeptRolePermission`, {
      roleId: role.id,
      permissionIds: ids.join(','),
      lastpermissionIds: '',
    });
    expect(res.json).toMatchObject({ success: true, message: '保存成功！' });
    const q = await get(`${DP}/queryDeptRolePermission?roleId=${role.id}`);
    expect(new Set(q.json.result)).toEqual(new Set(ids));
    const rows = await t.app.ctx.db
      .select()
      .from(sysDepartRolePermission)
      .where(eq(sysDepartRolePermission.roleId, role.id));
    expect(rows.every((r) => r.departId === DEP)).toBe(true);
  });

  it('users join the department, take the role, gain its permissions; leaving removes them', async () => {
    const role = await roleByCode('pos_admin');
    expect((await get(`${U}/departUserList?depId=${DEP}`)).json.result.total).toBe(0);
    const join = await post(`${U}/editSysDepartWithUser`, { depId: DEP, userIdList: [USER_IDS.jeecg] });
    expect(join.json).toMatchObject({ success: true, message: '添加成功!' });
    // twice is harmless
    expect((await post(`${U}/editSysDepartWithUser`, { depId: DEP, userIdList: [USER_IDS.jeecg] })).json.success).toBe(
      true,
    );
    const users = await get(`${U}/departUserList?depId=${DEP}`);
    expect(users.json.result.total).toBe(1);
    const rec = users.json.result.records[0];
    expect(rec).toMatchObject({ username: 'jeecg', sex_dictText: '男' });
    expect(rec.orgCode.split(',').sort()).toEqual(['研发部', '财务部'].sort());
    expect(rec.password).toBeUndefined();
    // the parent department lists users of its sub-departments; username filter is a LIKE
    expect((await get(`${U}/departUserList?depId=${DEPART_IDS.A02}&username=jee`)).json.result.total).toBe(1);
    expect((await get(`${U}/departUserList?depId=${DEPART_IDS.A02}&username=zzz`)).json.result.total).toBe(0);
    // no depId: a superior sees the departments in charge (admin: A01 subtree → jeecg, admin)
    const mine = (await get(`${U}/departUserList`)).json.result.records.map((x: { username: string }) => x.username);
    expect(mine.sort()).toEqual(['admin', 'jeecg']);
    expect((await get(`${U}/departUserList`, jeecg)).statusCode).toBe(403);

    // role assignment
    const notMember = await post(`${DR}/deptRoleUserAdd`, {
      userId: USER_IDS.admin,
      newRoleId: role.id,
      oldRoleId: '',
    });
    expect(notMember.json.success).toBe(false);
    const assign = await post(`${DR}/deptRoleUserAdd`, { userId: USER_IDS.jeecg, newRoleId: role.id, oldRoleId: '' });
    expect(assign.json).toMatchObject({ success: true, message: '添加成功！' });
    const mineRoles = await get(`${DR}/getDeptRoleByUserId?userId=${USER_IDS.jeecg}&departId=${DEP}`);
    expect(mineRoles.json.result.map((x: { droleId: string }) => x.droleId)).toEqual([role.id]);
    expect((await t.app.ctx.perms.of(USER_IDS.jeecg)).has('position:add')).toBe(true);
    // jeecg may now add positions (an empty body passes the permission check and fails validation)
    expect((await post('/jeecg-boot/sys/position/add', {}, jeecg)).statusCode).toBe(400);

    // revoke one permission from the role: the member loses it at once
    await post(`${DP}/saveDeptRolePermission`, {
      roleId: role.id,
      permissionIds: perm['system/SysPositionList'],
      lastpermissionIds: `${perm['system/SysPositionList']},${perm['position:add']}`,
    });
    expect((await t.app.ctx.perms.of(USER_IDS.jeecg)).has('position:add')).toBe(false);
    expect((await post('/jeecg-boot/sys/position/add', {}, jeecg)).statusCode).toBe(403);

    // leaving the department also leaves its roles
    const leave = await del(`${U}/deleteUserInDepart?depId=${DEP}&userId=${USER_IDS.jeecg}`);
    expect(leave.json).toMatchObject({ success: true, message: '删除成功!' });
    const left = await t.app.ctx.db
      .select()
      .from(sysDepartRoleUser)
      .where(eq(sysDepartRoleUser.userId, USER_IDS.jeecg));
    expect(left).toEqual([]);
    expect((await t.app.ctx.perms.of(USER_IDS.jeecg)).has('menu:system/SysPositionList')).toBe(false);
    const again = await del(`${U}/deleteUserInDepart?depId=${DEP}&userId=${USER_IDS.jeecg}`);
    expect(again.json).toMatchObject({ success: false, message: '当前选中部门与用户无关联关系!' });
  });

  it('deleteUserInDepartBatch, validation of the membership calls', async () => {
    await post(`${U}/editSysDepartWithUser`, { depId: DEP, userIdList: [USER_IDS.jeecg, USER_IDS.zhangsan] });
    const res = await del(`${U}/deleteUserInDepartBatch?depId=${DEP}&userIds=${USER_IDS.jeecg},${USER_IDS.zhangsan},`);
    expect(res.json).toMatchObject({ success: true, message: '删除成功!' });
    expect(await t.app.ctx.db.select().from(sysUserDepart).where(eq(sysUserDepart.depId, DEP))).toEqual([]);
    expect((await post(`${U}/editSysDepartWithUser`, { depId: DEP, userIdList: ['nope'] })).json.success).toBe(false);
    expect(
      (await post(`${U}/editSysDepartWithUser`, { depId: 'nope', userIdList: [USER_IDS.jeecg] })).json.success,
    ).toBe(false);
    expect((await post(`${U}/editSysDepartWithUser`, { depId: DEP, userIdList: [] })).statusCode).toBe(400);
  });

  it('data rules of a depart role are limited to what the department was given', async () => {
    const role = await roleByCode('pos_admin');
    const page = perm['system/SysPositionList'];
    const [rule] = await t.app.ctx.db
      .select()
      .from(sysPermissionDataRule)
      .where(eq(sysPermissionDataRule.permissionId, page));
    const got = await get(`${DR}/datarule/${page}/${DEP}/${role.id}`);
    expect(got.json.result.datarule.map((r: { id: string }) => r.id)).toEqual([rule.id]);
    const save = await post(`${DR}/datarule`, { permissionId: page, roleId: role.id, dataRuleIds: rule.id });
    expect(save.json).toMatchObject({ success: true, message: '保存成功!' });
    expect((await get(`${DR}/datarule/${page}/${DEP}/${role.id}`)).json.result.drChecked).toBe(rule.id);
    const foreign = await post(`${DR}/datarule`, { permissionId: page, roleId: role.id, dataRuleIds: 'x1' });
    expect(foreign.json.success).toBe(false);
    const noGrant = await post(`${DR}/datarule`, { permissionId: perm['user:add'], roleId: role.id, dataRuleIds: '' });
    expect(noGrant.json).toMatchObject({ success: false, message: '请先保存角色菜单权限!' });
  });

  it('deleting a role removes its grants and members', async () => {
    const role = await roleByCode('pos_admin');
    await post(`${U}/editSysDepartWithUser`, { depId: DEP, userIdList: [USER_IDS.jeecg] });
    await post(`${DR}/deptRoleUserAdd`, { userId: USER_IDS.jeecg, newRoleId: role.id, oldRoleId: '' });
    const res = await del(`${DR}/delete?id=${role.id}`);
    expect(res.json).toMatchObject({ success: true, message: '删除成功!' });
    const db = t.app.ctx.db;
    expect(await db.select().from(sysDepartRoleUser).where(eq(sysDepartRoleUser.droleId, role.id))).toEqual([]);
    expect(await db.select().from(sysDepartRolePermission).where(eq(sysDepartRolePermission.roleId, role.id))).toEqual(
      [],
    );
    expect((await del(`${DR}/deleteBatch?ids=nope,`)).json).toMatchObject({ success: true });
  });
});

describe('access', () => {
  it('jeecg (no depart buttons, no depart pages) gets 403 on every call', async () => {
    const calls = [
      { method: 'GET' as const, url: `${DP}/queryTreeListForDeptRole?departId=${DEP}` },
      { method: 'GET' as const, url: `${DR}/list?deptId=${DEP}` },
      { method: 'POST' as const, url: `${DP}/saveDeptRolePermission`, payload: { roleId: 'x' } },
      { method: 'POST' as const, url: `${DP}/add`, payload: { departId: DEP, permissionId: 'x' } },
      { method: 'DELETE' as const, url: `${DP}/delete?id=x` },
      { method: 'POST' as const, url: `${DP}/datarule`, payload: {} },
      { method: 'POST' as const, url: `${DR}/add`, payload: { departId: DEP, roleName: 'a', roleCode: 'a' } },
      { method: 'PUT' as const, url: `${DR}/edit`, payload: {} },
      { method: 'DELETE' as const, url: `${DR}/delete?id=x` },
      { method: 'DELETE' as const, url: `${DR}/deleteBatch?ids=x` },
      { method: 'POST' as const, url: `${DR}/deptRoleUserAdd`, payload: { userId: USER_IDS.jeecg, newRoleId: 'x' } },
      { method: 'POST' as const, url: `${DR}/datarule`, payload: {} },
      { method: 'POST' as const, url: `${U}/editSysDepartWithUser`, payload: { depId: DEP, userIdList: ['x'] } },
      { method: 'DELETE' as const, url: `${U}/deleteUserInDepart?depId=${DEP}&userId=x` },
      { method: 'DELETE' as const, url: `${U}/deleteUserInDepartBatch?depId=${DEP}&userIds=x` },
    ];
    for (const c of calls) {
      const res = await t.req({ ...c, token: jeecg });
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(403);
    }
  });
});
