import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysPermissionDataRule, sysRole, sysRolePermission, sysUserRole } from '../../db/schema/index.ts';
import { findMenu, ROLE_IDS, USER_IDS } from '../../db/seed/index.ts';
import { menuId } from '../../db/seed/menus.ts';
import { newId } from '../../platform/ids.ts';

const R = '/jeecg-boot/sys/role';
const U = '/jeecg-boot/sys/user';
const USER_PAGE = menuId(findMenu('/isystem/user')!);
let t: TestApp;
let admin: string;
let jeecg: string;

async function roleByCode(code: string) {
  const [r] = await t.app.ctx.db.select().from(sysRole).where(eq(sysRole.roleCode, code));
  return r;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  jeecg = await t.login('jeecg');
});
afterAll(async () => {
  await t?.close();
});

describe('role CRUD', () => {
  it('list: page of roles (code 0), filters, sort allow-list', async () => {
    const res = await t.req({ method: 'GET', url: `${R}/list?pageNo=1&pageSize=10`, token: admin });
    expect(res.json).toMatchObject({ success: true, code: 0 });
    expect(res.json.result.total).toBe(5); // admin, test, hr, caiwu, register_default
    expect(res.json.result.records[0]).toHaveProperty('roleCode');
    const f = await t.req({ method: 'GET', url: `${R}/list?roleName=${encodeURIComponent('*管理*')}`, token: admin });
    expect(f.json.result.records.map((r: any) => r.roleCode)).toEqual(['admin']);
    const bad = await t.req({ method: 'GET', url: `${R}/list?column=password&order=asc`, token: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('add: 添加成功！; a taken code → 角色编码已存在; bad input → Chinese 400', async () => {
    let res = await t.req({
      method: 'POST',
      url: `${R}/add`,
      token: admin,
      payload: { roleName: '审核员', roleCode: 'auditor', description: '审核', id: 'forged', createBy: 'x' },
    });
    expect(res.json).toMatchObject({ success: true, code: 200, message: '添加成功！' });
    const r = await roleByCode('auditor');
    expect(r).toMatchObject({ roleName: '审核员', description: '审核', createBy: 'admin' });
    expect(r.id).not.toBe('forged');
    res = await t.req({
      method: 'POST',
      url: `${R}/add`,
      token: admin,
      payload: { roleName: 'x', roleCode: 'auditor' },
    });
    expect(res.json).toMatchObject({ success: false, message: '角色编码已存在' });
    res = await t.req({ method: 'POST', url: `${R}/add`, token: admin, payload: { roleName: 'x', roleCode: '审核' } });
    expect(res.statusCode).toBe(400);
    expect(res.json.message).toMatch(/角色编码不可输入汉字/);
    res = await t.req({ method: 'POST', url: `${R}/add`, token: admin, payload: { roleCode: 'zz' } });
    expect(res.json.message).toMatch(/角色名称不能为空/);
  });

  it('checkRoleCode: taken by another role → success false 角色编码已存在; own code or free code → ok', async () => {
    const r = await roleByCode('auditor');
    let res = await t.req({ method: 'GET', url: `${R}/checkRoleCode?roleCode=auditor`, token: admin });
    expect(res.json).toMatchObject({ success: false, message: '角色编码已存在' });
    res = await t.req({ method: 'GET', url: `${R}/checkRoleCode?roleCode=auditor&id=${r.id}`, token: admin });
    expect(res.json.success).toBe(true);
    res = await t.req({ method: 'GET', url: `${R}/checkRoleCode?roleCode=free_code&id=`, token: admin });
    expect(res.json).toMatchObject({ success: true, result: true });
  });

  it('edit: 修改成功!; not found; code uniqueness', async () => {
    const r = await roleByCode('auditor');
    let res = await t.req({
      method: 'PUT',
      url: `${R}/edit`,
      token: admin,
      payload: { id: r.id, roleName: '审核员2', roleCode: 'auditor', description: null },
    });
    expect(res.json).toMatchObject({ success: true, message: '修改成功!' });
    expect(await roleByCode('auditor')).toMatchObject({ roleName: '审核员2', description: null, updateBy: 'admin' });
    res = await t.req({
      method: 'PUT',
      url: `${R}/edit`,
      token: admin,
      payload: { id: r.id, roleName: 'a', roleCode: 'test' },
    });
    expect(res.json).toMatchObject({ success: false, message: '角色编码已存在' });
    res = await t.req({ method: 'POST', url: `${R}/edit`, token: admin, payload: { id: 'nope', roleName: 'a' } });
    expect(res.json).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('queryById / queryall', async () => {
    let res = await t.req({ method: 'GET', url: `${R}/queryById?id=${ROLE_IDS.test}`, token: admin });
    expect(res.json.result).toMatchObject({ id: ROLE_IDS.test, roleCode: 'test' });
    res = await t.req({ method: 'GET', url: `${R}/queryById?id=nope`, token: admin });
    expect(res.json).toMatchObject({ success: false, message: '未找到对应实体' });
    res = await t.req({ method: 'GET', url: `${R}/queryall`, token: admin });
    expect(res.json.result.map((r: any) => r.roleCode)).toEqual(expect.arrayContaining(['admin', 'test', 'auditor']));
  });

  it('delete removes the role with its memberships and grants; deleteBatch needs ids', async () => {
    const r = await roleByCode('auditor');
    const db = t.app.ctx.db;
    await db.insert(sysUserRole).values({ id: newId(), userId: USER_IDS.zhangsan, roleId: r.id });
    await db.insert(sysRolePermission).values({ id: newId(), roleId: r.id, permissionId: USER_PAGE });
    let res = await t.req({ method: 'DELETE', url: `${R}/delete?id=${r.id}`, token: admin });
    expect(res.json).toMatchObject({ success: true, message: '删除角色成功' });
    expect(await roleByCode('auditor')).toBeUndefined();
    expect(await db.select().from(sysUserRole).where(eq(sysUserRole.roleId, r.id))).toEqual([]);
    expect(await db.select().from(sysRolePermission).where(eq(sysRolePermission.roleId, r.id))).toEqual([]);
    res = await t.req({ method: 'DELETE', url: `${R}/deleteBatch?ids=`, token: admin });
    expect(res.json).toMatchObject({ success: false, message: '未选中角色！' });
    for (const code of ['b1', 'b2']) {
      await t.req({ method: 'POST', url: `${R}/add`, token: admin, payload: { roleName: code, roleCode: code } });
    }
    const ids = [(await roleByCode('b1')).id, (await roleByCode('b2')).id];
    res = await t.req({ method: 'DELETE', url: `${R}/deleteBatch?ids=${ids.join(',')},`, token: admin });
    expect(res.json).toMatchObject({ success: true, message: '删除角色成功!' });
    expect(await roleByCode('b1')).toBeUndefined();
  });

  it('jeecg (no role page) gets 403 on reads and every mutation; nothing changes', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `${R}/list`],
      ['GET', `${R}/queryTreeList`],
      ['POST', `${R}/add`, { roleName: 'h', roleCode: 'h' }],
      ['PUT', `${R}/edit`, { id: ROLE_IDS.test, roleName: 'h' }],
      ['DELETE', `${R}/delete?id=${ROLE_IDS.test}`],
      ['DELETE', `${R}/deleteBatch?ids=${ROLE_IDS.test}`],
      ['POST', `${R}/datarule`, { permissionId: USER_PAGE, roleId: ROLE_IDS.test, dataRuleIds: '' }],
      ['GET', `${R}/exportXls`],
      ['POST', `${U}/addSysUserRole`, { roleId: ROLE_IDS.admin, userIdList: [USER_IDS.jeecg] }],
      ['DELETE', `${U}/deleteUserRole?roleId=${ROLE_IDS.test}&userId=${USER_IDS.jeecg}`],
      ['DELETE', `${U}/deleteUserRoleBatch?roleId=${ROLE_IDS.test}&userIds=${USER_IDS.jeecg}`],
      ['GET', `${U}/userRoleList?roleId=${ROLE_IDS.admin}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.req({ method: method as 'POST', url, payload: payload as object, token: jeecg });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await roleByCode('test')).toMatchObject({ roleName: '临时角色' });
    const members = await t.app.ctx.db.select().from(sysUserRole).where(eq(sysUserRole.userId, USER_IDS.jeecg));
    expect(members.map((m) => m.roleId)).toEqual([ROLE_IDS.test]);
  });
});

describe('authorisation tree and role data rules', () => {
  it('queryTreeList: {treeList, ids}, TreeModel with ruleFlag and the hasDatarule slot', async () => {
    const res = await t.req({ method: 'GET', url: `${R}/queryTreeList`, token: admin });
    const { treeList, ids } = res.json.result;
    expect(ids).toContain(USER_PAGE);
    const sys = treeList.find((n: any) => n.slotTitle === '系统管理');
    const users = sys.children.find((n: any) => n.key === USER_PAGE);
    expect(users).toMatchObject({
      value: USER_PAGE,
      slotTitle: '用户管理',
      ruleFlag: 0,
      scopedSlots: { title: 'hasDatarule' },
    });
    expect(users.children.map((c: any) => c.slotTitle)).toContain('添加用户');
  });

  it('datarule: GET lists the menu rules and the role’s checked ids; POST needs the menu granted first', async () => {
    const db = t.app.ctx.db;
    let res = await t.req({ method: 'GET', url: `${R}/datarule/${USER_PAGE}/${ROLE_IDS.test}`, token: admin });
    expect(res.json).toMatchObject({ success: false, message: '未找到权限配置信息' });
    const ruleId = newId();
    const otherRule = newId();
    await db.insert(sysPermissionDataRule).values([
      {
        id: ruleId,
        permissionId: USER_PAGE,
        ruleName: '本人',
        ruleColumn: 'username',
        ruleConditions: '=',
        ruleValue: '#{sys_user_code}',
      },
      {
        id: otherRule,
        permissionId: menuId(findMenu('/isystem/dict')!),
        ruleName: 'x',
        ruleColumn: 'a',
        ruleConditions: '=',
        ruleValue: '1',
      },
    ]);
    res = await t.req({ method: 'GET', url: `${R}/datarule/${USER_PAGE}/${ROLE_IDS.test}`, token: admin });
    expect(res.json.success).toBe(true);
    expect(res.json.result.datarule.map((r: any) => r.id)).toEqual([ruleId]);
    expect(res.json.result.drChecked).toBeUndefined();

    res = await t.req({
      method: 'POST',
      url: `${R}/datarule`,
      token: admin,
      payload: { permissionId: USER_PAGE, roleId: ROLE_IDS.test, dataRuleIds: `${ruleId},` },
    });
    expect(res.json).toMatchObject({ success: true, message: '保存成功!' });
    res = await t.req({ method: 'GET', url: `${R}/datarule/${USER_PAGE}/${ROLE_IDS.test}`, token: admin });
    expect(res.json.result.drChecked).toBe(ruleId);

    // a rule of another menu is refused
    res = await t.req({
      method: 'POST',
      url: `${R}/datarule`,
      token: admin,
      payload: { permissionId: USER_PAGE, roleId: ROLE_IDS.test, dataRuleIds: otherRule },
    });
    expect(res.json.success).toBe(false);
    // role hr does not hold the user page
    res = await t.req({
      method: 'POST',
      url: `${R}/datarule`,
      token: admin,
      payload: { permissionId: USER_PAGE, roleId: ROLE_IDS.hr, dataRuleIds: ruleId },
    });
    expect(res.json).toMatchObject({ success: false, message: '请先保存角色菜单权限!' });
    // clearing
    res = await t.req({
      method: 'POST',
      url: `${R}/datarule`,
      token: admin,
      payload: { permissionId: USER_PAGE, roleId: ROLE_IDS.test, dataRuleIds: '' },
    });
    expect(res.json.success).toBe(true);
    res = await t.req({ method: 'GET', url: `${R}/datarule/${USER_PAGE}/${ROLE_IDS.test}`, token: admin });
    expect(res.json.result.drChecked).toBeUndefined();
  });
});

describe('role members (/sys/user/…)', () => {
  it('userRoleList pages the role’s users (no password/salt, dict texts); add, remove, batch remove', async () => {
    await t.req({
      method: 'DELETE',
      url: `${U}/deleteUserRole?roleId=${ROLE_IDS.test}&userId=${USER_IDS.zhangsan}`,
      token: admin,
    });
    let res = await t.req({ method: 'GET', url: `${U}/userRoleList?roleId=${ROLE_IDS.test}`, token: admin });
    expect(res.json).toMatchObject({ success: true, code: 0 });
    expect(res.json.result.records.map((u: any) => u.username)).toEqual(['jeecg']);
    const rec = res.json.result.records[0];
    expect(rec).not.toHaveProperty('password');
    expect(rec).not.toHaveProperty('salt');
    expect(rec.sex_dictText).toBe('男');

    res = await t.req({
      method: 'POST',
      url: `${U}/addSysUserRole`,
      token: admin,
      payload: { roleId: ROLE_IDS.test, userIdList: [USER_IDS.zhangsan, USER_IDS.jeecg] },
    });
    expect(res.json).toMatchObject({ success: true, message: '添加成功!' });
    res = await t.req({
      method: 'GET',
      url: `${U}/userRoleList?roleId=${ROLE_IDS.test}&column=username&order=asc`,
      token: admin,
    });
    expect(res.json.result.records.map((u: any) => u.username)).toEqual(['jeecg', 'zhangsan']);
    res = await t.req({
      method: 'GET',
      url: `${U}/userRoleList?roleId=${ROLE_IDS.test}&username=${encodeURIComponent('*zhang*')}`,
      token: admin,
    });
    expect(res.json.result.records.map((u: any) => u.username)).toEqual(['zhangsan']);
    res = await t.req({ method: 'GET', url: `${U}/userRoleList`, token: admin });
    expect(res.json.result.total).toBe(0);

    res = await t.req({
      method: 'POST',
      url: `${U}/addSysUserRole`,
      token: admin,
      payload: { roleId: ROLE_IDS.test, userIdList: ['nope'] },
    });
    expect(res.json).toMatchObject({ success: false, message: '未找到用户信息' });
    res = await t.req({
      method: 'POST',
      url: `${U}/addSysUserRole`,
      token: admin,
      payload: { roleId: 'nope', userIdList: [USER_IDS.zhangsan] },
    });
    expect(res.json).toMatchObject({ success: false, message: '未找到对应实体' });
    res = await t.req({
      method: 'POST',
      url: `${U}/addSysUserRole`,
      token: admin,
      payload: { roleId: ROLE_IDS.test, userIdList: [] },
    });
    expect(res.statusCode).toBe(400);

    res = await t.req({
      method: 'DELETE',
      url: `${U}/deleteUserRoleBatch?roleId=${ROLE_IDS.test}&userIds=${USER_IDS.zhangsan},${USER_IDS.jeecg},`,
      token: admin,
    });
    expect(res.json).toMatchObject({ success: true, message: '删除成功!' });
    res = await t.req({ method: 'GET', url: `${U}/userRoleList?roleId=${ROLE_IDS.test}`, token: admin });
    expect(res.json.result.total).toBe(0);
    // put them back
    await t.req({
      method: 'POST',
      url: `${U}/addSysUserRole`,
      token: admin,
      payload: { roleId: ROLE_IDS.test, userIdList: [USER_IDS.jeecg, USER_IDS.zhangsan] },
    });
  });
});

describe('export / import', () => {
  it('exportXls answers an .xlsx of the roles; importExcel inserts valid rows and reports bad ones (code 201)', async () => {
    const exp = await t.req({ method: 'GET', url: `${R}/exportXls`, token: admin });
    expect(exp.statusCode).toBe(200);
    expect(exp.headers['content-type']).toMatch(/spreadsheetml/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['角色名称', '角色编码', '描述']));
    expect(sheet.rowCount).toBeGreaterThanOrEqual(5);

    const out = new ExcelJS.Workbook();
    const s = out.addWorksheet('roles');
    s.addRow(['角色名称', '角色编码', '描述']);
    s.addRow(['导入角色', 'imp_1', 'ok']);
    s.addRow(['重复', 'admin', '']);
    s.addRow(['', 'imp_2', '']);
    s.addRow(['同文件重复', 'imp_1', '']);
    const buf = Buffer.from(await out.xlsx.writeBuffer());
    const boundary = '----roleimport';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="roles.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
      ),
      buf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.req({
      method: 'POST',
      url: `${R}/importExcel`,
      token: admin,
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.json).toMatchObject({ success: true, code: 201 });
    expect(res.json.result.msg).toBe('总上传行数：4，已导入行数：1，错误行数：3');
    expect(await roleByCode('imp_1')).toMatchObject({ roleName: '导入角色', description: 'ok' });
    expect(await roleByCode('imp_2')).toBeUndefined();
  });
});

describe('queryall on an empty table', () => {
  it('answers 未找到角色信息 (runs last: deletes every role)', async () => {
    await t.app.ctx.db.delete(sysRole);
    const res = await t.req({ method: 'GET', url: `${R}/queryall`, token: admin });
    expect(res.json).toMatchObject({ success: false, message: '未找到角色信息' });
  });
});
