import { parseDictSpec } from '@answer/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sysDict, sysDictItem } from '../db/schema/index.ts';
import type { DictSnapshot } from './dict-cache.ts';
import { allOf, asText, RegistryError, type ResolvedTableDict, resolveTableDict } from './table-registry.ts';
import { type Tenancy, tenantWhere } from './tenant-scope.ts';

/**
 * `_dictText` for paged answers (contract §1.4, JeecgBoot's DictAspect): for every dictionary field of the entity a
 * sibling `<field>_dictText` is added; comma-separated values are split, translated one by one, and the found texts
 * re-joined with ','. Keys without a text are dropped (as DictAspect), a null/empty value gives ''.
 *
 * A field's dictionary is a plain code (`'sex'` → sys_dict/sys_dict_item) or a table spec (`'sys_user,realname,username'`,
 * through the table registry). Lookups are batched: one query for all plain dictionaries of a page plus one per table
 * dictionary, never one per row.
 */

/** A dictionary reference on an entity field: a plain dict code or `table,text,code[,condition]`. */
export type DictRef = string;

export type ParsedRef = { kind: 'code'; code: string } | { kind: 'table'; key: string; dict: ResolvedTableDict };

const parsedRefs = new Map<DictRef, ParsedRef>();

/** A checked reference (cached: references come from entity definitions, a fixed set). */
export function parseDictRef(ref: DictRef): ParsedRef {
  let p = parsedRefs.get(ref);
  if (!p) {
    p = parseRef(ref);
    parsedRefs.set(ref, p);
  }
  return p;
}

function parseRef(ref: DictRef): ParsedRef {
  const r = parseDictSpec(ref);
  if (!r.ok) throw new Error(`dictionary reference ${JSON.stringify(ref)}: ${r.detail}`);
  if (r.value.kind === 'code') return { kind: 'code', code: r.value.code };
  try {
    return { kind: 'table', key: ref, dict: resolveTableDict(r.value) };
  } catch (e) {
    if (e instanceof RegistryError) throw new Error(`dictionary reference ${JSON.stringify(ref)}: ${e.message}`);
    throw e;
  }
}

/** Checks a reference when an entity is defined (a programming error, not a request error). */
export function validateDictRef(ref: DictRef): void {
  parseRef(ref);
}

/** Splits a stored value into dictionary keys: `'1,2'` → ['1','2']; null → []. */
export function dictKeys(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const text = String(value);
  // one key (the common case: a status, a sex): no split
  if (!text.includes(',')) {
    const key = text.trim();
    return key === '' ? [] : [key];
  }
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Translates one value with a key → text map. */
export function translateValue(value: unknown, texts: ReadonlyMap<string, string>): string {
  const keys = dictKeys(value);
  if (keys.length === 1) return texts.get(keys[0]) ?? '';
  const out: string[] = [];
  for (const k of keys) {
    const t = texts.get(k);
    if (t !== undefined && t !== null) out.push(t);
  }
  return out.join(',');
}

const MAX_KEYS_PER_QUERY = 5000;

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** key → text for the given keys of each plain dictionary code (one query per chunk of keys). */
async function plainTexts(db: Db, wanted: Map<string, Set<string>>): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  for (const code of wanted.keys()) out.set(code, new Map());
  const codes = [...wanted.keys()];
  const keys = [...new Set([...wanted.values()].flatMap((s) => [...s]))];
  if (codes.length === 0 || keys.length === 0) return out;
  for (const part of chunks(keys, MAX_KEYS_PER_QUERY)) {
    const rows = await db
      .select({ code: sysDict.dictCode, value: sysDictItem.itemValue, text: sysDictItem.itemText })
      .from(sysDictItem)
      .innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId))
      .where(and(inArray(sysDict.dictCode, codes), inArray(sysDictItem.itemValue, part)));
    for (const r of rows) out.get(r.code)?.set(r.value, r.text);
  }
  return out;
}

/**
 * key → text for the given keys of each plain dictionary code, from the dictionary cache's snapshot (no query) or,
 * given the database, with one query per chunk of keys. Every item counts, whatever its status or its dictionary's.
 */
export async function plainDictTexts(
  source: Db | DictSnapshot,
  wanted: Map<string, Set<string>>,
): Promise<Map<string, Map<string, string>>> {
  if (!(source instanceof Map)) return plainTexts(source as Db, wanted);
  const out = new Map<string, Map<string, string>>();
  for (const [code, keys] of wanted) {
    const texts = new Map<string, string>();
    const entry = source.get(code);
    if (entry) for (const it of entry.items) if (keys.has(it.value)) texts.set(it.value, it.text);
    out.set(code, texts);
  }
  return out;
}

/**
 * SQL for the `_dictText` of a table dictionary over a stored value (`'a,b'`), evaluated by PostgreSQL for the rows
 * of a page: each non-empty key in order, translated through the dictionary's table (registry filters, condition
 * and the request's tenant applied), untranslated keys dropped, joined with ','; '' when nothing is found.
 */
export function tableDictTextSql(dict: ResolvedTableDict, value: SQL, tenancy?: Tenancy): SQL {
  const scoped = tenancy ? tenantWhere(dict.table.table, tenancy) : undefined;
  const where = allOf([...dict.where, scoped, sql`${asText(dict.code)} = btrim(__k.v)`]);
  const several = sql`coalesce((select string_agg(__d.t, ',' order by __k.o) from unnest(string_to_array(${value}::text, ',')) with ordinality as __k(v, o) cross join lateral (select ${asText(dict.text)} as t from ${dict.table.table} where ${where} limit 1) as __d where btrim(__k.v) <> '' and __d.t is not null), '')`;
  // most stored values are empty or one key: looked up directly, without the split, the ordinality and the
  // aggregate (the same answer: one non-empty key, its text or '')
  const oneWhere = allOf([...dict.where, scoped, sql`${asText(dict.code)} = btrim(${value}::text)`]);
  const one = sql`coalesce((select ${asText(dict.text)} from ${dict.table.table} where ${oneWhere} limit 1), '')`;
  return sql`case when ${value} is null or btrim(${value}::text) = '' then '' when strpos(${value}::text, ',') = 0 then ${one} else ${several} end`;
}

/** key → text of a table dictionary for the given keys (registry default filters and condition applied). */
export async function tableTexts(
  db: Db,
  dict: ResolvedTableDict,
  keys: readonly string[],
  tenancy?: Tenancy,
): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  const unique = [...new Set(keys)];
  const scoped = tenancy ? tenantWhere(dict.table.table, tenancy) : undefined;
  for (const part of chunks(unique, MAX_KEYS_PER_QUERY)) {
    const rows = await db
      .select({ value: asText(dict.code), text: asText(dict.text) })
      .from(dict.table.table)
      .where(allOf([...dict.where, scoped, inArray(asText(dict.code), part)]));
    for (const r of rows) if (r.value !== null && !map.has(r.value)) map.set(r.value, r.text);
  }
  return map;
}

/**
 * Adds `<field>_dictText` to every record (in place) for the given field → dictionary map.
 * Records are the serialized rows of one page.
 */
export async function translateDictFields(
  db: Db,
  records: Record<string, unknown>[],
  dictFields: Readonly<Record<string, DictRef>> | undefined,
  tenancy?: Tenancy,
): Promise<void> {
  const fields = Object.entries(dictFields ?? {});
  if (fields.length === 0 || records.length === 0) return;

  const parsed = fields.map(([field, ref]) => ({ field, ref: parseDictRef(ref) }));
  const plainWanted = new Map<string, Set<string>>();
  const tableWanted = new Map<string, { dict: ResolvedTableDict; keys: Set<string> }>();
  for (const { field, ref } of parsed) {
    let bucket: Set<string>;
    if (ref.kind === 'code') {
      bucket = plainWanted.get(ref.code) ?? new Set();
      plainWanted.set(ref.code, bucket);
    } else {
      const entry = tableWanted.get(ref.key) ?? { dict: ref.dict, keys: new Set<string>() };
      tableWanted.set(ref.key, entry);
      bucket = entry.keys;
    }
    for (const rec of records) for (const k of dictKeys(rec[field])) bucket.add(k);
  }

  const plain = await plainTexts(db, plainWanted);
  const tables = new Map<string, Map<string, string>>();
  for (const [key, { dict, keys }] of tableWanted) {
    tables.set(key, keys.size ? await tableTexts(db, dict, [...keys], tenancy) : new Map());
  }

  for (const { field, ref } of parsed) {
    const texts = (ref.kind === 'code' ? plain.get(ref.code) : tables.get(ref.key)) ?? new Map<string, string>();
    for (const rec of records) rec[`${field}_dictText`] = translateValue(rec[field], texts);
  }
}
