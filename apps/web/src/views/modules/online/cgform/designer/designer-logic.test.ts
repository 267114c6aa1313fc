import { describe, expect, it } from 'vitest';
import { fkColumns } from './designer-columns';
import {
  buildSaveBody,
  defaultFields,
  defaultHead,
  ensureTreeFields,
  fieldsToRows,
  identError,
  joinValidType,
  removedIds,
  rowsToFieldRows,
  splitValidType,
  syncLosses,
  themeRoute,
  validateDesign,
} from './designer-logic';

describe('default system columns', () => {
  it('a new definition starts with JeecgBoot’s six system columns, id the only key', () => {
    const f = defaultFields();
    expect(f.map((x) => x.dbFieldName)).toEqual([
      'id',
      'create_by',
      'create_time',
      'update_by',
      'update_time',
      'sys_org_code',
    ]);
    expect(f.filter((x) => x.dbIsKey === 1).map((x) => x.dbFieldName)).toEqual(['id']);
    expect(f[0]).toMatchObject({ dbLength: 36, dbIsNull: 0, isShowForm: 0, isShowList: 0 });
    expect(f.find((x) => x.dbFieldName === 'create_time')).toMatchObject({
      dbType: 'Datetime',
      fieldShowType: 'datetime',
    });
    expect(f.map((x) => x.orderNum)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('theme → route of 功能测试', () => {
  const h = (over: Record<string, unknown>) => ({
    id: 'abc',
    tableType: 1,
    isTree: 'N',
    themeTemplate: 'normal',
    ...over,
  });
  it('maps single, tree and the main-table themes', () => {
    expect(themeRoute(h({}))).toBe('/online/cgformList/abc');
    expect(themeRoute(h({ isTree: 'Y' }))).toBe('/online/cgformTreeList/abc');
    expect(themeRoute(h({ tableType: 2, themeTemplate: 'erp' }))).toBe('/online/cgformErpList/abc');
    expect(themeRoute(h({ tableType: 2, themeTemplate: 'tab' }))).toBe('/online/cgformTabList/abc');
    expect(themeRoute(h({ tableType: 2, themeTemplate: 'innerTable' }))).toBe('/online/cgformInnerTableList/abc');
    expect(themeRoute(h({ tableType: 2, themeTemplate: 'normal' }))).toBe('/online/cgformList/abc');
    // a theme only counts for a main table
    expect(themeRoute(h({ tableType: 3, themeTemplate: 'erp' }))).toBe('/online/cgformList/abc');
  });
});

describe('identifier checks', () => {
  it('accepts lower-case identifiers and rejects the rest in Chinese', () => {
    expect(identError('表名', 'test_demo1')).toBeNull();
    expect(identError('表名', '')).toBe('表名不能为空');
    expect(identError('表名', 'Demo')).toMatch(/须以小写字母开头/);
    expect(identError('字段名', '1abc')).toMatch(/字段名「1abc」/);
    expect(identError('字段名', 'a;drop table x')).not.toBeNull();
    expect(identError('索引名', `a${'b'.repeat(62)}`)).toBeNull();
    expect(identError('索引名', `a${'b'.repeat(63)}`)).not.toBeNull();
  });

  it('validateDesign lists every problem a user has to fix', () => {
    const fields = defaultFields();
    expect(validateDesign({ tableName: 'demo_a', tableTxt: '演示' }, fields, [])).toEqual([]);
    const errs = validateDesign(
      { tableName: 'Bad', tableTxt: ' ' },
      [...fields, { ...fields[1], dbFieldName: 'create_by' }, { ...fields[1], dbFieldName: 'X', dbFieldTxt: '' }],
      [{ indexName: 'idx', indexField: 'nope' }],
    );
    expect(errs).toContain('表描述不能为空');
    expect(errs.some((e) => e.startsWith('表名「Bad」'))).toBe(true);
    expect(errs).toContain('字段名「create_by」重复');
    expect(errs.some((e) => e.includes('第8行：字段名「X」'))).toBe(true);
    expect(errs).toContain('第8行：字段备注不能为空');
    expect(errs).toContain('索引第1行：字段「nope」不存在');
    expect(validateDesign({ tableName: 'a', tableTxt: 'b' }, fields.slice(1), [])).toContain('必须有主键字段 id');
    expect(validateDesign({ tableName: 'a', tableTxt: 'b', tableType: 3 }, fields, [])).toContain(
      '附表须在「外键」中设置主表和主表字段',
    );
  });
});

describe('校验字段 presets and custom patterns', () => {
  it('splits and joins a stored valid type', () => {
    expect(splitValidType('m')).toEqual({ validPreset: 'm', validRegex: '' });
    expect(splitValidType('^\\d{3}$')).toEqual({ validPreset: 'custom', validRegex: '^\\d{3}$' });
    expect(splitValidType(null)).toEqual({ validPreset: '', validRegex: '' });
    expect(joinValidType('e', '')).toEqual({ value: 'e' });
    expect(joinValidType('custom', '^a+$')).toEqual({ value: '^a+$' });
    expect(joinValidType('custom', '(')).toMatchObject({ error: '正则表达式「(」不正确' });
    expect(joinValidType('custom', '')).toMatchObject({ error: '自定义正则不能为空' });
    const { rows, errors } = rowsToFieldRows([{ dbFieldName: 'a', validPreset: 'custom', validRegex: '[' }]);
    expect(errors).toEqual(['第1行：正则表达式「[」不正确']);
    expect(rows[0]).not.toHaveProperty('validPreset');
  });
});

describe('save body', () => {
  it('a new definition: head normalised, fields in table order, no delete ids', () => {
    const rows = fieldsToRows(defaultFields());
    rows.push({
      id: '_jvxeabc_1_temp',
      dbFieldName: ' name ',
      dbFieldTxt: '名称',
      dbLength: '50',
      fieldShowType: 'list',
      dictField: 'sex',
    });
    const body = buildSaveBody({ ...defaultHead(), tableName: 'demo_a', tableTxt: '演示', isTree: 'Y' }, rows, []);
    expect(body.head).toMatchObject({ tableName: 'demo_a', tableType: 1, isTree: 'Y', queryMode: 'single' });
    expect(body.head).not.toHaveProperty('id');
    const last = body.fields[6];
    expect(last).not.toHaveProperty('id');
    expect(last).toMatchObject({
      dbFieldName: 'name',
      dbLength: 50,
      orderNum: 6,
      dictField: 'sex',
      dbIsKey: 0,
      dbIsNull: 1,
    });
    expect(last.dictTable).toBeNull();
    expect(body.deleteFieldIds).toBeUndefined();
  });

  it('an edit: the head id and the ids of removed fields and indexes', () => {
    const orig = defaultFields().map((f, i) => ({ ...f, id: `f${i}` }));
    const rows = fieldsToRows(orig).filter((r) => r.id !== 'f5');
    const body = buildSaveBody(
      { tableName: 'demo_a', tableTxt: 'x', tableType: 2, themeTemplate: 'erp', isTree: 'Y' },
      rows,
      [{ id: 'i2', indexName: 'idx_b', indexField: ['create_by', 'create_time'], indexType: 'unique' }],
      {
        id: 'h1',
        fields: orig,
        indexes: [
          { id: 'i1', indexName: 'idx_a', indexField: 'id', indexType: 'normal' },
          { id: 'i2', indexName: 'idx_b', indexField: 'create_by', indexType: 'normal' },
        ],
      },
    );
    expect(body.head).toMatchObject({ id: 'h1', tableType: 2, themeTemplate: 'erp', isTree: 'N' });
    expect(body.deleteFieldIds).toBe('f5');
    expect(body.deleteIndexIds).toBe('i1');
    expect(body.indexs).toEqual([
      { id: 'i2', indexName: 'idx_b', indexField: 'create_by,create_time', indexType: 'unique' },
    ]);
    expect(removedIds([{ id: 'a' }, { id: 'b' }], [{ id: 'b' }, { id: 'x_temp' }])).toEqual(['a']);
  });

  it('a tree definition gets pid and has_child once', () => {
    const once = ensureTreeFields(fieldsToRows(defaultFields()));
    expect(once.map((r) => r.dbFieldName).slice(-2)).toEqual(['pid', 'has_child']);
    expect(ensureTreeFields(once)).toHaveLength(once.length);
  });
});

describe('sync losses', () => {
  it('reads the lines of a refused destructive sync, null for a plain error', () => {
    expect(syncLosses(['删除字段 a'])).toEqual(['删除字段 a']);
    expect(syncLosses({ lost: [{ message: '字段 b 将被删除' }] })).toEqual(['字段 b 将被删除']);
    expect(syncLosses(null)).toBeNull();
    expect(syncLosses({ lost: [] })).toBeNull();
  });
});

describe('外键 columns', () => {
  it('pick the main table from the main-table definitions, or type it when there are none', () => {
    const pick = fkColumns(['test_order_main']).find((c) => c.key === 'mainTable');
    expect(pick).toMatchObject({ type: 'select', options: [{ value: 'test_order_main', text: 'test_order_main' }] });
    expect(fkColumns([]).find((c) => c.key === 'mainTable')?.type).toBe('input');
  });
});
