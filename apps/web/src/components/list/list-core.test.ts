import { describe, expect, it } from 'vitest';
import {
  applySelection,
  buildExportParams,
  buildListQuery,
  filtersToParams,
  pageAfterDelete,
  readListResult,
  removeFromSelection,
  sorterToSort,
  stripEmpty,
  wrapSearchValue,
} from './list-core';

describe('stripEmpty (spec 02 §3: empty values stripped)', () => {
  it.each([
    ['undefined', { a: undefined }, {}],
    ['null', { a: null }, {}],
    ['empty string', { a: '' }, {}],
    ['blank string', { a: '   ' }, {}],
    ['empty array', { a: [] }, {}],
    ['array of blanks', { a: ['', null] }, {}],
    ['NaN', { a: Number.NaN }, {}],
    ['string trimmed', { a: ' x ' }, { a: 'x' }],
    ['zero kept', { a: 0 }, { a: 0 }],
    ['false kept', { a: false }, { a: false }],
    ['array joined', { a: ['1', '', 2] }, { a: '1,2' }],
    ['dayjs-like formatted', { a: { format: (t: string) => `F(${t})` } }, { a: 'F(YYYY-MM-DD HH:mm:ss)' }],
  ])('%s', (_name, input, expected) => {
    expect(stripEmpty(input as Record<string, unknown>)).toEqual(expected);
  });

  it('null input is an empty query', () => {
    expect(stripEmpty(null)).toEqual({});
  });
});

describe('sorterToSort (antd sorter → column/order)', () => {
  const def = { column: 'createTime', order: 'desc' as const };
  it.each([
    ['descend → desc', { field: 'username', order: 'descend' as const }, { column: 'username', order: 'desc' }],
    ['ascend → asc', { field: 'username', order: 'ascend' as const }, { column: 'username', order: 'asc' }],
    ['cleared → default', { field: 'username', order: null }, def],
    ['no sorter → default', undefined, def],
    ['nested dataIndex joined', { field: ['a', 'b'], order: 'ascend' as const }, { column: 'a.b', order: 'asc' }],
    ['columnKey fallback', { columnKey: 'sex', order: 'descend' as const }, { column: 'sex', order: 'desc' }],
  ])('%s', (_name, sorter, expected) => {
    expect(sorterToSort(sorter, def)).toEqual(expected);
  });

  it('takes the first ordered sorter of a multi-sort', () => {
    expect(
      sorterToSort(
        [
          { field: 'a', order: null },
          { field: 'b', order: 'ascend' },
        ],
        def,
      ),
    ).toEqual({ column: 'b', order: 'asc' });
  });

  it('a page default sort is used when given', () => {
    expect(sorterToSort(undefined, { column: 'sortNo', order: 'asc' })).toEqual({ column: 'sortNo', order: 'asc' });
  });
});

describe('buildListQuery', () => {
  it('defaults: createTime desc, page 1, size 10', () => {
    expect(buildListQuery({})).toEqual({ column: 'createTime', order: 'desc', pageNo: 1, pageSize: 10 });
  });

  it('merges form values, filters and fixed params (fixed params win), strips empties', () => {
    const q = buildListQuery({
      queryParams: { username: 'adm', realname: '', status: '1' },
      filters: { sex: ['1', '2'], post: null },
      fixedParams: { status: '2', departId: 'd1', empty: '' },
      sort: { column: 'username', order: 'asc' },
      pageNo: 3,
      pageSize: 20,
    });
    expect(q).toEqual({
      username: 'adm',
      status: '2',
      sex: '1,2',
      departId: 'd1',
      column: 'username',
      order: 'asc',
      pageNo: 3,
      pageSize: 20,
    });
  });

  it('adds the advanced query URL-encoded with match type and', () => {
    const params = [{ field: 'realname', rule: 'like', val: '管理' }];
    const q = buildListQuery({ superQuery: { params } });
    expect(q.superQueryParams).toBe(encodeURI(JSON.stringify(params)));
    expect(q.superQueryMatchType).toBe('and');
    expect(buildListQuery({ superQuery: { params: [] } }).superQueryParams).toBeUndefined();
  });

  it('paging is never below 1', () => {
    expect(buildListQuery({ pageNo: 0, pageSize: 0 })).toMatchObject({ pageNo: 1, pageSize: 1 });
  });
});

describe('filtersToParams', () => {
  it('joins values and drops empty filters', () => {
    expect(filtersToParams({ a: ['x', 1], b: [], c: null })).toEqual({ a: 'x,1' });
  });
});

describe('buildExportParams', () => {
  it('drops paging, keeps query and sort, adds selections', () => {
    const q = buildListQuery({ queryParams: { name: 'a' }, pageNo: 2 });
    expect(buildExportParams(q, ['1', '2'])).toEqual({
      name: 'a',
      column: 'createTime',
      order: 'desc',
      selections: '1,2',
    });
    expect(buildExportParams(q, [])).not.toHaveProperty('selections');
  });
});

describe('wrapSearchValue (spec 02 §5)', () => {
  it.each([
    ['like', 'ab', '*ab*'],
    ['ne', 'ab', '!ab'],
    ['ge', '5', '>=5'],
    ['le', '5', '<=5'],
    ['eq', 'ab', 'ab'],
    ['gt', '5', '5'],
    [undefined, 'ab', 'ab'],
    ['like', '', ''],
    ['like', null, ''],
  ])('%s %s → %s', (rule, value, expected) => {
    expect(wrapSearchValue(rule, value)).toBe(expected);
  });
});

describe('readListResult (paged or plain array)', () => {
  it.each([
    ['page', { records: [{ id: 1 }], total: 11 }, { records: [{ id: 1 }], total: 11 }],
    ['plain array', [{ id: 1 }, { id: 2 }], { records: [{ id: 1 }, { id: 2 }], total: 2 }],
    ['null', null, { records: [], total: 0 }],
    ['string total', { records: [], total: '7' }, { records: [], total: 7 }],
    ['no total', { records: [{ id: 1 }] }, { records: [{ id: 1 }], total: 1 }],
  ])('%s', (_n, result, expected) => {
    expect(readListResult(result)).toEqual(expected);
  });
});

describe('pageAfterDelete (page pulled back when it becomes empty)', () => {
  it.each([
    // current, size, total, removed → page
    [3, 10, 21, 1, 2],
    [3, 10, 22, 1, 3],
    [3, 10, 30, 10, 2],
    [1, 10, 1, 1, 1],
    [5, 10, 45, 30, 2],
    [2, 20, 40, 0, 2],
  ])('page %i size %i total %i minus %i → %i', (current, size, total, removed, expected) => {
    expect(pageAfterDelete(current, size, total, removed)).toBe(expected);
  });
});

describe('selection bookkeeping', () => {
  const a = { id: 'a' };
  const b = { id: 'b' };
  const c = { id: 'c' };

  it('keeps rows of other pages that antd no longer passes', () => {
    const first = applySelection({ keys: [], rows: [] }, ['a', 'b'], [a, b], 'id');
    const next = applySelection(first, ['a', 'b', 'c'], [undefined, undefined, c], 'id');
    expect(next).toEqual({ keys: ['a', 'b', 'c'], rows: [a, b, c] });
  });

  it('deselection drops the row; duplicate keys collapse', () => {
    const s = applySelection({ keys: ['a', 'b'], rows: [a, b] }, ['b', 'b'], [b], 'id');
    expect(s).toEqual({ keys: ['b'], rows: [b] });
  });

  it('removeFromSelection drops deleted keys (number/string alike)', () => {
    const s = removeFromSelection({ keys: ['a', 1, 'c'], rows: [a, { id: 1 }, c] }, ['1', 'c'], 'id');
    expect(s).toEqual({ keys: ['a'], rows: [a] });
  });
});
