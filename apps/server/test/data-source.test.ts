import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysDataSource } from '../src/db/schema/index.ts';
import { openDataSource } from '../src/modules/data-source/connect.ts';
import { parseKey } from '../src/modules/data-source/secret.ts';
import { createTestApp, onRealPg, type TestApp } from './harness.ts';

// a fixed key for this file (the generated-key case has its own app below)
const KEY = 'a1'.repeat(32);
process.env.DATA_SOURCE_KEY = KEY;
delete process.env.DATA_SOURCE_HOSTS;

const MYSQL_URL = 'jdbc:mysql://127.0.0.1:3306/answer_test?characterEncoding=UTF-8&useUnicode=true&useSSL=false';
const base = {
  name: '报表库',
  dbType: '4',
  dbDriver: 'com.mysql.cj.jdbc.Driver',
  dbUrl: MYSQL_URL,
  dbName: 'answer_test',
  dbUsername: 'answer_test',
  dbPassword: 'S3cret-Pässwort',
};

describe('多数据源管理 /sys/dataSource', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.req({ method, url: `/jeecg-boot${url}`, token, ...(payload ? { payload } : {}) });
  const rows = () => t.app.ctx.db.select().from(sysDataSource);

  it('adds a source with the password encrypted at rest and never returned', async () => {
    const add = await call('POST', '/sys/dataSource/add', { ...base, code: 'report_db' });
    expect(add.json).toMatchObject({ success: true, message: '添加成功！' });
    const [row] = await t.app.ctx.db.select().from(sysDataSource).where(eq(sysDataSource.code, 'report_db'));
    // AES-256-GCM ciphertext in the table, not the password
    expect(row.dbPassword).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    expect(row.dbPassword).not.toContain('S3cret');
    expect(Buffer.from(row.dbPassword!.slice(3), 'base64').length).toBe(12 + 16 + Buffer.byteLength(base.dbPassword));

    const list = await call('GET', '/sys/dataSource/list?pageNo=1&pageSize=10');
    expect(list.json.success).toBe(true);
    const rec = list.json.result.records.find((r: { code: string }) => r.code === 'report_db');
    expect(rec).toMatchObject({ name: '报表库', dbType: '4', dbType_dictText: 'MySQL5.7+', dbUsername: 'answer_test' });
    expect(rec).not.toHaveProperty('dbPassword');
    expect(list.body).not.toContain('S3cret');
    expect(list.body).not.toContain(row.dbPassword);
    const one = await call('GET', `/sys/dataSource/queryById?id=${row.id}`);
    expect(one.json.result.code).toBe('report_db');
    expect(one.body).not.toContain('dbPassword');

    const opts = await call('GET', '/sys/dataSource/options');
    expect(opts.json.result).toContainEqual({ value: 'report_db', label: '报表库', text: '报表库' });
  });

  it('edit: an empty password keeps the stored one, a new one is re-encrypted, the code never changes', async () => {
    const [before] = await t.app.ctx.db.select().from(sysDataSource).where(eq(sysDataSource.code, 'report_db'));
    const keep = await call('PUT', '/sys/dataSource/edit', {
      ...base,
      id: before.id,
      code: 'other',
      name: '报表库2',
      dbPassword: '',
    });
    expect(keep.json).toMatchObject({ success: true, message: '编辑成功!' });
    const [mid] = await t.app.ctx.db.select().from(sysDataSource).where(eq(sysDataSource.id, before.id));
    expect(mid).toMatchObject({ code: 'report_db', name: '报表库2', dbPassword: before.dbPassword });
    await call('PUT', '/sys/dataSource/edit', { ...base, id: before.id, dbPassword: 'new-one' });
    const [after] = await t.app.ctx.db.select().from(sysDataSource).where(eq(sysDataSource.id, before.id));
    expect(after.dbPassword).not.toBe(before.dbPassword);
    expect(after.dbPassword).toMatch(/^v1:/);
  });

  it('a stored password is only sent to the server it was stored with (issue 28 security 4)', async () => {
    const [row] = await t.app.ctx.db.select().from(sysDataSource).where(eq(sysDataSource.code, 'report_db'));
    // a listener standing in for the attacker's server: it must never see a connection
    const seen: net.Socket[] = [];
    const trap = net.createServer((s) => {
      seen.push(s);
      s.destroy();
    });
    await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
    const port = (trap.address() as net.AddressInfo).port;
    try {
      for (const dbUrl of [`jdbc:mysql://127.0.0.1:${port}/answer_test`, 'jdbc:mysql://localhost:3306/answer_test']) {
        const r = await call('POST', '/online/cgreport/api/testConnection', {
          ...base,
          id: row.id,
          dbUrl,
          dbPassword: '',
        });
        expect(r.json, dbUrl).toMatchObject({ success: false, message: '数据源的主机或端口已改变，请重新输入密码' });
      }
      const otherUser = await call('POST', '/online/cgreport/api/testConnection', {
        ...base,
        id: row.id,
        dbUsername: 'root',
        dbPassword: '',
      });
      expect(otherUser.json.message).toBe('数据源的主机或端口已改变，请重新输入密码');
      // editing the address without the password is refused too (a later report would send it there)
      const edit = await call('PUT', '/sys/dataSource/edit', {
        ...base,
        id: row.id,
        dbUrl: `jdbc:mysql://127.0.0.1:${port}/answer_test`,
        dbPassword: '',
      });
      expect(edit.json).toMatchObject({ success: false, message: '数据源的主机或端口已改变，请重新输入密码' });
      const [after] = await t.app.ctx.db.select().from(sysDataSource).where(eq(sysDataSource.id, row.id));
      expect(after.dbUrl).toBe(row.dbUrl);
      expect(seen).toHaveLength(0);
      // with the password typed again, the new address is tried (and reaches the listener)
      const typed = await call('POST', '/online/cgreport/api/testConnection', {
        ...base,
        id: row.id,
        dbUrl: `jdbc:mysql://127.0.0.1:${port}/answer_test`,
        dbPassword: 'typed-again',
      });
      expect(typed.json.success).toBe(false);
      expect(seen.length).toBeGreaterThan(0);
    } finally {
      await new Promise<void>((r) => trap.close(() => r()));
    }
  });

  it('refuses bad input with clear Chinese messages and saves nothing', async () => {
    const n = (await rows()).length;
    const cases: Array<[object, RegExp]> = [
      [{ ...base, code: '' }, /请输入数据源编码!/],
      [{ ...base, code: '1abc' }, /编码必须以字母开头，可包含数字、下划线、横杠/],
      [{ ...base, code: 'x1', name: '' }, /请输入数据源名称!/],
      [{ ...base, code: 'x1', dbType: '2', dbDriver: 'oracle.jdbc.OracleDriver' }, /暂不支持该数据库类型/],
      [{ ...base, code: 'x1', dbDriver: 'org.h2.Driver' }, /驱动类不在允许列表中/],
      [
        { ...base, code: 'x1', dbUrl: 'jdbc:mysql://127.0.0.1:3306/a?autoDeserialize=true' },
        /不支持的连接参数：autoDeserialize/,
      ],
      [{ ...base, code: 'x1', dbUrl: 'jdbc:mysql://127.0.0.1:3306/a?allowLoadLocalInfile=true' }, /不支持的连接参数/],
      [{ ...base, code: 'x1', dbUrl: 'jdbc:h2:mem:a;INIT=RUNSCRIPT' }, /数据源地址格式不正确/],
      [{ ...base, code: 'x1', dbUrl: 'jdbc:mysql://u:p@127.0.0.1/a' }, /不能包含用户名/],
      [{ ...base, code: 'x1', dbUrl: 'jdbc:mysql://169.254.169.254:80/a' }, /不允许连接主机 169\.254\.169\.254/],
      [{ ...base, code: 'x1', dbUrl: 'jdbc:postgresql://127.0.0.1/a' }, /应以 jdbc:mysql:\/\/ 开头/],
      [{ ...base, code: 'report_db' }, /数据源编码已存在/],
    ];
    for (const [payload, message] of cases) {
      const r = await call('POST', '/sys/dataSource/add', payload);
      expect(r.json.success, JSON.stringify(payload)).toBe(false);
      expect(r.json.message).toMatch(message);
      expect(r.body).not.toMatch(/at .*\.ts:\d+|node_modules|SELECT|INSERT/i);
    }
    expect((await rows()).length).toBe(n);
  });

  it('refuses users without the page or the buttons', async () => {
    const anon = await t.req({ method: 'GET', url: '/jeecg-boot/sys/dataSource/list' });
    expect(anon.statusCode).toBe(401);
    const low = await t.login('jeecg', '123456');
    for (const [m, u, body] of [
      ['GET', '/sys/dataSource/list', undefined],
      ['GET', '/sys/dataSource/options', undefined],
      ['POST', '/sys/dataSource/add', { ...base, code: 'nope' }],
      ['DELETE', '/sys/dataSource/delete?id=1', undefined],
      ['POST', '/online/cgreport/api/testConnection', base],
    ] as const) {
      const r = await call(m, u, body, low);
      expect(r.statusCode, u).toBe(403);
    }
    expect((await rows()).some((r) => r.code === 'nope')).toBe(false);
  });

  it('测试连接: a host off the allow-list is refused before any connection', async () => {
    const r = await call('POST', '/online/cgreport/api/testConnection', {
      ...base,
      dbUrl: 'jdbc:mysql://10.0.0.7:3306/a',
    });
    expect(r.json).toMatchObject({ success: false });
    expect(r.json.message).toBe(
      '不允许连接主机 10.0.0.7：只能连接允许列表（DATA_SOURCE_HOSTS）中的主机，请联系系统管理员',
    );
  });

  it('测试连接: a closed port answers at once, a silent server times out after 5 s (MySQL and PostgreSQL)', async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const refused = await call('POST', '/online/cgreport/api/testConnection', {
      ...base,
      dbUrl: `jdbc:mysql://127.0.0.1:${closedPort}/a`,
    });
    expect(refused.json.message).toBe(`连接失败：连接被拒绝：127.0.0.1:${closedPort} 上没有可连接的数据库服务`);

    // a blackhole: accepts the TCP connection, never says a word
    const sockets = new Set<net.Socket>();
    const hole = net.createServer((s) => {
      sockets.add(s);
      s.on('error', () => {});
    });
    await new Promise<void>((r) => hole.listen(0, '127.0.0.1', r));
    const port = (hole.address() as net.AddressInfo).port;
    try {
      for (const body of [
        { ...base, dbUrl: `jdbc:mysql://127.0.0.1:${port}/a` },
        { ...base, dbType: '6', dbDriver: 'org.postgresql.Driver', dbUrl: `jdbc:postgresql://127.0.0.1:${port}/a` },
      ]) {
        const started = Date.now();
        const r = await call('POST', '/online/cgreport/api/testConnection', body);
        const took = Date.now() - started;
        expect(r.json).toMatchObject({ success: false, message: `连接失败：连接 127.0.0.1:${port} 超时（5 秒）` });
        expect(took).toBeGreaterThanOrEqual(4900);
        expect(took).toBeLessThan(6500);
      }
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => hole.close(r));
    }
  }, 30_000);

  it('deletes one and a batch', async () => {
    await call('POST', '/sys/dataSource/add', { ...base, code: 'b1' });
    await call('POST', '/sys/dataSource/add', { ...base, code: 'b2' });
    const all = await rows();
    const id = (c: string) => all.find((r) => r.code === c)!.id;
    const d = await call('DELETE', `/sys/dataSource/delete?id=${id('report_db')}`);
    expect(d.json).toMatchObject({ success: true, message: '删除成功!' });
    const b = await call('DELETE', `/sys/dataSource/deleteBatch?ids=${id('b1')},${id('b2')}`);
    expect(b.json).toMatchObject({ success: true, message: '批量删除成功！' });
    expect(await rows()).toHaveLength(0);
  });
});

describe('the key of the passwords', () => {
  it('without DATA_SOURCE_KEY a key is generated into the data directory (mode 600) and kept', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ds-key-'));
    const saved = process.env.DATA_SOURCE_KEY;
    delete process.env.DATA_SOURCE_KEY;
    try {
      const t = await createTestApp({ DATA_DIR: dataDir, UPLOAD_DIR: path.join(dataDir, 'upload') });
      const file = path.join(dataDir, 'data-source.key');
      const key = fs.readFileSync(file, 'utf8').trim();
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const admin = await t.login();
      await t.req({
        method: 'POST',
        url: '/jeecg-boot/sys/dataSource/add',
        token: admin,
        payload: { ...base, code: 'k1' },
      });
      await t.close();
      const again = await createTestApp({ DATA_DIR: dataDir, UPLOAD_DIR: path.join(dataDir, 'upload') });
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(key);
      await again.close();
    } finally {
      process.env.DATA_SOURCE_KEY = saved;
    }
  });

  it('a malformed DATA_SOURCE_KEY stops the start with a message naming it', async () => {
    expect(() => parseKey('short')).toThrow(/DATA_SOURCE_KEY 必须是 64 位十六进制字符/);
    expect(parseKey(Buffer.alloc(32, 7).toString('base64'))).toEqual(Buffer.alloc(32, 7));
    // the app itself refuses to start (on PGlite only: a refused start leaves the harness nothing to drop it with)
    if (onRealPg) return;
    process.env.DATA_SOURCE_KEY = 'short';
    try {
      await expect(createTestApp()).rejects.toThrow(/DATA_SOURCE_KEY 必须是 64 位十六进制字符/);
    } finally {
      process.env.DATA_SOURCE_KEY = KEY;
    }
  });
});

// ---------------------------------------------------------------- real servers (npm run test:services)

const MARIADB =
  process.env.TEST_MARIADB_URL ?? (onRealPg ? 'mysql://answer_test:answer_test@127.0.0.1:3306/answer_test' : '');

describe.skipIf(!onRealPg)('测试连接 and openDataSource against real PostgreSQL and MariaDB', () => {
  let t: TestApp;
  let admin: string;
  const pgUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const my = new URL(MARIADB || 'mysql://x@127.0.0.1:3306/x');
  const pgSource = {
    name: 'PG',
    dbType: '6',
    dbDriver: 'org.postgresql.Driver',
    dbUrl: `jdbc:postgresql://${pgUrl.hostname}:${pgUrl.port || 5432}${pgUrl.pathname}`,
    dbName: pgUrl.pathname.slice(1),
    dbUsername: decodeURIComponent(pgUrl.username),
    dbPassword: decodeURIComponent(pgUrl.password),
  };
  const mariaSource = {
    name: 'MariaDB',
    dbType: '5',
    dbDriver: 'org.mariadb.jdbc.Driver',
    dbUrl: `jdbc:mariadb://${my.hostname}:${my.port || 3306}${my.pathname}?characterEncoding=UTF-8&useSSL=false`,
    dbName: my.pathname.slice(1),
    dbUsername: decodeURIComponent(my.username),
    dbPassword: decodeURIComponent(my.password),
  };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
  });
  const test = (body: object) =>
    t.req({ method: 'POST', url: '/jeecg-boot/online/cgreport/api/testConnection', token: admin, payload: body });

  it('PostgreSQL: 连接成功, and a pooled query by code', async () => {
    expect((await test(pgSource)).json).toMatchObject({ success: true, message: '连接成功' });
    const bad = await test({ ...pgSource, dbUrl: pgSource.dbUrl.replace(/\/[^/]*$/, '/no_such_db_x') });
    expect(bad.json).toMatchObject({ success: false, message: '连接失败：数据库 no_such_db_x 不存在' });
    await t.req({
      method: 'POST',
      url: '/jeecg-boot/sys/dataSource/add',
      token: admin,
      payload: { ...pgSource, code: 'pg1' },
    });
    const pool = await openDataSource(t.app.ctx, 'pg1');
    expect(await pool.query('select $1::int + 1 as n', [41])).toEqual([{ n: 42 }]);
    // statements are cut at 5 s
    const started = Date.now();
    await expect(pool.query('select pg_sleep(8)')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(6500);
  }, 20_000);

  it.skipIf(!MARIADB)(
    'MariaDB: 连接成功, wrong password refused, a stored source tested by id, pooled queries',
    async () => {
      expect((await test(mariaSource)).json).toMatchObject({ success: true, message: '连接成功' });
      const wrong = await test({ ...mariaSource, dbPassword: 'wrong' });
      expect(wrong.json).toMatchObject({ success: false, message: '连接失败：用户名或密码错误' });
      await t.req({
        method: 'POST',
        url: '/jeecg-boot/sys/dataSource/add',
        token: admin,
        payload: { ...mariaSource, code: 'maria1' },
      });
      const [row] = await t.app.ctx.db.select().from(sysDataSource).where(eq(sysDataSource.code, 'maria1'));
      // the form of a stored source: no password sent, the stored one is used
      expect((await test({ ...mariaSource, id: row.id, dbPassword: '' })).json).toMatchObject({ success: true });
      const pool = await openDataSource(t.app.ctx, 'maria1');
      expect(await pool.query('select ? + 1 as n', [41])).toEqual([{ n: 42 }]);
      const started = Date.now();
      await expect(pool.query('select sleep(8)')).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(6500);
    },
    20_000,
  );
});
