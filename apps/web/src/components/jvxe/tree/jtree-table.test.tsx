// JTreeTable over a configured url; fetch answered the way /mock/vxe/getData answers (records with hasChildren).
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpState } from '../../../api/http';
import { bindFeedback, type Feedback } from '../../../utils/feedback';
import { JTreeTable } from './JTreeTable';

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
  answer = (u) => {
    const pid = u.searchParams.get('parentId');
    if (pid === '')
      return ok({
        records: [
          { id: 'vxe1', ship_name: '一号', hasChildren: true },
          { id: 'vxe2', ship_name: '二号', hasChildren: false },
        ],
        total: 2,
      });
    if (pid === 'vxe1') return ok({ records: [{ id: 'vxe1-1', ship_name: '一号子', hasChildren: false }], total: 1 });
    return ok([]);
  };
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

const COLUMNS = [{ key: 'ship_name', title: '船名', type: 'normal' }];

describe('JTreeTable', () => {
  it('roots with parentId = "", children with parentId = row id; query params and condition sent', async () => {
    const { container } = render(
      <JTreeTable
        url="/mock/vxe/getData"
        columns={COLUMNS}
        queryParams={{ pageNo: 1, pageSize: 100 }}
        condition={{ status: '1' }}
      />,
    );
    await waitFor(() => expect(container.textContent).toContain('二号'));
    expect(calls[0].pathname).toBe('/jeecg-boot/mock/vxe/getData');
    expect(calls[0].searchParams.get('parentId')).toBe('');
    expect(calls[0].searchParams.get('pageSize')).toBe('100');
    expect(calls[0].searchParams.get('condition')).toBe('{"status":"1"}');
    fireEvent.click(container.querySelector('.jvxe-row[data-row-id="vxe1"] .jvxe-tree-toggle') as HTMLButtonElement);
    await waitFor(() => expect(container.textContent).toContain('一号子'));
    expect(calls[1].searchParams.get('parentId')).toBe('vxe1');
    const ids = [...container.querySelectorAll('.jvxe-row')].map((r) => r.getAttribute('data-row-id'));
    expect(ids).toEqual(['vxe1', 'vxe1-1', 'vxe2']);
  });

  it('a refused root load shows the server message as an error; a bad root answer 返回数据类型不识别', async () => {
    answer = () => ({ success: false, code: 500, message: '没有权限', result: null });
    const { unmount } = render(<JTreeTable url="/t" columns={COLUMNS} />);
    await waitFor(() => expect(fb.message.error).toHaveBeenCalledWith('没有权限'));
    unmount();
    answer = () => ok('x');
    render(<JTreeTable url="/t" columns={COLUMNS} parentKey="pid" />);
    await waitFor(() => expect(fb.message.error).toHaveBeenCalledWith('返回数据类型不识别'));
    expect(calls.at(-1)?.searchParams.get('pid')).toBe('');
  });
});
