import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpState } from '../../api/http';
import { bindFeedback, type Feedback } from '../../utils/feedback';
import { JSelectPosition } from '../JSelectPosition';
import { JSelectRole } from '../JSelectRole';
import { JSelectUserByDep } from '../JSelectUserByDep';
import { installMatchMedia } from '../list/test-dom';
import { forgetDepartTree, JSelectDepart } from '.';

installMatchMedia();
vi.setConfig({ testTimeout: 45_000 });

// The pickers against a stubbed fetch (the http layer runs for real).
const TREE = [
  {
    id: 'c1',
    key: 'c1',
    value: 'c1',
    title: '北京国炬软件',
    departName: '北京国炬软件',
    orgCode: 'A01',
    isLeaf: false,
    children: [
      { id: 'd1', key: 'd1', value: 'd1', title: '市场部', departName: '市场部', orgCode: 'A01A03', isLeaf: true },
    ],
  },
];
const USERS = [
  { id: 'u1', username: 'admin', realname: '管理员', sex: 1, phone: '18611111111', orgCodeTxt: '北京国炬软件' },
  { id: 'u2', username: 'jeecg', realname: '杰克', sex: 2, phone: '18622222222', orgCodeTxt: '研发部' },
];

const fb = {
  message: { warning: vi.fn(), error: vi.fn(), success: vi.fn(), loading: vi.fn(() => vi.fn()) },
  notification: { error: vi.fn() },
  modal: { confirm: vi.fn() },
};
let calls: URL[];

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const ok = (result: unknown) => json({ success: true, code: 0, message: '', result, timestamp: 1 });

beforeEach(() => {
  calls = [];
  forgetDepartTree();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://localhost');
      calls.push(u);
      if (u.pathname.endsWith('/sys/sysDepart/queryTreeList')) return ok(TREE);
      if (u.pathname.endsWith('/sys/user/getMultiUser')) {
        const wanted = (u.searchParams.get('username') ?? '').split(',');
        return json(USERS.filter((x) => wanted.includes(x.username))); // a bare array, like JeecgBoot
      }
      if (u.pathname.endsWith('/sys/user/queryUserComponentData')) return ok({ records: USERS, total: 2 });
      if (u.pathname.endsWith('/sys/position/list'))
        return ok({ records: [{ id: 'p1', code: 'staff', name: '职员', postRank_dictText: '员级' }], total: 1 });
      if (u.pathname.endsWith('/sys/role/queryall'))
        return ok([
          { id: 'r1', roleCode: 'admin', roleName: '管理员' },
          { id: 'r2', roleCode: 'test', roleName: '临时角色' },
        ]);
      return ok(null);
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

const okButton = () => screen.getByRole('button', { name: /确\s*定/ });

describe('JSelectDepart', () => {
  it('shows the names of an initial value, resolved from the department tree', async () => {
    render(<JSelectDepart value="d1,c1" />);
    await waitFor(() => expect(screen.getByDisplayValue('市场部,北京国炬软件')).toBeTruthy());
  });

  it('marks an empty confirm as an error, then returns the checked department (orgCode with customReturnField)', async () => {
    const onChange = vi.fn();
    const onBack = vi.fn();
    render(<JSelectDepart onChange={onChange} onBack={onBack} customReturnField="orgCode" />);
    fireEvent.click(screen.getByRole('button', { name: /选\s*择/ }));
    await screen.findByText('选择部门');
    await screen.findByText('市场部');
    fireEvent.click(okButton());
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '请选择部门');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('市场部'));
    fireEvent.click(okButton());
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('A01A03'));
    expect(onBack).toHaveBeenCalledWith([{ value: 'A01A03', text: '市场部' }]);
    expect(screen.getByDisplayValue('市场部')).toBeTruthy();
  });
});

describe('JSelectUserByDep', () => {
  it('looks up the real names of an initial value with getMultiUser', async () => {
    render(<JSelectUserByDep value="jeecg,admin" />);
    await waitFor(() => expect(screen.getByDisplayValue('杰克,管理员')).toBeTruthy());
    const lookup = calls.find((c) => c.pathname.endsWith('/getMultiUser'));
    expect(lookup?.searchParams.get('username')).toBe('jeecg,admin');
  });

  it('pages users sorted by createTime desc, needs a row to confirm and returns usernames', async () => {
    const onChange = vi.fn();
    render(<JSelectUserByDep onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /选\s*择/ }));
    await screen.findByText('杰克');
    const q = calls.find((c) => c.pathname.endsWith('/queryUserComponentData'));
    expect(q?.searchParams.get('column')).toBe('createTime');
    expect(q?.searchParams.get('order')).toBe('desc');
    expect(q?.searchParams.get('pageNo')).toBe('1');
    fireEvent.click(okButton());
    expect(fb.message.warning).toHaveBeenCalledWith('请选择一条记录');
    fireEvent.click(screen.getByText('杰克'));
    fireEvent.click(screen.getByText('管理员'));
    fireEvent.click(okButton());
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('jeecg,admin'));
  });
});

describe('JSelectPosition', () => {
  it('shows the name of an initial code, looked up with a comma-terminated code list', async () => {
    render(<JSelectPosition value="staff" />);
    await screen.findByText('职员');
    const lookup = calls.find((c) => c.pathname.endsWith('/sys/position/list'));
    expect(lookup?.searchParams.get('code')).toBe('staff,');
  });
});

describe('JSelectRole', () => {
  it('shows role names of initial ids (or codes with store="roleCode") from queryall', async () => {
    render(<JSelectRole value="r2" />);
    await screen.findByText('临时角色');
    cleanup();
    render(<JSelectRole value="admin" store="roleCode" multiple />);
    await screen.findByText('管理员');
  });
});
