import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { adminSession } from '../../../test/harness.ts';
import { demo, sysPermissionDataRule, sysRolePermission } from '../../db/schema/index.ts';
import { findMenu, menuId, ROLE_IDS } from '../../db/seed/index.ts';
import { newId } from '../../platform/ids.ts';
import { xlsxUpload } from './test-helpers.ts';

const D = '/jeecg-boot/test/jeecgDemo';

const s = adminSession({}, { jeecg: true });
const { get } = s;
const byName = async (name: string) => (await s.t.app.ctx.db.select().from(demo).where(eq(demo.name, name)))[0];

describe('单表模型示例 /test/jeecgDemo', () => {
  it('lists the seeded rows newest first with sex_dictText, filters QueryGenerator-style, hides tenant_id', async () => {
    const res = await get(`${D}/list`);
    expect(res.json).toMatchObject({ success: true, code: 200 });
    expect(res.json.result.total).toBe(5);
    const names = res.json.result.records.map((r: { name: string }) => r.name);
    expect(names).toEqual(['张三', '李四', '王五', '赵六', '孙七']);
    const first = res.json.result.records[0];
    expect(first).toMatchObject({ sex: '1', sex_dictText: '男', age: 28, birthday: '1996-03-12', salaryMoney: 8000 });
    expect(first.punchTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(first).not.toHaveProperty('tenantId');
    expect((await get(`${D}/list?sex=2`)).json.result.total).toBe(2);
    expect((await get(`${D}/list?age=${encodeURIComponent('>=30')}`)).json.result.total).toBe(3);
    expect((await get(`${D}/list?salaryMoney=${encodeURIComponent('>10000')}`)).json.result.total).toBe(3);
    expect((await get(`${D}/list?name=*${encodeURIComponent('三')}*`)).json.result.total).toBe(1);
    expect((await get(`${D}/list?column=age&order=asc`)).json.result.records[0].name).toBe('王五');
    expect((await get(`${D}/list?age=abc`)).statusCode).toBe(400);
    expect((await get(`${D}/list?column=tenantId`)).statusCode).toBe(400);
  });

  it('add / edit (partial) / queryById / delete / deleteBatch with JeecgBoot messages', async () => {
    const add = await s.t.req({
      method: 'POST',
      url: `${D}/add`,
      token: s.token,
      payload: {
        name: '测试甲',
        keyWord: 'k',
        punchTime: '2030-01-02 08:30:00',
        salaryMoney: '1234.567',
        bonusMoney: 12.5,
        sex: '2',
        age: '33',
        birthday: '1990-02-03',
        email: 'a@b.cn',
        content: '',
      },
    });
    expect(add.json).toMatchObject({ success: true, message: '添加成功！' });
    const row = await byName('测试甲');
    expect(row).toMatchObject({
      salaryMoney: 1234.567,
      age: 33,
      sex: '2',
      content: null,
      createBy: 'admin',
      tenantId: 0,
    });
    expect(row.sysOrgCode).toBe('A01');

    const q = await get(`${D}/queryById?id=${row.id}`);
    expect(q.json.result).toMatchObject({ name: '测试甲', punchTime: '2030-01-02 08:30:00', birthday: '1990-02-03' });
    expect(q.json.result).not.toHaveProperty('tenantId');

    const edit = await s.t.req({ method: 'PUT', url: `${D}/edit`, token: s.token, payload: { id: row.id, age: 34 } });
    expect(edit.json).toMatchObject({ success: true, message: '更新成功！' });
    const after = await byName('测试甲');
    expect(after).toMatchObject({ age: 34, salaryMoney: 1234.567, email: 'a@b.cn', updateBy: 'admin' });
    // POST edit too (JeecgBoot maps PUT and POST)
    const post = await s.t.req({
      method: 'POST',
      url: `${D}/edit`,
      token: s.token,
      payload: { id: row.id, email: null },
    });
    expect(post.json.success).toBe(true);
    expect((await byName('测试甲')).email).toBeNull();

    const missing = await s.t.req({ method: 'PUT', url: `${D}/edit`, token: s.token, payload: { id: 'nope', age: 1 } });
    expect(missing.json).toMatchObject({ success: false, message: '未找到对应数据' });

    const del = await s.t.req({ method: 'DELETE', url: `${D}/delete?id=${row.id}`, token: s.token });
    expect(del.json).toMatchObject({ success: true, message: '删除成功!' });
    expect(await byName('测试甲')).toBeUndefined();

    for (const name of ['批量一', '批量二']) {
      await s.t.req({ method: 'POST', url: `${D}/add`, token: s.token, payload: { name } });
    }
    const ids = [(await byName('批量一')).id, (await byName('批量二')).id];
    const batch = await s.t.req({ method: 'DELETE', url: `${D}/deleteBatch?ids=${ids.join(',')}`, token: s.token });
    expect(batch.json).toMatchObject({ success: true, message: '批量删除成功！' });
    expect(await byName('批量一')).toBeUndefined();
    expect((await s.t.req({ method: 'DELETE', url: `${D}/deleteBatch?ids=`, token: s.token })).json.success).toBe(
      false,
    );
  });

  it('bad input: a clear Chinese message naming the field, nothing written', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, '姓名不能为空'],
      [{ name: 'x', age: 'abc' }, '年龄必须是数字'],
      [{ name: 'x', age: 3.5 }, '年龄必须是整数'],
      [{ name: 'x', sex: '3' }, '性别只能是 1（男）或 2（女）'],
      [{ name: 'x', email: 'nope' }, '邮箱格式不正确'],
      [{ name: 'x', birthday: '2020-02-30' }, '生日格式应为 yyyy-MM-dd'],
      [{ name: 'x', punchTime: 'yesterday' }, '打卡时间格式应为 yyyy-MM-dd HH:mm:ss'],
      [{ name: 'x'.repeat(31) }, '姓名长度不能超过 30 个字符'],
      [{ name: 'x', salaryMoney: 1e9 }, '工资不能大于'],
    ];
    for (const [payload, message] of cases) {
      const res = await s.t.req({ method: 'POST', url: `${D}/add`, token: s.token, payload });
      expect(res.statusCode, message).toBe(400);
      expect(res.json.success).toBe(false);
      expect(res.json.message).toContain(message);
      expect(res.json.message).not.toMatch(/select|insert|at \w+ \(/i);
    }
    expect((await get(`${D}/list`)).json.result.total).toBe(5);
  });

  it('export and import (bad rows reported, good rows inserted)', async () => {
    const exp = await get(`${D}/exportXls?sex=1`);
    expect(exp.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['姓名', '工资', '性别', '生日']));
    expect(sheet.rowCount).toBe(4); // header + 3 men
    expect(sheet.getRow(2).values).toEqual(expect.arrayContaining(['男']));

    const out = new ExcelJS.Workbook();
    const inSheet = out.addWorksheet('d');
    inSheet.addRow(['姓名', '年龄', '性别', '生日', '工资']);
    inSheet.addRow(['导入甲', '20', '女', '2001-01-01', '100.5']);
    inSheet.addRow(['', '20', '男', '', '']);
    inSheet.addRow(['导入乙', '两岁', '男', '', '']);
    const res = await s.t.req({
      method: 'POST',
      url: `${D}/importExcel`,
      token: s.token,
      ...xlsxUpload(Buffer.from(await out.xlsx.writeBuffer())),
    });
    expect(res.json).toMatchObject({ success: true, code: 201 });
    expect(res.json.result.msg).toBe('总上传行数：3，已导入行数：1，错误行数：2');
    expect(await byName('导入甲')).toMatchObject({ age: 20, sex: '2', birthday: '2001-01-01', salaryMoney: 100.5 });
    expect(await byName('导入乙')).toBeUndefined();
  });

  it('tenant scope: rows of another tenant are invisible and cannot be edited or deleted', async () => {
    await s.t.app.ctx.db.insert(demo).values({ id: 'other-tenant-row', name: '他租户', tenantId: 7 });
    const list = await get(`${D}/list?name=${encodeURIComponent('他租户')}`);
    // admin belongs to no tenant and administers tenants: header 0 sees all; tenant 1 sees only its rows
    expect(list.json.result.total).toBe(1);
    const inTenant1 = await s.t.req({ method: 'GET', url: `${D}/list`, token: s.token, headers: { 'tenant-id': '1' } });
    expect(inTenant1.json.result.total).toBe(0);
    const edit = await s.t.req({
      method: 'PUT',
      url: `${D}/edit`,
      token: s.token,
      headers: { 'tenant-id': '1' },
      payload: { id: 'other-tenant-row', name: '改' },
    });
    expect(edit.json).toMatchObject({ success: false, message: '未找到对应数据' });
    const del = await s.t.req({
      method: 'DELETE',
      url: `${D}/delete?id=other-tenant-row`,
      token: s.token,
      headers: { 'tenant-id': '1' },
    });
    expect(del.json).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await s.t.app.ctx.db.select().from(demo).where(eq(demo.id, 'other-tenant-row')))[0].name).toBe('他租户');
    // an add inside tenant 1 is stamped with it
    await s.t.req({
      method: 'POST',
      url: `${D}/add`,
      token: s.token,
      headers: { 'tenant-id': '1' },
      payload: { name: '租户一' },
    });
    expect((await byName('租户一')).tenantId).toBe(1);
  });

  it('data rules of the page jeecg/JeecgDemoList narrow list and export', async () => {
    const page = menuId(findMenu('/jeecg/jeecgDemoList')!);
    const ruleId = newId();
    await s.t.app.ctx.db.insert(sysPermissionDataRule).values({
      id: ruleId,
      permissionId: page,
      ruleName: '只看女性',
      ruleColumn: 'sex',
      ruleConditions: '=',
      ruleValue: '2',
      status: '1',
    });
    const grant = and(eq(sysRolePermission.roleId, ROLE_IDS.admin), eq(sysRolePermission.permissionId, page));
    await s.t.app.ctx.db
      .update(sysRolePermission)
      .set({ dataRuleIds: `${ruleId},` })
      .where(grant);
    await s.t.app.ctx.perms.invalidate();
    try {
      const list = await get(`${D}/list?pageSize=100`);
      expect(list.json.result.records.length).toBeGreaterThan(0);
      expect(list.json.result.records.every((r: { sex: string }) => r.sex === '2')).toBe(true);
      const exp = await get(`${D}/exportXls`);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets[0].rowCount - 1).toBe(list.json.result.total);
    } finally {
      await s.t.app.ctx.db.update(sysRolePermission).set({ dataRuleIds: null }).where(grant);
      await s.t.app.ctx.perms.invalidate();
    }
    expect((await get(`${D}/list?pageSize=100`)).json.result.records.some((r: { sex: string }) => r.sex === '1')).toBe(
      true,
    );
  });

  it('a user without the page and buttons is refused (403) on every endpoint', async () => {
    const calls = [
      { method: 'GET' as const, url: `${D}/list` },
      { method: 'GET' as const, url: `${D}/queryById?id=x` },
      { method: 'GET' as const, url: `${D}/exportXls` },
      { method: 'POST' as const, url: `${D}/add`, payload: { name: 'z' } },
      { method: 'PUT' as const, url: `${D}/edit`, payload: { id: 'x', name: 'z' } },
      { method: 'DELETE' as const, url: `${D}/delete?id=x` },
      { method: 'DELETE' as const, url: `${D}/deleteBatch?ids=x` },
      { method: 'POST' as const, url: `${D}/importExcel` },
    ];
    for (const c of calls) expect((await s.t.req({ ...c, token: s.jeecg })).statusCode, c.url).toBe(403);
    expect((await s.t.req({ method: 'GET', url: `${D}/list` })).statusCode).toBe(401);
  });
});
