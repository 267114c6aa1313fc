import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPeer, createTestApp, onRedis, type TestApp } from '../../test/harness.ts';
import { sysSession } from '../db/schema/index.ts';
import { MemoryPubSub, type PubSub } from '../infra/pubsub.ts';
import { CachedSessionStore, DbSessionStore, type SessionPolicy } from './sessions.ts';

// The per-request session check (ADR 015): the session table is the truth, each node keeps what it has seen in
// memory and forgets it at once when any node ends the session. Two "nodes" here are two stores on one database
// sharing one bus; the Redis suite at the end runs two real app instances.

const policy: SessionPolicy = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 };
const IDLE = policy.idleMs;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const nodes: CachedSessionStore[] = [];
afterAll(async () => {
  for (const n of nodes) await n.close();
});

async function node(bus: PubSub = new MemoryPubSub(), p: SessionPolicy = policy) {
  const store = new CachedSessionStore(new DbSessionStore(t.app.ctx.db, p), p, bus);
  await store.start();
  nodes.push(store);
  return store;
}

const tick = () => new Promise((r) => setImmediate(r));
/** a controllable clock for the idle-expiry rules */
function clock() {
  let now = Date.now();
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  return {
    advance(ms: number) {
      now += ms;
    },
  };
}

async function storedLastSeen(tokenHash: string) {
  const [row] = await t.app.ctx.db.select().from(sysSession).where(eq(sysSession.tokenHash, tokenHash));
  return row?.lastSeenAt.getTime();
}

describe('session check per request', () => {
  it('serves a burst with one token from one database read', async () => {
    const a = await node();
    const { token } = await a.create({ userId: 'u-burst', username: 'burst' });
    const reads = vi.spyOn(a.inner, 'find');
    for (let i = 0; i < 20; i++) expect(await a.resolve(token)).toMatchObject({ userId: 'u-burst' });
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('a session ended on one node is refused at once on another that had it in memory', async () => {
    const bus = new MemoryPubSub();
    const a = await node(bus);
    const b = await node(bus);
    const one = await a.create({ userId: 'u-x', username: 'x' });
    const two = await a.create({ userId: 'u-x', username: 'x' });
    const other = await a.create({ userId: 'u-y', username: 'y' });
    for (const s of [one, two, other]) expect(await b.resolve(s.token)).not.toBeNull();
    await a.revoke(one.token);
    await tick();
    expect(await b.resolve(one.token)).toBeNull();
    expect(await b.resolve(two.token)).not.toBeNull();
    await a.revokeUser('u-x'); // password change, freeze, force logout
    await tick();
    expect(await b.resolve(two.token)).toBeNull();
    expect(await b.resolve(other.token)).not.toBeNull();
  });

  it('trusts nothing in memory while the fan-out is down', async () => {
    const bus = new MemoryPubSub();
    let up = true;
    const flaky: PubSub = {
      publish: (c, m) => bus.publish(c, m),
      subscribe: (c, h) => bus.subscribe(c, h),
      close: () => bus.close(),
      connected: () => up,
    };
    const a = await node(flaky);
    const { token } = await a.create({ userId: 'u-down', username: 'down' });
    expect(await a.resolve(token)).not.toBeNull();
    up = false;
    // ended behind this node's back (no message could reach it): the next check reads the table
    await new DbSessionStore(t.app.ctx.db, policy).revoke(token);
    expect(await a.resolve(token)).toBeNull();
  });

  it('only the user’s own requests extend the idle expiry, background calls do not', async () => {
    const c = clock();
    const a = await node();
    const polled = await a.create({ userId: 'u-poll', username: 'poll' });
    const used = await a.create({ userId: 'u-use', username: 'use' });
    for (let i = 0; i < 7; i++) {
      c.advance(IDLE / 8);
      // the bell's poll on one, a click now and then on the other
      expect(await a.resolve(polled.token, { background: true })).not.toBeNull();
      expect(await a.resolve(used.token)).not.toBeNull();
    }
    c.advance(IDLE / 2);
    expect(await a.resolve(polled.token, { background: true })).toBeNull();
    expect(await a.resolve(used.token, { background: true })).not.toBeNull();
    // ended for good: also gone from the table
    expect(await storedLastSeen(polled.record.tokenHash)).toBeUndefined();
  });

  it('writes last-seen in batches, rarely, and a session extended on one node stays alive on another', async () => {
    const c = clock();
    const bus = new MemoryPubSub();
    const a = await node(bus);
    const b = await node(bus);
    const { token, record } = await a.create({ userId: 'u-slide', username: 'slide' });
    expect(await b.resolve(token, { background: true })).not.toBeNull(); // B remembers the old last-seen
    const writes = vi.spyOn(a.inner, 'touchMany');
    const created = record.lastSeenAt;
    // 200 requests within a few seconds: no write at all (under a tenth of the idle limit)
    for (let i = 0; i < 200; i++) {
      c.advance(10);
      await a.resolve(token);
    }
    await a.flush();
    expect(writes).not.toHaveBeenCalled();
    expect(await storedLastSeen(record.tokenHash)).toBe(created);
    // the user keeps working on A for most of the idle period: a handful of writes, not one per request
    for (let i = 0; i < 90; i++) {
      c.advance(IDLE / 100);
      await a.resolve(token);
      if (i % 10 === 0) await a.flush();
    }
    await a.flush();
    expect(writes.mock.calls.length).toBeGreaterThan(0);
    expect(writes.mock.calls.length).toBeLessThanOrEqual(12);
    expect(await storedLastSeen(record.tokenHash)).toBeGreaterThan(created + IDLE / 2);
    // on B the session looks idle by its own memory; it re-reads the table and keeps it
    c.advance(IDLE / 5);
    expect(await b.resolve(token, { background: true })).toMatchObject({ userId: 'u-slide' });
  });

  it('an absolute expiry ends the session wherever it is seen', async () => {
    const c = clock();
    const a = await node(new MemoryPubSub(), { idleMs: 2 * 3_600_000, absoluteMs: policy.absoluteMs });
    const { token, record } = await a.create({ userId: 'u-abs', username: 'abs' });
    for (let i = 0; i < 13; i++) {
      c.advance(policy.absoluteMs / 12);
      if (i < 11) expect(await a.resolve(token)).not.toBeNull();
    }
    expect(await a.resolve(token)).toBeNull();
    expect(await storedLastSeen(record.tokenHash)).toBeUndefined();
  });
});

// Two app instances on one database and one Redis (npm run test:services).
describe.skipIf(!onRedis)('sessions across two nodes sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createPeer(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  const me = (node: TestApp, token: string) =>
    node.req({ method: 'GET', url: '/jeecg-boot/sys/permission/getUserPermissionByToken', token });

  it('a sign-out on A is refused on B at once', async () => {
    const token = await a.login('zhangsan', '123456');
    expect((await me(b, token)).json.success).toBe(true);
    const out = await a.req({ method: 'POST', url: '/jeecg-boot/sys/logout', token });
    expect(out.json.success).toBe(true);
    expect((await me(b, token)).statusCode).toBe(401);
  });

  it('sessions survive losing every Redis key of the installation (FLUSHALL) and a lost subscriber link', async () => {
    const token = await a.login('zhangsan', '123456');
    expect((await me(b, token)).json.success).toBe(true);
    await a.app.ctx.kv.delPrefix('');
    expect((await me(a, token)).json.success).toBe(true);
    expect((await me(b, token)).json.success).toBe(true);
    // the link drops and comes back: memory is cleared, the table still knows the session
    const peer = b.app.ctx.pubsub as unknown as { sub: { disconnect(reconnect: boolean): void } };
    const reset = new Promise<void>((resolve) => b.app.ctx.pubsub.onReset?.(resolve));
    peer.sub.disconnect(true);
    await reset;
    expect((await me(b, token)).json.success).toBe(true);
  });
});
