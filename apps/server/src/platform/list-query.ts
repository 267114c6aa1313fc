import { createHash } from 'node:crypto';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, type Page } from '@answer/contract';
import type { PGlite } from '@electric-sql/pglite';
import { eq, getTableColumns, getTableName, gt, gte, inArray, is, lt, lte, ne, or, SQL, sql } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { type PgColumn, PgDialect, type PgTable, PgTransaction } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { isPlainRead, remember, type WriteEpoch, writeEpochOf } from '../db/embedded-writes.ts';
import { pgliteReadArrays } from '../db/pglite-prepared.ts';
import { dictSnapshot } from './dict-cache.ts';
import {
  type DictRef,
  dictKeys,
  parseDictRef,
  plainDictTexts,
  tableDictTextSql,
  translateValue,
  validateDictRef,
} from './dict-text.ts';
import { type AppError, badRequest, bizError } from './errors.ts';
import { renderSql } from './fast-sql.ts';
import { formatDate, formatDateTime } from './serialize.ts';
import { allOf, NEVER_EXPOSED } from './table-registry.ts';
import { type KeptTotal, keepTotal, keptTotal, versionSql } from './table-versions.ts';
import { type Tenancy, type TenantRule, tenantCondition, tenantRuleOf } from './tenant-scope.ts';

/**
 * The list query engine behind every `/list` endpoint (contract §1.3, JeecgBoot's QueryGenerator; security rule 5).
 *
 *   const users = defineListEntity({ table: sysUser, sortable: ['username', 'createTime'],
 *     defaultSort: { column: 'createTime', order: 'desc' }, dictFields: { sex: 'sex' },
 *     where: () => eq(sysUser.delFlag, 0) });
 *   return okCode0(await listPage(app.ctx.db, users, req.query, { dataRules }));
 *
 * Identifiers only ever come from the definition (drizzle columns); every value is bound. Query parameters that name
 * no field of the entity are ignored (like JeecgBoot: the UI sends `_t`, `field`, page-specific extras); malformed
 * values of known fields, unknown sort columns and unsupported super-query fields/rules answer HTTP 400.
 */

export type SortOrder = 'asc' | 'desc';

export interface ListEntityOptions {
  table: PgTable;
  /** camelCase name → column; default: every column of the table. password/salt are always dropped. */
  fields?: Record<string, PgColumn>;
  /** fields a client may sort by (`column`, comma lists allowed, `_dictText` suffix stripped) */
  sortable: readonly string[];
  defaultSort: { column: string; order: SortOrder };
  /** field → dictionary (`'sex'` or `'sys_user,realname,username'`): adds `<field>_dictText` to records */
  dictFields?: Record<string, DictRef>;
  /** fields usable as query filters; default: all fields */
  searchable?: readonly string[];
  /** condition every query of this entity carries (e.g. `del_flag = 0`) */
  where?: () => SQL | undefined;
}

export interface ListEntity {
  table: PgTable;
  /** selected and serialized fields */
  fields: ReadonlyMap<string, PgColumn>;
  /** filterable fields, by camelCase name */
  filterable: ReadonlyMap<string, PgColumn>;
  sortable: ReadonlyMap<string, PgColumn>;
  defaultSort: { field: string; column: PgColumn; order: SortOrder };
  dictFields: Readonly<Record<string, DictRef>>;
  where?: () => SQL | undefined;
  /** tie-breaker for stable paging */
  id?: PgColumn;
  /** how the table is tenant-scoped (platform/tenant-scope.ts); listing it then needs ListOptions.tenant */
  tenant?: TenantRule;
}

const isHidden = (name: string, col: PgColumn) => NEVER_EXPOSED.has(name) || NEVER_EXPOSED.has(col.name);

/** Builds (and checks, at startup) an entity definition. Mistakes throw: they are programming errors. */
export function defineListEntity(opts: ListEntityOptions): ListEntity {
  const all = opts.fields ?? (getTableColumns(opts.table) as Record<string, PgColumn>);
  const tenant = tenantRuleOf(opts.table);
  // the owning tenant is the server's business (ADR 017): not part of the JeecgBoot entity JSON
  const tenantColumn = tenant?.kind === 'column' ? tenant.column : undefined;
  const fields = new Map<string, PgColumn>();
  for (const [name, col] of Object.entries(all))
    if (!isHidden(name, col) && col !== tenantColumn) fields.set(name, col);
  const pick = (names: readonly string[], what: string) => {
    const m = new Map<string, PgColumn>();
    for (const n of names) {
      const col = fields.get(n);
      if (!col) throw new Error(`list entity: ${what} field ${n} is not a (visible) field`);
      m.set(n, col);
    }
    return m;
  };
  const sortable = pick(opts.sortable, 'sortable');
  const filterable = opts.searchable ? pick(opts.searchable, 'searchable') : new Map(fields);
  const dc = fields.get(opts.defaultSort.column);
  if (!dc) throw new Error(`list entity: default sort field ${opts.defaultSort.column} is not a field`);
  for (const [f, ref] of Object.entries(opts.dictFields ?? {})) {
    if (!fields.has(f)) throw new Error(`list entity: dictionary field ${f} is not a field`);
    validateDictRef(ref);
  }
  return {
    table: opts.table,
    fields,
    filterable,
    sortable,
    defaultSort: { field: opts.defaultSort.column, column: dc, order: opts.defaultSort.order },
    dictFields: { ...(opts.dictFields ?? {}) },
    where: opts.where,
    id: fields.get('id'),
    tenant,
  };
}

// ---------------------------------------------------------------- values

type Kind = 'text' | 'int' | 'float' | 'datetime' | 'date' | 'bool' | 'other';

function kindOf(col: PgColumn): Kind {
  switch (col.columnType) {
    case 'PgVarchar':
    case 'PgText':
    case 'PgChar':
      return 'text';
    case 'PgSmallInt':
    case 'PgInteger':
    case 'PgBigInt53':
    case 'PgSerial':
    case 'PgSmallSerial':
      return 'int';
    case 'PgDoublePrecision':
    case 'PgReal':
    case 'PgNumericNumber':
      return 'float';
    case 'PgTimestamp':
      return 'datetime';
    case 'PgDateString':
      return 'date';
    case 'PgBoolean':
      return 'bool';
    default:
      return 'other';
  }
}

const MAX_VALUE_LENGTH = 1000;
const MAX_IN_VALUES = 1000;
const MAX_SUPER_CONDITIONS = 50;
const GMT8_MS = 8 * 3_600_000;

/** `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss` (GMT+8 wall clock) → the instant; null when malformed or not a real date. */
export function parseGmt8(value: string): { date: Date; dateOnly: boolean } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1);
  const ms = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s) - GMT8_MS;
  const date = new Date(ms);
  // reject 2024-02-30, 25:00 and friends: the wall clock must round-trip
  const back = formatDateTime(date)!;
  const wanted = `${y}-${mo}-${d} ${h.padStart(2, '0')}:${mi.padStart(2, '0')}:${s.padStart(2, '0')}`;
  if (back !== wanted) return null;
  return { date, dateOnly: m[4] === undefined };
}

type Fail = (message: string) => AppError;
const fail400: Fail = (message) => badRequest(message);

interface Operand {
  field: string;
  col: PgColumn;
  kind: Kind;
  fail: Fail;
}

function bad(o: Operand, what: string): AppError {
  return o.fail(`参数 ${o.field} 有误：${what}`);
}

/** A filter value converted to the column's type (bound through the column's own encoder). */
function coerce(o: Operand, raw: string): unknown {
  const v = raw.trim();
  switch (o.kind) {
    case 'int':
      if (!/^-?\d{1,15}$/.test(v)) throw bad(o, '必须是整数');
      return Number(v);
    case 'float':
      if (!/^-?\d{1,15}(\.\d{1,15})?$/.test(v)) throw bad(o, '必须是数字');
      return Number(v);
    case 'datetime': {
      const p = parseGmt8(v);
      if (!p) throw bad(o, '必须是 yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss 格式的时间');
      return p.date;
    }
    case 'date': {
      const p = parseGmt8(v);
      if (!p) throw bad(o, '必须是 yyyy-MM-dd 格式的日期');
      return formatDate(p.date);
    }
    case 'bool':
      if (v === 'true' || v === '1') return true;
      if (v === 'false' || v === '0') return false;
      throw bad(o, '必须是 true 或 false');
    default:
      return v;
  }
}

/** the column as compared: its own type, or its text form for types we do not coerce */
function target(o: Operand): PgColumn | SQL {
  return o.kind === 'other' ? sql`${o.col}::text` : o.col;
}

/** `%`, `_` and `\` of a user value are literal inside LIKE */
export function escapeLike(v: string): string {
  return v.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/** true when no character of `s` has a case (digits, CJK, punctuation): LIKE then matches exactly what ILIKE does */
export function caseless(s: string): boolean {
  return s.toLowerCase() === s && s.toUpperCase() === s;
}

function likeSql(o: Operand, pattern: string): SQL {
  // ILIKE: JeecgBoot ran on MySQL, whose default collation compares case-insensitively. A pattern without cased
  // characters (e.g. 用户1) matches the same rows with LIKE, which PostgreSQL evaluates about three times faster.
  const c = o.kind === 'text' ? sql`${o.col}` : sql`${o.col}::text`;
  return caseless(pattern) ? sql`${c} like ${pattern} escape '\\'` : sql`${c} ilike ${pattern} escape '\\'`;
}

export type Rule =
  | 'eq'
  | 'ne'
  | 'gt'
  | 'ge'
  | 'lt'
  | 'le'
  | 'in'
  | 'like'
  | 'left_like'
  | 'right_like'
  | 'eq_with_add'
  | 'or_like';

export interface ValueRule {
  rule: Rule;
  /** one value, or the list of `in` / `or_like` */
  value: string | string[];
}

/**
 * A query value's rule (QueryGenerator.convert2Rule + replaceValue), checked in JeecgBoot's order:
 * `,a,b,` OR of likes; `>=x` `<=x` `!=x` `>x` `<x` (a space after the operator is allowed);
 * `*x*` like, `*x` ends-with (left_like), `x*` starts-with (right_like); `a,b` in; `!x` ne; `a++b` = 'a,b'; else eq.
 */
export function parseValueRule(raw: string): ValueRule {
  const val = raw.trim();
  if (val.length >= 2 && val.startsWith(',') && val.endsWith(',')) {
    return { rule: 'or_like', value: val.split(',').filter((s) => s !== '') };
  }
  for (const [prefix, rule] of [
    ['>=', 'ge'],
    ['<=', 'le'],
    ['!=', 'ne'],
    ['>', 'gt'],
    ['<', 'lt'],
  ] as const) {
    if (val.startsWith(prefix)) return { rule, value: val.slice(prefix.length).trim() };
  }
  if (val.includes('*')) {
    if (val.length >= 2 && val.startsWith('*') && val.endsWith('*')) return { rule: 'like', value: val.slice(1, -1) };
    if (val.startsWith('*')) return { rule: 'left_like', value: val.slice(1) };
    if (val.endsWith('*')) return { rule: 'right_like', value: val.slice(0, -1) };
  }
  if (val.includes(',')) return { rule: 'in', value: val.split(',').filter((s) => s !== '') };
  if (val.startsWith('!')) return { rule: 'ne', value: val.slice(1) };
  if (val.indexOf('++') > 0) return { rule: 'eq_with_add', value: val.replaceAll('++', ',') };
  return { rule: 'eq', value: val };
}

const DAY_MS = 86_400_000;

/** One condition on one column; undefined when there is nothing to filter (empty list). */
function ruleSql(o: Operand, rule: Rule, value: string | string[]): SQL | undefined {
  const one = Array.isArray(value) ? value.join(',') : value;
  const list = Array.isArray(value) ? value : one.split(',').filter((s) => s !== '');
  if (list.length > MAX_IN_VALUES) throw bad(o, `最多 ${MAX_IN_VALUES} 个值`);
  const tooLong = Array.isArray(value) ? value.some((v) => v.length > MAX_VALUE_LENGTH) : one.length > MAX_VALUE_LENGTH;
  if (tooLong) throw bad(o, `长度不能超过 ${MAX_VALUE_LENGTH} 个字符`);
  const t = target(o);
  switch (rule) {
    case 'like':
      return likeSql(o, `%${escapeLike(one)}%`);
    case 'left_like':
      return likeSql(o, `%${escapeLike(one)}`);
    case 'right_like':
      return likeSql(o, `${escapeLike(one)}%`);
    case 'or_like': {
      if (list.length === 0) return undefined;
      return or(...list.map((v) => likeSql(o, `%${escapeLike(v)}%`)));
    }
    case 'in': {
      if (list.length === 0) return undefined;
      return inArray(
        t as PgColumn,
        list.map((v) => coerce(o, v)),
      );
    }
    case 'eq':
    case 'eq_with_add':
    case 'ne':
    case 'gt':
    case 'ge':
    case 'lt':
    case 'le': {
      const v = coerce(o, one);
      // a date-only value against a date-time column means the whole (GMT+8) day
      if (o.kind === 'datetime' && parseGmt8(one)?.dateOnly) {
        const start = v as Date;
        const next = new Date(start.getTime() + DAY_MS);
        switch (rule) {
          case 'eq':
          case 'eq_with_add':
            return allOf([gte(o.col, start), lt(o.col, next)]);
          case 'ne':
            return or(lt(o.col, start), gte(o.col, next));
          case 'gt':
            return gte(o.col, next);
          case 'ge':
            return gte(o.col, start);
          case 'lt':
            return lt(o.col, start);
          case 'le':
            return lt(o.col, next);
        }
      }
      switch (rule) {
        case 'eq':
        case 'eq_with_add':
          return eq(t as PgColumn, v);
        case 'ne':
          return ne(t as PgColumn, v);
        case 'gt':
          return gt(t as PgColumn, v);
        case 'ge':
          return gte(t as PgColumn, v);
        case 'lt':
          return lt(t as PgColumn, v);
        case 'le':
          return lte(t as PgColumn, v);
      }
    }
  }
}

// ---------------------------------------------------------------- query parameters

type Query = Record<string, unknown> | null | undefined;

/** a query parameter as one string (the first of repeated ones, as JeecgBoot); non-strings → undefined */
function param(q: Query, key: string): string | undefined {
  if (!q || !Object.hasOwn(q, key)) return undefined;
  const v = q[key];
  const first = Array.isArray(v) ? v[0] : v;
  if (typeof first === 'string') return first;
  if (typeof first === 'number' || typeof first === 'boolean') return String(first);
  return undefined;
}

function positiveInt(q: Query, key: string, def: number): number {
  const raw = param(q, key)?.trim();
  if (raw === undefined || raw === '') return def;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw badRequest(`参数 ${key} 有误：必须是正整数`);
  return Number(raw);
}

/**
 * pageNo as JeecgBoot reads it: Spring binds an Integer (no number at all → refused; here 400 with the usual message)
 * and MyBatis-Plus' `Page.offset()` treats every current ≤ 1 as the first page. The 3.2 client reloads a list with
 * pageNo 0 (or below) after deleting the last rows of a page, so 0 and negative integers mean page 1.
 */
export function parsePageNo(raw: string | undefined): number {
  const v = raw?.trim();
  if (v === undefined || v === '') return 1;
  if (/^[-+]?\d{1,9}$/.test(v)) return Math.max(1, Number(v));
  throw badRequest('参数 pageNo 有误：必须是正整数');
}

/** pageNo (default 1; 0 and negative integers = 1) and pageSize (default 10, at most 1000: larger values are capped) */
export function parsePaging(q: Query): { pageNo: number; pageSize: number } {
  const pageNo = parsePageNo(param(q, 'pageNo'));
  const pageSize = Math.min(positiveInt(q, 'pageSize', PAGE_SIZE_DEFAULT), PAGE_SIZE_MAX);
  return { pageNo, pageSize };
}

/** the query keys an entity filters on: `<field>`, `<field>_begin`, `<field>_end`, `<field>_MultiString` */
type FilterSuffix = 0 | 1 | 2 | 3;
interface FilterKey {
  field: string;
  col: PgColumn;
  /** the field's position among the entity's filterable fields, then the suffix: the order filters are rendered in */
  order: number;
  suffix: FilterSuffix;
}
const filterKeyIndexes = new WeakMap<ListEntity, Map<string, FilterKey>>();
function filterKeyIndex(entity: ListEntity): Map<string, FilterKey> {
  let index = filterKeyIndexes.get(entity);
  if (!index) {
    index = new Map();
    let pos = 0;
    for (const [field, col] of entity.filterable) {
      const suffixes = ['', '_begin', '_end', '_MultiString'] as const;
      suffixes.forEach((sfx, i) => {
        const key = `${field}${sfx}`;
        // a field named like another field's suffixed key (none of the entities does) keeps its first meaning only
        if (!index!.has(key)) index!.set(key, { field, col, order: pos * 4 + i, suffix: i as FilterSuffix });
      });
      pos++;
    }
    filterKeyIndexes.set(entity, index);
  }
  return index;
}

/**
 * Filters from `<field>`, `<field>_begin`, `<field>_end`, `<field>_MultiString` of the entity's filterable fields, in
 * the order of the fields (then value, begin, end, multi). Only the request's own keys are looked at.
 */
export function fieldFilters(entity: ListEntity, q: Query): SQL[] {
  if (!q) return [];
  const index = filterKeyIndex(entity);
  const hits: FilterKey[] = [];
  for (const key of Object.keys(q)) {
    const hit = index.get(key);
    if (hit) hits.push(hit);
  }
  if (hits.length === 0) return [];
  if (hits.length > 1) hits.sort((a, b) => a.order - b.order);
  const out: SQL[] = [];
  for (const { field, col, suffix } of hits) {
    const o: Operand = { field, col, kind: kindOf(col), fail: fail400 };
    if (suffix === 0) {
      const v = param(q, field);
      if (v !== undefined && v.trim() !== '') {
        const r = parseValueRule(v);
        const s = ruleSql(o, r.rule, r.value);
        if (s) out.push(s);
      }
    } else if (suffix === 1) {
      const begin = param(q, `${field}_begin`);
      if (begin !== undefined && begin.trim() !== '') {
        const s = ruleSql({ ...o, field: `${field}_begin` }, 'ge', begin.trim());
        if (s) out.push(s);
      }
    } else if (suffix === 2) {
      const end = param(q, `${field}_end`);
      if (end !== undefined && end.trim() !== '') {
        const s = ruleSql({ ...o, field: `${field}_end` }, 'le', end.trim());
        if (s) out.push(s);
      }
    } else {
      const multi = param(q, `${field}_MultiString`);
      if (multi !== undefined && multi.trim() !== '') {
        const s = ruleSql(
          { ...o, field: `${field}_MultiString` },
          'in',
          multi.split(',').filter((x) => x.trim() !== ''),
        );
        if (s) out.push(s);
      }
    }
  }
  return out;
}

const SUPER_RULES: Record<string, Rule> = {
  eq: 'eq',
  ne: 'ne',
  gt: 'gt',
  ge: 'ge',
  lt: 'lt',
  le: 'le',
  in: 'in',
  like: 'like',
  left_like: 'left_like',
  right_like: 'right_like',
  eq_with_add: 'eq_with_add',
};

export interface SuperCondition {
  field: string;
  rule: string;
  val: string;
}

/** `superQueryParams`: URL-encoded JSON array of {field, rule, val, type, dbType}; conditions with an empty part are skipped. */
export function parseSuperQueryParams(raw: string): SuperCondition[] {
  if (raw.length > 20_000) throw badRequest('高级查询参数过长');
  let text = raw.trim();
  // the JeecgBoot UI encodes the JSON once more than the query string needs (server URL-decodes it again)
  if (text.startsWith('%')) {
    try {
      text = decodeURIComponent(text);
    } catch {
      throw badRequest('高级查询参数格式不正确');
    }
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw badRequest('高级查询参数格式不正确');
  }
  if (!Array.isArray(data)) throw badRequest('高级查询参数格式不正确');
  if (data.length > MAX_SUPER_CONDITIONS) throw badRequest(`高级查询条件不能超过 ${MAX_SUPER_CONDITIONS} 个`);
  const out: SuperCondition[] = [];
  for (const item of data) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) throw badRequest('高级查询参数格式不正确');
    const { field, rule, val } = item as Record<string, unknown>;
    const str = (x: unknown) =>
      typeof x === 'string' ? x : typeof x === 'number' || typeof x === 'boolean' ? String(x) : undefined;
    const value = Array.isArray(val)
      ? val
          .map(str)
          .filter((x) => x !== undefined)
          .join(',')
      : str(val);
    const f = str(field);
    const r = str(rule);
    if (!f || !r || value === undefined || value === '') continue;
    out.push({ field: f, rule: r, val: value });
  }
  return out;
}

function superQuery(entity: ListEntity, q: Query): SQL | undefined {
  const raw = param(q, 'superQueryParams');
  if (raw === undefined || raw.trim() === '') return undefined;
  const matchRaw = (param(q, 'superQueryMatchType') ?? 'and').trim().toLowerCase() || 'and';
  if (matchRaw !== 'and' && matchRaw !== 'or') throw badRequest('参数 superQueryMatchType 有误：只能是 and 或 or');
  const conds: SQL[] = [];
  for (const c of parseSuperQueryParams(raw)) {
    const hit = lookupField(entity.filterable, c.field);
    if (!hit) throw badRequest(`高级查询不支持该字段：${c.field.slice(0, 64)}`);
    const rule = Object.hasOwn(SUPER_RULES, c.rule) ? SUPER_RULES[c.rule] : undefined;
    if (!rule) throw badRequest(`高级查询不支持该规则：${c.rule.slice(0, 32)}`);
    const o: Operand = { field: hit[0], col: hit[1], kind: kindOf(hit[1]), fail: fail400 };
    const value = rule === 'eq_with_add' ? c.val.replaceAll('++', ',') : c.val;
    const s = ruleSql(o, rule, rule === 'in' ? value.split(',').filter((x) => x !== '') : value);
    if (s) conds.push(s);
  }
  if (conds.length === 0) return undefined;
  return matchRaw === 'or' ? or(...conds) : allOf(conds);
}

/** by camelCase field name, or by the column's own (snake_case) name */
function lookupField(map: ReadonlyMap<string, PgColumn>, name: string): [string, PgColumn] | undefined {
  const direct = map.get(name);
  if (direct) return [name, direct];
  for (const [f, col] of map) if (col.name === name) return [f, col];
  return undefined;
}

// ---------------------------------------------------------------- data rules

/** A resolved data-permission rule (sys_permission_data_rule): column = entity field, condition from dict rule_conditions. */
export interface DataRule {
  column: string;
  condition: string;
  value: string;
}

const RULE_CONDITIONS: Record<string, Rule> = {
  '>': 'gt',
  '<': 'lt',
  '!=': 'ne',
  '=': 'eq',
  '>=': 'ge',
  '<=': 'le',
  LEFT_LIKE: 'left_like',
  RIGHT_LIKE: 'right_like',
  LIKE: 'like',
  IN: 'in',
};

const ruleConfigError: Fail = (message) => {
  return bizError(`数据权限规则配置有误：${message}`);
};

/**
 * Data rules narrow what a user sees, so they fail closed: a rule naming a column the entity does not have, a
 * USE_SQL_RULES rule (raw SQL — never run) or an unknown condition answers an error instead of being skipped.
 */
export function dataRuleFilters(entity: ListEntity, rules: readonly DataRule[] | undefined): SQL[] {
  const out: SQL[] = [];
  for (const r of rules ?? []) {
    if (r.condition === 'USE_SQL_RULES') throw ruleConfigError('不支持自定义SQL表达式规则');
    const rule = Object.hasOwn(RULE_CONDITIONS, r.condition) ? RULE_CONDITIONS[r.condition] : undefined;
    if (!rule) throw ruleConfigError(`未知的条件 ${String(r.condition).slice(0, 32)}`);
    const hit = lookupField(entity.fields, r.column);
    if (!hit) throw ruleConfigError(`未知的字段 ${String(r.column).slice(0, 64)}`);
    const o: Operand = { field: hit[0], col: hit[1], kind: kindOf(hit[1]), fail: ruleConfigError };
    const value = String(r.value ?? '');
    const s = ruleSql(o, rule, rule === 'in' ? value.split(',').filter((x) => x !== '') : value);
    // an IN rule with no values matches nothing (it must never widen to everything)
    out.push(s ?? sql`false`);
  }
  return out;
}

export interface RuleUser {
  username: string;
  realname?: string | null;
  orgCode?: string | null;
}

/**
 * Substitutes JeecgBoot's system variables in a data-rule value: `#{sys_user_code}` (username), `#{sys_user_name}`
 * (real name), `#{sys_org_code}` (selected department code), `#{sys_date}` (yyyy-MM-dd) and `#{sys_time}`
 * (yyyy-MM-dd HH:mm:ss), GMT+8. An unknown variable is an error (the rule would otherwise compare against its name).
 */
export function resolveRuleValue(value: string, user: RuleUser, now: Date = new Date()): string {
  return value.replace(/#\{\s*([A-Za-z_]+)\s*\}/g, (_m, name: string) => {
    switch (name) {
      case 'sys_user_code':
        return user.username;
      case 'sys_user_name':
        return user.realname ?? '';
      case 'sys_org_code':
        return user.orgCode ?? '';
      case 'sys_date':
        return formatDate(now)!;
      case 'sys_time':
        return formatDateTime(now)!;
      default:
        throw bizError(`数据权限规则配置有误：未知的系统变量 ${name}`);
    }
  });
}

// ---------------------------------------------------------------- order, where, page

/** `column` (comma list, `_dictText` stripped) from the sortable allow-list + `order` asc|desc; else the default. */
export function listOrderBy(entity: ListEntity, q: Query): SQL[] {
  const column = param(q, 'column')?.trim();
  const orderRaw = param(q, 'order')?.trim().toLowerCase();
  if (orderRaw && orderRaw !== 'asc' && orderRaw !== 'desc') throw badRequest('参数 order 有误：只能是 asc 或 desc');
  const out: SQL[] = [];
  const used = new Set<PgColumn>();
  const push = (col: PgColumn, order: SortOrder) => {
    if (used.has(col)) return;
    used.add(col);
    // MySQL orders NULL first ascending and last descending; PostgreSQL the other way round: keep MySQL's
    out.push(order === 'asc' ? sql`${col} asc nulls first` : sql`${col} desc nulls last`);
  };
  if (column) {
    const order: SortOrder = orderRaw === 'desc' ? 'desc' : orderRaw === 'asc' ? 'asc' : entity.defaultSort.order;
    const names = column.split(',').map((s) => s.trim());
    if (names.length > 10) throw badRequest('排序字段过多');
    for (const raw of names) {
      const name = raw.endsWith('_dictText') ? raw.slice(0, -'_dictText'.length) : raw;
      const col = entity.sortable.get(name);
      if (!col) throw badRequest(`不支持按该字段排序：${raw.slice(0, 64)}`);
      push(col, order);
    }
  } else {
    push(entity.defaultSort.column, entity.defaultSort.order);
  }
  // the tie-breaker: a NOT NULL id has no NULLs to place, so it is ordered plainly (`asc` = nulls last), which matches
  // the trailing `id` of the list indexes ((log_type, create_time desc nulls last, id) …); `asc nulls first` would
  // not, and PostgreSQL would add an incremental sort to every page
  if (entity.id && !used.has(entity.id)) {
    used.add(entity.id);
    out.push(entity.id.notNull ? sql`${entity.id} asc` : sql`${entity.id} asc nulls first`);
  }
  return out;
}

export interface ListOptions {
  /** extra conditions of the endpoint (e.g. a department's users) */
  where?: SQL | (SQL | undefined)[];
  /** resolved data-permission rules of the page (see resolveRuleValue) */
  dataRules?: readonly DataRule[];
  /** the request's tenancy (tenantOf(req)); required when the entity's table is tenant-scoped (ADR 017) */
  tenant?: Tenancy;
}

/**
 * Every condition of a list request: entity base, tenant, field filters, super query, endpoint extras and data rules.
 * A tenant-scoped entity without `opts.tenant` is a programming error (throws: never every tenant by omission).
 */
export function listWhere(entity: ListEntity, q: Query, opts: ListOptions = {}): SQL | undefined {
  const extra = opts.where === undefined ? [] : Array.isArray(opts.where) ? opts.where : [opts.where];
  return allOf([
    entity.where?.(),
    entityTenantWhere(entity, opts.tenant),
    ...fieldFilters(entity, q),
    superQuery(entity, q),
    ...extra,
    ...dataRuleFilters(entity, opts.dataRules),
  ]);
}

/** JSON of one row as list answers carry it: selected fields, dates as yyyy-MM-dd HH:mm:ss. */
export type ListRecord = Record<string, unknown>;

/** A reference to a field of the page's row inside `extras` (e.g. the user id for department names). */
export type RowRef = (field: string) => SQL;

export interface PageOptions extends ListOptions {
  /**
   * extra values per record computed in the same statement (correlated subqueries over the page's rows), added after
   * the `_dictText` siblings, e.g. `{ orgCodeTxt: (r) => sql\`(select … where ud.user_id = ${r('id')})\` }`
   */
  extras?: Record<string, (row: RowRef) => SQL>;
  /**
   * Opt-in: the `extras` SQL depends on nothing but the entity and the tenancy (no request values), so it is
   * rendered once per entity, tenancy and this key together with the table-dictionary columns, not per request.
   * A route whose extras carry request values must not set it; the key names these extras (one key, one set of extras
   * per entity).
   */
  extrasKey?: string;
  /**
   * PostgreSQL plans this page with the request's values every time (an unnamed statement) instead of settling on a
   * generic plan. For a filter whose selectivity only the value tells, e.g. `ILIKE '%x%'`: the generic plan assumes
   * 0.5 % of the rows match, then fetches and sorts every match (the log keyword search: 4.0 ms against 0.15 ms of
   * planning + 1.8 ms with the real pattern). Not for statements that are expensive to plan (the user page: 1.8 ms).
   */
  customPlan?: boolean;
  /**
   * PostgreSQL: the page's rows, its extras and its total in one statement, not the rows first and their computed
   * columns in a second (the split of ADR 049). For a list whose rows statement plans well inside the page statement
   * and whose total is usually kept (ADR 045): one round trip instead of two.
   */
  oneStatement?: boolean;
}

/** the entity's tenant condition; a tenant-scoped entity listed without a tenancy is a programming error */
export function entityTenantWhere(entity: ListEntity, tenant: Tenancy | undefined): SQL | undefined {
  if (!entity.tenant) return undefined;
  if (!tenant) throw new Error('list entity: tenant-scoped table listed without a tenancy (ListOptions.tenant)');
  return tenantCondition(entity.tenant, tenant);
}

// ---------------------------------------------------------------- execution

interface DrizzleInternals {
  dialect: PgDialect;
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/**
 * What a database handle is, asked once per handle (drizzle's `is` walks the prototype chain on every negative answer,
 * and each list page asked three times)
 */
const handleKinds = new WeakMap<object, { nodePg: boolean; pglite: boolean; tx: boolean }>();
function kindOfHandle(db: Db): { nodePg: boolean; pglite: boolean; tx: boolean } {
  const key = db as unknown as object;
  let k = handleKinds.get(key);
  if (!k) {
    const session = (db as unknown as { session?: object }).session;
    k = { nodePg: is(session, NodePgSession), pglite: is(session, PgliteSession), tx: is(db, PgTransaction) };
    handleKinds.set(key, k);
  }
  return k;
}

/** statement text → prepared-statement name; bounded, so a connection never holds more than this many */
const statementNames = new Map<string, string>();
const MAX_PREPARED = 500;

function statementName(text: string): string | undefined {
  const hit = statementNames.get(text);
  if (hit) return hit;
  if (statementNames.size >= MAX_PREPARED) return undefined;
  const name = `lq_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  statementNames.set(text, name);
  return name;
}

interface PgQueryable {
  query(config: {
    name?: string;
    text: string;
    values: unknown[];
    types: typeof RAW_TYPES;
  }): Promise<{ rows: Record<string, unknown>[] }>;
}

/** drizzle's node-postgres result types: dates, times and intervals stay text (the columns' mapFromDriverValue reads them) */
const RAW_OIDS = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const asText = (v: string) => v;
const RAW_TYPES = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    RAW_OIDS.has(oid) ? asText : pg.types.getTypeParser(oid, format as 'text'),
};

/**
 * Runs a statement as a named prepared statement (node-postgres prepares it once per connection; PostgreSQL then
 * skips parsing and, once the plan is generic, planning). Rows come back raw (timestamps as text, as drizzle reads
 * them): callers decode through the columns. PGlite runs it as an ordinary query.
 */
export async function runPrepared(
  db: Db,
  query: SQL | RenderedQuery,
  opts: { customPlan?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const d = db as unknown as DrizzleInternals;
  const q = query instanceof SQL ? renderSql(d.dialect, query) : query;
  const session = d.session as unknown;
  if (kindOfHandle(db).nodePg) {
    // node-postgres: straight to the pool (or the transaction's client), as drizzle's own prepared query would send
    // it, without its per-call query object, type-parser closures and tracing wrappers
    const client = (session as unknown as { client: PgQueryable }).client;
    const name = opts.customPlan ? undefined : statementName(q.sql);
    const res = await client.query({ name, text: q.sql, values: q.params, types: RAW_TYPES });
    return res.rows;
  }
  const res = (await d.session.prepareQuery(q, undefined, statementName(q.sql), false).execute()) as {
    rows: Record<string, unknown>[];
  };
  return res.rows;
}

/** rows as value arrays, with the answer's column names (runPreparedArrays) */
export interface ArrayRows {
  columns: string[];
  rows: unknown[][];
}

/** PGlite's parsers for runPreparedArrays: what drizzle's own PGlite queries leave as text (RAW_OIDS) */
const PGLITE_PARSERS: Record<number, (v: string) => string> = Object.fromEntries(
  [...RAW_OIDS].map((oid) => [oid, asText]),
);
const PGLITE_ARRAY_QUERY = { rowMode: 'array' as const, parsers: PGLITE_PARSERS };

/**
 * runPrepared with each row as an array of values in column order (node-postgres and PGlite `rowMode: 'array'`).
 * A row object per row costs the driver a dictionary-mode object (one hashed store per column, 30 and more on a
 * list page) that the page loop then reads by name again; arrays are read by position.
 */
export async function runPreparedArrays(
  db: Db,
  query: RenderedQuery,
  opts: { customPlan?: boolean } = {},
): Promise<ArrayRows> {
  const session = (db as unknown as DrizzleInternals).session as unknown as {
    client: {
      query(config: unknown): Promise<{ rows: unknown[][]; fields: { name: string }[] }>;
      query(text: string, params: unknown[], opts: unknown): Promise<{ rows: unknown[][]; fields: { name: string }[] }>;
    };
  };
  let res: { rows: unknown[][]; fields: { name: string }[] };
  if (kindOfHandle(db).nodePg) {
    const name = opts.customPlan ? undefined : statementName(query.sql);
    res = await session.client.query({
      name,
      text: query.sql,
      values: query.params,
      types: RAW_TYPES,
      rowMode: 'array',
    });
  } else if (!kindOfHandle(db).tx && isPlainRead(query.sql)) {
    // the embedded database: prepared and run in one call, as node-postgres does on a server (ADR 047)
    const name = opts.customPlan ? undefined : statementName(query.sql);
    return pgliteReadArrays(session.client as unknown as PGlite, query.sql, query.params, name, PGLITE_PARSERS);
  } else {
    res = await session.client.query(query.sql, query.params, PGLITE_ARRAY_QUERY);
  }
  return { columns: res.fields.map((f) => f.name), rows: res.rows };
}

/** a statement rendered to text and driver values (drizzle's `sqlToQuery` result) */
export interface RenderedQuery {
  sql: string;
  params: unknown[];
  typings?: unknown[];
}

/**
 * PGlite runs no autovacuum, so without ANALYZE its planner believes every table is tiny and scans whole tables
 * (per page row, inside the department-name and dictionary sub-selects) instead of using the indexes; and without
 * VACUUM no page is marked all-visible, so the page's count cannot be an index-only scan (counting 8 000 of 10 000 log
 * rows: a heap scan of every row, about five times slower than the index-only scan). List pages therefore keep both
 * fresh on PGlite: the first page of a process waits for one `VACUUM ANALYZE` of the whole database (about a second on
 * the bench data, what the ANALYZE alone cost); afterwards the listed table is vacuumed and analyzed again every ten
 * minutes in the background (about 0.1 s for 10 000 log rows). PostgreSQL's autovacuum does this by itself.
 * Never inside a transaction (VACUUM cannot run there, and its error would abort the caller's transaction).
 */
const ANALYZE_EVERY_MS = 10 * 60_000;
const analyzed = new WeakMap<object, { all: Promise<void>; tables: Map<PgTable, number> }>();

async function freshStatistics(db: Db, table: PgTable): Promise<void> {
  const kind = kindOfHandle(db);
  if (!kind.pglite || kind.tx) return;
  const session = (db as unknown as { session: object }).session;
  const client = (session as unknown as { client: object }).client;
  let state = analyzed.get(client);
  if (!state) {
    state = { all: db.execute(sql`vacuum analyze`).then(noop, noop), tables: new Map() };
    analyzed.set(client, state);
  }
  await state.all;
  const at = state.tables.get(table);
  if (at === undefined) {
    state.tables.set(table, Date.now());
  } else if (Date.now() - at > ANALYZE_EVERY_MS) {
    state.tables.set(table, Date.now());
    void db.execute(sql`vacuum (analyze) ${table}`).then(noop, noop);
  }
}

const noop = () => undefined;

/**
 * PostgreSQL outside a transaction: totals kept with the table's version. Never inside one: its own uncommitted notes
 * are in the version it sees, and after a rollback the same version could come back with other rows.
 */
function versionedTotals(db: Db): boolean {
  const kind = kindOfHandle(db);
  return kind.nodePg && !kind.tx;
}

/** the write epoch of an embedded database handle outside a transaction (a transaction's reads are its own) */
function embeddedWrites(db: Db): WriteEpoch | undefined {
  const kind = kindOfHandle(db);
  if (!kind.pglite || kind.tx) return undefined;
  return writeEpochOf((db as unknown as { session: { client?: object } }).session.client);
}

const selectLists = new WeakMap<ListEntity, { text: string; sql: SQL }>();

const dialect = new PgDialect();

/** `"t"."col" as "field", …` of the entity, rendered to text once (it has no parameters) */
function selectListOf(entity: ListEntity): { text: string; sql: SQL } {
  let s = selectLists.get(entity);
  if (!s) {
    const list = sql.join(
      [...entity.fields].map(([name, col]) => sql`${col} as ${sql.identifier(name)}`),
      sql`, `,
    );
    const text = dialect.sqlToQuery(list).sql;
    s = { text, sql: sql.raw(text) };
    selectLists.set(entity, s);
  }
  return s;
}
const selectList = (entity: ListEntity): SQL => selectListOf(entity).sql;
const selectListText = (entity: ListEntity): string => selectListOf(entity).text;

/**
 * The entity's fields as the page loop reads them, worked out once: `plain` when the driver's value is already the
 * JSON value (text-like columns and integers, whose drizzle mapFromDriverValue is the identity for what node-postgres
 * and PGlite return)
 */
interface FieldReader {
  name: string;
  col: PgColumn;
  plain: boolean;
}
const PLAIN_COLUMN_TYPES = new Set(['PgVarchar', 'PgText', 'PgChar', 'PgUUID']);
const readerCache = new WeakMap<ListEntity, FieldReader[]>();
function fieldReaders(entity: ListEntity): FieldReader[] {
  let readers = readerCache.get(entity);
  if (!readers) {
    readers = [...entity.fields].map(([name, col]) => ({ name, col, plain: PLAIN_COLUMN_TYPES.has(col.columnType) }));
    readerCache.set(entity, readers);
  }
  return readers;
}

/** timestamp (without time zone, mode date) columns: stored as UTC wall clock, read with `+0000` by drizzle */
const utcTimestampCols = new WeakMap<PgColumn, boolean>();
function isUtcTimestamp(col: PgColumn): boolean {
  let yes = utcTimestampCols.get(col);
  if (yes === undefined) {
    yes = col.columnType === 'PgTimestamp' && !(col as unknown as { withTimezone?: boolean }).withTimezone;
    utcTimestampCols.set(col, yes);
  }
  return yes;
}

const digits = (s: string, from: number, to: number): number => {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return Number.NaN;
    n = n * 10 + c;
  }
  return n;
};

/**
 * PostgreSQL's `YYYY-MM-DD HH:MM:SS[.ffffff]` of a UTC timestamp straight to list JSON (formatDateTime of drizzle's
 * Date: GMT+8, seconds truncated) without parsing a date string; anything else (BC, infinity, …): undefined
 */
export function utcTimestampText(v: string): string | null | undefined {
  if (v.length < 19 || v.charCodeAt(4) !== 45 || v.charCodeAt(10) !== 32 || (v.length > 19 && v.charCodeAt(19) !== 46))
    return undefined;
  if (v.charCodeAt(7) !== 45 || v.charCodeAt(13) !== 58 || v.charCodeAt(16) !== 58) return undefined;
  if ((v.length > 20 && Number.isNaN(digits(v, 20, Math.min(v.length, 26)))) || v.length > 26) return undefined;
  const ms = Date.UTC(
    digits(v, 0, 4),
    digits(v, 5, 7) - 1,
    digits(v, 8, 10),
    digits(v, 11, 13),
    digits(v, 14, 16),
    digits(v, 17, 19),
  );
  if (Number.isNaN(ms) || digits(v, 0, 4) < 100) return undefined;
  return formatDateTime(new Date(ms));
}

/** a raw column value as drizzle's select would return it, then as list JSON (dates as yyyy-MM-dd HH:mm:ss) */
function decode(col: PgColumn, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' && isUtcTimestamp(col)) {
    const fast = utcTimestampText(v);
    if (fast !== undefined) return fast;
  }
  const value = col.mapFromDriverValue(v);
  return value instanceof Date ? formatDateTime(value) : value;
}

/** `rec[key] = value`, where a key `__proto__` is an own property (assigned, it would replace the prototype) */
function put(rec: ListRecord, key: string, value: unknown) {
  if (key === '__proto__')
    Object.defineProperty(rec, key, { value, enumerable: true, writable: true, configurable: true });
  else rec[key] = value;
}

/** one page row (an array in the answer's column order) as its list record */
type RecordBuilder = (row: unknown[]) => ListRecord;
const builders = new WeakMap<ListEntity, Map<string, RecordBuilder | null>>();
const MAX_BUILDERS = 64;

/**
 * The page's records: the entity's fields (decoded), then `<field>_dictText` of each dictionary field (a table
 * dictionary's text from its column; a code dictionary's filled in by listPage), then the extras, in that order.
 *
 * Built by a function compiled once per answer shape (ADR 046): one object literal per row, with every key written
 * in it, so each record is a fast-mode object with one hidden class. Built key by key (`rec[name] = …`), a record of
 * more than 16 keys became a dictionary-mode object: every store hashed, and JSON.stringify took its slow path for
 * every record (a user page: 28 keys × 20 rows; about a sixth of the request's CPU). Keys are written as JSON string
 * literals (JSON.stringify of a string is a valid JS string literal); a shape with a repeated key or `__proto__`
 * (which a literal would take as the prototype) is built key by key as before.
 */
function buildRecords(
  entity: ListEntity,
  columns: string[],
  rows: unknown[][],
  dicts: PageParts['dicts'],
  extras: PageParts['extras'],
): ListRecord[] {
  const shape = `${columns.join('\u0001')}\u0002${dicts.map((d) => `${d.field}:${d.ref.kind}`).join('\u0001')}\u0002${extras.map(([k]) => k).join('\u0001')}`;
  let perEntity = builders.get(entity);
  if (!perEntity) {
    perEntity = new Map();
    builders.set(entity, perEntity);
  }
  let build = perEntity.get(shape);
  if (build === undefined) {
    build = compileRecordBuilder(fieldReaders(entity), columns, dicts, extras);
    if (perEntity.size >= MAX_BUILDERS) perEntity.clear();
    perEntity.set(shape, build);
  }
  // filled by push: a packed array (one made with `new Array(n)` is holey, and JSON.stringify walks those slowly)
  const out: ListRecord[] = [];
  if (build) {
    for (let i = 0; i < rows.length; i++) out.push(build(rows[i]));
    return out;
  }
  const index = new Map(columns.map((c, i) => [c, i]));
  const readers = fieldReaders(entity);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const read = (name: string) => {
      const k = index.get(name);
      return k === undefined ? undefined : r[k];
    };
    const rec: ListRecord = {};
    for (const f of readers) {
      const v = read(f.name);
      put(rec, f.name, v === null || v === undefined ? null : f.plain ? v : decode(f.col, v));
    }
    for (const { field, ref } of dicts)
      put(rec, `${field}_dictText`, ref.kind === 'code' ? '' : (read(`${field}_dictText`) ?? ''));
    for (const [key] of extras) put(rec, key, read(key) ?? null);
    out.push(rec);
  }
  return out;
}

function compileRecordBuilder(
  readers: FieldReader[],
  columns: string[],
  dicts: PageParts['dicts'],
  extras: PageParts['extras'],
): RecordBuilder | null {
  const keys = new Set<string>();
  const props: string[] = [];
  const cols: PgColumn[] = [];
  const add = (key: string, expr: string): boolean => {
    if (keys.has(key) || key === '__proto__') return false;
    keys.add(key);
    props.push(`${JSON.stringify(key)}: ${expr}`);
    return true;
  };
  const read = (name: string) => {
    const k = columns.indexOf(name);
    return k < 0 ? 'undefined' : `r[${k}]`;
  };
  for (const f of readers) {
    const value = f.plain ? 'v' : `d(c[${cols.push(f.col) - 1}], v)`;
    if (!add(f.name, `(v = ${read(f.name)}) == null ? null : ${value}`)) return null;
  }
  for (const { field, ref } of dicts) {
    const key = `${field}_dictText`;
    if (!add(key, ref.kind === 'code' ? "''" : `(v = ${read(key)}) == null ? '' : v`)) return null;
  }
  for (const [key] of extras) if (!add(key, `(v = ${read(key)}) == null ? null : v`)) return null;
  // generated from the column positions and JSON-quoted keys only: no value of a request is in the source
  const factory = new Function('c', 'd', `return function (r) { let v; return { ${props.join(', ')} }; };`);
  return factory(cols, decode) as RecordBuilder;
}

type Conn = Db | AppContext;

/** what one page statement is made of (listPage) */
export interface PageParts {
  entity: ListEntity;
  dicts: { field: string; ref: ReturnType<typeof parseDictRef> }[];
  extras: [string, (row: RowRef) => SQL][];
  tenant: Tenancy | undefined;
  /** `<table> where <conditions>` */
  filtered: SQL;
  orderBy: SQL[];
  pageSize: number;
  offset: number;
}

const PAGE_ROW = sql.identifier('__p');
const pageRowRef: RowRef = (f) => sql`${PAGE_ROW}.${sql.identifier(f)}`;

/** the `<field>_dictText` columns of the entity's table dictionaries (correlated sub-selects over the page's rows) */
function dictTextColumns(parts: PageParts): SQL[] {
  const out: SQL[] = [];
  for (const { field, ref } of parts.dicts) {
    if (ref.kind !== 'table') continue;
    out.push(
      sql`${tableDictTextSql(ref.dict, pageRowRef(field), parts.tenant)} as ${sql.identifier(`${field}_dictText`)}`,
    );
  }
  return out;
}

/**
 * The page's ` order by … limit … offset …` (ADR 047). `filterText`: the rendered `<table> where …`.
 *
 * A prepared statement with `limit $n` is never given a generic plan: PostgreSQL cannot know the limit, prices the
 * generic plan as if it read a tenth of the table, and plans the statement again for every request (0.2 ms of a log
 * page's 0.45). So a page size the console offers is written into the statement as a literal and page 1 has no
 * offset, and PostgreSQL settles on a generic plan where one is as good. The number of statements stays bounded: a
 * few sizes, and later pages keep `offset $n` (planned with their values, as before). A filter with a pattern
 * (`like`/`ilike`) keeps `limit $n`: only the pattern tells how many rows match, and a generic plan assumes few
 * (ADR 043, 046), so those pages keep being planned with their values.
 */
function pageTail(orderBy: SQL[], pageSize: number, offset: number, filterText: string): SQL {
  const order = sql` order by ${sql.join(orderBy, sql`, `)}`;
  if (!LITERAL_PAGE_SIZES.has(pageSize) || PATTERN_FILTER.test(filterText))
    return sql`${order} limit ${pageSize} offset ${offset}`;
  const limit = sql.raw(` limit ${pageSize}`);
  return offset === 0 ? sql`${order}${limit}` : sql`${order}${limit} offset ${offset}`;
}
/** the page sizes of the console's lists and pickers (PAGE_SIZE_OPTIONS, POPUP_PAGE_SIZES) and the usual others */
const LITERAL_PAGE_SIZES = new Set([5, 10, 15, 20, 30, 50, 100]);
const PATTERN_FILTER = /\bi?like\b/i;

/** the page statement as one drizzle SQL (what renderPageStatement renders, in parts; kept for its test) */
export function pageStatementSql(parts: PageParts, withTotal = true): SQL {
  const { entity, extras, filtered, orderBy, pageSize, offset } = parts;
  const computed = dictTextColumns(parts);
  for (const [key, fn] of extras) computed.push(sql`${fn(pageRowRef)} as ${sql.identifier(key)}`);
  if (withTotal) computed.push(sql`(select count(*)::int from ${filtered}) as "__total"`);
  const columns = computed.length ? sql`, ${sql.join(computed, sql`, `)}` : sql``;
  const tail = pageTail(orderBy, pageSize, offset, dialect.sqlToQuery(filtered).sql);
  return sql`select ${PAGE_ROW}.*${columns} from (select ${selectList(entity)} from ${filtered}${tail}) as ${PAGE_ROW}`;
}

/**
 * The table-dictionary columns of an entity's page depend on nothing but the entity and the tenancy, and they are
 * most of a page statement's pieces (a user page: two of them; rendering them was a fifth of the request's own CPU).
 * They come first in the statement, so their parameters are always $1…$k: rendered once per entity and tenancy,
 * the rest of the statement is rendered after them. `extras` follow them in the statement; a route that declares its
 * extras request-independent (PageOptions.extrasKey) gets them rendered into the same head (the user list's department
 * names). Bounded per entity (tenancies × keys), then started over.
 */
const dictHeads = new WeakMap<ListEntity, Map<string, RenderedQuery>>();
const MAX_DICT_HEADS = 256;

function dictHead(dialect: PgDialect, parts: PageParts, extrasKey: string | undefined): RenderedQuery | undefined {
  const withExtras = extrasKey !== undefined && parts.extras.length > 0;
  if (!withExtras && !parts.dicts.some((d) => d.ref.kind === 'table')) return undefined;
  const t = parts.tenant;
  const tenancy = t === undefined ? '-' : t.kind === 'tenant' ? `t${t.id}` : 'all';
  const key = withExtras ? `${tenancy}|${extrasKey}` : tenancy;
  let heads = dictHeads.get(parts.entity);
  if (!heads) {
    heads = new Map();
    dictHeads.set(parts.entity, heads);
  }
  let head = heads.get(key);
  if (!head) {
    const cols = dictTextColumns(parts);
    if (withExtras) cols.push(...extraColumns(parts));
    head = dialect.sqlToQuery(sql.join(cols, sql`, `)) as RenderedQuery;
    if (heads.size >= MAX_DICT_HEADS) heads.clear();
    heads.set(key, head);
  }
  return head;
}

function extraColumns(parts: PageParts): SQL[] {
  return parts.extras.map(([key, fn]) => sql`${fn(pageRowRef)} as ${sql.identifier(key)}`);
}

/**
 * `text` (rendered with its parameters numbered from `$${start + 1}`, `count` of them) with every parameter shifted
 * by `by`; undefined when the text's placeholders are not exactly `$${start + 1}`…`$${start + count}` in order (a
 * `$<digits>` written into the SQL itself): the caller then renders the piece again.
 */
function shiftParams(text: string, start: number, count: number, by: number): string | undefined {
  let next = start + 1;
  let ok = true;
  const out = text.replace(/\$(\d+)/g, (_m, n: string) => {
    if (Number(n) !== next) ok = false;
    next++;
    return `$${Number(n) + by}`;
  });
  return ok && next === start + count + 1 ? out : undefined;
}

const concat = <T>(...lists: (T[] | undefined)[]): T[] => lists.flatMap((l) => l ?? []);

/** a page statement and what its total is (PageStatement.countKey: the count statement it embeds, with its values) */
export interface PageStatement extends RenderedQuery {
  /** the rendered count (`<table> where …` and its values): same text and values, same total; undefined when volatile */
  countKey?: string;
  /** the total the caller already knew (TotalPlan.known): the statement then has no `__total` column */
  total?: number;
  /** the statement compares the table's version (TotalPlan.versioned): its `__version` column is the one it saw */
  versioned?: boolean;
}

/** how a page statement gets its total besides counting (ADR 044, 045) */
export interface TotalPlan {
  /** embedded database: asked with the count's key; an answer leaves the count out */
  known?: (countKey: string) => number | undefined;
  /**
   * PostgreSQL: the total kept for the count's key, with the version of `table` it was counted at. The statement
   * reads the table's version and counts only when it differs (the count sub-select is not run otherwise); it also
   * answers the version it saw (`__version`), to keep with the total.
   */
  versioned?: { table: string; kept: (countKey: string) => KeptTotal | undefined };
}

/** SQL functions whose answer changes without any write: a count using them is never kept */
const VOLATILE =
  /\b(now|random|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|current_date|current_time|current_timestamp|localtime|localtimestamp|txid_\w+|pg_\w+)\b/i;
/** a sub-select reads other tables than the listed one, whose writes the listed table's version does not see */
const SUBSELECT = /\bselect\b/i;

/**
 * The start of a page statement: the computed columns (the table dictionaries' texts, rendered once per entity and
 * tenancy; the extras), then the page's filter, each numbered on from the last. `n` renders what follows in order.
 */
function computedAndFilter(dialect: PgDialect, parts: PageParts, extrasKey: string | undefined) {
  const head = dictHead(dialect, parts, extrasKey);
  const n = {
    at: head?.params.length ?? 0,
    render(q: SQL): RenderedQuery {
      const r = renderSql(dialect, q, n.at);
      n.at += r.params.length;
      return r;
    },
  };
  const cols: RenderedQuery[] = head ? [head] : [];
  if (extrasKey === undefined && parts.extras.length) cols.push(n.render(sql.join(extraColumns(parts), sql`, `)));
  const fStart = n.at;
  return { cols, n, f: n.render(parts.filtered), fStart };
}

/** the key a count is kept by: the rendered filter's text and values; undefined when JSON cannot write a value */
function countKeyOf(f: RenderedQuery): string | undefined {
  try {
    return `${f.sql}\u0000${JSON.stringify(f.params)}`;
  } catch {
    return undefined; // a bigint: not kept
  }
}

/**
 * The `__total` column over the rendered filter `f` (`<table> where …`, its values numbered up to `at`). With the
 * table's version (ADR 045) and a count key: the version, then the kept version and total, numbered after `at`, and
 * the count only where the version moved, with `__version` beside it. `added`: parameters numbered past `at`.
 */
function totalColumn(
  f: RenderedQuery,
  at: number,
  versioned: TotalPlan['versioned'],
  countKey: string | undefined,
): { column: RenderedQuery; added: number } {
  const count = `(select count(*)::int from ${f.sql})`;
  if (!versioned || countKey === undefined)
    return { column: { sql: `${count} as "__total"`, params: f.params, typings: f.typings }, added: 0 };
  const k = versioned.kept(countKey);
  const v = versionSql(at + 1);
  return {
    column: {
      sql: `case when ${v} = $${at + 2}::bigint then $${at + 3}::int else ${count} end as "__total", ${v} as "__version"`,
      params: [...f.params, versioned.table, k?.version ?? '-1', k?.total ?? 0],
      typings: f.typings?.length ? [...f.typings, 'none', 'none', 'none'] : undefined,
    },
    added: 3,
  };
}

/**
 * renders the page statement: exactly what `sqlToQuery(pageStatementSql(parts))` gives (list-query.test.ts);
 * `extrasKey`: see PageOptions.extrasKey. The filtered table occurs twice (the count and the page's rows): it is
 * rendered once and its second occurrence is the same text with the parameters renumbered.
 * `plan`: see TotalPlan.
 */
export function renderPageStatement(
  dialect: PgDialect,
  parts: PageParts,
  extrasKey?: string,
  plan?: TotalPlan,
): PageStatement {
  const { entity, filtered, orderBy, pageSize, offset } = parts;
  /** the computed columns after `"__p".*`, then the page's rows */
  const { cols, n, f, fStart } = computedAndFilter(dialect, parts, extrasKey);
  let countKey: string | undefined;
  let total: number | undefined;
  const versioned = plan?.versioned && !SUBSELECT.test(f.sql) ? plan.versioned : undefined;
  if ((plan?.known || versioned) && !VOLATILE.test(f.sql)) {
    countKey = countKeyOf(f);
    if (countKey !== undefined && plan?.known) total = plan.known(countKey);
  }
  let inner: RenderedQuery = f;
  if (total === undefined) {
    const t = totalColumn(f, n.at, versioned, countKey);
    cols.push(t.column);
    n.at += t.added;
    const shifted = shiftParams(f.sql, fStart, f.params.length, n.at - fStart);
    if (shifted === undefined) inner = n.render(filtered);
    else {
      inner = { sql: shifted, params: f.params, typings: f.typings };
      n.at += f.params.length;
    }
  }
  const tail = n.render(sql`${pageTail(orderBy, pageSize, offset, f.sql)}) as ${PAGE_ROW}`);
  const pieces = [...cols, inner, tail];
  const typed = pieces.some((q) => q.typings?.length);
  let text = `select ${dialect.escapeName('__p')}.*`;
  for (const c of cols) text += `, ${c.sql}`;
  text += ` from (select ${selectListText(entity)} from ${inner.sql}${tail.sql}`;
  return {
    sql: text,
    params: concat(...pieces.map((q) => q.params)),
    ...(typed ? { typings: concat(...pieces.map((q) => q.typings)) } : {}),
    ...(countKey !== undefined ? { countKey } : {}),
    ...(total !== undefined ? { total } : {}),
    ...(versioned && countKey !== undefined && total === undefined ? { versioned: true } : {}),
  };
}

/**
 * The page's key for its second statement (ADR 046): the field of the entity's single-column primary key, when the
 * page has computed columns (table dictionaries, extras) and runs on PostgreSQL, or on the embedded database with a
 * pattern filter (ADR 049); undefined otherwise (one statement).
 */
function computedBy(db: Db, parts: PageParts): { field: string; column: PgColumn } | undefined {
  if (parts.extras.length === 0 && !parts.dicts.some((d) => d.ref.kind === 'table')) return undefined;
  if (!kindOfHandle(db).nodePg) {
    // the embedded database: only a pattern filter's rows gain from being planned alone (ADR 049); the page is one
    // call into the instance otherwise
    if (!embeddedWrites(db)) return undefined;
    const f = (db as unknown as DrizzleInternals).dialect.sqlToQuery(parts.filtered).sql;
    if (!PATTERN_FILTER.test(f)) return undefined;
  }
  const id = parts.entity.id;
  if (!id || !(id as unknown as { primary?: boolean }).primary) return undefined;
  return { field: 'id', column: id };
}

/** the page's rows alone: `select <fields> from <table> where … order by … limit … offset …` */
export function renderRowsStatement(dialect: PgDialect, parts: PageParts): RenderedQuery {
  const { entity, filtered, orderBy, pageSize, offset } = parts;
  const f = renderSql(dialect, filtered);
  const tail = renderSql(dialect, pageTail(orderBy, pageSize, offset, f.sql), f.params.length);
  const typed = f.typings?.length || tail.typings?.length;
  return {
    sql: `select ${selectListText(entity)} from ${f.sql}${tail.sql}`,
    params: [...f.params, ...tail.params],
    ...(typed ? { typings: concat(f.typings, tail.typings) } : {}),
  };
}

const keyTexts = new WeakMap<ListEntity, string>();

/**
 * The computed columns of the page's rows, found again by their keys (`ids`), and the filtered total: what
 * renderPageStatement puts next to the rows, as a statement of its own (ADR 046). Its columns: the key, the table
 * dictionaries' texts, the extras, `__total` (and `__version` when the total is kept with the table's version).
 */
export function renderComputedStatement(
  dialect: PgDialect,
  parts: PageParts,
  key: { field: string; column: PgColumn },
  ids: unknown[],
  extrasKey?: string,
  plan?: TotalPlan,
): PageStatement {
  const { entity } = parts;
  const { cols, n, f, fStart } = computedAndFilter(dialect, parts, extrasKey);
  const versioned = plan?.versioned && !SUBSELECT.test(f.sql) && !VOLATILE.test(f.sql) ? plan.versioned : undefined;
  let countKey = versioned ? countKeyOf(f) : undefined;
  let total: number | undefined;
  if (plan?.known && !VOLATILE.test(f.sql)) {
    countKey = countKeyOf(f);
    if (countKey !== undefined) total = plan.known(countKey);
  }
  if (total === undefined) {
    const t = totalColumn(f, n.at, versioned, countKey);
    cols.push(t.column);
    n.at += t.added;
  } else {
    n.at = fStart; // the filter is not in the statement: its values are not either
  }
  let from = keyTexts.get(entity);
  if (from === undefined) {
    from = `${renderSql(dialect, sql`${entity.table}`).sql} where ${renderSql(dialect, sql`${key.column}`).sql}`;
    keyTexts.set(entity, from);
  }
  let text = `select ${dialect.escapeName('__p')}.${dialect.escapeName(key.field)}`;
  for (const c of cols) text += `, ${c.sql}`;
  text += ` from (select ${selectListText(entity)} from ${from} = any($${n.at + 1})) as ${dialect.escapeName('__p')}`;
  const typed = cols.some((q) => q.typings?.length);
  return {
    sql: text,
    params: [...concat(...cols.map((q) => q.params)), ids],
    ...(typed ? { typings: [...concat(...cols.map((q) => q.typings)), 'none'] } : {}),
    ...(countKey !== undefined ? { countKey } : {}),
    ...(total !== undefined ? { total } : {}),
    ...(versioned && countKey !== undefined && total === undefined ? { versioned: true } : {}),
  };
}

function split(c: Conn): { db: Db; ctx?: AppContext } {
  const x = c as Partial<AppContext>;
  return x.db && x.kv ? { db: x.db, ctx: c as AppContext } : { db: c as Db };
}

/**
 * One page (contract §1.2 shape) with `_dictText` siblings. The fourth argument is either a SQL condition
 * (extraWhere) or PageOptions. Pass the app context (`app.ctx`) rather than the bare database to translate plain
 * dictionaries from the in-process dictionary cache.
 *
 * One statement per page: the rows (ORDER BY … LIMIT … OFFSET over the filtered table), the count (an uncorrelated
 * sub-select PostgreSQL evaluates once), table-dictionary texts and `extras` (correlated sub-selects over the page's
 * rows only). Only a page past the end costs a second statement (the count alone).
 */
export async function listPage(
  conn: Conn,
  entity: ListEntity,
  query: unknown,
  options?: SQL | PageOptions,
): Promise<Page<ListRecord>> {
  const { db, ctx } = split(conn);
  await freshStatistics(db, entity.table);
  const q = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  const opts: PageOptions = options instanceof SQL ? { where: options } : (options ?? {});
  const { pageNo, pageSize } = parsePaging(q);
  const where = listWhere(entity, q, opts);
  const orderBy = listOrderBy(entity, q);
  const offset = (pageNo - 1) * pageSize;

  const dicts = Object.entries(entity.dictFields).map(([field, ref]) => ({ field, ref: parseDictRef(ref) }));
  const extras = Object.entries(opts.extras ?? {});
  const filtered = where ? sql`${entity.table} where ${where}` : sql`${entity.table}`;
  const parts: PageParts = { entity, dicts, extras, tenant: opts.tenant, filtered, orderBy, pageSize, offset };
  // embedded database: the total is kept while nothing has been written (ADR 044); PostgreSQL: kept with the
  // listed table's version, which the statement compares itself (ADR 045)
  const key = opts.oneStatement ? undefined : computedBy(db, parts);
  if (key) return splitPage(db, ctx, parts, key, opts, { pageNo, pageSize });
  const writes = embeddedWrites(db);
  const at = writes?.value ?? 0;
  const statement = renderPageStatement((db as unknown as DrizzleInternals).dialect, parts, opts.extrasKey, {
    known: writes && ((key) => writes.derived.get(key)),
    versioned: versionedTotals(db) ? { table: getTableName(entity.table), kept: keptTotal } : undefined,
  });
  const { columns, rows: raw } = await runPreparedArrays(db, statement, { customPlan: opts.customPlan });
  const at0 = (name: string) => (raw.length > 0 ? raw[0][columns.indexOf(name)] : undefined);

  let total: number;
  if (statement.total !== undefined) total = statement.total;
  else if (raw.length > 0) total = Number(at0('__total'));
  else if (offset === 0) total = 0;
  else {
    const [c] = await runPrepared(db, sql`select count(*)::int as "__total" from ${filtered}`);
    total = Number(c.__total);
  }
  if (writes && statement.countKey !== undefined && statement.total === undefined) {
    remember(writes, at, statement.countKey, total);
  }
  if (statement.versioned && statement.countKey !== undefined && raw.length > 0) {
    keepTotal(statement.countKey, at0('__version'), total);
  }

  const records = raw.length > 0 ? buildRecords(entity, columns, raw, dicts, extras) : [];
  await codeDictTexts(db, ctx, records, dicts);

  return pageOf(records, total, { pageNo, pageSize });
}

/** fills `<field>_dictText` of the code dictionaries (from the dictionary cache) */
async function codeDictTexts(db: Db, ctx: AppContext | undefined, records: ListRecord[], dicts: PageParts['dicts']) {
  if (records.length === 0 || dicts.length === 0) return;
  const wanted = new Map<string, Set<string>>();
  for (const { field, ref } of dicts) {
    if (ref.kind !== 'code') continue;
    const keys = wanted.get(ref.code) ?? new Set<string>();
    wanted.set(ref.code, keys);
    for (const rec of records) for (const k of dictKeys(rec[field])) keys.add(k);
  }
  if (wanted.size === 0) return;
  const plain = await plainDictTexts(ctx ? await dictSnapshot(ctx) : db, wanted);
  for (const { field, ref } of dicts) {
    if (ref.kind !== 'code') continue;
    const key = `${field}_dictText`;
    const texts = plain.get(ref.code) ?? new Map();
    for (const rec of records) rec[key] = translateValue(rec[field], texts);
  }
}

/**
 * A page in two statements (ADR 046): its rows alone, planned for the request's values (a generic plan of a pattern
 * filter sorted by another column read and sorted every match: 0.65 ms against 0.04 ms for the user list), then the
 * rows' computed columns and the total, found by the rows' keys (a plan that depends on no value of the request).
 */
async function splitPage(
  db: Db,
  ctx: AppContext | undefined,
  parts: PageParts,
  key: { field: string; column: PgColumn },
  opts: PageOptions,
  paging: { pageNo: number; pageSize: number },
): Promise<Page<ListRecord>> {
  const { entity, dicts, extras, filtered, offset } = parts;
  const dialect = (db as unknown as DrizzleInternals).dialect;
  // embedded database: the total kept while nothing has been written (ADR 044), read before the rows
  const writes = embeddedWrites(db);
  const writesAt = writes?.value ?? 0;
  const { columns, rows } = await runPreparedArrays(db, renderRowsStatement(dialect, parts), {
    customPlan: opts.customPlan,
  });
  const records = rows.length > 0 ? buildRecords(entity, columns, rows, dicts, extras) : [];
  let total: number | undefined;
  if (records.length > 0) {
    const keyAt = columns.indexOf(key.field);
    const ids = rows.map((r) => r[keyAt]);
    const statement = renderComputedStatement(dialect, parts, key, ids, opts.extrasKey, {
      known: writes && ((k) => writes.derived.get(k)),
      versioned: versionedTotals(db) ? { table: getTableName(entity.table), kept: keptTotal } : undefined,
    });
    if (statement.total !== undefined) total = statement.total;
    const computed = await runPreparedArrays(db, statement);
    const at = (name: string) => computed.columns.indexOf(name);
    const byKey = new Map<unknown, unknown[]>();
    for (const r of computed.rows) byKey.set(r[0], r);
    const texts = dicts
      .filter((d) => d.ref.kind === 'table')
      .map((d) => [`${d.field}_dictText`, at(`${d.field}_dictText`)] as const);
    const extraAt = extras.map(([k]) => [k, at(k)] as const);
    for (let i = 0; i < records.length; i++) {
      const r = byKey.get(ids[i]);
      if (!r) continue; // deleted since the rows were read: its texts stay empty
      const rec = records[i];
      for (const [k, j] of texts) rec[k] = r[j] ?? '';
      for (const [k, j] of extraAt) put(rec, k, r[j] ?? null);
    }
    if (computed.rows.length > 0 && total === undefined) {
      const first = computed.rows[0];
      total = Number(first[at('__total')]);
      if (writes && statement.countKey !== undefined) remember(writes, writesAt, statement.countKey, total);
      if (statement.versioned && statement.countKey !== undefined)
        keepTotal(statement.countKey, first[at('__version')], total);
    }
  }
  if (total === undefined) {
    if (records.length === 0 && offset === 0) total = 0;
    else {
      const [c] = await runPrepared(db, sql`select count(*)::int as "__total" from ${filtered}`);
      total = Number(c.__total);
    }
  }
  await codeDictTexts(db, ctx, records, dicts);
  return pageOf(records, total, paging);
}

/** MyBatis-Plus's IPage as JeecgBoot answers a list: one page of records, the filtered total and the paging. */
export function pageOf<T>(records: T[], total: number, paging: { pageNo: number; pageSize: number }): Page<T> {
  const { pageNo, pageSize } = paging;
  return {
    records,
    total,
    size: pageSize,
    current: pageNo,
    orders: [],
    optimizeCountSql: true,
    searchCount: true,
    countId: null,
    maxLimit: null,
    pages: Math.ceil(total / pageSize),
  };
}
