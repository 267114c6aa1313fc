import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  call,
  freshDatabase,
  login,
  type Served,
  servicesAvailable,
  signed,
  spawnServer,
  through,
  token,
  until,
} from './support.ts';
import { TcpProxy } from './tcp-proxy.ts';

// Two real server processes on one PostgreSQL database and one Redis, each reaching Redis through its own proxy, so a
// test can take Redis away from both nodes (an outage) or from one node only (a partition), or stall it (ADR 018
// "Caches and the breaker"). The dictionary and department-tree caches must keep answering from the database, their
// invalidations must not fail a committed change and must reach the other node once Redis is back; a stalled Redis
// must not cost every request the command timeout.
describe.skipIf(!servicesAvailable)('caches and the KV breaker under Redis faults (two spawned nodes)', () => {
  let proxyA: TcpProxy;
  let proxyB: TcpProxy;
  let a: Served;
  let b: Served;
  let drop: () => Promise<void>;
  let databaseUrl: string;
  let tok: string;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    databaseUrl = fresh.url.toString();
    const redisUrl = new URL(process.env.TEST_REDIS_URL!);
    proxyA = await new TcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379)).start();
    proxyB = await new TcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379)).start();
    // one installation: same database, same key prefix (so the pub/sub channels are shared)
    const prefix = `fc${randomBytes(4).toString('hex')}:`;
    a = await spawnServer({ DATABASE_URL: databaseUrl, REDIS_URL: through(redisUrl, proxyA), REDIS_PREFIX: prefix });
    b = await spawnServer({ DATABASE_URL: databaseUrl, REDIS_URL: through(redisUrl, proxyB), REDIS_PREFIX: prefix });
    tok = await token(a.base);
  });

  afterEach(async () => {
    await proxyA.restore();
    await proxyB.restore();
    expect(a.exit).toBeNull();
    expect(b.exit).toBeNull();
    for (const node of [a, b])
      await until(
        () => call(node.base, 'GET', '/readyz'),
        (r) => r.status === 200 && r.json.result.redis === 'UP',
      );
  });

  afterAll(async () => {
    a?.kill();
    b?.kill();
    await proxyA?.close();
    await proxyB?.close();
    await drop?.();
  });

  const DICT = '/jeecg-boot/sys/dict/getDictItems/priority';
  const TREE = '/jeecg-boot/sys/sysDepart/queryTreeList';
  const dict = (node: Served) => call(node.base, 'GET', DICT, { token: tok, headers: signed(DICT) });
  const texts = (r: Answer) => (r.json?.result ?? []).map((i: { text: string }) => i.text) as string[];
  const tree = (node: Served) => call(node.base, 'GET', TREE, { token: tok });
  const names = (r: Answer): string[] => {
    const out: string[] = [];
    const walk = (nodes: { departName: string; children: unknown[] | null }[]) => {
      for (const n of nodes) {
        out.push(n.departName);
        walk((n.children ?? []) as typeof nodes);
      }
    };
    walk(r.json?.result ?? []);
    return out.sort();
  };

  async function dbNames(): Promise<string[]> {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      const { rows } = await c.query<{ depart_name: string }>(
        "select depart_name from sys_depart where del_flag = '0'",
      );
      return rows.map((r) => r.depart_name).sort();
    } finally {
      await c.end();
    }
  }

  async function editPriority(node: Served, value: 'L' | 'M' | 'H', text: string): Promise<Answer> {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    let item: { id: string; dict_id: string; sort_order: number };
    try {
      const { rows } = await c.query(
        `select i.id, i.dict_id, i.sort_order from sys_dict_item i join sys_dict d on d.id = i.dict_id
          where d.dict_code = 'priority' and i.item_value = $1`,
        [value],
      );
      item = rows[0];
    } finally {
      await c.end();
    }
    return call(node.base, 'PUT', '/jeecg-boot/sys/dictItem/edit', {
      token: tok,
      body: {
        id: item.id,
        dictId: item.dict_id,
        itemValue: value,
        itemText: text,
        sortOrder: item.sort_order,
        status: 1,
      },
    });
  }

  async function cut(proxy: TcpProxy, node: Served) {
    await proxy.setMode({ kind: 'refuse' });
    proxy.resetAll();
    await until(
      () => call(node.base, 'GET', '/readyz'),
      (r) => r.json?.result?.redis === 'DOWN',
    );
  }

  function expectOk(r: Answer) {
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true });
  }

  it('Redis down on every node: dictionary and tree answer 200 from the database, an edit succeeds and the other node sees it once Redis is back', async () => {
    // both nodes cache both
    for (const node of [a, b]) {
      expect(texts(await dict(node))).toEqual(['低', '中', '高']);
      expect(names(await tree(node))).toEqual(await dbNames());
    }

    await cut(proxyA, a);
    await cut(proxyB, b);

    for (const node of [a, b]) {
      const d = await dict(node);
      expectOk(d);
      expect(texts(d)).toEqual(['低', '中', '高']);
      const t = await tree(node);
      expectOk(t);
      expect(names(t)).toEqual(await dbNames());
      expect(t.ms).toBeLessThan(3000);
    }

    // a committed change is not answered with a 503 because its invalidation cannot be published
    const edit = await editPriority(a, 'M', '中-停机时修改');
    expectOk(edit);
    expect(edit.json.message).toBe('编辑成功!');
    expect(texts(await dict(a))).toEqual(['低', '中-停机时修改', '高']); // at once on the node that made it
    const added = await call(a.base, 'POST', '/jeecg-boot/sys/sysDepart/add', {
      token: tok,
      body: { departName: '停机时新增部门' },
    });
    expectOk(added);
    expect(names(await tree(a))).toContain('停机时新增部门');

    await proxyA.restore();
    await proxyB.restore();
    const seen = await until(
      () => dict(b),
      (r) => texts(r)[1] === '中-停机时修改',
    );
    expectOk(seen);
    const t = await until(
      () => tree(b),
      (r) => names(r).includes('停机时新增部门'),
    );
    expect(names(t)).toEqual(await dbNames());

    // and back to serving from memory, still invalidated across nodes
    expectOk(await editPriority(b, 'M', '中'));
    await until(
      () => dict(a),
      (r) => texts(r)[1] === '中',
    );
  });

  it('only one node cut off from Redis: its edit succeeds and reaches the other node once its link is back', async () => {
    expect(texts(await dict(b))).toEqual(['低', '中', '高']); // cached on B, whose link stays up
    await cut(proxyA, a);

    const edit = await editPriority(a, 'H', '高-断线时修改');
    expectOk(edit);
    expect(texts(await dict(a))).toEqual(['低', '中', '高-断线时修改']);

    await proxyA.restore();
    // B never lost its link, so nothing told it to drop its copy: A sends the lost invalidation again
    const seen = await until(
      () => dict(b),
      (r) => texts(r)[2] === '高-断线时修改',
    );
    expectOk(seen);

    expectOk(await editPriority(a, 'H', '高'));
    await until(
      () => dict(b),
      (r) => texts(r)[2] === '高',
    );
  });

  it('Redis stalled (connected, not answering): reads answer fast after the first request, sign-in fails closed fast, everything resumes at once', async () => {
    const roles = () => call(a.base, 'GET', '/jeecg-boot/sys/role/list?pageNo=1&pageSize=5', { token: tok });
    expectOk(await roles());
    expect(texts(await dict(a))).toEqual(['低', '中', '高']);
    proxyA.hold();

    // the first request meets the stall (the global rate limit waits for the command timeout, then fails open)
    const first = await roles();
    expectOk(first);

    // the breaker now skips Redis for the fail-open rate limit: no request waits for the timeout
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await roles();
      expectOk(r);
      times.push(r.ms);
    }
    const d = await dict(a);
    expectOk(d);
    expect(texts(d)).toEqual(['低', '中', '高']);
    times.push(d.ms);
    const t = await tree(a);
    expectOk(t);
    times.push(t.ms);
    times.sort((x, y) => x - y);
    const median = times[Math.floor(times.length / 2)];
    expect(median).toBeLessThan(400);

    // fail-closed callers still ask Redis: sign-in is refused (not let through), within the command timeout
    const signIn = await login(a.base);
    expect(signIn.status).toBe(503);
    expect(signIn.json).toMatchObject({ success: false, code: 503, message: '缓存服务暂时不可用，请稍后再试' });
    expect(signIn.ms).toBeLessThan(2000);

    proxyA.release();
    await until(
      () => call(a.base, 'GET', '/readyz'),
      (r) => r.json?.result?.redis === 'UP',
    );
    // the breaker does not hold back the callers that fail closed: sign-in works at once
    const back = await login(a.base);
    expect(back.status).toBe(200);
    expect(back.json.code).toBe(200);
  });
});
