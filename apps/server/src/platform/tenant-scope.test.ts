import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  sysAnnouncement,
  sysDepart,
  sysDepartPermission,
  sysDepartRole,
  sysDepartRolePermission,
  sysDepartRoleUser,
  sysMessage,
  sysRole,
  sysRolePermission,
  sysTenant,
  sysUser,
  sysUserDepart,
} from '../db/schema/index.ts';
import { ROLE_IDS } from '../db/seed/data.ts';
import { signedHeaders, specPath } from '../modules/dict/test-helpers.ts';
import { tenantIdsOf, tenantScopedTables } from './tenant-scope.ts';

/**
 * Tenant isolation (security rule 15, ADR 017): a user working in tenant B never sees or changes tenant A's rows —
 * lists, queryById, edits, deletes, exports, pickers, table dictionaries, counts — by header, parameter or id
 * guessing; the platform administrator switches tenants explicitly with the tenant-id header.
 */

const A = 7101;
const B = 7102;
const PASSWORD = 'Abc@12345';
const API = '/jeecg-boot';

let t: TestApp;
let admin: string;
let userA: string;
let userB: string;
const ids = { ua: '', ub: '', roleA: 'tenant-role-a', roleB: 'tenant-role-b', departA: 'tenant-depart-a' };

type Opts = { token: string; tenant?: number | string; headers?: Record<string, string> };
const get = (url: string, o: Opts) =>
  t.req({
    method: 'GET',
    url,
    token: o.token,
    headers: { ...(o.tenant !== undefined ? { 'tenant-id': String(o.tenant) } : {}), ...(o.headers ?? {}) },
  });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, o: Opts, payload?: unknown) =>
  t.req({
    method,
    url,
    token: o.token,
    payload: payload as never,
    headers: o.tenant !== undefined ? { 'tenant-id': String(o.tenant) } : {},
  });
const usernames = (res: { json: any }) => (res.json.result.records as { username: string }[]).map((r) => r.username);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const db = t.database.db;
  await db.insert(sysTenant).values([
    { id: A, name: '租户甲', status: 1 },
    { id: B, name: '租户乙', status: 1 },
  ]);
  // each tenant has an administrator role with the platform admin's grants, owned by the tenant
  const grants = await db
    .select({ permissionId: sysRolePermission.permissionId })
    .from(sysRolePermission)
    .where(eq(sysRolePermission.roleId, ROLE_IDS.admin));
  for (const [id, code, tenantId] of [
    [ids.roleA, 'tenant_admin_a', A],
    [ids.roleB, 'tenant_admin_b', B],
  ] as const) {
    await db.insert(sysRole).values({ id, roleCode: code, roleName: `管理员${code}`, tenantId });
    await db
      .insert(sysRolePermission)
      .values(grants.map((g, i) => ({ id: `${id}-${i}`, roleId: id, permissionId: g.permissionId })));
  }
  await db.insert(sysDepart).values({
    id: ids.departA,
    departName: '甲的部门',
    orgCode: 'Z91',
    parentId: '',
    tenantId: A,
  });
  await db.insert(sysAnnouncement).values({
    id: 'tenant-annt-a',
    titile: '甲的公告',
    sendStatus: '0',
    msgType: 'ALL',
    msgCategory: '1',
    tenantId: A,
  });
  await db.insert(sysMessage).values({ id: 'tenant-msg-a', esTitle: '甲的消息', esType: '3', tenantId: A });

  // users are created by the platform administrator, each in one tenant
  for (const [name, tenant, role] of [
    ['tenant_user_a', A, ids.roleA],
    ['tenant_user_b', B, ids.roleB],
  ] as const) {
    const res = await send(
      'POST',
      `${API}/sys/user/add`,
      { token: admin },
      {
        username: name,
        realname: `租户用户${name.slice(-1)}`,
        password: PASSWORD,
        confirmpassword: PASSWORD,
        selectedroles: role,
        relTenantIds: String(tenant),
      },
    );
    expect(res.json).toMatchObject({ success: true });
  }
  const [ua] = await db.select().from(sysUser).where(eq(sysUser.username, 'tenant_user_a'));
  const [ub] = await db.select().from(sysUser).where(eq(sysUser.username, 'tenant_user_b'));
  ids.ua = ua.id;
  ids.ub = ub.id;
  userA = await t.login('tenant_user_a', PASSWORD);
  userB = await t.login('tenant_user_b', PASSWORD);
});

afterAll(async () => {
  await t.close();
});

describe('tenancy of a request', () => {
  it('declares the tenant-scoped tables', () => {
    expect(tenantScopedTables().sort()).toEqual([
      'answer_reservation',
      'answer_session',
      'demo',
      'oss_file',
      'quiz_attempt',
      'quiz_exam',
      'quiz_exam_override',
      'quiz_paper',
      'quiz_paper_section',
      'quiz_question',
      'quiz_subject',
      'sys_announcement',
      'sys_depart',
      'sys_role',
      'sys_sms',
      'sys_user',
    ]);
    expect(tenantIdsOf(' 1, 2,,x,2')).toEqual([1, 2]);
  });

  it('a tenant user cannot pick another tenant by header (spoofing answers 用户租户信息变更)', async () => {
    for (const tenant of [A, '0 or 1=1', '-1', '99999999999']) {
      const res = await get(`${API}/sys/user/list`, { token: userB, tenant });
      expect(res.statusCode).toBe(401);
      expect(res.json.message).toBe('用户租户信息变更,请重新登陆!');
    }
  });

  it('a user of no tenant who does not administer tenants cannot switch', async () => {
    const jeecg = await t.login('jeecg', '123456');
    const res = await get(`${API}/sys/role/list`, { token: jeecg, tenant: A });
    expect(res.statusCode).toBe(401);
  });
});

describe('users', () => {
  it('lists and counts only the tenant’s users, header 0 or absent meaning the user’s own tenant', async () => {
    for (const tenant of [undefined, 0, B]) {
      const res = await get(`${API}/sys/user/list?pageSize=100`, { token: userB, tenant });
      expect(usernames(res)).toEqual(['tenant_user_b']);
      expect(res.json.result.total).toBe(1);
    }
    // a filter naming the other tenant's user finds nothing
    const res = await get(`${API}/sys/user/list?username=tenant_user_a&relTenantIds=${A}`, { token: userB });
    expect(res.json.result.total).toBe(0);
  });

  it('another tenant’s user id answers not found for queryById, roles, departments, edit, freeze, delete', async () => {
    const byId = await get(`${API}/sys/user/queryById?id=${ids.ua}`, { token: userB });
    expect(byId.json).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await get(`${API}/sys/user/queryUserRole?userid=${ids.ua}`, { token: userB })).json.success).toBe(false);
    expect((await get(`${API}/sys/user/userDepartList?userId=${ids.ua}`, { token: userB })).json.success).toBe(false);
    const edit = await send('PUT', `${API}/sys/user/edit`, { token: userB }, { id: ids.ua, realname: '改名' });
    expect(edit.json).toMatchObject({ success: false, message: '未找到对应实体' });
    const freeze = await send('PUT', `${API}/sys/user/frozenBatch`, { token: userB }, { ids: ids.ua, status: '2' });
    expect(freeze.json.success).toBe(false);
    const del = await send('DELETE', `${API}/sys/user/delete?id=${ids.ua}`, { token: userB });
    expect(del.json.success).toBe(false);
    const [ua] = await t.database.db.select().from(sysUser).where(eq(sysUser.id, ids.ua));
    expect(ua).toMatchObject({ realname: '租户用户a', status: 1, delFlag: 0 });
  });

  it('pickers and the export never carry the other tenant’s users', async () => {
    const comp = await get(`${API}/sys/user/queryUserComponentData?pageSize=100`, { token: userB });
    expect(usernames(comp)).toEqual(['tenant_user_b']);
    const multi = await get(`${API}/sys/user/getMultiUser?username=tenant_user_a,tenant_user_b`, { token: userB });
    expect((multi.json as { username: string }[]).map((u) => u.username)).toEqual(['tenant_user_b']);
    const byIds = await get(`${API}/sys/user/queryByIds?userIds=${ids.ua},${ids.ub}`, { token: userB });
    expect((byIds.json.result as { id: string }[]).map((u) => u.id)).toEqual([ids.ub]);
    const xls = await get(`${API}/sys/user/exportXls?selections=${ids.ua},${ids.ub}`, { token: userB });
    expect(xls.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xls.rawPayload as never);
    const cells = JSON.stringify(wb.worksheets[0].getSheetValues());
    expect(cells).toContain('tenant_user_b');
    expect(cells).not.toContain('tenant_user_a');
  });

  it('a user added inside a tenant belongs to it, whatever the body says', async () => {
    const res = await send(
      'POST',
      `${API}/sys/user/add`,
      { token: userB },
      {
        username: 'tenant_user_b2',
        realname: '乙的新人',
        password: PASSWORD,
        confirmpassword: PASSWORD,
        relTenantIds: String(A),
      },
    );
    expect(res.json.success).toBe(true);
    const [u] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'tenant_user_b2'));
    expect(u.relTenantIds).toBe(String(B));
    // a role of tenant A cannot be given from tenant B
    const bad = await send(
      'POST',
      `${API}/sys/user/add`,
      { token: userB },
      {
        username: 'tenant_user_b3',
        realname: '乙的新人3',
        password: PASSWORD,
        confirmpassword: PASSWORD,
        selectedroles: ids.roleA,
      },
    );
    expect(bad.json).toMatchObject({ success: false, message: '所选角色不存在' });
  });
});

describe('table dictionaries', () => {
  const signed = (url: string, token: string) => t.req({ method: 'GET', url, token, headers: signedHeaders(t, url) });

  it('getDictItems, loadDict and loadTreeData read only the tenant’s rows', async () => {
    const users = await signed(`${API}/sys/dict/getDictItems/${specPath('sys_user,username,id')}`, userB);
    const values = (users.json.result as { value: string }[]).map((o) => o.value);
    expect(values).toContain(ids.ub);
    expect(values).not.toContain(ids.ua);
    const roles = await signed(`${API}/sys/dict/loadDict/${specPath('sys_role,role_name,id')}?keyword=`, userB);
    expect((roles.json.result as { value: string }[]).map((o) => o.value)).toEqual([ids.roleB]);
    const tree = await signed(
      `${API}/sys/dict/loadTreeData?pid=&pidField=parent_id&tableName=sys_depart&text=depart_name&code=id&hasChildField=&condition=`,
      userB,
    );
    expect((tree.json.result as { key: string }[]).map((n) => n.key)).not.toContain(ids.departA);
    const treeA = await signed(
      `${API}/sys/dict/loadTreeData?pid=&pidField=parent_id&tableName=sys_depart&text=depart_name&code=id&hasChildField=&condition=`,
      userA,
    );
    expect((treeA.json.result as { key: string }[]).map((n) => n.key)).toEqual([ids.departA]);
  });
});

describe('roles', () => {
  it('list, queryall, queryById, edit, delete and members stay inside the tenant', async () => {
    const list = await get(`${API}/sys/role/list?pageSize=100`, { token: userB });
    expect((list.json.result.records as { id: string }[]).map((r) => r.id)).toEqual([ids.roleB]);
    expect(list.json.result.records[0]).not.toHaveProperty('tenantId');
    const all = await get(`${API}/sys/role/queryall`, { token: userB });
    expect((all.json.result as { id: string }[]).map((r) => r.id)).toEqual([ids.roleB]);
    expect((await get(`${API}/sys/role/queryById?id=${ids.roleA}`, { token: userB })).json.success).toBe(false);
    const edit = await send('PUT', `${API}/sys/role/edit`, { token: userB }, { id: ids.roleA, roleName: 'x' });
    expect(edit.json.success).toBe(false);
    await send('DELETE', `${API}/sys/role/deleteBatch?ids=${ids.roleA}`, { token: userB });
    const add = await send(
      'POST',
      `${API}/sys/user/addSysUserRole`,
      { token: userB },
      { roleId: ids.roleA, userIdList: [ids.ub] },
    );
    expect(add.json.success).toBe(false);
    const [roleA] = await t.database.db.select().from(sysRole).where(eq(sysRole.id, ids.roleA));
    expect(roleA.roleName).toBe('管理员tenant_admin_a');
  });

  it('a role created in tenant B belongs to B and is invisible to A', async () => {
    const res = await send('POST', `${API}/sys/role/add`, { token: userB }, { roleName: '乙角色', roleCode: 'b_only' });
    expect(res.json.success).toBe(true);
    const [r] = await t.database.db.select().from(sysRole).where(eq(sysRole.roleCode, 'b_only'));
    expect(r.tenantId).toBe(B);
    const listA = await get(`${API}/sys/role/list?pageSize=100`, { token: userA });
    expect((listA.json.result.records as { roleCode: string }[]).map((x) => x.roleCode)).not.toContain('b_only');
  });
});

describe('departments', () => {
  const tree = async (token: string) =>
    ((await get(`${API}/sys/sysDepart/queryTreeList`, { token })).json.result as { id: string }[]).map((d) => d.id);

  it('trees show only the tenant’s departments, without the server-side tenant field', async () => {
    expect(await tree(userA)).toEqual([ids.departA]);
    expect(await tree(userB)).not.toContain(ids.departA);
    const adminTree = (await get(`${API}/sys/sysDepart/queryTreeList`, { token: admin })).json.result;
    expect(adminTree.map((d: { id: string }) => d.id)).toContain(ids.departA);
    expect(adminTree[0]).not.toHaveProperty('tenantId');
    const all = await get(`${API}/sys/sysDepart/listAll`, { token: userB });
    expect((all.json.result as { id: string }[]).map((d) => d.id)).not.toContain(ids.departA);
  });

  it('another tenant’s department cannot be edited, deleted or used as a parent', async () => {
    const edit = await send('PUT', `${API}/sys/sysDepart/edit`, { token: userB }, { id: ids.departA, departName: 'x' });
    expect(edit.json.success).toBe(false);
    const del = await send('DELETE', `${API}/sys/sysDepart/delete?id=${ids.departA}`, { token: userB });
    expect(del.json.success).toBe(false);
    const child = await send(
      'POST',
      `${API}/sys/sysDepart/add`,
      { token: userB },
      { departName: '子', parentId: ids.departA },
    );
    expect(child.json.success).toBe(false);
    const [d] = await t.database.db.select().from(sysDepart).where(eq(sysDepart.id, ids.departA));
    expect(d.departName).toBe('甲的部门');
    const own = await send('POST', `${API}/sys/sysDepart/add`, { token: userB }, { departName: '乙的部门' });
    expect(own.json.success).toBe(true);
    const [b] = await t.database.db.select().from(sysDepart).where(eq(sysDepart.departName, '乙的部门'));
    expect(b.tenantId).toBe(B);
    expect(await tree(userA)).not.toContain(b.id);
  });
});

describe('announcements and messages', () => {
  it('lists show only the tenant’s rows', async () => {
    const annB = await get(`${API}/sys/annountCement/list?pageSize=100`, { token: userB });
    expect((annB.json.result.records as { id: string }[]).map((r) => r.id)).not.toContain('tenant-annt-a');
    const annA = await get(`${API}/sys/annountCement/list?pageSize=100`, { token: userA });
    expect((annA.json.result.records as { id: string }[]).map((r) => r.id)).toEqual(['tenant-annt-a']);
    const msgB = await get(`${API}/sys/message/sysMessage/list?pageSize=100`, { token: userB });
    expect(msgB.json.result.total).toBe(0);
    const msgA = await get(`${API}/sys/message/sysMessage/list?pageSize=100`, { token: userA });
    expect((msgA.json.result.records as { id: string }[]).map((r) => r.id)).toEqual(['tenant-msg-a']);
  });

  it('another tenant’s announcement or message answers not found for queryById, edit, release and delete', async () => {
    expect((await get(`${API}/sys/annountCement/queryById?id=tenant-annt-a`, { token: userB })).json.success).toBe(
      false,
    );
    const mine = await get(`${API}/sys/annountCement/queryById?id=tenant-annt-a`, { token: userA });
    expect(mine.json.success).toBe(true);
    expect(mine.json.result).not.toHaveProperty('tenantId');
    const edit = await send(
      'PUT',
      `${API}/sys/annountCement/edit`,
      { token: userB },
      { id: 'tenant-annt-a', titile: 'x' },
    );
    expect(edit.json.success).toBe(false);
    const release = await get(`${API}/sys/annountCement/doReleaseData?id=tenant-annt-a`, { token: userB });
    expect(release.json.success).toBe(false);
    await send('DELETE', `${API}/sys/annountCement/deleteBatch?ids=tenant-annt-a`, { token: userB });
    const [a] = await t.database.db.select().from(sysAnnouncement).where(eq(sysAnnouncement.id, 'tenant-annt-a'));
    expect(a).toMatchObject({ titile: '甲的公告', sendStatus: '0', delFlag: '0' });

    expect((await get(`${API}/sys/message/sysMessage/queryById?id=tenant-msg-a`, { token: userB })).json.success).toBe(
      false,
    );
    const del = await send('DELETE', `${API}/sys/message/sysMessage/delete?id=tenant-msg-a`, { token: userB });
    expect(del.json.success).toBe(false);
    const [m] = await t.database.db.select().from(sysMessage).where(eq(sysMessage.id, 'tenant-msg-a'));
    expect(m).toBeDefined();
  });

  it('a published notice to all users of tenant A never reaches tenant B’s bell', async () => {
    const rel = await get(`${API}/sys/annountCement/doReleaseData?id=tenant-annt-a`, { token: userA });
    expect(rel.json.success).toBe(true);
    const bellB = await get(`${API}/sys/annountCement/listByUser`, { token: userB });
    const idsB = [...bellB.json.result.anntMsgList, ...bellB.json.result.sysMsgList].map((n: { id: string }) => n.id);
    expect(idsB).not.toContain('tenant-annt-a');
    const bellA = await get(`${API}/sys/annountCement/listByUser`, { token: userA });
    const idsA = [...bellA.json.result.anntMsgList, ...bellA.json.result.sysMsgList].map((n: { id: string }) => n.id);
    expect(idsA).toContain('tenant-annt-a');
  });
});

describe('online users and the address book', () => {
  it('lists and force-logs-out only the tenant’s sessions; the address book finds no other tenant’s users', async () => {
    const online = await get(`${API}/sys/online/list?pageSize=100`, { token: userB });
    const names = (online.json.result.records as { username: string; token: string }[]).map((r) => r.username);
    expect(names).toContain('tenant_user_b');
    expect(names).not.toContain('tenant_user_a');
    const fromAdmin = await get(`${API}/sys/online/list?pageSize=100&username=tenant_user_a`, { token: admin });
    const sessionA = (fromAdmin.json.result.records as { token: string }[])[0].token;
    const kick = await send('POST', `${API}/sys/online/forceLogout`, { token: userB }, { token: sessionA });
    expect(kick.json.success).toBe(false);
    expect((await get(`${API}/sys/role/list`, { token: userA })).statusCode).toBe(200);
    await t.database.db.insert(sysUserDepart).values({ id: 'tenant-ud-a', userId: ids.ua, depId: ids.departA });
    const seen = await get(`${API}/sys/user/queryByOrgCode?orgCode=Z91`, { token: userA });
    expect(seen.json.result.total).toBe(1);
    const book = await get(`${API}/sys/user/queryByOrgCode?orgCode=Z91`, { token: userB });
    expect(book.json.result.total).toBe(0);
  });
});

describe('the platform administrator', () => {
  it('sees every tenant without a header and exactly one tenant after switching explicitly', async () => {
    const all = await get(`${API}/sys/user/list?pageSize=1000&username=tenant_user_*`, { token: admin });
    expect(usernames(all).sort()).toEqual(['tenant_user_a', 'tenant_user_b', 'tenant_user_b2']);
    const inA = await get(`${API}/sys/user/list?pageSize=1000`, { token: admin, tenant: A });
    expect(usernames(inA)).toEqual(['tenant_user_a']);
    const rolesInB = await get(`${API}/sys/role/list?pageSize=100`, { token: admin, tenant: B });
    expect((rolesInB.json.result.records as { roleCode: string }[]).map((r) => r.roleCode).sort()).toEqual([
      'b_only',
      'tenant_admin_b',
    ]);
    const byId = await get(`${API}/sys/user/queryById?id=${ids.ub}`, { token: admin, tenant: A });
    expect(byId.json.success).toBe(false);
  });
});

describe('role and department grants (/sys/permission/*)', () => {
  const grantsOf = async (roleId: string) =>
    (
      await t.database.db
        .select({ p: sysRolePermission.permissionId })
        .from(sysRolePermission)
        .where(eq(sysRolePermission.roleId, roleId))
    )
      .map((r) => r.p)
      .sort();

  it('another tenant’s role reads as having no grant and cannot be granted to or revoked from', async () => {
    const before = await grantsOf(ids.roleA);
    expect(before.length).toBeGreaterThan(5);
    const own = await get(`${API}/sys/permission/queryRolePermission?roleId=${ids.roleA}`, { token: userA });
    expect((own.json.result as string[]).sort()).toEqual(before);
    for (const tenant of [undefined, 0, B]) {
      const res = await get(`${API}/sys/permission/queryRolePermission?roleId=${ids.roleA}`, { token: userB, tenant });
      expect(res.json.result).toEqual([]);
    }
    const spoofed = await get(`${API}/sys/permission/queryRolePermission?roleId=${ids.roleA}`, {
      token: userB,
      tenant: A,
    });
    expect(spoofed.statusCode).toBe(401);

    const save = (payload: object) =>
      send('POST', `${API}/sys/permission/saveRolePermission`, { token: userB }, payload);
    const revoke = await save({ roleId: ids.roleA, permissionIds: '', lastpermissionIds: before.join(',') });
    expect(revoke.json).toMatchObject({ success: false, message: '授权失败！' });
    const [extra] = await t.database.db
      .select({ p: sysRolePermission.permissionId })
      .from(sysRolePermission)
      .where(eq(sysRolePermission.roleId, ROLE_IDS.admin));
    const grant = await save({ roleId: ids.roleA, permissionIds: extra.p, lastpermissionIds: '' });
    expect(grant.json.success).toBe(false);
    // the role module's data rules of a grant answer not found too
    const rule = await get(`${API}/sys/role/datarule/${before[0]}/${ids.roleA}`, { token: userB });
    expect(rule.json).toMatchObject({ success: false, message: '未找到对应实体' });
    expect(await grantsOf(ids.roleA)).toEqual(before);

    // the own tenant's role is saved as usual
    const mine = await save({ roleId: ids.roleB, permissionIds: '', lastpermissionIds: '' });
    expect(mine.json.success).toBe(true);
  });

  it('another tenant’s department reads as having no grant and cannot be granted to or revoked from', async () => {
    const [perm] = await t.database.db
      .select({ p: sysRolePermission.permissionId })
      .from(sysRolePermission)
      .where(eq(sysRolePermission.roleId, ROLE_IDS.admin));
    await t.database.db
      .insert(sysDepartPermission)
      .values({ id: 'tenant-dp-a', departId: ids.departA, permissionId: perm.p });
    const url = `${API}/sys/permission/queryDepartPermission?departId=${ids.departA}`;
    expect((await get(url, { token: userA })).json.result).toEqual([perm.p]);
    expect((await get(url, { token: userB })).json.result).toEqual([]);
    const res = await send(
      'POST',
      `${API}/sys/permission/saveDepartPermission`,
      { token: userB },
      { departId: ids.departA, permissionIds: '', lastpermissionIds: perm.p },
    );
    expect(res.json).toMatchObject({ success: false, message: '授权失败！' });
    const left = await t.database.db
      .select()
      .from(sysDepartPermission)
      .where(eq(sysDepartPermission.departId, ids.departA));
    expect(left.map((r) => r.permissionId)).toEqual([perm.p]);
  });
});

describe('department roles, department grants and department members', () => {
  const DR = `${API}/sys/sysDepartRole`;
  const DP = `${API}/sys/sysDepartPermission`;
  const ab = { id: 'tenant-user-ab', departB: '' };
  let perm = '';

  beforeAll(async () => {
    const db = t.database.db;
    const [b] = await db.select().from(sysDepart).where(eq(sysDepart.departName, '乙的部门'));
    ab.departB = b.id;
    const [p] = await db
      .select({ p: sysRolePermission.permissionId })
      .from(sysRolePermission)
      .where(eq(sysRolePermission.roleId, ROLE_IDS.admin));
    perm = p.p;
    // a user of both tenants, member of a department of each, holding tenant A's department role
    await db
      .insert(sysUser)
      .values({ id: ab.id, username: 'tenant_user_ab', realname: '两租户', relTenantIds: `${A},${B}` });
    await db.insert(sysUserDepart).values([
      { id: 'tenant-ud-ab-a', userId: ab.id, depId: ids.departA },
      { id: 'tenant-ud-ab-b', userId: ab.id, depId: ab.departB },
    ]);
    await db
      .insert(sysDepartRole)
      .values({ id: 'tenant-drole-a', departId: ids.departA, roleName: '甲的部门角色', roleCode: 'drole_a' });
    await db
      .insert(sysDepartRolePermission)
      .values({ id: 'tenant-drp-a', departId: ids.departA, roleId: 'tenant-drole-a', permissionId: perm });
    await db.insert(sysDepartRoleUser).values({ id: 'tenant-dru-a', userId: ab.id, droleId: 'tenant-drole-a' });
  });

  it('tenant A sees its department role (control)', async () => {
    const list = await get(`${DR}/list?deptId=${ids.departA}`, { token: userA });
    expect((list.json.result.records as { id: string }[]).map((r) => r.id)).toEqual(['tenant-drole-a']);
    expect((await get(`${DP}/queryDeptRolePermission?roleId=tenant-drole-a`, { token: userA })).json.result).toEqual([
      perm,
    ]);
  });

  it('another tenant’s department role reads as unknown and cannot be changed, granted or given', async () => {
    const spoofed = await get(`${DR}/list?deptId=${ids.departA}`, { token: userB, tenant: A });
    expect(spoofed.statusCode).toBe(401);
    const list = await get(`${DR}/list?deptId=${ids.departA}`, { token: userB });
    expect(list.json.result.total).toBe(0);
    expect((await get(`${DR}/queryById?id=tenant-drole-a`, { token: userB })).json).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    expect((await get(`${DR}/getDeptRoleList?departId=${ids.departA}`, { token: userB })).json.result).toEqual([]);
    const held = await get(`${DR}/getDeptRoleByUserId?departId=${ids.departA}&userId=${ab.id}`, { token: userB });
    expect(held.json.result).toEqual([]);
    const add = await send(
      'POST',
      `${DR}/add`,
      { token: userB },
      { departId: ids.departA, roleName: 'x', roleCode: 'x' },
    );
    expect(add.json).toMatchObject({ success: false, message: '部门不存在！' });
    const edit = await send(
      'PUT',
      `${DR}/edit`,
      { token: userB },
      { id: 'tenant-drole-a', roleName: '改名', roleCode: 'drole_a' },
    );
    expect(edit.json).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await send('DELETE', `${DR}/delete?id=tenant-drole-a`, { token: userB })).json.success).toBe(false);
    await send('DELETE', `${DR}/deleteBatch?ids=tenant-drole-a`, { token: userB });
    const take = await send(
      'POST',
      `${DR}/deptRoleUserAdd`,
      { token: userB },
      { userId: ab.id, newRoleId: '', oldRoleId: 'tenant-drole-a' },
    );
    expect(take.json).toMatchObject({ success: false, message: '部门角色不存在！' });
    const give = await send(
      'POST',
      `${DR}/deptRoleUserAdd`,
      { token: userB },
      { userId: ids.ub, newRoleId: 'tenant-drole-a', oldRoleId: '' },
    );
    expect(give.json).toMatchObject({ success: false, message: '部门角色不存在！' });
    const otherUser = await send(
      'POST',
      `${DR}/deptRoleUserAdd`,
      { token: userB },
      { userId: ids.ua, newRoleId: '', oldRoleId: '' },
    );
    expect(otherUser.json).toMatchObject({ success: false, message: '用户不存在！' });
    const rule = await get(`${DR}/datarule/${perm}/${ids.departA}/tenant-drole-a`, { token: userB });
    expect(rule.json).toMatchObject({ success: false, message: '未找到权限配置信息' });
    const saveRule = await send(
      'POST',
      `${DR}/datarule`,
      { token: userB },
      { permissionId: perm, roleId: 'tenant-drole-a', dataRuleIds: '' },
    );
    expect(saveRule.json).toMatchObject({ success: false, message: '部门角色不存在！' });

    // role grants
    expect((await get(`${DP}/queryDeptRolePermission?roleId=tenant-drole-a`, { token: userB })).json.result).toEqual(
      [],
    );
    const tree = await get(`${DP}/queryTreeListForDeptRole?departId=${ids.departA}`, { token: userB });
    expect(tree.json.result).toEqual({ treeList: [], ids: [] });
    const grant = await send(
      'POST',
      `${DP}/saveDeptRolePermission`,
      { token: userB },
      { roleId: 'tenant-drole-a', permissionIds: '', lastpermissionIds: perm },
    );
    expect(grant.json).toMatchObject({ success: false, message: '部门角色不存在！' });

    const db = t.database.db;
    const [role] = await db.select().from(sysDepartRole).where(eq(sysDepartRole.id, 'tenant-drole-a'));
    expect(role.roleName).toBe('甲的部门角色');
    const members = await db.select().from(sysDepartRoleUser).where(eq(sysDepartRoleUser.droleId, 'tenant-drole-a'));
    expect(members.map((m) => m.userId)).toEqual([ab.id]);
    const grants = await db
      .select()
      .from(sysDepartRolePermission)
      .where(eq(sysDepartRolePermission.roleId, 'tenant-drole-a'));
    expect(grants.map((g) => g.permissionId)).toEqual([perm]);
  });

  it('another tenant’s department grants and members read as unknown and cannot be changed', async () => {
    const list = await get(`${DP}/list?pageSize=100`, { token: userB });
    expect((list.json.result.records as { departId: string }[]).map((r) => r.departId)).not.toContain(ids.departA);
    const listA = await get(`${DP}/list?pageSize=100`, { token: userA });
    expect((listA.json.result.records as { id: string }[]).map((r) => r.id)).toEqual(['tenant-dp-a']);
    expect((await get(`${DP}/queryById?id=tenant-dp-a`, { token: userB })).json.success).toBe(false);
    const edit = await send(
      'PUT',
      `${DP}/edit`,
      { token: userB },
      { id: 'tenant-dp-a', departId: ab.departB, permissionId: perm },
    );
    expect(edit.json.success).toBe(false);
    expect((await send('DELETE', `${DP}/delete?id=tenant-dp-a`, { token: userB })).json.success).toBe(false);
    await send('DELETE', `${DP}/deleteBatch?ids=tenant-dp-a`, { token: userB });
    const add = await send('POST', `${DP}/add`, { token: userB }, { departId: ids.departA, permissionId: perm });
    expect(add.json).toMatchObject({ success: false, message: '部门不存在！' });
    const rule = await get(`${DP}/datarule/${perm}/${ids.departA}`, { token: userB });
    expect(rule.json).toMatchObject({ success: false, message: '未找到权限配置信息' });
    const saveRule = await send(
      'POST',
      `${DP}/datarule`,
      { token: userB },
      { permissionId: perm, departId: ids.departA, dataRuleIds: '' },
    );
    expect(saveRule.json.success).toBe(false);
    const [grant] = await t.database.db
      .select()
      .from(sysDepartPermission)
      .where(eq(sysDepartPermission.id, 'tenant-dp-a'));
    expect(grant).toMatchObject({ departId: ids.departA, permissionId: perm });

    // members: another tenant's department lists nobody, takes nobody in and lets nobody out
    const users = await get(`${API}/sys/user/departUserList?depId=${ids.departA}`, { token: userB });
    expect(users.json.result?.total ?? 0).toBe(0);
    const join = await send(
      'POST',
      `${API}/sys/user/editSysDepartWithUser`,
      { token: userB },
      { depId: ids.departA, userIdList: [ids.ub] },
    );
    expect(join.json).toMatchObject({ success: false, message: '部门不存在！' });
    const intoOwn = await send(
      'POST',
      `${API}/sys/user/editSysDepartWithUser`,
      { token: userB },
      { depId: ab.departB, userIdList: [ids.ua] },
    );
    expect(intoOwn.json).toMatchObject({ success: false, message: '用户不存在！' });
    const leave = await send('DELETE', `${API}/sys/user/deleteUserInDepart?depId=${ids.departA}&userId=${ab.id}`, {
      token: userB,
    });
    expect(leave.json.success).toBe(false);
    const links = await t.database.db.select().from(sysUserDepart).where(eq(sysUserDepart.depId, ids.departA));
    expect(links.map((l) => l.userId).sort()).toEqual([ab.id, ids.ua].sort());
  });

  it('a user of both tenants shows only the working tenant’s departments (department users, address book)', async () => {
    const own = await get(`${API}/sys/user/departUserList?depId=${ab.departB}`, { token: userB });
    const row = (own.json.result.records as { id: string; orgCode: string }[]).find((r) => r.id === ab.id);
    expect(row?.orgCode).toBe('乙的部门');
    const book = await get(`${API}/sys/user/queryByOrgCodeForAddressList?pageSize=100`, { token: userB });
    const contact = (book.json.result.records as { id: string; departName: string }[]).find((r) => r.id === ab.id);
    expect(contact?.departName).toBe('乙的部门');
    const bookA = await get(`${API}/sys/user/queryByOrgCodeForAddressList?pageSize=100`, { token: userA });
    const inA = (bookA.json.result.records as { id: string; departName: string }[]).find((r) => r.id === ab.id);
    expect(inA?.departName).toBe('甲的部门');
    // tenant A's org code finds nobody from tenant B
    const byCode = await get(`${API}/sys/user/queryByOrgCodeForAddressList?orgCode=Z91&pageSize=100`, { token: userB });
    expect(byCode.json.result.total).toBe(0);
  });
});

describe('message template 发送测试', () => {
  const sendMsg = (receiver: string) =>
    send(
      'POST',
      `${API}/sys/message/sysMessageTemplate/sendMsg`,
      { token: userB },
      { templateCode: 'SYS_NOTICE', testData: '{"name":"乙","time":"今晚"}', receiver, msgType: '3' },
    );

  it('reaches only the working tenant’s users and stores the message in that tenant', async () => {
    const other = await sendMsg('tenant_user_a');
    expect(other.json).toMatchObject({ success: false, message: '系统消息接收人必须是已存在的用户账号' });
    const stray = await t.database.db.select().from(sysMessage).where(eq(sysMessage.esReceiver, 'tenant_user_a'));
    expect(stray).toEqual([]);

    const own = await sendMsg('tenant_user_b');
    expect(own.json).toMatchObject({ success: true, message: '消息发送成功！' });
    const [stored] = await t.database.db.select().from(sysMessage).where(eq(sysMessage.esReceiver, 'tenant_user_b'));
    expect(stored.tenantId).toBe(B);
    const listB = await get(`${API}/sys/message/sysMessage/list?pageSize=100`, { token: userB });
    expect((listB.json.result.records as { id: string }[]).map((r) => r.id)).toEqual([stored.id]);
    const listA = await get(`${API}/sys/message/sysMessage/list?pageSize=100`, { token: userA });
    expect((listA.json.result.records as { id: string }[]).map((r) => r.id)).not.toContain(stored.id);
  });
});
