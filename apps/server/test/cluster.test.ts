import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dictSnapshot, invalidateDictCache } from '../src/platform/dict-cache.ts';
import { createPeer, createTestApp, onRedis, type TestApp } from './harness.ts';

// Two nodes on one database and one Redis (cluster mode). Runs with TEST_REDIS_URL (npm run test:services).
describe.skipIf(!onRedis)('two nodes sharing PostgreSQL/Redis', () => {
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

  const departs = (t: TestApp, token: string) =>
    t.req({ method: 'GET', url: '/jeecg-boot/sys/user/getCurrentUserDeparts', token });

  it('a session opened on one node is valid on the other, and a logout on either ends it everywhere', async () => {
    const token = await a.login();
    expect((await departs(b, token)).statusCode).toBe(200);
    // node A has just resolved (and cached) the session too
    expect((await departs(a, token)).statusCode).toBe(200);
    const out = await b.req({ method: 'POST', url: '/jeecg-boot/sys/logout', token });
    expect(out.json.success).toBe(true);
    const after = await departs(a, token);
    expect(after.statusCode).toBe(401);
    expect(after.json.message).toContain('Token失效');
  });

  it('failed sign-ins on one node count towards the lockout on the other', async () => {
    const bad = { username: 'zhangsan', password: 'wrong-password', captcha: 'x', checkKey: '1' };
    for (let i = 0; i < 5; i++) {
      const node = i % 2 ? a : b;
      await node.req({ method: 'POST', url: '/jeecg-boot/sys/login', payload: bad, remoteAddress: `10.1.0.${i}` });
    }
    const locked = await a.req({
      method: 'POST',
      url: '/jeecg-boot/sys/login',
      payload: { ...bad, password: '123456' },
      remoteAddress: '10.1.0.99',
    });
    // the lock is never told (ADR 019): even the right password gets the uniform refusal while it lasts
    expect(locked.json.success).toBe(false);
    expect(locked.json.message).toBe('用户名或密码错误');
  });

  it('a dictionary change invalidated on one node reaches the other as soon as the message arrives', async () => {
    const before = await dictSnapshot(b.app.ctx);
    expect(before.get('sex')).toBeDefined();
    await a.app.ctx.db.execute(
      sql`update sys_dict_item set item_text = '男性' where item_value = '1' and dict_id = (select id from sys_dict where dict_code = 'sex')`,
    );
    await invalidateDictCache(a.app);
    // the invalidation travels over Redis pub/sub: B drops its copy as soon as the message arrives (milliseconds)
    await vi.waitFor(
      async () => {
        const after = await dictSnapshot(b.app.ctx);
        expect(after.get('sex')!.items.map((i) => i.text)).toContain('男性');
      },
      { timeout: 2000, interval: 20 },
    );
  });
});
