import {
  DICT_MESSAGES,
  type DictModel,
  type DictTreeNode,
  PAGE_SIZE_MAX,
  parseDictSpec,
  type TableDictSpec,
} from '@answer/contract';
import { asc, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AppContext, UserRow } from '../../context.ts';
import { dictItemsByCode, dictModel } from '../../platform/dict-cache.ts';
import { badRequest, bizError } from '../../platform/errors.ts';
import { escapeLike, resolveRuleValue } from '../../platform/list-query.ts';
import {
  allOf,
  asText,
  columnEquals,
  defaultWhere,
  jsonConditionSql,
  RegistryError,
  type RegistryTable,
  type ResolvedTableDict,
  registryColumn,
  registryTable,
  resolveTableDict,
} from '../../platform/table-registry.ts';
import type { Tenancy } from '../../platform/tenant-scope.ts';

export {
  allDictItems,
  cachedAllDictItems,
  invalidateDictCache,
} from '../../platform/dict-cache.ts';

/** Rows a table dictionary / tree answer carries at most (JeecgBoot has no limit; a huge table must not stall a node). */
export const TABLE_DICT_MAX_ROWS = 10_000;
/** keys of one loadDictItem / IN keyword */
export const MAX_KEYS = 1000;

/** Refusal: the detail goes to the log, the client sees JeecgBoot's generic '操作失败'. */
function refused(ctx: AppContext, what: string, detail: string): never {
  ctx.log.warn({ dict: what.slice(0, 200), reason: detail }, 'dictionary request refused');
  throw bizError(DICT_MESSAGES.refused);
}

/** `#{sys_user_code}`-style variables in a condition value; an unknown variable is a refusal like any other */
const userVars = (user: UserRow) => (v: string) => {
  try {
    return resolveRuleValue(v, { username: user.username, realname: user.realname, orgCode: user.orgCode });
  } catch {
    throw new RegistryError('unknown system variable in condition');
  }
};

type Parsed = { kind: 'code'; code: string } | { kind: 'table'; spec: TableDictSpec };

function parseSpec(ctx: AppContext, dictCode: string): Parsed {
  const r = parseDictSpec(dictCode);
  if (!r.ok) {
    if (r.error === 'empty') throw bizError(DICT_MESSAGES.empty);
    if (r.error === 'format') throw bizError(DICT_MESSAGES.format);
    refused(ctx, dictCode, r.detail);
  }
  return r.value.kind === 'code' ? { kind: 'code', code: r.value.code } : { kind: 'table', spec: r.value };
}

/** the signed-in reader of a table dictionary: their variables, and their tenancy (tenant-scoped tables, ADR 017) */
export type DictReader = UserRow & { tenancy: Tenancy };

function resolve(ctx: AppContext, dictCode: string, spec: TableDictSpec, user: DictReader): ResolvedTableDict {
  try {
    return resolveTableDict(spec, userVars(user), user.tenancy);
  } catch (e) {
    if (e instanceof RegistryError) refused(ctx, dictCode, e.message);
    throw e;
  }
}

function tableOnly(ctx: AppContext, dictCode: string, user: DictReader, exactlyThree = false): ResolvedTableDict {
  const p = parseSpec(ctx, dictCode);
  if (p.kind === 'code') throw bizError(DICT_MESSAGES.format);
  if (exactlyThree && p.spec.conditions.length > 0) throw bizError(DICT_MESSAGES.format);
  return resolve(ctx, dictCode, p.spec, user);
}

async function selectOptions(
  ctx: AppContext,
  d: ResolvedTableDict,
  extra: SQL | undefined,
  limit: number,
): Promise<DictModel[]> {
  const rows = await ctx.db
    .select({ value: asText(d.code), text: asText(d.text) })
    .from(d.table.table)
    .where(allOf([...d.where, extra]))
    .orderBy(asc(d.code))
    .limit(limit);
  return rows.filter((r) => r.value !== null).map((r) => dictModel(r.value, r.text ?? ''));
}

/** GET /sys/dict/getDictItems/{dictCode}: a plain code's items (all statuses) or a table dictionary's rows. */
export async function getDictItems(ctx: AppContext, dictCode: string, user: DictReader): Promise<DictModel[]> {
  const p = parseSpec(ctx, dictCode);
  if (p.kind === 'code') return dictItemsByCode(ctx, p.code);
  return selectOptions(ctx, resolve(ctx, dictCode, p.spec, user), undefined, TABLE_DICT_MAX_ROWS);
}

function splitKeys(s: string): string[] {
  const keys = s
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
  if (keys.length > MAX_KEYS) throw badRequest(`参数 key 有误：最多 ${MAX_KEYS} 个值`);
  return keys;
}

/** What loadDict / loadDictOrderByValue search: a table dictionary, a keyword ('' = all), at most pageSize options. */
export interface DictSearch {
  dictCode: string;
  keyword: string;
  pageSize: number | undefined;
}

/**
 * GET /sys/dict/loadDict/{dictCode}: search a table dictionary. A keyword with commas matches text or code IN the
 * list, otherwise text or code contains the keyword (case-insensitive, `%`/`_` literal). At most pageSize rows (≤1000).
 */
export async function loadDict(ctx: AppContext, search: DictSearch, user: DictReader): Promise<DictModel[]> {
  const { dictCode, keyword, pageSize } = search;
  const d = tableOnly(ctx, dictCode, user);
  const limit = Math.min(pageSize ?? PAGE_SIZE_MAX, PAGE_SIZE_MAX);
  let match: SQL | undefined;
  if (keyword.includes(',')) {
    const keys = splitKeys(keyword);
    if (keys.length) match = or(inArray(asText(d.text), keys), inArray(asText(d.code), keys));
  } else if (keyword !== '') {
    const pattern = `%${escapeLike(keyword)}%`;
    match = or(ilikeSql(asText(d.text), pattern), ilikeSql(asText(d.code), pattern));
  }
  return selectOptions(ctx, d, match, limit);
}

/** ILIKE: JeecgBoot's MySQL compared case-insensitively; the pattern is bound, its user part escaped */
function ilikeSql(expr: SQL, pattern: string): SQL {
  return sql`${expr} ilike ${pattern} escape '\\'`;
}

/**
 * GET /sys/dict/loadDictOrderByValue/{dictCode}: the first pageSize options, with the options matching the current
 * value(s) (`keyword`) put in front when they are not already among them (JeecgBoot 3.x).
 */
export async function loadDictOrderByValue(
  ctx: AppContext,
  search: DictSearch,
  user: DictReader,
): Promise<DictModel[]> {
  const selected = await loadDict(ctx, { ...search, pageSize: undefined }, user);
  const list = await loadDict(ctx, { ...search, keyword: '' }, user);
  for (const item of selected) {
    if (!list.some((i) => i.value === item.value)) list.unshift(item);
  }
  return list;
}

/**
 * GET /sys/dict/loadDictItem/{dictCode}: the texts of `key` (comma list) in key order; missing keys are dropped, or
 * echoed when delNotExist=false. Table dictionaries with exactly three parts; an empty key answers null.
 */
export async function loadDictItem(
  ctx: AppContext,
  dictCode: string,
  key: string,
  delNotExist: boolean,
  user: DictReader,
): Promise<string[] | null> {
  const d = tableOnly(ctx, dictCode, user, true);
  if (key === '') return null;
  const keys = key.split(',');
  if (keys.length > MAX_KEYS) throw badRequest(`参数 key 有误：最多 ${MAX_KEYS} 个值`);
  const rows = await ctx.db
    .select({ value: asText(d.code), text: asText(d.text) })
    .from(d.table.table)
    .where(allOf([...d.where, inArray(asText(d.code), [...new Set(keys)])]));
  const texts = new Map<string, string>();
  for (const r of rows) if (r.value !== null && !texts.has(r.value)) texts.set(r.value, r.text ?? '');
  const out: string[] = [];
  for (const k of keys) {
    const t = texts.get(k);
    if (t !== undefined) out.push(t);
    else if (!delNotExist) out.push(k);
  }
  return out;
}

export interface TreeParams {
  pid: string;
  pidField: string;
  tableName: string;
  text: string;
  code: string;
  hasChildField: string;
  condition: string;
}

/**
 * GET /sys/dict/loadTreeData: children of `pid` (roots: pidField empty or NULL) of a registry table. Every name goes
 * through the registry (pidField and hasChildField too — CVE-2023-38992), condition keys included.
 */
export async function loadTreeData(ctx: AppContext, p: TreeParams, tenancy: Tenancy): Promise<DictTreeNode[]> {
  const what = `${p.tableName},${p.text},${p.code},${p.pidField},${p.hasChildField}`;
  let table: RegistryTable;
  let cols: { text: PgColumn; code: PgColumn; pid: PgColumn; hasChild?: PgColumn };
  try {
    table = registryTable(p.tableName);
    cols = {
      text: registryColumn(table, p.text),
      code: registryColumn(table, p.code),
      pid: registryColumn(table, p.pidField),
      hasChild: p.hasChildField === '' ? undefined : registryColumn(table, p.hasChildField),
    };
  } catch (e) {
    if (e instanceof RegistryError) refused(ctx, what, e.message);
    throw e;
  }
  let cond: SQL[];
  try {
    cond = jsonConditionSql(table, p.condition);
  } catch (e) {
    if (e instanceof RegistryError) {
      if (/not JSON|not an object/.test(e.message)) {
        ctx.log.warn({ reason: e.message }, 'dictionary request refused');
        throw bizError('操作失败，condition 不是合法的 JSON 对象');
      }
      refused(ctx, `${what} ${p.condition}`, e.message);
    }
    throw e;
  }
  const parent = p.pid === '' ? or(columnEquals(cols.pid, ''), isNull(cols.pid)) : columnEquals(cols.pid, p.pid);
  const where = [...defaultWhere(table, tenancy), parent, ...cond];
  const rows = await ctx.db
    .select({
      key: asText(cols.code),
      title: asText(cols.text),
      parentId: asText(cols.pid),
      hasChild: cols.hasChild ? asText(cols.hasChild) : sql<string | null>`null`,
    })
    .from(table.table)
    .where(allOf(where))
    .orderBy(asc(cols.code))
    .limit(TABLE_DICT_MAX_ROWS);
  return rows.map((r) => ({
    key: r.key,
    title: r.title,
    parentId: r.parentId,
    leaf: cols.hasChild ? r.hasChild !== '1' : false,
    code: null,
    value: null,
    icon: null,
    children: null,
  }));
}
