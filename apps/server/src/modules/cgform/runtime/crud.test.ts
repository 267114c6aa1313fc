import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { queryRows } from '../../../db/client.ts';
import { onlCgformField, onlCgformHead } from '../../../db/schema/index.ts';
import { xlsxUpload } from '../../demo/test-helpers.ts';
import { invalidateForm } from '../model.ts';
import { createForm } from './fixtures.ts';

const A = '/jeecg-boot/online/cgform/api';

let t: TestApp;
let admin: string;
let typesId: string;
let orderId: string;
let itemId: string;
let extraId: string;
let treeId: string;

const get = (url: string) => t.req({ method: 'GET', url: `${A}/${url}`, token: admin });
const post = (url: string, payload: unknown) =>
  t.req({ method: 'POST', url: `${A}/${url}`, token: admin, payload: payload as object });
const put = (url: string, payload: unknown) =>
  t.req({ method: 'PUT', url: `${A}/${url}`, token: admin, payload: payload as object });
const del = (url: string) => t.req({ method: 'DELETE', url: `${A}/${url}`, token: admin });
const count = async (table: string) =>
  (await queryRows<{ n: number }>(t.app.ctx.db, sql.raw(`select count(*)::int as n from "${table}"`)))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  typesId = await createForm(t, {
    tableName: 'rt_types',
    txt: '类型测试',
    fields: [
      { name: 'name', txt: '名称', length: 20, must: true, query: true, sort: true },
      { name: 'age', txt: '年龄', type: 'int', query: true, queryMode: 'group', sort: true },
      { name: 'score', txt: '分数', type: 'double' },
      { name: 'amount', txt: '金额', type: 'BigDecimal', length: 8, point: 2 },
      { name: 'birthday', txt: '生日', type: 'Date', view: 'date', query: true, queryMode: 'group' },
      { name: 'meet_time', txt: '会面时间', type: 'Datetime', view: 'datetime' },
      { name: 'alarm', txt: '闹钟', type: 'Time', view: 'time' },
      { name: 'remark', txt: '备注', type: 'Text', view: 'textarea' },
      { name: 'photo', txt: '照片', type: 'Blob', list: false, form: false },
      { name: 'sex', txt: '性别', length: 2, view: 'list', dict: 'sex', query: true },
      { name: 'phone', txt: '手机', length: 20, valid: 'm' },
      { name: 'code', txt: '编码', length: 20, valid: 'only' },
      { name: 'qty', txt: '数量', length: 20, valid: 'z' },
      { name: 'letters', txt: '字母', length: 20, valid: '^[a-z]+$' },
      { name: 'evil', txt: '灾难正则', length: 40, valid: '^(a+)+$' },
    ],
  });
  orderId = await createForm(t, {
    tableName: 'rt_order',
    txt: '订单',
    tableType: 2,
    subTableStr: 'rt_order_item,rt_order_extra',
    fields: [
      { name: 'order_no', txt: '订单号', length: 30, must: true, query: true },
      { name: 'money', txt: '金额', type: 'double' },
    ],
  });
  itemId = await createForm(t, {
    tableName: 'rt_order_item',
    txt: '订单明细',
    tableType: 3,
    relationType: 0,
    tabOrder: 1,
    fields: [
      { name: 'item_name', txt: '商品', length: 30, must: true },
      { name: 'qty', txt: '数量', type: 'int' },
      { name: 'order_id', txt: '订单', length: 36, mainTable: 'rt_order', mainField: 'id', list: false, form: false },
    ],
  });
  extraId = await createForm(t, {
    tableName: 'rt_order_extra',
    txt: '订单附加',
    tableType: 3,
    relationType: 1,
    tabOrder: 2,
    fields: [
      { name: 'note', txt: '说明', length: 100 },
      { name: 'order_id', txt: '订单', length: 36, mainTable: 'rt_order', mainField: 'id', form: false },
    ],
  });
  treeId = await createForm(t, {
    tableName: 'rt_tree',
    txt: '分类树',
    tree: { pid: 'pid', hasChild: 'has_child', text: 'name' },
    fields: [
      { name: 'name', txt: '名称', length: 50, must: true, query: true },
      { name: 'pid', txt: '父级', length: 36, view: 'sel_tree', list: false },
      { name: 'has_child', txt: '有子节点', length: 3, list: false, form: false },
    ],
  });
});
afterAll(async () => {
  await t.close();
});

describe('single table: every database type', () => {
  let id: string;
  it('adds, reads back, lists with dictionary texts, edits and deletes', async () => {
    const add = await post(`form/${typesId}`, {
      name: '张三',
      age: '30',
      score: 9.5,
      amount: '123456.78',
      birthday: '1990-05-06',
      meet_time: '2030-01-02 08:30:00',
      alarm: '07:15',
      remark: '第一行\n第二行',
      sex: '1',
      phone: '13800138000',
      code: 'C-1',
      qty: '12',
      letters: 'abc',
      id: 'client-chosen-id',
      create_by: 'mallory',
    });
    expect(add.json).toMatchObject({ success: true, message: '添加成功！' });
    id = add.json.result;
    expect(id).toMatch(/^\d{19}$/);

    const one = await get(`form/${typesId}/${id}`);
    expect(one.json.result).toMatchObject({
      id,
      name: '张三',
      age: 30,
      score: 9.5,
      amount: 123456.78,
      birthday: '1990-05-06',
      meet_time: '2030-01-02 08:30:00',
      alarm: '07:15:00',
      remark: '第一行\n第二行',
      sex: '1',
      create_by: 'admin',
    });
    expect(one.json.result.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(one.json.result).not.toHaveProperty('photo');

    const list = await get(`getData/${typesId}?pageNo=1&pageSize=10`);
    expect(list.json.result.total).toBe(1);
    expect(list.json.result.records[0]).toMatchObject({ id, name: '张三', sex: '1', sex_dictText: '男' });

    const edit = await put(`form/${typesId}`, { id, name: '李四', age: 31, remark: '', sex: '2' });
    expect(edit.json).toMatchObject({ success: true, message: '修改成功！' });
    const after = (await get(`form/${typesId}/${id}`)).json.result;
    expect(after).toMatchObject({ name: '李四', age: 31, remark: null, sex: '2', score: 9.5, update_by: 'admin' });
  });

  it('queries by single (substring) and group (range) modes, sorts, refuses unknown sort fields', async () => {
    await post(`form/${typesId}`, { name: '王五', age: 50, birthday: '2000-01-01', sex: '1' });
    await post(`form/${typesId}`, { name: '赵六', age: 20, birthday: '2010-01-01', sex: '2' });
    const names = async (q: string) =>
      (await get(`getData/${typesId}?${q}`)).json.result.records.map((r: { name: string }) => r.name).sort();
    expect(await names('name=五')).toEqual(['王五']);
    expect(await names('age_begin=25&age_end=60')).toEqual(['李四', '王五']);
    expect(await names('birthday_begin=1999-01-01')).toEqual(['王五', '赵六']);
    const sorted = await get(`getData/${typesId}?column=age&order=asc`);
    expect(sorted.json.result.records.map((r: { age: number }) => r.age)).toEqual([20, 31, 50]);
    const bad = await get(`getData/${typesId}?column=nope&order=asc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json.message).toBe('不支持按该字段排序：nope');
    const injected = await get(`getData/${typesId}?column=${encodeURIComponent('age;drop table rt_types')}`);
    expect(injected.statusCode).toBe(400);
    expect(await count('rt_types')).toBe(3);
  });

  it('advanced query (superQueryParams, and/or)', async () => {
    const params = encodeURIComponent(
      JSON.stringify([
        { field: 'age', rule: 'gt', val: '25', type: 'int' },
        { field: 'sex', rule: 'eq', val: '1' },
      ]),
    );
    const and = await get(`getData/${typesId}?superQueryParams=${params}&superQueryMatchType=and`);
    expect(and.json.result.records.map((r: { name: string }) => r.name)).toEqual(['王五']);
    const or = await get(`getData/${typesId}?superQueryParams=${params}&superQueryMatchType=or`);
    expect(or.json.result.total).toBe(2);
    const unknown = encodeURIComponent(JSON.stringify([{ field: 'password', rule: 'eq', val: 'x' }]));
    const refused = await get(`getData/${typesId}?superQueryParams=${unknown}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json.message).toBe('高级查询不支持该字段：password');
  });

  it('validation messages from the definition', async () => {
    const msg = async (body: object) => (await post(`form/${typesId}`, body)).json.message;
    expect(await msg({ age: 1 })).toBe('名称不能为空');
    expect(await msg({ name: 'x', age: 'abc' })).toBe('年龄必须是整数');
    expect(await msg({ name: 'x'.repeat(21) })).toBe('名称长度不能超过20个字符');
    expect(await msg({ name: 'x', phone: '12345' })).toBe('手机：请输入正确的手机号码');
    expect(await msg({ name: 'x', qty: '1.5' })).toBe('数量：请输入整数');
    expect(await msg({ name: 'x', letters: 'ABC' })).toBe('字母：正则表达式不正确');
    expect(await msg({ name: 'x', evil: 'aaaa' })).toBe('灾难正则：校验规则配置有误，请联系管理员');
    expect(await msg({ name: 'x', amount: '1234567.1' })).toBe('金额超出范围（整数部分最多6位）');
    expect(await msg({ name: 'x', birthday: '2020-02-30' })).toBe('生日必须是 yyyy-MM-dd 格式的日期');
    expect(await msg({ name: 'x', code: 'C-1' })).toBe('编码：该值已存在');
    expect(await msg({ name: 'x', remark: { $ne: 1 } })).toBe('备注的值不合法');
    expect(await count('rt_types')).toBe(3);
  });

  it('pageSize -521 answers every row when the form has no paging', async () => {
    const id = await createForm(t, {
      tableName: 'rt_nopage',
      isPage: 'N',
      fields: [{ name: 'n', type: 'int' }],
    });
    for (let i = 0; i < 15; i++) await post(`form/${id}`, { n: i });
    const all = await get(`getData/${id}?pageNo=1&pageSize=-521`);
    expect(all.json.result.total).toBe(15);
    expect(all.json.result.records).toHaveLength(15);
    expect((await get(`getData/${id}?pageSize=10`)).json.result.records).toHaveLength(10);
    expect((await get(`getColumns/${id}`)).json.result.paginationFlag).toBe('N');
  });

  it('export and import through Excel (error rows reported, cells stored as plain text)', async () => {
    const exp = await get(`exportXls/${typesId}?paramsStr=${encodeURIComponent(JSON.stringify({ sex: '1' }))}`);
    expect(exp.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['名称', '年龄', '性别']));
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).values).toEqual(expect.arrayContaining(['王五', 50, '男']));

    const out = new ExcelJS.Workbook();
    const s = out.addWorksheet('x');
    s.addRow(['名称', '年龄', '性别']);
    s.addRow(['导入一', '40', '女']);
    s.addRow(['', '41', '男']);
    s.addRow(["'); drop table rt_types; --", 'x', '男']);
    s.addRow(["a');DROP TABLE rt--", '42', '男']);
    const res = await t.req({
      method: 'POST',
      url: `${A}/importXls/${typesId}`,
      token: admin,
      ...xlsxUpload(Buffer.from(await out.xlsx.writeBuffer())),
    });
    expect(res.json.result.msg).toBe('总上传行数：4，已导入行数：2，错误行数：2');
    const rows = await queryRows<{ name: string; sex: string }>(
      t.app.ctx.db,
      sql`select name, sex from rt_types where age in (40, 42) order by age`,
    );
    expect(rows).toEqual([
      { name: '导入一', sex: '2' },
      { name: "a');DROP TABLE rt--", sex: '1' },
    ]);
  });
});

describe('every form view of contract-2 §4.2', () => {
  const VIEWS: Array<[string, string, unknown, Record<string, unknown>?]> = [
    ['list', 'string', '1', { dict: 'sex' }],
    ['radio', 'string', '2', { dict: 'sex' }],
    ['checkbox', 'string', 'L,H', { dict: 'priority' }],
    ['list_multi', 'string', 'M,H', { dict: 'priority' }],
    ['sel_search', 'string', 'admin', { dictTable: 'sys_user', dictText: 'realname', dict: 'username' }],
    ['sel_tree', 'string', 'x1', { dictTable: 'sys_category', dictText: 'pid,name,has_child', dict: 'id' }],
    ['cat_tree', 'string', 'c1', { dict: 'B01' }],
    ['popup', 'string', 'admin', { dictTable: 'report_user', dict: 'username', dictText: 'v_popup' }],
    ['link_down', 'string', 'a', { dictTable: '{"table":"sys_category","txt":"name","key":"id"}' }],
    ['sel_user', 'string', 'admin,jeecg'],
    ['sel_depart', 'string', 'd1'],
    ['switch', 'string', 'Y'],
    ['date', 'Date', '2030-03-04'],
    ['datetime', 'Datetime', '2030-03-04 05:06:07'],
    ['time', 'Time', '05:06:07'],
    ['file', 'string', 'upload/a.pdf'],
    ['image', 'string', 'upload/a.png,upload/b.png'],
    ['textarea', 'Text', '多行\n文本'],
    ['password', 'string', 'p@ss'],
    ['umeditor', 'Text', '<p>富文本</p>'],
    ['markdown', 'Text', '# 标题'],
    ['pca', 'string', '110105'],
    ['rate', 'double', 3.5],
    ['text', 'string', '文本'],
    ['number', 'double', 12.25],
    ['integer', 'int', 42],
    ['hidden', 'string', '隐藏值'],
  ];

  it('each view is described by getFormItem and its value saves and loads back', async () => {
    const id = await createForm(t, {
      tableName: 'rt_views',
      fields: VIEWS.map(([view, type, , more]) => ({
        name: `v_${view}`,
        txt: view,
        type,
        view,
        length: 200,
        ...(more ?? {}),
      })),
    });
    const props = (await get(`getFormItem/${id}`)).json.result.schema.properties;
    for (const [view] of VIEWS) expect(props[`v_${view}`]?.view, view).toBe(view);
    expect(props.v_list.enum.map((e: { value: string }) => e.value)).toEqual(['1', '2']);
    expect(props.v_popup).toMatchObject({ code: 'report_user', orgFields: 'username', destFields: 'v_popup' });
    expect(props.v_sel_tree).toMatchObject({ pidField: 'pid', textField: 'name', hasChildField: 'has_child' });
    expect(props.v_hidden.hidden).toBe(true);
    expect(props.v_integer.type).toBe('integer');
    expect(props.v_number.type).toBe('number');
    const body = Object.fromEntries(VIEWS.map(([view, , value]) => [`v_${view}`, value]));
    const add = await post(`form/${id}`, body);
    expect(add.json.success).toBe(true);
    const rec = (await get(`form/${id}/${add.json.result}`)).json.result;
    for (const [view, , value] of VIEWS) expect(rec[`v_${view}`], view).toEqual(value);
    // a switch without a dictionary shows 是 / 否 in the list, not the stored Y / N
    const cols = (await get(`getColumns/${id}`)).json.result;
    expect(cols.columns.find((c: { dataIndex: string }) => c.dataIndex === 'v_switch')?.customRender).toBe('v_switch');
    expect(cols.dictOptions.v_switch.map((o: { value: string; text: string }) => `${o.value}=${o.text}`)).toEqual([
      'Y=是',
      'N=否',
    ]);
    const row = (await get(`getData/${id}`)).json.result.records[0];
    expect(row).toMatchObject({
      v_list_dictText: '男',
      v_checkbox_dictText: '低,高',
      v_sel_user_dictText: expect.stringContaining(','),
    });
  });
});

describe('main table with one-to-many and one-to-one subs', () => {
  let id: string;
  it('adds main + sub rows in one request and reads them back', async () => {
    const add = await post(`form/${orderId}`, {
      order_no: 'NO-1',
      money: 10,
      rt_order_item: [
        { item_name: '苹果', qty: 2 },
        { item_name: '梨', qty: 3, id: 'tmp-1', order_id: 'someone-else' },
      ],
      rt_order_extra: [{ note: '尽快发货' }],
    });
    expect(add.json.success).toBe(true);
    id = add.json.result;
    const rec = (await get(`form/${orderId}/${id}`)).json.result;
    expect(rec.order_no).toBe('NO-1');
    expect(rec.rt_order_item.map((r: { item_name: string }) => r.item_name).sort()).toEqual(['梨', '苹果']);
    expect(
      rec.rt_order_item.every((r: { order_id: string; id: string }) => r.order_id === id && /^\d{19}$/.test(r.id)),
    ).toBe(true);
    expect(rec.rt_order_extra).toHaveLength(1);
    const inner = await get(`subform/list/rt_order_item/${id}`);
    expect(inner.json.result).toHaveLength(2);
    const oneToOne = await get(`subform/rt_order_extra/${id}`);
    expect(oneToOne.json.result).toMatchObject({ note: '尽快发货', order_id: id });
    const erpSub = await get(`getData/${itemId}?order_id=${id}`);
    expect(erpSub.json.result.total).toBe(2);
  });

  it('edit replaces the sub rows that are sent; delete removes subs too', async () => {
    const edit = await put(`form/${orderId}`, { id, order_no: 'NO-1b', rt_order_item: [{ item_name: '桃', qty: 1 }] });
    expect(edit.json.success).toBe(true);
    const rec = (await get(`form/${orderId}/${id}`)).json.result;
    expect(rec.rt_order_item.map((r: { item_name: string }) => r.item_name)).toEqual(['桃']);
    expect(rec.rt_order_extra).toHaveLength(1);
    const cleared = await put(`form/${orderId}`, { id, rt_order_extra: '' });
    expect(cleared.json.success).toBe(true);
    expect(await count('rt_order_extra')).toBe(0);
    expect((await del(`form/${orderId}/${id}`)).json).toMatchObject({ success: true, message: '删除成功!' });
    expect([await count('rt_order'), await count('rt_order_item')]).toEqual([0, 0]);
  });

  it('a failure in a sub row leaves nothing (one transaction); a sub validation error names the row', async () => {
    await t.app.ctx.db.execute(sql.raw('alter table rt_order_item add constraint rt_qty_positive check (qty >= 0)'));
    const res = await post(`form/${orderId}`, {
      order_no: 'NO-2',
      rt_order_item: [
        { item_name: '好', qty: 1 },
        { item_name: '坏', qty: -1 },
      ],
      rt_order_extra: [{ note: 'x' }],
    });
    expect(res.json).toMatchObject({ success: false, message: '数据不符合表的约束' });
    expect(res.body).not.toMatch(/rt_qty_positive|insert|check/i);
    expect([await count('rt_order'), await count('rt_order_item'), await count('rt_order_extra')]).toEqual([0, 0, 0]);
    const v = await post(`form/${orderId}`, { order_no: 'NO-3', rt_order_item: [{ qty: 1 }] });
    expect(v.json.message).toBe('订单明细第1行：商品不能为空');
    const two = await post(`form/${orderId}`, { order_no: 'NO-3', rt_order_extra: [{ note: 'a' }, { note: 'b' }] });
    expect(two.json.message).toBe('订单附加是一对一子表，只能有一行');
    expect(await count('rt_order')).toBe(0);
  });

  it('ERP sub lists write their own rows: the foreign key must name an existing main row', async () => {
    const main = (await post(`form/${orderId}`, { order_no: 'ERP-1' })).json.result;
    const bad = await post(`form/${itemId}?tabletype=3`, { item_name: '孤儿', order_id: 'no-such-order' });
    expect(bad.json).toMatchObject({ success: false, message: '外键对应的主表数据不存在' });
    expect((await post(`form/${itemId}`, { item_name: '孤儿' })).json.message).toBe('外键不能为空');
    const ok = await post(`form/${itemId}?tabletype=3`, { item_name: '子行', qty: 1, order_id: main });
    expect(ok.json.success).toBe(true);
    expect(
      (await get(`getData/${itemId}?order_id=${main}`)).json.result.records.map(
        (r: { item_name: string }) => r.item_name,
      ),
    ).toEqual(['子行']);
    expect((await del(`form/${itemId}/${ok.json.result}?tabletype=3`)).json.success).toBe(true);
    expect((await del(`form/${orderId}/${main}`)).json.success).toBe(true);
    expect([await count('rt_order'), await count('rt_order_item')]).toEqual([0, 0]);
  });

  it('getFormItem: sub tables as tabs with columns (one-to-many) or properties (one-to-one); ERP columns', async () => {
    const item = (await get(`getFormItem/${orderId}`)).json.result;
    expect(item.head).toMatchObject({ tableType: 2, tableName: 'rt_order' });
    expect(item.enhanceJs).toBeNull();
    expect(item.schema.required).toEqual(['order_no']);
    expect(item.schema.properties.order_no).toMatchObject({ title: '订单号', view: 'text', type: 'string' });
    expect(item.schema.properties.money).toMatchObject({ type: 'number' });
    const many = item.schema.properties.rt_order_item;
    expect(many).toMatchObject({ view: 'tab', relationType: 0, describe: '订单明细', key: 'rt_order_item' });
    expect(many.columns.map((c: { key: string }) => c.key)).toEqual(['item_name', 'qty']);
    expect(many.columns[0].validateRules).toEqual([{ required: true, message: '商品不能为空' }]);
    const one = item.schema.properties.rt_order_extra;
    expect(one).toMatchObject({ view: 'tab', relationType: 1 });
    expect(Object.keys(one.properties)).toEqual(['note']);
    const byName = (await get('getFormItemBytbname/rt_order')).json.result;
    expect(byName.head.id).toBe(orderId);
    const erp = (await get(`getErpColumns/${orderId}`)).json.result;
    expect(erp.main.currentTableName).toBe('rt_order');
    expect(erp.subList.map((s: { currentTableName: string }) => s.currentTableName)).toEqual([
      'rt_order_item',
      'rt_order_extra',
    ]);
    expect(erp.subList[0]).toMatchObject({
      tableType: 3,
      relationType: 0,
      foreignKeys: [{ field: 'order_id', key: 'id' }],
    });
    expect(extraId).toBeTruthy();
  });
});

describe('tree table', () => {
  it('lazy children: roots first, children by pid, has_child kept by the server', async () => {
    const root = (await post(`form/${treeId}`, { name: '水果', has_child: '1' })).json.result;
    const child = (await post(`form/${treeId}`, { name: '苹果', pid: root })).json.result;
    await post(`form/${treeId}`, { name: '蔬菜' });
    const roots = await get(`getTreeData/${treeId}?hasQuery=false&pageSize=10`);
    expect(roots.json.result.records.map((r: { name: string }) => r.name).sort()).toEqual(['水果', '蔬菜']);
    const fruit = roots.json.result.records.find((r: { name: string }) => r.name === '水果');
    expect(fruit.has_child).toBe('1');
    expect(roots.json.result.records.find((r: { name: string }) => r.name === '蔬菜').has_child).toBe('0');
    const kids = await get(`getTreeData/${treeId}?pid=${root}&hasQuery=false`);
    expect(kids.json.result.records.map((r: { id: string }) => r.id)).toEqual([child]);
    const searched = await get(`getTreeData/${treeId}?hasQuery=true&name=${encodeURIComponent('苹')}`);
    expect(searched.json.result.records.map((r: { name: string }) => r.name)).toEqual(['苹果']);
    const cols = (await get(`getColumns/${treeId}`)).json.result;
    expect(cols).toMatchObject({ pidField: 'pid', hasChildrenField: 'has_child', textField: 'name' });
    const loop = await put(`form/${treeId}`, { id: root, pid: child });
    expect(loop.json.message).toBe('父级节点不能选择自己或自己的下级');
    await del(`form/${treeId}/${child}`);
    const again = await get(`getTreeData/${treeId}?hasQuery=false`);
    expect(again.json.result.records.find((r: { name: string }) => r.name === '水果').has_child).toBe('0');
  });
});

describe('definition state', () => {
  it('NO_DB_SYNC for a form that is not synchronised or whose table is missing; unknown ids', async () => {
    const id = await createForm(t, { tableName: 'rt_unsynced', sync: false, fields: [{ name: 'a' }] });
    expect((await get(`getData/${id}`)).json).toMatchObject({ success: false, message: 'NO_DB_SYNC' });
    expect((await post(`form/${id}`, { a: 'x' })).json.message).toBe('NO_DB_SYNC');
    // metadata still answers (the list shows its "not synchronised" notice)
    expect((await get(`getColumns/${id}`)).json.success).toBe(true);
    const gone = await createForm(t, { tableName: 'rt_dropped', fields: [{ name: 'a' }] });
    await t.app.ctx.db.execute(sql.raw('drop table rt_dropped'));
    expect((await get(`getData/${gone}`)).json.message).toBe('NO_DB_SYNC');
    expect((await get('getData/9999999999999999999')).json).toMatchObject({
      success: false,
      message: '实体不存在（未找到对应的表单配置）',
    });
  });

  it('the cached definition is dropped by invalidateForm (designer changes show at once)', async () => {
    const before = (await get(`getColumns/${typesId}`)).json.result.description;
    expect(before).toBe('类型测试');
    await t.app.ctx.db.update(onlCgformHead).set({ tableTxt: '改名了' }).where(sql`id = ${typesId}`);
    expect((await get(`getColumns/${typesId}`)).json.result.description).toBe('类型测试');
    await invalidateForm(t.app, typesId);
    expect((await get(`getColumns/${typesId}`)).json.result.description).toBe('改名了');
  });

  it('after the designer alters a column and invalidates, the same list query runs on the new type', async () => {
    const q = `getData/${typesId}?column=name&order=asc&pageSize=50`;
    expect((await get(q)).json.success).toBe(true);
    await t.app.ctx.db.execute(sql.raw('alter table rt_types alter column age type varchar(10)'));
    await t.app.ctx.db
      .update(onlCgformField)
      .set({ dbType: 'string', dbLength: 10 })
      .where(sql`cgform_head_id = ${typesId} and db_field_name = 'age'`);
    await invalidateForm(t.app, typesId);
    const res = await get(q);
    expect(res.json.success).toBe(true);
    expect(res.json.result.records.find((r: { name: string }) => r.name === '王五').age).toBe('50');
    expect((await post(`form/${typesId}`, { name: '新', age: 'abc' })).json.success).toBe(true);
  });

  it('enhancements are never run: getEnhanceJs null, doButton 不支持 / 请先选中一条记录', async () => {
    const id = await createForm(t, {
      tableName: 'rt_buttons',
      fields: [{ name: 'a' }],
      buttons: [
        { code: 'approve', name: '审批', optType: 'action' },
        { code: 'hello', name: '问候', optType: 'js' },
      ],
    });
    expect((await get(`getEnhanceJs/${id}`)).json).toMatchObject({ success: true, result: null });
    const cols = (await get(`getColumns/${id}`)).json.result;
    expect(cols.enhanceJs).toBeNull();
    expect(cols.cgButtonList.map((b: { buttonCode: string }) => b.buttonCode)).toEqual(['approve', 'hello']);
    expect((await post('doButton', { formId: id, buttonCode: 'approve', dataId: '' })).json.message).toBe(
      '请先选中一条记录',
    );
    expect((await post('doButton', { formId: id, buttonCode: 'approve', dataId: '1' })).json.message).toBe(
      '不支持：自定义按钮的SQL/Java增强不会被执行',
    );
    expect((await post('doButton', { formId: id, buttonCode: 'hello', dataId: '1' })).json.message).toBe(
      '不支持：JS增强不会被执行',
    );
  });
});
