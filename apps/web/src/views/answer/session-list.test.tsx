import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpState } from '../../api/http';
import { installMatchMedia } from '../../components/list/test-dom';
import { useSession } from '../../stores/session';
import { bindFeedback, type Feedback } from '../../utils/feedback';
import SessionList from './SessionList';
import { sessionOpenWith } from './session.data';

/** antd pages render slowly in jsdom on a busy machine */
const SLOW = { timeout: 30_000 };

const session = (id: string, name: string, startTime: string, status: string, text: string) => ({
  id,
  name,
  subject: 'safety',
  subject_dictText: '安全知识',
  startTime,
  endTime: startTime.replace(/ \d\d:/, ' 23:'),
  place: '一号楼 301',
  capacity: 10,
  bookedCount: 1,
  reserveEnd: startTime,
  status,
  status_dictText: text,
});
/** the server's rows: two on 2026-11-25 (one cancelled), one on another day */
const ROWS = [
  session('s1', '今日上午场', '2026-11-25 09:00:00', '2', '已结束'),
  session('s2', '今日取消场', '2026-11-25 10:00:00', '3', '已取消'),
  session('s3', '下周场', '2026-12-02 09:00:00', '0', '未开始'),
];

let lists: URLSearchParams[];
beforeAll(() => {
  installMatchMedia();
  configure({ asyncUtilTimeout: 10_000 });
});
beforeEach(() => {
  lists = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      const body = (result: unknown) =>
        new Response(JSON.stringify({ success: true, code: 200, message: '', result, timestamp: 1 }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      if (url.pathname.endsWith('/answer/session/list')) {
        const q = url.searchParams;
        lists.push(q);
        // the server's filters (date = the day of startTime here; status a comma list)
        const date = q.get('date');
        const status = q.get('status')?.split(',');
        const records = ROWS.filter(
          (r) => (!date || r.startTime.startsWith(date)) && (!status || status.includes(r.status)),
        );
        return body({ records, total: records.length, size: 10, current: 1, pages: 1 });
      }
      if (url.pathname.includes('getDictItems/answer_session_status')) {
        return body(
          ['未开始', '进行中', '已结束', '已取消'].map((text, i) => ({ value: String(i), text, label: text })),
        );
      }
      if (url.pathname.includes('getDictItems')) return body([]);
      return body(null);
    }),
  );
  resetHttpState();
  bindFeedback({
    message: { warning: vi.fn(), error: vi.fn(), success: vi.fn(), loading: vi.fn(() => vi.fn()) },
    notification: { error: vi.fn() },
    modal: { confirm: vi.fn() },
  } as unknown as Feedback);
  configureHttp({ getToken: () => 'tok', getTenantId: () => null });
  useSession.setState({ auth: [], allAuth: [] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(at: string) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/answer/session" element={<SessionList />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const form = () => screen.getByTestId('query-form');
/** the date picker's input (a lazy widget: awaited) */
const dateValue = async () => {
  await waitFor(() => expect(form().querySelector('input#date')).toBeTruthy());
  return (form().querySelector('input#date') as HTMLInputElement).value;
};

describe('答题场次 opened by a drill-down (?date=&status=)', () => {
  it('reads only well-formed values from the route', () => {
    expect(sessionOpenWith(new URLSearchParams('date=2026-11-25&status=0,1,2'))).toEqual({
      date: '2026-11-25',
      status: '0,1,2',
    });
    expect(sessionOpenWith(new URLSearchParams('date=today&status=0,9'))).toBeUndefined();
    expect(sessionOpenWith(new URLSearchParams(''))).toBeUndefined();
  });

  it('shows the filtered rows and the filter in the query form; 重置 removes it', SLOW, async () => {
    open('/answer/session?date=2026-11-25&status=0,1,2');
    expect(await screen.findByText('今日上午场')).toBeTruthy();
    expect(screen.queryByText('今日取消场')).toBeNull();
    expect(screen.queryByText('下周场')).toBeNull();
    // the first (and only) load carried the filter
    expect(lists).toHaveLength(1);
    expect(lists[0].get('date')).toBe('2026-11-25');
    expect(lists[0].get('status')).toBe('0,1,2');
    // the filter is visible: the day in the date picker, the states in the status select (one tag shown, "+ 2 ...")
    expect(await dateValue()).toBe('2026-11-25');
    const statusField = () => form().querySelector('[data-query-field="1"]') as HTMLElement;
    await waitFor(() => expect(within(statusField()).getByText('未开始')).toBeTruthy());
    expect(within(statusField()).getByText(/\+ 2/)).toBeTruthy();
    expect(within(form()).queryByText('已取消')).toBeNull();

    fireEvent.click(within(form()).getByRole('button', { name: /重\s*置/ }));
    expect(await screen.findByText('下周场')).toBeTruthy();
    expect(screen.getByText('今日取消场')).toBeTruthy();
    const last = lists.at(-1)!;
    expect(last.has('date')).toBe(false);
    expect(last.has('status')).toBe(false);
    expect(await dateValue()).toBe('');
    expect(within(statusField()).queryByText('未开始')).toBeNull();
  });

  it('opened without a query: no filter sent, the form empty', SLOW, async () => {
    open('/answer/session');
    expect(await screen.findByText('下周场')).toBeTruthy();
    expect(lists[0].has('date')).toBe(false);
    expect(lists[0].has('status')).toBe(false);
    expect(await dateValue()).toBe('');
  });
});
