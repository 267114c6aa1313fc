import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { adminSession } from '../../../test/harness.ts';
import { jeecgOrderCustomer, jeecgOrderMain, jeecgOrderTicket } from '../../db/schema/index.ts';
import { xlsxUpload } from './test-helpers.ts';

const O = '/jeecg-boot/test/jeecgOrderMain';

const s = adminSession({}, { jeecg: true });
const { get } = s;
const mainByCode = async (code: string) =>
  (await s.t.app.ctx.db.select().from(jeecgOrderMain).where(eq(jeecgOrderMain.orderCode, code)))[0];
const customersOf = (id: string) =>
  s.t.app.ctx.db.select().from(jeecgOrderCustomer).where(eq(jeecgOrderCustomer.orderId, id));
const ticketsOf = (id: string) =>
  s.t.app.ctx.db.select().from(jeecgOrderTicket).where(eq(jeecgOrderTicket.orderId, id));
const counts = async () => {
  const [m] = await s.t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(jeecgOrderMain);
  const [c] = await s.t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(jeecgOrderCustomer);
  const [k] = await s.t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(jeecgOrderTicket);
  return [m.n, c.n, k.n];
};

describe('一对多示例 /test/jeecgOrderMain', () => {
  it('lists the seeded orders newest first; sub lists by main id are plain arrays', async () => {
    const res = await get(`${O}/list`);
    expect(res.json).toMatchObject({ success: true, code: 0 });
    expect(res.json.result.records.map((r: { orderCode: string }) => r.orderCode)).toEqual(['A001', 'A002', 'A003']);
    const a001 = res.json.result.records[0];
    const cs = await get(`${O}/queryOrderCustomerListByMainId?id=${a001.id}`);
    expect(cs.json).toMatchObject({ success: true, code: 200 });
    expect(cs.json.result.map((c: { name: string }) => c.name).sort()).toEqual(['张三', '李四']);
    const ts = await get(`${O}/queryOrderTicketListByMainId?id=${a001.id}`);
    expect(ts.json.result.map((c: { ticketCode: string }) => c.ticketCode)).toEqual(['CA1501', 'CA1502']);
    expect(ts.json.result[0].tickectDate).toBe('2030-01-05');
    expect((await get(`${O}/queryOrderTicketListByMainId?id=nope`)).json.result).toEqual([]);
    expect((await get(`${O}/queryOrderTicketListByMainId`)).statusCode).toBe(400);
    expect((await get(`${O}/list?orderMoney=${encodeURIComponent('>10000')}`)).json.result.total).toBe(1);
  });

  it('add saves main + sub rows in one request; temporary ids are never stored', async () => {
    const add = await s.t.req({
      method: 'POST',
      url: `${O}/add`,
      token: s.token,
      payload: {
        orderCode: 'T-1',
        ctype: '1',
        orderDate: '2030-05-01 10:00:00',
        orderMoney: '99.5',
        content: '测试',
        jeecgOrderCustomerList: [
          { id: 'row_1_tmp', name: '客户甲', sex: '1', idcard: '11010119900101001X', telphone: '010-1234' },
          { name: '客户乙', sex: '', idcard: '', telphone: '' },
        ],
        jeecgOrderTicketList: [{ id: 'row_2_tmp', ticketCode: 'X1', tickectDate: '2030-05-02' }],
      },
    });
    expect(add.json).toMatchObject({ success: true, message: '添加成功！' });
    const main = await mainByCode('T-1');
    expect(main).toMatchObject({ ctype: '1', orderMoney: 99.5, createBy: 'admin' });
    const cs = await customersOf(main.id);
    expect(cs.map((c) => c.name).sort()).toEqual(['客户乙', '客户甲']);
    expect(cs.every((c) => /^\d{19}$/.test(c.id))).toBe(true);
    expect(cs.find((c) => c.name === '客户乙')).toMatchObject({ sex: null, idcard: null });
    const ts = await ticketsOf(main.id);
    expect(ts).toHaveLength(1);
    expect(ts[0]).toMatchObject({ ticketCode: 'X1', tickectDate: '2030-05-02' });
    expect(ts[0].id).not.toBe('row_2_tmp');
    const q = await get(`${O}/queryById?id=${main.id}`);
    expect(q.json.result).toMatchObject({ orderCode: 'T-1', orderDate: '2030-05-01 10:00:00' });
  });

  it('edit replaces the children: deleted rows deleted, new rows inserted, changed rows updated (one transaction)', async () => {
    const main = await mainByCode('T-1');
    const [keep, drop] = (await customersOf(main.id)).sort((a, b) => (a.name! < b.name! ? 1 : -1)); // 甲, 乙
    expect(keep.name).toBe('客户甲');
    const [ticket] = await ticketsOf(main.id);
    const edit = await s.t.req({
      method: 'PUT',
      url: `${O}/edit`,
      token: s.token,
      payload: {
        id: main.id,
        orderCode: 'T-1b',
        jeecgOrderCustomerList: [
          { id: keep.id, name: '客户甲改', sex: '2', idcard: keep.idcard, telphone: keep.telphone },
          { id: 'row_9_tmp', name: '客户丙' },
          // an id of another order's customer is not taken over: it becomes a new row of this order
          { id: (await customersOf((await mainByCode('A001')).id))[0].id, name: '客户丁' },
        ],
        jeecgOrderTicketList: [],
      },
    });
    expect(edit.json).toMatchObject({ success: true, message: '编辑成功！' });
    const after = await customersOf(main.id);
    expect(after.map((c) => c.name).sort()).toEqual(['客户丁', '客户丙', '客户甲改']);
    expect(after.find((c) => c.name === '客户甲改')).toMatchObject({ id: keep.id, sex: '2', updateBy: 'admin' });
    expect(after.some((c) => c.id === drop.id || c.id === 'row_9_tmp')).toBe(false);
    expect(await ticketsOf(main.id)).toHaveLength(0);
    expect(
      (await s.t.app.ctx.db.select().from(jeecgOrderTicket).where(eq(jeecgOrderTicket.id, ticket.id))).length,
    ).toBe(0);
    // A001 keeps its two customers
    expect(await customersOf((await mainByCode('A001')).id)).toHaveLength(2);
    expect((await mainByCode('T-1b')).content).toBe('测试');

    // lists left out = children unchanged (a main-only edit); POST edit works too
    const mainOnly = await s.t.req({
      method: 'POST',
      url: `${O}/edit`,
      token: s.token,
      payload: { id: main.id, content: '只改主表' },
    });
    expect(mainOnly.json.success).toBe(true);
    expect(await customersOf(main.id)).toHaveLength(3);
  });

  it('bad input in a sub row: a clear message, nothing saved', async () => {
    const before = await counts();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ orderCode: 'B1', jeecgOrderCustomerList: [{ name: '甲', idcard: '123' }] }, '身份证号格式不正确'],
      [{ orderCode: 'B1', jeecgOrderCustomerList: [{ name: '甲', telphone: 'abc' }] }, '电话只能包含数字'],
      [{ orderCode: 'B1', jeecgOrderTicketList: [{ ticketCode: 'x', tickectDate: '2030-13-01' }] }, '航班时间格式应为'],
      [{ orderCode: 'B1', ctype: '9' }, '订单类型只能是'],
      [{ orderCode: 'B1', orderMoney: 'lots' }, '订单金额必须是数字'],
      [{ orderCode: 'B1', jeecgOrderCustomerList: 'x' }, 'jeecgOrderCustomerList'],
      [{ orderCode: 'x'.repeat(51) }, '订单号长度不能超过 50 个字符'],
    ];
    for (const [payload, message] of cases) {
      const res = await s.t.req({ method: 'POST', url: `${O}/add`, token: s.token, payload });
      expect(res.statusCode, message).toBe(400);
      expect(res.json.message).toContain(message);
    }
    const main = await mainByCode('T-1b');
    const res = await s.t.req({
      method: 'PUT',
      url: `${O}/edit`,
      token: s.token,
      payload: { id: main.id, orderCode: 'changed', jeecgOrderCustomerList: [{ name: 'x', sex: '5' }] },
    });
    expect(res.json.message).toContain('性别只能是');
    expect(await counts()).toEqual(before);
    expect((await mainByCode('T-1b')).id).toBe(main.id);
  });

  it('a failing child insert rolls back the whole save (add and edit)', async () => {
    // a real database failure in the ticket insert (after the main row and the customers were written)
    await s.t.app.ctx.db.execute(sql`
      create or replace function demo_test_fail_ticket() returns trigger language plpgsql as $$
      begin
        if new.ticket_code = 'FAIL' then raise exception 'ticket refused by test trigger'; end if;
        return new;
      end $$`);
    await s.t.app.ctx.db.execute(
      sql`create trigger demo_test_fail_ticket before insert on jeecg_order_ticket for each row execute function demo_test_fail_ticket()`,
    );
    const before = await counts();
    const add = await s.t.req({
      method: 'POST',
      url: `${O}/add`,
      token: s.token,
      payload: {
        orderCode: 'ROLLBACK',
        jeecgOrderCustomerList: [{ name: '不应保存' }],
        jeecgOrderTicketList: [{ ticketCode: 'FAIL' }],
      },
    });
    expect(add.json.success).toBe(false);
    expect(add.json.message).not.toMatch(/trigger|insert|jeecg_order/i);
    expect(await mainByCode('ROLLBACK')).toBeUndefined();
    expect(await counts()).toEqual(before);

    const main = await mainByCode('T-1b');
    const kids = await customersOf(main.id);
    const edit = await s.t.req({
      method: 'PUT',
      url: `${O}/edit`,
      token: s.token,
      payload: {
        id: main.id,
        orderCode: 'ROLLBACK-EDIT',
        jeecgOrderCustomerList: [{ name: '新客户' }],
        jeecgOrderTicketList: [{ ticketCode: 'FAIL' }],
      },
    });
    expect(edit.json.success).toBe(false);
    expect((await mainByCode('T-1b')).id).toBe(main.id);
    expect((await customersOf(main.id)).map((c) => c.id).sort()).toEqual(kids.map((c) => c.id).sort());
    expect(await counts()).toEqual(before);
    await s.t.app.ctx.db.execute(sql`drop trigger demo_test_fail_ticket on jeecg_order_ticket`);
  });

  it('delete and deleteBatch remove the children with the order', async () => {
    const main = await mainByCode('T-1b');
    const del = await s.t.req({ method: 'DELETE', url: `${O}/delete?id=${main.id}`, token: s.token });
    expect(del.json).toMatchObject({ success: true, message: '删除成功!' });
    expect(await customersOf(main.id)).toHaveLength(0);
    const a1 = await mainByCode('A001');
    const a2 = await mainByCode('A002');
    const batch = await s.t.req({ method: 'DELETE', url: `${O}/deleteBatch?ids=${a1.id},${a2.id}`, token: s.token });
    expect(batch.json).toMatchObject({ success: true, message: '批量删除成功!' });
    expect(await customersOf(a1.id)).toHaveLength(0);
    expect(await ticketsOf(a2.id)).toHaveLength(0);
    expect(await counts()).toEqual([1, 0, 0]);
  });

  it('export and import of main rows', async () => {
    const exp = await get(`${O}/exportXls`);
    expect(exp.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(1).values).toEqual(expect.arrayContaining(['订单号', '订单类型', '订单金额']));
    expect(wb.worksheets[0].getRow(2).values).toEqual(expect.arrayContaining(['A003', '国内订单']));
    const out = new ExcelJS.Workbook();
    const inSheet = out.addWorksheet('o');
    inSheet.addRow(['订单号', '订单类型', '订单日期', '订单金额']);
    inSheet.addRow(['IMP-1', '国际订单', '2030-01-01 09:00:00', '10']);
    inSheet.addRow(['IMP-2', '火星订单', '', '']);
    const res = await s.t.req({
      method: 'POST',
      url: `${O}/importExcel`,
      token: s.token,
      ...xlsxUpload(Buffer.from(await out.xlsx.writeBuffer())),
    });
    expect(res.json.result.msg).toBe('总上传行数：2，已导入行数：1，错误行数：1');
    expect(await mainByCode('IMP-1')).toMatchObject({ ctype: '2', orderMoney: 10 });
  });

  it('refuses users without the pages and buttons (403)', async () => {
    const calls = [
      { method: 'GET' as const, url: `${O}/list` },
      { method: 'GET' as const, url: `${O}/queryById?id=x` },
      { method: 'GET' as const, url: `${O}/queryOrderCustomerListByMainId?id=x` },
      { method: 'GET' as const, url: `${O}/queryOrderTicketListByMainId?id=x` },
      { method: 'GET' as const, url: `${O}/exportXls` },
      { method: 'POST' as const, url: `${O}/add`, payload: {} },
      { method: 'PUT' as const, url: `${O}/edit`, payload: { id: 'x' } },
      { method: 'DELETE' as const, url: `${O}/delete?id=x` },
      { method: 'DELETE' as const, url: `${O}/deleteBatch?ids=x` },
      { method: 'POST' as const, url: `${O}/importExcel` },
    ];
    for (const c of calls) expect((await s.t.req({ ...c, token: s.jeecg })).statusCode, c.url).toBe(403);
  });
});
