import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  sysDepartPermission,
  sysDepartRole,
  sysDepartRolePermission,
  sysPermission,
  sysRolePermission,
} from '../../db/schema/index.ts';
import { DEPART_IDS, findMenu, USER_IDS } from '../../db/seed/index.ts';
import { menuId } from '../../db/seed/menus.ts';
import { newId } from '../../platform/ids.ts';
import { diffIds } from './grants.ts';
import { findByTitle } from './testing.ts';

let t: TestApp;
let admin: string;
let jeecg: string;

const SYSTEM = menuId(findMenu('/isystem')!);
const USER_PAGE = menuId(findMenu('/isystem/user')!);
const MENU_PAGE = menuId(findMenu('/isystem/permission')!);
const DICT_PAGE = menuId(findMenu('/isystem/dict')!);

async function button(perms: string) {
  const [r] = await t.app.ctx.db.select().from(sysPermission).where(eq(sysPermission.perms, perms));
  return r.id;
}
async function grantsOf(roleId: string) {
  const rows = await t.app.ctx.db.select().from(sysRolePermission).where(eq(sysRolePermission.roleId, roleId));
  return rows.map((r) => r.permissionId).sort();
}
async function newRole(code: string): Promise<string> {
  const res = await t.req({
    method: 'POST',
    url: '/jeecg-boot/sys/role/add',
    token: admin,
    payload: { roleName: `角色${code}`, roleCode: code },
  });
  expect(res.json.success).toBe(true);
  const list = await t.req({ method: 'GET', url: `/jeecg-boot/sys/role/list?roleCode=${code}`, token: admin });
  return list.json.result.records[0].id;
}
const save = (payload: Record<string, unknown>, token = admin) =>
  t.req({ method: 'POST', url: '/jeecg-boot/sys/permission/saveRolePermission', payload, token });
const permOf = async (token: string) =>
  (await t.req({ method: 'GET', url: '/jeecg-boot/sys/permission/getUserPermissionByToken', token })).json.result;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  jeecg = await t.login('jeecg');
});
afterAll(async () => {
  await t?.close();
});

describe('diffIds', () => {
  it('adds the ids new in now, removes the ids only in last', () => {
    expect(diffIds(['b', 'c'], ['a', 'b'])).toEqual({ add: ['c'], remove: ['a'] });
    expect(diffIds([], [])).toEqual({ add: [], remove: [] });
    expect(diffIds(['a', 'a'], [])).toEqual({ add: ['a'], remove: [] });
  });
});

describe('saveRolePermission (diff semantics)', () => {
  it('inserts the new ids, deletes only ids dropped since the load, keeps grants made meanwhile', async () => {
    const roleId = await newRole('diff_a');
    const a = SYSTEM;
    const b = USER_PAGE;
    const c = DICT_PAGE;
    const d = MENU_PAGE;
    let res = await save({ roleId, permissionIds: `${a},${b},`, lastpermissionIds: '' });
    expect(res.json).toMatchObject({ success: true, code: 200, message: '保存成功！' });
    expect(await grantsOf(roleId)).toEqual([a, b].sort());
    // someone else grants d meanwhile
    await t.app.ctx.db.insert(sysRolePermission).values({ id: newId(), roleId, permissionId: d });
    res = await save({ roleId, permissionIds: `${b},${c}`, lastpermissionIds: `${a},${b}` });
    expect(res.json.success).toBe(true);
    expect(await grantsOf(roleId)).toEqual([b, c, d].sort());
    const q = await t.req({
      method: 'GET',
      url: `/jeecg-boot/sys/permission/queryRolePermission?roleId=${roleId}`,
      token: admin,
    });
    expect(q.json).toMatchObject({ success: true, code: 0 });
    expect([...q.json.result].sort()).toEqual([b, c, d].sort());
    // saving the same again is a no-op (no duplicate rows)
    await save({ roleId, permissionIds: `${b},${c}`, lastpermissionIds: '' });
    expect(await grantsOf(roleId)).toEqual([b, c, d].sort());
  });

  it('an unknown role or permission id → 授权失败！ and nothing changes', async () => {
    const roleId = await newRole('diff_b');
    await save({ roleId, permissionIds: SYSTEM, lastpermissionIds: '' });
    let res = await save({ roleId, permissionIds: `${USER_PAGE},nope`, lastpermissionIds: SYSTEM });
    expect(res.json).toMatchObject({ success: false, message: '授权失败！' });
    expect(await grantsOf(roleId)).toEqual([SYSTEM]);
    res = await save({ roleId: 'nope', permissionIds: SYSTEM, lastpermissionIds: '' });
    expect(res.json).toMatchObject({ success: false, message: '授权失败！' });
    res = await save({ roleId, permissionIds: "x' or 1=1", lastpermissionIds: '' });
    expect(res.statusCode).toBe(400);
    res = await save({ permissionIds: SYSTEM });
    expect(res.statusCode).toBe(400);
    expect(res.json.message).toMatch(/roleId/);
  });

  it('needs role:authorize: jeecg gets 403', async () => {
    const res = await save({ roleId: 'x', permissionIds: SYSTEM, lastpermissionIds: '' }, jeecg);
    expect(res.statusCode).toBe(403);
    const q = await t.req({
      method: 'GET',
      url: '/jeecg-boot/sys/permission/queryRolePermission?roleId=x',
      token: jeecg,
    });
    expect(q.statusCode).toBe(403);
  });
});

describe('grants apply on the next request, without signing in again', () => {
  it('jeecg gains a button and a page through a new role; losing the role shrinks the menu and the API answers 403', async () => {
    // jeecg cannot read the menu page yet (this also primes the permission cache)
    expect((await t.req({ method: 'GET', url: '/jeecg-boot/sys/permission/list', token: jeecg })).statusCode).toBe(403);
    let perm = await permOf(jeecg);
    expect(perm.auth.map((a: any) => a.action)).not.toContain('user:add');

    const roleId = await newRole('grant_live');
    const userAdd = await button('user:add');
    await save({ roleId, permissionIds: [SYSTEM, USER_PAGE, userAdd, MENU_PAGE].join(','), lastpermissionIds: '' });
    const add = await t.req({
      method: 'POST',
      url: '/jeecg-boot/sys/user/addSysUserRole',
      token: admin,
      payload: { roleId, userIdList: [USER_IDS.jeecg] },
    });
    expect(add.json).toMatchObject({ success: true, message: '添加成功!' });

    perm = await permOf(jeecg);
    expect(perm.auth).toContainEqual({ action: 'user:add', type: '1', describe: '添加用户' });
    expect(findByTitle(perm.menu, '菜单管理')).toBeDefined();
    expect((await t.req({ method: 'GET', url: '/jeecg-boot/sys/permission/list', token: jeecg })).statusCode).toBe(200);

    // revoke only the button: the next answer drops it
    await save({
      roleId,
      permissionIds: [SYSTEM, USER_PAGE, MENU_PAGE].join(','),
      lastpermissionIds: [userAdd].join(','),
    });
    perm = await permOf(jeecg);
    expect(perm.auth.map((a: any) => a.action)).not.toContain('user:add');

    // remove jeecg from the role
    const del = await t.req({
      method: 'DELETE',
      url: `/jeecg-boot/sys/user/deleteUserRole?roleId=${roleId}&userId=${USER_IDS.jeecg}`,
      token: admin,
    });
    expect(del.json).toMatchObject({ success: true, message: '删除成功!' });
    perm = await permOf(jeecg);
    expect(findByTitle(perm.menu, '菜单管理')).toBeUndefined();
    expect(findByTitle(perm.menu, '用户管理')).toBeDefined();
    expect((await t.req({ method: 'GET', url: '/jeecg-boot/sys/permission/list', token: jeecg })).statusCode).toBe(403);

    // back in, then the whole role is deleted
    await t.req({
      method: 'POST',
      url: '/jeecg-boot/sys/user/addSysUserRole',
      token: admin,
      payload: { roleId, userIdList: [USER_IDS.jeecg] },
    });
    expect((await t.req({ method: 'GET', url: '/jeecg-boot/sys/permission/list', token: jeecg })).statusCode).toBe(200);
    const gone = await t.req({ method: 'DELETE', url: `/jeecg-boot/sys/role/delete?id=${roleId}`, token: admin });
    expect(gone.json).toMatchObject({ success: true, message: '删除角色成功' });
    expect((await t.req({ method: 'GET', url: '/jeecg-boot/sys/permission/list', token: jeecg })).statusCode).toBe(403);
    expect(findByTitle((await permOf(jeecg)).menu, '菜单管理')).toBeUndefined();
  });

  it('a menu added by admin is granted to admin’s roles holding its parent only (jeecg’s role test does not get it)', async () => {
    const res = await t.req({
      method: 'POST',
      url: '/jeecg-boot/sys/permission/add',
      token: admin,
      payload: { name: '新页面', menuType: 1, parentId: SYSTEM, url: '/isystem/newPage', component: 'system/NewPage' },
    });
    expect(res.json.success).toBe(true);
    expect(findByTitle((await permOf(admin)).menu, '新页面')).toBeDefined();
    expect(findByTitle((await permOf(jeecg)).menu, '新页面')).toBeUndefined();
  });
});

describe('saveDepartPermission / queryDepartPermission', () => {
  it('same diff on sys_depart_permission; a permission taken from the department leaves its department roles', async () => {
    const db = t.app.ctx.db;
    const departId = DEPART_IDS.A01A05;
    const url = '/jeecg-boot/sys/permission/saveDepartPermission';
    let res = await t.req({
      method: 'POST',
      url,
      token: admin,
      payload: { departId, permissionIds: `${SYSTEM},${USER_PAGE},${DICT_PAGE}`, lastpermissionIds: '' },
    });
    expect(res.json).toMatchObject({ success: true, message: '保存成功！' });
    const droleId = newId();
    await db.insert(sysDepartRole).values({ id: droleId, departId, roleName: '研发', roleCode: 'dev_r' });
    await db.insert(sysDepartRolePermission).values([
      { id: newId(), departId, roleId: droleId, permissionId: DICT_PAGE },
      { id: newId(), departId, roleId: droleId, permissionId: USER_PAGE },
    ]);
    res = await t.req({
      method: 'POST',
      url,
      token: admin,
      payload: {
        departId,
        permissionIds: `${SYSTEM},${USER_PAGE}`,
        lastpermissionIds: `${SYSTEM},${USER_PAGE},${DICT_PAGE}`,
      },
    });
    expect(res.json.success).toBe(true);
    const q = await t.req({
      method: 'GET',
      url: `/jeecg-boot/sys/permission/queryDepartPermission?departId=${departId}`,
      token: admin,
    });
    expect([...q.json.result].sort()).toEqual([SYSTEM, USER_PAGE].sort());
    const left = await db.select().from(sysDepartRolePermission).where(eq(sysDepartRolePermission.roleId, droleId));
    expect(left.map((r) => r.permissionId)).toEqual([USER_PAGE]);
    const bad = await t.req({
      method: 'POST',
      url,
      token: admin,
      payload: { departId: 'nope', permissionIds: SYSTEM, lastpermissionIds: '' },
    });
    expect(bad.json).toMatchObject({ success: false, message: '授权失败！' });
    const denied = await t.req({
      method: 'POST',
      url,
      token: jeecg,
      payload: { departId, permissionIds: '', lastpermissionIds: SYSTEM },
    });
    expect(denied.statusCode).toBe(403);
    expect((await db.select().from(sysDepartPermission).where(eq(sysDepartPermission.departId, departId))).length).toBe(
      2,
    );
  });
});
