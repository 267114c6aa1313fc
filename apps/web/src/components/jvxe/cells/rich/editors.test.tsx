// Rich cell editors and displays: light displays (no antd component), the search select against /sys/dict/loadDict,
// input_pop, and the picker editors' commits. fetch is answered per the wire contract (no server in jsdom).
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpState } from '../../../../api/http';
import { useDictStore } from '../../../../stores/dict';
import { bindFeedback, type Feedback } from '../../../../utils/feedback';
import { clearDictMemo } from '../../../JDictSelectTag';
import { installMatchMedia } from '../../../list/test-dom';
import { getCell } from '../../registry';
import type { CellDisplayProps, CellEditorProps, JVxeColumn, JVxeTableApi } from '../../types';
import { RICH_TYPES } from './index';
import { clearResolvers } from './resolvers';

installMatchMedia();
vi.setConfig({ testTimeout: 60_000 });
const ok = (result: unknown) => ({ success: true, code: 200, message: '', result, timestamp: 1 });
let calls: URL[];
const fb = {
  message: { warning: vi.fn(), error: vi.fn() },
  notification: { error: vi.fn() },
  modal: { error: vi.fn() },
};

beforeEach(() => {
  calls = [];
  fb.message.warning.mockClear();
  clearDictMemo();
  clearResolvers();
  useDictStore.getState().clear();
  resetHttpState();
  bindFeedback(fb as unknown as Feedback);
  configureHttp({ getToken: () => 'tok', getTenantId: () => null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://localhost');
      calls.push(u);
      const p = u.pathname;
      let body: unknown = { success: false, message: '不存在', code: 404 };
      if (p.includes('/sys/dict/getDictItems/sex'))
        body = ok([
          { value: '1', text: '男' },
          { value: '2', text: '女' },
        ]);
      else if (p.includes('/sys/dict/loadDictItem/')) {
        const keys = (u.searchParams.get('key') ?? '').split(',');
        body = ok(keys.map((k) => (k === 'admin' ? '管理员' : k)));
      } else if (p.includes('/sys/dict/loadDict/')) {
        const kw = u.searchParams.get('keyword') ?? '';
        body = ok(
          [
            { value: 'admin', text: '管理员' },
            { value: 'jeecg', text: '测试员' },
          ].filter((o) => o.text.includes(kw)),
        );
      } else if (p.endsWith('/sys/user/getMultiUser')) body = ok([]);
      else if (p.endsWith('/sys/sysDepart/queryTreeList')) body = ok([]);
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const api = {
  setCell: vi.fn(),
  setValues: vi.fn(),
} as unknown as JVxeTableApi;
const column = (type: string, over: Partial<JVxeColumn> = {}): JVxeColumn => ({
  key: 'k',
  title: '标题',
  type,
  ...over,
});
const displayProps = (type: string, value: unknown, over: Partial<JVxeColumn> = {}): CellDisplayProps => ({
  value,
  row: { id: 'r1' },
  column: column(type, over),
  rowIndex: 0,
  rowId: 'r1',
  api,
  onChange: vi.fn(),
});
const editorProps = (type: string, value: unknown, over: Partial<JVxeColumn> = {}): CellEditorProps => ({
  value,
  row: { id: 'r1' },
  column: column(type, over),
  rowIndex: 0,
  rowId: 'r1',
  api,
  onChange: vi.fn(),
  onCommit: vi.fn(),
  onCancel: vi.fn(),
  autoFocus: true,
});

describe('light displays', () => {
  const samples: Record<string, unknown> = {
    upload: 'temp/a.pdf',
    file: 'temp/a.pdf',
    image: 'temp/a.png',
    popup: '张三',
    input_pop: '一段\n文字',
    sel_search: 'admin',
    sel_search_async: 'admin',
    sel_user: 'admin',
    sel_depart: 'd1',
  };
  it.each(RICH_TYPES.map((t) => [t]))('%s display mounts no antd component (with and without a value)', async (t) => {
    const def = getCell(t);
    if (!def) throw new Error(`${t} not registered`);
    const dictCode = t.startsWith('sel_search') ? 'sys_user,realname,username' : undefined;
    for (const v of [samples[t], '']) {
      const { container, unmount } = render(<div>{def.display(displayProps(t, v, { dictCode }))}</div>);
      await act(async () => undefined);
      expect(container.querySelector('[class*="ant-"]'), `${t} ${String(v)}`).toBeNull();
      unmount();
    }
  });
  it('sel_search shows the table-dictionary text (one loadDictItem for the cells shown together)', async () => {
    const def = getCell('sel_search');
    render(
      <>
        {def?.display(displayProps('sel_search', 'admin', { dictCode: 'sys_user,realname,username' }))}
        {def?.display(displayProps('sel_search', 'jeecg', { dictCode: 'sys_user,realname,username' }))}
      </>,
    );
    await screen.findByText('管理员');
    expect(screen.getByText('jeecg')).toBeTruthy();
    expect(calls.filter((u) => u.pathname.includes('/loadDictItem/'))).toHaveLength(1);
    expect(calls[0].searchParams.get('key')).toBe('admin,jeecg');
  });
  it('sel_search with a plain dictionary code shows the item text from the dictionary', async () => {
    render(<div>{getCell('sel_search')?.display(displayProps('sel_search', '2', { dictCode: 'sex' }))}</div>);
    await screen.findByText('女');
  });
});

describe('editors', () => {
  it('sel_search with its own options (no dictionary): local filter, text from the options, no request', async () => {
    const options = [
      { value: '1', text: '苹果' },
      { value: '2', text: '香蕉' },
    ];
    const def = getCell('sel_search');
    const Editor = def?.Editor;
    if (!def || !Editor) throw new Error('no editor');
    const { unmount } = render(<div>{def.display(displayProps('sel_search', '2', { options }))}</div>);
    expect(screen.getByText('香蕉')).toBeTruthy();
    unmount();
    const p = editorProps('sel_search', '', { options });
    render(<Editor {...p} />);
    fireEvent.change(await screen.findByRole('combobox'), { target: { value: '苹' } });
    fireEvent.click(await screen.findByText('苹果'));
    expect(p.onCommit).toHaveBeenCalledWith('1');
    expect(calls).toHaveLength(0);
  });

  it('sel_search_async: searches /sys/dict/loadDict only after typing, debounced 800 ms; picking commits', async () => {
    const Editor = getCell('sel_search_async')?.Editor;
    if (!Editor) throw new Error('no editor');
    const p = editorProps('sel_search_async', '', { dictCode: 'sys_user,realname,username' });
    render(<Editor {...p} />);
    await waitFor(() => expect(screen.getByRole('combobox')).toBeTruthy());
    expect(calls.filter((u) => u.pathname.includes('/loadDict/'))).toHaveLength(0);
    expect(await screen.findByText('请输入搜索内容')).toBeTruthy();
    vi.useFakeTimers();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '测试' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(700);
    });
    expect(calls.filter((u) => u.pathname.includes('/loadDict/'))).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    vi.useRealTimers();
    const search = calls.filter((u) => u.pathname.includes('/loadDict/'));
    expect(search).toHaveLength(1);
    expect(search[0].searchParams.get('keyword')).toBe('测试');
    expect(search[0].searchParams.get('pageSize')).toBe('10');
    fireEvent.click(await screen.findByText('测试员'));
    expect(p.onCommit).toHaveBeenCalledWith('jeecg');
    expect(p.onCancel).not.toHaveBeenCalled();
  });

  it('input_pop: the text area edits a draft; closing commits it, Esc discards', async () => {
    const Editor = getCell('input_pop')?.Editor;
    if (!Editor) throw new Error('no editor');
    const p = editorProps('input_pop', 'old');
    const { unmount } = render(<Editor {...p} />);
    await waitFor(() => expect(document.querySelector('textarea')).toBeTruthy());
    const ta = document.querySelector('textarea') as HTMLTextAreaElement;
    expect(ta.value).toBe('old');
    fireEvent.change(ta, { target: { value: '第一行\n第二行' } });
    expect(p.onChange).toHaveBeenCalledWith('第一行\n第二行');
    // a press outside the popover closes it and keeps the text
    fireEvent.mouseDown(document.body);
    fireEvent.click(document.body);
    await waitFor(() => expect(p.onCommit).toHaveBeenCalledWith('第一行\n第二行'));
    unmount();
    const q = editorProps('input_pop', 'old');
    render(<Editor {...q} />);
    await waitFor(() => expect(document.querySelector('textarea')).toBeTruthy());
    fireEvent.keyDown(document.querySelector('textarea') as HTMLTextAreaElement, { key: 'Escape' });
    expect(q.onCancel).toHaveBeenCalled();
    expect(q.onCommit).not.toHaveBeenCalled();
  });

  it('sel_user editor opens 选择用户; 关闭 cancels the edit', async () => {
    const Editor = getCell('sel_user')?.Editor;
    if (!Editor) throw new Error('no editor');
    const p = editorProps('sel_user', '');
    render(<Editor {...p} />);
    expect(await screen.findByText('选择用户')).toBeTruthy();
    // the modal lives in the editor layer (a press inside it is not "outside the edited cell")
    expect(screen.getByText('选择用户').closest('.jvxe-editor')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /关\s*闭/ }));
    expect(p.onCancel).toHaveBeenCalled();
  });

  it('sel_depart editor opens 选择部门 in the editor layer', async () => {
    const Editor = getCell('sel_depart')?.Editor;
    if (!Editor) throw new Error('no editor');
    render(<Editor {...editorProps('sel_depart', '')} />);
    expect(await screen.findByText('选择部门')).toBeTruthy();
    expect(screen.getByText('选择部门').closest('.jvxe-editor')).toBeTruthy();
  });
});
