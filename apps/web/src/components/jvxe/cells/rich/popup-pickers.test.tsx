// Popup picker and picker-cell texts against the wire contract. The online-report module (getRpColumns / getQueryInfo /
// getData) is not on the server yet (its own issue), so these unit tests answer fetch the way contract-2 §4.3 describes;
// no browser test covers the popup until that module lands.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpState } from '../../../../api/http';
import { bindFeedback, type Feedback } from '../../../../utils/feedback';
import { installMatchMedia } from '../../../list/test-dom';
import type { CellDisplayProps, CellEditorProps, JVxeColumn, JVxeTableApi } from '../../types';
import { DepartCellText, UserCellText } from './PickerCells';
import { PopupCellEditor } from './PopupCells';
import { PopupModal } from './PopupModal';
import { clearPopupCache } from './popup-api';
import { clearResolvers, userResolver } from './resolvers';
import { TextResolver } from './text-resolver';

installMatchMedia();
vi.setConfig({ testTimeout: 60_000 });

const ok = (result: unknown) => ({ success: true, code: 200, message: '', result, timestamp: 1 });
const fail = (message: string) => ({ success: false, code: 500, message, result: null, timestamp: 1 });
let calls: URL[];
let answer: (u: URL) => unknown;
const fb = {
  message: { warning: vi.fn(), error: vi.fn(), success: vi.fn() },
  notification: { error: vi.fn() },
  modal: { error: vi.fn() },
};

const USERS = [
  { username: 'admin', realname: '管理员', sex: 1 },
  { username: 'jeecg', realname: '张三', sex: 2 },
  { username: 'lisi', realname: '李四', sex: 1 },
];
const report = {
  cgRpConfigId: 'head-1',
  cgRpConfigName: '用户报表',
  columns: [
    { title: '账号', dataIndex: 'username' },
    { title: '姓名', dataIndex: 'realname' },
    { title: '性别', dataIndex: 'sex', customRender: 'sex' },
  ],
  dictOptions: {
    sex: [
      { value: '1', text: '男' },
      { value: '2', text: '女' },
    ],
  },
};

beforeEach(() => {
  calls = [];
  for (const f of [fb.message.warning, fb.message.error, fb.modal.error]) f.mockClear();
  resetHttpState();
  clearPopupCache();
  clearResolvers();
  bindFeedback(fb as unknown as Feedback);
  configureHttp({ getToken: () => 'tok', getTenantId: () => null });
  answer = (u) => {
    const p = u.pathname;
    if (p.endsWith('/online/cgreport/api/getRpColumns/report_user')) return ok(report);
    if (p.endsWith('/online/cgreport/api/getQueryInfo/head-1'))
      return ok([{ field: 'realname', label: '姓名', view: 'text', mode: 'single' }]);
    if (p.endsWith('/online/cgreport/api/getData/head-1')) {
      const kw = u.searchParams.get('realname') ?? '';
      const rows = USERS.filter((r) => r.realname.includes(kw));
      return ok({ records: rows, total: rows.length });
    }
    if (p.endsWith('/sys/user/getMultiUser')) {
      const wanted = (u.searchParams.get('username') ?? '').split(',');
      return ok(USERS.filter((x) => wanted.includes(x.username)).map((x) => ({ ...x, id: `id-${x.username}` })));
    }
    if (p.endsWith('/sys/sysDepart/queryTreeList'))
      return ok([
        {
          id: 'd1',
          key: 'd1',
          title: '研发部',
          departName: '研发部',
          children: [{ id: 'd2', key: 'd2', title: '测试组', departName: '测试组' }],
        },
      ]);
    return { success: false, code: 404, message: '不存在', result: null };
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

const paths = () => calls.map((u) => u.pathname.replace('/jeecg-boot', ''));

describe('popup record picker (JPopup)', () => {
  it('opens: columns, then query info, then data (page size 5); dictionary texts; row click + 确定 returns the row', async () => {
    const onOk = vi.fn();
    render(<PopupModal open code="report_user" param={{ dept: 'A01' }} onOk={onOk} onCancel={() => undefined} />);
    await screen.findByText('张三');
    expect(paths()).toEqual([
      '/online/cgreport/api/getRpColumns/report_user',
      '/online/cgreport/api/getQueryInfo/head-1',
      '/online/cgreport/api/getData/head-1',
    ]);
    const data = calls[2].searchParams;
    expect(data.get('pageNo')).toBe('1');
    expect(data.get('pageSize')).toBe('5');
    expect(data.get('self_dept')).toBe('A01');
    expect(screen.getByText('用户报表')).toBeTruthy();
    expect(screen.getAllByText('女')).toHaveLength(1);

    // 确定 without a row
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(fb.message.warning).toHaveBeenCalledWith('请选择一条记录');
    // single mode: clicking a second row keeps only it
    fireEvent.click(screen.getByText('管理员'));
    fireEvent.click(screen.getByText('张三'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(onOk).toHaveBeenCalledWith([expect.objectContaining({ username: 'jeecg' })]);
  });

  it('multi mode returns every clicked row; a click on a picked row unpicks it', async () => {
    const onOk = vi.fn();
    render(<PopupModal open multi code="report_user" onOk={onOk} onCancel={() => undefined} />);
    await screen.findByText('张三');
    for (const t of ['管理员', '张三', '李四', '李四']) fireEvent.click(screen.getByText(t));
    // the row's own checkbox toggles once (not once for the box and once for the row)
    const boxes = screen.getAllByRole('checkbox');
    const liRow = screen.getByText('李四').closest('tr') as HTMLElement;
    fireEvent.click(within(liRow).getByRole('checkbox'));
    expect(boxes.length).toBeGreaterThan(3);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(onOk.mock.calls[0][0].map((r: { username: string }) => r.username)).toEqual(['admin', 'jeecg', 'lisi']);
  });

  it('the query form searches with the typed value', async () => {
    render(<PopupModal open code="report_user" onOk={() => undefined} onCancel={() => undefined} />);
    await screen.findByText('张三');
    fireEvent.change(screen.getByPlaceholderText('请输入姓名'), { target: { value: '李' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(screen.queryByText('张三')).toBeNull());
    expect(screen.getByText('李四')).toBeTruthy();
    expect(calls.at(-1)?.searchParams.get('realname')).toBe('李');
  });

  it('init failure: 出错了 / Popup初始化失败… with the server message; OK closes', async () => {
    answer = () => fail('报表不存在');
    const onCancel = vi.fn();
    render(<PopupModal open code="nope" onOk={() => undefined} onCancel={onCancel} />);
    await waitFor(() => expect(fb.modal.error).toHaveBeenCalled());
    const cfg = fb.modal.error.mock.calls[0][0] as { title: string; content: string; onOk: () => void };
    expect(cfg.title).toBe('出错了');
    expect(cfg.content).toBe('Popup初始化失败，请检查你的配置或稍后重试！报表不存在');
    cfg.onOk();
    expect(onCancel).toHaveBeenCalled();
  });

  it('a data failure shows the server message as a warning', async () => {
    const base = answer;
    answer = (u) => (u.pathname.includes('/getData/') ? fail('SQL执行失败') : base(u));
    render(<PopupModal open code="report_user" onOk={() => undefined} onCancel={() => undefined} />);
    await waitFor(() => expect(fb.message.warning).toHaveBeenCalledWith('SQL执行失败'));
  });
});

describe('popup cell', () => {
  const api = (setValues = vi.fn()) => ({ setValues }) as unknown as JVxeTableApi;
  const editorProps = (column: Partial<JVxeColumn>, extra: Partial<CellEditorProps> = {}): CellEditorProps => ({
    value: '',
    row: { id: 'r1', userName: '' },
    column: { key: 'userName', title: '用户', type: 'popup', ...column },
    rowIndex: 0,
    rowId: 'r1',
    api: api(),
    onChange: vi.fn(),
    onCommit: vi.fn(),
    onCancel: vi.fn(),
    ...extra,
  });

  it('a bad configuration warns and does not open', async () => {
    const p = editorProps({ popupCode: 'report_user', orgFields: 'username,realname', destFields: 'userName' });
    render(<PopupCellEditor {...p} />);
    await waitFor(() =>
      expect(fb.message.warning).toHaveBeenCalledWith('popup参数未正确配置,原始值和目标值数量不一致!'),
    );
    expect(p.onCancel).toHaveBeenCalled();
    expect(calls).toHaveLength(0);
    cleanup();
    const q = editorProps({ orgFields: 'a', destFields: 'b' });
    render(<PopupCellEditor {...q} />);
    await waitFor(() => expect(fb.message.warning).toHaveBeenCalledWith('popup参数未正确配置!'));
  });

  it('确定 copies the original fields into the row: other fields through setValues, this cell committed', async () => {
    const setValues = vi.fn();
    const p = editorProps(
      { popupCode: 'report_user', orgFields: 'username,realname', destFields: 'userCode,userName' },
      { api: api(setValues) },
    );
    render(<PopupCellEditor {...p} />);
    await screen.findByText('李四');
    fireEvent.click(screen.getByText('李四'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(setValues).toHaveBeenCalledWith([{ rowKey: 'r1', values: { userCode: 'lisi' } }]);
    expect(p.onCommit).toHaveBeenCalledWith('李四');
  });
});

describe('user / department cell texts', () => {
  const display = (column: Partial<JVxeColumn>, value: unknown): CellDisplayProps => ({
    value,
    row: {},
    column: { key: 'u', title: '用户', type: 'sel_user', ...column },
    rowIndex: 0,
    rowId: 'r',
    api: {} as JVxeTableApi,
  });

  it('cells shown together ask getMultiUser once; the stored usernames show as real names', async () => {
    render(
      <div>
        <div data-testid="a">
          <UserCellText {...display({}, 'admin,jeecg')} />
        </div>
        <div data-testid="b">
          <UserCellText {...display({}, 'lisi')} />
        </div>
        <div data-testid="c">
          <UserCellText {...display({}, 'ghost')} />
        </div>
      </div>,
    );
    await waitFor(() => expect(within(screen.getByTestId('a')).getByText('管理员,张三')).toBeTruthy());
    expect(within(screen.getByTestId('b')).getByText('李四')).toBeTruthy();
    // unknown values stay as they are
    expect(within(screen.getByTestId('c')).getByText('ghost')).toBeTruthy();
    const multi = calls.filter((u) => u.pathname.endsWith('/sys/user/getMultiUser'));
    expect(multi).toHaveLength(1);
    expect(multi[0].searchParams.get('username')?.split(',').sort()).toEqual(['admin', 'ghost', 'jeecg', 'lisi']);
  });

  it('department cells show the department names from the tree', async () => {
    render(<DepartCellText {...display({ type: 'sel_depart' }, 'd2,d1')} />);
    await screen.findByText('测试组,研发部');
  });

  it('a resolver does not ask again for known or failed values', async () => {
    const loader = vi.fn(async () => {
      throw new Error('down');
    });
    const r = new TextResolver(loader);
    r.request('a,b');
    await r.flush();
    expect(r.textOf('a,b')).toBe('a,b');
    r.request('a');
    await r.flush();
    expect(loader).toHaveBeenCalledTimes(1);
    // texts learnt from a picker are used at once
    userResolver('username', 'realname').remember([['zz', '赵赵']]);
    expect(userResolver('username', 'realname').textOf('zz')).toBe('赵赵');
    await act(async () => undefined);
  });
});
