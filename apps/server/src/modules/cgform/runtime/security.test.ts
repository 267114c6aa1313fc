import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { queryRows } from '../../../db/client.ts';
import { createForm, grantFormMenu, TEST_ROLE } from './fixtures.ts';

const A = '/jeecg-boot/online/cgform/api';

let t: TestApp;
let admin: string;
let jeecg: string;
let formId: string;
let mainId: string;
let subId: string;
let otherId: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.req({ method, url: `${A}/${url}`, token, ...(payload === undefined ? {} : { payload: payload as object }) });
const count = async (table: string) =>
  (await queryRows<{ n: number }>(t.app.ctx.db, sql.raw(`select count(*)::int as n from "${table}"`)))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  jeecg = await t.login('jeecg', '123456');
  formId = await createForm(t, {
    tableName: 'rs_staff',
    txt: '员工',
    buttons: [{ code: 'approve', name: '审批' }],
    fields: [
      { name: 'name', txt: '姓名', length: 40, must: true, query: true, sort: true },
      { name: 'salary', txt: '薪水', type: 'int', query: true },
      { name: 'level', txt: '级别', length: 10 },
      { name: 'age', txt: '年龄', type: 'int', query: true },
    ],
  });
  mainId = await createForm(t, {
    tableName: 'rs_main',
    tableType: 2,
    subTableStr: 'rs_sub',
    fields: [{ name: 'title', length: 20 }],
  });
  subId = await createForm(t, {
    tableName: 'rs_sub',
    tableType: 3,
    relationType: 0,
    fields: [
      { name: 'line', length: 20 },
      { name: 'main_id', length: 36, mainTable: 'rs_main', mainField: 'id' },
    ],
  });
  otherId = await createForm(t, { tableName: 'rs_other', fields: [{ name: 'x', length: 10 }] });
  for (const [name, salary, level, age] of [
    ['甲', 100, 'A', 20],
    ['乙', 200, 'B', 30],
  ] as const)
    await call('POST', `form/${formId}`, admin, { name, salary, level, age });
});
afterAll(async () => {
  await t.close();
});

describe('menu permission of a form', () => {
  it('a user without a menu carrying the form id gets 403 everywhere; with it, the form works', async () => {
    const urls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['GET', `getColumns/${formId}`],
      ['GET', `getQueryInfo/${formId}`],
      ['GET', `getData/${formId}`],
      ['GET', `getFormItem/${formId}`],
      ['GET', 'getFormItemBytbname/rs_staff'],
      ['GET', `form/${formId}/1`],
      ['POST', `form/${formId}`, { name: 'x' }],
      ['PUT', `form/${formId}`, { id: '1' }],
      ['DELETE', `form/${formId}/1`],
      ['GET', `exportXls/${formId}`],
      ['POST', 'doButton', { formId, buttonCode: 'approve', dataId: '1' }],
      ['GET', `getEnhanceJs/${formId}`],
      ['GET', `authColumn/${formId}`],
      ['GET', `authButton/${formId}`],
      ['GET', `authData/${formId}`],
      ['GET', `roleColumnAuth/${TEST_ROLE}/${formId}`],
      ['POST', `roleDataAuth/${TEST_ROLE}/${formId}`, { authIds: [] }],
    ];
    for (const [m, u, p] of urls) {
      const res = await call(m, u, jeecg, p);
      expect(res.statusCode, u).toBe(403);
      expect(res.json.message).toBe('没有权限，请联系管理员授权');
    }
    await grantFormMenu(t, formId);
    expect((await call('GET', `getData/${formId}`, jeecg)).json.result.total).toBe(2);
    expect((await call('GET', `getColumns/${formId}`, jeecg)).json.success).toBe(true);
    // another form stays closed; designer endpoints stay closed
    expect((await call('GET', `getData/${otherId}`, jeecg)).statusCode).toBe(403);
    expect((await call('GET', `authColumn/${formId}`, jeecg)).statusCode).toBe(403);
  });

  it("a sub table is reachable through its main form's menu (ERP and inner-table lists)", async () => {
    expect((await call('GET', `getData/${subId}`, jeecg)).statusCode).toBe(403);
    expect((await call('GET', 'subform/list/rs_sub/1', jeecg)).statusCode).toBe(403);
    await grantFormMenu(t, mainId, 'cgformErpList');
    expect((await call('GET', `getData/${subId}`, jeecg)).json.success).toBe(true);
    expect((await call('GET', 'subform/list/rs_sub/1', jeecg)).json.result).toEqual([]);
    expect((await call('GET', `getErpColumns/${mainId}`, jeecg)).json.result.subList).toHaveLength(1);
  });
});

describe('online auth rules (角色授权) on the server', () => {
  const ruleIds = async (kind: 'Column' | 'Button' | 'Data', code: string) =>
    (await call('GET', `role${kind}Auth/${TEST_ROLE}/${formId}`, admin)).json.result.authList
      .filter((a: { code: string }) => a.code === code)
      .map((a: { id: string }) => a.id);

  it('a visible rule hides the field from list, form, record and save for roles not granted; binding the role shows it', async () => {
    const set = await call('PUT', 'authColumn', admin, {
      cgformId: formId,
      code: 'salary',
      switchFlag: 1,
      listShow: true,
      formShow: true,
    });
    expect(set.json.success).toBe(true);
    const cols = (await call('GET', 'authColumn/' + formId, admin)).json.result;
    expect(cols.find((c: { code: string }) => c.code === 'salary')).toMatchObject({
      listShow: true,
      formShow: true,
      switchFlag: 1,
    });

    const columns = (await call('GET', `getColumns/${formId}`, jeecg)).json.result.columns.map(
      (c: { dataIndex: string }) => c.dataIndex,
    );
    expect(columns).toEqual(['name', 'level', 'age']);
    const data = (await call('GET', `getData/${formId}`, jeecg)).json.result.records;
    expect(data.every((r: object) => !('salary' in r))).toBe(true);
    expect(
      (await call('GET', `getQueryInfo/${formId}`, jeecg)).json.result.map((q: { field: string }) => q.field),
    ).toEqual(['name', 'age']);
    // filtering or sorting by the hidden field tells nothing
    expect((await call('GET', `getData/${formId}?salary=100`, jeecg)).json.result.total).toBe(2);
    expect((await call('GET', `getData/${formId}?column=salary`, jeecg)).statusCode).toBe(400);
    const sq = encodeURIComponent(JSON.stringify([{ field: 'salary', rule: 'gt', val: '150' }]));
    expect((await call('GET', `getData/${formId}?superQueryParams=${sq}`, jeecg)).json.message).toBe(
      '高级查询不支持该字段：salary',
    );
    const schema = (await call('GET', `getFormItem/${formId}`, jeecg)).json.result.schema;
    expect(Object.keys(schema.properties)).not.toContain('salary');
    const added = await call('POST', `form/${formId}`, jeecg, { name: '丙', salary: 999 });
    const rec = (await call('GET', `form/${formId}/${added.json.result}`, jeecg)).json.result;
    expect(rec).not.toHaveProperty('salary');
    const [stored] = await queryRows<{ salary: number | null }>(
      t.app.ctx.db,
      sql`select salary from rs_staff where name = '丙'`,
    );
    expect(stored.salary).toBeNull();
    // the admin role is not bound either: the rule applies to every role not granted
    expect(
      (await call('GET', `getColumns/${formId}`, admin)).json.result.columns.map(
        (c: { dataIndex: string }) => c.dataIndex,
      ),
    ).not.toContain('salary');

    const ids = await ruleIds('Column', 'salary');
    expect(ids).toHaveLength(2);
    expect(
      (await call('POST', `roleColumnAuth/${TEST_ROLE}/${formId}`, admin, { authIds: ids.join(',') })).json.success,
    ).toBe(true);
    expect((await call('GET', `roleColumnAuth/${TEST_ROLE}/${formId}`, admin)).json.result.checkedIds.sort()).toEqual(
      ids.sort(),
    );
    expect(
      (await call('GET', `getColumns/${formId}`, jeecg)).json.result.columns.map(
        (c: { dataIndex: string }) => c.dataIndex,
      ),
    ).toContain('salary');
    expect((await call('GET', `getData/${formId}?column=salary&order=desc`, jeecg)).json.result.records[0].salary).toBe(
      200,
    );
  });

  it('an editable rule makes the field read-only (disabled, ignored on save) for roles not granted', async () => {
    await call('PUT', 'authColumn', admin, { cgformId: formId, code: 'level', switchFlag: 1, formEditable: true });
    const schema = (await call('GET', `getFormItem/${formId}`, jeecg)).json.result.schema;
    expect(schema.properties.level.ui.widgetattrs.disabled).toBe(true);
    const [row] = await queryRows<{ id: string }>(t.app.ctx.db, sql`select id from rs_staff where name = '甲'`);
    const edit = await call('PUT', `form/${formId}`, jeecg, { id: row.id, level: 'Z', age: 21 });
    expect(edit.json.success).toBe(true);
    const [after] = await queryRows<{ level: string; age: number }>(
      t.app.ctx.db,
      sql`select level, age from rs_staff where id = ${row.id}`,
    );
    expect(after).toEqual({ level: 'A', age: 21 });
  });

  it('sub rows sent with their id keep it on edit, and a read-only sub field keeps its stored value', async () => {
    const add = await call('POST', `form/${mainId}`, admin, { title: 'M', rs_sub: [{ line: '原值' }] });
    const main = add.json.result;
    const [old] = (await call('GET', `form/${mainId}/${main}`, admin)).json.result.rs_sub;
    await call('PUT', 'authColumn', admin, { cgformId: subId, code: 'line', switchFlag: 1, formEditable: true });
    const edit = await call('PUT', `form/${mainId}`, jeecg, {
      id: main,
      rs_sub: [{ id: old.id, line: '篡改' }, { line: '新行' }],
    });
    expect(edit.json.success).toBe(true);
    const rows = (await call('GET', `form/${mainId}/${main}`, admin)).json.result.rs_sub;
    expect(rows).toHaveLength(2);
    expect(rows.find((r: { id: string }) => r.id === old.id)).toMatchObject({
      line: '原值',
      create_by: 'admin',
      update_by: 'jeecg',
    });
    expect(rows.find((r: { id: string }) => r.id !== old.id).line).toBe('新行');
    await call('PUT', 'authColumn', admin, { cgformId: subId, code: 'line', switchFlag: 0 });
    await call('PUT', `form/${mainId}`, admin, { id: main, rs_sub: [{ id: old.id, line: '改了' }] });
    expect((await call('GET', `form/${mainId}/${main}`, admin)).json.result.rs_sub).toEqual([
      expect.objectContaining({ id: old.id, line: '改了' }),
    ]);
  });

  it('a button rule hides the button (hideColumns) and refuses the action', async () => {
    expect((await call('PUT', 'authButton', admin, { cgformId: formId, code: 'add', status: 1 })).json.success).toBe(
      true,
    );
    expect(
      (await call('PUT', 'authButton', admin, { cgformId: formId, code: 'approve', status: 1 })).json.success,
    ).toBe(true);
    const cols = (await call('GET', `getColumns/${formId}`, jeecg)).json.result;
    expect(cols.hideColumns.sort()).toEqual(['add', 'approve']);
    expect(cols.cgButtonList).toEqual([]);
    const add = await call('POST', `form/${formId}`, jeecg, { name: '丁' });
    expect(add.json).toMatchObject({ success: false, message: '没有权限执行该操作' });
    expect((await call('POST', 'doButton', jeecg, { formId, buttonCode: 'approve', dataId: '1' })).json.message).toBe(
      '按钮不存在或没有权限',
    );
    const ids = await ruleIds('Button', 'add');
    await call('POST', `roleButtonAuth/${TEST_ROLE}/${formId}`, admin, { authIds: ids });
    expect((await call('GET', `getColumns/${formId}`, jeecg)).json.result.hideColumns).toEqual(['approve']);
    expect((await call('POST', `form/${formId}`, jeecg, { name: '丁' })).json.success).toBe(true);
  });

  it('data rules bound to a role narrow getData, records, deletes and export for that role only', async () => {
    const bad = await call('POST', 'authData', admin, {
      cgformId: formId,
      ruleName: 'sql',
      ruleColumn: 'name',
      ruleOperator: 'USE_SQL_RULES',
      ruleValue: '1=1',
    });
    expect(bad.json).toMatchObject({ success: false, message: '不支持该条件（自定义SQL规则不被支持）' });
    const add = await call('POST', 'authData', admin, {
      cgformId: formId,
      ruleName: '只看自己的',
      ruleColumn: 'create_by',
      ruleOperator: '=',
      ruleValue: '#{sys_user_code}',
    });
    expect(add.json.success).toBe(true);
    const before = (await call('GET', `getData/${formId}`, jeecg)).json.result.total;
    expect(before).toBe(4);
    await call('POST', `roleDataAuth/${TEST_ROLE}/${formId}`, admin, { authIds: [add.json.result] });
    const mine = (await call('GET', `getData/${formId}`, jeecg)).json.result;
    expect(mine.records.map((r: { name: string }) => r.name).sort()).toEqual(['丁', '丙']);
    expect((await call('GET', `getData/${formId}`, admin)).json.result.total).toBe(4);
    const [other] = await queryRows<{ id: string }>(t.app.ctx.db, sql`select id from rs_staff where name = '乙'`);
    expect((await call('GET', `form/${formId}/${other.id}`, jeecg)).json.message).toBe('未找到对应数据');
    expect((await call('DELETE', `form/${formId}/${other.id}`, jeecg)).json.message).toBe('未找到对应数据');
    const exp = await call('GET', `exportXls/${formId}`, jeecg);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].rowCount).toBe(3);
    expect(await count('rs_staff')).toBe(4);
  });
});

describe('injection attempts', () => {
  it('query params, sort, super query, path ids: refused or bound as plain values; nothing else touched', async () => {
    const users = await count('sys_user');
    const q = (s: string) => call('GET', `getData/${formId}?${s}`, admin);
    expect((await q(`name=${encodeURIComponent("' or 1=1 --")}`)).json.result.total).toBe(0);
    expect((await q(`name=${encodeURIComponent('%')}`)).json.result.total).toBe(0);
    const age = await q(`age=${encodeURIComponent('1; drop table rs_staff')}`);
    expect(age.statusCode).toBe(400);
    expect(age.json.message).toBe('参数 age 有误：必须是整数');
    expect((await q(`column=${encodeURIComponent('name desc, (select 1)')}`)).statusCode).toBe(400);
    expect((await q('order=desc;drop')).json.message).toBe('参数 order 有误：只能是 asc 或 desc');
    const sq = (conds: unknown) => q(`superQueryParams=${encodeURIComponent(JSON.stringify(conds))}`);
    expect((await sq([{ field: 'name) or (1=1', rule: 'eq', val: 'x' }])).json.message).toBe(
      '高级查询不支持该字段：name) or (1=1',
    );
    expect((await sq([{ field: 'name', rule: 'sql', val: '1=1' }])).json.message).toBe('高级查询不支持该规则：sql');
    expect((await sq([{ field: 'name', rule: 'eq', val: "' or '1'='1" }])).json.result.total).toBe(0);
    expect((await call('GET', `getData/${encodeURIComponent("1' or '1'='1")}`, admin)).json.message).toBe(
      '实体不存在（未找到对应的表单配置）',
    );
    expect((await call('GET', 'getFormItemBytbname/sys_user', admin)).json.message).toBe(
      '实体不存在（未找到对应的表单配置）',
    );
    expect((await call('GET', 'subform/list/sys_user/1', admin)).json.message).toBe(
      '实体不存在（未找到对应的表单配置）',
    );
    const opts = await call('GET', 'querySelectOptions?table=sys_user&txt=password&key=id', admin);
    expect(opts.json.message).toBe('不允许查询该表或字段');
    expect(await count('sys_user')).toBe(users);
    expect(await count('rs_staff')).toBe(4);
  });

  it('field values and body keys are plain data: stored as text, unknown keys and system columns ignored', async () => {
    const evil = "x'); drop table rs_staff; --";
    const res = await call('POST', `form/${mainId}`, admin, {
      title: "'; delete from x--",
      'title"; drop table rs_main; --': 'v',
      sys_user: [{ username: 'hacker' }],
      create_by: 'mallory',
      sys_org_code: 'A99',
      rs_sub: [{ line: evil.slice(0, 20), main_id: 'elsewhere' }],
    });
    expect(res.json.success).toBe(true);
    const rec = (await call('GET', `form/${mainId}/${res.json.result}`, admin)).json.result;
    expect(rec).toMatchObject({ title: "'; delete from x--", create_by: 'admin' });
    expect(rec.sys_org_code).not.toBe('A99');
    expect(rec.rs_sub).toEqual([expect.objectContaining({ line: evil.slice(0, 20), main_id: res.json.result })]);
    expect(rec).not.toHaveProperty('sys_user');
    const nul = await call('POST', `form/${mainId}`, admin, { title: 'a\u0000b' });
    expect(nul.json.message).toBe('title包含非法字符');
    expect(await count('rs_staff')).toBe(4);
    expect(
      (
        await queryRows<{ n: number }>(
          t.app.ctx.db,
          sql`select count(*)::int as n from sys_user where username = 'hacker'`,
        )
      )[0].n,
    ).toBe(0);
  });
});
