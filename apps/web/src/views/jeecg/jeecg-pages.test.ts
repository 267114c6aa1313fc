import { describe, expect, it } from 'vitest';
import { fieldRules } from '../../components/kit';
import { describeError, FIELD_COLUMNS, initialFieldRows, LIVE_COLUMNS, liveRowBody } from './editable-example.data';
import { jeecgDemoPage } from './jeecg-demo.data';
import { CUSTOMER_COLUMNS, ORDER_FORM, orderBody, orderPage, orderTypeText, TICKET_COLUMNS } from './order.data';

describe('单表模型示例 declaration', () => {
  it('every form rule is a known preset and the list reads the demo urls', () => {
    for (const f of jeecgDemoPage.form ?? [])
      expect(() => fieldRules(f, { record: null, mode: 'add', fixed: {} })).not.toThrow();
    expect(jeecgDemoPage.urls.list).toBe('/test/jeecgDemo/list');
    expect(jeecgDemoPage.columns.map((c) => c.field)).toContain('sex');
  });
});

describe('一对多示例 save body', () => {
  it('sends main fields trimmed, the id on edit, both sub lists with the declared fields only', () => {
    const body = orderBody(
      { orderCode: '  A001 ', ctype: '1', orderDate: '2026-01-02 03:04:05', orderMoney: 12.5, content: '' },
      [
        { id: 'c1', name: ' 张三 ', sex: '1', idcard: '', idcardPic: null, telphone: '13800000000', orderNum: 3 },
        { name: '李四', sex: '2', telphone: '13900000000', _extra: 'x' },
      ],
      [{ ticketCode: 'CA1234', tickectDate: '2026-02-03' }],
      'main-1',
    );
    expect(body).toEqual({
      id: 'main-1',
      orderCode: 'A001',
      ctype: '1',
      orderDate: '2026-01-02 03:04:05',
      orderMoney: 12.5,
      content: null,
      jeecgOrderCustomerList: [
        { id: 'c1', name: '张三', sex: '1', idcard: null, idcardPic: null, telphone: '13800000000' },
        { name: '李四', sex: '2', idcard: null, idcardPic: null, telphone: '13900000000' },
      ],
      jeecgOrderTicketList: [{ ticketCode: 'CA1234', tickectDate: '2026-02-03' }],
    });
  });

  it('an add carries no id and empty lists stay lists', () => {
    const body = orderBody({ orderCode: 'B' }, [], []);
    expect(body).not.toHaveProperty('id');
    expect(body.jeecgOrderCustomerList).toEqual([]);
    expect(body.jeecgOrderTicketList).toEqual([]);
  });

  it('order type text from the dictionary text, else the two JeecgBoot types', () => {
    expect(orderTypeText({ ctype: '2' })).toBe('国际订单');
    expect(orderTypeText({ ctype: '1', ctype_dictText: '国内' })).toBe('国内');
    expect(orderTypeText({ ctype: null })).toBe('');
  });

  it('the sub-tables declare the checks of the demo: required names / ticket codes, mobile phone', () => {
    expect(CUSTOMER_COLUMNS.find((c) => c.key === 'name')?.validateRules?.[0]).toMatchObject({ required: true });
    expect(CUSTOMER_COLUMNS.find((c) => c.key === 'telphone')?.validateRules?.[0]).toMatchObject({ pattern: 'm' });
    expect(CUSTOMER_COLUMNS.find((c) => c.key === 'idcardPic')?.type).toBe('image');
    expect(TICKET_COLUMNS.map((c) => [c.key, c.type])).toEqual([
      ['ticketCode', 'input'],
      ['tickectDate', 'date'],
    ]);
    expect(ORDER_FORM[0]).toMatchObject({ field: 'orderCode', required: '订单号不能为空!' });
    expect(orderPage.rowActions?.map((a) => a.run)).toEqual(['editOrder', 'delete']);
  });
});

describe('JEditableTable示例 data', () => {
  it('starting rows fill every declared column, with unique field names', () => {
    const rows = initialFieldRows();
    const keys = FIELD_COLUMNS.map((c) => c.key);
    for (const r of rows) for (const k of keys) expect(k in r).toBe(true);
    expect(new Set(rows.map((r) => r.dbFieldName)).size).toBe(rows.length);
    expect(rows.every((r) => /^[a-zA-Z][a-zA-Z0-9_-]*$/.test(String(r.dbFieldName)))).toBe(true);
  });

  it('a failed collection reads as row, column and message', () => {
    expect(
      describeError({ rowId: 'x', rowIndex: 2, key: 'dbFieldName', title: '字段名称', message: '字段名称不能为空' }),
    ).toBe('第3行「字段名称」：字段名称不能为空');
    expect(describeError(new Error('boom'))).toBe('boom');
  });

  it('a live row is saved with its id and editable fields only', () => {
    expect(LIVE_COLUMNS[0]).toMatchObject({ key: 'num', type: 'normal' });
    expect(liveRowBody({ id: 'r1', num: 1, ship_name: '华夏', ton: 10, extra: 'no' })).toEqual({
      id: 'r1',
      ship_name: '华夏',
      ton: 10,
    });
  });
});
