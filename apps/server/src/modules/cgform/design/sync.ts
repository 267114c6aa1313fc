import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { onlCgformField, onlCgformHead, onlCgformIndex } from '../../../db/schema/index.ts';
import { bizError } from '../../../platform/errors.ts';
import { writeNoteStatements } from '../../../platform/table-versions.ts';
import {
  assertIdent,
  columnSql,
  dbTypeOf,
  defaultLiteral,
  IDENT_RE,
  isReservedTable,
  pgTypeOf,
  quoteIdent,
} from '../ident.ts';
import { TENANT_COLUMN, TENANT_COLUMN_SQL } from '../model.ts';
import { checkDefinition, type DefinitionIn, FieldInput, HeadInput, IndexInput } from './definition.ts';

/**
 * 同步数据库 (api/doDbSynch): turns a stored definition into its table. Everything — the advisory lock, the catalog
 * reads, every DDL statement and the definition's bookkeeping — runs in the caller's one transaction, so a sync that
 * fails at any statement leaves the table and the definition as they were (ADR 031).
 *
 * Statements are built only from identifiers that passed assertIdent (and are quoted), types from DB_TYPES and
 * defaults that parsed as literals of their type. Destructive steps (dropping the table or a column, narrowing or
 * converting a column) are collected first; without `confirm` the sync refuses and lists them.
 */

/** pg_advisory_xact_lock key of every DDL of online forms ("cgfm") */
export const CGFORM_DDL_LOCK = 0x6367666d;

export type SyncMethod = 'normal' | 'force';

export interface CurrentColumn {
  name: string;
  /** normalised like pgTypeOf's output (varchar(n), numeric(p,s), timestamp(p), …) or the catalog's type name */
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

export interface SyncPlan {
  table: string;
  created: boolean;
  statements: string[];
  /** what would be lost (empty = nothing destructive) */
  losses: string[];
}

export async function lockDdl(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CGFORM_DDL_LOCK})`);
}

export async function tableExists(db: Db, table: string): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from information_schema.tables
        where table_schema = current_schema() and table_name = ${table} and table_type = 'BASE TABLE'`,
  );
  return Number(rows[0]?.n ?? 0) > 0;
}

interface CatalogColumn {
  column_name: string;
  data_type: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  datetime_precision: number | null;
  is_nullable: string;
  column_default: string | null;
}

function normalType(c: CatalogColumn): string {
  switch (c.data_type) {
    case 'character varying':
      return c.character_maximum_length ? `varchar(${c.character_maximum_length})` : 'text';
    case 'character':
      return `char(${c.character_maximum_length ?? 1})`;
    case 'numeric':
      return c.numeric_precision ? `numeric(${c.numeric_precision},${c.numeric_scale ?? 0})` : 'numeric';
    case 'timestamp without time zone':
      return `timestamp(${c.datetime_precision ?? 6})`;
    case 'time without time zone':
      return `time(${c.datetime_precision ?? 6})`;
    default:
      return c.data_type;
  }
}

/** The columns of a table of this schema, in order (names as the catalog has them). */
export async function currentColumns(db: Db, table: string): Promise<CurrentColumn[]> {
  const rows = await queryRows<CatalogColumn>(
    db,
    sql`select column_name, data_type, character_maximum_length, numeric_precision, numeric_scale, datetime_precision,
               is_nullable, column_default
        from information_schema.columns
        where table_schema = current_schema() and table_name = ${table}
        order by ordinal_position`,
  );
  return rows.map((r) => ({
    name: r.column_name,
    type: normalType(r),
    nullable: r.is_nullable === 'YES',
    hasDefault: r.column_default !== null,
  }));
}

/** Indexes of a table that back no constraint (primary key, unique constraint). */
export async function currentIndexes(db: Db, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select i.relname as name
        from pg_index x
        join pg_class i on i.oid = x.indexrelid
        join pg_class t on t.oid = x.indrelid
        join pg_namespace n on n.oid = t.relnamespace
        where n.nspname = current_schema() and t.relname = ${table}
          and not x.indisprimary
          and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
        order by i.relname`,
  );
  return rows.map((r) => r.name);
}

type Kind = 'str' | 'int' | 'num' | 'date' | 'ts' | 'time' | 'bytea' | 'other';
interface TypeInfo {
  kind: Kind;
  /** characters (str), digits before the point (num), or Infinity */
  size: number;
  scale: number;
}

function typeInfo(t: string): TypeInfo {
  let m = /^varchar\((\d+)\)$/.exec(t);
  if (m) return { kind: 'str', size: Number(m[1]), scale: 0 };
  if (t === 'text') return { kind: 'str', size: Number.POSITIVE_INFINITY, scale: 0 };
  if (t === 'integer') return { kind: 'int', size: 10, scale: 0 };
  if (t === 'smallint') return { kind: 'int', size: 5, scale: 0 };
  if (t === 'bigint') return { kind: 'int', size: 19, scale: 0 };
  if (t === 'real') return { kind: 'num', size: 6, scale: 6 };
  m = /^char\((\d+)\)$/.exec(t);
  if (m) return { kind: 'str', size: Number(m[1]), scale: 0 };
  if (t === 'double precision') return { kind: 'num', size: 15, scale: 15 };
  m = /^numeric\((\d+),(\d+)\)$/.exec(t);
  if (m) return { kind: 'num', size: Number(m[1]) - Number(m[2]), scale: Number(m[2]) };
  if (t === 'date') return { kind: 'date', size: 10, scale: 0 };
  if (/^timestamp\(\d\)$/.test(t)) return { kind: 'ts', size: 26, scale: Number(t.slice(10, -1)) };
  if (/^time\(\d\)$/.test(t)) return { kind: 'time', size: 15, scale: Number(t.slice(5, -1)) };
  if (t === 'bytea') return { kind: 'bytea', size: 0, scale: 0 };
  return { kind: 'other', size: 0, scale: 0 };
}

/** 'same' | 'widen' (no value can change) | 'convert' (values may be cut or fail to convert: needs confirm) | 'refuse' */
export function typeChange(from: string, to: string): 'same' | 'widen' | 'convert' | 'refuse' {
  if (from === to) return 'same';
  const a = typeInfo(from);
  const b = typeInfo(to);
  if (a.kind === 'bytea' || b.kind === 'bytea') return 'refuse';
  if (b.kind === 'str') {
    if (a.kind === 'str') return b.size >= a.size ? 'widen' : 'convert';
    const text = { int: 11, num: a.size + a.scale + 2, date: 10, ts: 26, time: 15, other: Number.POSITIVE_INFINITY };
    return b.size >= text[a.kind] ? 'widen' : 'convert';
  }
  if (a.kind === 'int' && b.kind === 'int') return b.size >= a.size ? 'widen' : 'convert';
  if (a.kind === 'int' && b.kind === 'num') {
    return (to === 'double precision' && a.size <= 10) || (to !== 'double precision' && b.size >= a.size)
      ? 'widen'
      : 'convert';
  }
  if (a.kind === 'num' && b.kind === 'num') {
    if (from === 'double precision' || to === 'double precision') return 'convert';
    return b.size >= a.size && b.scale >= a.scale ? 'widen' : 'convert';
  }
  if (a.kind === 'date' && b.kind === 'ts') return 'widen';
  if ((a.kind === 'ts' && b.kind === 'ts') || (a.kind === 'time' && b.kind === 'time')) {
    return b.scale >= a.scale ? 'widen' : 'convert';
  }
  return 'convert';
}

/** A definition as stored (the rows of onl_cgform_head/field/index), re-parsed through the designer's schemas. */
export async function loadDefinition(db: Db, headId: string) {
  const [head] = await db.select().from(onlCgformHead).where(eq(onlCgformHead.id, headId)).limit(1);
  if (!head) return null;
  const fields = await db
    .select()
    .from(onlCgformField)
    .where(eq(onlCgformField.cgformHeadId, headId))
    .orderBy(asc(onlCgformField.orderNum), asc(onlCgformField.id));
  const indexes = await db
    .select()
    .from(onlCgformIndex)
    .where(eq(onlCgformIndex.cgformHeadId, headId))
    .orderBy(asc(onlCgformIndex.indexName));
  return { head, fields, indexes };
}

export type StoredDefinition = NonNullable<Awaited<ReturnType<typeof loadDefinition>>>;

/** The stored rows as a DefinitionIn (so the same checks run on what is stored as on what the designer sends). */
export function asDefinition(d: StoredDefinition): DefinitionIn {
  return {
    head: HeadInput.parse(d.head),
    fields: d.fields.map((f) => FieldInput.parse(f)),
    indexs: d.indexes.filter((x) => x.delFlag === 0).map((x) => IndexInput.parse(x)),
    deleteFieldIds: [],
    deleteIndexIds: [],
  };
}

/** main definitions (table_type 2, not copies) → their field names */
export async function mainDefinitions(db: Db): Promise<Map<string, Set<string>>> {
  const rows = await queryRows<{ table_name: string; db_field_name: string }>(
    db,
    sql`select h.table_name, f.db_field_name from ${onlCgformHead} h
        join ${onlCgformField} f on f.cgform_head_id = h.id
        where h.table_type = 2 and h.copy_type = 0`,
  );
  const out = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!out.has(r.table_name)) out.set(r.table_name, new Set());
    out.get(r.table_name)!.add(r.db_field_name);
  }
  return out;
}

function createStatements(table: string, def: DefinitionIn): string[] {
  const t = quoteIdent(table);
  const cols = def.fields.map((f) => columnSql(f));
  // the server-owned tenant column (ADR 053) unless the definition names its own
  if (!def.fields.some((f) => f.dbFieldName === TENANT_COLUMN)) cols.push(TENANT_COLUMN_SQL);
  // with its write notes (ADR 045): its list totals are kept like every other table's
  return [`CREATE TABLE ${t} (${cols.join(', ')})`, ...indexStatements(table, def), ...writeNoteStatements(t, table)];
}

function indexStatements(table: string, def: DefinitionIn): string[] {
  return def.indexs.map((x) => {
    const cols = x.indexField
      .split(',')
      .filter(Boolean)
      .map((c) => quoteIdent(c))
      .join(', ');
    return `CREATE ${x.indexType === 'unique' ? 'UNIQUE ' : ''}INDEX ${quoteIdent(x.indexName)} ON ${quoteIdent(table)} (${cols})`;
  });
}

/** The statements that bring the table to the definition, and what they would destroy. Reads the catalog only. */
export async function planSync(
  db: Db,
  def: DefinitionIn,
  method: SyncMethod,
  /** indexes removed from the definition since the last sync (onl_cgform_index rows with del_flag 1) */
  removedIndexes: readonly string[] = [],
): Promise<SyncPlan> {
  const table = assertIdent(def.head.tableName, '表名');
  if (isReservedTable(table)) throw bizError(`表名「${table}」是系统保留的名称，不能同步`);
  const t = quoteIdent(table);
  const exists = await tableExists(db, table);
  if (!exists) return { table, created: true, statements: createStatements(table, def), losses: [] };

  if (method === 'force') {
    const [c] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.raw(t)}`);
    return {
      table,
      created: true,
      statements: [`DROP TABLE ${t}`, ...createStatements(table, def)],
      losses: [`强制同步将删除并重建表「${table}」，表中 ${Number(c?.n ?? 0)} 条数据将全部丢失`],
    };
  }

  const statements: string[] = [];
  const losses: string[] = [];
  const cur = new Map((await currentColumns(db, table)).map((c) => [c.name, c]));
  const alter = (s: string) => statements.push(`ALTER TABLE ${t} ${s}`);

  // renames first (db_field_name_old = the column's name at the last sync)
  for (const f of def.fields) {
    const old = (f as { dbFieldNameOld?: string | null }).dbFieldNameOld;
    if (old && old !== f.dbFieldName && IDENT_RE.test(old) && cur.has(old) && !cur.has(f.dbFieldName)) {
      alter(`RENAME COLUMN ${quoteIdent(old)} TO ${quoteIdent(f.dbFieldName)}`);
      cur.set(f.dbFieldName, { ...cur.get(old)!, name: f.dbFieldName });
      cur.delete(old);
    }
  }

  const wanted = new Set(def.fields.map((f) => f.dbFieldName));
  for (const [name] of cur) {
    if (wanted.has(name) || name === TENANT_COLUMN) continue;
    if (!IDENT_RE.test(name)) throw bizError(`表中的字段「${name}」名称不合规，无法由表单同步删除，请先在数据库中处理`);
    losses.push(`删除字段「${name}」及其数据`);
    alter(`DROP COLUMN ${quoteIdent(name)}`);
  }

  if (!cur.has(TENANT_COLUMN) && !wanted.has(TENANT_COLUMN)) alter(`ADD COLUMN ${TENANT_COLUMN_SQL}`);

  for (const f of def.fields) {
    const c = quoteIdent(f.dbFieldName);
    const now = cur.get(f.dbFieldName);
    if (!now) {
      alter(`ADD COLUMN ${columnSql(f)}`);
      continue;
    }
    const to = pgTypeOf(f);
    const change = typeChange(now.type, to);
    const def0 = defaultLiteral(f);
    if (change === 'refuse') {
      throw bizError(
        `字段「${f.dbFieldName}」不能从 ${now.type} 改为 ${dbTypeOf(f.dbType).label} 类型（二进制类型不能与其他类型互转）`,
      );
    }
    if (change !== 'same') {
      if (change === 'convert') {
        losses.push(
          `字段「${f.dbFieldName}」由 ${now.type} 改为 ${to}，已有数据可能被截断或无法转换（无法转换时同步失败）`,
        );
      }
      if (now.hasDefault) alter(`ALTER COLUMN ${c} DROP DEFAULT`);
      // text to shorter text: the assignment cast refuses a value that does not fit (an explicit cast would cut it)
      const bothText = /^(varchar|text)/.test(now.type) && /^(varchar|text)/.test(to);
      alter(`ALTER COLUMN ${c} TYPE ${to}${bothText ? '' : ` USING ${c}::${to}`}`);
    }
    if (def0 !== null) alter(`ALTER COLUMN ${c} SET DEFAULT ${def0}`);
    else if (now.hasDefault && change === 'same') alter(`ALTER COLUMN ${c} DROP DEFAULT`);
    if (f.dbIsKey !== 1) {
      if (f.dbIsNull === 0 && now.nullable) alter(`ALTER COLUMN ${c} SET NOT NULL`);
      if (f.dbIsNull !== 0 && !now.nullable) alter(`ALTER COLUMN ${c} DROP NOT NULL`);
    }
  }

  // indexes the form knows (defined now, or removed since the last sync) are dropped and the defined ones re-created:
  // no data is lost. Indexes it never knew (made outside the designer) are left alone.
  const known = new Set([...def.indexs.map((x) => x.indexName), ...removedIndexes]);
  for (const name of await currentIndexes(db, table)) {
    if (known.has(name) && IDENT_RE.test(name)) statements.push(`DROP INDEX ${quoteIdent(name)}`);
  }
  statements.push(...indexStatements(table, def));
  return { table, created: false, statements, losses };
}

/** A database error of a sync statement as a Chinese message (never the SQL text). */
export function syncErrorMessage(err: unknown): string | null {
  let e = err as { code?: string; cause?: unknown } | null;
  for (let i = 0; e && i < 5 && !e.code; i++) e = e.cause as never;
  switch (e?.code) {
    case '23502':
      return '同步失败：表中已有数据的必填字段为空，请先设置默认值或允许为空';
    case '23505':
      return '同步失败：唯一索引的字段在表中已有重复数据';
    case '42P07':
      return '同步失败：索引名称或表名已被数据库中的其他对象使用';
    case '22P02':
    case '22003':
    case '22001':
    case '22007':
    case '22008':
    case '42804':
    case '42846':
      return '同步失败：表中已有数据无法转换为新的类型或长度';
    case '42701':
      return '同步失败：字段名重复';
    case '55P03':
    case '40P01':
      return '同步失败：表正被其他操作使用，请稍后再试';
    default:
      return null;
  }
}

export interface SyncResult extends SyncPlan {
  tableVersion: number;
}

/**
 * Runs a sync inside `tx` (the caller's transaction): advisory lock, checks, plan, confirm, DDL, bookkeeping.
 * Throws (and the caller's transaction rolls back) on any refusal or database error.
 */
export async function syncDefinition(
  tx: Db,
  headId: string,
  opts: { method: SyncMethod; confirm: boolean; user: string },
): Promise<SyncResult> {
  await lockDdl(tx);
  const stored = await loadDefinition(tx, headId);
  if (!stored) throw bizError('实体不存在');
  if (stored.head.copyType === 1) throw bizError('复制的表单与原表单共用一张表，请同步原表单');
  const def = asDefinition(stored);
  checkDefinition(def, { mains: await mainDefinitions(tx) });
  const removed = stored.indexes.filter((x) => x.delFlag !== 0).map((x) => x.indexName);
  const plan = await planSync(tx, def, opts.method, removed);
  if (plan.losses.length && !opts.confirm) {
    throw bizError(`同步将造成数据丢失，请确认后再同步：${plan.losses.join('；')}`, 500, {
      needConfirm: true,
      losses: plan.losses,
    });
  }
  for (const s of plan.statements) {
    try {
      await tx.execute(sql.raw(s));
    } catch (err) {
      const msg = syncErrorMessage(err);
      if (msg) throw bizError(msg);
      throw err;
    }
  }
  const tableVersion = (stored.head.tableVersion ?? 0) + 1;
  const now = new Date();
  await tx
    .update(onlCgformHead)
    .set({ isDbSynch: 'Y', tableVersion, updateBy: opts.user, updateTime: now })
    .where(eq(onlCgformHead.id, headId));
  // its copies share the table (ADR 031): they are synchronised with it
  await tx
    .update(onlCgformHead)
    .set({ isDbSynch: 'Y' })
    .where(and(eq(onlCgformHead.physicId, headId), eq(onlCgformHead.copyType, 1)));
  await tx
    .update(onlCgformField)
    .set({ dbFieldNameOld: sql`${onlCgformField.dbFieldName}` })
    .where(eq(onlCgformField.cgformHeadId, headId));
  await tx.delete(onlCgformIndex).where(and(eq(onlCgformIndex.cgformHeadId, headId), ne(onlCgformIndex.delFlag, 0)));
  await tx.update(onlCgformIndex).set({ isDbSynch: 'Y' }).where(eq(onlCgformIndex.cgformHeadId, headId));
  return { ...plan, tableVersion };
}
