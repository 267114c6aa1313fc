import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { JEECG_DEFAULT_SIGN_SECRET } from '../../src/config.ts';
import { connect } from '../../src/db/client.ts';
import { migrateAndSeed } from '../../src/db/migrate.ts';
import { computeSign, signParams, signTimestamp } from '../../src/platform/sign.ts';
import { TcpProxy } from './tcp-proxy.ts';

/** The fault suite needs the real services: it runs in `npm run test:services` and is skipped by plain `npm test`. */
export const servicesAvailable = !!process.env.TEST_DATABASE_URL && !!process.env.TEST_REDIS_URL;

export const MAIN = path.resolve(import.meta.dirname, '../../src/main.ts');
export const START_SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/start.mjs');

/** A fresh migrated + seeded PostgreSQL database on the real server; `drop` removes it. */
export async function freshDatabase(): Promise<{ url: URL; name: string; drop: () => Promise<void> }> {
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `answer_f_${randomBytes(6).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  const database = await connect({ databaseUrl: url.toString(), poolMax: 2 });
  await migrateAndSeed(database);
  await database.close();
  return {
    url,
    name,
    drop: async () => {
      const d = new pg.Client({ connectionString: admin.toString() });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

/** A proxy in front of the real PostgreSQL and one in front of the real Redis. */
export async function serviceProxies() {
  const pgUrl = new URL(process.env.TEST_DATABASE_URL!);
  const redisUrl = new URL(process.env.TEST_REDIS_URL!);
  const db = await new TcpProxy(pgUrl.hostname, Number(pgUrl.port || 5432)).start();
  const redis = await new TcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379)).start();
  return { db, redis, redisUrl };
}

/** the same URL with its host and port replaced by the proxy's */
export function through(url: URL, proxy: TcpProxy, pathname?: string): string {
  const u = new URL(url.toString());
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  if (pathname !== undefined) u.pathname = pathname;
  return u.toString();
}

export interface Served {
  proc: ChildProcess;
  base: string;
  /** the process's exit, once it has exited */
  exit: { code: number | null; signal: NodeJS.Signals | null } | null;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** parsed JSON log lines so far */
  logs: Record<string, unknown>[];
  /** resolves with the first log line for which `pred` holds (already seen ones included) */
  logLine(pred: (l: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  kill(): void;
}

/**
 * Spawns a real server process (`node --import tsx main.ts`, or a plain .mjs launcher such as scripts/start.mjs) so
 * that an uncaught error would really end it; resolves once it listens. `script` defaults to main.ts.
 */
export async function spawnServer(env: Record<string, string>, script = MAIN): Promise<Served> {
  const args = script.endsWith('.mjs') ? [script] : ['--import', 'tsx', script];
  const proc = spawn(process.execPath, args, {
    cwd: path.resolve(import.meta.dirname, '../../../..'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      CAPTCHA: 'off',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000',
      REDIS_PREFIX: `f${randomBytes(4).toString('hex')}:`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  const waiters: { pred: (l: Record<string, unknown>) => boolean; resolve: (l: Record<string, unknown>) => void }[] =
    [];
  let pending = '';
  let stderr = '';
  proc.stdout!.on('data', (d: Buffer) => {
    pending += d.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      let l: Record<string, unknown>;
      try {
        l = JSON.parse(line);
      } catch {
        l = { msg: line };
      }
      logs.push(l);
      for (const w of [...waiters])
        if (w.pred(l)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(l);
        }
    }
  });
  proc.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const served: Served = {
    proc,
    base: '',
    exit: null,
    exited: new Promise((resolve) =>
      proc.on('exit', (code, signal) => {
        served.exit = { code, signal };
        resolve({ code, signal });
      }),
    ),
    logs,
    logLine(pred) {
      const seen = logs.find(pred);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ pred, resolve }));
    },
    kill() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    },
  };
  const listening = served.logLine((l) => /Server listening at http:\/\/127\.0\.0\.1:\d+/.test(String(l.msg)));
  const first = await Promise.race([listening, served.exited]);
  if ('signal' in first) throw new Error(`server exited before listening (${first.code}): ${stderr.slice(-2000)}`);
  served.base = String((first as { msg: string }).msg).match(/http:\/\/127\.0\.0\.1:\d+/)![0];
  return served;
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: parsed JSON of any shape, asserted field by field
  json: any;
  ms: number;
}

/** One request on a fresh connection (no keep-alive pool), so each request meets the server as a new client. */
export function call(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent: false,
        headers: {
          connection: 'close',
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...(opts.token ? { 'x-access-token': opts.token } : {}),
          ...opts.headers,
        },
        timeout: opts.timeoutMs ?? 20_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = text;
          }
          resolve({ status: res.statusCode ?? 0, json, ms: performance.now() - started });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${opts.timeoutMs ?? 20_000} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** X-Sign + X-TIMESTAMP for a signed GET (getDictItems, loadDict, …), as the client computes them (default secret) */
export function signed(url: string): Record<string, string> {
  return {
    'X-Sign': computeSign(signParams(url), JEECG_DEFAULT_SIGN_SECRET),
    'X-TIMESTAMP': signTimestamp(new Date()),
  };
}

export async function login(base: string, username = 'admin', password = '123456'): Promise<Answer> {
  return call(base, 'POST', '/jeecg-boot/sys/login', {
    body: { username, password, captcha: 'xxxx', checkKey: String(Date.now()) },
  });
}

export async function token(base: string): Promise<string> {
  const r = await login(base);
  if (r.json?.code !== 200) throw new Error(`login failed: ${JSON.stringify(r.json)}`);
  return r.json.result.token as string;
}

/**
 * Polls `probe` until `done` holds for its answer (bounded: `tries` attempts, each awaited in full — no fixed sleeps
 * beyond a short pause between attempts so a recovering service is not hammered). Returns the last answer.
 */
export async function until<T>(
  probe: () => Promise<T>,
  done: (v: T) => boolean,
  { tries = 100, pauseMs = 50 } = {},
): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < tries; i++) {
    last = await probe();
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, pauseMs));
  }
  throw new Error(`condition not reached after ${tries} attempts; last: ${JSON.stringify(last)}`);
}

/** true while the process exists and is not a zombie */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
