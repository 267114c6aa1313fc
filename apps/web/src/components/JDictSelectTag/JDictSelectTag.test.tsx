import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpState } from '../../api/http';
import { useDictStore } from '../../stores/dict';
import { installMatchMedia } from '../list/test-dom';
import { clearDictMemo, DictTag, JDictSelectTag, useDictText } from '.';

installMatchMedia();
vi.setConfig({ testTimeout: 20_000 });
const opt = (value: string, text: string) => ({ value, text, title: text, label: text });
let urls: string[];

beforeEach(() => {
  urls = [];
  clearDictMemo();
  useDictStore.getState().setAll({ sex: [opt('1', '男'), opt('2', '女')] });
  resetHttpState();
  configureHttp({ getToken: () => 'tok', getTenantId: () => null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response(
        JSON.stringify({
          success: true,
          code: 0,
          message: '',
          result: [opt('1', '正常'), opt('2', '冻结')],
          timestamp: 1,
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useDictStore.getState().clear();
});

describe('JDictSelectTag', () => {
  it('radio from the cache emits the chosen value', () => {
    const onChange = vi.fn();
    render(<JDictSelectTag dictCode="sex" type="radio" value="1" onChange={onChange} />);
    expect((screen.getByLabelText('男') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('女'));
    expect(onChange).toHaveBeenCalledWith('2');
    expect(urls).toHaveLength(0);
  });

  it('checkbox emits a comma string', () => {
    const onChange = vi.fn();
    render(<JDictSelectTag dictCode="sex" type="checkbox" value="1" onChange={onChange} />);
    fireEvent.click(screen.getByLabelText('女'));
    expect(onChange).toHaveBeenCalledWith('1,2');
  });

  it('an uncached code is loaded from getDictItems; numbers compare as strings', async () => {
    render(<JDictSelectTag dictCode="user_status" type="radioButton" value={2 as unknown as string} />);
    await screen.findByText('冻结');
    expect((screen.getByLabelText('冻结') as HTMLInputElement).checked).toBe(true);
    expect(urls[0]).toContain('/sys/dict/getDictItems/user_status');
  });

  it('select shows the text of the value', () => {
    render(<JDictSelectTag dictCode="sex" value="2" />);
    expect(screen.getByText('女')).toBeTruthy();
  });

  it('an empty dictCode shows 字典Code不能为空!', () => {
    render(<JDictSelectTag dictCode="" />);
    expect(screen.getByText('字典Code不能为空!')).toBeTruthy();
    expect(urls).toHaveLength(0);
  });
});

describe('DictTag / useDictText', () => {
  it('renders comma multi-values', () => {
    render(<DictTag dictCode="sex" value="1,2" />);
    expect(screen.getByText('男,女')).toBeTruthy();
  });

  it('tag style: one tag per value', () => {
    const { container } = render(<DictTag dictCode="sex" value="1,2" tag />);
    expect(container.querySelectorAll('.ant-tag')).toHaveLength(2);
  });

  it('useDictText follows the cache', async () => {
    const { result } = renderHook(() => useDictText('sex', '2,1'));
    expect(result.current).toBe('女,男');
    act(() => useDictStore.getState().setAll({ sex: [opt('1', 'M'), opt('2', 'F')] }));
    await waitFor(() => expect(result.current).toBe('F,M'));
  });
});
