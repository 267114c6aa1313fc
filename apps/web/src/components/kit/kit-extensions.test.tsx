import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../api/http';
import { useSession } from '../../stores/session';
import { json, mockApi } from '../../test/mock-api';
import { CrudPage } from './CrudPage';
import { runCall } from './run-call';
import { definePage } from './types';

// The kit's extension points used by pages with special behaviour: runCall (one-call actions), expandedRow,
// the beforeTable slot and editor.notify.

vi.setConfig({ testTimeout: 30_000 });

const rows = [
  { id: 'l1', logContent: '用户名: admin,登录成功！', requestParam: '{"a":1}' },
  { id: 'l2', logContent: '修改用户', requestParam: '{"b":2}' },
];

const api = mockApi({
  signedIn: true,
  route: ({ path }) => (path.endsWith('/list') ? json({ records: rows, total: 2 }) : undefined),
});
const { calls, fb } = api;

const listCalls = () => calls.filter((c) => c.url.pathname.endsWith('/list'));

describe('runCall', () => {
  it('shows the server message as a success, then runs `after`', async () => {
    api.override = () => json(null, { message: '该系统通知发布成功' });
    const after = vi.fn();
    await expect(runCall(() => http.get('/x/release', { id: '1' }), after)).resolves.toBe(true);
    expect(fb.message.success).toHaveBeenCalledWith('该系统通知发布成功');
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('a refused call is a warning with the server message; `after` still runs', async () => {
    api.override = () => json(null, { success: false, code: 500, message: '该通告已发布' });
    const after = vi.fn();
    await expect(runCall(() => http.get('/x/release'), after)).resolves.toBe(false);
    expect(fb.message.warning).toHaveBeenCalledWith('该通告已发布');
    expect(fb.message.success).not.toHaveBeenCalled();
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('a success without a message says okText; a thrown call shows nothing more', async () => {
    await runCall(() => http.get('/x/ok'), undefined, '退出登录成功！');
    expect(fb.message.success).toHaveBeenCalledWith('退出登录成功！');
    fb.message.success.mockClear();
    await expect(runCall(() => Promise.reject(new Error('down')))).resolves.toBe(false);
    expect(fb.message.success).not.toHaveBeenCalled();
    expect(fb.message.warning).not.toHaveBeenCalled();
  });
});

const logPage = definePage<(typeof rows)[number]>({
  name: 'log',
  urls: { list: '/sys/log/list', add: '/sys/log/add' },
  authCodes: { add: '' },
  columns: [{ field: 'logContent', title: '日志内容' }],
  rowActions: [],
  expandedRow: (r) => <pre data-testid="detail">{r.requestParam}</pre>,
  form: [{ field: 'logContent', label: '日志内容', required: true }],
});

describe('CrudPage extension points', () => {
  it('expandedRow: a row opens its own content under it', async () => {
    render(<CrudPage schema={logPage} />);
    const table = await screen.findByTestId('log-table');
    await within(table).findByText('修改用户');
    expect(screen.queryByTestId('detail')).toBeNull();
    const expanders = table.querySelectorAll('.ant-table-row-expand-icon');
    expect(expanders).toHaveLength(2);
    fireEvent.click(expanders[1]);
    expect((await screen.findByTestId('detail')).textContent).toBe('{"b":2}');
  });

  it('beforeTable renders above the table with the page context', async () => {
    render(
      <CrudPage
        schema={logPage}
        beforeTable={(ctx) => (
          <Button data-testid="tab" onClick={() => ctx.reload()}>
            操作日志
          </Button>
        )}
      />,
    );
    await screen.findByText('修改用户');
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    const tab = screen.getByTestId('tab');
    expect(
      tab.compareDocumentPosition(screen.getByTestId('log-table')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    fireEvent.click(tab);
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('a custom cell gets the page context: a title that runs a view handler', async () => {
    const open = vi.fn();
    const schema = definePage<(typeof rows)[number]>({
      ...logPage,
      columns: [
        {
          field: 'logContent',
          title: '日志内容',
          render: (v, r, _i, ctx) => (
            <button type="button" onClick={() => ctx?.handlers.open?.(r)}>
              {String(v)}
            </button>
          ),
        },
      ],
    });
    render(<CrudPage schema={schema} handlers={{ open }} />);
    fireEvent.click(await screen.findByRole('button', { name: '修改用户' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0][0]).toMatchObject({ id: 'l2' });
  });

  it('a toolbar handler gets the page context (the selected rows); a danger button looks dangerous', async () => {
    const compare = vi.fn();
    const schema = definePage<(typeof rows)[number]>({
      ...logPage,
      toolbar: [{ key: 'compare', label: '数据比较', run: 'compare', danger: true }],
    });
    render(<CrudPage schema={schema} handlers={{ compare: (_r, ctx) => compare(ctx?.list.selectedRows) }} />);
    const table = await screen.findByTestId('log-table');
    await within(table).findByText('修改用户');
    const row = (await within(table).findByText('修改用户')).closest('tr') as HTMLElement;
    fireEvent.click(row.querySelector('.ant-checkbox-input') as HTMLElement);
    const button = screen.getByText('数据比较').closest('button') as HTMLButtonElement;
    expect(button.className).toMatch(/ant-btn-dangerous/);
    fireEvent.click(button);
    await waitFor(() => expect(compare).toHaveBeenCalledTimes(1));
    expect(compare.mock.calls[0][0]).toMatchObject([{ id: 'l2' }]);
  });

  it('no 操作 column when the user may run none of the row actions', async () => {
    const schema = definePage<(typeof rows)[number]>({
      ...logPage,
      rowActions: [{ key: 'delete', label: '删除', run: 'delete' }],
      authCodes: { delete: 'log:delete' },
    });
    render(<CrudPage schema={schema} />);
    await screen.findByText('修改用户');
    expect(screen.queryAllByText('操作')).toHaveLength(0);
    cleanup();
    useSession.setState({ auth: [{ action: 'log:delete', type: '1', describe: '' }] });
    render(<CrudPage schema={schema} />);
    await screen.findByText('修改用户');
    expect(screen.getAllByText('操作').length).toBeGreaterThan(0);
    expect(screen.getAllByText('删除')).toHaveLength(2);
  });

  it('editor.okText by mode; editor.notify tells the outcome of a save instead of the success message', async () => {
    api.override = ({ path }) =>
      path.endsWith('/add') ? json(null, { message: '添加成功，但发送失败：网关拒绝' }) : null;
    const notify = vi.fn();
    const okText = (mode: string) => (mode === 'add' ? '保存并发送' : '确定');
    render(<CrudPage schema={{ ...logPage, editor: { notify, okText } }} />);
    await screen.findByText('修改用户');
    fireEvent.click(screen.getByText(/^新\s*增$/).closest('button') as HTMLButtonElement);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('日志内容'), { target: { value: '手工记录' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByText('保存并发送').closest('button') as HTMLButtonElement);
    });
    await waitFor(() => expect(notify).toHaveBeenCalledTimes(1));
    expect(notify.mock.calls[0][0]).toMatchObject({ success: true, message: '添加成功，但发送失败：网关拒绝' });
    expect(fb.message.success).not.toHaveBeenCalled();
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('openWith: a value for a field behind 展开 opens the query form expanded, showing the filter in force', async () => {
    const schema = {
      ...logPage,
      query: [
        { field: 'logContent', label: '日志内容' },
        { field: 'username', label: '操作人' },
        { field: 'ip', label: 'IP' },
        { field: 'method', label: '请求方法' },
      ],
    };
    const fieldCol = (label: string) => screen.getByLabelText(label).closest('[data-query-field]') as HTMLElement;
    // opened plainly: the fourth field waits behind 展开
    render(<CrudPage schema={schema} />);
    await screen.findByText('修改用户');
    expect(fieldCol('请求方法').style.display).toBe('none');
    expect(screen.getByText('展开')).toBeTruthy();
    cleanup();
    // opened with a value for it: expanded, the value in the field and in the first request
    render(<CrudPage schema={schema} openWith={{ method: 'GET' }} />);
    await screen.findByText('修改用户');
    expect(fieldCol('请求方法').style.display).toBe('');
    expect((screen.getByLabelText('请求方法') as HTMLInputElement).value).toBe('GET');
    expect(screen.getByText('收起')).toBeTruthy();
    expect(listCalls().at(-1)?.url.searchParams.get('method')).toBe('GET');
    cleanup();
    // a value for a field in view changes nothing
    render(<CrudPage schema={schema} openWith={{ logContent: '登录' }} />);
    await screen.findByText('修改用户');
    expect(fieldCol('请求方法').style.display).toBe('none');
  });
});
