import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpState } from '../../api/http';
import { can, type PermissionEntry } from '../../permission/can';
import { firstRuleError } from '../../utils/rules';
import { opCode, pageDecisions, visibleRowActions, visibleToolbar } from './permission';
import { buildSearchValues, initialQueryValues } from './query';
import { duplicateCheck, fieldRules, presetRules, requiredMessage } from './rules';
import { pickFormValues, saveBody } from './SchemaForm';
import { buildTreeRows, LOADING_TEXT, parentsToRefresh } from './tree';
import type { FormContext, QueryFieldSchema, Row, RowActionSchema } from './types';

describe('query building and value wrapping (spec 02 §5)', () => {
  const fields: QueryFieldSchema[] = [
    { field: 'name', label: '名称', rule: 'like' },
    { field: 'code', label: '编码', rule: 'ne' },
    { field: 'min', label: '下限', rule: 'ge' },
    { field: 'max', label: '上限', rule: 'le' },
    { field: 'status', label: '状态', widget: 'dict' },
    { field: 'createTime', label: '创建时间', widget: 'date-range' },
    { field: 'birthday', label: '生日', widget: 'date' },
  ];

  it('wraps like / ne / ge / le, trims, keeps other rules and undeclared values', () => {
    const q = buildSearchValues(fields, {
      name: '  张 ',
      code: 'a1',
      min: '5',
      max: '9',
      status: '1',
      other: 'x',
    });
    expect(q).toEqual({ name: '*张*', code: '!a1', min: '>=5', max: '<=9', status: '1', other: 'x' });
  });

  it('leaves out empty values (blank, null, empty range)', () => {
    expect(buildSearchValues(fields, { name: '   ', code: null, createTime: [] })).toEqual({});
  });

  it('splits a date range into _begin / _end and formats dates', () => {
    const q = buildSearchValues(fields, {
      createTime: [dayjs('2024-01-02 10:00:00'), dayjs('2024-01-05 23:00:00')],
      birthday: dayjs('2000-03-04'),
    });
    expect(q).toEqual({ createTime_begin: '2024-01-02', createTime_end: '2024-01-05', birthday: '2000-03-04' });
  });

  it('honours explicit range names and text dates', () => {
    const q = buildSearchValues([{ field: 't', label: 't', range: { begin: 'from', end: 'to' } }], {
      t: ['2024-01-01', '2024-02-01'],
    });
    expect(q).toEqual({ from: '2024-01-01', to: '2024-02-01' });
  });

  it('initial values of the declared fields only', () => {
    expect(
      initialQueryValues([
        { field: 'a', label: 'a', initialValue: '1' },
        { field: 'b', label: 'b' },
      ]),
    ).toEqual({
      a: '1',
    });
  });
});

describe('form rules (spec 02 §5 presets)', () => {
  const ctx: FormContext<Row> = { record: null, mode: 'add', fixed: {} };
  const err = (code: string, v: unknown) => firstRuleError(v, presetRules(code, '字段'));

  it.each([
    ['m', '13812345678', null],
    ['m', '12812345678', '请输入正确的手机号码'],
    ['n6-16', '123456', null],
    ['n6-16', '12345', '请输入正确的6到16位数字'],
    ['*6-16', 'ab cd!', null],
    ['s6-18', 'abcdef', null],
    ['s6-18', 'abc12f', '请输入正确的6到18位字母'],
    ['e', 'a@b.cn', null],
    ['e', 'a@b', '请输入正确的电子邮件'],
    ['p', '100101', null],
    ['p', '10010', '请输入正确的邮政编码'],
    ['z', '-12', null],
    ['z', '1.5', '请输入正确的整数'],
    ['n', '1.5', null],
    ['money', '12.34', null],
    ['money', '12.345', '请输入正确的金额'],
    ['url', 'https://a.cn/x?y=1', null],
    ['url', 'a.cn', '请输入正确的网址'],
    ['*', '  ', '请输入字段!'],
    ['mobile', '12345', '请输入正确手机号'],
    ['qq', '123', '请输入正确的QQ号码'],
  ])('%s %j → %j', (code, value, message) => expect(err(code, value)).toBe(message));

  it('blank values pass the pattern presets', () => expect(err('m', '')).toBeNull());

  it('an unknown preset is a declaration error', () =>
    expect(() => presetRules('nope')).toThrow(/unknown rule preset/));

  it('required says 请输入 for typed and 请选择 for picked widgets, or the given message', () => {
    expect(requiredMessage({ label: '名称', widget: 'input', required: true })).toBe('请输入名称!');
    expect(requiredMessage({ label: '职级', widget: 'dict', required: true })).toBe('请选择职级!');
    expect(requiredMessage({ label: '部门', widget: 'depart', required: true })).toBe('请选择部门!');
    expect(requiredMessage({ label: 'x', required: '自定义' })).toBe('自定义');
    const rules = fieldRules({ field: 'name', label: '名称', required: true, rules: ['s'] }, ctx);
    expect(firstRuleError('', rules)).toBe('请输入名称!');
    expect(firstRuleError('a1', rules)).toBe('请输入正确的字母');
  });

  describe('remote checks', () => {
    let calls: URL[];
    let answer: { success: boolean; message: string };
    beforeEach(() => {
      calls = [];
      resetHttpState();
      configureHttp({ getToken: () => 'tok', getTenantId: () => null });
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
          calls.push(new URL(url, 'http://localhost'));
          return new Response(
            JSON.stringify({ ...answer, code: answer.success ? 0 : 500, result: null, timestamp: 1 }),
            {
              status: 200,
              headers: { 'content-type': 'application/json' },
            },
          );
        }),
      );
    });
    afterEach(() => vi.unstubAllGlobals());

    it('duplicate check sends tableName / fieldName / fieldVal / dataId; a taken value fails with the server message', async () => {
      answer = { success: false, message: '该值不可用，系统中已存在！' };
      await expect(duplicateCheck({ tableName: 'sys_position', fieldName: 'code' }, ' ceo ', 'p1')).resolves.toBe(
        '该值不可用，系统中已存在！',
      );
      const q = calls[0].searchParams;
      expect(calls[0].pathname).toMatch(/\/sys\/duplicate\/check$/);
      expect([q.get('tableName'), q.get('fieldName'), q.get('fieldVal'), q.get('dataId')]).toEqual([
        'sys_position',
        'code',
        'ceo',
        'p1',
      ]);
      answer = { success: true, message: '该值可用！' };
      await expect(duplicateCheck({ tableName: 't', fieldName: 'f' }, 'x')).resolves.toBeNull();
    });

    it('a blank value passes without a call', async () => {
      await expect(duplicateCheck({ tableName: 't', fieldName: 'f' }, '  ')).resolves.toBeNull();
      expect(calls).toHaveLength(0);
    });

    it('the field rules run the duplicate check and the check rule with the server message', async () => {
      answer = { success: false, message: '第一位只能是字母' };
      const rules = fieldRules({ field: 'code', label: '编码', checkRule: 'common' }, ctx);
      const validator = (rules[0] as { validator: (r: unknown, v: unknown) => Promise<void> }).validator;
      await expect(validator({}, '1ab')).rejects.toThrow('第一位只能是字母');
      expect(calls[0].pathname).toMatch(/\/sys\/checkRule\/checkByCode$/);
      expect(calls[0].searchParams.get('ruleCode')).toBe('common');
    });
  });
});

describe('permission hiding (spec 02 §6)', () => {
  const auth: PermissionEntry[] = [
    { action: 'position:add', type: '1' },
    { action: 'position:edit,position:delete', type: '1' },
  ];
  const allAuth: PermissionEntry[] = [{ action: 'position:export', type: '2', status: '1' }];
  const decide = (a: string) => can(a, { auth, allAuth });
  const schema = { auth: 'position' };

  it('the built-in operations follow prefix:op, explicit codes win, no code means no check', () => {
    expect(opCode(schema, 'deleteBatch')).toBe('position:deleteBatch');
    expect(opCode({ auth: 'dict', authCodes: { add: 'dict:items' } }, 'add')).toBe('dict:items');
    expect(opCode({}, 'add')).toBe('');
    expect(pageDecisions(schema, decide)).toEqual({
      add: 'allow',
      edit: 'allow',
      delete: 'allow',
      deleteBatch: 'deny',
      import: 'deny',
      export: 'disabled',
    });
  });

  it('row actions: denied ones hidden, built-ins checked with the page codes, `show` per row', () => {
    const actions: RowActionSchema<Row>[] = [
      { key: 'edit', label: '编辑', run: 'edit' },
      { key: 'freeze', label: '冻结', auth: 'position:freeze' },
      { key: 'child', label: '添加下级', run: 'addChild' },
      { key: 'only', label: '仅启用', show: (r) => r.status === 1 },
      { key: 'delete', label: '删除', run: 'delete', more: true },
    ];
    const keys = (row: Row) => visibleRowActions(actions, row, decide, schema).map((a) => a.action.key);
    expect(keys({ status: 1 })).toEqual(['edit', 'child', 'only', 'delete']);
    expect(keys({ status: 0 })).toEqual(['edit', 'child', 'delete']);
    const none = visibleRowActions(actions, {}, () => 'deny', schema).map((a) => a.action.key);
    expect(none).toEqual([]); // 'only' is hidden by its show, the rest by permission
  });

  it('toolbar actions: deny hides, disabled is kept with its decision', () => {
    const shown = visibleToolbar(
      [
        { key: 'a', label: 'a', auth: 'position:export' },
        { key: 'b', label: 'b', auth: 'nobody:has' },
        { key: 'c', label: 'c' },
      ],
      decide,
    );
    expect(shown.map((s) => [s.action.key, s.decision])).toEqual([
      ['a', 'disabled'],
      ['c', 'allow'],
    ]);
  });
});

describe('form values and save bodies', () => {
  const fields = [
    { field: 'name', label: '名称' },
    { field: 'note', label: '备注', widget: 'textarea' },
    { field: 'pwd', label: '密码', widget: 'password' },
    { field: 'code', label: '编码', submit: false },
  ];

  it('a record gives the declared fields, null as undefined', () => {
    expect(pickFormValues(fields, { id: '1', name: 'a', note: null, extra: 'x' })).toEqual({
      name: 'a',
      note: undefined,
      pwd: undefined,
      code: undefined,
    });
  });

  it('add: fixed parameters + trimmed text; edit adds the id; display-only fields are not sent', () => {
    const values = { name: ' a ', note: ' b ', pwd: ' p ', code: 'C' };
    expect(saveBody(fields, values, { record: null, mode: 'add', fixed: { dictId: 'd1' } })).toEqual({
      dictId: 'd1',
      name: 'a',
      note: 'b',
      pwd: ' p ',
    });
    expect(saveBody(fields, values, { record: { id: '9' }, mode: 'edit', fixed: {} })).toEqual({
      id: '9',
      name: 'a',
      note: 'b',
      pwd: ' p ',
    });
  });
});

describe('lazy tree rows (spec 02 §4)', () => {
  const hasKids = (r: Row) => r.hasChild === '1';
  const roots = [
    { id: 'a', name: 'A', hasChild: '1', pid: '0' },
    { id: 'b', name: 'B', hasChild: '0', pid: '0' },
  ];

  it('unloaded parents get a loading placeholder child, leaves none', () => {
    const rows = buildTreeRows(roots, {}, hasKids);
    expect(rows[0].children?.[0]).toMatchObject({ id: 'loading-a', name: LOADING_TEXT, kitPlaceholder: true });
    expect(rows[1].children).toBeUndefined();
  });

  it('loaded children replace the placeholder; none loaded makes a leaf', () => {
    const loaded = { a: [{ id: 'a1', name: 'A1', hasChild: '1', pid: 'a' }] };
    const rows = buildTreeRows(roots, loaded, hasKids);
    expect(rows[0].children?.map((c) => c.id)).toEqual(['a1']);
    expect(rows[0].children?.[0].children?.[0].kitPlaceholder).toBe(true);
    expect(buildTreeRows(roots, { a: [] }, hasKids)[0].children).toBeUndefined();
  });

  it('after a change under a node: the node and its parent are reloaded, never the root', () => {
    const loaded = { a: [{ id: 'a1', pid: 'a' }], a1: [{ id: 'a11', pid: 'a1' }] };
    expect(parentsToRefresh('a1', loaded)).toEqual(['a1', 'a']);
    expect(parentsToRefresh('a', loaded)).toEqual(['a']);
    expect(parentsToRefresh('0', loaded)).toEqual([]);
  });
});

describe('required on non-text widgets', () => {
  it('a number is a value (blanks only count as empty in text widgets)', async () => {
    const ctx: FormContext<Row> = { record: null, mode: 'add', fixed: {} };
    const rules = fieldRules({ field: 'id', label: '编号', widget: 'number', required: true }, ctx);
    expect(rules[0]).toEqual({ required: true, message: '请输入编号!' }); // a string check would refuse 12
    const text = fieldRules({ field: 'name', label: '名称', required: true }, ctx);
    expect(text[0]).toMatchObject({ whitespace: true });
  });
});

describe('form layout', () => {
  it('half-width controls end where full-width controls end', async () => {
    const { wrapperOf } = await import('./SchemaForm');
    // label 5 + 18: a half field gets label 10 + 12 of its half → ends at 12 + (10 + 12) / 2 = 23 of 24
    expect(wrapperOf(24, 5, 5, 18)).toBe(18);
    expect(wrapperOf(12, 10, 5, 18)).toBe(12);
    // the user form: label 3 + 20 → half fields label 6 + 16
    expect(wrapperOf(12, 6, 3, 20)).toBe(16);
  });
});
