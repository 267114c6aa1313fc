import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { okCode0 } from '@answer/contract';
import multipart from '@fastify/multipart';
import { eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { sysLog, sysUser } from '../db/schema/index.ts';
import { MAGIC, multipartBody } from '../modules/common/test-helpers.ts';
import { type ExcelColumn, exportList, exportXlsx, importAnswer, MAX_IMPORT_ROWS, readImport } from './excel.ts';
import { installErrorHandling } from './http-hooks.ts';
import { newId } from './ids.ts';
import { defineListEntity } from './list-query.ts';
import { ALL_TENANTS, setTenancy } from './tenant-scope.ts';

const users = defineListEntity({
  table: sysUser,
  sortable: ['username', 'createTime'],
  defaultSort: { column: 'username', order: 'asc' },
  dictFields: { sex: 'sex', status: 'user_status' },
  where: () => eq(sysUser.delFlag, 0),
});
const userColumns: ExcelColumn[] = [
  { key: 'username', title: '用户账号' },
  { key: 'realname', title: '用户姓名' },
  { key: 'sex', title: '性别', dict: 'sex' },
  { key: 'status', title: '状态', dict: 'user_status' },
  { key: 'createTime', title: '创建时间' },
];
const logs = defineListEntity({
  table: sysLog,
  sortable: ['createTime'],
  defaultSort: { column: 'createTime', order: 'asc' },
  where: () => like(sysLog.logContent, 'bulk-%'),
});
const ageColumns: ExcelColumn[] = [
  { key: 'name', title: '姓名' },
  { key: 'age', title: '年龄' },
  { key: 'sex', title: '性别', dict: 'sex' },
  { key: 'owner', title: '负责人', dict: 'sys_user,realname,username' },
];

let t: TestApp;
let app: FastifyInstance;
let uploadDir: string;

async function workbookBuffer(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('S');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function readXlsx(buf: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as never);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((row) => {
    out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return out;
}

function upload(url: string, name: string, content: Buffer | string) {
  const { payload, headers } = multipartBody({}, { name, content });
  return app.inject({ method: 'POST', url, payload, headers });
}

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'excel-test-'));
  t = await createTestApp({ UPLOAD_DIR: uploadDir });
  // a small app with export/import routes built on the platform functions, sharing the test app's context
  app = Fastify({ logger: false });
  app.decorate('ctx', t.app.ctx);
  installErrorHandling(app);
  // what the guard does for a signed-in request: here the platform administrator's view of every tenant (ADR 017)
  app.addHook('onRequest', async (req) => setTenancy(req, ALL_TENANTS));
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  app.get('/users/exportXls', (req, reply) =>
    exportList(app, req, reply, { entity: users, columns: userColumns, fileName: '用户列表' }),
  );
  app.get('/logs/exportXls', (req, reply) =>
    exportList(app, req, reply, {
      entity: logs,
      columns: [
        { key: 'logContent', title: '内容' },
        { key: 'createTime', title: '时间' },
      ],
    }),
  );
  app.get('/plain/exportXls', (_req, reply) =>
    exportXlsx(reply, {
      fileName: 'plain',
      columns: [
        { key: 'a', title: 'A' },
        { key: 'when', title: '时间' },
        { key: 'n', title: '数', format: (v) => Number(v) * 2 },
      ],
      rows: [{ a: 'x', when: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)), n: 21 }],
    }),
  );
  app.post('/users/read', async (req) => okCode0(await readImport(req, { columns: userColumns })));
  app.post('/ages/importExcel', async (req) => {
    const { rows } = await readImport(req, { columns: ageColumns });
    const errors: { rowNo: number; message: string }[] = [];
    let imported = 0;
    for (const r of rows) {
      if (!/^\d{1,3}$/.test(r.values.age)) errors.push({ rowNo: r.rowNo, message: '年龄必须是整数' });
      else imported++;
    }
    return importAnswer(app, { total: rows.length, imported, errors });
  });
  app.post('/ages/read', async (req) => okCode0(await readImport(req, { columns: ageColumns })));
  app.post('/dates/read', async (req) =>
    okCode0(
      await readImport(req, {
        columns: [
          { key: 'day', title: '日期' },
          { key: 'at', title: '时间' },
          { key: 'n', title: '数' },
        ],
      }),
    ),
  );
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await t?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

describe('exportList', () => {
  it('answers an xlsx attachment with titles, dictionary texts and formatted dates', async () => {
    const res = await app.inject({ method: 'GET', url: '/users/exportXls' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('用户列表.xlsx')}`);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['用户账号', '用户姓名', '性别', '状态', '创建时间']);
    const admin = rows.find((r) => r[0] === 'admin')!;
    expect(admin[2]).toBe('男');
    expect(admin[3]).toBe('正常');
    expect(admin[4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // sorted by username ascending (default sort of the entity)
    const names = rows.slice(1).map((r) => r[0]);
    expect(names).toEqual([...names].sort());
  });

  it('applies the list filters, sort and selections', async () => {
    const filtered = await readXlsx(
      (await app.inject({ method: 'GET', url: '/users/exportXls?username=jeecg' })).rawPayload,
    );
    expect(filtered.slice(1).map((r) => r[0])).toEqual(['jeecg']);
    const [a, b] = await t.app.ctx.db.select({ id: sysUser.id, username: sysUser.username }).from(sysUser).limit(2);
    const sel = await readXlsx(
      (
        await app.inject({
          method: 'GET',
          url: `/users/exportXls?selections=${a.id},${b.id}&column=username&order=desc`,
        })
      ).rawPayload,
    );
    expect(sel.slice(1).map((r) => r[0])).toEqual([a.username, b.username].sort().reverse());
  });

  it('rejects a sort column outside the allow-list with the envelope, before any file is sent', async () => {
    const res = await app.inject({ method: 'GET', url: '/users/exportXls?column=password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('streams more than 10 000 rows in batches', async () => {
    const db = t.app.ctx.db;
    const base = Date.now() - 86_400_000;
    for (let i = 0; i < 10_500; i += 1500) {
      const batch = Array.from({ length: Math.min(1500, 10_500 - i) }, (_, j) => ({
        id: newId(),
        logType: 2,
        logContent: `bulk-${String(i + j).padStart(5, '0')}`,
        createTime: new Date(base + (i + j) * 1000),
      }));
      await db.insert(sysLog).values(batch);
    }
    const res = await app.inject({ method: 'GET', url: '/logs/exportXls' });
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('导出文件.xlsx'));
    const rows = await readXlsx(res.rawPayload);
    expect(rows.length).toBe(10_501);
    expect(rows[1][0]).toBe('bulk-00000');
    expect(rows[10_500][0]).toBe('bulk-10499');
  }, 60_000);

  it('exportXlsx writes given rows with dates as yyyy-MM-dd HH:mm:ss and custom formats', async () => {
    const rows = await readXlsx((await app.inject({ method: 'GET', url: '/plain/exportXls' })).rawPayload);
    expect(rows).toEqual([
      ['A', '时间', '数'],
      ['x', '2024-01-02 11:04:05', '42'],
    ]);
  });
});

describe('readImport', () => {
  it('round-trips an export: titles map to keys and dictionary texts back to values', async () => {
    const exported = await app.inject({ method: 'GET', url: '/users/exportXls' });
    const res = await upload('/users/read', '用户列表.xlsx', exported.rawPayload);
    expect(res.json().success).toBe(true);
    const rows = res.json().result.rows as { rowNo: number; values: Record<string, string> }[];
    const admin = rows.find((r) => r.values.username === 'admin')!;
    expect(admin.values.sex).toBe('1');
    expect(admin.values.status).toBe('1');
    expect(rows[0].rowNo).toBe(2);
  });

  it('maps table-dictionary texts, skips empty rows, keeps unknown dictionary texts for validation', async () => {
    const [admin] = await t.app.ctx.db.select().from(sysUser).where(eq(sysUser.username, 'admin'));
    const buf = await workbookBuffer([
      [],
      ['姓名', '*年龄', '性别', '负责人', '无关列'],
      ['甲', 20, '女', admin.realname, 'x'],
      [null, null, null, null, 'only ignored column'],
      ['乙', '21', '未知', '', ''],
    ]);
    const res = await upload('/ages/read', 'a.xlsx', buf);
    expect(res.json().result.rows).toEqual([
      { rowNo: 3, values: { name: '甲', age: '20', sex: '2', owner: 'admin' } },
      { rowNo: 5, values: { name: '乙', age: '21', sex: '未知', owner: '' } },
    ]);
  });

  it('reads date cells as yyyy-MM-dd (midnight) or yyyy-MM-dd HH:mm:ss, numbers and formulas as text', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('S');
    ws.addRow(['日期', '时间', '数']);
    const row = ws.addRow([new Date(Date.UTC(1990, 4, 6)), new Date(Date.UTC(2024, 0, 2, 13, 4, 5)), 13800138000]);
    row.getCell(1).numFmt = 'yyyy-mm-dd';
    row.getCell(2).numFmt = 'yyyy-mm-dd hh:mm:ss';
    ws.addRow([{ richText: [{ text: '20' }, { text: '24-01-01' }] }, null, { formula: '1+1', result: 2 }]);
    const res = await upload('/dates/read', 'd.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.json().result.rows).toEqual([
      { rowNo: 2, values: { day: '1990-05-06', at: '2024-01-02 13:04:05', n: '13800138000' } },
      { rowNo: 3, values: { day: '2024-01-01', at: '', n: '2' } },
    ]);
  });

  it('imports 5 000 rows with some bad ones: code 201 and an error report served from the static folder', async () => {
    const data: unknown[][] = [['姓名', '年龄', '性别']];
    for (let i = 0; i < 5000; i++) data.push([`人${i}`, i % 500 === 7 ? '很老' : 20 + (i % 50), i % 2 ? '男' : '女']);
    const res = await upload('/ages/importExcel', 'big.xlsx', await workbookBuffer(data));
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
    expect(body.result.msg).toBe('总上传行数：5000，已导入行数：4990，错误行数：10');
    expect(body.result.fileUrl).toBe(`/sys/common/static/import-errors/${body.result.fileName}`);
    expect(body.result.fileName).toMatch(/^\d+_[0-9a-f]{16}\.txt$/);
    const file = await t.req({ method: 'GET', url: `/jeecg-boot${body.result.fileUrl}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/plain');
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('第9行：年龄必须是整数');
  }, 60_000);

  it('answers 文件导入成功！数据行数：N when every row is good', async () => {
    const res = await upload(
      '/ages/importExcel',
      'ok.xlsx',
      await workbookBuffer([
        ['姓名', '年龄'],
        ['a', 1],
        ['b', 2],
      ]),
    );
    expect(res.json()).toMatchObject({ success: true, code: 200, message: '文件导入成功！数据行数：2' });
  });

  it('refuses legacy .xls, non-Excel content, foreign headers, empty sheets and a missing file', async () => {
    expect((await upload('/ages/read', 'a.xls', MAGIC.ole)).json()).toMatchObject({
      success: false,
      message: expect.stringContaining('.xlsx'),
    });
    expect((await upload('/ages/read', 'a.xlsx', 'name,age\n1,2')).json().message).toBe(
      '文件格式不正确，请上传 .xlsx 格式的 Excel 文件',
    );
    expect((await upload('/ages/read', 'a.xlsx', MAGIC.zip)).json().message).toBe(
      '文件格式不正确，请上传 .xlsx 格式的 Excel 文件',
    );
    // a truncated workbook
    const good = await workbookBuffer([['姓名'], ['x']]);
    expect((await upload('/ages/read', 'a.xlsx', good.subarray(0, good.length - 200))).json().success).toBe(false);
    expect(
      (
        await upload(
          '/ages/read',
          'a.xlsx',
          await workbookBuffer([
            ['foo', 'bar'],
            [1, 2],
          ]),
        )
      ).json().message,
    ).toBe('导入文件的表头与模板不符，请先导出文件作为模板再填写');
    expect((await upload('/ages/read', 'a.xlsx', await workbookBuffer([['姓名', '年龄']]))).json().message).toBe(
      '导入文件中没有数据',
    );
    const noFile = multipartBody({ biz: 'x' });
    expect(
      (await app.inject({ method: 'POST', url: '/ages/read', payload: noFile.payload, headers: noFile.headers })).json()
        .message,
    ).toBe('请选择要上传的文件');
  });

  it('refuses files over 10 MB with the contract message', async () => {
    const res = await upload('/ages/read', 'big.xlsx', Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    expect(res.json()).toMatchObject({ success: false, message: '文件大小超出10MB限制, 请压缩或降低文件质量! ' });
  });

  it(`refuses more than ${MAX_IMPORT_ROWS} rows`, async () => {
    const data: unknown[][] = [['姓名']];
    for (let i = 0; i <= MAX_IMPORT_ROWS; i++) data.push([i]);
    const res = await upload('/ages/read', 'huge.xlsx', await workbookBuffer(data));
    expect(res.json().message).toContain('50000');
  }, 60_000);
});
