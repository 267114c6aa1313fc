import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { connect, type Database, PGLITE_EXTENSIONS } from '../src/db/client.ts';
import { migrateAndSeed } from '../src/db/migrate.ts';

/**
 * Test apps. Default: a clone of the migrated+seeded embedded template (no services needed).
 * With TEST_DATABASE_URL: a fresh PostgreSQL database per app; with TEST_REDIS_URL: Redis under a unique prefix.
 */
export const onRealPg = !!process.env.TEST_DATABASE_URL;
export const onRedis = !!process.env.TEST_REDIS_URL;

let base: Promise<PGlite> | undefined;
function templateInstance(): Promise<PGlite> {
  base ??= (async () => {
    const file = process.env.PGLITE_TEMPLATE;
    if (!file || !fs.existsSync(file)) throw new Error('PGLITE_TEMPLATE missing: run through vitest (global setup)');
    const blob = new Blob([fs.readFileSync(file)]);
    const db = new PGlite({ loadDataDir: blob, extensions: PGLITE_EXTENSIONS });
    await db.waitReady;
    return db;
  })();
  return base;
}

async function freshPgDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const name = `answer_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url.toString());
  dbUrl.pathname = `/${name}`;
  const database = await connect({ databaseUrl: dbUrl.toString(), poolMax: 5, acquireTimeoutMs: 3000 });
  await migrateAndSeed(database);
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  /** inject with the JSON body parsed */
  req(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse & { body: string; json: any }>;
  /** signs in through the real login endpoint (CAPTCHA=off) and returns the token */
  login(username?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** A second node of the same installation: same database, same config (Redis prefix included). */
export async function createPeer(of: TestApp): Promise<TestApp> {
  const app = await buildApp(of.config, { database: of.database, migrate: false, logger: false });
  await app.ready();
  return wrap(app, of.config, of.database, async () => {
    await app.close();
  });
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    CAPTCHA: 'off',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
    // sign-ins per account per minute: tests sign admin in many times a minute (rate-limits.test.ts sets it back)
    LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000',
    ...(onRedis ? { REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: `t${randomBytes(5).toString('hex')}:` } : {}),
    ...env,
  });
  let database: Database;
  let drop: () => Promise<void>;
  if (onRealPg) {
    ({ database, drop } = await freshPgDatabase());
  } else {
    const clone = (await (await templateInstance()).clone()) as PGlite;
    database = await connect({ pglite: clone });
    drop = () => database.close();
  }
  const app = await buildApp(config, { database, migrate: false, logger: process.env.TEST_LOG === '1' });
  await app.ready();
  return wrap(app, config, database, async () => {
    // leave nothing behind in the shared Redis
    if (onRedis) await app.ctx.kv.delPrefix('').catch(() => {});
    await app.close();
    await drop();
  });
}

let loginSeq = 0;

function wrap(app: FastifyInstance, config: Config, database: Database, close: () => Promise<void>): TestApp {
  const req: TestApp['req'] = async (opts) => {
    const { token, ...rest } = opts;
    const headers = { ...(rest.headers ?? {}) } as Record<string, string>;
    if (token) headers['x-access-token'] = token;
    const res = await app.inject({ ...rest, headers });
    let json: any;
    try {
      json = JSON.parse(res.body);
    } catch {
      json = undefined;
    }
    return Object.assign(res, { json });
  };

  return {
    app,
    config,
    database,
    req,
    async login(username = 'admin', password = '123456') {
      // each sign-in from its own address, so suites never trip the per-IP login throttle
      loginSeq += 1;
      const res = await req({
        method: 'POST',
        url: '/jeecg-boot/sys/login',
        remoteAddress: `127.77.${(loginSeq >> 8) & 255}.${loginSeq & 255}`,
        payload: { username, password, captcha: 'xxxx', checkKey: String(Date.now()) },
      });
      if (res.json?.code !== 200) throw new Error(`login failed: ${res.body}`);
      return res.json.result.token as string;
    },
    close,
  };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface AdminSession {
  /** the file's app (set before its first test) */
  readonly t: TestApp;
  /** the admin's token */
  readonly token: string;
  /** the token of the seed's low-privileged user jeecg (with `{ jeecg: true }`) */
  readonly jeecg: string;
  /** a request as `as` (default: the admin) with a JSON payload */
  call(method: Method, url: string, payload?: unknown, as?: string): ReturnType<TestApp['req']>;
  get(url: string, as?: string): ReturnType<TestApp['req']>;
}

/**
 * One app for the whole test file, signed in as admin (and, with `jeecg`, as the seed's user jeecg): started before
 * its tests, closed after them. Call it at the top of the file and read `t` / `token` inside tests and hooks.
 */
export function adminSession(env: Record<string, string> = {}, options: { jeecg?: boolean } = {}): AdminSession {
  let t: TestApp | undefined;
  let token = '';
  let jeecg = '';
  beforeAll(async () => {
    t = await createTestApp(env);
    token = await t.login();
    if (options.jeecg) jeecg = await t.login('jeecg', '123456');
  });
  afterAll(async () => {
    await t?.close();
  });
  const app = () => {
    if (!t) throw new Error('adminSession: read t inside a test or hook');
    return t;
  };
  const session: AdminSession = {
    get t() {
      return app();
    },
    get token() {
      return token;
    },
    get jeecg() {
      return jeecg;
    },
    call: (method, url, payload, as = token) => app().req({ method, url, payload: payload as never, token: as }),
    get: (url, as = token) => session.call('GET', url, undefined, as),
  };
  return session;
}
