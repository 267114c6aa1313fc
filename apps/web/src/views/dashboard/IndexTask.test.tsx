import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMatchMedia } from '../../components/list/test-dom';
import IndexTask from './IndexTask';

const SLOW = { timeout: 30_000 };

function Where() {
  const at = useLocation();
  return <div data-testid="where">{at.pathname + at.search}</div>;
}

beforeAll(() => {
  installMatchMedia();
  configure({ asyncUtilTimeout: 10_000 });
});
beforeEach(() => {
  // 17:30 UTC is already the next day in GMT+8 (the server's 今日)
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T17:30:00Z'));
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            success: true,
            code: 200,
            message: '',
            timestamp: 1,
            result: {
              cards: [
                {
                  key: 'reservations',
                  title: '待确认预约',
                  count: 1,
                  link: '/answer/reservation?status=0',
                  items: [{ id: 'r', title: '吴敏 · 法律法规线上答题', description: null, time: null }],
                },
                {
                  key: 'sessions',
                  title: '今日场次',
                  count: 3,
                  link: '/answer/session',
                  items: [{ id: 's', title: '消防安全知识答题', description: null, time: '2026-11-26 09:00:00' }],
                },
              ],
            },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function open() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/dashboard/analysis']}>
        <Routes>
          <Route path="/dashboard/analysis" element={<IndexTask />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('任务 drill-down links', () => {
  it('今日场次 opens 答题场次 on today (GMT+8), not cancelled', SLOW, async () => {
    open();
    const card = (await screen.findByText('消防安全知识答题')).closest('[data-task]') as HTMLElement;
    expect(card.getAttribute('data-task')).toBe('sessions');
    fireEvent.click(within(card).getByRole('button', { name: /查看全部/ }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/answer/session?date=2026-11-26&status=0,1,2'),
    );
  });

  it(
    'a link that carries its own filter is kept (待确认预约 → ?status=0); an item opens the same list',
    SLOW,
    async () => {
      open();
      fireEvent.click(await screen.findByText('吴敏 · 法律法规线上答题'));
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/answer/reservation?status=0'));
    },
  );
});
