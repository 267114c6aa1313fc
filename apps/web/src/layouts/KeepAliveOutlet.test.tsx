import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, useMatches } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tab } from '../stores/tabs';
import { KEPT_ALIVE_MAX, KeepAliveOutlet, retainedKeys } from './KeepAliveOutlet';
import { handleOf, isKeptAlive } from './route-handle';

describe('isKeptAlive (spec 01 §2.3: meta keepAlive and componentName both set)', () => {
  it.each([
    [{ keepAlive: true, componentName: 'UserList' }, true],
    [{ keepAlive: true }, false],
    [{ keepAlive: false, componentName: 'UserList' }, false],
    [{ componentName: 'UserList' }, false],
    [{ keepAlive: true, componentName: '' }, false],
    [undefined, false],
  ])('%j → %s', (handle, kept) => {
    expect(isKeptAlive(handle)).toBe(kept);
  });
});

describe('retainedKeys', () => {
  const pages = new Map([
    ['/kept', { keepAlive: true }],
    ['/kept-closed', { keepAlive: true }],
    ['/plain', { keepAlive: false }],
    ['/current', { keepAlive: false }],
  ]);
  const open = new Set(['/kept', '/plain', '/current']);
  it('keeps the current page and the kept-alive pages of open tabs', () => {
    expect([...retainedKeys(pages, '/current', open, true)].sort()).toEqual(['/current', '/kept']);
  });
  it('keeps only the current page without multipage', () => {
    expect([...retainedKeys(pages, '/current', open, false)]).toEqual(['/current']);
  });
  it(`keeps at most ${KEPT_ALIVE_MAX} background pages, the most recently shown (ADR 077)`, () => {
    const many = new Map(Array.from({ length: 12 }, (_, i) => [`/k${i}`, { keepAlive: true }] as const));
    const openAll = new Set([...many.keys(), '/current']);
    // /k0 shown last, /k11 first
    const shown = new Map([...many.keys()].map((k, i) => [k, 100 - i]));
    const kept = retainedKeys(many, '/current', openAll, true, shown);
    expect(kept.size).toBe(KEPT_ALIVE_MAX + 1);
    expect(kept.has('/current')).toBe(true);
    expect([...kept].filter((k) => k !== '/current').sort()).toEqual(
      Array.from({ length: KEPT_ALIVE_MAX }, (_, i) => `/k${i}`).sort(),
    );
    // the current page counts whatever its recency; a smaller bound applies the same way
    expect([...retainedKeys(many, '/k11', openAll, true, shown, 2)].sort()).toEqual(['/k0', '/k1', '/k11']);
  });
});

function Field({ label }: { label: string }) {
  const [value, setValue] = useState('');
  return <input aria-label={label} value={value} onChange={(e) => setValue(e.target.value)} />;
}

const tabs: Tab[] = ['/kept', '/flag-only', '/plain'].map((key) => ({ key, title: key, version: 0, used: 0 }));

function Layout() {
  const { pathname } = useLocation();
  const matches = useMatches();
  return (
    <KeepAliveOutlet
      currentKey={pathname}
      keepAlive={isKeptAlive(handleOf(matches[matches.length - 1]))}
      tabs={tabs}
      enabled
    />
  );
}

function setup() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Layout />,
        children: [
          { path: 'kept', element: <Field label="kept" />, handle: { keepAlive: true, componentName: 'Kept' } },
          { path: 'flag-only', element: <Field label="flag-only" />, handle: { keepAlive: true } },
          { path: 'plain', element: <Field label="plain" />, handle: {} },
        ],
      },
    ],
    { initialEntries: ['/kept'] },
  );
  const view = render(<RouterProvider router={router} />);
  const input = (key: string) => view.container.querySelector<HTMLInputElement>(`[data-page-key="${key}"] input`);
  const go = (path: string) => act(() => router.navigate(path));
  const type = (key: string, text: string) => {
    const el = input(key);
    if (!el) throw new Error(`no input on ${key}`);
    fireEvent.change(el, { target: { value: text } });
  };
  return { input, go, type };
}

describe('KeepAliveOutlet', () => {
  afterEach(cleanup);
  // jsdom has no scrolling
  beforeAll(() => {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  });

  it('a kept-alive page stays mounted (hidden) in the background and keeps its input', async () => {
    const { input, go, type } = setup();
    type('/kept', 'typed');
    await go('/plain');
    expect(input('/kept')?.value).toBe('typed');
    expect(input('/kept')?.closest('[data-page-key]')?.getAttribute('style') ?? '').toMatch(/display:\s*none/);
    await go('/kept');
    expect(input('/kept')?.value).toBe('typed');
  });

  it.each(['/plain', '/flag-only'])('%s is unmounted in the background and mounts fresh on return', async (key) => {
    const { input, go, type } = setup();
    await go(key);
    type(key, 'typed');
    await go('/kept');
    expect(input(key)).toBeNull();
    await go(key);
    expect(input(key)?.value).toBe('');
  });
});
