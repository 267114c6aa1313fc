import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeer, createTestApp, onRealPg, onRedis, type TestApp } from '../../../test/harness.ts';
import { sysLog } from '../../db/schema/index.ts';
import { ROLE_IDS } from '../../db/seed/data.ts';
import { flattenMenuTree } from '../../db/seed/menus.ts';
import { TRACE_CAPACITY } from './http-monitor.ts';
import { MONITOR_PAGES, REDIS_TERMINAL_PERM } from './routes.ts';

let t: TestApp;
let admin: string;
const B = '/jeecg-boot';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = admin) => t.req({ method: 'GET', url: `${B}${url}`, token });
const terminal = (command: string, token = admin) =>
  t.req({ method: 'POST', url: `${B}/sys/monitor/redis/terminal`, token, payload: { command } });

describe('Redis终端 status (issue 29)', () => {
  it('tells the page whether a Redis is configured, before any command is typed', async () => {
    const res = await get('/sys/monitor/redis/terminal/status');
    expect(res.json).toMatchObject({ success: true, result: { configured: onRedis } });
  });
});

describe('monitor endpoints: shapes the JeecgBoot client reads', () => {
  it('answers the JVM / Tomcat / system metric names in the actuator shape', async () => {
    for (const name of [
      'jvm.memory.max',
      'jvm.memory.used',
      'jvm.threads.live',
      'jvm.classes.loaded',
      'jvm.gc.live.data.size',
      'tomcat.sessions.active.current',
      'system.cpu.count',
      'system.cpu.usage',
      'process.uptime',
      'process.cpu.usage',
    ]) {
      const r = await get(`/actuator/metrics/${name}`);
      expect(r.statusCode, name).toBe(200);
      expect(r.json.name).toBe(name);
      expect(typeof r.json.measurements[0].value, name).toBe('number');
      expect(r.json.measurements[0].statistic).toBe('VALUE');
      expect(Array.isArray(r.json.availableTags)).toBe(true);
    }
    const heap = (await get('/actuator/metrics/jvm.memory.used')).json.measurements[0].value;
    const max = (await get('/actuator/metrics/jvm.memory.max')).json.measurements[0].value;
    expect(heap).toBeGreaterThan(1024 * 1024);
    expect(max).toBeGreaterThan(heap);
    // process.start.time is epoch seconds (float): the client multiplies by 1000
    const start = (await get('/actuator/metrics/process.start.time')).json.measurements[0].value;
    expect(Math.abs(start * 1000 - (Date.now() - process.uptime() * 1000))).toBeLessThan(5000);
    // jvm.gc.pause: COUNT first, TOTAL_TIME second (the client reads them by position)
    // GC pauses are observed (perf_hooks): allocate enough for a few scavenges, then let the observer report
    let junk: object[] = [];
    for (let i = 0; i < 2_000_000; i++) junk.push({ i });
    junk = [];
    await new Promise((r) => setTimeout(r, 50));
    const gc = (await get('/actuator/metrics/jvm.gc.pause')).json;
    expect(gc.measurements.map((m: { statistic: string }) => m.statistic)).toEqual(['COUNT', 'TOTAL_TIME', 'MAX']);
    expect(gc.measurements[0].value + junk.length).toBeGreaterThan(0);
    expect(gc.measurements[1].value).toBeGreaterThan(0);
    expect((await get('/actuator/metrics/jvm.no.such')).statusCode).toBe(404);
    expect((await get('/actuator/metrics')).json.names).toContain('http.server.requests');
  });

  it('counts HTTP requests by status class', async () => {
    const before = (await get('/sys/monitor/http')).json.result;
    await get('/sys/no/such/page');
    const after = (await get('/sys/monitor/http')).json.result;
    expect(after.requests).toBeGreaterThanOrEqual(before.requests + 2);
    expect(after.statusClasses['4xx']).toBe(before.statusClasses['4xx'] + 1);
    expect(after.latency.buckets.at(-1).le).toBeNull();
    const total = after.latency.buckets.reduce((s: number, b: { count: number }) => s + b.count, 0);
    expect(total).toBe(after.requests);
    const hsr = (await get('/actuator/metrics/http.server.requests')).json;
    expect(hsr.measurements[0]).toEqual({ statistic: 'COUNT', value: expect.any(Number) });
  });

  it('lists each disk mount with total, free and used %', async () => {
    for (const url of ['/sys/actuator/redis/queryDiskInfo', '/sys/actuator/queryDiskInfo']) {
      const r = await get(url);
      expect(r.json).toMatchObject({ success: true, code: 200, message: '查询成功' });
      expect(r.json.result.length).toBeGreaterThan(0);
      for (const d of r.json.result) {
        expect(d.max).toBeGreaterThan(0);
        expect(d.rest).toBeLessThanOrEqual(d.max);
        expect(d.restPPT).toBe(Math.floor(((d.max - d.rest) * 100) / d.max));
      }
      expect(r.json.result.some((d: { name: string }) => d.name === '/')).toBe(true);
    }
  });

  it('gives the Node runtime, system and PostgreSQL figures to our pages', async () => {
    const node = (await get('/sys/monitor/node')).json.result;
    expect(node.memory.rss).toBeGreaterThan(node.memory.heapUsed);
    expect(node.eventLoopDelay).toHaveProperty('p99');
    expect(node.handles.total).toBeGreaterThanOrEqual(0);
    const sys = (await get('/sys/monitor/system')).json.result;
    expect(sys.cpuCount).toBeGreaterThan(0);
    expect(sys.loadAverage).toHaveLength(3);
    const pg = (await get('/sys/monitor/postgres')).json;
    expect(pg.success).toBe(true);
    expect(pg.result.sizeBytes).toBeGreaterThan(0);
    expect(pg.result.tables.length).toBeGreaterThan(0);
    if (onRealPg) {
      expect(pg.result.kind).toBe('pg');
      expect(pg.result.connections.length).toBeGreaterThan(0);
      expect(pg.result.cache.hitRatio).toBeGreaterThan(0);
      expect(pg.result.maxConnections).toBeGreaterThan(0);
      expect(Array.isArray(pg.result.longest)).toBe(true);
    }
  });
});

describe('request trace', () => {
  it('keeps the last 100 requests with tokens, cookies and query secrets redacted', async () => {
    await t.req({
      method: 'GET',
      url: `${B}/sys/dict/getDictItems/sex?token=tok-in-query-123&password=pw-in-query&name=visible&dictCode=sex`,
      token: admin,
      headers: { cookie: 'JSESSIONID=cookie-secret-1', authorization: 'Bearer auth-secret-2', 'x-sign': 'sig-3' },
    });
    const r = await get('/actuator/httptrace');
    expect(r.statusCode).toBe(200);
    const body = JSON.stringify(r.json);
    for (const secret of [admin, 'tok-in-query-123', 'pw-in-query', 'cookie-secret-1', 'auth-secret-2', 'sig-3'])
      expect(body).not.toContain(secret);
    const hit = r.json.traces.find((x: { request: { uri: string } }) => x.request.uri.includes('getDictItems'));
    expect(hit).toBeTruthy();
    expect(hit.request.uri).toMatch(/^http:\/\/.+\/jeecg-boot\/sys\/dict\/getDictItems\/sex\?/);
    expect(hit.request.uri).toContain('name=visible');
    expect(hit.request.uri).toContain('dictCode=sex');
    expect(hit.request.uri).toContain('token=******');
    expect(hit.request.headers['x-access-token']).toEqual(['******']);
    expect(hit.request.headers.cookie).toEqual(['******']);
    expect(hit.request.method).toBe('GET');
    expect(hit.response.status).toBe(200);
    expect(typeof hit.timeTaken).toBe('number');
    expect(new Date(hit.timestamp).toISOString()).toBe(hit.timestamp);
    expect(hit.principal).toEqual({ name: 'admin' });

    for (let i = 0; i < TRACE_CAPACITY + 5; i++) await t.req({ method: 'GET', url: '/healthz' });
    const full = (await get('/actuator/httptrace')).json.traces;
    expect(full).toHaveLength(TRACE_CAPACITY);
    expect(full.some((x: { request: { uri: string } }) => x.request.uri.includes('getDictItems'))).toBe(false);
  });
});

describe('per node', () => {
  it('each node keeps its own trace and counters', async () => {
    const peer = await createPeer(t);
    try {
      await peer.req({ method: 'GET', url: `${B}/sys/dict/getDictItems/sex?marker=on-peer`, token: admin });
      const here = JSON.stringify((await get('/actuator/httptrace')).json);
      const there = JSON.stringify(
        (await peer.req({ method: 'GET', url: `${B}/actuator/httptrace`, token: admin })).json,
      );
      expect(there).toContain('marker=on-peer');
      expect(here).not.toContain('marker=on-peer');
    } finally {
      await peer.close();
    }
  });
});

describe('access', () => {
  it('refuses every monitor endpoint to a user without the monitor pages', async () => {
    const user = await t.login('jeecg', '123456');
    for (const url of [
      '/actuator/metrics/jvm.memory.used',
      '/actuator/httptrace',
      '/sys/actuator/redis/info',
      '/sys/actuator/redis/keysSize',
      '/sys/actuator/queryDiskInfo',
      '/sys/monitor/postgres',
      '/sys/monitor/node',
    ]) {
      const r = await get(url, user);
      expect(r.statusCode, url).toBe(403);
    }
    expect((await terminal('PING', user)).statusCode).toBe(403);
    expect((await t.req({ method: 'GET', url: `${B}/actuator/httptrace` })).statusCode).toBe(401);
  });

  it('needs the terminal button, not only the terminal page, to run a command', async () => {
    const rows = flattenMenuTree();
    const page = rows.find((r) => r.component === MONITOR_PAGES.redisTerminal)!;
    const button = rows.find((r) => r.perms === REDIS_TERMINAL_PERM)!;
    expect(button.parentId).toBe(page.id);
    const grant = (ids: string[]) =>
      t.req({
        method: 'POST',
        url: `${B}/sys/permission/saveRolePermission`,
        token: admin,
        payload: { roleId: ROLE_IDS.test, permissionIds: ids.join(','), lastpermissionIds: '' },
      });
    const before = (
      await t.req({
        method: 'GET',
        url: `${B}/sys/permission/queryRolePermission?roleId=${ROLE_IDS.test}`,
        token: admin,
      })
    ).json.result as string[];
    expect((await grant([...before, page.id])).json.success).toBe(true);
    const user = await t.login('jeecg', '123456');
    expect((await terminal('PING', user)).statusCode).toBe(403);
    expect((await grant([...before, page.id, button.id])).json.success).toBe(true);
    const r = await terminal('PING', user);
    expect(r.statusCode).toBe(200);
    if (onRedis) expect(r.json.result.reply).toBe('PONG');
    else expect(r.json.message).toBe('未配置 Redis');
  });
});

describe('Redis terminal', () => {
  it.each([
    ['CONFIG GET *', '不允许执行 CONFIG'],
    ['config set requirepass x', '不允许执行 CONFIG'],
    ['EVAL "return 1" 0', '不允许执行脚本'],
    ['FLUSHALL', '不允许清空数据'],
    ['flushdb', '不允许清空数据'],
    ['SET k v', '不允许执行该命令：SET（Redis 终端只允许只读命令）'],
    ['DEL k', '不允许执行该命令：DEL（Redis 终端只允许只读命令）'],
    ['KEYS *', 'KEYS 会阻塞 Redis，请使用 SCAN（最多 1000 个）'],
    ['OBJECT FREQ', 'OBJECT 的参数个数不正确'],
    ['MEMORY DOCTOR x', '不允许执行 MEMORY DOCTOR'],
    ['LRANGE l 0 -1', '范围最多 200 个元素，且不能使用负数下标'],
    ['SCAN 0 NOSUCH x', '不支持的选项：NOSUCH'],
  ])('refuses %s', async (command, message) => {
    const r = await terminal(command);
    expect(r.statusCode).toBe(200);
    expect(r.json).toMatchObject({ success: false, code: 500, message });
  });

  it('writes every command, refused or run, to the operation log', async () => {
    await terminal('FLUSHALL');
    await terminal('DBSIZE');
    const rows = await t.app.ctx.db
      .select()
      .from(sysLog)
      .where(eq(sysLog.requestUrl, '/sys/monitor/redis/terminal'))
      .orderBy(desc(sysLog.createTime));
    const texts = rows.map((r) => r.logContent);
    expect(texts).toContain('Redis终端 拒绝: FLUSHALL');
    expect(texts.some((c) => c === 'Redis终端: DBSIZE' || c === 'Redis终端 失败: DBSIZE')).toBe(true);
    expect(rows[0].userid).toBe('admin');
  });

  it.skipIf(onRedis)('in embedded mode the monitor reads the in-process cache; the terminal has no Redis', async () => {
    for (const url of ['/sys/actuator/redis/info', '/sys/actuator/redis/keysSize', '/sys/actuator/redis/memoryInfo']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(200);
      expect(r.json.success ?? true, url).toBe(true);
    }
    expect((await terminal('DBSIZE')).json.message).toBe('未配置 Redis');
  });

  it.runIf(onRedis)('reads INFO, the key count and memory from the real Redis', async () => {
    const info = (await get('/sys/actuator/redis/info')).json;
    expect(info.success).toBe(true);
    const version = info.result.find((x: { key: string }) => x.key === 'redis_version');
    expect(version.description).toBe('Redis 服务器版本');
    const keys = (await get('/sys/actuator/redis/keysSize')).json;
    expect(typeof keys.dbSize).toBe('number');
    expect(Math.abs(keys.create_time - Date.now())).toBeLessThan(5000);
    expect(keys).not.toHaveProperty('success');
    const mem = (await get('/sys/actuator/redis/memoryInfo')).json;
    expect(Number(mem.used_memory)).toBeGreaterThan(0);
    expect(typeof mem.used_memory).toBe('string');
    const run = (await terminal('SCAN 0 COUNT 100000')).json;
    expect(run.success).toBe(true);
    expect(run.result.command).toBe('SCAN 0 COUNT 1000');
    expect((await terminal('TYPE nosuchkey')).json.result.reply).toBe('none');
  });
});

describe('Redis terminal: security state is never readable (issue 28 security 1)', () => {
  it('refuses to read SMS codes, captcha answers, lockout and rate-limit keys, in any namespace', async () => {
    const ns = t.app.ctx.config.redisPrefix;
    for (const command of [
      `GET ${ns}captcha:key:abc`,
      `GET ${ns}sms:login:13800138000`,
      `MGET cachekey ${ns}lock:state:x`,
      `GETRANGE ${ns}pwreset:t 0 10`,
      `TTL other:sms:login:13800138000`,
      `HGET prefix_user_token_abc f`,
      `MEMORY USAGE ${ns}rl:login:1.2.3.4:1`,
      `OBJECT ENCODING ${ns}captcha:0f`,
    ]) {
      const r = await terminal(command);
      expect(r.json, command).toMatchObject({ success: false, message: expect.stringContaining('不能在终端读取') });
    }
  });

  it.runIf(onRedis)('a live captcha answer cannot be read or listed, while other keys still can', async () => {
    const ns = t.app.ctx.config.redisPrefix;
    const img = await t.req({ method: 'GET', url: `${B}/sys/randomImage/terminalprobe1` });
    expect(img.json.success).toBe(true);
    const got = await terminal(`GET ${ns}captcha:key:terminalprobe1`);
    expect(got.json.success).toBe(false);
    const scan = await terminal(`SCAN 0 MATCH ${ns}* COUNT 1000`);
    expect(scan.json.success).toBe(true);
    const listed = JSON.stringify(scan.json.result.reply);
    expect(listed).not.toContain('captcha');
    expect((await terminal('GET some-cache-key-of-nobody')).json.success).toBe(true);
  });

  it('never writes a password typed into the terminal to the operation log', async () => {
    for (const line of [
      'AUTH s3cretPass!',
      'AUTH default s3cretPass!',
      'CONFIG SET requirepass s3cretPass!',
      'MIGRATE h 1 k 0 1 AUTH s3cretPass!',
    ]) {
      const r = await terminal(line);
      expect(r.json.success).toBe(false);
    }
    const rows = await t.app.ctx.db.select().from(sysLog).where(eq(sysLog.requestUrl, '/sys/monitor/redis/terminal'));
    const all = JSON.stringify(rows);
    expect(all).not.toContain('s3cretPass');
    expect(rows.map((r) => r.logContent)).toContain('Redis终端 拒绝: AUTH（参数已隐去）');
  });
});
