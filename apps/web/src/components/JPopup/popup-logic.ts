/**
 * Pure logic of the popup record picker (JPopup over an online report; spec 02 §3 "Online report popup", §4 "Popup
 * picker", §5, §8, §9; contract-2 §4.3): config checks, query parameters, row keys, selection, and the values copied
 * from the picked rows' original fields into the destination fields.
 */

export const POPUP_MESSAGES = {
  badConfig: 'popup参数未正确配置!',
  countMismatch: 'popup参数未正确配置,原始值和目标值数量不一致!',
  pickOne: '请选择一条记录',
  initTitle: '出错了',
  initFailed: 'Popup初始化失败，请检查你的配置或稍后重试！',
} as const;

export const POPUP_PAGE_SIZE = 5;
export const POPUP_PAGE_SIZES = ['5', '10', '20', '30'];
/** the report popup (JPopup / JPopupOnlReport) */
export const POPUP_MODAL_WIDTH = 1200;
/** the other record pickers of spec 02 §9 */
export const PICKER_MODAL_WIDTH = 900;
export const POPUP_SCROLL_Y = 240;
/** cell texts longer than this are cut with an ellipsis (-1 keeps them whole) */
export const POPUP_ELLIPSIS = 12;
/** answers of one group (same report and query) are reused for this long */
export const POPUP_CACHE_MS = 30_000;

/** comma field list, trimmed, empties dropped */
export function splitFields(fields: string | null | undefined): string[] {
  return String(fields ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The popup needs a code, original fields and destination fields of equal count; null when fine. */
export function checkPopupConfig(cfg: {
  code?: string | null;
  orgFields?: string | null;
  destFields?: string | null;
}): string | null {
  const org = splitFields(cfg.orgFields);
  const dest = splitFields(cfg.destFields);
  if (!cfg.code?.trim() || !org.length || !dest.length) return POPUP_MESSAGES.badConfig;
  if (org.length !== dest.length) return POPUP_MESSAGES.countMismatch;
  return null;
}

/** A row's key: all its field values combined (report rows need not have an id). */
export function combineRowKey(row: Record<string, unknown>): string {
  return Object.keys(row)
    .sort()
    .map((k) => `${k}=${row[k] === null || row[k] === undefined ? '' : String(row[k])}`)
    .join('\u0001');
}

/** A click on a list row toggles it; single mode keeps only the last picked. */
export function toggleRow(selected: readonly string[], key: string, multi: boolean): string[] {
  if (selected.includes(key)) return selected.filter((k) => k !== key);
  return multi ? [...selected, key] : [key];
}

/** The confirm check: at least one row (exactly one in single mode), else 请选择一条记录. */
export function confirmPick(rows: readonly unknown[], multi: boolean): string | null {
  if (!rows.length) return POPUP_MESSAGES.pickOne;
  if (!multi && rows.length > 1) return POPUP_MESSAGES.pickOne;
  return null;
}

/**
 * The values written back: dest[i] ← org[i] of the picked rows (several rows: their values comma-joined, empty ones
 * skipped; one row: its value as it is, '' when missing).
 */
export function popupAssignments(
  rows: readonly Record<string, unknown>[],
  orgFields: string | null | undefined,
  destFields: string | null | undefined,
): Record<string, unknown> {
  const org = splitFields(orgFields);
  const dest = splitFields(destFields);
  const out: Record<string, unknown> = {};
  dest.forEach((d, i) => {
    const o = org[i];
    if (!o) return;
    if (rows.length === 1) {
      const v = rows[0][o];
      out[d] = v === undefined || v === null ? '' : v;
      return;
    }
    out[d] = rows
      .map((r) => r[o])
      .filter((v) => v !== undefined && v !== null && v !== '')
      .map(String)
      .join(',');
  });
  return out;
}

export interface PopupQuery {
  pageNo: number;
  pageSize: number;
  /** the search form's values */
  query?: Record<string, unknown>;
  /** the column's `param`: sent as `self_<name>` */
  param?: Record<string, unknown> | string | null;
  /** "field=asc" / "field=desc" */
  sorter?: string | null;
  /** the table's sort (column, asc|desc) */
  sort?: { column: string; order: 'asc' | 'desc' } | null;
}

/** `param` given as an object or a JSON string (online forms keep it as text). */
export function parseParam(param: PopupQuery['param']): Record<string, unknown> {
  if (!param) return {};
  if (typeof param === 'object') return param;
  try {
    const v = JSON.parse(param) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Parameters of GET /online/cgreport/api/getData/{cgRpConfigId}: query (empties dropped), self_*, sort, page. */
export function popupDataParams(q: PopupQuery): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(q.query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = Array.isArray(v) ? v.join(',') : String(v);
  }
  for (const [k, v] of Object.entries(parseParam(q.param))) {
    if (v === undefined || v === null) continue;
    out[`self_${k}`] = String(v);
  }
  const sort = q.sort ?? parseSorter(q.sorter);
  if (sort) {
    out.column = sort.column;
    out.order = sort.order;
  }
  out.pageNo = q.pageNo;
  out.pageSize = q.pageSize;
  return out;
}

/** "field=asc" → { column: 'field', order: 'asc' }; anything else → null */
export function parseSorter(sorter: string | null | undefined): { column: string; order: 'asc' | 'desc' } | null {
  if (!sorter) return null;
  const [column, order] = sorter.split('=').map((s) => s.trim());
  if (!column) return null;
  return { column, order: order === 'asc' ? 'asc' : 'desc' };
}

/** Cut a text to `max` characters plus '...' (-1 or 0 keeps it whole). */
export function ellipsis(text: string, max = POPUP_ELLIPSIS): string {
  if (max <= 0) return text;
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

export interface PopupDictOption {
  value: unknown;
  text?: string;
  label?: string;
  title?: string;
}

/** A cell of the list: the dictionary text when the column names a dictionary of `dictOptions`. */
export function popupCellText(
  value: unknown,
  customRender: string | null | undefined,
  dictOptions: Record<string, PopupDictOption[]> | null | undefined,
): string {
  if (value === undefined || value === null) return '';
  const text = String(value);
  if (!customRender || !dictOptions) return text;
  const items = dictOptions[customRender];
  if (!Array.isArray(items)) return text;
  return text
    .split(',')
    .map((part) => {
      const hit = items.find((o) => String(o.value) === part);
      return hit ? String(hit.text ?? hit.label ?? hit.title ?? part) : part;
    })
    .join(',');
}

/** total pages of a list; when a page falls past the end (rows deleted), the page to load instead */
export function clampPage(pageNo: number, pageSize: number, total: number): number {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  return pageNo > pages ? pages : pageNo;
}

/** `{records,total}` or a plain array as the list rows */
export function pageRows<T>(result: unknown): { records: T[]; total: number } {
  if (Array.isArray(result)) return { records: result as T[], total: result.length };
  if (result && typeof result === 'object') {
    const r = result as { records?: unknown; total?: unknown };
    const records = Array.isArray(r.records) ? (r.records as T[]) : [];
    const total = Number(r.total);
    return { records, total: Number.isFinite(total) ? total : records.length };
  }
  return { records: [], total: 0 };
}

/** Whether a popup column picks several rows (column props / fieldExtendJson `popupMulti`, default single). */
export function popupMulti(extra: Record<string, unknown>): boolean {
  const v = extra.popupMulti ?? extra.multi ?? extra.multiSelect;
  return v === true || v === 1 || v === '1' || v === 'true';
}

/**
 * The text a JPopup field shows after a pick: the original field that feeds its own `field` (destFields[i] = field →
 * orgFields[i]) of every picked row, comma-joined; '' when `field` is not a destination.
 */
export function popupFieldText(
  rows: readonly Record<string, unknown>[],
  orgFields: string | null | undefined,
  destFields: string | null | undefined,
  field: string | null | undefined,
): string {
  const i = splitFields(destFields).indexOf(String(field ?? '').trim());
  const org = splitFields(orgFields)[i];
  if (i < 0 || !org) return '';
  return rows
    .map((r) => r[org])
    .map((v) => (v === undefined || v === null ? '' : String(v)))
    .join(',');
}

/** Clearing a JPopup: every destination field set to ''. */
export function popupClearValues(destFields: string | null | undefined): Record<string, string> {
  return Object.fromEntries(splitFields(destFields).map((d) => [d, '']));
}
