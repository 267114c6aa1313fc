import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { Table } from 'antd';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpState } from '../../api/http';
import { bindFeedback, type Feedback } from '../../utils/feedback';
import { installMatchMedia } from './test-dom';
import { useListPage } from './useListPage';

installMatchMedia();
vi.setConfig({ testTimeout: 20_000 });

// The http layer runs for real; only fetch is stubbed (no server in jsdom).
type Call = { url: URL; method: string };
let calls: Call[];
let respond: (call: Call) => Response;
const fb = {
  message: { warning: vi.fn(), error: vi.fn(), success: vi.fn(), loading: vi.fn(() => vi.fn()) },
  notification: { error: vi.fn() },
  modal: { confirm: vi.fn() },
};

const envelope = (result: unknown, extra: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ success: true, code: 0, message: '', result, timestamp: 1, ...extra }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function page(total: number, pageNo: number, pageSize: number) {
  const records = [];
  for (let i = (pageNo - 1) * pageSize; i < Math.min(total, pageNo * pageSize); i++)
    records.push({ id: `r${i + 1}`, name: `row ${i + 1}` });
  return { records, total };
}

let total = 25;
beforeEach(() => {
  calls = [];
  total = 25;
  respond = (c) => {
    const p = c.url.searchParams;
    if (c.url.pathname.endsWith('/list'))
      return envelope(page(total, Number(p.get('pageNo')), Number(p.get('pageSize'))));
    return envelope(null, { message: '删除成功!' });
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { url: new URL(url, 'http://localhost'), method: String(init.method) };
      calls.push(call);
      return respond(call);
    }),
  );
  for (const g of Object.values(fb)) for (const f of Object.values(g)) (f as ReturnType<typeof vi.fn>).mockClear();
  resetHttpState();
  bindFeedback(fb as unknown as Feedback);
  configureHttp({ getToken: () => 'tok', getTenantId: () => null });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const urls = {
  list: '/sys/position/list',
  delete: '/sys/position/delete',
  deleteBatch: '/sys/position/deleteBatch',
  exportXls: '/sys/position/exportXls',
};
const listCalls = () => calls.filter((c) => c.url.pathname.endsWith('/list'));
const last = () => listCalls().at(-1)?.url.searchParams as URLSearchParams;

describe('useListPage', () => {
  it('loads once on mount, also under StrictMode, with the default query', async () => {
    const { result } = renderHook(() => useListPage({ urls }), { wrapper: StrictMode });
    await waitFor(() => expect(result.current.dataSource).toHaveLength(10));
    expect(listCalls()).toHaveLength(1);
    const q = last();
    expect(q.get('column')).toBe('createTime');
    expect(q.get('order')).toBe('desc');
    expect(q.get('pageNo')).toBe('1');
    expect(q.get('pageSize')).toBe('10');
    expect(result.current.total).toBe(25);
    expect(result.current.tableProps.pagination).toMatchObject({
      current: 1,
      pageSize: 10,
      total: 25,
      showQuickJumper: true,
      showSizeChanger: true,
      pageSizeOptions: ['10', '20', '30'],
    });
  });

  it('autoLoad false waits for search', async () => {
    const { result } = renderHook(() => useListPage({ urls, autoLoad: false }));
    await new Promise((r) => setTimeout(r, 10));
    expect(listCalls()).toHaveLength(0);
    act(() => result.current.search({ name: ' a ', code: '' }));
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    expect(last().get('name')).toBe('a');
    expect(last().has('code')).toBe(false);
  });

  it('search strips empty values and merges fixed params; reset forgets the values', async () => {
    const { result } = renderHook(() => useListPage({ urls, fixedParams: { departId: 'd1' } }));
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    expect(last().get('departId')).toBe('d1');
    act(() => result.current.search({ name: 'x', postRank: undefined }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(last().get('name')).toBe('x');
    expect(last().has('postRank')).toBe(false);
    expect(result.current.queryParams).toEqual({ name: 'x' });
    act(() => result.current.reset());
    await waitFor(() => expect(listCalls()).toHaveLength(3));
    expect(last().has('name')).toBe(false);
    expect(last().get('departId')).toBe('d1');
  });

  it('a change of fixedParams reloads page 1', async () => {
    const { rerender } = renderHook(({ d }) => useListPage({ urls, fixedParams: { departId: d } }), {
      initialProps: { d: 'd1' },
    });
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    rerender({ d: 'd1' });
    rerender({ d: 'd2' });
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(last().get('departId')).toBe('d2');
  });

  it('table change: page, size (back to page 1) and sort go into the query', async () => {
    const { result } = renderHook(() => useListPage({ urls }));
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    const change = result.current.tableProps.onChange;
    act(() => change({ current: 3, pageSize: 10 }, {}, {}, { action: 'paginate', currentDataSource: [] }));
    await waitFor(() => expect(last().get('pageNo')).toBe('3'));
    await waitFor(() => expect(result.current.dataSource).toHaveLength(5));
    act(() =>
      result.current.tableProps.onChange(
        { current: 3, pageSize: 20 },
        { sex: ['1'] },
        { field: 'name', order: 'ascend' },
        { action: 'sort', currentDataSource: [] },
      ),
    );
    await waitFor(() => expect(last().get('pageSize')).toBe('20'));
    expect(last().get('pageNo')).toBe('1');
    expect(last().get('column')).toBe('name');
    expect(last().get('order')).toBe('asc');
    expect(last().get('sex')).toBe('1');
    act(() =>
      result.current.tableProps.onChange(
        { current: 2, pageSize: 20 },
        { sex: ['1', '2'] },
        { field: 'name', order: 'ascend' },
        { action: 'filter', currentDataSource: [] },
      ),
    );
    await waitFor(() => expect(last().get('sex')).toBe('1,2'));
    expect(last().get('pageNo')).toBe('1');
  });

  it('list failure shows the server message as a warning and keeps the rows', async () => {
    const { result } = renderHook(() => useListPage({ urls }));
    await waitFor(() => expect(result.current.dataSource).toHaveLength(10));
    respond = () => envelope(null, { success: false, message: '查询失败了' });
    await act(() => result.current.reload());
    expect(fb.message.warning).toHaveBeenCalledWith('查询失败了');
    expect(result.current.dataSource).toHaveLength(10);
  });

  it('missing urls give the spec messages', async () => {
    const { result } = renderHook(() => useListPage({ urls: {} }));
    await waitFor(() => expect(fb.message.error).toHaveBeenCalledWith('请设置url.list属性!'));
    await act(async () => {
      expect(await result.current.handleDelete('1')).toBe(false);
      expect(await result.current.batchDelete()).toBe(false);
    });
    expect(fb.message.error).toHaveBeenCalledWith('请设置url.delete属性!');
    expect(fb.message.error).toHaveBeenCalledWith('请设置url.deleteBatch属性!');
    expect(calls).toHaveLength(0);
  });

  it('handleDelete deletes by id, pulls the page back when it empties, reloads', async () => {
    total = 21;
    const { result } = renderHook(() => useListPage({ urls }));
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    act(() =>
      result.current.tableProps.onChange(
        { current: 3, pageSize: 10 },
        {},
        {},
        { action: 'paginate', currentDataSource: [] },
      ),
    );
    await waitFor(() => expect(result.current.dataSource).toEqual([{ id: 'r21', name: 'row 21' }]));
    total = 20;
    let ok = false;
    await act(async () => {
      ok = await result.current.handleDelete('r21');
    });
    expect(ok).toBe(true);
    const del = calls.find((c) => c.method === 'DELETE');
    expect(del?.url.pathname).toBe('/jeecg-boot/sys/position/delete');
    expect(del?.url.searchParams.get('id')).toBe('r21');
    expect(fb.message.success).toHaveBeenCalledWith('删除成功!');
    expect(last().get('pageNo')).toBe('2');
    expect(result.current.tableProps.pagination.current).toBe(2);
  });

  it('handleDelete failure shows the message and does not reload', async () => {
    const { result } = renderHook(() => useListPage({ urls }));
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    respond = () => envelope(null, { success: false, message: '该职务已被使用' });
    await act(async () => {
      expect(await result.current.handleDelete('r1')).toBe(false);
    });
    expect(fb.message.warning).toHaveBeenCalledWith('该职务已被使用');
    expect(listCalls()).toHaveLength(1);
  });

  it('batchDelete: nothing selected → 请选择一条记录！; selected → confirm N, ids comma list, selection cleared', async () => {
    const { result } = renderHook(() => useListPage({ urls }));
    await waitFor(() => expect(result.current.dataSource).toHaveLength(10));
    await act(async () => {
      expect(await result.current.batchDelete()).toBe(false);
    });
    expect(fb.message.warning).toHaveBeenCalledWith('请选择一条记录！');
    expect(fb.modal.confirm).not.toHaveBeenCalled();

    const rows = result.current.dataSource.slice(0, 3);
    act(() =>
      result.current.tableProps.rowSelection?.onChange?.(
        rows.map((r) => (r as { id: string }).id),
        rows,
        { type: 'multiple' },
      ),
    );
    expect(result.current.selectedRowKeys).toEqual(['r1', 'r2', 'r3']);
    expect(result.current.selectedRows).toHaveLength(3);

    fb.modal.confirm.mockImplementationOnce(((cfg: { content: string; onOk: () => Promise<void> }) => {
      expect(cfg.content).toBe('确定要删除这 3 项吗?');
      void cfg.onOk();
    }) as never);
    let done = false;
    await act(async () => {
      done = await result.current.batchDelete();
    });
    expect(done).toBe(true);
    const del = calls.find((c) => c.method === 'DELETE');
    expect(del?.url.pathname).toBe('/jeecg-boot/sys/position/deleteBatch');
    expect(del?.url.searchParams.get('ids')).toBe('r1,r2,r3');
    expect(result.current.selectedRowKeys).toEqual([]);
    expect(listCalls()).toHaveLength(2);
  });

  it('batchDelete cancelled sends nothing', async () => {
    const { result } = renderHook(() => useListPage({ urls }));
    await waitFor(() => expect(result.current.dataSource).toHaveLength(10));
    act(() => result.current.tableProps.rowSelection?.onChange?.(['r1'], [], { type: 'multiple' }));
    fb.modal.confirm.mockImplementationOnce(((cfg: { onCancel: () => void }) => cfg.onCancel()) as never);
    await act(async () => {
      expect(await result.current.batchDelete()).toBe(false);
    });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('exportXls downloads with the query and selections, loading message shown and closed', async () => {
    const created: HTMLAnchorElement[] = [];
    const origCreate = document.createElement.bind(document);
    vi.spyOn(document, 'createElement').mockImplementation(((tag: string) => {
      const el = origCreate(tag);
      if (tag === 'a') {
        created.push(el as HTMLAnchorElement);
        (el as HTMLAnchorElement).click = () => undefined;
      }
      return el;
    }) as typeof document.createElement);
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const hide = vi.fn();
    fb.message.loading.mockReturnValueOnce(hide);

    const { result } = renderHook(() => useListPage({ urls }));
    await waitFor(() => expect(result.current.dataSource).toHaveLength(10));
    act(() => result.current.search({ name: 'x' }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    act(() => result.current.tableProps.rowSelection?.onChange?.(['r1', 'r2'], [], { type: 'multiple' }));
    respond = () =>
      new Response(new Blob(['xlsx-bytes']), {
        status: 200,
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': "attachment; filename*=UTF-8''%E8%81%8C%E5%8A%A1.xlsx",
        },
      });
    await act(() => result.current.exportXls());
    const exp = calls.find((c) => c.url.pathname.endsWith('/exportXls'));
    expect(exp?.url.searchParams.get('name')).toBe('x');
    expect(exp?.url.searchParams.get('selections')).toBe('r1,r2');
    expect(exp?.url.searchParams.has('pageNo')).toBe(false);
    expect(created.at(-1)?.download).toBe('职务.xlsx');
    expect(fb.message.loading).toHaveBeenCalled();
    expect(hide).toHaveBeenCalled();
    expect(result.current.exporting).toBe(false);
    vi.restoreAllMocks();
  });

  it('export answered with JSON instead of a file shows 文件下载失败', async () => {
    const { result } = renderHook(() => useListPage({ urls }));
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    respond = () => envelope(null, { success: false, message: '' });
    await act(() => result.current.exportXls());
    expect(fb.message.warning).toHaveBeenCalledWith('文件下载失败');
  });

  it('the last request wins when answers arrive out of order', async () => {
    const gates: Array<() => void> = [];
    respond = (c) => {
      const p = c.url.searchParams;
      const body = page(total, Number(p.get('pageNo')), Number(p.get('pageSize')));
      return envelope(body);
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const call = { url: new URL(url, 'http://localhost'), method: String(init.method) };
        calls.push(call);
        if (call.url.searchParams.get('pageNo') === '2') await new Promise<void>((r) => gates.push(r));
        return respond(call);
      }),
    );
    const { result } = renderHook(() => useListPage({ urls }));
    await waitFor(() => expect(result.current.dataSource).toHaveLength(10));
    act(() =>
      result.current.tableProps.onChange(
        { current: 2, pageSize: 10 },
        {},
        {},
        { action: 'paginate', currentDataSource: [] },
      ),
    );
    act(() =>
      result.current.tableProps.onChange(
        { current: 3, pageSize: 10 },
        {},
        {},
        { action: 'paginate', currentDataSource: [] },
      ),
    );
    await waitFor(() => expect(result.current.dataSource).toHaveLength(5));
    gates.forEach((g) => {
      g();
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current.dataSource).toHaveLength(5);
    expect(result.current.loading).toBe(false);
  });
});

describe('useListPage with an antd Table', () => {
  function Page() {
    const list = useListPage<{ id: string; name: string }>({ urls });
    return <Table {...list.tableProps} columns={[{ title: '名称', dataIndex: 'name', sorter: true }]} />;
  }

  it('shows the total text and sends the clicked sort', async () => {
    render(<Page />);
    expect(await screen.findByText('1-10 共 25 条')).toBeTruthy();
    fireEvent.click(screen.getByText('名称'));
    await waitFor(() => expect(last().get('column')).toBe('name'));
    expect(last().get('order')).toBe('asc');
    fireEvent.click(screen.getByText('名称'));
    await waitFor(() => expect(last().get('order')).toBe('desc'));
    fireEvent.click(screen.getByText('名称'));
    await waitFor(() => expect(last().get('column')).toBe('createTime'));
  });
});
