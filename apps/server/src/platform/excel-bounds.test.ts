import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { xlsxUpload } from '../modules/demo/test-helpers.ts';
import { looksLikeXlsx, XLSX_LIMITS, XLSX_TOO_LARGE, xlsxBoundsProblem } from './excel.ts';

/**
 * Issue 28 security 6: a crafted .xlsx of a few KB (lying sizes, a single huge cell, millions of cells) is refused
 * before ExcelJS parses it, so it cannot grow the server by a gigabyte.
 */

interface Entry {
  name: string;
  data: Buffer;
  /** the uncompressed size written into the headers (a lie when it differs from data.length) */
  declared?: number;
}

/** a minimal zip (deflate) with the given entries */
function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const comp = deflateRawSync(e.data, { level: 9 });
    const size = e.declared ?? e.data.length;
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(comp.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(comp.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, comp);
    centrals.push(central, name);
    offset += 30 + name.length + comp.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${s}`);
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const base = (sheet: Buffer, shared: Buffer, sharedDeclared?: number): Entry[] => [
  { name: '[Content_Types].xml', data: xml('<Types/>') },
  { name: 'xl/workbook.xml', data: xml(`<workbook ${NS}><sheets><sheet name="a" sheetId="1"/></sheets></workbook>`) },
  { name: 'xl/worksheets/sheet1.xml', data: sheet },
  { name: 'xl/sharedStrings.xml', data: shared, declared: sharedDeclared },
];
const plainSheet = xml(
  `<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`,
);

describe('bounded xlsx parsing', () => {
  it('refuses a single huge cell (a few KB on the wire)', () => {
    const huge = xml(`<sst ${NS}><si><t>${'a'.repeat(20 * 1024 * 1024)}</t></si></sst>`);
    const file = zip(base(plainSheet, huge));
    expect(file.length).toBeLessThan(64 * 1024);
    expect(looksLikeXlsx(file)).toBe(true);
    expect(xlsxBoundsProblem(file)).toBe(XLSX_TOO_LARGE);
  });

  it('refuses lying sizes: shared strings declared small that inflate to far more', () => {
    const big = xml(`<sst ${NS}>${'<si><t>x</t></si>'.repeat(2_000_000)}</sst>`);
    const file = zip(base(plainSheet, big, 200));
    expect(file.length).toBeLessThan(256 * 1024);
    // the directory alone says 200 bytes: only inflating tells the truth
    expect(looksLikeXlsx(file)).toBe(true);
    expect(xlsxBoundsProblem(file)).toBe(XLSX_TOO_LARGE);
  });

  it('refuses more cells or shared strings than an import may hold', () => {
    const cells = xml(
      `<worksheet ${NS}><sheetData><row r="1">${'<c r="A1"/>'.repeat(XLSX_LIMITS.cells + 1)}</row></sheetData></worksheet>`,
    );
    expect(xlsxBoundsProblem(zip(base(cells, xml(`<sst ${NS}/>`))))).toBe(XLSX_TOO_LARGE);
  });

  it('accepts an ordinary workbook', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('职务表');
    ws.addRow(['职务编码', '职务名称']);
    for (let i = 0; i < 2000; i++) ws.addRow([`c${i}`, `名称${i}`]);
    expect(xlsxBoundsProblem(Buffer.from(await wb.xlsx.writeBuffer()))).toBe(null);
  });
});

describe('an import endpoint', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the refusal in the envelope and imports nothing', async () => {
    const huge = xml(`<sst ${NS}><si><t>${'a'.repeat(8 * 1024 * 1024)}</t></si></sst>`);
    const body = xlsxUpload(zip(base(plainSheet, huge)));
    const r = await t.req({
      method: 'POST',
      url: '/jeecg-boot/sys/position/importExcel',
      token: admin,
      payload: body.payload,
      headers: body.headers,
    });
    expect(r.json).toMatchObject({ success: false, message: XLSX_TOO_LARGE });
  });
});
