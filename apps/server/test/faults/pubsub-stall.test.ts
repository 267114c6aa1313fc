import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_CLIENT_OPTIONS, redisReady } from '../../src/infra/kv.ts';
import { RedisPubSub } from '../../src/infra/pubsub.ts';
import { createForm, grantFormMenu } from '../../src/modules/cgform/runtime/fixtures.ts';
import { createTestApp, type TestApp } from '../harness.ts';
import { servicesAvailable, through, until } from './support.ts';
import { TcpProxy } from './tcp-proxy.ts';

// pub/sub publishes under a stalled Redis (connected, not answering) — ADR 018 "Caches and the breaker", ADR 040.
// Before the breaker, every publish waited for the command timeout (800 ms): a request publishing once per user
// (role membership changes) took n × 800 ms. Now only the first publish meets the timeout; the others are queued and
// reach Redis once it answers again, in order.
describe.skipIf(!servicesAvailable)('pub/sub publish under a stalled Redis', () => {
  const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0');
  let proxy: TcpProxy;
  /** straight to Redis, not through the proxy: what reaches Redis */
  let observer: Redis;
  const seen: Array<{ channel: string; message: unknown }> = [];
  const clients: Redis[] = [];

  beforeAll(async () => {
    proxy = await new TcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379)).start();
    observer = new Redis(redisUrl.toString(), REDIS_CLIENT_OPTIONS);
    observer.on('pmessage', (_p: string, channel: string, raw: string) =>
      seen.push({ channel, message: JSON.parse(raw) }),
    );
    expect(await redisReady(observer, 3000)).toBe(true);
  });
  afterEach(() => {
    proxy.release();
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    observer?.disconnect();
    await proxy?.close();
  });

  const viaProxy = async () => {
    const r = new Redis(through(redisUrl, proxy), REDIS_CLIENT_OPTIONS);
    r.on('error', () => {});
    clients.push(r);
    expect(await redisReady(r, 3000)).toBe(true);
    return r;
  };

  it('only the first publish waits for the timeout; the others return at once and arrive in order once Redis answers', async () => {
    const ns = `ps${randomBytes(4).toString('hex')}:`;
    await observer.psubscribe(`${ns}*`);
    const errors: string[] = [];
    const ps = new RedisPubSub(await viaProxy(), await viaProxy(), ns, (what) => errors.push(what));
    const got = () => seen.filter((s) => s.channel === `${ns}ch`).map((s) => (s.message as { n: number }).n);

    await ps.publish('ch', { n: 0 });
    await until(
      async () => got(),
      (n) => n.length === 1,
    );

    proxy.hold();
    let t0 = Date.now();
    await ps.publish('ch', { n: 1 }); // meets the stall: fails open after the command timeout
    const first = Date.now() - t0;
    expect(first).toBeGreaterThanOrEqual(600);
    expect(first).toBeLessThan(2500);
    expect(errors).toEqual(['publish ch']);

    t0 = Date.now();
    for (let n = 2; n <= 11; n++) await ps.publish('ch', { n });
    expect(Date.now() - t0).toBeLessThan(200); // was 10 × 800 ms
    expect(ps.queued).toBe(10);
    expect(got()).toEqual([0]);

    proxy.release();
    await until(
      async () => got(),
      (n) => n.length === 12,
      { tries: 160 },
    );
    // the one sent into the stall arrives when it resumes, the queued ones after a probe, in their order
    expect(got().filter((n) => n >= 2)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(got().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(ps.queued).toBe(0);

    // closed again: a publish goes straight to Redis
    await ps.publish('ch', { n: 12 });
    await until(
      async () => got(),
      (n) => n.includes(12),
    );
    await ps.close();
    await observer.punsubscribe(`${ns}*`);
  });

  describe('in the app', () => {
    let t: TestApp;
    let admin: string;
    beforeAll(async () => {
      t = await createTestApp({ REDIS_URL: through(redisUrl, proxy) });
      admin = await t.login();
    });
    afterAll(async () => {
      proxy.release();
      await t?.close();
    });

    it('a request that publishes many times does not wait for each; the changes apply here at once and reach Redis once it answers', async () => {
      const ns = t.config.redisPrefix;
      await observer.psubscribe(`${ns}*`);
      const channels = () => seen.filter((s) => s.channel.startsWith(ns)).map((s) => s.channel.slice(ns.length));
      const jeecg = await t.login('jeecg', '123456');
      const formId = await createForm(t, { tableName: 'ps_stall', fields: [{ name: 'name' }, { name: 'salary' }] });
      const A = '/jeecg-boot/online/cgform/api';
      await grantFormMenu(t, formId);
      const columns = async () =>
        (
          (await t.req({ method: 'GET', url: `${A}/getColumns/${formId}`, token: jeecg })).json.result.columns as {
            dataIndex: string;
          }[]
        ).map((c) => c.dataIndex);
      expect(await columns()).toEqual(['name', 'salary']);
      seen.length = 0;

      proxy.hold();
      // the first request meets the stall (rate limit and publish each wait for the command timeout once)
      const save = await t.req({
        method: 'PUT',
        url: `${A}/authColumn`,
        token: admin,
        payload: { cgformId: formId, code: 'salary', switchFlag: 1, listShow: true },
      });
      expect(save.json).toMatchObject({ success: true, message: '操作成功' });
      expect(await columns()).toEqual(['name']); // this node's cache was dropped at once

      // 20 users removed from a role: 20 permission-cache publishes (was 20 × 800 ms)
      const ids = Array.from({ length: 20 }, (_, i) => `psstall${i}`).join(',');
      const t0 = Date.now();
      const batch = await t.req({
        method: 'DELETE',
        url: `/jeecg-boot/sys/user/deleteUserRoleBatch?roleId=ee8626f80f7c2619917b6236f3a7f02b&userIds=${ids}`,
        token: admin,
      });
      expect(batch.json).toMatchObject({ success: true, message: '删除成功!' });
      expect(Date.now() - t0).toBeLessThan(5000); // was 16 s
      expect(channels()).toEqual([]);

      proxy.release();
      await until(
        async () => channels(),
        (c) => c.filter((x) => x === 'perm-cache').length >= 20,
        { tries: 160 },
      );
      expect(channels()).toContain('cgform-model');
      await observer.punsubscribe(`${ns}*`);
    });
  });
});
