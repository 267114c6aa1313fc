import { asc, eq, type InferSelectModel, inArray, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  integer,
  numeric,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTable,
  pgTable,
  text,
  time,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { onlCgformButton, onlCgformField, onlCgformHead } from '../../db/schema/index.ts';
import { type DictRef, validateDictRef } from '../../platform/dict-text.ts';
import { bizError } from '../../platform/errors.ts';
import { defineListEntity, type ListEntity } from '../../platform/list-query.ts';
import { fanOutHealthy, LocalCache, onFanOutReset } from '../../platform/local-cache.ts';
import { scopeRuntimeTable } from '../../platform/tenant-scope.ts';
import { IDENT_RE, isReservedTable, quoteIdent } from './ident.ts';

/**
 * A form definition loaded for the generated screens (ADR 032): the head, its fields in order, its sub tables (with the
 * foreign key column and the main column it refers to), its custom buttons, and — when the table is synchronised and
 * exists — a drizzle table built from the definition's names and the database's own column types, plus the list entity
 * the platform's list machinery runs on. Identifiers come from here only (checked against IDENT_RE again), never from a
 * request.
 *
 * Cached per head id on every node; `invalidateForm(app, headId)` (the designer calls it after any change or sync)
 * drops it here and, through pub/sub, on every other node. A main form's entry depends on its subs' heads, so dropping
 * one head drops every entry that names it.
 *
 * The head's online auth rules (onl_auth_*, runtime/auth.ts) are cached beside it, per head id, on the same channel
 * (ADR 040): `invalidateFormAuth` drops only them (the 角色授权 endpoints), `invalidateForm` drops them too.
 */

export type HeadRow = InferSelectModel<typeof onlCgformHead>;
export type FieldRow = InferSelectModel<typeof onlCgformField>;
export type ButtonRow = InferSelectModel<typeof onlCgformButton>;

export interface SubRef {
  headId: string;
  tableName: string;
  tableTxt: string;
  /** 0 one-to-many, 1 one-to-one */
  relationType: number;
  /** the sub table's column holding the main row's key */
  fkField: string;
  /** the main table's column it refers to (usually id) */
  mainField: string;
  order: number;
}

export interface FormModel {
  head: HeadRow;
  /** every field, by order_num */
  fields: FieldRow[];
  byName: ReadonlyMap<string, FieldRow>;
  buttons: ButtonRow[];
  subs: SubRef[];
  /** for a sub table: the heads of the main tables naming it */
  mainHeadIds: string[];
  /** table synchronised (is_db_synch Y) and present with its key column */
  synced: boolean;
  /**
   * the table the rows live in: the form's own, or — for a copy (copy_type 1, ADR 031) — its original's (physic_id).
   * A copy keeps its own fields, list, form and query settings; its sync state is the original's (`head.isDbSynch` is
   * replaced by it) and only its fields whose column exists in the original's table are read or written.
   */
  physicalTable: string;
  /** a copy: the head id of the original (its changes drop the copy's cached entry) */
  physicHeadId?: string;
  /** built from the database's columns (only when synced); fields whose column is missing or binary are left out */
  table?: PgTable;
  columns: ReadonlyMap<string, PgColumn>;
  entity?: ListEntity;
  /** field → dictionary reference (only references the platform's registry accepts) */
  dicts: Readonly<Record<string, DictRef>>;
  /** tree tables: parent id, has-child and text fields */
  tree?: { pid: string; hasChild: string; text: string };
}

const CHANNEL = 'cgform-model';
const TTL_MS = 10 * 60_000;

interface Caches {
  models: LocalCache<FormModel>;
  /** online auth rules of a head, by head id (the value type is runtime/auth.ts's) */
  auth: LocalCache<unknown>;
}
const caches = new WeakMap<object, Caches>();

function cachesOf(ctx: AppContext): Caches {
  let c = caches.get(ctx);
  if (!c) {
    const trusted = fanOutHealthy(ctx.pubsub);
    const models = new LocalCache<FormModel>({ ttlMs: TTL_MS, max: 2000, trusted });
    const auth = new LocalCache<unknown>({ ttlMs: TTL_MS, max: 2000, trusted });
    const fresh: Caches = { models, auth };
    c = fresh;
    caches.set(ctx, fresh);
    const drop = (m: { headId?: string | null; authOnly?: boolean } | null) => {
      if (!m?.authOnly) dropHead(models, m?.headId);
      dropAuth(auth, m?.headId);
    };
    ctx.pubsub
      .subscribe(CHANNEL, (m) => drop(m as { headId?: string | null; authOnly?: boolean } | null))
      .catch((err) => ctx.log.warn({ err }, 'cgform model: subscribe failed'));
    onFanOutReset(ctx.pubsub, () => {
      models.clear();
      auth.clear();
    });
  }
  return c;
}

/** drops `headId` and every entry naming it (as sub, main or — for a copy — as the original whose table it uses) */
function dropHead(models: LocalCache<FormModel>, headId: string | null | undefined): void {
  if (!headId) models.clear();
  else
    models.dropWhere(
      (k, m) =>
        k === headId ||
        m.physicHeadId === headId ||
        m.subs.some((s) => s.headId === headId) ||
        m.mainHeadIds.includes(headId),
    );
}

/** the auth rules of one head are its own rows only (onl_auth_* by cgform_id): nothing else to drop */
function dropAuth(auth: LocalCache<unknown>, headId: string | null | undefined): void {
  if (!headId) auth.clear();
  else auth.drop(headId);
}

/**
 * Drops the cached definition of `headId` (and of every form naming it as a sub or main) and its cached auth rules on
 * this node and every other one. Without a head id everything cached is dropped. The designer calls this after saving,
 * syncing, copying or removing a definition.
 */
export async function invalidateForm(app: { ctx: AppContext }, headId?: string | null): Promise<void> {
  const c = cachesOf(app.ctx);
  dropHead(c.models, headId);
  dropAuth(c.auth, headId);
  await app.ctx.pubsub.publish(CHANNEL, { headId: headId ?? null });
}

/**
 * Drops the cached online auth rules of `headId` (every head without one) on this node and every other one. Call after
 * the change to onl_auth_page / onl_auth_data / onl_auth_relation is committed.
 */
export async function invalidateFormAuth(app: { ctx: AppContext }, headId?: string | null): Promise<void> {
  dropAuth(cachesOf(app.ctx).auth, headId);
  await app.ctx.pubsub.publish(CHANNEL, { headId: headId ?? null, authOnly: true });
}

/**
 * The online auth rules of `headId`, cached with the definition (loaded by `load` on a miss; a load overlapping an
 * invalidation is not kept). Only runtime/auth.ts calls this, with its own value type.
 */
export function cachedFormAuth<T>(app: { ctx: AppContext }, headId: string, load: () => Promise<T>): Promise<T> {
  return cachesOf(app.ctx).auth.get(headId, load) as Promise<T>;
}

export const NO_DB_SYNC = 'NO_DB_SYNC';
export const FORM_NOT_FOUND = '实体不存在（未找到对应的表单配置）';

/** The definition of `headId` (cached); unknown id → a Chinese business error. */
export async function loadForm(app: { ctx: AppContext }, headId: string): Promise<FormModel> {
  if (typeof headId !== 'string' || headId.length === 0 || headId.length > 36 || !/^[A-Za-z0-9_-]+$/.test(headId)) {
    throw bizError(FORM_NOT_FOUND);
  }
  const ctx = app.ctx;
  return cachesOf(ctx).models.get(headId, () => buildModel(ctx, headId));
}

/** The synchronised definition of `headId`, or the error "NO_DB_SYNC" the client recognises. */
export async function loadSyncedForm(
  app: { ctx: AppContext },
  headId: string,
): Promise<FormModel & { table: PgTable; entity: ListEntity }> {
  const m = await loadForm(app, headId);
  if (!m.synced || !m.table || !m.entity) throw bizError(NO_DB_SYNC);
  return m as FormModel & { table: PgTable; entity: ListEntity };
}

/** The definition of the (non-copy) form whose table is `tableName`, or the unknown-form error. */
export async function loadFormByTable(app: { ctx: AppContext }, tableName: string): Promise<FormModel> {
  if (typeof tableName !== 'string' || !IDENT_RE.test(tableName)) throw bizError(FORM_NOT_FOUND);
  const [h] = await app.ctx.db
    .select({ id: onlCgformHead.id })
    .from(onlCgformHead)
    .where(sql`${onlCgformHead.tableName} = ${tableName} and ${onlCgformHead.copyType} = 0`)
    .limit(1);
  if (!h) throw bizError(FORM_NOT_FOUND);
  return loadForm(app, h.id);
}

interface DbColumn {
  column_name: string;
  data_type: string;
}

/** A drizzle column for a column of the given PostgreSQL type; undefined for types the runtime does not read (bytea). */
function columnFor(name: string, dataType: string): PgColumnBuilderBase | undefined {
  switch (dataType) {
    case 'character varying':
    case 'character':
      return varchar(name);
    case 'text':
      return text(name);
    case 'integer':
    case 'smallint':
      return integer(name);
    case 'bigint':
      return bigint(name, { mode: 'number' });
    case 'double precision':
    case 'real':
      return doublePrecision(name);
    case 'numeric':
      return numeric(name, { mode: 'number' });
    case 'date':
      return date(name, { mode: 'string' });
    case 'timestamp without time zone':
      return timestamp(name, { mode: 'date' });
    case 'timestamp with time zone':
      return timestamp(name, { mode: 'date', withTimezone: true });
    case 'time without time zone':
      return time(name);
    case 'boolean':
      return boolean(name);
    default:
      return undefined;
  }
}

/** `table,text,code` (or the dict code) of a field, when the platform accepts it; otherwise none (logged). */
/** views whose dict_* columns configure something other than a dictionary (JeecgBoot's designer reuses them) */
const NOT_A_DICTIONARY = new Set(['popup', 'link_down', 'sel_tree', 'cat_tree', 'pca']);
/** views whose stored value is a key of a system table (their list text comes from it) */
const VIEW_DICTS: Record<string, DictRef> = {
  sel_user: 'sys_user,realname,username',
  sel_depart: 'sys_depart,depart_name,id',
  cat_tree: 'sys_category,name,id',
};

function dictRefOf(ctx: AppContext, f: FieldRow): DictRef | undefined {
  const view = f.fieldShowType ?? 'text';
  if (Object.hasOwn(VIEW_DICTS, view)) return VIEW_DICTS[view];
  if (NOT_A_DICTIONARY.has(view)) return undefined;
  const code = (f.dictField ?? '').trim();
  const table = (f.dictTable ?? '').trim();
  const textCol = (f.dictText ?? '').trim();
  if (!code) return undefined;
  const ref = table ? `${table},${textCol},${code}` : code;
  try {
    validateDictRef(ref);
    return ref;
  } catch (err) {
    ctx.log.warn({ err, field: f.dbFieldName }, 'cgform: dictionary of a field is not usable');
    return undefined;
  }
}

let builds = 0;

/** the server-owned tenant column of every generated table (the same name as the system tables') */
export const TENANT_COLUMN = 'tenant_id';
/** its definition when the designer's sync or the model adds it */
export const TENANT_COLUMN_SQL = `${TENANT_COLUMN} integer not null default 0`;

async function buildModel(ctx: AppContext, headId: string): Promise<FormModel> {
  const db = ctx.db;
  const [stored] = await db.select().from(onlCgformHead).where(eq(onlCgformHead.id, headId)).limit(1);
  if (!stored) throw bizError(FORM_NOT_FOUND);
  // a copy reads and writes its original's table (physic_id) and follows its sync state; a copy without an original
  // (or naming another copy) has no table
  let physical: HeadRow | undefined = stored;
  if (stored.copyType === 1) {
    const [orig] = stored.physicId
      ? await db.select().from(onlCgformHead).where(eq(onlCgformHead.id, stored.physicId)).limit(1)
      : [];
    physical = orig && orig.copyType !== 1 ? orig : undefined;
  }
  const head: HeadRow =
    physical === stored ? stored : { ...stored, isDbSynch: physical?.isDbSynch === 'Y' ? 'Y' : 'N' };
  const fields = (
    await db
      .select()
      .from(onlCgformField)
      .where(eq(onlCgformField.cgformHeadId, headId))
      .orderBy(asc(onlCgformField.orderNum), asc(onlCgformField.id))
  ).filter((f) => IDENT_RE.test(f.dbFieldName));
  const byName = new Map(fields.map((f) => [f.dbFieldName, f]));
  const buttons = await db
    .select()
    .from(onlCgformButton)
    .where(eq(onlCgformButton.cgformHeadId, headId))
    .orderBy(asc(onlCgformButton.orderNum));

  // sub tables: the heads named in sub_table_str (not copies), each with its field referring to this table
  const subs: SubRef[] = [];
  const subNames = (head.subTableStr ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => IDENT_RE.test(s));
  if (head.tableType === 2 && subNames.length > 0) {
    const subHeads = await db
      .select()
      .from(onlCgformHead)
      .where(sql`${inArray(onlCgformHead.tableName, subNames)} and ${onlCgformHead.copyType} = 0`);
    const fks =
      subHeads.length > 0
        ? await db
            .select()
            .from(onlCgformField)
            .where(
              sql`${inArray(
                onlCgformField.cgformHeadId,
                subHeads.map((h) => h.id),
              )} and ${onlCgformField.mainTable} = ${head.tableName}`,
            )
        : [];
    for (const name of subNames) {
      const sh = subHeads.find((h) => h.tableName === name);
      if (!sh) continue;
      const fk = fks.find((f) => f.cgformHeadId === sh.id && IDENT_RE.test(f.dbFieldName));
      const mainField = fk?.mainField && IDENT_RE.test(fk.mainField) ? fk.mainField : 'id';
      if (!fk || !byName.has(mainField)) continue;
      subs.push({
        headId: sh.id,
        tableName: sh.tableName,
        tableTxt: sh.tableTxt,
        relationType: sh.relationType === 1 ? 1 : 0,
        fkField: fk.dbFieldName,
        mainField,
        order: sh.tabOrderNum ?? 0,
      });
    }
    subs.sort((a, b) => a.order - b.order);
  }

  // for a sub table: the mains naming it (their menus grant it)
  let mainHeadIds: string[] = [];
  const mainTables = [...new Set(fields.map((f) => f.mainTable).filter((t): t is string => !!t && IDENT_RE.test(t)))];
  if (head.tableType === 3 && mainTables.length > 0) {
    const mains = await db
      .select({ id: onlCgformHead.id, subTableStr: onlCgformHead.subTableStr })
      .from(onlCgformHead)
      .where(inArray(onlCgformHead.tableName, mainTables));
    mainHeadIds = mains
      .filter((m) =>
        (m.subTableStr ?? '')
          .split(',')
          .map((s) => s.trim())
          .includes(head.tableName),
      )
      .map((m) => m.id);
  }

  const dicts: Record<string, DictRef> = {};
  for (const f of fields) {
    const ref = dictRefOf(ctx, f);
    if (ref) dicts[f.dbFieldName] = ref;
  }

  const tree =
    head.isTree === 'Y' &&
    head.treeParentIdField &&
    head.treeIdField &&
    byName.has(head.treeParentIdField) &&
    byName.has(head.treeIdField)
      ? {
          pid: head.treeParentIdField,
          hasChild: head.treeIdField,
          text: head.treeFieldname && byName.has(head.treeFieldname) ? head.treeFieldname : head.treeParentIdField,
        }
      : undefined;

  const model: FormModel = {
    head,
    fields,
    byName,
    buttons,
    subs,
    mainHeadIds,
    synced: false,
    physicalTable: physical?.tableName ?? head.tableName,
    physicHeadId: stored.copyType === 1 ? (stored.physicId ?? undefined) : undefined,
    columns: new Map(),
    dicts,
    tree,
  };

  const tableName = physical?.tableName ?? '';
  if (physical?.isDbSynch !== 'Y' || !IDENT_RE.test(tableName) || isReservedTable(tableName)) return model;
  const dbCols = await queryRows<DbColumn>(
    db,
    sql`select column_name, data_type from information_schema.columns
         where table_schema = current_schema() and table_name = ${tableName}`,
  );
  const types = new Map(dbCols.map((c) => [c.column_name, c.data_type]));
  if (!types.has('id')) return model;
  // every generated table is tenant-scoped by the server-owned `tenant_id` column (issue 28, ADR 053): a table
  // synchronised before it existed gets it here, once (existing rows belong to the platform tenant 0)
  if (!types.has(TENANT_COLUMN)) {
    await db.execute(sql.raw(`alter table ${quoteIdent(tableName)} add column if not exists ${TENANT_COLUMN_SQL}`));
    types.set(TENANT_COLUMN, 'integer');
  }
  const builders: Record<string, PgColumnBuilderBase> = {};
  for (const f of fields) {
    const t = types.get(f.dbFieldName);
    if (!t) continue;
    const b = columnFor(f.dbFieldName, t);
    if (b) builders[f.dbFieldName] = b;
  }
  if (!builders.id) return model;
  builders[TENANT_COLUMN] ??= columnFor(TENANT_COLUMN, types.get(TENANT_COLUMN) ?? 'integer') ?? integer(TENANT_COLUMN);
  const table = pgTable(tableName, builders) as unknown as PgTable;
  const columns = new Map<string, PgColumn>();
  for (const [k, col] of Object.entries(table as unknown as Record<string, unknown>)) {
    if (builders[k] && col && typeof col === 'object') columns.set(k, col as PgColumn);
  }
  // the owning tenant is the server's: never a form field, list column, filter or sort key, even when the definition
  // names a field tenant_id (it is stamped from the request's tenancy)
  scopeRuntimeTable(table, columns.get(TENANT_COLUMN)!);
  columns.delete(TENANT_COLUMN);
  const sortable = [...columns.keys()].filter((k) => k !== 'password' && k !== 'salt');
  const entityDicts: Record<string, DictRef> = {};
  for (const [f, ref] of Object.entries(dicts)) if (columns.has(f)) entityDicts[f] = ref;
  // a fresh token per build: the list statements of a rebuilt definition differ in text, so node-postgres never runs
  // a statement it prepared before an ALTER of the table (PostgreSQL refuses a changed result type of a prepared one)
  const token = `${headId}:${++builds}`;
  const entity = defineListEntity({
    where: () => sql.raw(`true /* cgform ${token} */`),
    table,
    fields: Object.fromEntries(columns),
    sortable,
    defaultSort: { column: 'id', order: 'desc' },
    dictFields: entityDicts,
  });
  return { ...model, synced: true, table, columns, entity };
}
