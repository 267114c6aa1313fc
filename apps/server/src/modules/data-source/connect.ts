import { eq } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { AppContext } from '../../context.ts';
import { sysDataSource } from '../../db/schema/index.ts';
import { type Address, hostAllowed, hostRefused, parseAddress } from './address.ts';
import type { SecretBox } from './secret.ts';

/** connect and query time-out of every data-source connection */
export const DS_TIMEOUT_MS = 5000;

export interface Credentials {
  user: string;
  password: string;
}

/** Per app: the allow-list, the key, and the pools opened by code. */
export interface DataSourceRuntime {
  allow: readonly string[];
  box: SecretBox;
  pools: Map<string, DataSourcePool>;
}

const runtimes = new WeakMap<object, DataSourceRuntime>();
export const setRuntime = (ctx: AppContext, r: DataSourceRuntime) => runtimes.set(ctx, r);
export function runtimeOf(ctx: AppContext): DataSourceRuntime {
  const r = runtimes.get(ctx);
  if (!r) throw new Error('data-source module not registered');
  return r;
}

/** Chinese text for a driver failure; never the stack, never the password */
export function describeFailure(err: unknown, a: Address): string {
  const e = err as { code?: string; errno?: number; message?: string };
  const where = `${a.host}:${a.port}`;
  switch (e?.code) {
    case 'TIMEOUT':
    case 'ETIMEDOUT':
      return `连接 ${where} 超时（${DS_TIMEOUT_MS / 1000} 秒）`;
    case 'ECONNREFUSED':
      return `连接被拒绝：${where} 上没有可连接的数据库服务`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `找不到主机 ${a.host}`;
    case 'ECONNRESET':
    case 'PROTOCOL_CONNECTION_LOST':
      return `连接 ${where} 被对方关闭`;
    case 'ER_ACCESS_DENIED_ERROR':
    case '28P01':
    case '28000':
      return '用户名或密码错误';
    case 'ER_BAD_DB_ERROR':
    case '3D000':
      return `数据库 ${a.database} 不存在`;
    case 'ER_DBACCESS_DENIED_ERROR':
      return `没有访问数据库 ${a.database} 的权限`;
    case 'HANDSHAKE_SSL_ERROR':
    case 'HANDSHAKE_NO_SSL_SUPPORT':
      return '数据库服务器不支持 SSL 连接';
    default:
      if (/timeout/i.test(e?.message ?? '')) return `连接 ${where} 超时（${DS_TIMEOUT_MS / 1000} 秒）`;
      if (/does not support SSL/i.test(e?.message ?? '')) return '数据库服务器不支持 SSL 连接';
      return `连接 ${where} 失败${e?.code ? `（${String(e.code).slice(0, 40)}）` : ''}`;
  }
}

/** rejects with a TIMEOUT error after ms, running `cleanup` */
function withDeadline<T>(p: Promise<T>, ms: number, cleanup: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      cleanup();
      reject(Object.assign(new Error('timeout'), { code: 'TIMEOUT' }));
    }, ms);
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}

const mysqlOptions = (a: Address, c: Credentials) => ({
  host: a.host,
  port: a.port,
  database: a.database,
  user: c.user,
  password: c.password,
  connectTimeout: DS_TIMEOUT_MS,
  charset: 'utf8mb4',
  multipleStatements: false,
  // no LOAD DATA LOCAL INFILE from the server's disk
  flags: ['-LOCAL_FILES'],
  ssl: a.ssl ? { rejectUnauthorized: true } : undefined,
  supportBigNumbers: true,
  dateStrings: true,
});

const pgOptions = (a: Address, c: Credentials): pg.ClientConfig => ({
  host: a.host,
  port: a.port,
  database: a.database,
  user: c.user,
  password: c.password,
  connectionTimeoutMillis: DS_TIMEOUT_MS,
  query_timeout: DS_TIMEOUT_MS,
  statement_timeout: DS_TIMEOUT_MS,
  ssl: a.ssl ? { rejectUnauthorized: true } : false,
  options: a.schema ? `-c search_path=${a.schema}` : undefined,
  application_name: 'answer-admin',
});

/**
 * 测试连接: connects (allow-listed host only), runs `select 1`, closes. Resolves with nothing or rejects with a
 * Chinese message (Error) within the time-out.
 */
export async function testConnection(rt: DataSourceRuntime, a: Address, c: Credentials): Promise<void> {
  if (!hostAllowed(a.host, rt.allow)) throw new Error(hostRefused(a.host));
  try {
    if (a.engine === 'mysql') {
      let conn: mysql.Connection | undefined;
      let abandoned = false;
      const run = (async () => {
        conn = await mysql.createConnection(mysqlOptions(a, c));
        if (abandoned) return void conn.destroy();
        await conn.query({ sql: 'select 1', timeout: DS_TIMEOUT_MS });
      })();
      try {
        await withDeadline(run, DS_TIMEOUT_MS + 250, () => {
          abandoned = true;
          conn?.destroy();
        });
      } finally {
        run.catch(() => {});
        if (conn && !abandoned) await conn.end().catch(() => conn?.destroy());
      }
    } else {
      const client = new pg.Client(pgOptions(a, c));
      client.on('error', () => {});
      try {
        await withDeadline(
          (async () => {
            await client.connect();
            await client.query('select 1');
          })(),
          DS_TIMEOUT_MS + 250,
          () => void client.end().catch(() => {}),
        );
      } finally {
        await client.end().catch(() => {});
      }
    }
  } catch (err) {
    throw new Error(describeFailure(err, a));
  }
}

/** A pooled, time-limited connection to a stored data source (for the online reports). */
export interface DataSourcePool {
  code: string;
  engine: 'mysql' | 'postgres';
  /** runs one statement with bound parameters (`?` for MySQL/MariaDB, `$1` for PostgreSQL), at most 5 s */
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

function makePool(code: string, a: Address, c: Credentials): DataSourcePool {
  if (a.engine === 'mysql') {
    const pool = mysql.createPool({ ...mysqlOptions(a, c), connectionLimit: 5, maxIdle: 2, idleTimeout: 60_000 });
    return {
      code,
      engine: 'mysql',
      async query(sql, params = []) {
        const [rows] = await pool.query({ sql, timeout: DS_TIMEOUT_MS }, params);
        return rows as Record<string, unknown>[];
      },
      close: () => pool.end(),
    };
  }
  const pool = new pg.Pool({ ...pgOptions(a, c), max: 5, idleTimeoutMillis: 60_000 });
  pool.on('error', () => {});
  return {
    code,
    engine: 'postgres',
    async query(sql, params = []) {
      return (await pool.query(sql, params)).rows;
    },
    close: () => pool.end(),
  };
}

/**
 * The pool of the data source `code` (created on first use, kept until the source is edited or deleted). Throws an
 * Error with a Chinese message when the code is unknown, the password cannot be decrypted or the host is no longer
 * allowed.
 */
export async function openDataSource(ctx: AppContext, code: string): Promise<DataSourcePool> {
  const rt = runtimeOf(ctx);
  const cached = rt.pools.get(code);
  if (cached) return cached;
  const [row] = await ctx.db.select().from(sysDataSource).where(eq(sysDataSource.code, code)).limit(1);
  if (!row) throw new Error(`数据源 ${code} 不存在`);
  let a: Address;
  try {
    a = parseAddress({
      dbType: row.dbType ?? '',
      dbDriver: row.dbDriver ?? '',
      dbUrl: row.dbUrl ?? '',
      dbName: row.dbName ?? '',
    });
  } catch (msg) {
    throw new Error(`数据源 ${code} 配置有误：${String(msg)}`);
  }
  if (!hostAllowed(a.host, rt.allow)) throw new Error(hostRefused(a.host));
  const password = row.dbPassword ? rt.box.open(row.dbPassword, row.code ?? '') : '';
  if (password === null) throw new Error(PASSWORD_UNREADABLE);
  const again = rt.pools.get(code);
  if (again) return again;
  const pool = makePool(code, a, { user: row.dbUsername ?? '', password });
  rt.pools.set(code, pool);
  return pool;
}

export const PASSWORD_UNREADABLE = '数据源密码无法解密：DATA_SOURCE_KEY 与保存密码时使用的密钥不一致，请重新填写密码';

/** closes and forgets the pools of these codes (edit, delete, another node's change) */
export async function evictPools(ctx: AppContext, codes: Iterable<string>): Promise<void> {
  const rt = runtimes.get(ctx);
  if (!rt) return;
  for (const code of codes) {
    const p = rt.pools.get(code);
    rt.pools.delete(code);
    await p?.close().catch(() => {});
  }
}
