import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { adminSession } from '../../../test/harness.ts';
import { sysPosition } from '../../db/schema/index.ts';

const P = '/jeecg-boot/sys/position';

const s = adminSession({}, { jeecg: true });
const { get } = s;
const byCode = async (code: string) =>
  (await s.t.app.ctx.db.select().from(sysPosition).where(eq(sysPosition.code, code)))[0];

describe('positions', () => {
  it('list pages the seeded positions with postRank_dictText and filters', async () => {
    const res = await get(`${P}/list?column=code&order=asc`);
    expect(res.json).toMatchObject({ success: true, code: 0 });
    expect(res.json.result.total).toBe(3);
    expect(res.json.result.records.map((r: { code: string }) => r.code)).toEqual(['devleader', 'manager', 'staff']);
    expect(res.json.result.records[0]).toMatchObject({ name: '研发组长', postRank: '3', postRank_dictText: '中级' });
    expect((await get(`${P}/list?name=*${encodeURIComponent('经理')}*`)).json.result.total).toBe(1);
    expect((await get(`${P}/list?postRank=1`)).json.result.records[0].code).toBe('staff');
    expect((await get(`${P}/list?column=password`)).statusCode).toBe(400);
  });

  it('add / duplicate code / edit / queryById / queryByCode / delete', async () => {
    const add = await s.t.req({
      method: 'POST',
      url: `${P}/add`,
      token: s.token,
      payload: { code: 'tester', name: '测试工程师', postRank: '2' },
    });
    expect(add.json).toMatchObject({ success: true, message: '添加成功！' });
    const row = await byCode('tester');
    expect(row).toMatchObject({ name: '测试工程师', postRank: '2', createBy: 'admin', sysOrgCode: 'A01' });
    const dup = await s.t.req({
      method: 'POST',
      url: `${P}/add`,
      token: s.token,
      payload: { code: 'tester', name: '另一个', postRank: '1' },
    });
    expect(dup.json).toMatchObject({ success: false, message: '该职务编码已存在！' });

    const edit = await s.t.req({
      method: 'PUT',
      url: `${P}/edit`,
      token: s.token,
      payload: { id: row.id, code: 'tester', name: '高级测试', postRank: '3' },
    });
    expect(edit.json).toMatchObject({ success: true, message: '修改成功!' });
    const clash = await s.t.req({
      method: 'PUT',
      url: `${P}/edit`,
      token: s.token,
      payload: { id: row.id, code: 'staff', name: '高级测试', postRank: '3' },
    });
    expect(clash.json).toMatchObject({ success: false, message: '该职务编码已存在！' });
    expect((await get(`${P}/queryById?id=${row.id}`)).json.result).toMatchObject({ name: '高级测试' });
    expect((await get(`${P}/queryByCode?code=tester`)).json.result.id).toBe(row.id);
    expect((await get(`${P}/queryByCode?code=nope`)).json).toMatchObject({ success: false, message: '未找到对应实体' });
    const missing = await s.t.req({
      method: 'PUT',
      url: `${P}/edit`,
      token: s.token,
      payload: { id: 'nope', code: 'x1', name: 'x', postRank: '1' },
    });
    expect(missing.json).toMatchObject({ success: false, message: '未找到对应实体' });

    const del = await s.t.req({ method: 'DELETE', url: `${P}/delete?id=${row.id}`, token: s.token });
    expect(del.json).toMatchObject({ success: true, message: '删除成功!' });
    expect(await byCode('tester')).toBeUndefined();
  });

  it('deleteBatch', async () => {
    for (const code of ['b1', 'b2']) {
      await s.t.req({ method: 'POST', url: `${P}/add`, token: s.token, payload: { code, name: code, postRank: '1' } });
    }
    const ids = [(await byCode('b1')).id, (await byCode('b2')).id];
    const res = await s.t.req({ method: 'DELETE', url: `${P}/deleteBatch?ids=${ids.join(',')},`, token: s.token });
    expect(res.json).toMatchObject({ success: true, message: '删除成功!' });
    expect(await byCode('b1')).toBeUndefined();
    expect((await s.t.req({ method: 'DELETE', url: `${P}/deleteBatch?ids=,`, token: s.token })).json.success).toBe(
      false,
    );
  });

  it('rejects bad input with a Chinese message and changes nothing', async () => {
    const cases = [
      { code: '', name: 'x', postRank: '1' },
      { code: 'a,b', name: 'x', postRank: '1' },
      { code: 'ok1', name: '', postRank: '1' },
      { code: 'ok1', name: 'x', postRank: '9' },
      { code: 'ok1', name: 'x' },
    ];
    for (const payload of cases) {
      const res = await s.t.req({ method: 'POST', url: `${P}/add`, token: s.token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json.success).toBe(false);
      expect(res.json.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await byCode('ok1')).toBeUndefined();
  });

  it('export and import (bad rows reported, good rows inserted)', async () => {
    const exp = await get(`${P}/exportXls`);
    expect(exp.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['职务编码', '职务名称', '职级']));
    expect(sheet.rowCount).toBe(4);
    const texts = [2, 3, 4].map((i) => sheet.getRow(i).getCell(3).value);
    expect(texts).toEqual(expect.arrayContaining(['员级', '中级', '副高级']));

    const out = new ExcelJS.Workbook();
    const inSheet = out.addWorksheet('p');
    inSheet.addRow(['职务编码', '职务名称', '职级']);
    inSheet.addRow(['imp_a', '导入职务', '正高级']);
    inSheet.addRow(['staff', '重复编码', '员级']);
    inSheet.addRow(['imp_b', '', '员级']);
    inSheet.addRow(['imp_c', '职级错误', '超级']);
    const buf = Buffer.from(await out.xlsx.writeBuffer());
    const boundary = '----posimport';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
      ),
      buf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await s.t.req({
      method: 'POST',
      url: `${P}/importExcel`,
      token: s.token,
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.json).toMatchObject({ success: true, code: 201 });
    expect(res.json.result.msg).toBe('总上传行数：4，已导入行数：1，错误行数：3');
    expect(await byCode('imp_a')).toMatchObject({ name: '导入职务', postRank: '5' });
    expect(await byCode('imp_c')).toBeUndefined();
  });

  it('a user without the buttons can only read (picker) and gets 403 on everything else', async () => {
    // the position picker of the user form: the 用户管理 page (granted to jeecg's role) may read the list
    expect((await get(`${P}/list`, s.jeecg)).json.success).toBe(true);
    expect((await get(`${P}/queryByCode?code=staff`, s.jeecg)).json.success).toBe(true);
    const calls = [
      { method: 'GET' as const, url: `${P}/exportXls` },
      { method: 'POST' as const, url: `${P}/add`, payload: { code: 'z', name: 'z', postRank: '1' } },
      { method: 'PUT' as const, url: `${P}/edit`, payload: { id: 'x', code: 'z', name: 'z', postRank: '1' } },
      { method: 'DELETE' as const, url: `${P}/delete?id=x` },
      { method: 'DELETE' as const, url: `${P}/deleteBatch?ids=x` },
      { method: 'POST' as const, url: `${P}/importExcel` },
    ];
    for (const c of calls) expect((await s.t.req({ ...c, token: s.jeecg })).statusCode, c.url).toBe(403);
  });
});
