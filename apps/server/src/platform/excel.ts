import { PassThrough, Readable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import { ok, parseDictSpec, type Result } from '@answer/contract';
import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { contentDisposition, OLE, readUploadedFile, storedName, writeUnderRoot, ZIP } from '../modules/common/files.ts';
import { dictSnapshot } from './dict-cache.ts';
import { type DictRef, dictKeys, translateDictFields } from './dict-text.ts';
import { AppError, badRequest, bizError } from './errors.ts';
import { type DataRule, type ListEntity, listOrderBy, listWhere } from './list-query.ts';
import { formatDateTime, rowJson } from './serialize.ts';
import { allOf, asText, resolveTableDict } from './table-registry.ts';
import { tenantOf } from './tenant-scope.ts';
import { ZIP_LIMITS, zipDirectory, zipEntryBytes } from './zip.ts';

/**
 * Excel export and import for every list page (JeecgBoot's exportXls / importExcel, contract §4.13).
 *
 * Export: `exportList(app, req, reply, { entity, columns, fileName })` in a GET `…/exportXls` handler streams every row
 * matching the list's query string (same filters, super query, data rules and sort as `listPage`; `selections=id1,id2`
 * limits to the chosen rows) into an .xlsx attachment, reading the database in batches. `exportXlsx` writes given rows.
 *
 * Import: `readImport(req, { columns })` reads the uploaded .xlsx (first sheet; header row titles → keys; dictionary
 * texts → values; empty rows skipped), the handler validates and inserts, then `importAnswer(app, {...})` answers and,
 * when some rows failed, writes the error report `第N行：message` under the upload root (served by
 * /sys/common/static/import-errors/…). Only .xlsx is read (docs/decisions/009-excel-xlsx-only.md).
 */

export interface ExcelColumn {
  /** record key (camelCase field) */
  key: string;
  /** header text */
  title: string;
  /** dictionary: the cell holds the text (export) / the text is turned back into the value (import) */
  dict?: DictRef;
  /** column width in characters (default from the title, at least 12) */
  width?: number;
  /** custom cell value for export (after dictionary translation); e.g. a computed column */
  format?: (value: unknown, record: Record<string, unknown>) => unknown;
}

type Rec = Record<string, unknown>;

export const EXPORT_BATCH = 1000;
export const MAX_IMPORT_ROWS = 50_000;
const MAX_SELECTIONS = 5000;
const DEFAULT_FILE_NAME = '导出文件';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// ---------------------------------------------------------------- export

function ctxOf(x: { server: { ctx: AppContext } }): AppContext {
  return x.server.ctx;
}

/** text a spreadsheet would read as a formula (OWASP CSV injection: = + - @, tab, carriage return) */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The one text cell writer of every export (issue 28 security 5): a text that a spreadsheet would take for a formula
 * is written with a leading apostrophe, as OWASP advises, so it shows as the text it is and never runs. Numbers stay
 * numbers (a negative amount is a number cell, not text). readImport drops that apostrophe again (round trip).
 */
export function safeCellText(s: string): string {
  return FORMULA_START.test(s) ? `'${s}` : s;
}

function cellValue(v: unknown): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return formatDateTime(v);
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'string') return safeCellText(v);
  return safeCellText(JSON.stringify(v));
}

/** Excel sheet names: at most 31 characters, none of []:*?/\ */
function sheetName(fileName: string): string {
  return (
    fileName
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Sheet1'
  );
}

function xlsxFileName(fileName: string | undefined): string {
  const base =
    (fileName ?? '')
      .trim()
      .replace(/[\\/:*?"<>|\r\n]/g, '_')
      .slice(0, 100) || DEFAULT_FILE_NAME;
  return /\.xlsx$/i.test(base) ? base : `${base}.xlsx`;
}

/** `_dictText` of every dictionary column, batched; the cell then holds the text */
async function translateBatch(db: Db, columns: readonly ExcelColumn[], records: Rec[]): Promise<Rec[]> {
  const dictFields: Record<string, DictRef> = {};
  for (const c of columns) if (c.dict) dictFields[c.key] = c.dict;
  const rows = records.map((r) => rowJson({ ...r }) as Rec);
  await translateDictFields(db, rows, dictFields);
  return rows;
}

export interface ExportOptions {
  /** without extension; default 导出文件 */
  fileName?: string;
  columns: readonly ExcelColumn[];
  /** the rows, or batches of rows produced on demand (exportList streams the database this way) */
  rows: readonly Rec[] | AsyncIterable<readonly Rec[]>;
}

async function* batchesOf(rows: ExportOptions['rows']): AsyncIterable<readonly Rec[]> {
  if (Symbol.asyncIterator in rows) {
    yield* rows as AsyncIterable<readonly Rec[]>;
    return;
  }
  const list = rows as readonly Rec[];
  for (let i = 0; i < list.length; i += EXPORT_BATCH) yield list.slice(i, i + EXPORT_BATCH);
}

/**
 * Answers an .xlsx attachment: a bold header row with the titles, then one row per record; dictionary fields as their
 * text, dates `yyyy-MM-dd HH:mm:ss`. The workbook is streamed: rows are written batch by batch as they come.
 */
export async function exportXlsx(reply: FastifyReply, opts: ExportOptions): Promise<FastifyReply> {
  const ctx = ctxOf(reply);
  const name = xlsxFileName(opts.fileName);
  const iterator = batchesOf(opts.rows)[Symbol.asyncIterator]();
  // the first batch is read before anything is sent, so a bad query still answers with the envelope
  const first = await iterator.next();

  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = '答题系统后台';
  wb.created = new Date();
  const ws = wb.addWorksheet(sheetName(name.replace(/\.xlsx$/i, '')), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = opts.columns.map((c) => ({
    key: c.key,
    header: safeCellText(c.title),
    width: c.width ?? Math.max(12, Math.min(50, [...c.title].length * 2 + 4)),
  }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.commit();

  const writeBatch = async (batch: readonly Rec[]) => {
    const rows = await translateBatch(ctx.db, opts.columns, [...batch]);
    for (const r of rows) {
      const values: Record<string, ExcelJS.CellValue> = {};
      for (const c of opts.columns) {
        const raw = c.dict ? r[`${c.key}_dictText`] : r[c.key];
        values[c.key] = cellValue(c.format ? c.format(raw, r) : raw);
      }
      ws.addRow(values).commit();
    }
  };

  const produce = async () => {
    if (!first.done) await writeBatch(first.value);
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      await writeBatch(next.value);
    }
    ws.commit();
    await wb.commit();
  };
  produce().catch((err) => {
    ctx.log.error({ err }, 'excel export failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });

  return reply
    .header('Content-Type', XLSX_TYPE)
    .header('Content-Disposition', contentDisposition('attachment', name))
    .send(out);
}

export interface ExportListOptions {
  entity: ListEntity;
  columns: readonly ExcelColumn[];
  fileName?: string;
  /** extra conditions of the endpoint, as for listPage */
  where?: SQL | (SQL | undefined)[];
  /** data rules of the page (dataRulesFor) */
  dataRules?: readonly DataRule[];
}

function queryParam(q: Rec, key: string): string | undefined {
  const v = q[key];
  const first = Array.isArray(v) ? v[0] : v;
  return typeof first === 'string' ? first : undefined;
}

/** The rows of a list's exportXls: listPage's filters and sort, `selections` limiting to chosen ids, all pages. */
export async function exportList(
  app: { ctx: AppContext },
  req: FastifyRequest,
  reply: FastifyReply,
  opts: ExportListOptions,
): Promise<FastifyReply> {
  const q = (req.query && typeof req.query === 'object' ? req.query : {}) as Rec;
  const { entity } = opts;
  const extra = opts.where === undefined ? [] : Array.isArray(opts.where) ? opts.where : [opts.where];
  const selections = (queryParam(q, 'selections') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (selections.length > MAX_SELECTIONS) throw badRequest(`参数 selections 有误：最多 ${MAX_SELECTIONS} 个`);
  if (selections.length > 0) {
    if (!entity.id) throw badRequest('该列表不支持按选中行导出');
    extra.push(inArray(entity.id, selections));
  }
  // tenant-scoped entities export the request's tenant only (ADR 017)
  const tenant = entity.tenant ? tenantOf(req) : undefined;
  const where = listWhere(entity, q, { where: extra, dataRules: opts.dataRules, tenant });
  const orderBy = listOrderBy(entity, q);
  const selection = Object.fromEntries(entity.fields) as Record<string, PgColumn>;
  const db = app.ctx.db;
  async function* pages(): AsyncIterable<readonly Rec[]> {
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const rows = await db
        .select(selection)
        .from(entity.table)
        .where(where)
        .orderBy(...orderBy)
        .limit(EXPORT_BATCH)
        .offset(offset);
      if (rows.length > 0) yield rows as Rec[];
      if (rows.length < EXPORT_BATCH) return;
    }
  }
  return exportXlsx(reply, { fileName: opts.fileName, columns: opts.columns, rows: pages() });
}

// ---------------------------------------------------------------- import

export interface ImportRow {
  /** the row's number in the sheet as Excel shows it (the header is row 1) */
  rowNo: number;
  /** column key → trimmed cell text (dictionary texts already turned into values); '' for empty cells */
  values: Record<string, string>;
}

const NOT_XLSX = '文件格式不正确，请上传 .xlsx 格式的 Excel 文件';
const LEGACY_XLS = '不支持旧版 Excel（.xls）文件，请在 Excel 中另存为 .xlsx 格式后再导入';
const BAD_HEADER = '导入文件的表头与模板不符，请先导出文件作为模板再填写';
const NO_ROWS = '导入文件中没有数据';
/**
 * Reads the zip's central directory (without unpacking anything): must list xl/workbook.xml, within ZIP_LIMITS
 * (5000 entries, 64 MB unpacked: guards against zip bombs). Returns false when it is no usable .xlsx.
 */
export function looksLikeXlsx(b: Buffer): boolean {
  return ZIP(b) && (zipDirectory(b)?.some((e) => e.name === 'xl/workbook.xml') ?? false);
}

/** what an import may expand to, checked on the real bytes before the workbook is parsed (issue 28 security 6) */
export const XLSX_LIMITS = {
  /** every entry inflated, in total */
  unpackedBytes: ZIP_LIMITS.unpackedBytes,
  /** cells of all sheets (50 000 rows × 40 columns) */
  cells: 2_000_000,
  /** shared strings */
  sharedStrings: 1_000_000,
  /** the text of one cell: Excel's own limit of 32 767 characters, as UTF-8 bytes */
  cellTextBytes: 32_767 * 3,
} as const;
export const XLSX_TOO_LARGE = '导入文件解压后过大或内容异常（单元格过多或单个单元格过长），请检查文件';

/**
 * Inflates every entry of the zip, each bounded by the size its directory declares (a lying size is refused, not
 * trusted) and all by XLSX_LIMITS.unpackedBytes, and counts cells, shared strings and the longest text run of the XML
 * parts — before ExcelJS parses anything. A few KB that would grow the server by a gigabyte are refused here.
 * Answers the refusal's message, or null.
 */
export function xlsxBoundsProblem(b: Buffer): string | null {
  // the declared total is checked below, answered as too large rather than as no .xlsx
  const entries = zipDirectory(b, { entries: ZIP_LIMITS.entries, unpackedBytes: Number.POSITIVE_INFINITY });
  if (!entries) return NOT_XLSX;
  let total = 0;
  let cells = 0;
  let strings = 0;
  for (const e of entries) {
    const { name, method, size } = e;
    const raw = zipEntryBytes(b, e);
    if (!raw) return NOT_XLSX;
    total += size;
    if (total > XLSX_LIMITS.unpackedBytes) return XLSX_TOO_LARGE;
    if (!/\.xml$/i.test(name) || !name.startsWith('xl/')) continue;
    let data: Buffer;
    try {
      if (method === 0) data = raw;
      else if (method === 8) data = inflateRawSync(raw, { maxOutputLength: Math.max(1, size) });
      else return NOT_XLSX;
    } catch {
      // more bytes than declared (a lying size), or a broken stream
      return XLSX_TOO_LARGE;
    }
    if (data.length !== size) return XLSX_TOO_LARGE;
    const shared = name === 'xl/sharedStrings.xml';
    let run = 0;
    for (let i = 0; i < data.length; i++) {
      const c = data[i];
      if (c === 0x3c /* < */) {
        run = 0;
        const next = data[i + 1];
        const after = data[i + 2];
        // <c … a cell; <si … a shared string
        if (next === 0x63 && (after === 0x20 || after === 0x3e)) cells++;
        else if (shared && next === 0x73 && after === 0x69 && (data[i + 3] === 0x20 || data[i + 3] === 0x3e)) strings++;
      } else if (c === 0x3e /* > */) run = 0;
      else if (++run > XLSX_LIMITS.cellTextBytes) return XLSX_TOO_LARGE;
    }
    if (cells > XLSX_LIMITS.cells || strings > XLSX_LIMITS.sharedStrings) return XLSX_TOO_LARGE;
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** an Excel date cell (wall clock stored as UTC by exceljs): date only when the time is midnight */
function excelDate(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const h = d.getUTCHours();
  const m = d.getUTCMinutes();
  const s = d.getUTCSeconds();
  return h === 0 && m === 0 && s === 0 ? date : `${date} ${pad(h)}:${pad(m)}:${pad(s)}`;
}

/** any cell value → its text */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return excelDate(v);
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.richText)) return o.richText.map((t) => String((t as { text?: unknown }).text ?? '')).join('');
    if ('error' in o) return '';
    if ('result' in o) return cellText(o.result);
    if ('formula' in o || 'sharedFormula' in o) return '';
    if ('text' in o) return cellText(o.text);
  }
  return '';
}

/** header cell → comparable title: trimmed, required-marks (*) and full-width spaces dropped */
const normTitle = (s: string) => s.replace(/[\s\u3000]+/g, '').replace(/^\*+|\*+$/g, '');

/** text → value maps of the dictionary columns, built from the texts actually present in the file */
async function dictValueMaps(
  ctx: AppContext,
  columns: readonly ExcelColumn[],
  rows: ImportRow[],
): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  const snapshot = columns.some((c) => c.dict) ? await dictSnapshot(ctx) : undefined;
  for (const c of columns) {
    if (!c.dict) continue;
    const map = new Map<string, string>();
    out.set(c.key, map);
    const parsed = parseDictSpec(c.dict);
    if (!parsed.ok) throw new Error(`excel column ${c.key}: bad dictionary ${c.dict}`);
    if (parsed.value.kind === 'code') {
      const entry = snapshot?.get(parsed.value.code);
      // enabled items win over disabled ones with the same text
      const items = [...(entry?.items ?? [])].sort((a, b) => a.status - b.status);
      for (const it of items) map.set(it.text, it.value);
      continue;
    }
    const texts = new Set<string>();
    for (const r of rows) for (const k of dictKeys(r.values[c.key])) texts.add(k);
    if (texts.size === 0) continue;
    const dict = resolveTableDict(parsed.value);
    const all = [...texts];
    for (let i = 0; i < all.length; i += 5000) {
      const found = await ctx.db
        .select({ value: asText(dict.code), text: asText(dict.text) })
        .from(dict.table.table)
        .where(allOf([...dict.where, inArray(asText(dict.text), all.slice(i, i + 5000))]));
      for (const f of found) if (f.text !== null && !map.has(f.text)) map.set(f.text, f.value);
    }
  }
  return out;
}

/**
 * Reads the uploaded .xlsx of an importExcel request (`file`, or the first file part): the first sheet, header row =
 * the first non-empty row (titles, or the keys themselves), data rows after it. Empty rows are skipped; at most
 * 50 000 rows. Dictionary cells hold texts (as exported) and are turned back into values; a text that is no item
 * stays as it is, so the handler's validation reports it.
 */
export async function readImport(
  req: FastifyRequest,
  opts: { columns: readonly ExcelColumn[] },
): Promise<{ rows: ImportRow[] }> {
  const { content } = await readUploadedFile(req, 'file');
  if (OLE(content)) throw bizError(LEGACY_XLS);
  if (!looksLikeXlsx(content)) throw bizError(NOT_XLSX);
  const problem = xlsxBoundsProblem(content);
  if (problem) throw bizError(problem);

  const byTitle = new Map<string, ExcelColumn>();
  const byKey = new Map<string, ExcelColumn>();
  for (const c of opts.columns) {
    byTitle.set(normTitle(c.title), c);
    byKey.set(c.key, c);
  }

  const rows: ImportRow[] = [];
  let header: Map<number, ExcelColumn> | undefined;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(content), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const cells = row.values as unknown[];
        if (!header) {
          const texts = cells.map(cellText);
          if (texts.every((t) => t.trim() === '')) continue;
          header = new Map();
          const used = new Set<string>();
          texts.forEach((t, col) => {
            const c = byTitle.get(normTitle(t)) ?? byKey.get(t.trim());
            if (c && !used.has(c.key)) {
              used.add(c.key);
              header!.set(col, c);
            }
          });
          if (header.size === 0) throw bizError(BAD_HEADER);
          continue;
        }
        const values: Record<string, string> = {};
        let empty = true;
        for (const c of opts.columns) values[c.key] = '';
        for (const [col, c] of header) {
          // an exported text cell neutralised by safeCellText comes back as the text it was
          const t = cellText(cells[col])
            .trim()
            .replace(/^'(?=[=+\-@\t\r])/, '');
          values[c.key] = t;
          if (t !== '') empty = false;
        }
        if (empty) continue;
        if (rows.length >= MAX_IMPORT_ROWS)
          throw bizError(`导入数据超过 ${MAX_IMPORT_ROWS} 行的上限，请拆分成多个文件分批导入`);
        rows.push({ rowNo: row.number, values });
      }
      break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    req.log.warn({ err }, 'excel import: unreadable workbook');
    throw bizError(NOT_XLSX);
  }
  if (!header) throw bizError(NO_ROWS);
  if (rows.length === 0) throw bizError(NO_ROWS);

  const maps = await dictValueMaps(ctxOf(req), opts.columns, rows);
  for (const [key, map] of maps) {
    for (const r of rows) {
      const v = r.values[key];
      if (!v) continue;
      r.values[key] = v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
        .map((s) => map.get(s) ?? s)
        .join(',');
    }
  }
  return { rows };
}

export interface ImportErrorReport {
  msg: string;
  fileUrl: string;
  fileName: string;
  /** rows in the file and rows imported (additive to JeecgBoot's shape: the client says when none were imported) */
  total: number;
  imported: number;
}

/** issue 29: a file without data rows imports nothing; it is told as a failure with the reason, never 导入成功 */
export const IMPORT_NO_ROWS =
  '未导入任何数据：文件中没有数据行（请使用导出的文件或模板，第一行为表头，数据从第二行开始）';

/**
 * The importExcel answer (contract §4.13). All rows imported: `文件导入成功！数据行数：N` (code 200). Some failed:
 * success true, code 201, message 文件导入成功，但有错误。, result {msg, fileUrl, fileName} — the report lists
 * `第N行：message` per failed row (N = the row as Excel numbers it) in a UTF-8 .txt under import-errors/.
 */
export async function importAnswer(
  app: { ctx: AppContext },
  input: { total: number; imported: number; errors: ReadonlyArray<{ rowNo: number; message: string }> },
): Promise<Result<ImportErrorReport | null>> {
  const { total, imported, errors } = input;
  if (total === 0) return { success: false, code: 500, message: IMPORT_NO_ROWS, result: null, timestamp: Date.now() };
  if (errors.length === 0) return ok(null, `文件导入成功！数据行数：${imported}`);
  const lines = [...errors].sort((a, b) => a.rowNo - b.rowNo).map((e) => `第${e.rowNo}行：${e.message}`);
  const name = storedName('txt');
  // a BOM so that old Windows editors show the Chinese text correctly
  const rel = await writeUnderRoot(app.ctx.config.uploadDir, 'import-errors', name, `\uFEFF${lines.join('\r\n')}\r\n`);
  return {
    success: true,
    code: 201,
    message: '文件导入成功，但有错误。',
    result: {
      msg: `总上传行数：${total}，已导入行数：${imported}，错误行数：${errors.length}`,
      fileUrl: `/sys/common/static/${rel}`,
      fileName: name,
      total,
      imported,
    },
    timestamp: Date.now(),
  };
}
