import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { queryRows } from '../db/client.ts';
import { sysRole, sysRolePermission, sysTenant } from '../db/schema/index.ts';
import { ROLE_IDS } from '../db/seed/data.ts';
import { SEED_REPORTS } from '../db/seed/report-area.ts';
import { createForm, grantFormMenu } from '../modules/cgform/runtime/fixtures.ts';
import { MAGIC, multipartBody } from '../modules/common/test-helpers.ts';
import { tenantScopedTables } from './tenant-scope.ts';

/**
 * Issue 28 security 2 (ADR 053): beyond the system tables — generated online tables (list, detail, edit, delete,
 * export, sub rows), option lists of online forms, online reports and stored files — a user of tenant B never reads or
 * changes tenant A's rows.
 */

const A = 7201;
const B = 7202;
const PASSWORD = 'Abc@12345';
const API = '/jeecg-boot';
const ON = `${API}/online/cgform/api`;

let t: TestApp;
let admin: string;
let userA: string;
let userB: string;
let formId: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.req({ method, url, token, payload: payload as never });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const db = t.database.db;
  await db.insert(sysTenant).values([
    { id: A, name: '租户甲', status: 1 },
    { id: B, name: '租户乙', status: 1 },
  ]);
  const grants = await db
    .select({ permissionId: sysRolePermission.permissionId })
    .from(sysRolePermission)
    .where(eq(sysRolePermission.roleId, ROLE_IDS.admin));
  formId = await createForm(t, {
    tableName: 'tn_note',
    txt: '租户便签',
    tableType: 2,
    subTableStr: 'tn_note_line',
    fields: [{ name: 'title', txt: '标题', length: 50, query: true }],
  });
  await createForm(t, {
    tableName: 'tn_note_line',
    txt: '便签行',
    tableType: 3,
    fields: [
      { name: 'note_id', txt: '便签', length: 36, mainTable: 'tn_note', mainField: 'id', list: false },
      { name: 'body', txt: '内容', length: 50 },
    ],
  });
  for (const [tenant, code, user] of [
    [A, 'tn_admin_a', 'tn_user_a'],
    [B, 'tn_admin_b', 'tn_user_b'],
  ] as const) {
    const roleId = `${code}-role`;
    await db.insert(sysRole).values({ id: roleId, roleCode: code, roleName: `管理员${code}`, tenantId: tenant });
    await db
      .insert(sysRolePermission)
      .values(grants.map((g, i) => ({ id: `${roleId}-${i}`, roleId, permissionId: g.permissionId })));
    await grantFormMenu(t, formId, 'cgformList', roleId);
    const res = await call('POST', `${API}/sys/user/add`, admin, {
      username: user,
      realname: `用户${user.slice(-1)}`,
      password: PASSWORD,
      confirmpassword: PASSWORD,
      selectedroles: roleId,
      relTenantIds: String(tenant),
    });
    expect(res.json).toMatchObject({ success: true });
  }
  userA = await t.login('tn_user_a', PASSWORD);
  userB = await t.login('tn_user_b', PASSWORD);
});

afterAll(async () => {
  await t?.close();
});

describe('generated online tables', () => {
  it('tenant B neither lists, reads, edits, exports nor deletes tenant A’s rows and sub rows', async () => {
    const added = await call('POST', `${ON}/form/${formId}`, userA, {
      title: '甲的便签',
      tn_note_line: [{ body: '甲的内容' }],
    });
    expect(added.json).toMatchObject({ success: true });
    const id = added.json.result as string;
    const [row] = await queryRows<{ tenant_id: number }>(
      t.app.ctx.db,
      sql`select tenant_id from tn_note where id = ${id}`,
    );
    expect(row.tenant_id).toBe(A);

    const listA = (await call('GET', `${ON}/getData/${formId}`, userA)).json.result;
    expect(listA.records.map((r: { title: string }) => r.title)).toContain('甲的便签');
    expect(listA.records[0]).not.toHaveProperty('tenant_id');
    const listB = (await call('GET', `${ON}/getData/${formId}?pageSize=-521`, userB)).json.result;
    expect(listB.records).toEqual([]);
    expect(listB.total).toBe(0);

    expect((await call('GET', `${ON}/form/${formId}/${id}`, userB)).json).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    expect((await call('GET', `${ON}/subform/list/tn_note_line/${id}`, userB)).json.result ?? []).toEqual([]);
    expect(
      (await call('PUT', `${ON}/form/${formId}`, userB, { id, title: '乙改的', tn_note_line: [] })).json,
    ).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await call('DELETE', `${ON}/form/${formId}/${id}`, userB)).json).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    const exported = await call('GET', `${ON}/exportXls/${formId}`, userB);
    expect(exported.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as never);
    const texts: string[] = [];
    wb.worksheets[0].eachRow((r) => r.eachCell((c) => texts.push(String(c.value))));
    expect(texts).toContain('标题');
    expect(texts).not.toContain('甲的便签');

    const still = (await call('GET', `${ON}/form/${formId}/${id}`, userA)).json.result;
    expect(still.title).toBe('甲的便签');
    expect(still.tn_note_line.map((r: { body: string }) => r.body)).toEqual(['甲的内容']);
    // the platform administrator (no header) sees every tenant
    const all = (await call('GET', `${ON}/getData/${formId}`, admin)).json.result;
    expect(all.records.map((r: { title: string }) => r.title)).toContain('甲的便签');
  });

  it('a row added by tenant B is B’s, whatever the body says about tenant_id', async () => {
    const added = await call('POST', `${ON}/form/${formId}`, userB, { title: '乙的便签', tenant_id: A });
    expect(added.json.success).toBe(true);
    const [row] = await queryRows<{ tenant_id: number }>(
      t.app.ctx.db,
      sql`select tenant_id from tn_note where id = ${added.json.result}`,
    );
    expect(row.tenant_id).toBe(B);
    const listA = (await call('GET', `${ON}/getData/${formId}`, userA)).json.result;
    expect(listA.records.map((r: { title: string }) => r.title)).not.toContain('乙的便签');
  });

  it('option lists of online forms (querySelectOptions) list only the caller’s tenant’s users', async () => {
    const url = `${ON}/querySelectOptions?table=sys_user&txt=realname&key=username`;
    const forB = (await call('GET', url, userB)).json.result.map((o: { value: string }) => o.value);
    expect(forB).toContain('tn_user_b');
    expect(forB).not.toContain('tn_user_a');
    expect(forB).not.toContain('admin');
    const byId = (await call('GET', `${url}&idValue=tn_user_a`, userB)).json.result;
    expect(byId).toEqual([]);
  });
});

describe('online reports', () => {
  it('a report over sys_user returns only the caller’s tenant’s users', async () => {
    const rows = (await call('GET', `${API}/online/cgreport/api/getData/${SEED_REPORTS.users}?pageSize=100`, userB))
      .json.result.records as { username: string }[];
    const names = rows.map((r) => r.username);
    expect(names).toContain('tn_user_b');
    expect(names).not.toContain('tn_user_a');
    expect(names).not.toContain('admin');
    const forAdmin = (await call('GET', `${API}/online/cgreport/api/getData/${SEED_REPORTS.users}?pageSize=100`, admin))
      .json.result.records as { username: string }[];
    expect(forAdmin.map((r) => r.username)).toEqual(expect.arrayContaining(['admin', 'tn_user_a', 'tn_user_b']));
  });

  it('a report over a generated table returns only the caller’s tenant’s rows', async () => {
    const saved = await call('POST', `${API}/online/cgreport/head/add`, admin, {
      head: { code: 'tn_note_report', name: '便签报表', cgrSql: 'select title from tn_note' },
      items: [{ fieldName: 'title', fieldTxt: '标题', isShow: 1, orderNum: 1 }],
      params: [],
    });
    expect(saved.json.success).toBe(true);
    const [head] = await queryRows<{ id: string }>(
      t.app.ctx.db,
      sql`select id from onl_cgreport_head where code = 'tn_note_report'`,
    );
    const titles = async (token: string) =>
      (
        (await call('GET', `${API}/online/cgreport/api/getData/${head.id}`, token)).json.result.records as {
          title: string;
        }[]
      ).map((r) => r.title);
    expect(await titles(userB)).not.toContain('甲的便签');
    expect(await titles(userA)).toContain('甲的便签');
  });
});

describe('stored files', () => {
  it('tenant B neither lists, reads, downloads nor deletes tenant A’s files', async () => {
    const body = multipartBody({}, { name: 'a.png', content: MAGIC.png, type: 'image/png' });
    const up = await t.req({
      method: 'POST',
      url: `${API}/sys/oss/file/upload`,
      token: userA,
      payload: body.payload,
      headers: body.headers,
    });
    expect(up.json.success).toBe(true);
    const id = up.json.result.id as string;
    expect(up.json.result).not.toHaveProperty('tenantId');
    const listB = (await call('GET', `${API}/sys/oss/file/list?pageSize=100`, userB)).json.result.records;
    expect(listB.map((r: { id: string }) => r.id)).not.toContain(id);
    const listA = (await call('GET', `${API}/sys/oss/file/list?pageSize=100`, userA)).json.result.records;
    expect(listA.map((r: { id: string }) => r.id)).toContain(id);
    for (const url of [`/sys/oss/file/queryById?id=${id}`, `/sys/oss/file/download?id=${id}`]) {
      expect((await call('GET', `${API}${url}`, userB)).json, url).toMatchObject({
        success: false,
        message: '未找到对应实体',
      });
    }
    expect((await call('DELETE', `${API}/sys/oss/file/delete?id=${id}`, userB)).json.message).toBe('未找到对应实体');
    expect((await call('GET', `${API}/sys/oss/file/download?id=${id}`, userA)).statusCode).toBe(200);
  });
});

describe('the rule', () => {
  it('stored files are a tenant-scoped table', () => {
    expect(tenantScopedTables()).toContain('oss_file');
  });
});
