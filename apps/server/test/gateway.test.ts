import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysGatewayRoute } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './harness.ts';

/** a real upstream: echoes what it received */
async function startUpstream(): Promise<{ server: FastifyInstance; port: number }> {
  const server = Fastify();
  server.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  server.get('/big/*', async () => ({ rows: Array.from({ length: 2000 }, (_, i) => ({ i, text: `第${i}行` })) }));
  server.all('/*', async (req) => ({
    upstream: true,
    method: req.method,
    url: req.url,
    headers: req.headers,
    body: req.body ?? null,
  }));
  await server.listen({ host: '127.0.0.1', port: 0 });
  const addr = server.server.address();
  return { server, port: typeof addr === 'object' && addr ? addr.port : 0 };
}

function withEnv<T>(env: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  return fn().finally(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
}

const route = (over: Record<string, unknown> = {}, upstreamPort = 0) => ({
  routerId: 'svc-api',
  name: '接口服务',
  uri: `http://127.0.0.1:${upstreamPort}`,
  status: true,
  predicates: JSON.stringify([{ name: 'Path', args: ['/api/**'] }]),
  filters: JSON.stringify([{ name: 'StripPrefix', args: [{ key: '_genkey_0', value: '1' }] }]),
  ...over,
});

describe('路由网关 /sys/gatewayRoute and the proxy (GATEWAY=on)', () => {
  let t: TestApp;
  let admin: string;
  let up: { server: FastifyInstance; port: number };
  beforeAll(async () => {
    up = await startUpstream();
    t = await withEnv({ GATEWAY: 'on', GATEWAY_ALLOWED_HOSTS: `127.0.0.1:${up.port}` }, () => createTestApp());
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    if (up?.server.server.listening) await up.server.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.req({ method, url: `/jeecg-boot${url}`, token, ...(payload ? { payload } : {}) });
  const save = (router: object, token = admin) => call('POST', '/sys/gatewayRoute/updateAll', { router }, token);
  const list = async () => (await call('GET', '/sys/gatewayRoute/list')).json.result as Array<Record<string, unknown>>;

  it('lists the JeecgBoot seed routes as a plain array with parsed predicates; lb:// routes are stored only', async () => {
    const res = await call('GET', '/sys/gatewayRoute/list');
    expect(res.json).toMatchObject({ success: true, code: 200 });
    const rows = res.json.result as Array<Record<string, unknown>>;
    expect(Array.isArray(rows)).toBe(true);
    const sys = rows.find((r) => r.routerId === 'jeecg-system');
    expect(sys).toMatchObject({ uri: 'lb://jeecg-system', status: 1, filters: [], applied: false });
    expect(sys?.predicates).toEqual([
      { name: 'Path', args: ['/sys/**', '/online/**', '/bigscreen/**', '/jmreport/**', '/druid/**', '/generic/**'] },
    ]);
    expect(sys?.appliedNote).toMatch(/仅保存/);
    expect(rows.map((r) => r.routerId).sort()).toEqual(
      ['jeecg-demo', 'jeecg-demo-websocket', 'jeecg-system', 'jeecg-system-websocket'].sort(),
    );
    const status = await call('GET', '/sys/gatewayRoute/status');
    expect(status.json.result).toEqual({ enabled: true, allowedHosts: [`127.0.0.1:${up.port}`] });
  });

  it('refuses bad input with a clear Chinese message and saves nothing', async () => {
    const before = (await t.app.ctx.db.select().from(sysGatewayRoute)).length;
    const cases: Array<[object, RegExp]> = [
      [{ ...route({}, up.port), routerId: '' }, /请输入路由ID/],
      [{ ...route({}, up.port), name: '' }, /请输入路由名称/],
      [{ ...route({}, up.port), uri: '' }, /请输入路由URI/],
      [{ ...route({}, up.port), predicates: '{not json' }, /路由断言不是合法的 JSON/],
      [{ ...route({}, up.port), predicates: '{"name":"Path"}' }, /路由断言必须是 JSON 数组/],
      [{ ...route({}, up.port), filters: '[{"args":[]}]' }, /过滤器的每一项都需要名称/],
      [{ ...route({}, up.port), status: 'maybe' }, /状态只能是启用或禁用/],
      [route({ predicates: '[{"name":"Path","args":["/**"]}]' }, up.port), /第一段必须是固定文字/],
      [route({ predicates: '[{"name":"Path","args":["/jeecg-boot/**"]}]' }, up.port), /\/jeecg-boot 冲突/],
      [
        route({ filters: '[{"name":"StripPrefix","args":["-1"]}]' }, up.port),
        /StripPrefix 的参数必须是 0 到 10 的整数/,
      ],
      [route({ uri: 'file:///etc/passwd' }, up.port), /只支持 http、https/],
    ];
    for (const [router, msg] of cases) {
      const res = await save(router);
      expect(res.json.success, JSON.stringify(router)).toBe(false);
      expect(res.json.message).toMatch(msg);
      expect(res.body).not.toMatch(/at .*\.ts|stack|sql/i);
    }
    const missing = await call('POST', '/sys/gatewayRoute/updateAll', {});
    expect(missing.json.message).toMatch(/缺少路由信息/);
    expect((await t.app.ctx.db.select().from(sysGatewayRoute)).length).toBe(before);
  });

  it('edits a seed lb:ws:// route (stored only, its /vxeSocket/** path allowed)', async () => {
    const seed = (await list()).find((r) => r.routerId === 'jeecg-demo-websocket')!;
    const res = await save({
      id: seed.id,
      routerId: 'jeecg-demo-websocket',
      name: '演示 websocket',
      uri: 'lb:ws://jeecg-demo',
      status: 1,
      predicates: JSON.stringify(seed.predicates),
      filters: '',
    });
    expect(res.json).toMatchObject({ success: true, message: '操作成功！' });
    const after = (await list()).find((r) => r.id === seed.id);
    expect(after).toMatchObject({ name: '演示 websocket', filters: [], applied: false });
    // the same path on a forwarded (http) route is refused
    const http = await save(route({ routerId: 'ws-http', predicates: JSON.stringify(seed.predicates) }, up.port));
    expect(http.json.message).toMatch(/与本系统自身的地址 \/vxeSocket 冲突/);
  });

  it('refuses a target host outside GATEWAY_ALLOWED_HOSTS', async () => {
    const res = await save(route({ uri: 'http://169.254.169.254/latest' }, up.port));
    expect(res.json).toMatchObject({ success: false });
    expect(res.json.message).toBe(
      '目标主机 169.254.169.254 不在允许的网关目标列表中（GATEWAY_ALLOWED_HOSTS），不能保存',
    );
    const other = await save(route({ uri: `http://127.0.0.1:${up.port + 1}` }, up.port));
    expect(other.json.message).toMatch(/不在允许的网关目标列表中/);
    expect((await list()).some((r) => r.routerId === 'svc-api')).toBe(false);
  });

  it('refuses users without the button permissions', async () => {
    const low = await t.login('jeecg', '123456');
    const res = await save(route({}, up.port), low);
    expect(res.statusCode).toBe(403);
    expect(res.json).toMatchObject({ success: false, code: 403 });
    const del = await call('DELETE', '/sys/gatewayRoute/delete?id=1331051599401857026', undefined, low);
    expect(del.statusCode).toBe(403);
    expect((await list()).some((r) => r.routerId === 'jeecg-system')).toBe(true);
    const clear = await call('GET', '/sys/gatewayRoute/clearRedis', undefined, low);
    expect(clear.statusCode).toBe(403);
  });

  it('proxies a matching path to the upstream with StripPrefix, query and body, without our credentials', async () => {
    expect((await save(route({}, up.port))).json).toMatchObject({ success: true, message: '操作成功！' });
    const row = (await list()).find((r) => r.routerId === 'svc-api');
    expect(row).toMatchObject({ status: 1, stripPrefix: 1, applied: true, appliedNote: null });

    const res = await t.req({
      method: 'POST',
      url: '/api/orders/7?x=1&y=2',
      headers: {
        'content-type': 'application/json',
        'x-access-token': admin,
        authorization: 'Bearer secret',
        cookie: 'sid=1',
        'x-custom': 'kept',
      },
      payload: { a: 1 },
    });
    expect(res.statusCode).toBe(200);
    const echo = res.json;
    expect(echo).toMatchObject({ upstream: true, method: 'POST', url: '/orders/7?x=1&y=2', body: { a: 1 } });
    expect(echo.headers['x-custom']).toBe('kept');
    expect(echo.headers['x-access-token']).toBeUndefined();
    expect(echo.headers.authorization).toBeUndefined();
    expect(echo.headers.cookie).toBeUndefined();
    expect(echo.headers['x-answer-gateway']).toBe('svc-api');
    expect(echo.headers['x-forwarded-for']).toBeTruthy();

    // a path outside the route is not proxied
    const miss = await t.req({ method: 'GET', url: '/apix/orders' });
    expect(miss.json?.upstream).toBeUndefined();
    // our own API is never taken by the gateway
    const own = await t.req({ method: 'GET', url: '/jeecg-boot/sys/gatewayRoute/status', token: admin });
    expect(own.json.result.enabled).toBe(true);
    // path tricks are not forwarded
    const dots = await t.req({ method: 'GET', url: '/api/..%2Fjeecg-boot/x' });
    expect(dots.json?.upstream).toBeUndefined();
  });

  it('strips credentials from the query as from the headers (?token=, access_token …) (issue 28 security 7)', async () => {
    const res = await t.req({
      method: 'GET',
      url: `/api/orders/8?x=1&token=${admin}&ACCESS_TOKEN=a&X-Access-Token=b&y=2&tok=keep`,
    });
    expect(res.json).toMatchObject({ upstream: true, url: '/orders/8?x=1&y=2&tok=keep' });
    expect(JSON.stringify(res.json)).not.toContain(admin);
    const only = await t.req({ method: 'GET', url: `/api/orders/9?token=${admin}` });
    expect(only.json).toMatchObject({ upstream: true, url: '/orders/9' });
  });

  it('a large upstream answer arrives whole, compressed for a client that accepts it', async () => {
    const res = await t.req({ method: 'GET', url: '/api/big/x', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    const raw = res.rawPayload;
    const text = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
    const rows = JSON.parse(text).rows;
    expect(rows).toHaveLength(2000);
    expect(rows[1999]).toEqual({ i: 1999, text: '第1999行' });
  });

  it('forwards credentials only for a route with PreserveAuthHeaders; Method predicate limits methods', async () => {
    const id = (await list()).find((r) => r.routerId === 'svc-api')!.id;
    const res = await save({
      ...route({}, up.port),
      id,
      predicates: JSON.stringify([
        { name: 'Path', args: ['/api/**'] },
        { name: 'Method', args: ['GET'] },
      ]),
      filters: JSON.stringify([{ name: 'PreserveAuthHeaders', args: [] }]),
    });
    expect(res.json.success).toBe(true);
    const get = await t.req({ method: 'GET', url: '/api/x', headers: { authorization: 'Bearer keep' } });
    expect(get.json).toMatchObject({ upstream: true, url: '/api/x' });
    expect(get.json.headers.authorization).toBe('Bearer keep');
    const post = await t.req({ method: 'POST', url: '/api/x', payload: {} });
    expect(post.json?.upstream).toBeUndefined();
  });

  it('refuses a request that already went through the gateway (loop)', async () => {
    const res = await t.req({ method: 'GET', url: '/api/x', headers: { 'x-answer-gateway': 'svc-api' } });
    expect(res.statusCode).toBe(508);
    expect(res.json).toMatchObject({ success: false, message: '网关路由循环：请求已经过本系统网关，拒绝再次转发' });
  });

  it('a disabled route is not proxied; enabling it again applies at once', async () => {
    const row = (await list()).find((r) => r.routerId === 'svc-api')!;
    const off = await save({
      ...route({}, up.port),
      id: row.id,
      status: false,
      predicates: JSON.stringify(row.predicates),
    });
    expect(off.json.success).toBe(true);
    expect((await list()).find((r) => r.routerId === 'svc-api')).toMatchObject({ status: 0, applied: false });
    expect((await t.req({ method: 'GET', url: '/api/x' })).json?.upstream).toBeUndefined();
    await save({ ...route({}, up.port), id: row.id, status: 1 });
    expect((await t.req({ method: 'GET', url: '/api/x' })).json).toMatchObject({ upstream: true, url: '/x' });
  });

  it('answers 502 in the envelope when the upstream is down, and deletes routes', async () => {
    const row = (await list()).find((r) => r.routerId === 'svc-api')!;
    const dup = await save({ ...route({}, up.port), name: '重复' });
    expect(dup.json).toMatchObject({ success: false, message: '路由ID已存在' });

    const del = await call('DELETE', `/sys/gatewayRoute/delete?id=${row.id}`);
    expect(del.json).toMatchObject({ success: true, message: '删除路由成功' });
    expect((await t.req({ method: 'GET', url: '/api/x' })).json?.upstream).toBeUndefined();
    const again = await call('DELETE', `/sys/gatewayRoute/delete?id=${row.id}`);
    expect(again.json).toMatchObject({ success: false, message: '未找到对应路由' });
    const noId = await call('DELETE', '/sys/gatewayRoute/delete');
    expect(noId.json.message).toMatch(/id 不能为空/);

    // the allow-listed upstream stops listening
    expect((await save(route({ routerId: 'down' }, up.port))).json.success).toBe(true);
    await up.server.close();
    const res = await t.req({ method: 'GET', url: '/api/x' });
    expect(res.statusCode).toBe(502);
    expect(res.json).toMatchObject({ success: false, message: '网关转发失败：目标服务不可用或超时' });
    const clear = await call('GET', '/sys/gatewayRoute/clearRedis');
    expect(clear.json).toMatchObject({ success: true, message: '清除成功！' });
  });
});

describe('GATEWAY off (default)', () => {
  let t: TestApp;
  let up: { server: FastifyInstance; port: number };
  beforeAll(async () => {
    up = await startUpstream();
    t = await withEnv({ GATEWAY: undefined, GATEWAY_ALLOWED_HOSTS: `127.0.0.1:${up.port}` }, () => createTestApp());
  });
  afterAll(async () => {
    await t?.close();
    await up?.server.close();
  });

  it('stores routes but proxies nothing, and the status says so', async () => {
    const admin = await t.login();
    const res = await t.req({
      method: 'POST',
      url: '/jeecg-boot/sys/gatewayRoute/updateAll',
      token: admin,
      payload: { router: route({}, up.port) },
    });
    expect(res.json).toMatchObject({ success: true, message: '操作成功！' });
    const status = await t.req({ method: 'GET', url: '/jeecg-boot/sys/gatewayRoute/status', token: admin });
    expect(status.json.result.enabled).toBe(false);
    const rows = (await t.req({ method: 'GET', url: '/jeecg-boot/sys/gatewayRoute/list', token: admin })).json.result;
    expect(rows.find((r: { routerId: string }) => r.routerId === 'svc-api')).toMatchObject({
      applied: false,
      appliedNote: '网关未开启（GATEWAY=on 后生效）',
    });
    const proxied = await t.req({ method: 'GET', url: '/api/x' });
    expect(proxied.json?.upstream).toBeUndefined();
  });
});
