import multipart from '@fastify/multipart';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { sysDataLog, sysRole } from '../db/schema/index.ts';
import { type CrudDeclaration, defineCrud, registerCrud } from './crud.ts';
import { bizError } from './errors.ts';
import { installErrorHandling, installGuard } from './http-hooks.ts';
import { requiredStr } from './validation.ts';

/**
 * The helper on an entity of its own: a test-only table `crud_probe` (logical delete, recycle bin, data log, a
 * dictionary column, export/import) served by a second Fastify instance that shares the test app's context — same
 * database, sessions and permissions, same guard and error handler. Access reuses the position page's grants:
 * admin has them, jeecg does not.
 */

const probe = pgTable('crud_probe', {
  id: varchar('id', { length: 36 }).primaryKey(),
  code: varchar('code', { length: 32 }).notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  sex: varchar('sex', { length: 2 }),
  delFlag: integer('del_flag').notNull().default(0),
  createBy: varchar('create_by', { length: 64 }),
  createTime: timestamp('create_time', { mode: 'date' }),
  updateBy: varchar('update_by', { length: 64 }),
  updateTime: timestamp('update_time', { mode: 'date' }),
  sysOrgCode: varchar('sys_org_code', { length: 64 }),
});

const P = '/jeecg-boot/test/probe';
const fields = {
  code: requiredStr('编码', 32).regex(/^[a-z0-9_]+$/, '编码只能包含小写字母、数字和下划线'),
  name: requiredStr('名称', 50),
  sex: z.enum(['1', '2'], { message: '请选择正确的性别' }).nullish(),
};
const Add = z.object(fields);
const Edit = z.object({ id: requiredStr('id', 36), ...fields });
const toRow = (b: z.output<typeof Add>) => ({ code: b.code, name: b.name, sex: b.sex ?? null });

const declaration = {
  base: '/test/probe',
  table: probe,
  list: {
    sortable: ['createTime', 'code'],
    defaultSort: { column: 'code', order: 'asc' },
    dictFields: { sex: 'sex' },
    searchable: ['code', 'name', 'sex'],
  },
  access: {
    list: { menu: 'system/SysPositionList' },
    add: { perm: 'position:add' },
    edit: { perm: 'position:edit' },
    delete: { perm: 'position:delete' },
    deleteBatch: { perm: 'position:deleteBatch' },
    exportXls: { perm: 'position:export' },
    importExcel: { perm: 'position:import' },
    recycleBin: { perm: 'position:delete' },
  },
  maxBatch: 3,
  add: { schema: Add, toRow },
  edit: { schema: Edit, toRow },
  unique: [{ column: probe.code, message: '编码已存在' }],
  hooks: {
    afterAdd: (row) => {
      if (row.name === 'boom') throw bizError('后续处理失败');
    },
    beforeDelete: (_ids, c) => {
      if ((c.req.query as { keep?: string }).keep) throw bizError('该记录不能删除');
    },
  },
  softDelete: { column: probe.delFlag, active: 0, deleted: 1 },
  dataLog: true,
  exportXls: {
    fileName: '探针',
    columns: [
      { key: 'code', title: '编码' },
      { key: 'name', title: '名称' },
      { key: 'sex', title: '性别', dict: 'sex' },
    ],
  },
  importExcel: {
    columns: [
      { key: 'code', title: '编码' },
      { key: 'name', title: '名称' },
      { key: 'sex', title: '性别', dict: 'sex' },
    ],
  },
} satisfies CrudDeclaration<typeof Add, typeof Edit>;

/** sys_role is tenant-scoped by the platform (tenant-scope.ts): the helper must keep tenants apart */
const RoleFields = z.object({ roleName: requiredStr('角色名称', 200), roleCode: requiredStr('角色编码', 100) });
const RoleEdit = RoleFields.extend({ id: requiredStr('id', 36) });
const roleRow = (b: z.output<typeof RoleFields>) => ({ roleName: b.roleName, roleCode: b.roleCode });
const roleDeclaration = {
  base: '/test/roles',
  table: sysRole,
  tenantScoped: true,
  list: { sortable: ['roleCode'], defaultSort: { column: 'roleCode', order: 'asc' } },
  access: {
    list: { menu: 'system/SysPositionList' },
    add: { perm: 'position:add' },
    edit: { perm: 'position:edit' },
    delete: { perm: 'position:delete' },
  },
  add: { schema: RoleFields, toRow: roleRow },
  edit: { schema: RoleEdit, toRow: roleRow },
  unique: [{ column: sysRole.roleCode, message: '角色编码已存在' }],
} satisfies CrudDeclaration<typeof RoleFields, typeof RoleEdit>;

let t: TestApp;
let probeApp: FastifyInstance;
let admin: string;
let jeecg: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.db.execute(sql`create table crud_probe (
    id varchar(36) primary key, code varchar(32) not null, name varchar(50) not null, sex varchar(2),
    del_flag integer not null default 0, create_by varchar(64), create_time timestamp, update_by varchar(64),
    update_time timestamp, sys_org_code varchar(64))`);
  await t.app.ctx.db.execute(sql`create unique index uniq_crud_probe_code on crud_probe (code)`);
  probeApp = Fastify({ logger: false });
  probeApp.decorate('ctx', t.app.ctx);
  installErrorHandling(probeApp);
  installGuard(probeApp);
  await probeApp.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  const crud = defineCrud(declaration);
  const roles = defineCrud(roleDeclaration);
  await probeApp.register(
    async (app) => {
      registerCrud(app, crud);
      registerCrud(app, roles);
    },
    { prefix: '/jeecg-boot' },
  );
  await probeApp.ready();
  admin = await t.login();
  jeecg = await t.login('jeecg', '123456');
});
afterAll(async () => {
  await probeApp?.close();
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(method: Method, url: string, opts: { payload?: unknown; token?: string | null } = {}) {
  const token = opts.token === undefined ? admin : opts.token;
  const res = await probeApp.inject({
    method,
    url,
    payload: opts.payload as never,
    headers: token ? { 'x-access-token': token } : {},
  });
  let json: any;
  try {
    json = JSON.parse(res.body);
  } catch {
    json = undefined;
  }
  return Object.assign(res, { json });
}
const rows = () => t.app.ctx.db.select().from(probe).orderBy(probe.code);
const byCode = async (code: string) => (await t.app.ctx.db.select().from(probe).where(eq(probe.code, code)))[0];
const add = (payload: Record<string, unknown>) => call('POST', `${P}/add`, { payload });

function xlsxUpload(buf: Buffer) {
  const boundary = '----crudprobe';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
      ),
      buf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('registerCrud: the declared actions', () => {
  it('add stamps the creator, time, department and id; list pages with dictionary texts', async () => {
    const res = await add({ code: 'a1', name: '甲', sex: '1', createBy: 'mallory', id: 'chosen' });
    expect(res.json).toMatchObject({ success: true, message: '添加成功！' });
    const row = await byCode('a1');
    expect(row).toMatchObject({ name: '甲', sex: '1', createBy: 'admin', sysOrgCode: 'A01', delFlag: 0 });
    expect(row.id).toMatch(/^\d{19}$/);
    expect(row.createTime).toBeInstanceOf(Date);
    await add({ code: 'a2', name: '乙', sex: '2' });
    const list = await call('GET', `${P}/list?column=code&order=desc`);
    expect(list.json).toMatchObject({ success: true, code: 0, result: { total: 2 } });
    expect(list.json.result.records.map((r: { code: string }) => r.code)).toEqual(['a2', 'a1']);
    expect(list.json.result.records[1]).toMatchObject({ sex: '1', sex_dictText: '男' });
    expect((await call('GET', `${P}/list?sex=2`)).json.result.records[0].code).toBe('a2');
  });

  it('queryById answers the row; an unknown id answers JeecgBoot’s 未找到对应数据 on every single-row action', async () => {
    const a1 = await byCode('a1');
    expect((await call('GET', `${P}/queryById?id=${a1.id}`)).json).toMatchObject({
      success: true,
      code: 200,
      result: { id: a1.id, code: 'a1', createBy: 'admin' },
    });
    const before = await rows();
    for (const res of [
      await call('GET', `${P}/queryById?id=nope`),
      await call('PUT', `${P}/edit`, { payload: { id: 'nope', code: 'zz', name: 'x' } }),
      await call('DELETE', `${P}/delete?id=nope`),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.json).toMatchObject({ success: false, code: 500, message: '未找到对应数据' });
    }
    expect(await rows()).toEqual(before);
  });

  it('edit changes the row, stamps the editor and writes a data-log version per write', async () => {
    const a1 = await byCode('a1');
    for (const method of ['PUT', 'POST'] as const) {
      const res = await call(method, `${P}/edit`, { payload: { id: a1.id, code: 'a1', name: `甲-${method}` } });
      expect(res.json).toMatchObject({ success: true, message: '编辑成功!' });
    }
    expect(await byCode('a1')).toMatchObject({ name: '甲-POST', sex: null, updateBy: 'admin', createBy: 'admin' });
    const versions = await t.app.ctx.db.select().from(sysDataLog).where(eq(sysDataLog.dataId, a1.id));
    expect(versions.map((v) => v.dataVersion).sort()).toEqual([1, 2, 3]);
    expect(versions.every((v) => v.dataTable === 'crud_probe')).toBe(true);
  });

  it('uniqueness: a taken code is refused on add and on edit with the declared message, nothing changes', async () => {
    const before = await rows();
    expect((await add({ code: 'a2', name: '重复' })).json).toMatchObject({ success: false, message: '编码已存在' });
    const a1 = await byCode('a1');
    const clash = await call('PUT', `${P}/edit`, { payload: { id: a1.id, code: 'a2', name: 'x' } });
    expect(clash.json).toMatchObject({ success: false, message: '编码已存在' });
    // an edit keeping its own code is no clash
    const own = await call('PUT', `${P}/edit`, { payload: { id: a1.id, code: 'a1', name: '甲', sex: '1' } });
    expect(own.json.success).toBe(true);
    expect((await rows()).map((r) => [r.code, r.name])).toEqual([
      ['a1', '甲'],
      ['a2', before[1].name],
    ]);
  });

  it('bad input answers 400 with a Chinese message naming the field, and changes nothing', async () => {
    const before = await rows();
    const a1 = await byCode('a1');
    const cases: Array<[Method, string, unknown]> = [
      ['POST', `${P}/add`, { code: '', name: 'x' }],
      ['POST', `${P}/add`, { code: 'Has Space', name: 'x' }],
      ['POST', `${P}/add`, { code: 'ok', name: 'x', sex: '9' }],
      ['POST', `${P}/add`, { code: 'ok', name: 'x'.repeat(51) }],
      ['POST', `${P}/add`, []],
      ['PUT', `${P}/edit`, { code: 'ok', name: 'x' }],
      ['PUT', `${P}/edit`, { id: a1.id, code: 'ok', name: '' }],
      ['GET', `${P}/queryById`, undefined],
      ['DELETE', `${P}/delete?id=${'x'.repeat(37)}`, undefined],
    ];
    for (const [method, url, payload] of cases) {
      const res = await call(method, url, { payload });
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json.success).toBe(false);
      expect(res.json.message).toMatch(/^(参数 \S+ 有误|请求参数有误)：.*[\u4e00-\u9fa5]/);
    }
    expect(await rows()).toEqual(before);
  });

  it('a failing hook rolls the whole write back', async () => {
    const res = await add({ code: 'boom', name: 'boom' });
    expect(res.json).toMatchObject({ success: false, message: '后续处理失败' });
    expect(await byCode('boom')).toBeUndefined();
    const a2 = await byCode('a2');
    const kept = await call('DELETE', `${P}/delete?id=${a2.id}&keep=1`);
    expect(kept.json).toMatchObject({ success: false, message: '该记录不能删除' });
    expect(await byCode('a2')).toMatchObject({ delFlag: 0 });
  });

  it('logical delete hides the row; the recycle bin lists, restores and purges it', async () => {
    const a2 = await byCode('a2');
    expect((await call('DELETE', `${P}/delete?id=${a2.id}`)).json).toMatchObject({
      success: true,
      message: '删除成功!',
    });
    expect(await byCode('a2')).toMatchObject({ delFlag: 1 });
    expect((await call('GET', `${P}/list`)).json.result.records.map((r: { code: string }) => r.code)).toEqual(['a1']);
    expect((await call('GET', `${P}/queryById?id=${a2.id}`)).json.message).toBe('未找到对应数据');
    // deleting it again: it is no longer there
    expect((await call('DELETE', `${P}/delete?id=${a2.id}`)).json.message).toBe('未找到对应数据');

    const bin = await call('GET', `${P}/recycleBin`);
    expect(bin.json.result.records.map((r: { code: string }) => r.code)).toEqual(['a2']);
    const back = await call('PUT', `${P}/putRecycleBin`, { payload: { ids: a2.id } });
    expect(back.json).toMatchObject({ success: true, message: '还原成功' });
    expect(await byCode('a2')).toMatchObject({ delFlag: 0 });

    await call('DELETE', `${P}/delete?id=${a2.id}`);
    // purging only ever removes recycled rows
    const a1 = await byCode('a1');
    expect((await call('DELETE', `${P}/deleteRecycleBin?ids=${a1.id},${a2.id}`)).json.success).toBe(true);
    expect(await byCode('a2')).toBeUndefined();
    expect(await byCode('a1')).toMatchObject({ delFlag: 0 });
  });

  it('deleteBatch: de-duplicated ids, none → 参数不识别！, more than maxBatch refused whole', async () => {
    for (const code of ['b1', 'b2', 'b3', 'b4']) await add({ code, name: code });
    const ids = await Promise.all(['b1', 'b2', 'b3', 'b4'].map(async (c) => (await byCode(c)).id));
    expect((await call('DELETE', `${P}/deleteBatch?ids=,`)).json).toMatchObject({
      success: false,
      message: '参数不识别！',
    });
    expect((await call('DELETE', `${P}/deleteBatch`)).json.message).toBe('参数不识别！');
    const tooMany = await call('DELETE', `${P}/deleteBatch?ids=${ids.join(',')}`);
    expect(tooMany.json).toMatchObject({ success: false, message: '一次最多删除 3 条' });
    const tooLong = await call('DELETE', `${P}/deleteBatch?ids=${ids[0]},${'9'.repeat(37)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json.message).toMatch(/^参数 ids 有误：/);
    expect((await rows()).filter((r) => r.delFlag === 0)).toHaveLength(5);
    const ok = await call('DELETE', `${P}/deleteBatch?ids=${ids[0]},${ids[1]},${ids[0]},`);
    expect(ok.json).toMatchObject({ success: true, message: '批量删除成功!' });
    expect((await byCode('b1')).delFlag).toBe(1);
    expect((await byCode('b2')).delFlag).toBe(1);
    expect((await byCode('b3')).delFlag).toBe(0);
    // a mix of deletable and unknown ids says how many were deleted
    await add({ code: 'b5', name: 'b5' });
    const mixed = await call('DELETE', `${P}/deleteBatch?ids=${(await byCode('b5')).id},nosuchid`);
    expect(mixed.json).toMatchObject({ success: true, message: '已删除 1 条，1 条不存在或无权删除' });
  });

  it('export → import round trip: dictionary texts out and back, bad and duplicate rows reported', async () => {
    const exp = await call('GET', `${P}/exportXls?column=code&order=asc`);
    expect(exp.statusCode).toBe(200);
    expect(exp.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, '编码', '名称', '性别']);
    // the live rows only: a1, b3, b4
    expect(sheet.getRow(2).values).toEqual([undefined, 'a1', '甲', '男']);
    expect(sheet.rowCount).toBe(4);

    // the exported file, renamed, goes back in; one row duplicates a live code, one has a bad dictionary text
    sheet.getRow(2).getCell(1).value = 'c1';
    sheet.getRow(3).getCell(1).value = 'c2';
    sheet.getRow(3).getCell(3).value = '女';
    sheet.getRow(4).getCell(3).value = '未知';
    sheet.addRow(['a1', '重复', '女']);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await probeApp.inject({
      method: 'POST',
      url: `${P}/importExcel`,
      headers: { 'x-access-token': admin, ...xlsxUpload(buf).headers },
      payload: xlsxUpload(buf).payload,
    });
    const json = JSON.parse(res.body);
    expect(json).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
    expect(json.result.msg).toBe('总上传行数：4，已导入行数：2，错误行数：2');
    expect(await byCode('c1')).toMatchObject({ name: '甲', sex: '1', createBy: 'admin' });
    expect(await byCode('c2')).toMatchObject({ sex: '2' });
    const report = await t.req({ method: 'GET', url: `/jeecg-boot${json.result.fileUrl}`, token: admin });
    expect(report.body).toContain('第4行：请选择正确的性别');
    expect(report.body).toContain('第5行：编码已存在');
  });

  it('every action checks its own permission: 401 without a session, 403 without the grant', async () => {
    const a1 = await byCode('a1');
    const calls: Array<[Method, string, unknown?]> = [
      ['GET', `${P}/list`],
      ['GET', `${P}/queryById?id=${a1.id}`],
      ['POST', `${P}/add`, { code: 'z1', name: 'z' }],
      ['PUT', `${P}/edit`, { id: a1.id, code: 'a1', name: '改' }],
      ['POST', `${P}/edit`, { id: a1.id, code: 'a1', name: '改' }],
      ['DELETE', `${P}/delete?id=${a1.id}`],
      ['DELETE', `${P}/deleteBatch?ids=${a1.id}`],
      ['GET', `${P}/exportXls`],
      ['POST', `${P}/importExcel`],
      ['GET', `${P}/recycleBin`],
      ['PUT', `${P}/putRecycleBin`, { ids: a1.id }],
      ['DELETE', `${P}/deleteRecycleBin?ids=${a1.id}`],
    ];
    const before = await rows();
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, { payload, token: null })).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, { payload, token: jeecg })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await rows()).toEqual(before);
    // each call named a registered route: the refusals came from the guard, not from a missing route
    for (const [method, url] of calls) {
      expect(probeApp.hasRoute({ method, url: `${url.split('?')[0]}` }), `${method} ${url}`).toBe(true);
    }
  });
});

describe('defineCrud / registerCrud refuse a wrong declaration at startup', () => {
  const base = { ...declaration, softDelete: undefined, access: { ...declaration.access, recycleBin: undefined } };

  it('export or import half declared, a recycle bin without logical delete, a foreign unique column', () => {
    expect(() => defineCrud({ ...base, access: { ...base.access, exportXls: undefined } })).toThrow(/exportXls/);
    expect(() => defineCrud({ ...base, importExcel: undefined })).toThrow(/importExcel/);
    expect(() => defineCrud({ ...base, access: { ...base.access, recycleBin: { perm: 'x' } } })).toThrow(/softDelete/);
    const other = pgTable('crud_other', { id: varchar('id', { length: 36 }).primaryKey() });
    expect(() => defineCrud({ ...base, unique: [{ column: other.id, message: 'x' }] })).toThrow(/unique/);
    expect(() => defineCrud({ ...base, list: { ...base.list, sortable: ['nope'] } })).toThrow(/nope/);
  });

  it('tenantScoped must match the platform’s tenant-scoped tables both ways', () => {
    expect(() => defineCrud({ ...base, tenantScoped: true })).toThrow(/tenant/);
    expect(() => defineCrud({ ...roleDeclaration, tenantScoped: false })).toThrow(/tenantScoped/);
  });
});

describe('registerCrud on a tenant-scoped table', () => {
  const R = '/jeecg-boot/test/roles';
  const as = (tenant: number) => ({ token: admin, headers: { 'tenant-id': String(tenant) } });
  async function tcall(tenant: number, method: Method, url: string, payload?: unknown) {
    const res = await probeApp.inject({
      method,
      url,
      payload: payload as never,
      headers: { 'x-access-token': admin, ...as(tenant).headers },
    });
    return Object.assign(res, { json: JSON.parse(res.body) });
  }
  const role = async (code: string) => (await t.app.ctx.db.select().from(sysRole).where(eq(sysRole.roleCode, code)))[0];
  const codes = async (tenant: number) =>
    (await tcall(tenant, 'GET', `${R}/list?pageSize=100`)).json.result.records.map(
      (r: { roleCode: string }) => r.roleCode,
    );

  it('inserts are stamped with the request’s tenant; lists show only that tenant (all for the platform view)', async () => {
    expect(
      (await tcall(1, 'POST', `${R}/add`, { roleName: '租户一', roleCode: 't1_role', tenantId: 2 })).json.success,
    ).toBe(true);
    expect((await tcall(0, 'POST', `${R}/add`, { roleName: '平台', roleCode: 'plat_role' })).json.success).toBe(true);
    expect(await role('t1_role')).toMatchObject({ tenantId: 1, createBy: 'admin' });
    expect(await role('plat_role')).toMatchObject({ tenantId: 0 });
    expect(await codes(1)).toEqual(['t1_role']);
    expect(await codes(2)).toEqual([]);
    expect(await codes(0)).toEqual(expect.arrayContaining(['t1_role', 'plat_role']));
    // the owning tenant is not part of the entity JSON
    expect((await tcall(1, 'GET', `${R}/list`)).json.result.records[0]).not.toHaveProperty('tenantId');
  });

  it('another tenant’s id answers 未找到对应数据 on read, edit and delete, and changes nothing', async () => {
    const r = await role('t1_role');
    for (const res of [
      await tcall(2, 'GET', `${R}/queryById?id=${r.id}`),
      await tcall(2, 'PUT', `${R}/edit`, { id: r.id, roleName: '篡改', roleCode: 't1_role' }),
      await tcall(2, 'DELETE', `${R}/delete?id=${r.id}`),
    ]) {
      expect(res.json).toMatchObject({ success: false, message: '未找到对应数据' });
    }
    // deleteBatch is honest (issue 28 security 7): nothing it may touch → refused, not 批量删除成功
    expect((await tcall(2, 'DELETE', `${R}/deleteBatch?ids=${r.id}`)).json).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    expect(await role('t1_role')).toEqual(r);

    expect((await tcall(1, 'GET', `${R}/queryById?id=${r.id}`)).json.result).toMatchObject({ roleCode: 't1_role' });
    const edit = await tcall(1, 'PUT', `${R}/edit`, { id: r.id, roleName: '改名', roleCode: 't1_role', tenantId: 2 });
    expect(edit.json.success).toBe(true);
    expect(await role('t1_role')).toMatchObject({ roleName: '改名', tenantId: 1 });
    expect((await tcall(1, 'DELETE', `${R}/delete?id=${r.id}`)).json.success).toBe(true);
    expect(await role('t1_role')).toBeUndefined();
  });
});
