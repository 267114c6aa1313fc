// biome-ignore-all lint/suspicious/noTemplateCurlyInString: rule messages substitute ${title}
import { describe, expect, it } from 'vitest';
import '../cells/basic';
import type { JVxeColumn } from '../types';
import { GridStore, isTempId } from './store';
import { insertIndex, readAddSetting, saveAddSetting } from './toolbar-logic';
import { rulePattern, validateValue } from './validate';

const COLUMNS: JVxeColumn[] = [
  { key: 'name', title: '名称', type: 'input', validateRules: [{ required: true }] },
  { key: 'code', title: '编码', type: 'input', validateRules: [{ unique: true }] },
  { key: 'num', title: '数量', type: 'inputNumber', statistics: ['sum', 'average'], defaultValue: 1 },
  { key: 'ok', title: '启用', type: 'checkbox', customValue: ['Y', 'N'], defaultChecked: true },
  { key: 'day', title: '日期', type: 'date' },
  { key: 'orderNum', title: '排序', type: 'normal' },
];

function store(
  rows = [
    { id: 'a', name: '甲', code: 'A', num: 1, orderNum: 1 },
    { id: 'b', name: '乙', code: 'B', num: 2, orderNum: 2 },
    { id: 'c', name: '丙', code: 'C', num: 3, orderNum: 3 },
  ],
) {
  const s = new GridStore();
  s.setColumns(COLUMNS);
  s.sortOn = true;
  s.setData(rows);
  return s;
}

const ids = (s: GridStore) => s.rows.map((r) => r.id);

describe('rows', () => {
  it('add n rows at a position with defaults and temporary ids; output strips the temp ids', () => {
    const s = store();
    const added = s.addRows(2, 1);
    expect(added).toHaveLength(2);
    expect(ids(s)[0]).toBe('a');
    expect(ids(s)[3]).toBe('b');
    expect(isTempId(added[0]?.id)).toBe(true);
    expect(String(added[0]?.id)).toMatch(/^_jvxe[a-z0-9]{8}_\d+_temp$/);
    expect(added[0]?.num).toBe(1);
    expect(added[0]?.ok).toBe('Y');
    // the sort key follows the order
    expect(s.rows.map((r) => r.orderNum)).toEqual([1, 2, 3, 4, 5]);
    const out = s.outputRows();
    expect(out[1]).not.toHaveProperty('id');
    expect(out[0]?.id).toBe('a');
    expect(out.every((r) => !isTempId(r.id))).toBe(true);
  });

  it('addRows without index appends; given rows keep their values', () => {
    const s = store();
    s.addRows([{ name: '丁' }]);
    expect(s.rows[3]?.name).toBe('丁');
    expect(s.rows).toHaveLength(4);
  });

  it('removing saved rows reports them as deleted, inserted rows are not', () => {
    const s = store();
    const [tmp] = s.addRows(1);
    s.selected.add('b');
    s.removeRows(['b', String(tmp?.id)]);
    expect(ids(s)).toEqual(['a', 'c']);
    expect(s.deletedIds()).toEqual(['b']);
    expect(s.selected.size).toBe(0);
    expect(s.rows.map((r) => r.orderNum)).toEqual([1, 2]);
  });

  it('drag sort moves a row and recalculates the sort key', () => {
    const s = store();
    s.moveRow(0, 2);
    expect(ids(s)).toEqual(['b', 'c', 'a']);
    expect(s.rows.map((r) => r.orderNum)).toEqual([1, 2, 3]);
    expect(s.rowById('a')?.orderNum).toBe(3);
    s.sortKey = 'sortNo';
    s.moveRow(2, 0);
    expect(s.rows.map((r) => r.sortNo)).toEqual([1, 2, 3]);
  });

  it('without drag sort a sort-key column is left as the user set it', () => {
    const s = store();
    s.sortOn = false;
    s.setCell('a', 'orderNum', 9);
    s.addRows(1, 0);
    expect(s.rowById('a')?.orderNum).toBe(9);
  });

  it('statistics sum and average follow edits', () => {
    const s = store();
    expect(s.statistics('num', 'sum')).toBe(6);
    expect(s.statistics('num', 'average')).toBe(2);
    s.setCell('a', 'num', 10);
    expect(s.statistics('num', 'sum')).toBe(15);
    expect(s.statistics('num', 'average')).toBe(5);
  });

  it('an edit replaces only the edited row object', () => {
    const s = store();
    const [a, b] = s.rows;
    s.setCell('a', 'name', '新');
    expect(s.rows[0]).not.toBe(a);
    expect(s.rows[1]).toBe(b);
    expect(s.getCell('a', 'name')).toBe('新');
  });

  it('setData clears deleted ids, selection and errors', () => {
    const s = store();
    s.removeRows(['a']);
    s.selected.add('b');
    s.setError('b', 'name', 'x');
    s.setData([{ id: 1, name: 'n' }]);
    expect(s.deletedIds()).toEqual([]);
    expect(s.selected.size).toBe(0);
    expect(s.errors.size).toBe(0);
    expect(s.rows[0]?.id).toBe('1');
  });

  it('reload effect keeps the old row for 1 400 ms', () => {
    const s = store();
    s.reloadRows([{ id: 'a', name: '新甲' }], 1400, 1000);
    expect(s.rowById('a')?.name).toBe('新甲');
    expect(s.reloaded.get('a')?.old.name).toBe('甲');
    expect(s.expireReloads(2399)).toBe(false);
    expect(s.expireReloads(2400)).toBe(true);
    expect(s.reloaded.size).toBe(0);
  });

  it('paste of tab-separated text parses per cell, skips read-only columns, adds rows past the end', () => {
    const s = store();
    const n = s.paste('x1\tX1\t5\tfalse\t2024-1-2\n\tX2\tabc\t1\t', 2, 'name', (c) => c.type !== 'normal');
    expect(n).toBe(2);
    expect(s.rows).toHaveLength(4);
    expect(s.rows[2]).toMatchObject({ id: 'c', name: 'x1', code: 'X1', num: 5, ok: 'N', day: '2024-01-02' });
    expect(s.rows[3]).toMatchObject({ name: '', code: 'X2', num: '', ok: 'Y' });
    expect(isTempId(s.rows[3]?.id)).toBe(true);
  });
});

describe('validation', () => {
  it('required, unique and first error in row order; errors marked on every invalid cell', async () => {
    const s = store();
    s.setCell('b', 'name', '');
    s.setCell('c', 'code', 'A');
    const err = await s.validateAll();
    expect(err).toMatchObject({ rowId: 'a', key: 'code', message: '编码不能重复' });
    expect(s.errorOf('b', 'name')).toBe('名称不能为空');
    expect(s.errorOf('c', 'code')).toBe('编码不能重复');
    s.setCell('c', 'code', 'Z');
    s.recheckUnique('code', ['A', 'Z']);
    expect(s.errorOf('a', 'code')).toBeUndefined();
  });

  it('presets and messages', () => {
    const c = (pattern: string, message?: string): JVxeColumn => ({
      key: 'v',
      title: '值',
      type: 'input',
      validateRules: [{ pattern, message }],
    });
    const ctx = { row: {}, rowIndex: 0, rows: [] };
    expect(validateValue('13912345678', c('m'), ctx)).toBeNull();
    expect(validateValue('12912345678', c('m', '请输入正确手机号'), ctx)).toBe('请输入正确手机号');
    expect(validateValue('a@b.cn', c('e'), ctx)).toBeNull();
    expect(validateValue('ab', c('e'), ctx)).toBe('值必须是电子邮件');
    expect(validateValue('12.345', c('money'), ctx)).toBe('值必须是金额');
    expect(validateValue('12.34', c('money'), ctx)).toBeNull();
    expect(validateValue('1.5', c('z'), ctx)).toBe('值必须是整数');
    expect(validateValue('-1.5', c('n'), ctx)).toBeNull();
    expect(validateValue('123456', c('n6-16'), ctx)).toBeNull();
    expect(validateValue('12345', c('n6-16'), ctx)).not.toBeNull();
    expect(validateValue('abcdef', c('s6-18'), ctx)).toBeNull();
    expect(validateValue('https://a.cn/x', c('url'), ctx)).toBeNull();
    expect(validateValue('100000', c('p'), ctx)).toBeNull();
    expect(validateValue('', c('m'), ctx)).toBeNull();
    expect(validateValue('abc', c('^a\\w+$'), ctx)).toBeNull();
    expect(validateValue('xbc', c('^a\\w+$', '${title}须以a开头'), ctx)).toBe('值须以a开头');
    expect(rulePattern('/^x$/i')?.test('X')).toBe(true);
    expect(rulePattern('(')).toBeNull();
  });

  it('custom handler, sync and async; async rejects the collection', async () => {
    const col: JVxeColumn = {
      key: 'v',
      title: '值',
      type: 'input',
      validateRules: [
        { handler: ({ value }) => (value === 'bad' ? '不可以是bad' : undefined) },
        { handler: async ({ value }) => (value === 'slow' ? '服务器说不行' : undefined) },
      ],
    };
    const ctx = { row: {}, rowIndex: 0, rows: [] };
    expect(validateValue('bad', col, ctx)).toBe('不可以是bad');
    await expect(validateValue('slow', col, ctx)).resolves.toBe('服务器说不行');
    await expect(validateValue('fine', col, ctx)).resolves.toBeNull();
    const s = new GridStore();
    s.setColumns([col]);
    s.setData([
      { id: '1', v: 'ok' },
      { id: '2', v: 'slow' },
    ]);
    const err = await s.validateAll();
    expect(err).toMatchObject({ rowId: '2', message: '服务器说不行' });
  });

  it('the editor draft is checked without recording an error', () => {
    const s = store();
    expect(s.checkCell('a', 'code', 'B')).toBe('编码不能重复');
    expect(s.errorOf('a', 'code')).toBeUndefined();
    expect(s.validateCell('a', 'name', '', true)).toBe('名称不能为空');
    expect(s.errorOf('a', 'name')).toBe('名称不能为空');
  });
});

describe('add-row settings', () => {
  it('count min 1, position 0..n (0 = bottom), kept in storage', () => {
    const mem = new Map<string, string>();
    const storage = {
      getItem: (k: string) => mem.get(k) ?? null,
      setItem: (k: string, v: string) => void mem.set(k, v),
    } as unknown as Storage;
    expect(readAddSetting('k', storage)).toEqual({ count: 1, position: 0 });
    expect(saveAddSetting('k', { count: 0, position: -2 }, storage)).toEqual({ count: 1, position: 0 });
    saveAddSetting('k', { count: 3, position: 2 }, storage);
    expect(readAddSetting('k', storage)).toEqual({ count: 3, position: 2 });
    expect(insertIndex(0, 5)).toBe(5);
    expect(insertIndex(1, 5)).toBe(0);
    expect(insertIndex(3, 5)).toBe(2);
    expect(insertIndex(9, 5)).toBe(5);
  });
});
