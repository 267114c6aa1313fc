import { parseDictSpec } from '@answer/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sysDict, sysDictItem } from '../db/schema/index.ts';
import { allOf, asText, RegistryError, type ResolvedTableDict, resolveTableDict } from './table-registry.ts';

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

type ParsedRef = { kind: 'code'; code: string } | { kind: 'table'; key: string; dict: ResolvedTableDict };

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
  return String(value)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Translates one value with a key → text map. */
export function translateValue(value: unknown, texts: ReadonlyMap<string, string>): string {
  const out: string[] = [];
  for (const k of dictKeys(value)) {
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

/** key → text of a table dictionary for the given keys (registry default filters and condition applied). */
export async function tableTexts(
  db: Db,
  dict: ResolvedTableDict,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  const unique = [...new Set(keys)];
  for (const part of chunks(unique, MAX_KEYS_PER_QUERY)) {
    const rows = await db
      .select({ value: asText(dict.code), text: asText(dict.text) })
      .from(dict.table.table)
      .where(allOf([...dict.where, inArray(asText(dict.code), part)]));
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
): Promise<void> {
  const fields = Object.entries(dictFields ?? {});
  if (fields.length === 0 || records.length === 0) return;

  const parsed = fields.map(([field, ref]) => ({ field, ref: parseRef(ref) }));
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
    tables.set(key, keys.size ? await tableTexts(db, dict, [...keys]) : new Map());
  }

  for (const { field, ref } of parsed) {
    const texts = (ref.kind === 'code' ? plain.get(ref.code) : tables.get(ref.key)) ?? new Map<string, string>();
    for (const rec of records) rec[`${field}_dictText`] = translateValue(rec[field], texts);
  }
}
