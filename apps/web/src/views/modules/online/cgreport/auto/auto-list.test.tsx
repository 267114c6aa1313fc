// The report screen against the wire shapes of contract-2 §4.3 (fetch answered as the server answers).
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpState } from '../../../../../api/http';
import { installMatchMedia } from '../../../../../components/list/test-dom';
import OnlCgreportAutoList from './OnlCgreportAutoList';

installMatchMedia();
vi.setConfig({ testTimeout: 30_000 });

const ok = (result: unknown) => ({ success: true, code: 200, message: '', result, timestamp: 1 });
let calls: URL[];
let dataAnswer: unknown;

const columnsAndData = (records: Record<string, unknown>[]) =>
  ok({
    data: { total: records.length, records },
    columns: [
      { title: '姓名', dataIndex: 'name', isTotal: '0' },
      { title: '性别', dataIndex: 'sex', customRender: 'sex', isTotal: '0' },
      { title: '工资', dataIndex: 'salary', isTotal: '1', groupTitle: '收入' },
      { title: '奖金', dataIndex: 'bonus', isTotal: '1', groupTitle: '收入' },
    ],
    cgreportHeadName: '示例报表',
    dictOptions: { sex: [{ value: '1', text: '男' }] },
    fieldHrefSlots: [],
    isGroupTitle: true,
  });

beforeEach(() => {
  calls = [];
  resetHttpState();
  configureHttp({ getToken: () => 'tok', getTenantId: () => null });
  dataAnswer = columnsAndData([
    { name: '张三', sex: 1, salary: '100.5', bonus: 10 },
    { name: '李四', sex: 1, salary: 200, bonus: '奖' },
  ]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://localhost');
      calls.push(u);
      let body: unknown = ok([]);
      if (u.pathname.includes('/getParamsInfo/')) body = ok([{ paramName: 'dept', paramTxt: '部门' }]);
      if (u.pathname.includes('/getColumnsAndData/')) body = dataAnswer;
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/online/cgreport/:code" element={<OnlCgreportAutoList />} />
      </Routes>
    </MemoryRouter>,
  );

describe('OnlCgreportAutoList', () => {
  it('sends self_ parameters from the route, shows dictionary texts, group titles and the total row', async () => {
    open('/online/cgreport/r1?dept=A01');
    await screen.findByText('张三', undefined, { timeout: 10_000 });
    // the SQL parameter is a query field holding its value (issue 29)
    expect((screen.getByTestId('report-param-dept') as HTMLInputElement).value).toBe('A01');
    const data = calls.find((u) => u.pathname.endsWith('/getColumnsAndData/r1'));
    expect(data?.searchParams.get('self_dept')).toBe('A01');
    expect(data?.searchParams.get('pageSize')).toBe('10');
    expect(screen.getAllByText('男')).toHaveLength(2);
    expect(screen.getByText('收入')).toBeTruthy();
    const total = await screen.findByTestId('report-total');
    expect(within(total).getByText('合计')).toBeTruthy();
    expect(within(total).getByText('300.5')).toBeTruthy();
    expect(within(total).getByText('包含非数字内容')).toBeTruthy();
  });

  it('a failed query says 查询失败：<message>', async () => {
    dataAnswer = { success: false, code: 500, message: '查询超时（超过 5 秒），已停止', result: null };
    open('/online/cgreport/r1');
    await waitFor(
      () => expect(screen.getByTestId('report-error').textContent).toContain('查询失败：查询超时（超过 5 秒），已停止'),
      { timeout: 10_000 },
    );
  });
});
