import { describe, expect, it, vi } from 'vitest';
import { openWithRetry, placeUnder, SUB_TABLE_FAILED, SubTableOpenError } from './retry';

const noWait = () => Promise.resolve();

describe('sub-table popover: opening with retries', () => {
  it('opens at once when the row is there', async () => {
    const attempt = vi.fn(() => 'row-el');
    await expect(openWithRetry(attempt, { wait: noWait })).resolves.toBe('row-el');
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('retries while the row is missing and opens on the 3rd retry', async () => {
    const levels: number[] = [];
    const got = await openWithRetry(
      (level) => {
        levels.push(level);
        return level === 3 ? 'found' : null;
      },
      { wait: noWait },
    );
    expect(got).toBe('found');
    expect(levels).toEqual([0, 1, 2, 3]);
  });

  it('after more than 3 failed retries: 打开子表失败 (4 attempts in all, none more)', async () => {
    const attempt = vi.fn(() => null);
    const err = await openWithRetry(attempt, { wait: noWait }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SubTableOpenError);
    expect((err as Error).message).toBe('打开子表失败');
    expect(SUB_TABLE_FAILED).toBe('打开子表失败');
    expect(attempt).toHaveBeenCalledTimes(4);
  });

  it('a throwing attempt counts as a failed one; waits between attempts', async () => {
    const waits: number[] = [];
    let n = 0;
    const got = await openWithRetry(
      () => {
        n++;
        if (n < 3) throw new Error('not rendered');
        return 42;
      },
      { delayMs: 25, wait: async (ms) => void waits.push(ms) },
    );
    expect(got).toBe(42);
    expect(waits).toEqual([25, 25]);
  });

  it('a cancelled open (closed / other row) stops quietly', async () => {
    let cancelled = false;
    const attempt = vi.fn(() => {
      cancelled = true;
      return null;
    });
    await expect(openWithRetry(attempt, { wait: noWait, cancelled: () => cancelled })).resolves.toBeNull();
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('real timers: gives up after the retries', async () => {
    vi.useFakeTimers();
    try {
      const attempt = vi.fn(() => undefined);
      const p = openWithRetry(attempt, { delayMs: 100 }).catch((e: Error) => e.message);
      await vi.advanceTimersByTimeAsync(1000);
      await expect(p).resolves.toBe('打开子表失败');
      expect(attempt).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('popover placement', () => {
  const view = { width: 1366, height: 768 };
  it('under the row, as wide as the row', () => {
    expect(placeUnder({ top: 100, bottom: 161, left: 20, width: 800 }, view)).toEqual({
      top: 165,
      left: 20,
      width: 800,
    });
  });
  it('kept inside the window', () => {
    const p = placeUnder({ top: 100, bottom: 161, left: 1000, width: 800 }, view);
    expect(p.left + p.width).toBeLessThanOrEqual(1366 - 8);
    expect(placeUnder({ top: 0, bottom: 10, left: 0, width: 3000 }, view).width).toBe(1366 - 16);
  });
  it('above the row when there is no room below', () => {
    expect(placeUnder({ top: 600, bottom: 661, left: 0, width: 500 }, view, 300).top).toBe(600 - 300 - 4);
    expect(placeUnder({ top: 100, bottom: 161, left: 0, width: 500 }, view, 300).top).toBe(165);
  });
});
