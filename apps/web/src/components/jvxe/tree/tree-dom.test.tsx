import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpState } from '../../../api/http';
import { bindFeedback, type Feedback } from '../../../utils/feedback';
import type { JVxeRow } from '../types';
import { TreeToggle, urlTreeLoader, useLazyTree } from './useLazyTree';

const fb = { message: { error: vi.fn(), warning: vi.fn() }, notification: { error: vi.fn() }, modal: {} };
let calls: URL[];
let answer: (u: URL) => unknown;
const ok = (result: unknown) => ({ success: true, code: 200, message: '', result, timestamp: 1 });

beforeEach(() => {
  calls = [];
  fb.message.error.mockClear();
  resetHttpState();
  bindFeedback(fb as unknown as Feedback);
  configureHttp({ getToken: () => 'tok', getTenantId: () => null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://localhost');
      calls.push(u);
      return new Response(JSON.stringify(answer(u)), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function TreeList({ rows, load }: { rows: JVxeRow[]; load: (row: JVxeRow) => Promise<JVxeRow[]> }) {
  const t = useLazyTree({ rows, treeConfig: { lazy: true, hasChildField: 'hasChildren', loadChildren: load } });
  return (
    <ul>
      {t.rows.map((f) => (
        <li key={f.id} data-row-id={f.id}>
          <TreeToggle node={f} onToggle={t.toggle}>
            {String(f.row.name ?? '')}
          </TreeToggle>
        </li>
      ))}
    </ul>
  );
}

describe('tree rows in the DOM', () => {
  it('expand shows loading... then the children; an empty answer turns the row into a leaf', async () => {
    answer = (u) => {
      const pid = u.searchParams.get('parentId');
      if (pid === '1') return ok([{ id: '11', name: '子节点', hasChildren: '1' }]);
      if (pid === '11') return ok({ records: [], total: 0 });
      return ok({ bad: true });
    };
    const load = urlTreeLoader('/mock/api/asynTreeList', { params: { status: '1' } });
    render(
      <TreeList
        rows={[
          { id: '1', name: '根节点', hasChildren: true },
          { id: '2', name: '叶子' },
        ]}
        load={load}
      />,
    );
    // only rows with children get a toggle
    expect(screen.getAllByRole('button', { name: '展开' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '展开' }));
    expect(screen.getByText('loading...')).toBeTruthy();
    await screen.findByText('子节点');
    expect(screen.queryByText('loading...')).toBeNull();
    expect(calls[0].pathname).toBe('/jeecg-boot/mock/api/asynTreeList');
    expect(calls[0].searchParams.get('status')).toBe('1');
    // the child is indented one level
    const child = screen.getByText('子节点').closest('.jvxe-tree-cell') as HTMLElement;
    expect(child.style.paddingLeft).toBe('16px');
    // the child has children per its flag; the answer is empty → leaf, no toggle left on it
    const childToggle = child.querySelector('button') as HTMLButtonElement;
    fireEvent.click(childToggle);
    await waitFor(() => expect(child.querySelector('button')).toBeNull());
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('button', { name: '收起' })).toBeTruthy();
  });

  it('an answer neither array nor {records}: 返回数据类型不识别 as an error message', async () => {
    answer = () => ok({ list: [] });
    render(<TreeList rows={[{ id: '9', name: 'x', hasChildren: 1 }]} load={urlTreeLoader('/t')} />);
    fireEvent.click(screen.getByRole('button', { name: '展开' }));
    await waitFor(() => expect(fb.message.error).toHaveBeenCalledWith('返回数据类型不识别'));
    expect(screen.queryByText('loading...')).toBeNull();
    expect(screen.getByRole('button', { name: '展开' })).toBeTruthy();
  });

  it('a refused answer shows the server message; new rows reset the tree', async () => {
    answer = () => ({ success: false, code: 500, message: '加载失败了', result: null });
    const { rerender } = render(
      <TreeList rows={[{ id: '9', name: 'x', hasChildren: 1 }]} load={urlTreeLoader('/t')} />,
    );
    fireEvent.click(screen.getByRole('button', { name: '展开' }));
    await waitFor(() => expect(fb.message.error).toHaveBeenCalledWith('加载失败了'));
    await act(async () => {
      rerender(<TreeList rows={[{ id: '5', name: '新的' }]} load={urlTreeLoader('/t')} />);
    });
    expect(screen.getByText('新的')).toBeTruthy();
    expect(screen.queryByText('x')).toBeNull();
  });
});
