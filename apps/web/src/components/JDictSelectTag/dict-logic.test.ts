import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpState } from '../../api/http';
import { useDictStore } from '../../stores/dict';
import { clearDictMemo, dictText, joinValue, loadDictItems, normalizeItems, splitValue } from './dict-logic';

describe('normalizeItems', () => {
  it('takes text, else label, else title, else the value; values become strings; items without value dropped', () => {
    expect(
      normalizeItems([
        { value: '1', text: '男' },
        { value: 2 as unknown as string, label: '女' },
        { value: '3', title: '未知' },
        { value: '4' },
        { text: 'x' },
      ]),
    ).toEqual([
      { value: '1', text: '男', disabled: undefined },
      { value: '2', text: '女', disabled: undefined },
      { value: '3', text: '未知', disabled: undefined },
      { value: '4', text: '4', disabled: undefined },
    ]);
  });
});

describe('split / join / text of multi-values', () => {
  const items = [
    { value: '1', text: '男' },
    { value: '2', text: '女' },
  ];
  it.each([
    [undefined, []],
    ['', []],
    ['1', ['1']],
    ['1, 2,', ['1', '2']],
    [3, ['3']],
    [
      ['1', '2,3'],
      ['1', '2', '3'],
    ],
  ])('splitValue(%j)', (v, expected) => {
    expect(splitValue(v)).toEqual(expected);
  });
  it.each([
    [[], undefined],
    [['1', ''], '1'],
    [['1', 2], '1,2'],
  ])('joinValue(%j)', (v, expected) => {
    expect(joinValue(v)).toBe(expected);
  });
  it.each([
    ['1', '男'],
    ['1,2', '男,女'],
    ['1,9', '男,9'],
    [2, '女'],
    [null, ''],
  ])('dictText(%j) = %j', (v, expected) => {
    expect(dictText(items, v)).toBe(expected);
  });
});

describe('loadDictItems (local cache first, then getDictItems)', () => {
  let urls: string[];
  beforeEach(() => {
    urls = [];
    clearDictMemo();
    useDictStore.getState().clear();
    resetHttpState();
    configureHttp({ getToken: () => 'tok', getTenantId: () => null });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(
          JSON.stringify({ success: true, code: 0, message: '', result: [{ value: '1', text: '正常' }], timestamp: 1 }),
          { headers: { 'content-type': 'application/json' } },
        );
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('empty code rejects with 字典Code不能为空!', async () => {
    await expect(loadDictItems('')).rejects.toThrow('字典Code不能为空!');
    expect(urls).toHaveLength(0);
  });

  it('uses the cache without a request', async () => {
    useDictStore.getState().setAll({ sex: [{ value: '1', text: '男', title: '男', label: '男' }] });
    expect(await loadDictItems('sex')).toEqual([{ value: '1', text: '男', disabled: undefined }]);
    expect(urls).toHaveLength(0);
  });

  it('asks the server once for concurrent lookups of an uncached code', async () => {
    const [a, b] = await Promise.all([loadDictItems('user_status'), loadDictItems('user_status')]);
    expect(a).toEqual([{ value: '1', text: '正常', disabled: undefined }]);
    expect(b).toBe(a);
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/\/jeecg-boot\/sys\/dict\/getDictItems\/user_status$/);
  });
});
