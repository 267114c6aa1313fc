import { describe, expect, it } from 'vitest';
import { buildListQuery, wrapSearchValue } from '../list';
import {
  blankCondition,
  type Condition,
  changeField,
  changeRule,
  encodeSuperQueryParams,
  fieldsOfPage,
  fromRecord,
  isEmptyCondition,
  LOCAL_KEY_PREFIX,
  planSave,
  RULE_LABELS,
  readLocal,
  rulesFor,
  SUPER_QUERY_MESSAGES,
  SUPER_RULES,
  type SuperField,
  searchParams,
  upsertSaved,
  widgetFor,
  withFieldsOf,
  writeLocal,
} from './logic';

const cond = (over: Partial<Condition>): Condition => ({ ...blankCondition(), ...over });
const SEX: SuperField = { field: 'sex', label: '性别', type: 'dict', dictCode: 'sex' };

function memoryStore() {
  const m = new Map<string, string>();
  return {
    m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
  };
}

describe('advanced query messages (spec 02 §5, verbatim)', () => {
  it('are the spec texts', () => {
    expect(SUPER_QUERY_MESSAGES.emptySearch).toBe('不能查询空条件');
    expect(SUPER_QUERY_MESSAGES.emptySave).toBe('空条件不能保存');
    expect(SUPER_QUERY_MESSAGES.nameRequired).toBe('保存名称不能为空');
    expect(SUPER_QUERY_MESSAGES.exists('我的查询')).toBe('我的查询 已存在，是否覆盖？');
    expect(SUPER_QUERY_MESSAGES.deleteConfirm).toBe('是否删除当前查询？');
  });

  it('the rules of §9, each with a label', () => {
    expect([...SUPER_RULES]).toEqual(['eq', 'like', 'right_like', 'left_like', 'in', 'ne', 'gt', 'ge', 'lt', 'le']);
    for (const r of SUPER_RULES) expect(RULE_LABELS[r]).toBeTruthy();
  });

  it('the search input wraps values: like *v*, ne !v, ge >=v, le <=v', () => {
    expect(wrapSearchValue('like', 'ab')).toBe('*ab*');
    expect(wrapSearchValue('ne', 'ab')).toBe('!ab');
    expect(wrapSearchValue('ge', '5')).toBe('>=5');
    expect(wrapSearchValue('le', '5')).toBe('<=5');
    expect(wrapSearchValue('eq', 'ab')).toBe('ab');
    expect(wrapSearchValue('like', '')).toBe('');
  });
});

describe('condition model', () => {
  it('a blank row has rule eq and counts as empty until field, rule and value are there', () => {
    const b = blankCondition();
    expect(b.rule).toBe('eq');
    expect(b.field).toBeUndefined();
    expect(blankCondition().key).not.toBe(b.key);
    expect(isEmptyCondition(b)).toBe(true);
    expect(isEmptyCondition(cond({ field: 'a' }))).toBe(true);
    expect(isEmptyCondition(cond({ field: 'a', val: '  ' }))).toBe(true);
    expect(isEmptyCondition(cond({ field: 'a', val: [] }))).toBe(true);
    expect(isEmptyCondition(cond({ field: 'a', val: 0 }))).toBe(false);
    expect(isEmptyCondition(cond({ field: 'a', val: 'x' }))).toBe(false);
  });

  it('choosing another field clears the value and copies the field metadata', () => {
    const c = cond({ field: 'username', rule: 'like', val: 'adm', type: 'string' });
    const next = changeField(c, SEX);
    expect(next).toMatchObject({ key: c.key, field: 'sex', type: 'dict', dictCode: 'sex', val: undefined });
    // like is not offered for a dictionary: back to eq
    expect(next.rule).toBe('eq');
    const opts: SuperField = { field: 'status', label: '状态', type: 'dict', options: [{ value: '1', label: '正常' }] };
    expect(changeField(cond({ field: 'sex', val: '1', dictCode: 'sex' }), opts)).toMatchObject({
      dictCode: undefined,
      options: [{ value: '1', label: '正常' }],
      val: undefined,
    });
    expect(
      changeField(cond({ field: 'a', rule: 'ge', val: '1' }), { field: 'n', label: 'N', type: 'number' }).rule,
    ).toBe('ge');
  });

  it("changing the rule away from 'in' on a dictionary field keeps the first value", () => {
    const c = cond({ field: 'sex', type: 'dict', dictCode: 'sex', rule: 'in', val: '2,1' });
    expect(changeRule(c, 'eq').val).toBe('2');
    expect(changeRule(cond({ ...c, val: ['1', '2'] }), 'ne').val).toBe('1');
    expect(changeRule(c, 'in').val).toBe('2,1');
    // not a dictionary/option field: the value stays
    expect(changeRule(cond({ field: 'username', type: 'string', rule: 'in', val: 'a,b' }), 'eq').val).toBe('a,b');
    // into 'in' nothing is reduced
    expect(changeRule(cond({ ...c, rule: 'eq', val: '1' }), 'in').val).toBe('1');
  });

  it('rules and input widgets per field type', () => {
    expect(rulesFor('string')).toEqual([...SUPER_RULES]);
    expect(rulesFor('number')).toEqual(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);
    expect(rulesFor('dict')).toEqual(['eq', 'in', 'ne']);
    expect(widgetFor({ type: 'string', rule: 'like' })).toBe('input');
    expect(widgetFor({ type: 'number', rule: 'gt' })).toBe('number');
    expect(widgetFor({ type: 'date', rule: 'ge' })).toBe('date');
    expect(widgetFor({ type: 'datetime', rule: 'le' })).toBe('datetime');
    expect(widgetFor({ type: 'dict', rule: 'eq' })).toBe('dict');
    expect(widgetFor({ type: 'dict', rule: 'in' })).toBe('dict-multi');
    expect(widgetFor({ type: 'dict', rule: 'in', options: [] })).toBe('select-multi');
    expect(widgetFor({ type: 'user', rule: 'eq' })).toBe('user');
    expect(widgetFor({ type: 'depart', rule: 'in' })).toBe('depart');
  });
});

describe('superQueryParams', () => {
  it('are built as JeecgBoot sends them: complete rows only, option lists stripped, multi-values comma joined', () => {
    const rows = [
      cond({ field: 'username', rule: 'like', val: ' adm ', type: 'string' }),
      cond({}),
      cond({
        field: 'sex',
        rule: 'in',
        val: ['1', '2'],
        type: 'dict',
        dictCode: 'sex',
        options: [{ value: '1', label: '男' }],
      }),
      cond({ field: 'birthday', rule: 'ge', val: '2018-12-05', type: 'date' }),
      cond({ field: 'age', rule: 'gt', val: 0, type: 'number', dbType: 'int' }),
    ];
    const r = searchParams(rows);
    expect(r).toEqual({
      params: [
        { field: 'username', rule: 'like', val: 'adm', type: 'string' },
        { field: 'sex', rule: 'in', val: '1,2', type: 'dict', dictCode: 'sex' },
        { field: 'birthday', rule: 'ge', val: '2018-12-05', type: 'date' },
        { field: 'age', rule: 'gt', val: 0, type: 'number', dbType: 'int' },
      ],
    });
    if (!('params' in r)) throw new Error('no params');
    const encoded = encodeSuperQueryParams(r.params);
    expect(JSON.parse(decodeURI(encoded))).toEqual(r.params);
    // the list query sends the same text with the match type
    const q = buildListQuery({ superQuery: { params: r.params, matchType: 'or' } });
    expect(q.superQueryParams).toBe(encoded);
    expect(q.superQueryMatchType).toBe('or');
  });

  it("a run without a complete row warns '不能查询空条件'", () => {
    expect(searchParams([blankCondition()])).toEqual({ error: '不能查询空条件' });
    expect(searchParams([cond({ field: 'username', val: '' })])).toEqual({ error: '不能查询空条件' });
    expect(searchParams([])).toEqual({ error: '不能查询空条件' });
  });

  it('a saved record comes back as an editable row with the field metadata', () => {
    const fields: SuperField[] = [SEX, { field: 'age', label: '年龄', type: 'number' }];
    expect(fromRecord({ field: 'sex', rule: 'in', val: '1,2', type: 'dict' }, fields)).toMatchObject({
      field: 'sex',
      rule: 'in',
      val: '1,2',
      type: 'dict',
      dictCode: 'sex',
    });
    expect(fromRecord({ field: 'age', rule: 'gt', val: '3' }, fields).val).toBe(3);
    expect(fromRecord({ field: 'x', rule: 'bogus', val: 'v', type: 'string' }, fields).rule).toBe('eq');
  });
});

describe('saved queries', () => {
  const full = [cond({ field: 'username', rule: 'eq', val: 'admin', type: 'string' })];

  it("refuses empty conditions and names, asks '{name} 已存在，是否覆盖？' for a known name", () => {
    expect(planSave([], '名字', 'and', [blankCondition()])).toEqual({ error: '空条件不能保存' });
    expect(planSave([], '   ', 'and', full)).toEqual({ error: '保存名称不能为空' });
    const fresh = planSave([], ' 管理员 ', 'or', full);
    expect(fresh).toEqual({
      query: {
        title: '管理员',
        matchType: 'or',
        records: [{ field: 'username', rule: 'eq', val: 'admin', type: 'string' }],
      },
    });
    const again = planSave([{ title: '管理员', matchType: 'and', records: [] }], '管理员', 'and', full);
    expect(again).toMatchObject({ confirm: '管理员 已存在，是否覆盖？', query: { title: '管理员' } });
  });

  it('upsert replaces the same title in place', () => {
    const a = { title: 'a', matchType: 'and' as const, records: [] };
    const b = { title: 'b', matchType: 'and' as const, records: [] };
    expect(upsertSaved([a, b], { ...a, matchType: 'or' })).toEqual([{ ...a, matchType: 'or' }, b]);
    expect(upsertSaved([a], b)).toEqual([a, b]);
  });

  it('the local copy lives under the prefix plus the page key, without option lists', () => {
    const store = memoryStore();
    const rec = { field: 'sex', rule: 'eq', val: '1', options: [{ value: '1', label: '男' }] };
    writeLocal('/system/user', [{ title: 'x', matchType: 'and', records: [rec] }], store);
    expect([...store.m.keys()]).toEqual([`${LOCAL_KEY_PREFIX}/system/user`]);
    expect(store.m.get(`${LOCAL_KEY_PREFIX}/system/user`)).not.toContain('options');
    expect(readLocal('/system/user', store)).toEqual([
      { title: 'x', matchType: 'and', records: [{ field: 'sex', rule: 'eq', val: '1' }] },
    ]);
    expect(readLocal('/other', store)).toEqual([]);
    store.m.set(`${LOCAL_KEY_PREFIX}/bad`, '{not json');
    expect(readLocal('/bad', store)).toEqual([]);
  });
});

describe('fields of a page', () => {
  it('come from the shown columns and the query fields, typed by column type / widget', () => {
    const fields = fieldsOfPage({
      columns: [
        { field: 'username', title: '用户账号' },
        { field: 'sex', title: '性别', type: 'dict', dictCode: 'sex' },
        { field: 'birthday', title: '生日', type: 'date' },
        { field: 'createTime', title: '创建时间', type: 'datetime' },
        { field: 'avatar', title: '头像', type: 'image' },
        { field: 'secret', title: '隐藏', hidden: true },
        { field: 'orgCodeTxt', title: '部门', type: 'depart' },
        { field: 'realname', title: '姓名', type: 'user' },
        { field: 'createBy', title: '创建人', type: 'user' },
        { field: 'salary', title: '工资', type: 'money' },
      ],
      query: [
        { field: 'username', label: '账号' },
        { field: 'status', label: '状态', widget: 'dict', props: { dictCode: 'user_status' } },
        { field: 'kind', label: '类型', widget: 'select', props: { options: [{ value: 1, label: '甲' }] } },
        { field: 'age', label: '年龄', widget: 'number' },
        { field: 'updateBy', label: '修改人', widget: 'user' },
        { field: 'orgCode', label: '部门', widget: 'depart' },
      ],
    });
    expect(fields).toEqual([
      { field: 'username', label: '用户账号', type: 'string' },
      { field: 'sex', label: '性别', type: 'dict', dictCode: 'sex' },
      { field: 'birthday', label: '生日', type: 'date' },
      { field: 'createTime', label: '创建时间', type: 'datetime' },
      { field: 'realname', label: '姓名', type: 'string' },
      { field: 'createBy', label: '创建人', type: 'user' },
      { field: 'salary', label: '工资', type: 'number' },
      { field: 'status', label: '状态', type: 'dict', dictCode: 'user_status' },
      { field: 'kind', label: '类型', type: 'dict', options: [{ value: '1', label: '甲' }] },
      { field: 'age', label: '年龄', type: 'number' },
      { field: 'updateBy', label: '修改人', type: 'user' },
      { field: 'orgCode', label: '部门', type: 'depart' },
    ]);
  });

  it('a page may name its fields instead', () => {
    const fields = fieldsOfPage({
      columns: [{ field: 'username', title: '用户账号' }],
      superQuery: [
        { field: 'sex', label: '性别', dictCode: 'sex' },
        { field: 'orgCode', label: '部门', type: 'depart', customReturnField: 'orgCode' },
        { field: 'phone', label: '手机' },
        { field: 'kind', label: '类型', options: [{ value: '1', label: '甲' }] },
      ],
    });
    expect(fields).toEqual([
      { field: 'sex', label: '性别', dictCode: 'sex', type: 'dict' },
      { field: 'orgCode', label: '部门', type: 'depart', customReturnField: 'orgCode' },
      { field: 'phone', label: '手机', type: 'string' },
      { field: 'kind', label: '类型', type: 'dict', options: [{ value: '1', label: '甲' }] },
    ]);
    const c = changeField(blankCondition(), fields[1]);
    expect(c.customReturnField).toBe('orgCode');
    expect(searchParams([{ ...c, val: 'A01' }])).toEqual({
      params: [{ field: 'orgCode', rule: 'eq', val: 'A01', type: 'depart', customReturnField: 'orgCode' }],
    });
  });
});

describe('table-dictionary, search-select and popup fields (issue 28)', () => {
  const TABLE = 'sys_user,realname,username';
  const POPUP = { code: 'report_user', orgFields: 'username,realname', destFields: 'pop_code,pop' };

  it('query widgets dict-search and popup give sel_search / popup fields; a table dictionary a dictionary select', () => {
    const fields = fieldsOfPage({
      columns: [{ field: 'owner', title: '负责人', type: 'dict', dictCode: TABLE }],
      query: [
        { field: 'buyer', label: '采购人', widget: 'dict-search', props: { dict: TABLE } },
        { field: 'pop', label: '弹框', widget: 'online-popup', props: { ...POPUP, field: 'pop' } },
        { field: 'broken', label: '坏弹框', widget: 'popup', props: { code: 'x' } },
      ],
    });
    expect(fields).toEqual([
      { field: 'owner', label: '负责人', type: 'dict', dictCode: TABLE },
      { field: 'buyer', label: '采购人', type: 'sel_search', dictCode: TABLE },
      { field: 'pop', label: '弹框', type: 'popup', popup: POPUP },
      { field: 'broken', label: '坏弹框', type: 'string' },
    ]);
  });

  it('their rules and widgets', () => {
    expect(rulesFor('sel_search')).toEqual(['eq', 'in', 'ne']);
    expect(rulesFor('popup')).toEqual(['eq', 'like', 'right_like', 'left_like', 'in', 'ne']);
    expect(widgetFor({ type: 'dict', rule: 'eq' })).toBe('dict');
    expect(widgetFor({ type: 'sel_search', rule: 'eq' })).toBe('dict-search');
    expect(widgetFor({ type: 'sel_search', rule: 'in' })).toBe('dict-multi');
    expect(widgetFor({ type: 'popup', rule: 'like', popup: POPUP })).toBe('popup');
    expect(widgetFor({ type: 'popup', rule: 'eq' })).toBe('input');
    expect(changeRule(cond({ type: 'popup', rule: 'in', val: 'a,b' }), 'eq').val).toBe('a');
    expect(changeRule(cond({ type: 'sel_search', rule: 'in', val: 'a,b' }), 'ne').val).toBe('a');
  });

  it('a table dictionary goes on the wire as dictTable / dictText / dictCode, and comes back as the widget spec', () => {
    const c = changeField(cond({}), { field: 'buyer', label: '采购人', type: 'sel_search', dictCode: TABLE });
    const r = searchParams([{ ...c, val: 'admin' }]);
    expect(r).toEqual({
      params: [
        {
          field: 'buyer',
          rule: 'eq',
          val: 'admin',
          type: 'sel_search',
          dictTable: 'sys_user',
          dictText: 'realname',
          dictCode: 'username',
        },
      ],
    });
    const rec = 'params' in r ? r.params[0] : undefined;
    // without the field in the list (e.g. before an online form's config has loaded) the record alone restores it
    expect(fromRecord(rec!, [])).toMatchObject({ type: 'sel_search', dictCode: TABLE, val: 'admin' });
    const pop = fromRecord({ field: 'pop', rule: 'in', val: 'a,b', type: 'popup' }, [
      { field: 'pop', label: '弹框', type: 'popup', popup: POPUP },
    ]);
    expect(pop).toMatchObject({ type: 'popup', popup: POPUP, val: 'a,b', rule: 'in' });
    expect(widgetFor(pop)).toBe('popup');
  });

  it('rows take a newly loaded field list’s metadata and keep their values', () => {
    const rows = [cond({ field: 'pop', type: 'string', rule: 'eq', val: 'admin' })];
    const [row] = withFieldsOf(rows, [{ field: 'pop', label: '弹框', type: 'popup', popup: POPUP }]);
    expect(row).toMatchObject({ field: 'pop', type: 'popup', popup: POPUP, rule: 'eq', val: 'admin' });
  });
});
