import { getTableName, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { ROLE_IDS } from '../db/seed/data.ts';
import { checkReportSql, REPORT_TABLES } from '../modules/cgreport/sql-guard.ts';
import { importTable, type RunOptions, type TableSpec } from './engine.ts';
import { copyFormData } from './online-data.ts';
import type { AttentionItem, ImportReport } from './report.ts';
import { ImportError, type Source } from './source.ts';
import { AREA_TITLES, AREAS, type Area, tableSpecs } from './tables.ts';

export interface ImportOptions {
  dryRun: boolean;
  /** areas to import (default: all but logs) */
  only?: readonly Area[];
  withLogs: boolean;
  /** seals a data-source password with our key */
  sealPassword(plain: string, code: string): string;
  /** per-table progress */
  onProgress?: (table: string, done: number, total: number) => void;
  /** an area starts */
  onArea?: (area: Area, title: string) => void;
  /** target description for the report */
  target: string;
}

/** the tables (lower case) of the core areas: a database with none of them is not a JeecgBoot database */
const CORE = ['sys_user', 'sys_role', 'sys_permission', 'sys_depart'];

/**
 * Checks that the source is a JeecgBoot 3.x database with every table and column the chosen areas read; throws an
 * ImportError naming what is missing (nothing is written before this passes).
 */
export function checkVersion(source: Source, areas: readonly Area[], specs: Record<Area, TableSpec[]>): void {
  if (!CORE.some((t) => source.tables.has(t))) {
    throw new ImportError(
      `${source.address} 不是 JeecgBoot 数据库：没有 ${CORE.join('、')} 等表（共 ${source.tables.size} 张表）`,
    );
  }
  const missingTables: string[] = [];
  const missingColumns: string[] = [];
  for (const area of areas) {
    for (const spec of specs[area]) {
      const cols = source.tables.get(spec.source);
      if (!cols) {
        missingTables.push(spec.source);
        continue;
      }
      for (const c of spec.required) if (!cols.has(c.toLowerCase())) missingColumns.push(`${spec.source}.${c}`);
    }
  }
  if (missingTables.length || missingColumns.length) {
    const parts = [];
    if (missingTables.length) parts.push(`缺少表 ${missingTables.join('、')}`);
    if (missingColumns.length) parts.push(`缺少列 ${missingColumns.join('、')}`);
    throw new ImportError(`不支持的 JeecgBoot 版本（支持 3.0–3.4）：${parts.join('；')}。可用 --only 只导入其他范围。`);
  }
}

export function selectedAreas(only: readonly Area[] | undefined, withLogs: boolean): Area[] {
  const chosen = only?.length ? AREAS.filter((a) => only.includes(a)) : AREAS.filter((a) => a !== 'logs');
  return withLogs ? chosen : chosen.filter((a) => a !== 'logs');
}

/** the instant our demo seed wrote its rows (every seeded row carries it), or null when there is no seed here */
async function seedInstant(db: Db): Promise<Date | null> {
  const res = (await db.execute(
    sql`select create_time from sys_role where id = ${ROLE_IDS.registerDefault}`,
  )) as unknown as { rows: { create_time: unknown }[] };
  const v = res.rows[0]?.create_time;
  if (!v) return null;
  return v instanceof Date ? v : new Date(`${String(v).replace(' ', 'T')}Z`);
}

/** our report guard's view of this database (the readable tables and, on demand, online-form tables) */
async function reportGuard(db: Db) {
  const res = (await db.execute(sql`select current_schema() as schema`)) as unknown as { rows: { schema: string }[] };
  const schema = res.rows[0].schema;
  const columnsOf = async (tables: string[]) => {
    const r = (await db.execute(
      sql`select table_name, column_name from information_schema.columns
           where table_schema = ${schema} and table_name in ${tables} order by ordinal_position`,
    )) as unknown as { rows: { table_name: string; column_name: string }[] };
    const m = new Map<string, string[]>();
    for (const row of r.rows) {
      const list = m.get(row.table_name) ?? [];
      list.push(row.column_name);
      m.set(row.table_name, list);
    }
    return m;
  };
  const listed = await columnsOf(Object.keys(REPORT_TABLES));
  const columns = new Map<string, readonly string[]>();
  for (const [t, cols] of listed)
    columns.set(
      t,
      cols.filter((c) => !REPORT_TABLES[t]?.includes(c)),
    );
  return async (sqlText: string, dbSource: string | null): Promise<string | null> => {
    try {
      await checkReportSql(sqlText, {
        local: dbSource
          ? undefined
          : {
              schema,
              columns,
              resolve: async (t) => {
                const online = (await db.execute(
                  sql`select 1 from onl_cgform_head where table_name = ${t} and is_db_synch = 'Y' limit 1`,
                )) as unknown as { rows: unknown[] };
                if (!online.rows.length) return null;
                return (await columnsOf([t])).get(t) ?? null;
              },
            },
      });
      return null;
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  };
}

/**
 * Imports the chosen areas of `source` into `database` (already migrated). Each area runs in its own transaction: an
 * area that fails is rolled back whole and reported, the others are unaffected.
 */
export async function runImport(database: Database, source: Source, opts: ImportOptions): Promise<ImportReport> {
  const areas = selectedAreas(opts.only, opts.withLogs);
  const attention: AttentionItem[] = [];
  const db = database.db;
  let guard: ((s: string, d: string | null) => Promise<string | null>) | undefined;
  const specs = tableSpecs({
    sealPassword: opts.sealPassword,
    checkReportSql: async (s, d) => {
      guard ??= await reportGuard(db);
      return guard(s, d);
    },
  });
  checkVersion(source, areas, specs);

  const report: ImportReport = {
    source: source.address,
    sourceVersion: source.version,
    target: opts.target,
    dryRun: opts.dryRun,
    startedAt: new Date(),
    tables: [],
    areas: [],
    attention,
  };
  const run: RunOptions = {
    dryRun: opts.dryRun,
    seedInstant: await seedInstant(db),
    known: new Map(),
    attention,
    onProgress: opts.onProgress,
  };

  for (const area of areas) {
    opts.onArea?.(area, AREA_TITLES[area]);
    const tables: ImportReport['tables'] = [];
    const before = attention.length;
    try {
      const work = async (tx: Db) => {
        for (const spec of specs[area]) {
          const t = await importTable(tx, source, spec, run);
          t.area = area;
          tables.push(t);
        }
        if (area === 'online') {
          const copied = await copyFormData(tx, source, run);
          tables.push(...copied.map((t) => ({ ...t, area })));
        }
      };
      if (opts.dryRun) await work(db);
      else await db.transaction(async (tx) => work(tx as unknown as Db));
      report.tables.push(...tables);
      report.areas.push({ area, ok: true });
    } catch (err) {
      // the area's transaction is rolled back: forget the ids it accepted, keep the report honest
      for (const spec of specs[area]) run.known.delete(getTableName(spec.target));
      attention.splice(before);
      const message = err instanceof ImportError ? err.message : describeWriteError(err);
      report.areas.push({ area, ok: false, error: message });
    }
  }
  report.finishedAt = new Date();
  return report;
}

/** a database error while writing → one line without SQL */
export function describeWriteError(err: unknown): string {
  const e = err as { code?: string; message?: string; detail?: string; cause?: { code?: string; message?: string } };
  const code = e?.code ?? e?.cause?.code;
  const message = e?.cause?.message ?? e?.message ?? String(err);
  if (code === '23505')
    return `写入失败：违反唯一约束（${(e.cause as { detail?: string })?.detail ?? e.detail ?? ''}）`;
  if (code === '22001') return '写入失败：值超过列的长度';
  if (code === '22P02' || code === '22007' || code === '22008') return '写入失败：值的格式不对';
  if (code === 'ECONNREFUSED' || code === '57P01') return '写入失败：目标数据库连接中断';
  return `写入失败：${message
    .split('\n')[0]
    .replace(/^Failed query:.*/s, '数据库拒绝了写入')
    .slice(0, 200)}`;
}
