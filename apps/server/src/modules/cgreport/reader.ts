import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { formatDate, formatDateTime } from '../../platform/serialize.ts';
import { TENANT_COLUMN, TENANT_COLUMN_SQL } from '../cgform/model.ts';
import { openDataSource } from '../data-source/connect.ts';
import { REPORT_TABLES, ReportSqlError } from './sql-guard.ts';

/**
 * Where report SQL runs (docs/decisions/033-report-sql.md). On this database: one READ ONLY transaction with
 * `statement_timeout` 5 s, `search_path = pg_catalog` (an unqualified name can only be a WITH name, a rewritten table
 * or a system catalog the parser check refuses) and `SET LOCAL ROLE report_reader`, a NOLOGIN role granted SELECT on
 * exactly the readable columns of REPORT_TABLES. The role is prepared on first use (idempotent, under an advisory
 * lock); when the database user may not create or use it, reports still run behind the parser check and the rewrite,
 * and a warning says so. Another data source: its pool (5 s time-outs, its own account), PostgreSQL only.
 */

export const REPORT_ROLE = 'report_reader';
export const STATEMENT_TIMEOUT_MS = 5000;
/** rows a report answers at most (a page, an export) */
export const MAX_REPORT_ROWS = 10_000;

/**
 * PGlite runs in this process and ignores `statement_timeout` (ADR 033): a heavy report would block every request. So
 * on PGlite each statement of a report is first planned (`EXPLAIN (FORMAT JSON)`, same transaction, role and
 * parameters) and refused when the planner's estimate is too big. Calibrated on PGlite (tables of 10 000 users and
 * 10 000 log rows, not analysed): the seeded reports estimate 250–1 000 per statement and run in < 100 ms; the
 * cheapest work per cost unit measured is `generate_series` (about 1 s per 12 500), joins are ~100× cheaper per unit.
 * The budget is for all statements of a call (page + count) together, so the worst accepted report runs ~3 s.
 */
export const PGLITE_COST_LIMIT = 30_000;
/** estimated rows of any plan node (a cheap-looking scan of millions of generated rows still takes seconds) */
export const PGLITE_ROWS_LIMIT = 2_000_000;
export const REPORT_TOO_HEAVY =
  '报表查询过于复杂，嵌入式数据库无法在限时内完成，请增加查询条件、缩小数据范围，或改用 PostgreSQL 部署';
export const REPORT_RECURSIVE_REFUSED = '嵌入式数据库不支持递归查询（WITH RECURSIVE）的报表，请改用 PostgreSQL 部署';

interface PlanNode {
  'Node Type'?: string;
  'Total Cost'?: number;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

/**
 * PGlite has no autovacuum, so a table's statistics are those of its last ANALYZE (or none: the planner then guesses
 * from column widths and can be 100× short). Before a report on PGlite, the report-readable tables whose size grew
 * past their statistics (never analysed, or 20 % + 8 pages more than analysed) are analysed — one catalog query when
 * nothing changed.
 */
async function refreshStatistics(db: Db, rt: ReportRuntime): Promise<void> {
  const stale = (await rowsOf(
    db,
    `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind = 'r'
        and (c.relname = any($2::text[]) or c.relname in (select table_name from onl_cgform_head where is_db_synch = 'Y'))
        and (c.reltuples < 0 or pg_relation_size(c.oid) / 8192 > c.relpages * 1.2 + 8)`,
    [rt.schema, [...rt.columns.keys()]],
  )) as { relname: string }[];
  const names = stale.map((r) => r.relname).filter((n) => IDENT.test(n));
  if (names.length) await db.execute(sql.raw(`analyze ${names.map((n) => `${q(rt.schema)}.${q(n)}`).join(', ')}`));
}

/** the PGlite guard: plans every statement and refuses recursive ones and estimates over the limits */
async function checkPlans(client: Queryable, statements: readonly ReportStatement[]): Promise<void> {
  let cost = 0;
  for (const s of statements) {
    const r = await client.query(`explain (format json) ${s.text}`, s.values);
    const raw = r.rows[0]?.['QUERY PLAN'];
    const plan = ((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: PlanNode }[] | undefined)?.[0]?.Plan;
    if (!plan) throw new ReportSqlError(REPORT_TOO_HEAVY);
    const stack: PlanNode[] = [plan];
    while (stack.length) {
      const n = stack.pop()!;
      // a recursive CTE's estimate says nothing about how long it loops (an unbounded one never ends)
      if (n['Node Type'] === 'Recursive Union') throw new ReportSqlError(REPORT_RECURSIVE_REFUSED);
      if (!(Number(n['Plan Rows'] ?? 0) <= PGLITE_ROWS_LIMIT)) throw new ReportSqlError(REPORT_TOO_HEAVY);
      if (Array.isArray(n.Plans)) stack.push(...n.Plans);
    }
    cost += Number(plan['Total Cost']);
    if (!(cost <= PGLITE_COST_LIMIT)) throw new ReportSqlError(REPORT_TOO_HEAVY);
  }
}

export interface ReportRuntime {
  /** schema of the application's tables */
  schema: string;
  /** readable columns of each REPORT_TABLES table that exists */
  columns: Map<string, string[]>;
  /** report_reader could be prepared and assumed */
  role: boolean;
}

const runtimes = new WeakMap<object, Promise<ReportRuntime>>();

type Raw = { rows: Record<string, unknown>[]; fields?: { name: string; dataTypeID?: number }[] };
type Queryable = { query(text: string, values?: unknown[]): Promise<Raw> };

/** the driver connection of a drizzle handle (a transaction's own client inside a transaction) */
function clientOf(db: Db): Queryable {
  return (db as unknown as { session: { client: Queryable } }).session.client;
}

async function rowsOf(db: Db, text: string, values: unknown[] = []) {
  return (await clientOf(db).query(text, values)).rows;
}

/** The schema, the readable columns and the role of this database (once per app). */
export function reportRuntime(ctx: AppContext): Promise<ReportRuntime> {
  let p = runtimes.get(ctx);
  if (!p) {
    p = prepare(ctx);
    runtimes.set(ctx, p);
    p.catch(() => runtimes.delete(ctx));
  }
  return p;
}

async function prepare(ctx: AppContext): Promise<ReportRuntime> {
  const [{ schema }] = (await rowsOf(ctx.db, 'select current_schema() as schema')) as { schema: string }[];
  const cols = (await rowsOf(
    ctx.db,
    `select table_name, column_name from information_schema.columns
      where table_schema = $1 and table_name = any($2::text[]) order by table_name, ordinal_position`,
    [schema, Object.keys(REPORT_TABLES)],
  )) as { table_name: string; column_name: string }[];
  const columns = new Map<string, string[]>();
  for (const c of cols) {
    if (REPORT_TABLES[c.table_name]?.includes(c.column_name)) continue;
    const list = columns.get(c.table_name) ?? [];
    list.push(c.column_name);
    columns.set(c.table_name, list);
  }
  let role = false;
  try {
    await prepareRole(ctx.db, schema, columns);
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ${REPORT_ROLE}`));
    });
    role = true;
  } catch (err) {
    ctx.log.warn(
      { err: (err as Error)?.message },
      `online reports: the ${REPORT_ROLE} role could not be prepared; report SQL runs as the application's user behind the parser check only (ADR 033)`,
    );
  }
  return { schema, columns, role };
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

const IDENT = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * The readable columns of a synchronised online-form table (onl_cgform_head.is_db_synch = 'Y'; the designer keeps
 * those names clear of the system's tables), granted to report_reader on the way; null for any other name. Asked
 * each time (a form's columns change with its definition).
 */
export async function onlineTableColumns(ctx: AppContext, rt: ReportRuntime, table: string): Promise<string[] | null> {
  if (!IDENT.test(table) || table in REPORT_TABLES || table.startsWith('onl_') || table.startsWith('sys_')) return null;
  const synced = await rowsOf(ctx.db, `select 1 from onl_cgform_head where table_name = $1 and is_db_synch = 'Y'`, [
    table,
  ]);
  if (!synced.length) return null;
  const cols = (
    (await rowsOf(
      ctx.db,
      `select column_name from information_schema.columns where table_schema = $1 and table_name = $2
        order by ordinal_position`,
      [rt.schema, table],
    )) as { column_name: string }[]
  ).map((c) => c.column_name);
  if (!cols.length) return null;
  // the server-owned tenant column of generated tables (ADR 053): a table synchronised before it gets it here
  if (!cols.includes(TENANT_COLUMN)) {
    await ctx.db.execute(
      sql.raw(`alter table ${q(rt.schema)}.${q(table)} add column if not exists ${TENANT_COLUMN_SQL}`),
    );
  }
  // the tenant column is read by the report's row condition only: never one of the report's columns
  const readable = cols.filter((c) => c !== TENANT_COLUMN);
  if (rt.role) {
    try {
      await ctx.db.execute(
        sql.raw(
          `grant select (${[...readable, TENANT_COLUMN].map(q).join(', ')}) on ${q(rt.schema)}.${q(table)} to ${REPORT_ROLE}`,
        ),
      );
    } catch (err) {
      ctx.log.warn({ err: (err as Error)?.message, table }, 'online reports: grant on an online-form table failed');
      return null;
    }
  }
  return readable;
}

/** creates report_reader if needed and grants it exactly the readable columns (nothing else of this schema) */
async function prepareRole(db: Db, schema: string, columns: Map<string, string[]>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('onl_cgreport:report_reader'))`);
    const exists = await rowsOf(tx as unknown as Db, 'select 1 from pg_roles where rolname = $1', [REPORT_ROLE]);
    if (!exists.length) {
      // roles are per cluster: another database of the same server may create it at the same moment
      await tx.execute(
        sql.raw(`do $$ begin create role ${REPORT_ROLE} nologin;
          exception when duplicate_object or unique_violation then null; end $$`),
      );
    }
    await tx.execute(sql.raw(`revoke all on all tables in schema ${q(schema)} from ${REPORT_ROLE}`));
    await tx.execute(sql.raw(`grant usage on schema ${q(schema)} to ${REPORT_ROLE}`));
    for (const [table, cols] of columns)
      await tx.execute(
        sql.raw(`grant select (${cols.map(q).join(', ')}) on ${q(schema)}.${q(table)} to ${REPORT_ROLE}`),
      );
    const member = await rowsOf(tx as unknown as Db, `select pg_has_role(current_user, $1, 'MEMBER') as m`, [
      REPORT_ROLE,
    ]);
    if (!(member[0] as { m?: boolean })?.m) await tx.execute(sql.raw(`grant ${REPORT_ROLE} to current_user`));
  });
}

/** PostgreSQL error → the Chinese text of 查询失败：… (never the statement, a path or a stack) */
export function describeSqlError(err: unknown): string {
  if (err instanceof ReportSqlError) return err.message;
  const e = err as { code?: string; message?: string };
  const quoted = /"([^"]{1,63})"/.exec(e?.message ?? '')?.[1];
  switch (e?.code) {
    case '57014':
      return `查询超时（超过 ${STATEMENT_TIMEOUT_MS / 1000} 秒），已停止`;
    case '42501':
      return quoted ? `报表无权读取 ${quoted}` : '报表无权读取该数据';
    case '42P01':
      return quoted ? `表 ${quoted} 不存在或不允许在报表中使用` : '表不存在或不允许在报表中使用';
    case '42703': {
      const col = /column "?([^"\s]{1,130})"? does not exist/
        .exec(e?.message ?? '')?.[1]
        ?.split('.')
        .pop();
      return col ? `字段 ${col} 不存在` : '字段不存在';
    }
    case '42883':
      return '函数不存在或参数类型不匹配';
    case '42804':
    case '42P18':
      return '参数或字段的类型不匹配';
    case '22P02':
    case '22007':
    case '22008':
      return '查询条件的值格式不正确';
    case '25006':
      return '报表只能读取数据';
    case '42601':
      return 'SQL语法错误';
    case '22012':
      return '除数为零';
    default:
      return '报表SQL执行出错';
  }
}

const DATE_OID = 1082;

/** a driver value as JSON: dates as yyyy-MM-dd HH:mm:ss, bigint as number (string past 2^53) */
function cell(v: unknown): unknown {
  if (v instanceof Date) return formatDateTime(v);
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  return v;
}

export interface ReportStatement {
  text: string;
  values: unknown[];
}

export interface ReportResult {
  rows: Record<string, unknown>[];
  fields: string[];
}

/**
 * Runs statements of one report (in order, one transaction on this database) and answers their results. `dbSource`
 * empty = this database.
 */
export async function runReportStatements(
  ctx: AppContext,
  dbSource: string | null | undefined,
  statements: readonly ReportStatement[],
): Promise<ReportResult[]> {
  const out: ReportResult[] = [];
  const shape = (r: Raw): ReportResult => {
    // DATE columns as yyyy-MM-dd (PGlite hands them over as Date objects)
    const dates = new Set(r.fields?.filter((f) => f.dataTypeID === DATE_OID).map((f) => f.name));
    return {
      rows: r.rows.map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([k, v]) => [k, dates.has(k) && v instanceof Date ? formatDate(v) : cell(v)]),
        ),
      ),
      fields: r.fields?.map((f) => f.name) ?? Object.keys(r.rows[0] ?? {}),
    };
  };
  if (dbSource) {
    const pool = await openDataSource(ctx, dbSource);
    if (pool.engine !== 'postgres') throw new ReportSqlError('报表暂只支持 PostgreSQL 数据源');
    for (const s of statements) {
      const rows = await pool.query(s.text, s.values);
      out.push(shape({ rows }));
    }
    return out;
  }
  const rt = await reportRuntime(ctx);
  if (ctx.database.kind === 'pglite') await refreshStatistics(ctx.db, rt);
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    await tx.execute(sql.raw(`set local statement_timeout = ${STATEMENT_TIMEOUT_MS}`));
    await tx.execute(sql`set local search_path = pg_catalog`);
    if (rt.role) await tx.execute(sql.raw(`set local role ${REPORT_ROLE}`));
    const client = clientOf(tx as unknown as Db);
    if (ctx.database.kind === 'pglite') await checkPlans(client, statements);
    for (const s of statements) out.push(shape(await client.query(s.text, s.values)));
  });
  return out;
}
