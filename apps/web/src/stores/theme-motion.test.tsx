import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { REDUCED_MOTION_QUERY, useThemeConfig } from './settings';

/** a matchMedia whose reduced-motion answer the test flips, firing `change` like a browser */
function stubMatchMedia(initial: boolean) {
  let reduce = initial;
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === REDUCED_MOTION_QUERY ? reduce : false;
    },
    media: query,
    onchange: null,
    addEventListener: (_: string, cb: () => void) => listeners.add(cb),
    removeEventListener: (_: string, cb: () => void) => listeners.delete(cb),
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  return {
    set(next: boolean) {
      reduce = next;
      for (const cb of listeners) cb();
    },
    restore() {
      window.matchMedia = original;
    },
  };
}

let stub: ReturnType<typeof stubMatchMedia> | undefined;
afterEach(() => {
  cleanup();
  stub?.restore();
});

describe('useThemeConfig and the system reduced-motion setting', () => {
  it('turns antd motion off when the system asks for reduced motion as the app starts', () => {
    stub = stubMatchMedia(true);
    const { result } = renderHook(() => useThemeConfig());
    expect(result.current.token?.motion).toBe(false);
  });

  it('keeps motion on otherwise, and keeps the value read at start while the app runs (no remount of the pages)', () => {
    stub = stubMatchMedia(false);
    const { result, rerender } = renderHook(() => useThemeConfig());
    expect(result.current.token?.motion).toBe(true);
    act(() => stub?.set(true));
    rerender();
    expect(result.current.token?.motion).toBe(true);
  });
});
