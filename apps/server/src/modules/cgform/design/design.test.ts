import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { queryRows } from '../../../db/client.ts';
import { onlCgformField, onlCgformHead, onlCgformIndex } from '../../../db/schema/index.ts';
import { SEED_FORMS } from '../../../db/seed/online-area.ts';
import { FORM_VIEWS } from './definition.ts';

const B = '/jeecg-boot/online/cgform';

let t: TestApp;
let admin: string;
let jeecg: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  jeecg = await t.login('jeecg', '123456');
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  t.req({ method, url: `${B}${url}`, payload: payload as never, token });
const db = () => t.app.ctx.db;

type Field = Record<string, unknown>;
const f = (dbFieldName: string, more: Field = {}): Field => ({
  dbFieldName,
  dbFieldTxt: dbFieldName,
  dbType: 'string',
  dbLength: 32,
  ...more,
});
const body = (tableName: string, fields: Field[], head: Record<string, unknown> = {}, indexs: unknown[] = []) => ({
  head: { tableName, tableTxt: `表 ${tableName}`, tableType: 1, ...head },
  fields,
  indexs,
});

async function columns(table: string) {
  return queryRows<{
    column_name: string;
    data_type: string;
    character_maximum_length: number | null;
    is_nullable: string;
  }>(
    db(),
    sql`select column_name, data_type, character_maximum_length, is_nullable from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} order by ordinal_position`,
  );
}
const colNames = async (table: string) => (await columns(table)).map((c) => c.column_name).sort();
const tableCount = async () =>
  Number(
    (
      await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from information_schema.tables where table_schema = current_schema()`,
      )
    )[0].n,
  );
const headCount = async () => (await db().select({ id: onlCgformHead.id }).from(onlCgformHead)).length;
const headOf = async (tableName: string) =>
  (await db().select().from(onlCgformHead).where(eq(onlCgformHead.tableName, tableName)))[0];
const fieldsOf = async (headId: string) =>
  (await call('GET', `/field/listByHeadId?headId=${headId}`)).json.result as Array<Record<string, unknown>>;

async function create(tableName: string, fields: Field[], head: Record<string, unknown> = {}, indexs: unknown[] = []) {
  const res = await call('POST', '/api/addAll', body(tableName, fields, head, indexs));
  expect(res.json).toMatchObject({ success: true, message: '添加成功' });
  return res.json.result as string;
}
const sync = (id: string, extra: Record<string, unknown> = {}, token = admin) =>
  call('POST', `/api/doDbSynch/${id}`, { synMethod: '1', ...extra }, token);

describe('design → sync → alter', () => {
  let id: string;

  /** the table's version (sum of its write notes) and its note trigger's state ('A': fires always) */
  const notes = async (table: string) => {
    const [r] = await queryRows<{ version: number; trigger: string | null }>(
      db(),
      sql`select (select coalesce(sum(weight), 0)::int from sys_table_write where tbl = ${table}) as version,
                 (select tgenabled::text from pg_trigger
                   where tgrelid = to_regclass(${table}) and tgname = 'sys_note_table_write') as trigger`,
    );
    return { version: Number(r.version), trigger: r.trigger };
  };

  it('addAll stores the definition with the convention columns; doDbSynch creates the table', async () => {
    id = await create('t_person', [
      f('id', { dbIsKey: 1, dbLength: 36, dbIsNull: 0 }),
      f('name', { dbIsNull: 0 }),
      f('age', { dbType: 'int' }),
      f('nick', { dbLength: 20 }),
      f('money', { dbType: 'BigDecimal', dbLength: 10, dbPointLength: 2, dbDefaultVal: '0' }),
      f('note', { dbDefaultVal: "it's" }),
    ]);
    const head = await call('GET', `/head/queryById?id=${id}`);
    expect(head.json.result).toMatchObject({ tableName: 't_person', isDbSynch: 'N', tableVersion: 1, copyType: 0 });
    const names = (await fieldsOf(id)).map((x) => x.dbFieldName);
    expect(names).toEqual(
      expect.arrayContaining(['id', 'name', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code']),
    );

    const list = await call('GET', '/head/list?tableName=t_person');
    expect(list.json.result.records.map((r: { id: string }) => r.id)).toEqual([id]);

    const res = await sync(id);
    expect(res.json).toMatchObject({ success: true, message: '同步数据库成功!' });
    const cols = await columns('t_person');
    expect(cols.find((c) => c.column_name === 'name')).toMatchObject({
      data_type: 'character varying',
      character_maximum_length: 32,
      is_nullable: 'NO',
    });
    expect(cols.find((c) => c.column_name === 'age')).toMatchObject({ data_type: 'integer' });
    expect(cols.find((c) => c.column_name === 'money')).toMatchObject({ data_type: 'numeric' });
    expect(cols.find((c) => c.column_name === 'create_time')).toMatchObject({
      data_type: 'timestamp without time zone',
    });
    expect((await call('GET', `/head/queryById?id=${id}`)).json.result).toMatchObject({
      isDbSynch: 'Y',
      tableVersion: 2,
    });

    await db().execute(
      sql`insert into t_person (id, name, age, nick) values ('p1', '张三', 30, 'zs'), ('p2', '李四', 40, 'ls')`,
    );
    const [row] = await queryRows<{ money: string; note: string }>(
      db(),
      sql`select money, note from t_person where id = 'p1'`,
    );
    expect(Number(row.money)).toBe(0);
    expect(row.note).toBe("it's");
    // the new table notes its writes like every table (ADR 045): its list totals are kept, not counted each time
    expect(await notes('t_person')).toEqual({ version: 2, trigger: 'A' });
  });

  it('alters: add, widen, rename, drop — the drop needs confirm and lists what is lost', async () => {
    const cur = await fieldsOf(id);
    const byName = (n: string) => cur.find((x) => x.dbFieldName === n)!;
    const edit = {
      head: { id, tableName: 't_person', tableTxt: '人员' },
      fields: [
        { ...byName('name'), dbLength: 100 },
        { ...byName('age'), dbFieldName: 'years' },
        f('remark', { dbLength: 200 }),
      ],
      indexs: [],
      deleteFieldIds: [byName('nick').id],
    };
    const saved = await call('PUT', '/api/editAll', edit);
    expect(saved.json).toMatchObject({ success: true, message: '全部修改成功' });
    expect((await call('GET', `/head/queryById?id=${id}`)).json.result.isDbSynch).toBe('N');

    const before = await colNames('t_person');
    const refused = await sync(id);
    expect(refused.json.success).toBe(false);
    expect(refused.json.message).toContain('同步将造成数据丢失');
    expect(refused.json.message).toContain('删除字段「nick」');
    expect(refused.json.result).toMatchObject({ needConfirm: true });
    expect(await colNames('t_person')).toEqual(before);
    expect((await call('GET', `/head/queryById?id=${id}`)).json.result).toMatchObject({
      isDbSynch: 'N',
      tableVersion: 2,
    });

    const done = await sync(id, { confirm: true });
    expect(done.json).toMatchObject({ success: true });
    const cols = await columns('t_person');
    const names = cols.map((c) => c.column_name);
    expect(names).toContain('years');
    expect(names).toContain('remark');
    expect(names).not.toContain('age');
    expect(names).not.toContain('nick');
    expect(cols.find((c) => c.column_name === 'name')!.character_maximum_length).toBe(100);
    const rows = await queryRows<{ id: string; name: string; years: number }>(
      db(),
      sql`select id, name, years from t_person order by id`,
    );
    expect(rows).toEqual([
      { id: 'p1', name: '张三', years: 30 },
      { id: 'p2', name: '李四', years: 40 },
    ]);
    const after = await fieldsOf(id);
    expect(after.find((x) => x.dbFieldName === 'years')!.dbFieldNameOld).toBe('years');
    expect((await call('GET', `/head/queryById?id=${id}`)).json.result).toMatchObject({
      isDbSynch: 'Y',
      tableVersion: 3,
    });
  });

  it('narrowing needs confirm; a value that does not fit fails the sync and changes nothing', async () => {
    const cur = await fieldsOf(id);
    const name = cur.find((x) => x.dbFieldName === 'name')!;
    await call('PUT', '/api/editAll', {
      head: { id, tableName: 't_person', tableTxt: '人员' },
      fields: [{ ...name, dbLength: 1 }],
    });
    const refused = await sync(id);
    expect(refused.json.message).toMatch(/字段「name」由 varchar\(100\) 改为 varchar\(1\)/);
    const failed = await sync(id, { confirm: true });
    expect(failed.json).toMatchObject({ success: false, message: '同步失败：表中已有数据无法转换为新的类型或长度' });
    expect((await columns('t_person')).find((c) => c.column_name === 'name')!.character_maximum_length).toBe(100);
    expect((await call('GET', `/head/queryById?id=${id}`)).json.result).toMatchObject({
      isDbSynch: 'N',
      tableVersion: 3,
    });
    await call('PUT', '/api/editAll', {
      head: { id, tableName: 't_person', tableTxt: '人员' },
      fields: [{ ...name, dbLength: 100 }],
    });
  });

  it('a sync failing after some statements ran leaves the table and the definition unchanged', async () => {
    const cur = await fieldsOf(id);
    const years = cur.find((x) => x.dbFieldName === 'years')!;
    await db().execute(sql`update t_person set remark = 'same'`);
    const saved = await call('PUT', '/api/editAll', {
      head: { id, tableName: 't_person', tableTxt: '人员' },
      fields: [{ ...years, dbFieldName: 'age2' }, f('extra')],
      indexs: [{ indexName: 'uk_t_person_remark', indexField: 'remark', indexType: 'unique' }],
    });
    expect(saved.json.success).toBe(true);
    const beforeCols = await colNames('t_person');
    const beforeFields = await db().select().from(onlCgformField).where(eq(onlCgformField.cgformHeadId, id));
    const res = await sync(id, { confirm: true });
    expect(res.json).toMatchObject({ success: false, message: '同步失败：唯一索引的字段在表中已有重复数据' });
    // the rename and the new column ran before the index failed: all of it was rolled back
    expect(await colNames('t_person')).toEqual(beforeCols);
    expect(beforeCols).toContain('years');
    expect(beforeCols).not.toContain('extra');
    const afterFields = await db().select().from(onlCgformField).where(eq(onlCgformField.cgformHeadId, id));
    expect(afterFields.map((x) => [x.dbFieldName, x.dbFieldNameOld]).sort()).toEqual(
      beforeFields.map((x) => [x.dbFieldName, x.dbFieldNameOld]).sort(),
    );
    expect((await call('GET', `/head/queryById?id=${id}`)).json.result).toMatchObject({
      isDbSynch: 'N',
      tableVersion: 3,
    });
    const idx = await db().select().from(onlCgformIndex).where(eq(onlCgformIndex.cgformHeadId, id));
    expect(idx.map((x) => x.isDbSynch)).toEqual(['N']);

    // fixing the data makes the same sync pass: rename kept the data, the index exists
    await db().execute(sql`update t_person set remark = id`);
    expect((await sync(id, { confirm: true })).json.success).toBe(true);
    const rows = await queryRows<{ age2: number }>(db(), sql`select age2 from t_person order by id`);
    expect(rows.map((r) => r.age2)).toEqual([30, 40]);
    const pgIdx = await queryRows<{ indexname: string }>(
      db(),
      sql`select indexname from pg_indexes where tablename = 't_person'`,
    );
    expect(pgIdx.map((r) => r.indexname)).toContain('uk_t_person_remark');
    expect((await call('GET', '/index/listByHeadId?headId=' + id)).json.result[0]).toMatchObject({
      indexName: 'uk_t_person_remark',
      isDbSynch: 'Y',
    });
  });

  it('force sync needs confirm and recreates the table (data lost)', async () => {
    const refused = await call('POST', `/api/doDbSynch/${id}`, { synMethod: '0' });
    expect(refused.json.message).toMatch(/强制同步将删除并重建表「t_person」，表中 2 条数据将全部丢失/);
    expect(Number((await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from t_person`))[0].n)).toBe(2);
    const before = await notes('t_person');
    const done = await call('POST', `/api/doDbSynch/${id}`, { synMethod: 'force', confirm: true });
    expect(done.json.success).toBe(true);
    expect(Number((await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from t_person`))[0].n)).toBe(0);
    // dropped and created again: the version moved past the old table's (a total kept for its rows cannot match)
    const after = await notes('t_person');
    expect(after.trigger).toBe('A');
    expect(after.version).toBeGreaterThan(before.version);
  });

  it('copyOnline makes copies named <table>__<n> that share the table; lists hide them unless asked', async () => {
    const c1 = await call('GET', `/head/copyOnline?code=${id}`);
    expect(c1.json).toMatchObject({ success: true, message: '复制成功', result: { tableName: 't_person__1' } });
    const c2 = await call('POST', `/head/copyOnline?code=${id}`);
    expect(c2.json.result.tableName).toBe('t_person__2');
    const copy = await headOf('t_person__1');
    expect(copy).toMatchObject({ copyType: 1, physicId: id, copyVersion: 1 });
    expect((await fieldsOf(copy.id)).length).toBe((await fieldsOf(id)).length);
    expect((await call('GET', '/head/list?tableName=t_person*')).json.result.total).toBe(1);
    const copies = await call('GET', `/head/list?copyType=1&physicId=${id}`);
    expect(copies.json.result.records.map((r: { tableName: string }) => r.tableName).sort()).toEqual([
      't_person__1',
      't_person__2',
    ]);
    expect((await sync(copy.id)).json.message).toBe('复制的表单与原表单共用一张表，请同步原表单');
    expect((await call('GET', `/head/copyOnline?code=${copy.id}`)).json.message).toBe(
      '复制的表单不能再复制，请复制原表单',
    );
    expect(
      (await call('POST', '/api/addAll', body('t_person__3', [f('id', { dbIsKey: 1, dbLength: 36 })]))).json.message,
    ).toMatch(/不能以“__数字”结尾/);
    // a copy's fields must exist in its original
    const cf = await fieldsOf(copy.id);
    const bad = await call('PUT', '/api/editAll', {
      head: { id: copy.id, tableName: 'x', tableTxt: '副本' },
      fields: [...cf, f('zzz')],
    });
    expect(bad.json.message).toBe('复制表单的字段「zzz」在原表单中不存在');
  });

  it('removeRecord keeps the table; delete drops it with the copies', async () => {
    const other = await create('t_keep', [f('id', { dbIsKey: 1, dbLength: 36 }), f('a')]);
    await sync(other);
    expect(
      (await call('PUT', '/api/editAll', { head: { id: other, tableName: 't_keep2', tableTxt: 'x' }, fields: [] })).json
        .message,
    ).toBe('表「t_keep」已同步到数据库，不能修改表名（可复制或删除后重建）');
    const removed = await call('DELETE', `/head/removeRecord?id=${other}`);
    expect(removed.json).toMatchObject({ success: true, message: '移除成功!' });
    expect(await headOf('t_keep')).toBeUndefined();
    expect(await colNames('t_keep')).toContain('a');
    // the leftover table can be imported again
    expect((await call('GET', '/head/queryTables')).json.result).toContain('t_keep');

    const del = await call('DELETE', `/head/delete?id=${id}`);
    expect(del.json).toMatchObject({ success: true, message: '删除成功!' });
    expect(await colNames('t_person')).toEqual([]);
    expect(await headOf('t_person__1')).toBeUndefined();
    expect((await call('DELETE', `/head/delete?id=${id}`)).json.message).toBe('实体不存在');
  });
});

describe('more alters and removals', () => {
  const key = f('id', { dbIsKey: 1, dbLength: 36 });

  it('int → string widens without confirm and keeps values; NOT NULL on a filled table fails cleanly; Blob never converts', async () => {
    const id = await create('t_alter', [key, f('n', { dbType: 'int' }), f('b', { dbType: 'Blob' })]);
    await sync(id);
    await db().execute(sql`insert into t_alter (id, n) values ('1', 42)`);
    const cur = await fieldsOf(id);
    const n = cur.find((x) => x.dbFieldName === 'n')!;
    const bf = cur.find((x) => x.dbFieldName === 'b')!;
    await call('PUT', '/api/editAll', {
      head: { id, tableName: 't_alter', tableTxt: 'x' },
      fields: [{ ...n, dbType: 'string', dbLength: 20 }],
    });
    expect((await sync(id)).json.success).toBe(true);
    expect((await queryRows<{ n: string }>(db(), sql`select n from t_alter`))[0].n).toBe('42');

    await call('PUT', '/api/editAll', {
      head: { id, tableName: 't_alter', tableTxt: 'x' },
      fields: [f('must', { dbIsNull: 0 })],
    });
    const failed = await sync(id);
    expect(failed.json).toMatchObject({
      success: false,
      message: '同步失败：表中已有数据的必填字段为空，请先设置默认值或允许为空',
    });
    expect(await colNames('t_alter')).not.toContain('must');
    const mustId = (await fieldsOf(id)).find((x) => x.dbFieldName === 'must')!;
    await call('PUT', '/api/editAll', {
      head: { id, tableName: 't_alter', tableTxt: 'x' },
      fields: [{ ...mustId, dbDefaultVal: 'x' }],
    });
    expect((await sync(id)).json.success).toBe(true);
    expect((await queryRows<{ must: string }>(db(), sql`select must from t_alter`))[0].must).toBe('x');

    await call('PUT', '/api/editAll', {
      head: { id, tableName: 't_alter', tableTxt: 'x' },
      fields: [{ ...bf, dbType: 'Text' }],
    });
    expect((await sync(id, { confirm: true })).json.message).toMatch(/字段「b」不能从 bytea 改为 Text 类型/);
    await call('DELETE', `/head/delete?id=${id}`);
  });

  it('a main with subs keeps its name, type and referenced fields, and is removed only with its subs', async () => {
    const main = await create('t_m', [key, f('code')], { tableType: 2 });
    const sub = await create('t_s', [key, f('m_id', { dbLength: 36, mainTable: 't_m', mainField: 'code' })], {
      tableType: 3,
      relationType: 0,
    });
    await sync(main);
    await sync(sub);
    const mf = await fieldsOf(main);
    const code = mf.find((x) => x.dbFieldName === 'code')!;
    const head = { id: main, tableName: 't_m', tableTxt: 'x', tableType: 2 };
    expect((await call('PUT', '/api/editAll', { head: { ...head, tableType: 1 }, fields: [] })).json.message).toBe(
      '主表「t_m」仍有附表「t_s」，不能修改表名或表类型',
    );
    expect((await call('PUT', '/api/editAll', { head, fields: [], deleteFieldIds: [code.id] })).json.message).toBe(
      '字段「code」被附表「t_s」的外键引用，不能删除或改名',
    );
    expect(
      (await call('PUT', '/api/editAll', { head, fields: [{ ...code, dbFieldName: 'code2' }] })).json.message,
    ).toMatch(/被附表「t_s」的外键引用/);
    expect((await call('DELETE', `/head/delete?id=${main}`)).json.message).toBe(
      '主表「t_m」仍有附表「t_s」，请先删除附表（或一起删除）',
    );
    expect(await headOf('t_m')).toBeDefined();

    // batch: flag 0 removes the definitions only, flag 1 drops the tables too
    expect((await call('DELETE', `/head/deleteBatch?ids=${main},${sub}&flag=0`)).json).toMatchObject({ success: true });
    expect(await headOf('t_m')).toBeUndefined();
    expect(await colNames('t_m')).toContain('code');
    await call('POST', '/head/transTables/t_m,t_s');
    const again = [(await headOf('t_m')).id, (await headOf('t_s')).id];
    expect((await call('DELETE', `/head/deleteBatch?ids=${again.join(',')}&flag=1`)).json).toMatchObject({
      success: true,
      message: '批量删除成功!',
    });
    expect(await colNames('t_m')).toEqual([]);
    expect(await colNames('t_s')).toEqual([]);
    expect((await call('DELETE', '/head/deleteBatch?ids=')).json.message).toBe('参数不识别！');
  });
});

describe('validation and injection', () => {
  const key = f('id', { dbIsKey: 1, dbLength: 36 });

  it.each([
    ['a;drop table sys_user', /表名「a;drop table sys_user」不合法/],
    ['"x"', /表名「"x"」不合法/],
    ['x"; drop table sys_user; --', /不合法/],
    ['sys_user', /系统保留/],
    ['sys_anything', /系统保留/],
    ['onl_cgform_head', /系统保留/],
    ['pg_class', /系统保留/],
    ['qrtz_triggers', /系统保留/],
    ['drizzle_x', /系统保留/],
    ['demo', /系统保留/],
    ['jeecg_order_main', /系统保留/],
    ['表名', /不合法/],
    ['ｔａｂｌｅ', /不合法/],
    [`a${'b'.repeat(63)}`, /不合法/],
    ['1abc', /不合法/],
  ])('table name %j → Chinese error, nothing stored', async (name, msg) => {
    const heads = await headCount();
    const tables = await tableCount();
    const res = await call('POST', '/api/addAll', body(name, [key, f('a')]));
    expect(res.json.success).toBe(false);
    expect(res.json.message).toMatch(msg);
    expect(res.json.message).not.toMatch(/select|insert|create table|at \w+ \(/i);
    expect(await headCount()).toBe(heads);
    expect(await tableCount()).toBe(tables);
  });

  it.each([
    [[key, f('a;drop table sys_user')], /字段名「a;drop table sys_user」不合法/],
    [[key, f('"x"')], /字段名「"x"」不合法/],
    [[key, f('名字')], /字段名「名字」不合法/],
    [[key, f(`a${'b'.repeat(63)}`)], /不合法/],
    [[key, f('a'), f('a')], /字段名「a」重复/],
    [[key, f('a'), f('A')], /字段名「a」重复/],
    [[f('id'), f('a')], /必须有且只有一个主键，且主键字段名为 id/],
    [[key, f('b', { dbIsKey: 1 })], /必须有且只有一个主键/],
    [[f('id', { dbIsKey: 1, dbType: 'int' })], /主键 id 须为 String 类型/],
    [
      [key, f('a', { dbType: 'varchar(10); drop table sys_user' })],
      /数据库类型「varchar\(10\); drop table sys_user」不支持/,
    ],
    [[key, f('a', { dbType: 'serial' })], /不支持/],
    [[key, f('a', { dbLength: 0 })], /长度须为 1～10000/],
    [[key, f('a', { dbLength: 20000 })], /长度须为/],
    [[key, f('a', { dbType: 'BigDecimal', dbLength: 5, dbPointLength: 8 })], /小数位/],
    [[key, f('a', { dbType: 'int', dbDefaultVal: '1; drop table sys_user' })], /默认值.*须为整数/],
    [[key, f('a', { dbType: 'Date', dbDefaultVal: "2020-01-01'); drop table sys_user; --" })], /须为日期/],
    [[key, f('a', { dbDefaultVal: 'x\u0000y' })], /控制字符/],
    [[key, f('a', { dbType: 'Blob', dbDefaultVal: 'x' })], /不能设置默认值/],
  ])('fields %# → Chinese error, nothing stored', async (fields, msg) => {
    const heads = await headCount();
    const res = await call('POST', '/api/addAll', body('t_inj', fields as Field[]));
    expect(res.json.success).toBe(false);
    expect(res.json.message).toMatch(msg);
    expect(await headCount()).toBe(heads);
  });

  it.each([
    [{ indexName: 'idx;drop', indexField: 'a' }, /索引名称「idx;drop」不合法/],
    [{ indexName: 'sys_user_pkey', indexField: 'a' }, /系统保留前缀/],
    [{ indexName: 'idx_a', indexField: 'a,"b"' }, /索引栏位「"b"」不合法/],
    [{ indexName: 'idx_a', indexField: 'nope' }, /字段「nope」不在字段列表中/],
    [{ indexName: 'idx_a', indexField: 'a', indexType: 'gin' }, /只能是 normal、unique 之一/],
  ])('index %j → error, nothing stored', async (idx, msg) => {
    const heads = await headCount();
    const res = await call('POST', '/api/addAll', body('t_inj', [key, f('a')], {}, [idx]));
    expect(res.json.success).toBe(false);
    expect(res.json.message).toMatch(msg);
    expect(await headCount()).toBe(heads);
  });

  it('a string default with quotes is stored as a literal, never as SQL', async () => {
    const id = await create('t_quote', [key, f('a', { dbLength: 100, dbDefaultVal: "x'); drop table sys_user; --" })]);
    expect((await sync(id)).json.success).toBe(true);
    await db().execute(sql`insert into t_quote (id) values ('1')`);
    const [r] = await queryRows<{ a: string }>(db(), sql`select a from t_quote`);
    expect(r.a).toBe("x'); drop table sys_user; --");
    expect((await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from sys_user`))[0].n).toBeGreaterThan(
      0,
    );
    await call('DELETE', `/head/delete?id=${id}`);
  });

  it('a name already defined or already a table is refused; sub and tree rules', async () => {
    expect((await call('POST', '/api/addAll', body('test_demo', [key]))).json.message).toBe('表名「test_demo」已存在');
    await db().execute(sql`create table t_exists (id varchar(36) primary key)`);
    expect((await call('POST', '/api/addAll', body('t_exists', [key]))).json.message).toMatch(
      /数据库中已存在表「t_exists」/,
    );

    const sub = (fk: Field) => body('t_sub', [key, fk], { tableType: 3, relationType: 0 });
    expect(
      (await call('POST', '/api/addAll', sub(f('m', { mainTable: 'no_main', mainField: 'id' })))).json.message,
    ).toMatch(/外键主表「no_main」不存在/);
    expect(
      (await call('POST', '/api/addAll', sub(f('m', { mainTable: 'test_demo', mainField: 'id' })))).json.message,
    ).toMatch(/外键主表「test_demo」不存在/);
    expect(
      (await call('POST', '/api/addAll', sub(f('m', { mainTable: 'test_order_main', mainField: 'nope' })))).json
        .message,
    ).toMatch(/外键主表字段「test_order_main.nope」不存在/);
    expect(
      (await call('POST', '/api/addAll', body('t_sub', [key, f('m')], { tableType: 3, relationType: 0 }))).json.message,
    ).toMatch(/附表须至少有一个字段设置外键/);
    const tree = await call(
      'POST',
      '/api/addAll',
      body('t_tree', [key, f('pid'), f('name')], {
        isTree: 'Y',
        treeParentIdField: 'pid',
        treeIdField: 'has_child',
        treeFieldname: 'name',
      }),
    );
    expect(tree.json.message).toBe('树表单的是否有子节点字段「has_child」不在字段列表中');
    expect(
      (
        await call('POST', '/api/addAll', {
          head: { tableName: 't_x', tableTxt: 'x', themeTemplate: 'evil' },
          fields: [key],
        })
      ).statusCode,
    ).toBe(400);
  });

  it('every form view of §4.2 saves and loads back; an unknown view is refused', async () => {
    const fields = FORM_VIEWS.map((v, i) => f(`v_${i}`, { fieldShowType: v, dbFieldTxt: v }));
    const id = await create('t_views', [f('id', { dbIsKey: 1, dbLength: 36 }), ...fields]);
    const back = await fieldsOf(id);
    for (const v of FORM_VIEWS) expect(back.find((x) => x.dbFieldTxt === v)?.fieldShowType, v).toBe(v);
    const bad = await call(
      'POST',
      '/api/addAll',
      body('t_views2', [f('id', { dbIsKey: 1, dbLength: 36 }), f('a', { fieldShowType: 'script' })]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json.message).toMatch(/fields\.1\.fieldShowType/);
    await call('DELETE', `/head/removeRecord?id=${id}`);
  });

  it('checkOnlyTable: 1 when free, -1 when defined, an existing table or reserved; bad names get the identifier error', async () => {
    const check = async (q: string) => (await call('GET', `/head/checkOnlyTable?${q}`)).json;
    expect((await check('tbname=t_free')).result).toBe(1);
    expect((await check('tbname=test_demo')).result).toBe(-1);
    expect((await check(`tbname=test_demo&id=${SEED_FORMS.single}`)).result).toBe(1);
    expect((await check('tbname=sys_user')).result).toBe(-1);
    expect((await check('tbname=t_exists')).result).toBe(-1);
    expect((await check(`tbname=${encodeURIComponent('a"b')}`)).message).toMatch(/表名「a"b」不合法/);
  });

  it('a sub table saved with a foreign key is listed in its main’s sub_table_str', async () => {
    const id = await create(
      't_order_line',
      [key, f('order_id', { dbLength: 36, mainTable: 'test_order_main', mainField: 'id' })],
      {
        tableType: 3,
        relationType: 0,
        tabOrderNum: 9,
      },
    );
    expect((await headOf('test_order_main')).subTableStr).toBe('test_order_product,test_order_customer,t_order_line');
    await call('DELETE', `/head/removeRecord?id=${id}`);
    expect((await headOf('test_order_main')).subTableStr).toBe('test_order_product,test_order_customer');
  });
});

describe('import, buttons, refusals, permissions, seed', () => {
  it('queryTables lists importable tables; transTables imports one as a synchronised definition', async () => {
    await db().execute(
      sql`create table t_import (id varchar(36) primary key, title varchar(50) not null, qty integer, price numeric(8,2), made date, body text, big bigint, create_by varchar(50))`,
    );
    await db().execute(sql`comment on table t_import is '导入表'`);
    await db().execute(sql`comment on column t_import.title is '标题'`);
    await db().execute(sql`create index idx_t_import_title on t_import (title)`);
    await db().execute(sql`insert into t_import (id, title, qty) values ('1', '甲', 2)`);
    const tables = (await call('GET', '/head/queryTables')).json.result as string[];
    expect(tables).toContain('t_import');
    for (const n of ['sys_user', 'onl_cgform_head', 'test_demo', 'demo', 'jeecg_order_main'])
      expect(tables).not.toContain(n);

    const res = await call('POST', '/head/transTables/t_import');
    expect(res.json).toMatchObject({ success: true, message: '导入成功' });
    const head = await headOf('t_import');
    expect(head).toMatchObject({ isDbSynch: 'Y', tableType: 1 });
    const fields = await fieldsOf(head.id);
    expect(fields.map((x) => [x.dbFieldName, x.dbType])).toEqual([
      ['id', 'string'],
      ['title', 'string'],
      ['qty', 'int'],
      ['price', 'BigDecimal'],
      ['made', 'Date'],
      ['body', 'Text'],
      ['big', 'BigDecimal'],
      ['create_by', 'string'],
    ]);
    expect(head.tableTxt).toBe('导入表');
    expect(fields.find((x) => x.dbFieldName === 'title')).toMatchObject({
      dbFieldTxt: '标题',
      isShowForm: 1,
      dbIsNull: 0,
      dbLength: 50,
    });
    expect(fields.find((x) => x.dbFieldName === 'create_by')).toMatchObject({ isShowForm: 0, isShowList: 0 });
    expect(fields.find((x) => x.dbFieldName === 'id')).toMatchObject({ dbIsKey: 1, isReadOnly: 1, isShowForm: 0 });
    expect((await call('GET', `/index/listByHeadId?headId=${head.id}`)).json.result[0]).toMatchObject({
      indexName: 'idx_t_import_title',
    });
    // a sync of the imported definition changes nothing and loses nothing
    expect((await sync(head.id)).json.success).toBe(true);
    expect((await queryRows<{ title: string }>(db(), sql`select title from t_import`))[0].title).toBe('甲');

    expect((await call('POST', '/head/transTables/sys_user')).json.message).toMatch(/系统保留的表/);
    expect((await call('POST', '/head/transTables/t_import')).json.message).toMatch(/已有表单定义/);
    expect((await call('POST', '/head/transTables/Bad-Name')).json.message).toMatch(/不合法/);
  });

  it('custom buttons: add, list, edit, duplicate code, delete', async () => {
    const headId = SEED_FORMS.single;
    const add = await call('POST', '/button/add', {
      cgformHeadId: headId,
      buttonCode: 'approve',
      buttonName: '审批',
      optType: 'action',
      optPosition: '2',
    });
    expect(add.json).toMatchObject({ success: true });
    expect(
      (await call('POST', '/button/add', { cgformHeadId: headId, buttonCode: 'approve', buttonName: 'x' })).json
        .message,
    ).toBe('按钮编码「approve」已存在');
    expect(
      (await call('POST', '/button/add', { cgformHeadId: headId, buttonCode: 'a;b', buttonName: 'x' })).statusCode,
    ).toBe(400);
    const list = await call('GET', `/button/list/${headId}`);
    const btn = list.json.result.records.find((b: { buttonCode: string }) => b.buttonCode === 'approve');
    expect(btn).toMatchObject({ buttonName: '审批', buttonStyle: 'button', optType: 'action', optPosition: '2' });
    const edit = await call('PUT', '/button/edit', { ...btn, buttonName: '通过', buttonStyle: 'link' });
    expect(edit.json.success).toBe(true);
    expect((await call('GET', `/button/list?headId=${headId}`)).json.result.records[0]).toMatchObject({
      buttonName: '通过',
      buttonStyle: 'link',
    });
    expect((await call('DELETE', `/button/delete?id=${btn.id}`)).json.success).toBe(true);
    expect((await call('GET', `/button/list?headId=${headId}`)).json.result.total).toBe(0);
  });

  it('enhancements and code generation answer 不支持', async () => {
    const id = SEED_FORMS.single;
    expect((await call('GET', `/head/enhanceJs/${id}?type=form`)).json).toMatchObject({
      success: false,
      message: expect.stringMatching(/^不支持JS增强/),
    });
    expect((await call('POST', `/head/enhanceJs/${id}`, { cgJs: 'alert(1)' })).json.message).toMatch(/^不支持JS增强/);
    expect((await call('GET', `/head/enhanceSql?cgformHeadId=${id}`)).json.message).toMatch(/^不支持SQL增强/);
    expect((await call('POST', `/head/enhanceJava/${id}`, {})).json.message).toMatch(/^不支持Java增强/);
    expect((await call('POST', '/api/codeGenerate', {})).json.message).toMatch(/^不支持代码生成/);
    expect((await call('GET', '/api/downGenerateCode')).json.message).toMatch(/^不支持代码生成/);
  });

  it('a user without the designer permissions gets 403 and changes nothing', async () => {
    const heads = await headCount();
    for (const [m, url, payload] of [
      ['GET', '/head/list', undefined],
      ['POST', '/api/addAll', body('t_denied', [f('id', { dbIsKey: 1, dbLength: 36 })])],
      ['PUT', '/api/editAll', { head: { id: SEED_FORMS.single, tableName: 'test_demo', tableTxt: 'x' }, fields: [] }],
      ['POST', `/api/doDbSynch/${SEED_FORMS.single}`, { synMethod: '0', confirm: true }],
      ['DELETE', `/head/delete?id=${SEED_FORMS.single}`, undefined],
      ['GET', `/head/copyOnline?code=${SEED_FORMS.single}`, undefined],
      ['GET', '/head/queryTables', undefined],
      ['POST', '/button/add', { cgformHeadId: SEED_FORMS.single, buttonCode: 'x', buttonName: 'x' }],
    ] as const) {
      const res = await call(m, url, payload, jeecg);
      expect(res.statusCode, `${m} ${url}`).toBe(403);
    }
    expect(await headCount()).toBe(heads);
    expect(await colNames('test_demo')).toContain('name');
    expect((await call('GET', '/head/list', undefined, '')).statusCode).toBe(401);
  });

  it('seeds the demo forms, synchronised, with rows', async () => {
    const main = await headOf('test_order_main');
    expect(main).toMatchObject({ id: SEED_FORMS.orderMain, tableType: 2, isDbSynch: 'Y', themeTemplate: 'innerTable' });
    expect(main.subTableStr).toBe('test_order_product,test_order_customer');
    expect(await headOf('test_order_customer')).toMatchObject({ tableType: 3, relationType: 1 });
    expect(await headOf('test_shoptype_tree')).toMatchObject({
      isTree: 'Y',
      treeParentIdField: 'pid',
      treeIdField: 'has_child',
    });
    for (const [table, n] of [
      ['test_demo', 3],
      ['test_order_main', 2],
      ['test_order_product', 3],
      ['test_order_customer', 2],
      ['test_shoptype_tree', 5],
    ] as const) {
      const [c] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ${sql.identifier(table)}`);
      expect(Number(c.n), table).toBe(n);
    }
    const views = (await fieldsOf(SEED_FORMS.single)).map((x) => x.fieldShowType);
    expect(views).toEqual(
      expect.arrayContaining([
        'text',
        'list',
        'date',
        'datetime',
        'switch',
        'textarea',
        'popup',
        'sel_user',
        'sel_depart',
        'checkbox',
      ]),
    );
  });
});
