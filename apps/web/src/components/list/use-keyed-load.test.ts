import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useKeyedLoad } from './use-keyed-load';

describe('useKeyedLoad', () => {
  it('loads nothing without a key, then per key; a stale answer is dropped', async () => {
    const resolvers: Record<string, (v: string) => void> = {};
    const { result, rerender } = renderHook(
      ({ k }: { k: string | null }) =>
        useKeyedLoad(k, () => new Promise<string>((r) => (resolvers[k ?? ''] = r)), 'none'),
      { initialProps: { k: null as string | null } },
    );
    expect(result.current.data).toBe('none');
    expect(result.current.loading).toBe(false);
    rerender({ k: 'a' });
    rerender({ k: 'b' });
    resolvers.b('B');
    await waitFor(() => expect(result.current.data).toBe('B'));
    resolvers.a('A');
    await new Promise((r) => setTimeout(r, 10));
    expect(result.current.data).toBe('B');
    expect(result.current.loading).toBe(false);
  });

  it('keeps the data when a load fails', async () => {
    const { result, rerender } = renderHook(
      ({ k }: { k: string }) =>
        useKeyedLoad(k, () => (k === 'x' ? Promise.resolve(1) : Promise.reject(new Error('net'))), 0),
      { initialProps: { k: 'x' } },
    );
    await waitFor(() => expect(result.current.data).toBe(1));
    rerender({ k: 'y' });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.data).toBe(1);
  });
});
