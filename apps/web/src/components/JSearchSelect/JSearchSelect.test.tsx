import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpState } from '../../api/http';
import { useDictStore } from '../../stores/dict';
import { bindFeedback, type Feedback } from '../../utils/feedback';
import { clearDictMemo } from '../JDictSelectTag';
import { installMatchMedia } from '../list/test-dom';
import { isTableDict, JSearchSelect, mergeOptions, notFoundText, searchDelay, useSearchSelect } from '.';

installMatchMedia();
vi.setConfig({ testTimeout: 20_000 });
type Call = { url: URL; headers: Record<string, string> };
let calls: Call[];
let answer: (u: URL) => unknown;
const fb = { message: { warning: vi.fn() }, notification: { error: vi.fn() }, modal: {} };
const ok = (result: unknown) => ({ success: true, code: 0, message: '', result, timestamp: 1 });
const DICT = 'sys_user,realname,username';

beforeEach(() => {
  calls = [];
  fb.message.warning.mockClear();
  clearDictMemo();
  useDictStore.getState().clear();
  resetHttpState();
  bindFeedback(fb as unknown as Feedback);
  configureHttp({ getToken: () => 'tok', getTenantId: () => null });
  answer = (u) => {
    if (u.pathname.includes('/loadDictItem/')) return ok(['管理员']);
    const kw = u.searchParams.get('keyword') ?? '';
    const all = [
      { value: 'admin', text: '管理员' },
      { value: 'jeecg', text: 'jeecg' },
    ];
    return ok(all.filter((o) => o.text.includes(kw) || o.value.includes(kw)));
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const u = new URL(url, 'http://localhost');
      calls.push({ url: u, headers: init.headers as Record<string, string> });
      return new Response(JSON.stringify(answer(u)), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const searches = () => calls.filter((c) => c.url.pathname.includes('/loadDict/'));

describe('search-logic', () => {
  it.each([
    ['sex', false],
    [DICT, true],
    ['', false],
  ])('isTableDict(%j) = %j', (d, v) => expect(isTableDict(d)).toBe(v));
  it('debounce: 300 ms, 800 ms when async', () => {
    expect(searchDelay(false)).toBe(300);
    expect(searchDelay(true)).toBe(800);
  });
  it.each([
    [{ loading: true, keyword: '', async: true }, null],
    [{ loading: false, keyword: ' ', async: true }, '请输入搜索内容'],
    [{ loading: false, keyword: 'x', async: true }, '没有查询到任何数据'],
    [{ loading: false, keyword: '', async: false }, '没有查询到任何数据'],
  ])('notFoundText(%j)', (input, expected) => expect(notFoundText(input)).toBe(expected));
  it('mergeOptions keeps the first of each value', () => {
    expect(
      mergeOptions(
        [{ value: 'a', text: 'A' }],
        [
          { value: 'a', text: 'x' },
          { value: 'b', text: 'B' },
        ],
      ),
    ).toEqual([
      { value: 'a', text: 'A' },
      { value: 'b', text: 'B' },
    ]);
  });
});

describe('useSearchSelect', () => {
  it('a synchronous table dict loads the first page (signed, pageSize 10) and searches after 300 ms', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useSearchSelect({ dict: DICT }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(searches()).toHaveLength(1);
    const first = searches()[0];
    expect(first.url.pathname).toBe('/jeecg-boot/sys/dict/loadDict/sys_user,realname,username');
    expect(first.url.searchParams.get('pageSize')).toBe('10');
    expect(first.url.searchParams.get('keyword')).toBe('');
    expect(first.headers['X-Sign']).toBeTruthy();
    expect(first.headers['X-TIMESTAMP']).toBeTruthy();
    expect(result.current.options).toHaveLength(2);

    act(() => result.current.onSearch('j'));
    act(() => result.current.onSearch('jee'));
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(searches()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(searches()).toHaveLength(2);
    expect(searches()[1].url.searchParams.get('keyword')).toBe('jee');
    expect(result.current.options).toEqual([{ value: 'jeecg', text: 'jeecg' }]);
  });

  it('async: nothing before typing (请输入搜索内容), 800 ms debounce, no hit → 没有查询到任何数据', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useSearchSelect({ dict: DICT, async: true }));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(searches()).toHaveLength(0);
    expect(result.current.notFound).toBe('请输入搜索内容');
    act(() => result.current.onSearch('zzz'));
    await act(() => vi.advanceTimersByTimeAsync(799));
    expect(searches()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(searches()).toHaveLength(1);
    expect(result.current.options).toEqual([]);
    expect(result.current.notFound).toBe('没有查询到任何数据');
  });

  it('the text of a stored value comes from loadDictItem', async () => {
    const { result } = renderHook(() => useSearchSelect({ dict: DICT, async: true, value: 'admin' }));
    await waitFor(() => expect(result.current.options).toEqual([{ value: 'admin', text: '管理员' }]));
    const item = calls.find((c) => c.url.pathname.includes('/loadDictItem/'));
    expect(item?.url.searchParams.get('key')).toBe('admin');
  });

  it('a failed search shows the server message as a warning', async () => {
    answer = () => ({ success: false, code: 500, message: '字典表不存在', result: null, timestamp: 1 });
    renderHook(() => useSearchSelect({ dict: DICT }));
    await waitFor(() => expect(fb.message.warning).toHaveBeenCalledWith('字典表不存在'));
  });

  it('a plain dictionary code uses the dictionary items and no server search', async () => {
    useDictStore.getState().setAll({ sex: [{ value: '1', text: '男', title: '男', label: '男' }] });
    const { result } = renderHook(() => useSearchSelect({ dict: 'sex' }));
    expect(result.current.options).toEqual([{ value: '1', text: '男', disabled: undefined }]);
    act(() => result.current.onSearch('男'));
    await new Promise((r) => setTimeout(r, 350));
    expect(calls).toHaveLength(0);
  });
});

describe('JSearchSelect view', () => {
  it('shows the text of the value', async () => {
    render(<JSearchSelect dict={DICT} async value="admin" />);
    expect(await screen.findByText('管理员')).toBeTruthy();
  });
});
