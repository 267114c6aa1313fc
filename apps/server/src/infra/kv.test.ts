import { describe, expect, it } from 'vitest';
import { KvBreaker, MemoryKV } from './kv.ts';

// The circuit breaker of ADR 018 for fail-open KV callers: after Redis failed, skip it for a backoff, then let one
// probe through; any answer from Redis closes it.
describe('KvBreaker', () => {
  function clocked() {
    let now = 1_000_000;
    const b = new KvBreaker(2000, () => now);
    return { b, advance: (ms: number) => (now += ms) };
  }

  it('lets every call through while Redis answers', () => {
    const { b } = clocked();
    for (let i = 0; i < 5; i++) {
      expect(b.admit()).toBe(true);
      b.succeeded();
    }
    expect(b.isOpen).toBe(false);
  });

  it('after a failure skips Redis for the backoff, then lets exactly one probe through', () => {
    const { b, advance } = clocked();
    b.failed();
    expect(b.isOpen).toBe(true);
    expect(b.admit()).toBe(false);
    advance(1999);
    expect(b.admit()).toBe(false);
    advance(1);
    expect(b.admit()).toBe(true); // the probe
    expect(b.admit()).toBe(false); // others keep skipping while it is out
    b.failed(); // the probe timed out: another backoff
    expect(b.admit()).toBe(false);
    advance(2000);
    expect(b.admit()).toBe(true);
    b.succeeded();
    expect(b.isOpen).toBe(false);
    expect(b.admit()).toBe(true);
    expect(b.admit()).toBe(true);
  });

  it('a probe that never reports back does not keep the breaker shut for good', () => {
    const { b, advance } = clocked();
    b.failed();
    advance(2000);
    expect(b.admit()).toBe(true);
    advance(1999);
    expect(b.admit()).toBe(false);
    advance(1);
    expect(b.admit()).toBe(true);
  });
});

describe('MemoryKV', () => {
  it('is its own best-effort view', async () => {
    const kv = new MemoryKV();
    expect(kv.bestEffort).toBe(kv);
    expect(await kv.bestEffort.incr('x', 1000)).toBe(1);
    expect(await kv.incr('x', 1000)).toBe(2);
    await kv.close();
  });
});
