import fs from 'node:fs';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysDataLog, sysUser, sysUserDepart, sysUserRole } from '../../db/schema/index.ts';
import { DEPART_IDS, ROLE_IDS } from '../../db/seed/data.ts';
import { multipartBody } from '../common/test-helpers.ts';

const API = '/jeecg-boot/sys/user';

async function xlsx(header: string[], rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户');
  ws.addRow(header);
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

describe('users Excel export and import', () => {
  let t: TestApp;
  let admin: string;

  const upload = (content: Buffer, name = 'users.xlsx') => {
    const { payload, headers } = multipartBody({}, { name, content });
    return t.req({ method: 'POST', url: `${API}/importExcel`, payload, headers, token: admin });
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(async () => {
    await t.close();
  });

  it('exports the filtered list with dictionary texts, department names and codes, role codes — never secrets', async () => {
    const res = await t.req({ method: 'GET', url: `${API}/exportXls?sex=1&column=username&order=asc`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('attachment');
    const rows = await readXlsx(res.rawPayload);
    const header = rows[0];
    expect(header).toEqual(
      expect.arrayContaining(['用户账号', '用户姓名', '性别', '手机号码', '所属部门', '部门编码', '角色编码', '状态']),
    );
    expect(header.join()).not.toMatch(/密码|password|salt/i);
    const col = (name: string) => header.indexOf(name);
    const adminRow = rows.find((r) => r[col('用户账号')] === 'admin')!;
    expect(adminRow[col('性别')]).toBe('男');
    expect(adminRow[col('状态')]).toBe('正常');
    expect(adminRow[col('所属部门')]).toBe('北京国炬软件');
    expect(adminRow[col('部门编码')]).toBe('A01');
    expect(adminRow[col('角色编码')]).toBe('admin');
    expect(adminRow[col('职务')]).toBe('部门经理');
    expect(adminRow[col('身份')]).toBe('上级');
    expect(rows.slice(1).map((r) => r[col('用户账号')])).toEqual(['admin', 'jeecg', 'zhangsan']);
  });

  it('exports only the selected rows when selections is given', async () => {
    const [j] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'jeecg'));
    const res = await t.req({ method: 'GET', url: `${API}/exportXls?selections=${j.id}`, token: admin });
    const rows = await readXlsx(res.rawPayload);
    expect(rows).toHaveLength(2);
    expect(rows[1][0]).toBe('jeecg');
  });

  it('imports good rows with roles, departments and passwords; reports bad rows line by line', async () => {
    const header = ['用户账号', '用户姓名', '密码', '性别', '手机号码', '邮箱', '工号', '部门编码', '角色编码', '职务'];
    const file = await xlsx(header, [
      ['imp_ok_1', '导入一', 'Abc@12345', '男', '13811110001', 'imp1@example.com', 'IMP001', 'A01A03', 'hr', '职员'],
      ['imp_ok_2', '导入二', '', '女', '', '', '', 'A01A03,A01A04', '', ''],
      ['x', '坏账号', '', '', '', '', '', '', '', ''],
      ['imp_bad_pw', '弱密码', '123456', '', '', '', '', '', '', ''],
      ['imp_bad_role', '坏角色', '', '', '', '', '', '', 'nope', ''],
      ['imp_dup_phone', '重复手机', '', '', '18611111111', '', '', '', '', ''],
      ['imp_ok_1', '文件内重复', '', '', '', '', '', '', '', ''],
      ['imp_bad_dep', '坏部门', '', '', '', '', '', 'ZZZ', '', ''],
    ]);
    const res = await upload(file);
    expect(res.json).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
    expect(res.json.result.msg).toContain('总上传行数：8，已导入行数：2，错误行数：6');
    expect(res.json.result.msg).toContain('1 个用户未填写密码');
    const report = await t.req({ method: 'GET', url: `/jeecg-boot${res.json.result.fileUrl}`, token: admin });
    expect(report.statusCode).toBe(200);
    const text = report.body;
    expect(text).toContain('第4行：用户账号只允许字母、数字、下划线');
    expect(text).toContain('第5行：密码由8位数字、大小写字母和特殊符号组成!');
    expect(text).toContain('第6行：角色编码 nope 不存在');
    expect(text).toContain('第7行：手机号码 18611111111 已存在');
    expect(text).toContain('第8行：用户账号 imp_ok_1 已存在');
    expect(text).toContain('第9行：部门编码 ZZZ 不存在');

    const [one] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'imp_ok_1'));
    expect(one).toMatchObject({
      realname: '导入一',
      sex: 1,
      phone: '13811110001',
      post: 'staff',
      status: 1,
      orgCode: 'A01A03',
    });
    expect(one.password).toMatch(/^\$argon2id\$/);
    await expect(t.login('imp_ok_1', 'Abc@12345')).resolves.toBeTruthy();
    const logs = await t.database.db.select().from(sysDataLog).where(eq(sysDataLog.dataId, one.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ dataTable: 'sys_user', dataVersion: 1, createBy: 'admin' });
    expect(logs[0].dataContent).toContain('imp_ok_1');
    expect(logs[0].dataContent).not.toMatch(/argon2|"salt"|"password"/);
    const roles = await t.database.db.select().from(sysUserRole).where(eq(sysUserRole.userId, one.id));
    expect(roles.map((r) => r.roleId)).toEqual([ROLE_IDS.hr]);

    // no password in the file: the account exists but nobody can sign in with a password (no known default)
    const [two] = await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'imp_ok_2'));
    expect(two.password).toBeNull();
    await expect(t.login('imp_ok_2', '123456')).rejects.toThrow();
    const departs = await t.database.db.select().from(sysUserDepart).where(eq(sysUserDepart.userId, two.id));
    expect(departs.map((d) => d.depId).sort()).toEqual([DEPART_IDS.A01A03, DEPART_IDS.A01A04].sort());
  });

  it('answers 文件导入成功！数据行数：N when every row is good, and refuses non-xlsx files', async () => {
    const ok = await upload(await xlsx(['用户账号', '用户姓名', '密码'], [['imp_all_ok', '全好', 'Abc@12345']]));
    expect(ok.json).toMatchObject({ success: true, code: 200, message: '文件导入成功！数据行数：1' });
    const bad = await upload(Buffer.from('name,realname\n'), 'users.csv');
    expect(bad.json.success).toBe(false);
    expect(bad.json.message).toContain('xlsx');
  });

  it('imports 5 000 rows with bad ones listed in the error file, in one pass', async () => {
    const rows: (string | null)[][] = [];
    for (let i = 0; i < 5000; i++) {
      const n = String(i).padStart(5, '0');
      const bad = i % 500 === 7;
      rows.push([
        bad ? `b!${n}` : `bulk_${n}`,
        `批量${n}`,
        i % 2 ? '男' : '女',
        `1370${String(i).padStart(7, '0')}`,
        'A01A05',
      ]);
    }
    const started = Date.now();
    const res = await upload(await xlsx(['用户账号', '用户姓名', '性别', '手机号码', '部门编码'], rows));
    const took = Date.now() - started;
    expect(res.json).toMatchObject({ success: true, code: 201 });
    expect(res.json.result.msg).toContain('总上传行数：5000，已导入行数：4990，错误行数：10');
    const report = await t.req({ method: 'GET', url: `/jeecg-boot${res.json.result.fileUrl}`, token: admin });
    const lines = report.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('第9行：用户账号只允许字母、数字、下划线，长度4到18个字符');
    const count = await t.database.db.select({ id: sysUser.id }).from(sysUser).where(like(sysUser.username, 'bulk_%'));
    expect(count).toHaveLength(4990);
    const list = await t.req({
      method: 'GET',
      url: `${API}/list?departId=${DEPART_IDS.A01A05}&pageSize=1`,
      token: admin,
    });
    expect(list.json.result.total).toBe(4991);
    // the error file is served from the upload root, not from anywhere the client names
    expect(
      fs.existsSync(path.join(t.config.uploadDir, res.json.result.fileUrl.replace('/sys/common/static/', ''))),
    ).toBe(true);
    expect(took).toBeLessThan(120_000);
  }, 180_000);
});
