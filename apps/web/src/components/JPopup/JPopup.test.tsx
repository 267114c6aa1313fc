// JPopup over the online-report popup API (contract-2 §4.3): fetch answered the way the server's
// /online/cgreport/api/getRpColumns|getQueryInfo|getData answer.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpState } from '../../api/http';
import { bindFeedback, type Feedback } from '../../utils/feedback';
import { installMatchMedia } from '../list/test-dom';
import { clearPopupCache, JPopup, POPUP_MODAL_WIDTH, POPUP_PAGE_SIZE, popupClearValues, popupFieldText } from '.';

installMatchMedia();
vi.setConfig({ testTimeout: 60_000 });

const ok = (result: unknown) => ({ success: true, code: 200, message: '', result, timestamp: 1 });
const fb = {
  message: { warning: vi.fn(), error: vi.fn(), success: vi.fn() },
  notification: { error: vi.fn() },
  modal: { error: vi.fn() },
};
const USERS = [
  { username: 'admin', realname: '管理员' },
  { username: 'jeecg', realname: '张三' },
];
let calls: URL[];

beforeEach(() => {
  calls = [];
  for (const f of [fb.message.warning, fb.message.error, fb.modal.error]) f.mockClear();
  resetHttpState();
  clearPopupCache();
  bindFeedback(fb as unknown as Feedback);
  configureHttp({ getToken: () => 'tok', getTenantId: () => null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://localhost');
      calls.push(u);
      const p = u.pathname;
      let body: unknown = { success: false, code: 500, message: '报表不存在', result: null };
      if (p.endsWith('/getRpColumns/report_user'))
        body = ok({
          cgRpConfigId: 'h1',
          cgRpConfigName: '用户选择',
          columns: [
            { title: '账号', dataIndex: 'username' },
            { title: '姓名', dataIndex: 'realname' },
          ],
          dictOptions: {},
        });
      if (p.endsWith('/getQueryInfo/h1')) body = ok([]);
      if (p.endsWith('/getData/h1')) body = ok({ records: USERS, total: USERS.length });
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('JPopup logic', () => {
  it('the field shows the original field feeding it; clearing empties every destination', () => {
    const rows = [
      { username: 'admin', realname: '管理员' },
      { username: 'jeecg', realname: '' },
    ];
    expect(popupFieldText(rows, 'username,realname', 'user_code,user_name', 'user_name')).toBe('管理员,');
    expect(popupFieldText(rows.slice(0, 1), 'username,realname', 'user_code,user_name', 'user_code')).toBe('admin');
    expect(popupFieldText(rows, 'username', 'user_code', 'other')).toBe('');
    expect(popupClearValues('a, b')).toEqual({ a: '', b: '' });
    expect(POPUP_PAGE_SIZE).toBe(5);
    expect(POPUP_MODAL_WIDTH).toBe(1200);
  });
});

describe('JPopup', () => {
  it('a bad configuration says so and never calls the server', async () => {
    render(<JPopup code="report_user" orgFields="username,realname" destFields="user_code" />);
    await waitFor(() => expect(fb.message.error).toHaveBeenCalledWith('popup参数未正确配置,原始值和目标值数量不一致!'));
    cleanup();
    render(<JPopup code="" orgFields="username" destFields="user_code" />);
    await waitFor(() => expect(fb.message.error).toHaveBeenCalledWith('popup参数未正确配置!'));
    expect(calls).toHaveLength(0);
  });

  it('click opens the 1200 px picker; 确定 gives every destination and the field its own text', async () => {
    const onChange = vi.fn();
    const onCallback = vi.fn();
    render(
      <JPopup
        code="report_user"
        field="user_name"
        orgFields="username,realname"
        destFields="user_code,user_name"
        value="旧值"
        onChange={onChange}
        onCallback={onCallback}
      />,
    );
    const input = screen.getByDisplayValue('旧值');
    fireEvent.click(input);
    await screen.findByText('张三');
    expect(screen.getByText('用户选择')).toBeTruthy();
    const modal = document.querySelector('.ant-modal') as HTMLElement;
    expect(modal.style.width).toBe('1200px');
    expect(calls.at(-1)?.searchParams.get('pageSize')).toBe('5');
    fireEvent.click(screen.getByText('张三'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(onCallback).toHaveBeenCalledWith({ user_code: 'jeecg', user_name: '张三' });
    expect(onChange).toHaveBeenCalledWith('张三', { user_code: 'jeecg', user_name: '张三' });
  });

  it('the clear icon empties the field and every destination', () => {
    const onChange = vi.fn();
    render(
      <JPopup
        code="report_user"
        field="a"
        orgFields="username,realname"
        destFields="a,b"
        value="x"
        onChange={onChange}
      />,
    );
    fireEvent.click(screen.getByLabelText('清除'));
    expect(onChange).toHaveBeenCalledWith('', { a: '', b: '' });
  });
});
