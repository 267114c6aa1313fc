import { describe, expect, it } from 'vitest';
import { MemoryPubSub } from '../infra/pubsub.ts';
import { CachedSessionStore, type SessionRecord, type SessionStore } from './sessions.ts';

/** counts lookups of a trivial store, to observe the cache */
function countingStore(): SessionStore & { lookups: number; live: Map<string, SessionRecord> } {
  const live = new Map<string, SessionRecord>();
  const store = {
    lookups: 0,
    live,
    async create() {
      throw new Error('unused');
    },
    async resolve(token: string) {
      store.lookups++;
      return live.get(token) ?? null;
    },
    async revoke(token: string) {
      return live.delete(token);
    },
    async revokeHash() {
      live.clear();
      return true;
    },
    async revokeUser() {
      const n = live.size;
      live.clear();
      return n;
    },
    async list() {
      return [...live.values()];
    },
    async purgeExpired() {},
  };
  return store;
}

const token = 'A'.repeat(43);
const policy = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 };
const rec = (): SessionRecord => ({
  tokenHash: 'h',
  userId: 'u1',
  username: 'admin',
  createdAt: Date.now(),
  lastSeenAt: Date.now(),
  expiresAt: Date.now() + policy.absoluteMs,
  ip: null,
  userAgent: null,
});

describe('CachedSessionStore', () => {
  it('serves a burst from one store lookup', async () => {
    const inner = countingStore();
    inner.live.set(token, rec());
    const cached = new CachedSessionStore(inner, policy, new MemoryPubSub());
    await cached.start();
    for (let i = 0; i < 5; i++) expect(await cached.resolve(token)).not.toBeNull();
    expect(inner.lookups).toBe(1);
  });

  it('forgets a session at once when another node announces its revocation', async () => {
    const bus = new MemoryPubSub();
    const innerA = countingStore();
    innerA.live.set(token, rec());
    const nodeA = new CachedSessionStore(innerA, policy, bus);
    const nodeB = new CachedSessionStore(countingStore(), policy, bus);
    await nodeA.start();
    await nodeB.start();
    expect(await nodeA.resolve(token)).not.toBeNull();
    innerA.live.clear(); // the shared store no longer has it …
    await nodeB.revokeUser('u1'); // … and node B says so
    await new Promise((r) => setTimeout(r, 5));
    expect(await nodeA.resolve(token)).toBeNull();
  });

  it('never serves an idle-expired session from the cache', async () => {
    const inner = countingStore();
    const r = rec();
    inner.live.set(token, r);
    const cached = new CachedSessionStore(inner, { idleMs: 50, absoluteMs: 10_000 }, new MemoryPubSub(), 60_000);
    await cached.start();
    expect(await cached.resolve(token)).not.toBeNull();
    inner.live.clear();
    await new Promise((res) => setTimeout(res, 80));
    expect(await cached.resolve(token)).toBeNull();
  });
});
