import { asc, eq, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { onlCgreportHead, onlCgreportItem, onlCgreportParam } from '../../db/schema/index.ts';
import { dictItemsByCode } from '../../platform/dict-cache.ts';
import { dictKeys, type ParsedRef, parseDictRef, tableTexts } from '../../platform/dict-text.ts';
import { escapeLike } from '../../platform/list-query.ts';
import { ALL_TENANTS, type Tenancy, tenantSqlFor } from '../../platform/tenant-scope.ts';
import {
  MAX_REPORT_ROWS,
  onlineTableColumns,
  type ReportRuntime,
  reportRuntime,
  runReportStatements,
} from './reader.ts';
import { checkReportSql, REPORT_TABLES, ReportSqlError } from './sql-guard.ts';

/** the column settings a report field starts with (shown, not sorted, not searched, no total row), seeded and parsed */
export const REPORT_ITEM_DEFAULTS = { fieldType: 'String', isShow: 1, isOrder: 0, isSearch: 0, isTotal: '0' } as const;

export type Head = typeof onlCgreportHead.$inferSelect;
export type Item = typeof onlCgreportItem.$inferSelect;
export type Param = typeof onlCgreportParam.$inferSelect;

export interface Definition {
  head: Head;
  items: Item[];
  params: Param[];
}

export const REPORT_MESSAGES = {
  notFound: '报表不存在',
  disabled: (why: string) => `报表已停用：${why}。请在 Online报表配置 中修改 SQL 后保存`,
  sortRefused: (f: string) => `不支持按 ${f} 排序`,
} as const;

/** a report by id (the AutoList route and the popup's cgRpConfigId) or, when `byCode`, by code too */
export async function loadDefinition(ctx: AppContext, key: string, byCode = false): Promise<Definition | null> {
  const [head] = await ctx.db
    .select()
    .from(onlCgreportHead)
    .where(byCode ? or(eq(onlCgreportHead.code, key), eq(onlCgreportHead.id, key)) : eq(onlCgreportHead.id, key))
    .limit(1);
  if (!head) return null;
  const items = await ctx.db
    .select()
    .from(onlCgreportItem)
    .where(eq(onlCgreportItem.cgrheadId, head.id))
    .orderBy(asc(onlCgreportItem.orderNum));
  const params = await ctx.db
    .select()
    .from(onlCgreportParam)
    .where(eq(onlCgreportParam.cgrheadId, head.id))
    .orderBy(asc(onlCgreportParam.orderNum));
  return { head, items, params };
}

/** the guard's view of this database: the listed tables, and synchronised online-form tables on demand */
export function localOf(ctx: AppContext, rt: ReportRuntime | undefined, tenancy: Tenancy) {
  if (!rt) return undefined;
  const qualified = (t: string) => `${quote(rt.schema)}.${quote(t)}`;
  return {
    schema: rt.schema,
    columns: rt.columns,
    resolve: (t: string) => onlineTableColumns(ctx, rt, t),
    // every table is read only for the caller's tenant (ADR 053)
    // (a table outside REPORT_TABLES can only be a synchronised online-form table: reader.ts onlineTableColumns)
    rows: (t: string) => tenantSqlFor(t, tenancy, qualified, !Object.hasOwn(REPORT_TABLES, t)),
  };
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const NUMERIC = /^(int|integer|long|double|bigdecimal|number|float|decimal)$/i;
const DATE = /^(date|datetime|timestamp)$/i;

type Query = Record<string, unknown>;
const str = (v: unknown) => (v === undefined || v === null ? '' : Array.isArray(v) ? v.join(',') : String(v));

/** the value of each `${name}`: self_<name>, then onlRepUrlParamStr, then the parameter's default; else null */
export function paramValues(def: Definition, names: readonly string[], query: Query): unknown[] {
  const fromUrl = new URLSearchParams(str(query.onlRepUrlParamStr));
  return names.map((name) => {
    const self = query[`self_${name}`];
    if (self !== undefined && self !== null && str(self) !== '') return str(self);
    const url = fromUrl.get(name);
    if (url !== null && url !== '') return url;
    const def0 = def.params.find((p) => p.paramName === name)?.paramValue;
    return def0 === undefined || def0 === null || def0 === '' ? null : def0;
  });
}

export interface ReportQueryOptions {
  query: Query;
  /** the caller's tenancy: the report reads only its tenant's rows */
  tenancy: Tenancy;
  /** page; absent = every row up to MAX_REPORT_ROWS (export) */
  page?: { pageNo: number; pageSize: number };
}

export interface ReportAnswer {
  records: Record<string, unknown>[];
  total: number;
  fields: string[];
}

/**
 * One page (or the export rows) of a report: the checked SQL wrapped as `select * from (\n<sql>\n) t where … order by
 * … limit … offset …`, query conditions on the searchable items only (bound values), sort on is_order items only.
 */
export async function runReport(ctx: AppContext, def: Definition, opts: ReportQueryOptions): Promise<ReportAnswer> {
  const local = def.head.dbSource ? undefined : await reportRuntime(ctx);
  const checked = await checkReportSql(def.head.cgrSql, {
    local: localOf(ctx, local, opts.tenancy),
    embedded: !def.head.dbSource && ctx.database.kind === 'pglite',
  });
  const values: unknown[] = paramValues(def, checked.params, opts.query);
  const bind = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const where: string[] = [];
  const q = opts.query;
  for (const item of def.items) {
    if (Number(item.isSearch) !== 1) continue;
    const col = `t.${quote(item.fieldName)}`;
    if (item.searchMode === 'group') {
      const b = str(q[`${item.fieldName}_begin`]);
      const e = str(q[`${item.fieldName}_end`]);
      if (b) where.push(`${col} >= ${bind(b)}`);
      if (e) where.push(`${col} <= ${bind(e)}`);
      continue;
    }
    const v = str(q[item.fieldName]).trim();
    if (!v) continue;
    if (item.dictCode || NUMERIC.test(item.fieldType ?? '')) where.push(`${col}::text = ${bind(v)}`);
    else if (DATE.test(item.fieldType ?? '')) where.push(`${col}::text like ${bind(`${escapeLike(v)}%`)}`);
    else where.push(`${col}::text ilike ${bind(`%${escapeLike(v)}%`)}`);
  }
  let orderBy = '';
  const column = str(q.column).replace(/_dictText$/, '');
  if (column) {
    const item = def.items.find((i) => i.fieldName === column);
    if (!item || Number(item.isOrder) !== 1) throw new ReportSqlError(REPORT_MESSAGES.sortRefused(column));
    orderBy = ` order by t.${quote(column)} ${str(q.order).toLowerCase() === 'asc' ? 'asc' : 'desc'} nulls last`;
  }
  const inner = `(\n${checked.text}\n) t${where.length ? ` where ${where.join(' and ')}` : ''}`;
  const limit = opts.page ? Math.min(opts.page.pageSize, MAX_REPORT_ROWS) : MAX_REPORT_ROWS;
  const offset = opts.page ? (opts.page.pageNo - 1) * opts.page.pageSize : 0;
  const countValues = [...values];
  const rowsText = `select * from ${inner}${orderBy} limit ${bind(limit)} offset ${bind(offset)}`;
  const [rows, count] = await runReportStatements(ctx, def.head.dbSource, [
    { text: rowsText, values },
    { text: `select count(*) as total from ${inner}`, values: countValues },
  ]);
  return { records: rows.rows, total: Number(count.rows[0]?.total ?? 0), fields: rows.fields };
}

/** The columns of a SQL (designer 解析SQL): run with LIMIT 0, read only, parameters null. */
export async function sqlColumns(
  ctx: AppContext,
  sqlText: string,
  dbSource?: string | null,
): Promise<{ fields: string[]; params: string[] }> {
  const local = dbSource ? undefined : await reportRuntime(ctx);
  const checked = await checkReportSql(sqlText, {
    local: localOf(ctx, local, ALL_TENANTS), // LIMIT 0: no row is read
    embedded: !dbSource && ctx.database.kind === 'pglite',
  });
  const values = checked.params.map(() => null);
  const [r] = await runReportStatements(ctx, dbSource, [
    { text: `select * from (\n${checked.text}\n) t limit ${dbSource ? 1 : 0}`, values },
  ]);
  return { fields: r.fields, params: checked.params };
}

export interface DictOption {
  value: string;
  text: string;
  title: string;
  label: string;
}

/** a stored item's dictionary: a code, or `table,text,code` of a registered table; null when unusable */
export function dictRefOf(dictCode: string | null | undefined): ParsedRef | null {
  const code = dictCode?.trim();
  if (!code) return null;
  try {
    return parseDictRef(code);
  } catch {
    return null;
  }
}

/**
 * Dictionary options of the items that name a dictionary, keyed by field name: every item of a code dictionary; for
 * a table dictionary, the texts of the values in `records` (the page shown).
 */
export async function dictOptionsOf(
  ctx: AppContext,
  items: readonly Item[],
  records: readonly Record<string, unknown>[] = [],
): Promise<Record<string, DictOption[]>> {
  const out: Record<string, DictOption[]> = {};
  for (const item of items) {
    const ref = dictRefOf(item.dictCode);
    if (!ref) continue;
    if (ref.kind === 'code') {
      out[item.fieldName] = (await dictItemsByCode(ctx, ref.code)) as DictOption[];
      continue;
    }
    const keys = records.flatMap((r) => dictKeys(r[item.fieldName]));
    const texts = keys.length ? await tableTexts(ctx.db, ref.dict, keys) : new Map<string, string>();
    out[item.fieldName] = [...texts].map(([value, text]) => ({ value, text, title: text, label: text }));
  }
  return out;
}

/** `1,2` → `男,女` through the options (unknown keys kept) */
export function dictText(value: unknown, options: readonly DictOption[] | undefined): unknown {
  if (!options || value === null || value === undefined || value === '') return value;
  return String(value)
    .split(',')
    .map((k) => options.find((o) => o.value === k)?.text ?? k)
    .join(',');
}
