import { inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../../platform/errors.ts';
import { type ExcelColumn, exportXlsx, importAnswer, readImport } from '../../../platform/excel.ts';
import { listOrderBy, listWhere } from '../../../platform/list-query.ts';
import { addForm, type FormCtx, prepareQuery, writeError } from './data.ts';
import { formFields, listFields, switchValues } from './meta.ts';

type Field = ReturnType<typeof listFields>[number];

/** export cell of a switch field without a dictionary: 是 / 否 as the list shows it */
function switchText(f: Field) {
  const [on, off] = switchValues(f);
  return (v: unknown) =>
    v === null || v === undefined || v === '' ? '' : String(v) === on ? '是' : String(v) === off ? '否' : v;
}

/**
 * exportXls/{headId} and importXls/{headId} of a generated list through platform/excel.ts: export streams every row
 * the list's query (`paramsStr`, JSON of the query form + `selections`) and the user's data rules allow, in the
 * visible list columns; import reads the visible form fields by their titles and inserts each row through the same
 * validation as the form, failed rows reported like every other import (第N行：message).
 */

const MAX_PARAMS = 20_000;
const EXPORT_BATCH = 1000;
const MAX_SELECTIONS = 5000;

function exportQuery(req: FastifyRequest): Record<string, unknown> {
  const q = (req.query && typeof req.query === 'object' ? req.query : {}) as Record<string, unknown>;
  const raw = typeof q.paramsStr === 'string' ? q.paramsStr : '';
  const out: Record<string, unknown> = { ...q };
  delete out.paramsStr;
  if (raw.trim() === '') return out;
  if (raw.length > MAX_PARAMS) throw badRequest('参数 paramsStr 过长');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('参数 paramsStr 格式不正确');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('参数 paramsStr 格式不正确');
  for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
  }
  return out;
}

export async function exportForm(app: FastifyInstance, c: FormCtx, req: FastifyRequest, reply: FastifyReply) {
  const q = prepareQuery(c, exportQuery(req));
  const m = c.model;
  const idCol = m.columns.get('id')!;
  const selections = (typeof q.selections === 'string' ? q.selections : '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (selections.length > MAX_SELECTIONS) throw badRequest(`参数 selections 有误：最多 ${MAX_SELECTIONS} 个`);
  const where = listWhere(m.entity, q, {
    where: selections.length ? inArray(idCol, selections) : undefined,
    dataRules: c.auth.dataRules,
    tenant: c.tenancy,
  });
  const orderBy = listOrderBy(m.entity, q);
  const fields = listFields(m, c.auth);
  const columns: ExcelColumn[] = fields.map((f) => ({
    key: f.dbFieldName,
    title: f.dbFieldTxt || f.dbFieldName,
    ...(m.dicts[f.dbFieldName] ? { dict: m.dicts[f.dbFieldName] } : {}),
    ...(!m.dicts[f.dbFieldName] && f.fieldShowType === 'switch' ? { format: switchText(f) } : {}),
  }));
  const selection: Record<string, PgColumn> = {};
  for (const f of fields) selection[f.dbFieldName] = m.columns.get(f.dbFieldName)!;
  selection.id = idCol;
  const db = app.ctx.db;
  async function* pages() {
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const rows = await db
        .select(selection)
        .from(m.table)
        .where(where)
        .orderBy(...orderBy)
        .limit(EXPORT_BATCH)
        .offset(offset);
      if (rows.length > 0) yield rows as Record<string, unknown>[];
      if (rows.length < EXPORT_BATCH) return;
    }
  }
  return exportXlsx(reply, { fileName: m.head.tableTxt || m.head.tableName, columns, rows: pages() });
}

export async function importForm(app: FastifyInstance, c: FormCtx, req: FastifyRequest) {
  const m = c.model;
  const fk = new Set(m.tree ? [m.tree.hasChild] : []);
  const columns: ExcelColumn[] = formFields(m, c.auth)
    .filter((f) => m.columns.has(f.dbFieldName) && !fk.has(f.dbFieldName))
    .map((f) => ({
      key: f.dbFieldName,
      title: f.dbFieldTxt || f.dbFieldName,
      ...(m.dicts[f.dbFieldName] ? { dict: m.dicts[f.dbFieldName] } : {}),
    }));
  const { rows } = await readImport(req, { columns });
  const errors: Array<{ rowNo: number; message: string }> = [];
  let imported = 0;
  for (const r of rows) {
    try {
      await addForm(app, c, r.values);
      imported++;
    } catch (err) {
      const e = writeError(err);
      if (e instanceof AppError) errors.push({ rowNo: r.rowNo, message: e.message });
      else throw e;
    }
  }
  return importAnswer(app, { total: rows.length, imported, errors });
}
