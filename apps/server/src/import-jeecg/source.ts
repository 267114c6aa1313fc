import mysql from 'mysql2/promise';

/**
 * The JeecgBoot database being imported: a MySQL/MariaDB connection (mysql2), read-only use. Text comes back as raw
 * bytes (character set `binary`: MySQL converts nothing) and is decoded per column by the import (values.ts), so
 * non-UTF-8 text is seen and reported instead of silently mangled; dates come back as strings (zero dates included).
 */

export class ImportError extends Error {}

export interface SourceColumn {
  name: string;
  dataType: string;
  charset: string | null;
}

export interface Source {
  /** the database name */
  database: string;
  /** display form of the address, without the password */
  address: string;
  /** table name (lower case) → its columns (lower case names) */
  tables: Map<string, Map<string, SourceColumn>>;
  version: string;
  /** every row of a table, only the listed columns (that exist), ordered by the first key column */
  rows(table: string, columns: readonly string[]): Promise<Record<string, unknown>[]>;
  count(table: string): Promise<number>;
  close(): Promise<void>;
}

/** `mysql://user:pw@host:3306/db` → connection options; a clear message when it is not such a URL */
export function parseSourceUrl(url: string): {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  address: string;
} {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ImportError(`--from 不是有效的地址：应为 mysql://用户名:密码@主机:端口/数据库名`);
  }
  if (u.protocol !== 'mysql:' && u.protocol !== 'mariadb:') {
    throw new ImportError(`--from 必须是 mysql:// 地址（JeecgBoot 的 MySQL 或 MariaDB 数据库），收到 ${u.protocol}//`);
  }
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!database) throw new ImportError('--from 缺少数据库名：mysql://用户名:密码@主机:端口/jeecg-boot');
  const port = u.port ? Number(u.port) : 3306;
  return {
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port,
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database,
    address: `${u.hostname}:${port}/${database}`,
  };
}

/** mysql2's connection errors → one Chinese line (never the driver's stack) */
export function describeConnectError(err: unknown, address: string, user: string): string {
  const e = err as { code?: string; errno?: number; message?: string };
  switch (e?.code) {
    case 'ECONNREFUSED':
      return `无法连接 ${address}：连接被拒绝（数据库未启动或端口不对）`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `无法连接 ${address}：找不到主机`;
    case 'ETIMEDOUT':
    case 'ECONNRESET':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `无法连接 ${address}：连接超时或主机不可达`;
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_DBACCESS_DENIED_ERROR':
    case 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR':
      return `无法登录 ${address}：用户名或密码错误，或用户 ${user} 无权访问该数据库`;
    case 'ER_BAD_DB_ERROR':
      return `数据库不存在：${address}`;
    default:
      return `无法连接 ${address}：${(e?.message ?? String(err)).split('\n')[0].slice(0, 200)}`;
  }
}

const TEXT_TYPES = new Set([
  'VAR_STRING',
  'STRING',
  'BLOB',
  'TINY_BLOB',
  'MEDIUM_BLOB',
  'LONG_BLOB',
  'VARCHAR',
  'JSON',
]);
const DATE_TYPES = new Set(['DATE', 'DATETIME', 'TIMESTAMP', 'NEWDATE', 'DATETIME2', 'TIMESTAMP2', 'TIME']);

export async function openSource(url: string, opts: { connectTimeoutMs?: number } = {}): Promise<Source> {
  const o = parseSourceUrl(url);
  let conn: mysql.Connection;
  try {
    conn = await mysql.createConnection({
      host: o.host,
      port: o.port,
      user: o.user,
      password: o.password,
      database: o.database,
      connectTimeout: opts.connectTimeoutMs ?? 10_000,
      charset: 'BINARY',
      supportBigNumbers: true,
      bigNumberStrings: true,
      decimalNumbers: false,
      typeCast(field, next) {
        if (TEXT_TYPES.has(field.type)) return field.buffer();
        if (DATE_TYPES.has(field.type)) return field.string('latin1');
        if (field.type === 'BIT') return field.buffer();
        return next();
      },
    });
  } catch (err) {
    throw new ImportError(describeConnectError(err, o.address, o.user));
  }
  // the session must not be affected by zero dates or strict modes: the import only reads
  conn.on('error', () => {});
  const text = (v: unknown) =>
    Buffer.isBuffer(v) ? v.toString('utf8') : v === null || v === undefined ? '' : String(v);
  const [versionRows] = await conn.query('select version() as v');
  const version = text((versionRows as { v: unknown }[])[0]?.v);
  const [colRows] = await conn.query(
    `select table_name as t, column_name as c, data_type as d, character_set_name as cs
       from information_schema.columns where table_schema = ? order by table_name, ordinal_position`,
    [o.database],
  );
  const tables = new Map<string, Map<string, SourceColumn>>();
  for (const r of colRows as Record<string, unknown>[]) {
    const t = text(r.t).toLowerCase();
    const c = text(r.c).toLowerCase();
    let cols = tables.get(t);
    if (!cols) {
      cols = new Map();
      tables.set(t, cols);
    }
    cols.set(c, { name: text(r.c), dataType: text(r.d).toLowerCase(), charset: r.cs ? text(r.cs) : null });
  }
  const realName = new Map<string, string>();
  const [tableRows] = await conn.query('select table_name as t from information_schema.tables where table_schema = ?', [
    o.database,
  ]);
  for (const r of tableRows as Record<string, unknown>[]) realName.set(text(r.t).toLowerCase(), text(r.t));
  const ident = (s: string) => `\`${s.replace(/`/g, '``')}\``;

  return {
    database: o.database,
    address: o.address,
    tables,
    version,
    async rows(table, columns) {
      const cols = tables.get(table.toLowerCase());
      if (!cols) return [];
      const present = columns.filter((c) => cols.has(c.toLowerCase()));
      const list = present.map((c) => `${ident(cols.get(c.toLowerCase())!.name)} as ${ident(c.toLowerCase())}`);
      const [rows] = await conn.query({
        sql: `select ${list.join(', ')} from ${ident(realName.get(table.toLowerCase()) ?? table)}`,
        rowsAsArray: false,
      });
      return rows as Record<string, unknown>[];
    },
    async count(table) {
      const [rows] = await conn.query(`select count(*) as n from ${ident(realName.get(table.toLowerCase()) ?? table)}`);
      return Number((rows as { n: unknown }[])[0]?.n ?? 0);
    },
    async close() {
      await conn.end().catch(() => {});
    },
  };
}
