import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { AppError, badRequest, bizError } from '../../../platform/errors.ts';
import { newId } from '../../../platform/ids.ts';
import { type ListRecord, listPage, listWhere, pageOf, parseSuperQueryParams } from '../../../platform/list-query.ts';
import { formatDateTime } from '../../../platform/serialize.ts';
import { stampTenantId, type Tenancy, tenantOf, tenantWhere } from '../../../platform/tenant-scope.ts';
import { type FormModel, loadSyncedForm, type SubRef } from '../model.ts';
import { formForRequest } from './access.ts';
import { type FormAuth, formAuthFor } from './auth.ts';
import { checkUnique, rowValues } from './validate.ts';

/**
 * Rows of generated forms (contract-2 §4.1 getData / getTreeData / subform, §4.2 form CRUD), on the platform's list
 * machinery (filters, super query, sort allow-list, paging, `_dictText`, data rules) over a drizzle table built from
 * the definition (model.ts). Writes of a main row and its sub rows run in one transaction.
 */

export type Synced = FormModel & Required<Pick<FormModel, 'table' | 'entity'>>;

export interface FormCtx {
  model: Synced;
  auth: FormAuth;
  user: UserRow;
  /** the request's tenancy: every read and write of the generated table is limited to it (ADR 053) */
  tenancy: Tenancy;
}

/** the synchronised form of the request (access checked, auth rules loaded) */
export async function formCtx(app: FastifyInstance, req: FastifyRequest, headId: string): Promise<FormCtx> {
  const base = await formForRequest(app, req, headId);
  const model = (await loadSyncedForm(app, base.head.id)) as Synced;
  const user = req.auth!.user;
  return { model, auth: await formAuthFor(app, user, model.head.id), user, tenancy: tenantOf(req) };
}

/** the synchronised sub forms of a main form, with the user's rules */
export async function subCtxs(app: FastifyInstance, main: FormCtx): Promise<Array<FormCtx & { ref: SubRef }>> {
  const out: Array<FormCtx & { ref: SubRef }> = [];
  for (const ref of main.model.subs) {
    const model = (await loadSyncedForm(app, ref.headId)) as Synced;
    out.push({
      model,
      auth: await formAuthFor(app, main.user, ref.headId),
      user: main.user,
      tenancy: main.tenancy,
      ref,
    });
  }
  return out;
}

type Query = Record<string, unknown>;

const str = (v: unknown): string | undefined => {
  const first = Array.isArray(v) ? v[0] : v;
  return typeof first === 'string' ? first : typeof first === 'number' ? String(first) : undefined;
};

const FUZZY_VIEWS = new Set(['text', 'textarea', 'markdown', 'umeditor']);

/**
 * The request's query as the list machinery reads it: parameters of fields the user may not see are dropped, sorting or
 * advanced-querying by them is refused, and single-mode text queries match by substring (JeecgBoot's 模糊查询).
 */
export function prepareQuery(c: FormCtx, q: Query, opts: { exact?: ReadonlySet<string> } = {}): Query {
  const out: Query = { ...q };
  const hidden = c.auth.listHidden;
  for (const name of hidden) {
    for (const k of [name, `${name}_begin`, `${name}_end`, `${name}_MultiString`]) delete out[k];
  }
  const column = str(q.column);
  if (column) {
    for (const raw of column.split(',')) {
      const name = raw.trim().replace(/_dictText$/, '');
      if (hidden.has(name) || !c.model.columns.has(name))
        throw badRequest(`不支持按该字段排序：${raw.trim().slice(0, 64)}`);
    }
  }
  const sq = str(q.superQueryParams);
  if (sq && sq.trim() !== '') {
    for (const cond of parseSuperQueryParams(sq)) {
      if (hidden.has(cond.field) || !c.model.columns.has(cond.field))
        throw badRequest(`高级查询不支持该字段：${cond.field.slice(0, 64)}`);
    }
  }
  for (const f of c.model.fields) {
    if (f.isQuery !== 1 || f.queryMode === 'group' || opts.exact?.has(f.dbFieldName)) continue;
    if (!FUZZY_VIEWS.has(f.fieldShowType ?? 'text') || c.model.dicts[f.dbFieldName]) continue;
    const col = c.model.columns.get(f.dbFieldName);
    if (!col || (col.columnType !== 'PgVarchar' && col.columnType !== 'PgText')) continue;
    const v = str(out[f.dbFieldName]);
    if (v === undefined || v.trim() === '' || /[*,!<>=]/.test(v) || v.includes('++')) continue;
    out[f.dbFieldName] = `*${v.trim()}*`;
  }
  return out;
}

/** drops what the user may not see from list records */
export function visibleRecord(c: FormCtx, rec: ListRecord): ListRecord {
  for (const name of c.auth.listHidden) {
    delete rec[name];
    delete rec[`${name}_dictText`];
  }
  return rec;
}

const NO_PAGING = '-521';
const MAX_UNPAGED = 10_000;
const BATCH = 1000;

/** getData: one page (or, with pageSize -521, every row up to 10 000) */
export async function dataPage(app: FastifyInstance, c: FormCtx, rawQuery: unknown, where: SQL[] = []) {
  const q = prepareQuery(c, (rawQuery && typeof rawQuery === 'object' ? rawQuery : {}) as Query, {
    exact: c.model.tree ? new Set([c.model.tree.pid]) : undefined,
  });
  const opts = { where, dataRules: c.auth.dataRules, tenant: c.tenancy };
  if (str(q.pageSize)?.trim() === NO_PAGING) {
    const records: ListRecord[] = [];
    for (let pageNo = 1; records.length < MAX_UNPAGED; pageNo++) {
      const page = await listPage(
        app.ctx,
        c.model.entity,
        { ...q, pageNo: String(pageNo), pageSize: String(BATCH) },
        opts,
      );
      records.push(...page.records);
      if (page.records.length < BATCH) break;
    }
    const rows = records.slice(0, MAX_UNPAGED).map((r) => visibleRecord(c, r));
    return pageOf(rows, rows.length, { pageNo: 1, pageSize: Math.max(rows.length, 1) });
  }
  const page = await listPage(app.ctx, c.model.entity, q, opts);
  page.records = page.records.map((r) => visibleRecord(c, r));
  return page;
}

/** getTreeData: roots (pid null, '' or '0') unless a parent is asked for or the query form is used (hasQuery=true) */
export async function treePage(app: FastifyInstance, c: FormCtx, rawQuery: unknown) {
  const tree = c.model.tree;
  if (!tree) throw bizError('该表单不是树表单');
  const q = (rawQuery && typeof rawQuery === 'object' ? rawQuery : {}) as Query;
  const where: SQL[] = [];
  const parent = str(q[tree.pid]);
  const hasQuery = str(q.hasQuery) === 'true';
  if ((parent === undefined || parent.trim() === '') && !hasQuery) {
    const pid = c.model.columns.get(tree.pid)!;
    where.push(or(isNull(pid), sql`${pid}::text = ''`, sql`${pid}::text = '0'`)!);
  }
  return dataPage(app, c, q, where);
}

// ---------------------------------------------------------------- one record

const idCol = (m: Synced) => m.columns.get('id')!;

/** the row `id` when it exists and the user's data rules let them see it */
export async function visibleRow(db: Db, c: FormCtx, id: string): Promise<Record<string, unknown> | undefined> {
  const where = listWhere(
    c.model.entity,
    {},
    { where: eq(idCol(c.model), id), dataRules: c.auth.dataRules, tenant: c.tenancy },
  );
  const rows = await db.select(selection(c.model)).from(c.model.table).where(where).limit(1);
  return rows[0] as Record<string, unknown> | undefined;
}

function selection(m: Synced): Record<string, PgColumn> {
  return Object.fromEntries(m.columns);
}

/** a stored row as the form reads it: dates as text, form-hidden fields left out */
export function formRecord(c: FormCtx, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (c.auth.formHidden.has(k)) continue;
    out[k] = v instanceof Date ? formatDateTime(v) : v;
  }
  return out;
}

async function subRowsRaw(db: Db, sub: FormCtx & { ref: SubRef }, key: unknown): Promise<Record<string, unknown>[]> {
  if (key === null || key === undefined) return [];
  const fk = sub.model.columns.get(sub.ref.fkField);
  if (!fk) return [];
  return (await db
    .select(selection(sub.model))
    .from(sub.model.table)
    .where(and(eq(fk, String(key)), tenantWhere(sub.model.table, sub.tenancy)))
    .orderBy(idCol(sub.model))
    .limit(5000)) as Record<string, unknown>[];
}

async function subRows(db: Db, sub: FormCtx & { ref: SubRef }, key: unknown): Promise<Record<string, unknown>[]> {
  return (await subRowsRaw(db, sub, key)).map((r) => formRecord(sub, r));
}

/** GET form/{headId}/{id}: the row and, keyed by sub table name, its sub rows */
export async function readForm(app: FastifyInstance, c: FormCtx, id: string) {
  const row = await visibleRow(app.ctx.db, c, id);
  if (!row) throw bizError('未找到对应数据');
  const out = formRecord(c, row);
  for (const sub of await subCtxs(app, c))
    out[sub.model.head.tableName] = await subRows(app.ctx.db, sub, row[sub.ref.mainField]);
  return out;
}

/** subform/list/{subTable}/{mainId} and subform/{subTable}/{mainId}: rows of a sub table by the main row's key */
export async function subformRows(app: FastifyInstance, sub: FormCtx, mainId: string) {
  const ref = await fkOfSub(app, sub);
  const fk = sub.model.columns.get(ref)!;
  const page = await listPage(
    app.ctx,
    sub.model.entity,
    { pageNo: '1', pageSize: String(BATCH) },
    { where: eq(fk, mainId), dataRules: sub.auth.dataRules, tenant: sub.tenancy },
  );
  return page.records.map((r) => visibleRecord(sub, r));
}

async function fkOfSub(app: FastifyInstance, sub: FormCtx): Promise<string> {
  for (const mainId of sub.model.mainHeadIds) {
    try {
      const main = await loadSyncedForm(app, mainId);
      const ref = main.subs.find((s) => s.headId === sub.model.head.id);
      if (ref && sub.model.columns.has(ref.fkField)) return ref.fkField;
    } catch {
      // a main that is not synchronised names no usable key
    }
  }
  throw bizError('该表不是子表');
}

// ---------------------------------------------------------------- writes

const MAX_SUB_ROWS = 1000;

function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | null, i = 0; e && i < 5; e = e.cause as never, i++) {
    if (typeof e.code === 'string' && /^\d{2}[0-9A-Z]{3}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** a database refusal as the user's message (never the SQL or the constraint's name) */
export function writeError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  switch (pgCode(err)) {
    case '23505':
      return bizError('数据库中已存在该记录');
    case '23502':
      return bizError('必填字段不能为空');
    case '23514':
    case '23503':
      return bizError('数据不符合表的约束');
    case '22001':
    case '22003':
      return bizError('数据超出字段的长度或范围');
    case '22P02':
    case '22007':
    case '22008':
      return bizError('数据格式不正确');
    default:
      return err;
  }
}

function stampAdd(m: Synced, row: Record<string, unknown>, user: UserRow, tenancy: Tenancy) {
  row.id = newId();
  row.tenant_id = stampTenantId(tenancy);
  if (m.columns.has('create_by')) row.create_by = user.username;
  if (m.columns.has('create_time')) row.create_time = new Date();
  if (m.columns.has('sys_org_code')) row.sys_org_code = user.orgCode ?? null;
}

function stampEdit(m: Synced, row: Record<string, unknown>, user: UserRow) {
  if (m.columns.has('update_by')) row.update_by = user.username;
  if (m.columns.has('update_time')) row.update_time = new Date();
}

/** the submitted rows of a sub table: an array, one object (one-to-one), or "" (none) */
function submittedSubRows(sub: FormCtx & { ref: SubRef }, v: unknown): Record<string, unknown>[] {
  if (v === undefined || v === null || v === '') return [];
  const list = Array.isArray(v) ? v : typeof v === 'object' ? [v] : undefined;
  const title = sub.model.head.tableTxt || sub.model.head.tableName;
  if (!list || list.some((r) => !r || typeof r !== 'object' || Array.isArray(r)))
    throw bizError(`${title}的数据格式不正确`);
  if (list.length > MAX_SUB_ROWS) throw bizError(`${title}最多 ${MAX_SUB_ROWS} 行`);
  if (sub.ref.relationType === 1 && list.length > 1) throw bizError(`${title}是一对一子表，只能有一行`);
  return list as Record<string, unknown>[];
}

/**
 * The column values of submitted sub rows. On edit, `old` holds the main row's current sub rows by id: a submitted row
 * naming one of them keeps its id, creator and the values of the fields this user may not change (read-only, hidden);
 * any other row is new.
 */
async function prepareSubRows(
  sub: FormCtx & { ref: SubRef },
  rows: Record<string, unknown>[],
  key: unknown,
  user: UserRow,
  old?: ReadonlyMap<string, Record<string, unknown>>,
) {
  const out: Record<string, unknown>[] = [];
  const title = sub.model.head.tableTxt || sub.model.head.tableName;
  const used = new Set<string>();
  for (const [i, r] of rows.entries()) {
    const before = typeof r.id === 'string' && !used.has(r.id) ? old?.get(r.id) : undefined;
    let values: Record<string, unknown>;
    try {
      values = rowValues(
        { model: sub.model, auth: sub.auth, mode: before ? 'edit' : 'add', omit: new Set([sub.ref.fkField]) },
        r,
      );
    } catch (err) {
      if (err instanceof AppError) throw bizError(`${title}第${i + 1}行：${err.message}`);
      throw err;
    }
    if (before) {
      // fields not sent, read-only or hidden keep their stored value (rowValues skips them on edit)
      used.add(String(before.id));
      values = { ...before, ...values, id: before.id };
      stampEdit(sub.model, values, user);
    } else {
      stampAdd(sub.model, values, user, sub.tenancy);
    }
    values[sub.ref.fkField] = key === null || key === undefined ? null : String(key);
    out.push(values);
  }
  return out;
}

function treeOmit(m: Synced): Set<string> {
  return new Set(m.tree ? [m.tree.hasChild] : []);
}

async function refreshHasChild(db: Db, m: Synced, parentId: unknown) {
  const tree = m.tree;
  if (!tree || parentId === null || parentId === undefined || parentId === '' || parentId === '0') return;
  const pid = m.columns.get(tree.pid)!;
  const has = m.columns.get(tree.hasChild)!;
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(m.table)
    .where(eq(pid, String(parentId)));
  const flag = c.n > 0 ? '1' : '0';
  await db
    .update(m.table)
    .set({ [tree.hasChild]: has.columnType === 'PgInteger' ? Number(flag) : flag })
    .where(eq(idCol(m), String(parentId)));
}

/** a (foreign) key value of a sub form must name an existing row of its main table */
async function checkMainExists(app: FastifyInstance, c: FormCtx, values: Record<string, unknown>, adding: boolean) {
  if (c.model.head.tableType !== 3) return;
  for (const mainId of c.model.mainHeadIds) {
    let main: Synced;
    try {
      main = (await loadSyncedForm(app, mainId)) as Synced;
    } catch {
      continue;
    }
    const ref = main.subs.find((s) => s.headId === c.model.head.id);
    if (!ref || (!adding && !Object.hasOwn(values, ref.fkField))) continue;
    const v = values[ref.fkField];
    if (v === null || v === undefined) throw bizError('外键不能为空');
    const col = main.columns.get(ref.mainField)!;
    const rows = await app.ctx.db
      .select({ id: idCol(main) })
      .from(main.table)
      .where(and(eq(col, String(v)), tenantWhere(main.table, c.tenancy)))
      .limit(1);
    if (rows.length === 0) throw bizError('外键对应的主表数据不存在');
  }
}

/** POST form/{headId}: the main row and its sub rows, in one transaction; answers the new id */
export async function addForm(app: FastifyInstance, c: FormCtx, body: Record<string, unknown>): Promise<string> {
  const m = c.model;
  const values = rowValues({ model: m, auth: c.auth, mode: 'add', omit: treeOmit(m) }, body);
  stampAdd(m, values, c.user, c.tenancy);
  if (m.tree) {
    const pid = values[m.tree.pid];
    if (pid === undefined || pid === null || pid === '') values[m.tree.pid] = '0';
    const has = m.columns.get(m.tree.hasChild)!;
    values[m.tree.hasChild] = has.columnType === 'PgInteger' ? 0 : '0';
    if (values[m.tree.pid] !== '0' && !(await visibleRow(app.ctx.db, c, String(values[m.tree.pid]))))
      throw bizError('父级节点不存在');
  }
  await checkMainExists(app, c, values, true);
  await checkUnique(app.ctx.db, m, values);
  const subs = await subCtxs(app, c);
  const prepared: Array<{ sub: FormCtx & { ref: SubRef }; rows: Record<string, unknown>[] }> = [];
  for (const sub of subs) {
    const rows = submittedSubRows(sub, body[sub.model.head.tableName]);
    prepared.push({ sub, rows: await prepareSubRows(sub, rows, values[sub.ref.mainField], c.user) });
  }
  try {
    await app.ctx.db.transaction(async (tx) => {
      await tx.insert(m.table).values(values);
      for (const p of prepared) if (p.rows.length) await tx.insert(p.sub.model.table).values(p.rows);
      if (m.tree) await refreshHasChild(tx, m, values[m.tree.pid]);
    });
  } catch (err) {
    throw writeError(err);
  }
  return values.id as string;
}

/** PUT form/{headId}: changes the row; every sub table sent in the body has its rows replaced; one transaction */
export async function editForm(app: FastifyInstance, c: FormCtx, body: Record<string, unknown>): Promise<void> {
  const m = c.model;
  const id = str(body.id);
  if (!id) throw badRequest('参数 id 不能为空');
  const before = await visibleRow(app.ctx.db, c, id);
  if (!before) throw bizError('未找到对应数据');
  const values = rowValues({ model: m, auth: c.auth, mode: 'edit', omit: treeOmit(m) }, body);
  stampEdit(m, values, c.user);
  if (m.tree && Object.hasOwn(values, m.tree.pid)) {
    const pid = values[m.tree.pid] ?? '0';
    values[m.tree.pid] = pid;
    if (pid !== '0') {
      if (String(pid) === id || (await descendants(app.ctx.db, m, [id], c.tenancy)).includes(String(pid)))
        throw bizError('父级节点不能选择自己或自己的下级');
      if (!(await visibleRow(app.ctx.db, c, String(pid)))) throw bizError('父级节点不存在');
    }
  }
  await checkMainExists(app, c, values, false);
  await checkUnique(app.ctx.db, m, values, id);
  const subs = await subCtxs(app, c);
  const prepared: Array<{ sub: FormCtx & { ref: SubRef }; rows: Record<string, unknown>[]; oldKey: unknown }> = [];
  for (const sub of subs) {
    if (!Object.hasOwn(body, sub.model.head.tableName)) continue;
    const newKey = Object.hasOwn(values, sub.ref.mainField) ? values[sub.ref.mainField] : before[sub.ref.mainField];
    const rows = submittedSubRows(sub, body[sub.model.head.tableName]);
    const oldRows = await subRowsRaw(app.ctx.db, sub, before[sub.ref.mainField]);
    const old = new Map(oldRows.map((r) => [String(r.id), r]));
    prepared.push({
      sub,
      rows: await prepareSubRows(sub, rows, newKey, c.user, old),
      oldKey: before[sub.ref.mainField],
    });
  }
  try {
    await app.ctx.db.transaction(async (tx) => {
      await tx
        .update(m.table)
        .set(values)
        .where(and(eq(idCol(m), id), tenantWhere(m.table, c.tenancy)));
      for (const p of prepared) {
        const fk = p.sub.model.columns.get(p.sub.ref.fkField)!;
        if (p.oldKey !== null && p.oldKey !== undefined)
          await tx
            .delete(p.sub.model.table)
            .where(and(eq(fk, String(p.oldKey)), tenantWhere(p.sub.model.table, p.sub.tenancy)));
        if (p.rows.length) await tx.insert(p.sub.model.table).values(p.rows);
      }
      if (m.tree && Object.hasOwn(values, m.tree.pid) && before[m.tree.pid] !== values[m.tree.pid]) {
        await refreshHasChild(tx, m, before[m.tree.pid]);
        await refreshHasChild(tx, m, values[m.tree.pid]);
      }
    });
  } catch (err) {
    throw writeError(err);
  }
}

/** ids of every descendant of the given tree rows (bounded: 10 000 rows, 100 levels) */
async function descendants(db: Db, m: Synced, ids: string[], tenancy: Tenancy): Promise<string[]> {
  if (!m.tree) return [];
  const pid = m.columns.get(m.tree.pid)!;
  const out: string[] = [];
  let level = ids;
  for (let depth = 0; level.length > 0 && depth < 100 && out.length < 10_000; depth++) {
    const rows = await db
      .select({ id: idCol(m) })
      .from(m.table)
      .where(and(inArray(pid, level), tenantWhere(m.table, tenancy)));
    level = rows.map((r) => String(r.id)).filter((x) => !out.includes(x) && !ids.includes(x));
    out.push(...level);
  }
  return out;
}

const MAX_DELETE = 1000;

/** DELETE form/{headId}/{ids}: rows (comma list) with their sub rows and, in a tree, their descendants */
export async function deleteForm(app: FastifyInstance, c: FormCtx, idList: string): Promise<number> {
  const m = c.model;
  const ids = [
    ...new Set(
      idList
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0) throw badRequest('参数 id 不能为空');
  if (ids.length > MAX_DELETE) throw bizError(`一次最多删除 ${MAX_DELETE} 条`);
  const where = listWhere(
    m.entity,
    {},
    { where: inArray(idCol(m), ids), dataRules: c.auth.dataRules, tenant: c.tenancy },
  );
  const found = (await app.ctx.db.select(selection(m)).from(m.table).where(where)) as Record<string, unknown>[];
  if (found.length === 0) throw bizError('未找到对应数据');
  const foundIds = found.map((r) => String(r.id));
  const all = [...foundIds, ...(await descendants(app.ctx.db, m, foundIds, c.tenancy))];
  const subs = await subCtxs(app, c);
  try {
    await app.ctx.db.transaction(async (tx) => {
      const rows =
        all.length === foundIds.length
          ? found
          : ((await tx
              .select(selection(m))
              .from(m.table)
              .where(and(inArray(idCol(m), all), tenantWhere(m.table, c.tenancy)))) as Record<string, unknown>[]);
      for (const sub of subs) {
        const keys = rows
          .map((r) => r[sub.ref.mainField])
          .filter((k) => k !== null && k !== undefined)
          .map(String);
        const fk = sub.model.columns.get(sub.ref.fkField)!;
        if (keys.length)
          await tx.delete(sub.model.table).where(and(inArray(fk, keys), tenantWhere(sub.model.table, sub.tenancy)));
      }
      await tx.delete(m.table).where(and(inArray(idCol(m), all), tenantWhere(m.table, c.tenancy)));
      if (m.tree) {
        const parents = new Set(found.map((r) => r[m.tree!.pid]).filter((p) => p && !all.includes(String(p))));
        for (const p of parents) await refreshHasChild(tx, m, p);
      }
    });
  } catch (err) {
    throw writeError(err);
  }
  return found.length;
}
