import { getTableColumns, getTableName, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { sysImportRow } from '../db/schema/index.ts';
import { type AttentionItem, addTo, newTableReport, type TableReport } from './report.ts';
import type { Source } from './source.ts';
import {
  decodeText,
  Problem,
  sameValue,
  snapshotValue,
  toBool,
  toDateString,
  toFloat,
  toInstant,
  toInt,
} from './values.ts';

/**
 * The import engine (docs/decisions/050-jeecg-import.md): one table spec at a time, inside its area's transaction.
 * Source rows are converted column by column to our types, checked (required values, lengths, duplicates, references,
 * natural keys), then merged with what is here using the base snapshots in sys_import_row:
 * - never imported, absent here → inserted;
 * - never imported, present here under the same id (our demo seed reuses JeecgBoot's well-known ids) → JeecgBoot's row
 *   replaces it;
 * - imported before → per column: changed only in JeecgBoot → updated; changed only here → kept; changed on both sides
 *   → ours kept, reported as a conflict; deleted here → not re-created.
 * Link rows (user–role …) that were imported and are gone from JeecgBoot are deleted here too.
 */

export type Row = Record<string, unknown>;

export interface RowContext {
  /** reports an item to look at */
  attention(item: AttentionItem): void;
  /** ids present for a target table (here, or accepted earlier in this run) */
  has(table: string, id: string): Promise<boolean>;
}

export interface TableSpec {
  /** JeecgBoot table */
  source: string;
  /** our table */
  target: PgTable;
  /** source columns a supported version has (a missing one makes the version unsupported) */
  required: readonly string[];
  /** target columns not taken from the source (ours only, e.g. tenant_id) */
  omit?: readonly string[];
  /** renamed columns: target column → source column */
  rename?: Readonly<Record<string, string>>;
  /** further per-row work after the generic conversion: mutate `row`; answer a Problem to skip/fix */
  map?: (row: Row, raw: Row, ctx: RowContext) => Promise<Problem | undefined> | Problem | undefined;
  /** the key of a row (default: id) */
  key?: (row: Row) => string;
  /** references that must exist: column → target table; `fix` sets the value instead of skipping */
  refs?: readonly { column: string; table: string; fix?: unknown; label: string }[];
  /** natural unique keys (target column lists) that also hold here */
  unique?: readonly {
    columns: readonly string[];
    caseInsensitive?: boolean;
    label: string;
    clearOnDuplicate?: boolean;
  }[];
  /** link rows: immutable; rows imported earlier and gone from JeecgBoot are deleted here */
  link?: boolean;
  /** what a seeded demo row that an imported row replaces takes with it / hands over */
  onReplace?: (tx: Db, oldId: string, newId: string) => Promise<void>;
  /** only with --with-logs */
  logs?: boolean;
}

export interface RunOptions {
  dryRun: boolean;
  /** the instant the demo seed wrote its rows (null: no seed rows here) */
  seedInstant: Date | null;
  /** ids per target table, shared by the areas of one run */
  known: Map<string, Set<string>>;
  attention: AttentionItem[];
  onProgress?: (table: string, done: number, total: number) => void;
}

const BATCH_PARAMS = 30_000;
/** inserts of at least this many rows rebuild the table's plain indexes afterwards */
const BULK_ROWS = 2000;

/** a `map` may set `__base_<column>`: the value the base snapshot keeps for that column instead of the written one */
export const BASE_PREFIX = '__base_';

interface ColumnInfo {
  name: string;
  prop: string;
  column: PgColumn;
  kind: 'text' | 'int' | 'float' | 'bool' | 'timestamp' | 'date' | 'json';
  maxLength?: number;
}

export function columnsOf(table: PgTable): ColumnInfo[] {
  return Object.entries(getTableColumns(table)).map(([prop, c]) => {
    const col = c as PgColumn & { length?: number };
    const t = col.columnType;
    const kind: ColumnInfo['kind'] =
      t === 'PgInteger' || t === 'PgSmallInt' || t === 'PgBigInt53' || t === 'PgBigInt64' || t === 'PgSerial'
        ? 'int'
        : t === 'PgDoublePrecision' || t === 'PgReal' || t === 'PgNumeric'
          ? 'float'
          : t === 'PgBoolean'
            ? 'bool'
            : t === 'PgTimestamp'
              ? 'timestamp'
              : t === 'PgDateString' || t === 'PgDate'
                ? 'date'
                : t === 'PgJsonb' || t === 'PgJson'
                  ? 'json'
                  : 'text';
    return { name: col.name, prop, column: col, kind, maxLength: t === 'PgVarchar' ? col.length : undefined };
  });
}

function convert(info: ColumnInfo, raw: unknown, charset: string | null): unknown {
  switch (info.kind) {
    case 'text': {
      if (typeof raw === 'number' || typeof raw === 'bigint') return String(raw);
      const v = decodeText(raw as Buffer | string | null, charset, info.name);
      if (v instanceof Problem || v === null) return v;
      if (info.maxLength && v.length > info.maxLength)
        return new Problem('skip', `列 ${info.name} 超过 ${info.maxLength} 个字符`);
      return v;
    }
    case 'int': {
      const v = Buffer.isBuffer(raw) && raw.length > 1 ? raw.toString('latin1') : raw;
      return toInt(v, info.name);
    }
    case 'float':
      return toFloat(Buffer.isBuffer(raw) ? raw.toString('latin1') : raw, info.name);
    case 'bool':
      return toBool(raw);
    case 'timestamp':
      return toInstant(raw, info.name);
    case 'date':
      return toDateString(raw, info.name);
    case 'json': {
      const s = decodeText(raw as Buffer | null, charset, info.name);
      if (s === null || s instanceof Problem) return s;
      try {
        return JSON.parse(s);
      } catch {
        return new Problem('fix', `列 ${info.name} 不是有效的 JSON，按空值导入`);
      }
    }
  }
}

/** reads the target rows (as column-name records) of a table */
async function targetRows(db: Db, table: PgTable, cols: ColumnInfo[]): Promise<Map<string, Row>> {
  const list = sql.join(
    cols.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const res = (await db.execute(sql`select ${list} from ${table}`)) as unknown as { rows: Row[] };
  const out = new Map<string, Row>();
  for (const r of res.rows) {
    const row: Row = {};
    for (const c of cols) {
      const v = r[c.name];
      row[c.name] = c.kind === 'timestamp' && v !== null && !(v instanceof Date) ? new Date(`${String(v)}Z`) : v;
    }
    out.set(String(row.id), row);
  }
  return out;
}

async function loadBases(db: Db, tbl: string): Promise<Map<string, Row>> {
  const res = (await db.execute(sql`select row_key, base from ${sysImportRow} where tbl = ${tbl}`)) as unknown as {
    rows: { row_key: string; base: Row | string }[];
  };
  return new Map(res.rows.map((r) => [r.row_key, typeof r.base === 'string' ? JSON.parse(r.base) : r.base]));
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Imports one table inside the area transaction `tx`. */
export async function importTable(tx: Db, source: Source, spec: TableSpec, opts: RunOptions): Promise<TableReport> {
  const tbl = getTableName(spec.target);
  const report = newTableReport('', tbl);
  const cols = columnsOf(spec.target);
  const omit = new Set(spec.omit ?? []);
  const srcCols = source.tables.get(spec.source)!;
  const taken = cols.filter((c) => !omit.has(c.name) && srcCols.has((spec.rename?.[c.name] ?? c.name).toLowerCase()));
  const keyOf = spec.key ?? ((r: Row) => String(r.id));

  opts.onProgress?.(tbl, 0, 0);
  const raws = await source.rows(
    spec.source,
    [...new Set([...taken.map((c) => spec.rename?.[c.name] ?? c.name), ...spec.required])].map((c) => c.toLowerCase()),
  );
  report.read = raws.length;
  const total = raws.length;

  const known = async (table: string): Promise<Set<string>> => {
    let set = opts.known.get(table);
    if (!set) {
      const res = (await tx.execute(sql`select id from ${sql.identifier(table)}`)) as unknown as {
        rows: { id: unknown }[];
      };
      set = new Set(res.rows.map((r) => String(r.id)));
      opts.known.set(table, set);
    }
    return set;
  };
  const ctx: RowContext = {
    attention: (item) => opts.attention.push(item),
    has: async (table, id) => (await known(table)).has(id),
  };

  // 1. convert and check each row on its own
  const accepted: Row[] = [];
  const baseOverrides = new Map<Row, Row>();
  const seenKeys = new Set<string>();
  for (const raw of raws) {
    const row: Row = {};
    let skip: Problem | null = null;
    const fixes: Problem[] = [];
    for (const c of taken) {
      const srcName = (spec.rename?.[c.name] ?? c.name).toLowerCase();
      let v = convert(c, raw[srcName], srcCols.get(srcName)?.charset ?? null);
      if (v instanceof Problem) {
        if (v.kind === 'skip') {
          skip = v;
          break;
        }
        fixes.push(v);
        v = v.value;
      }
      if (v === null && c.column.notNull) {
        if (c.column.hasDefault && c.column.default !== undefined && typeof c.column.default !== 'object') {
          v = c.column.default;
        } else if (c.name !== 'id') {
          skip = new Problem('skip', `必填列 ${c.name} 为空`);
          break;
        }
      }
      row[c.name] = v;
    }
    const key = row.id === null || row.id === undefined || row.id === '' ? '' : keyOf(row);
    if (!skip && !key) skip = new Problem('skip', '主键 id 为空');
    if (!skip && spec.map) {
      const p = await spec.map(row, raw, ctx);
      if (p?.kind === 'skip') skip = p;
      else if (p) fixes.push(p);
    }
    // `__base_<column>`: what the base snapshot keeps for a column whose written value is not stable (a sealed secret)
    for (const k of Object.keys(row)) {
      if (!k.startsWith(BASE_PREFIX)) continue;
      baseOverrides.set(row, { ...(baseOverrides.get(row) ?? {}), [k.slice(BASE_PREFIX.length)]: row[k] });
      delete row[k];
    }
    const shown = key || '(无 id)';
    if (skip) {
      addTo(report.skipped, skip.reason, shown);
      continue;
    }
    if (seenKeys.has(key)) {
      addTo(report.skipped, '主键重复（同一 id 出现多次）', shown);
      continue;
    }
    seenKeys.add(key);
    for (const f of fixes) addTo(report.fixed, f.reason, shown);
    accepted.push(row);
  }

  // 2. natural keys inside the source: earliest row wins (create_time, then id)
  if (spec.unique?.length) {
    const order = [...accepted].sort((a, b) => {
      const ta = a.create_time instanceof Date ? a.create_time.getTime() : Number.MAX_SAFE_INTEGER;
      const tb = b.create_time instanceof Date ? b.create_time.getTime() : Number.MAX_SAFE_INTEGER;
      return ta - tb || String(a.id).localeCompare(String(b.id));
    });
    const drop = new Set<Row>();
    for (const u of spec.unique) {
      const seen = new Map<string, Row>();
      for (const row of order) {
        if (drop.has(row)) continue;
        const value = naturalKey(row, u.columns, u.caseInsensitive);
        if (value === null) continue;
        const first = seen.get(value);
        if (!first) {
          seen.set(value, row);
          continue;
        }
        if (u.clearOnDuplicate) {
          for (const c of u.columns) row[c] = null;
          addTo(report.fixed, `${u.label}与 ${keyOf(first)} 重复，按空值导入`, keyOf(row));
        } else {
          const how = u.caseInsensitive ? '仅大小写不同' : '重复';
          addTo(
            report.skipped,
            `${u.label}与 ${keyOf(first)}（${u.columns.map((c) => first[c]).join('/')}）${how}`,
            keyOf(row),
          );
          drop.add(row);
        }
      }
    }
    if (drop.size) accepted.splice(0, accepted.length, ...accepted.filter((r) => !drop.has(r)));
  }

  // 3. references: rows of this table accepted so far count (parents of a tree)
  const own = new Set(accepted.map((r) => String(r.id)));
  const mine = await known(tbl);
  const kept: Row[] = [];
  for (const row of accepted) {
    let skipped = false;
    for (const ref of spec.refs ?? []) {
      const v = row[ref.column];
      if (v === null || v === undefined || v === '' || ('fix' in ref && v === ref.fix)) continue;
      const present =
        ref.table === tbl ? own.has(String(v)) || mine.has(String(v)) : await ctx.has(ref.table, String(v));
      if (present) continue;
      if ('fix' in ref) {
        row[ref.column] = ref.fix;
        addTo(
          report.fixed,
          `${ref.label} ${String(v)} 不存在，已改为${ref.fix === '' || ref.fix === null ? '顶级' : String(ref.fix)}`,
          keyOf(row),
        );
      } else {
        addTo(report.skipped, `${ref.label} ${String(v)} 不存在`, keyOf(row));
        skipped = true;
        break;
      }
    }
    if (!skipped) kept.push(row);
  }
  // a child whose parent was skipped in this pass: the self-reference check above saw the parent as accepted
  if (spec.refs?.some((r) => r.table === tbl)) {
    let changed = true;
    while (changed) {
      changed = false;
      const ids = new Set(kept.map((r) => String(r.id)));
      for (const ref of spec.refs.filter((r) => r.table === tbl)) {
        for (const row of kept) {
          const v = row[ref.column];
          if (v === null || v === undefined || v === '' || v === ref.fix || ids.has(String(v)) || mine.has(String(v)))
            continue;
          row[ref.column] = ref.fix ?? null;
          addTo(report.fixed, `${ref.label} ${String(v)} 未导入，已改为顶级`, keyOf(row));
          changed = true;
        }
      }
    }
  }

  // 4. merge with what is here
  const current = await targetRows(tx, spec.target, cols);
  const bases = await loadBases(tx, tbl);
  const natural = (spec.unique ?? []).map((u) => {
    const index = new Map<string, string>();
    for (const row of current.values()) {
      const v = naturalKey(row, u.columns, u.caseInsensitive);
      if (v !== null) index.set(v, String(row.id));
    }
    return { u, index };
  });
  const inserts: Row[] = [];
  const updates: { key: string; set: Row }[] = [];
  const newBases: { key: string; base: Row }[] = [];
  const replaced: { oldId: string; newId: string }[] = [];
  const isSeed = (row: Row) =>
    !!opts.seedInstant &&
    row.create_time instanceof Date &&
    Math.abs(row.create_time.getTime() - opts.seedInstant.getTime()) < 1000;

  let done = 0;
  for (const row of kept) {
    done++;
    if (done % 5000 === 0) opts.onProgress?.(tbl, done, total);
    const key = keyOf(row);
    const base = bases.get(key);
    const cur = current.get(String(row.id));
    const snapshot: Row = {};
    const override = baseOverrides.get(row) ?? {};
    for (const c of Object.keys(row)) {
      snapshot[c] = snapshotValue(c in override ? override[c] : row[c]);
      if (c in override) snapshot[`${c}@written`] = snapshotValue(row[c]);
    }
    if (!cur) {
      if (base) {
        report.deletedHere++;
        continue;
      }
      // a natural key held here by another row
      let blocked: string | null = null;
      for (const { u, index } of natural) {
        const v = naturalKey(row, u.columns, u.caseInsensitive);
        const other = v === null ? undefined : index.get(v);
        if (!other || other === String(row.id)) continue;
        const otherRow = current.get(other);
        if (otherRow && !bases.has(other) && isSeed(otherRow)) {
          replaced.push({ oldId: other, newId: String(row.id) });
          report.replacedSeed.push(`${other} → ${String(row.id)}`);
          index.delete(v as string);
          current.delete(other);
          continue;
        }
        blocked = `${u.label} ${u.columns.map((c) => row[c]).join('/')} 已被本系统的另一行（id ${other}）使用`;
        break;
      }
      if (blocked) {
        addTo(report.skipped, blocked, key);
        continue;
      }
      for (const { u, index } of natural) {
        const v = naturalKey(row, u.columns, u.caseInsensitive);
        if (v !== null) index.set(v, String(row.id));
      }
      inserts.push(row);
      newBases.push({ key, base: snapshot });
      report.inserted++;
      continue;
    }
    if (!base) {
      // here under the same id, never imported: our seed's copy of a JeecgBoot row → JeecgBoot's values
      const set: Row = {};
      for (const c of Object.keys(row)) if (!sameValue(row[c], cur[c])) set[c] = row[c];
      if (Object.keys(set).length) {
        updates.push({ key: String(row.id), set });
        report.updated++;
      } else report.unchanged++;
      newBases.push({ key, base: snapshot });
      continue;
    }
    const set: Row = {};
    const conflicts: string[] = [];
    let baseChanged = false;
    for (const c of Object.keys(row)) {
      const theirs = row[c];
      if (sameValue(c in override ? override[c] : theirs, base[c] ?? null)) continue;
      baseChanged = true;
      const written = c in override ? (base[`${c}@written`] ?? null) : (base[c] ?? null);
      if (sameValue(cur[c], written)) set[c] = theirs;
      else if (c in override || !sameValue(cur[c], theirs)) conflicts.push(c);
    }
    if (conflicts.length) report.conflicts.set(key, conflicts);
    if (Object.keys(set).length) {
      updates.push({ key: String(row.id), set });
      report.updated++;
    } else report.unchanged++;
    if (baseChanged) newBases.push({ key, base: snapshot });
  }

  // link rows imported earlier and gone from JeecgBoot
  const gone: string[] = [];
  if (spec.link) {
    const present = new Set(raws.map((r) => String(r.id ?? '')));
    for (const key of bases.keys()) if (!present.has(key) && current.has(key)) gone.push(key);
  }

  for (const row of kept) mine.add(String(row.id));
  opts.onProgress?.(tbl, total, total);
  if (opts.dryRun) return report;

  // 5. write
  const propOf = new Map(cols.map((c) => [c.name, c.prop]));
  const toProps = (row: Row) => {
    const out: Row = {};
    for (const [k, v] of Object.entries(row)) out[propOf.get(k)!] = v;
    return out;
  };
  for (const r of replaced) {
    await spec.onReplace?.(tx, r.oldId, r.newId);
    await tx.execute(sql`delete from ${spec.target} where id = ${r.oldId}`);
  }
  // a bulk insert: the table's plain (non-unique) indexes are dropped inside the transaction and built again after
  // the rows are in — building a trigram index once is far cheaper than maintaining it row by row
  let rebuild: string[] = [];
  if (inserts.length >= BULK_ROWS) {
    const res = (await tx.execute(
      sql`select i.indexname, i.indexdef from pg_indexes i
           join pg_class c on c.relname = i.indexname
           join pg_index x on x.indexrelid = c.oid
          where i.schemaname = current_schema() and i.tablename = ${tbl} and not x.indisunique and not x.indisprimary`,
    )) as unknown as { rows: { indexname: string; indexdef: string }[] };
    rebuild = res.rows.map((r) => r.indexdef);
    for (const r of res.rows) await tx.execute(sql`drop index ${sql.identifier(r.indexname)}`);
  }
  if (inserts.length) {
    const perRow = Math.max(1, Object.keys(inserts[0]).length);
    const size = Math.max(1, Math.floor(BATCH_PARAMS / perRow));
    let written = 0;
    for (const part of chunks(inserts, size)) {
      await tx.insert(spec.target).values(part.map(toProps) as never);
      written += part.length;
      opts.onProgress?.(tbl, Math.round((written / inserts.length) * total), total);
    }
  }
  for (const def of rebuild) await tx.execute(sql.raw(def));
  for (const u of updates) {
    await tx
      .update(spec.target)
      .set(toProps(u.set) as never)
      .where(sql`id = ${u.key}`);
  }
  if (gone.length) {
    for (const part of chunks(gone, 1000)) {
      await tx.execute(sql`delete from ${spec.target} where id in ${part}`);
      await tx.delete(sysImportRow).where(sql`tbl = ${tbl} and ${inArray(sysImportRow.rowKey, part)}`);
    }
    report.updated += gone.length;
  }
  if (newBases.length) {
    const now = new Date();
    for (const part of chunks(newBases, 2000)) {
      await tx
        .insert(sysImportRow)
        .values(part.map((b) => ({ tbl, rowKey: b.key, base: b.base, importedAt: now })))
        .onConflictDoUpdate({
          target: [sysImportRow.tbl, sysImportRow.rowKey],
          set: { base: sql`excluded.base`, importedAt: sql`excluded.imported_at` },
        });
    }
  }
  return report;
}

function naturalKey(row: Row, columns: readonly string[], ci?: boolean): string | null {
  const parts: string[] = [];
  for (const c of columns) {
    const v = row[c];
    if (v === null || v === undefined || v === '') return null;
    parts.push(ci ? String(v).toLowerCase() : String(v));
  }
  return parts.join('\u0000');
}
