import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPeer, createTestApp, onRedis, type TestApp } from './harness.ts';

// Two nodes on one PostgreSQL and one Redis (npm run test:services): a route saved on A proxies on B without a restart.
describe.skipIf(!onRedis)('路由网关 on two nodes', () => {
  let a: TestApp;
  let b: TestApp;
  let upstream: FastifyInstance;
  let port = 0;
  const saved = { GATEWAY: process.env.GATEWAY, GATEWAY_ALLOWED_HOSTS: process.env.GATEWAY_ALLOWED_HOSTS };
  beforeAll(async () => {
    upstream = Fastify();
    upstream.all('/*', async (req) => ({ upstream: true, url: req.url, token: req.headers['x-access-token'] ?? null }));
    await upstream.listen({ host: '127.0.0.1', port: 0 });
    port = (upstream.server.address() as { port: number }).port;
    process.env.GATEWAY = 'on';
    process.env.GATEWAY_ALLOWED_HOSTS = `127.0.0.1:${port}`;
    try {
      a = await createTestApp();
      b = await createPeer(a);
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await upstream?.close();
  });

  const viaB = async () => (await b.req({ method: 'GET', url: '/svc/orders?id=3' })).json;

  it('a route added, disabled and deleted on node A applies on node B at once', async () => {
    const token = await a.login();
    // the fan-out is up, so B serves its cached route set (60 s TTL): only the invalidation message can change it
    expect(b.app.ctx.pubsub.connected?.()).toBe(true);
    // B has loaded (and cached) the route set without the new route
    expect((await viaB())?.upstream).toBeUndefined();

    const router = {
      routerId: 'svc',
      name: '订单服务',
      uri: `http://127.0.0.1:${port}/v1`,
      status: true,
      predicates: JSON.stringify([{ name: 'Path', args: ['/svc/**'] }]),
      filters: JSON.stringify([{ name: 'StripPrefix', args: ['1'] }]),
    };
    const add = await a.req({
      method: 'POST',
      url: '/jeecg-boot/sys/gatewayRoute/updateAll',
      token,
      payload: { router },
    });
    expect(add.json).toMatchObject({ success: true, message: '操作成功！' });
    await vi.waitFor(async () => expect(await viaB()).toMatchObject({ upstream: true, url: '/v1/orders?id=3' }), {
      timeout: 1500,
      interval: 20,
    });
    // the caller's token does not travel to the upstream
    const withToken = await b.req({ method: 'GET', url: '/svc/x', headers: { 'x-access-token': token } });
    expect(withToken.json).toMatchObject({ upstream: true, token: null });

    const list = await b.req({ method: 'GET', url: '/jeecg-boot/sys/gatewayRoute/list', token });
    const id = list.json.result.find((r: { routerId: string }) => r.routerId === 'svc').id;
    const off = await a.req({
      method: 'POST',
      url: '/jeecg-boot/sys/gatewayRoute/updateAll',
      token,
      payload: { router: { ...router, id, status: false } },
    });
    expect(off.json.success).toBe(true);
    await vi.waitFor(async () => expect((await viaB())?.upstream).toBeUndefined(), { timeout: 1500, interval: 20 });

    await a.req({
      method: 'POST',
      url: '/jeecg-boot/sys/gatewayRoute/updateAll',
      token,
      payload: { router: { ...router, id } },
    });
    await vi.waitFor(async () => expect((await viaB())?.upstream).toBe(true), { timeout: 1500, interval: 20 });
    const del = await a.req({ method: 'DELETE', url: `/jeecg-boot/sys/gatewayRoute/delete?id=${id}`, token });
    expect(del.json).toMatchObject({ success: true, message: '删除路由成功' });
    await vi.waitFor(async () => expect((await viaB())?.upstream).toBeUndefined(), { timeout: 1500, interval: 20 });
  });
});
