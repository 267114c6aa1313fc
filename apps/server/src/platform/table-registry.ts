import { type DictCondition, isDictIdentifier, parseDictCondition, type TableDictSpec } from '@answer/contract';
import { and, eq, getTableColumns, getTableName, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  sysCategory,
  sysCheckRule,
  sysDataSource,
  sysDepart,
  sysDepartRole,
  sysDict,
  sysDictItem,
  sysFillRule,
  sysMessageTemplate,
  sysPosition,
  sysRole,
  sysTenant,
  sysUser,
} from '../db/schema/index.ts';
import { type Tenancy, tenantWhere } from './tenant-scope.ts';

/**
 * Security rule 4: every table dictionary (`table,text,code[,condition]`), tree dictionary (loadTreeData) and duplicate
 * check names its table and columns through this registry. A name that is not listed here never reaches SQL: the
 * drizzle column object found here is what the query uses, and every value is bound.
 *
 * Adding a table is one line in TABLE_REGISTRY / DUPLICATE_CHECKABLE (the columns are checked against the drizzle
 * schema when this file loads). `password` and `salt` can never be listed.
 */

/** Columns no client-named lookup may ever touch, whatever a registry line says. */
export const NEVER_EXPOSED: ReadonlySet<string> = new Set(['password', 'salt']);

export interface RegistryTable {
  name: string;
  table: PgTable;
  /** snake_case column name → drizzle column */
  columns: ReadonlyMap<string, PgColumn>;
  /** rows every lookup is limited to (e.g. not logically deleted) */
  where?: () => SQL;
}

/** A refusal; `message` is for the log only — callers answer with a generic Chinese message. */
export class RegistryError extends Error {
  override name = 'RegistryError';
}

function columnsOf(table: PgTable, names: readonly string[]): Map<string, PgColumn> {
  const byName = new Map<string, PgColumn>();
  for (const col of Object.values(getTableColumns(table)) as PgColumn[]) byName.set(col.name, col);
  const out = new Map<string, PgColumn>();
  for (const n of names) {
    if (NEVER_EXPOSED.has(n)) throw new Error(`registry: ${getTableName(table)}.${n} may never be exposed`);
    const col = byName.get(n);
    if (!col) throw new Error(`registry: ${getTableName(table)} has no column ${n}`);
    out.set(n, col);
  }
  return out;
}

/** One registry line: a drizzle table, the columns a client may name, and the rows it may see. */
export function allow(table: PgTable, columns: readonly string[], opts: { where?: () => SQL } = {}): RegistryTable {
  return { name: getTableName(table), table, columns: columnsOf(table, columns), where: opts.where };
}

/** Tables and columns reachable by table dictionaries and tree dictionaries (read by any signed-in user). */
export const TABLE_REGISTRY: Readonly<Record<string, RegistryTable>> = Object.freeze({
  sys_user: allow(
    sysUser,
    // phone and email are personal data: not readable through table dictionaries by every signed-in user
    ['id', 'username', 'realname', 'work_no', 'org_code', 'status', 'del_flag', 'sex', 'post'],
    { where: () => eq(sysUser.delFlag, 0) },
  ),
  sys_depart: allow(
    sysDepart,
    [
      'id',
      'parent_id',
      'depart_name',
      'depart_name_en',
      'depart_name_abbr',
      'depart_order',
      'org_category',
      'org_type',
      'org_code',
      'status',
      'del_flag',
    ],
    { where: () => eq(sysDepart.delFlag, '0') },
  ),
  sys_role: allow(sysRole, ['id', 'role_name', 'role_code', 'description']),
  sys_position: allow(sysPosition, ['id', 'code', 'name', 'post_rank', 'company_id', 'sys_org_code']),
  sys_dict: allow(sysDict, ['id', 'dict_name', 'dict_code', 'description', 'type', 'del_flag'], {
    where: () => eq(sysDict.delFlag, 0),
  }),
  sys_dict_item: allow(sysDictItem, [
    'id',
    'dict_id',
    'item_text',
    'item_value',
    'description',
    'sort_order',
    'status',
  ]),
  sys_tenant: allow(sysTenant, ['id', 'name', 'status', 'begin_date', 'end_date']),
  sys_category: allow(sysCategory, ['id', 'pid', 'name', 'code', 'has_child', 'sys_org_code']),
});

export interface CheckableTable extends RegistryTable {
  /** the primary key (edit forms exclude their own row with `dataId`) */
  id: PgColumn;
}

function checkable(table: PgTable, fields: readonly string[]): CheckableTable {
  const id = (getTableColumns(table) as Record<string, PgColumn>).id;
  if (!id) throw new Error(`registry: ${getTableName(table)} has no id column`);
  return { ...allow(table, fields), id };
}

/**
 * (table, field) pairs GET /sys/duplicate/check may count. Separate from TABLE_REGISTRY: this one only answers
 * "exists or not" for unique fields. Logically deleted rows count too, because the unique indexes cover them.
 */
export const DUPLICATE_CHECKABLE: Readonly<Record<string, CheckableTable>> = Object.freeze({
  sys_user: checkable(sysUser, ['username', 'phone', 'email', 'work_no']),
  sys_role: checkable(sysRole, ['role_code']),
  sys_depart: checkable(sysDepart, ['org_code']),
  sys_depart_role: checkable(sysDepartRole, ['role_code']),
  sys_dict: checkable(sysDict, ['dict_code']),
  sys_position: checkable(sysPosition, ['code']),
  sys_tenant: checkable(sysTenant, ['id']),
  sys_category: checkable(sysCategory, ['code']),
  sys_check_rule: checkable(sysCheckRule, ['rule_code']),
  sys_fill_rule: checkable(sysFillRule, ['rule_code']),
  sys_sms_template: checkable(sysMessageTemplate, ['template_code']),
  sys_data_source: checkable(sysDataSource, ['code']),
  // later, one line each when the tables exist: sys_data_source code, sys_quartz_job job_class_name
});

function lookupTable<T extends RegistryTable>(registry: Readonly<Record<string, T>>, name: string): T {
  if (!isDictIdentifier(name) || !Object.hasOwn(registry, name)) {
    throw new RegistryError(`table not allowed: ${JSON.stringify(String(name).slice(0, 80))}`);
  }
  return registry[name];
}

function lookupColumn(t: RegistryTable, name: string): PgColumn {
  if (!isDictIdentifier(name) || NEVER_EXPOSED.has(name.toLowerCase())) {
    throw new RegistryError(`column not allowed: ${t.name}.${JSON.stringify(String(name).slice(0, 80))}`);
  }
  const col = t.columns.get(name);
  if (!col) throw new RegistryError(`column not allowed: ${t.name}.${name}`);
  return col;
}

export function registryTable(name: string): RegistryTable {
  return lookupTable(TABLE_REGISTRY, name);
}

export function registryColumn(t: RegistryTable, name: string): PgColumn {
  return lookupColumn(t, name);
}

/** varchar/text/char columns compare directly; anything else is compared through its text form (never a type error). */
export function isTextColumn(col: PgColumn): boolean {
  return col.columnType === 'PgVarchar' || col.columnType === 'PgText' || col.columnType === 'PgChar';
}

/** `col` as text, for selecting dictionary values (JeecgBoot's DictModel holds strings). */
export function asText(col: PgColumn): SQL<string> {
  return isTextColumn(col) ? sql<string>`${col}` : sql<string>`${col}::text`;
}

/** `col = value`, bound; non-text columns compare through their text form. */
export function columnEquals(col: PgColumn, value: string): SQL {
  return isTextColumn(col) ? eq(col, value) : sql`${col}::text = ${value}`;
}

export function columnNotEquals(col: PgColumn, value: string): SQL {
  return isTextColumn(col) ? ne(col, value) : sql`${col}::text <> ${value}`;
}

export interface ResolvedTableDict {
  table: RegistryTable;
  text: PgColumn;
  code: PgColumn;
  /** default row filter + the parsed condition, all bound */
  where: SQL[];
}

/** Resolves `column = value` pairs over allowed columns; `resolve` substitutes `#{sys_user_code}`-style variables. */
export function conditionSql(
  t: RegistryTable,
  conditions: readonly DictCondition[],
  resolve?: (v: string) => string,
): SQL[] {
  return conditions.map((c) => columnEquals(lookupColumn(t, c.column), resolve ? resolve(c.value) : c.value));
}

/** the registry's row filter plus, given a tenancy, the table's tenant condition (ADR 017) */
export function defaultWhere(t: RegistryTable, tenancy?: Tenancy): SQL[] {
  const scoped = tenancy ? tenantWhere(t.table, tenancy) : undefined;
  return [...(t.where ? [t.where()] : []), ...(scoped ? [scoped] : [])];
}

/** A parsed table dictionary spec → drizzle pieces, or RegistryError. */
export function resolveTableDict(
  spec: TableDictSpec,
  resolve?: (v: string) => string,
  tenancy?: Tenancy,
): ResolvedTableDict {
  const t = lookupTable(TABLE_REGISTRY, spec.table);
  return {
    table: t,
    text: lookupColumn(t, spec.text),
    code: lookupColumn(t, spec.code),
    where: [...defaultWhere(t, tenancy), ...conditionSql(t, spec.conditions, resolve)],
  };
}

/** The 4th part of a spec given as a string (e.g. the `condition` of loadTreeData in JeecgBoot's 4-part form). */
export function parseConditionOrThrow(t: RegistryTable, condition: string, resolve?: (v: string) => string): SQL[] {
  const r = parseDictCondition(condition);
  if (!r.ok) throw new RegistryError(`bad condition: ${r.detail}`);
  return conditionSql(t, r.value, resolve);
}

/**
 * loadTreeData's `condition`: a JSON object whose keys are allowed columns; values (string, number, boolean) are
 * bound as `key = value`, null as `key IS NULL`. Anything else → RegistryError.
 */
export function jsonConditionSql(t: RegistryTable, condition: string): SQL[] {
  if (condition.trim() === '') return [];
  let obj: unknown;
  try {
    obj = JSON.parse(condition);
  } catch {
    throw new RegistryError('condition is not JSON');
  }
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj))
    throw new RegistryError('condition is not an object');
  const entries = Object.entries(obj as Record<string, unknown>);
  if (entries.length > 16) throw new RegistryError('condition has too many keys');
  return entries.map(([k, v]) => {
    const col = lookupColumn(t, k);
    if (v === null) return sql`${col} is null`;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return columnEquals(col, String(v));
    throw new RegistryError(`condition value of ${k} is not a scalar`);
  });
}

export interface CheckableField {
  table: CheckableTable;
  field: PgColumn;
}

/** A (table, field) pair of DUPLICATE_CHECKABLE, or RegistryError. */
export function checkableField(tableName: string, fieldName: string): CheckableField {
  const t = lookupTable(DUPLICATE_CHECKABLE, tableName);
  return { table: t, field: lookupColumn(t, fieldName) };
}

/** `and(...)` that tolerates an empty list. */
export function allOf(parts: readonly (SQL | undefined)[]): SQL | undefined {
  const list = parts.filter((p): p is SQL => !!p);
  if (list.length === 0) return undefined;
  return list.length === 1 ? list[0] : and(...list);
}
