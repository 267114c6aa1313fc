import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { sysSession } from '../db/schema/index.ts';
import { DbSessionStore, type SessionPolicy, type SessionStore } from './sessions.ts';

// The listing behind the online-users page (the session table): live sessions only, newest first, never a token.
const policy: SessionPolicy = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 };
const shortIdle: SessionPolicy = { idleMs: 150, absoluteMs: 12 * 3_600_000 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function listingSuite(name: string, make: (p: SessionPolicy) => SessionStore) {
  describe(`${name}.list()`, () => {
    it('lists the live sessions newest first with their user, address and times, and no token', async () => {
      const store = make(policy);
      const a = await store.create({ userId: 'u-a', username: 'alice', ip: '10.0.0.1', userAgent: 'ua' });
      await sleep(5);
      const b = await store.create({ userId: 'u-b', username: 'bob', ip: '10.0.0.2' });
      const list = await store.list();
      const mine = list.filter((r) => r.userId === 'u-a' || r.userId === 'u-b');
      expect(mine.map((r) => r.username)).toEqual(['bob', 'alice']);
      expect(mine[0]).toMatchObject({ tokenHash: b.record.tokenHash, ip: '10.0.0.2', userId: 'u-b' });
      expect(mine[1].createdAt).toBeLessThanOrEqual(mine[0].createdAt);
      const text = JSON.stringify(list);
      expect(text).not.toContain(a.token);
      expect(text).not.toContain(b.token);
    });

    it('drops a revoked session and every session of a user ended as a whole', async () => {
      const store = make(policy);
      const s1 = await store.create({ userId: 'u-c', username: 'carol' });
      await store.create({ userId: 'u-d', username: 'dave' });
      await store.create({ userId: 'u-d', username: 'dave' });
      await store.revokeHash(s1.record.tokenHash);
      await store.revokeUser('u-d');
      const users = (await store.list()).map((r) => r.userId);
      expect(users).not.toContain('u-c');
      expect(users).not.toContain('u-d');
    });

    it('leaves out a session idle for longer than the idle limit', async () => {
      const store = make(shortIdle);
      const s = await store.create({ userId: 'u-e', username: 'erin' });
      expect((await store.list()).some((r) => r.tokenHash === s.record.tokenHash)).toBe(true);
      await sleep(300);
      expect((await store.list()).some((r) => r.tokenHash === s.record.tokenHash)).toBe(false);
    });
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

listingSuite('DbSessionStore', (p) => new DbSessionStore(t.app.ctx.db, p));

describe('DbSessionStore.list() and absolute expiry', () => {
  it('leaves out a session past its absolute expiry even when recently seen', async () => {
    const store = new DbSessionStore(t.app.ctx.db, policy);
    await t.app.ctx.db.insert(sysSession).values({
      tokenHash: 'f'.repeat(64),
      userId: 'u-old',
      username: 'old',
      createdAt: new Date(Date.now() - 13 * 3_600_000),
      lastSeenAt: new Date(),
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await store.list()).map((r) => r.userId)).not.toContain('u-old');
  });
});
