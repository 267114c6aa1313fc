import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOAD_RETRY_MS, lazyWithRetry } from './LoadFailure';
import { entryScriptOf } from './recover';

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/UserList-abc.js');

function Page() {
  return <div data-testid="page">用户列表</div>;
}

/** a route whose code fails `failures` times, then arrives */
function flakyRoute(failures: number) {
  let calls = 0;
  const load = vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw chunkError();
    return { default: Page };
  });
  const router = createMemoryRouter([{ path: '/', lazy: lazyWithRetry(load) }]);
  render(<RouterProvider router={router} />);
  return load;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('lazyWithRetry (spec 01 §8 chunk load failure)', () => {
  it('shows the failure in the page’s place and loads the page on 重试, without a reload', async () => {
    const load = flakyRoute(1);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('页面加载失败');
    expect(alert.textContent).toContain('ChunkLoadError');
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect((await screen.findByTestId('page')).textContent).toBe('用户列表');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps showing the failure while the code still does not arrive, then recovers when back online', async () => {
    const load = flakyRoute(2);
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    // that attempt is over (the button is no longer busy) and the failure is still shown
    await vi.waitFor(() => expect(document.querySelector('.ant-btn-loading')).toBeNull());
    expect(screen.getByRole('alert').textContent).toContain('ChunkLoadError');
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByTestId('page')).toBeTruthy();
  });

  it('retries by itself every few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const load = flakyRoute(1);
    await screen.findByRole('alert');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOAD_RETRY_MS);
    });
    expect(await screen.findByTestId('page')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('names a style-file failure CSS_CHUNK_LOAD_FAILED', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        lazy: lazyWithRetry(() => Promise.reject(new Error('Unable to preload CSS for /assets/UserList-abc.css'))),
      },
    ]);
    render(<RouterProvider router={router} />);
    expect((await screen.findByRole('alert')).textContent).toContain('CSS_CHUNK_LOAD_FAILED');
    expect(screen.getByRole('alert').textContent).toContain('页面样式文件加载失败');
  });

  it('leaves other errors to the route’s error boundary', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        lazy: lazyWithRetry(() => Promise.reject(new Error('MODULE_NOT_FOUND: system/Nope'))),
        ErrorBoundary: () => <div data-testid="boundary">boundary</div>,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByTestId('boundary')).toBeTruthy();
  });
});

describe('entryScriptOf', () => {
  it('reads the entry script a build’s index.html names', () => {
    const html =
      '<head><script type="module" crossorigin src="/assets/index-Cy8nSKAb.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/vendor-react-C6iqnNkj.js"></head>';
    expect(entryScriptOf(html)).toBe('/assets/index-Cy8nSKAb.js');
    expect(entryScriptOf('<html><body>维护中</body></html>')).toBeNull();
  });
});
