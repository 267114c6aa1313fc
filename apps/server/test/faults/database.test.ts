import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  call,
  freshDatabase,
  type Served,
  serviceProxies,
  servicesAvailable,
  spawnServer,
  through,
  token,
  until,
} from './support.ts';
import { pgFatal, sqlContains, sqlIs, type TcpProxy } from './tcp-proxy.ts';

// A real server process whose PostgreSQL connection runs through a proxy the test controls (security rule 14,
// ADR 018). An uncaught error would end the process, so "never crashes" is checked for real after every fault.
describe.skipIf(!servicesAvailable)('database faults (spawned server, PostgreSQL through a proxy)', () => {
  let db: TcpProxy;
  let redis: TcpProxy;
  let server: Served;
  let drop: () => Promise<void>;
  let dbName: string;
  let tok: string;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    dbName = fresh.name;
    const proxies = await serviceProxies();
    db = proxies.db;
    redis = proxies.redis;
    server = await spawnServer({
      DATABASE_URL: through(fresh.url, db),
      REDIS_URL: through(proxies.redisUrl, redis),
      // a small pool: a connection leaked by a fault would exhaust it within a few trials
      DB_POOL_MAX: '3',
    });
    tok = await token(server.base);
  });

  afterEach(async () => {
    await db.restore();
    // every test leaves the process alive and serving
    expect(server.exit).toBeNull();
    await until(
      () => roles(),
      (r) => r.status === 200,
    );
  });

  afterAll(async () => {
    server?.kill();
    await db?.close();
    await redis?.close();
    await drop?.();
  });

  const roles = () => call(server.base, 'GET', '/jeecg-boot/sys/role/list?pageNo=1&pageSize=5', { token: tok });
  // a transaction (begin; select the tenant's roles among the ids; commit) with no lasting effect: these ids do not exist
  const txDelete = () =>
    call(server.base, 'DELETE', '/jeecg-boot/sys/role/deleteBatch?ids=1999999999999999991,1999999999999999992', {
      token: tok,
    });

  function expectDbUnavailable(r: Answer) {
    expect(r.status).toBe(503);
    expect(r.json).toMatchObject({ success: false, code: 503, message: '数据库暂时不可用，请稍后再试', result: null });
    expect(typeof r.json.timestamp).toBe('number');
    expect(JSON.stringify(r.json)).not.toMatch(/ECONN|terminated|postgres|select|\bat /i);
  }

  it('the transactional request works normally through the proxy', async () => {
    const r = await txDelete();
    expect(r.status).toBe(200);
    expect(r.json.success).toBe(true);
  });

  it('a connection reset on BEGIN answers 503, the process survives, the pool does not leak', async () => {
    // more trials than the pool has connections: a client lost without release would exhaust it
    for (let i = 0; i < 5; i++) {
      const fired = db.resetWhen(sqlIs('begin'));
      const r = await txDelete();
      expect(fired()).toBe(true);
      expectDbUnavailable(r);
      expect(r.ms).toBeLessThan(3000);
      expect(server.exit).toBeNull();
    }
    const ok = await txDelete();
    expect(ok.status).toBe(200);
  });

  it('a connection reset mid-transaction (after BEGIN, inside the statements) answers 503 and recovers', async () => {
    for (let i = 0; i < 5; i++) {
      const fired = db.resetWhen(sqlContains('select "id" from "sys_role"'));
      const r = await txDelete();
      expect(fired()).toBe(true);
      expectDbUnavailable(r);
      expect(server.exit).toBeNull();
    }
    expect((await txDelete()).status).toBe(200);
  });

  it('a connection reset mid-query (plain read) answers 503 and the next request recovers', async () => {
    // a sort order not used before: the list statement is parsed afresh, so its SQL text crosses the proxy
    const fired = db.resetWhen(sqlContains('from "sys_role"'));
    const r = await call(
      server.base,
      'GET',
      '/jeecg-boot/sys/role/list?pageNo=1&pageSize=5&column=roleName&order=asc',
      {
        token: tok,
      },
    );
    expect(fired()).toBe(true);
    expectDbUnavailable(r);
    expect(server.exit).toBeNull();
    expect((await roles()).status).toBe(200);
  });

  it('refused connections: 503 within 3 s, /readyz 503 while /healthz stays 200, then both recover', async () => {
    await db.setMode({ kind: 'refuse' });
    db.resetAll();
    const r = await until(roles, (a) => a.status !== 200, { tries: 5 });
    expectDbUnavailable(r);
    expect(r.ms).toBeLessThan(3000);
    const ready = await call(server.base, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.json).toMatchObject({ success: false, code: 503, message: '数据库暂时不可用，请稍后再试' });
    expect(ready.json.result).toMatchObject({ status: 'DOWN', database: 'pg', redis: 'UP' });
    expect(ready.ms).toBeLessThan(3000);
    expect((await call(server.base, 'GET', '/healthz')).status).toBe(200);

    await db.restore();
    const back = await until(
      () => call(server.base, 'GET', '/readyz'),
      (a) => a.status === 200,
    );
    expect(back.json.result).toMatchObject({ status: 'UP', database: 'pg' });
    expect((await roles()).status).toBe(200);
  });

  it('connections reset as soon as they open: 503 within 3 s', async () => {
    await db.setMode({ kind: 'reset' });
    db.resetAll();
    const r = await until(roles, (a) => a.status !== 200, { tries: 5 });
    expectDbUnavailable(r);
    expect(r.ms).toBeLessThan(3000);
  });

  it.each([
    ['55000', 'database "answer" is not currently accepting connections'],
    ['57P03', 'the database system is starting up'],
    ['57P01', 'terminating connection due to administrator command'],
    ['53300', 'sorry, too many clients already'],
    ['08006', 'connection failure'],
    ['08004', 'server rejected the connection'],
  ])('the database refusing start-up with SQLSTATE %s answers 503 within 3 s', async (code, message) => {
    await db.setMode({ kind: 'reply', bytes: pgFatal(code, message) });
    db.resetAll();
    const r = await until(roles, (a) => a.status !== 200, { tries: 5 });
    expectDbUnavailable(r);
    expect(r.ms).toBeLessThan(3000);
    expect((await call(server.base, 'GET', '/readyz')).status).toBe(503);
  });

  it('backends terminated by the database (57P01, pg_terminate_backend) never crash the process', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      // warm the pool so there are idle and recently used connections to kill
      await Promise.all([roles(), roles(), txDelete()]);
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      // whatever meets a dead connection gets the 503 envelope; nothing else
      for (let i = 0; i < 4; i++) {
        const r = await txDelete();
        if (r.status !== 200) expectDbUnavailable(r);
      }
      expect(server.exit).toBeNull();
    } finally {
      await admin.end();
    }
  });
});
