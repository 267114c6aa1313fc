import { safeLink } from '@answer/contract';
import type { ReportColumn, ReportDictOption, ReportParamInfo } from '../../../../../api/cgreport';

/**
 * Pure logic of the report screen (OnlCgreportAutoList, contract-2 §4.3): the request parameters, the client-computed
 * total row, grouped column titles, dictionary texts and link templates.
 */

export const TOTAL_NAN = '包含非数字内容';
export const TOTAL_LABEL = '合计';
export const TOTAL_ROW_KEY = '__report_total__';
export const REPORT_PAGE_SIZE = 10;
export const REPORT_PAGE_SIZES = ['10', '20', '30', '50', '100'];

type Rec = Record<string, unknown>;

/** `self_<param>` of each report parameter found in the route's query (?name=value) */
export function selfParams(route: Readonly<Record<string, string>>, params: readonly ReportParamInfo[]): Rec {
  const out: Rec = {};
  for (const p of params) {
    const v = route[p.paramName] ?? route[`self_${p.paramName}`];
    if (v !== undefined && v !== '') out[`self_${p.paramName}`] = v;
  }
  return out;
}

/** query values (empties dropped, arrays comma-joined), self_*, sort, page */
export function reportParams(opts: {
  query: Rec;
  self?: Rec;
  sort?: { column: string; order: 'asc' | 'desc' } | null;
  page?: { pageNo: number; pageSize: number };
}): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries({ ...opts.query, ...(opts.self ?? {}) })) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = Array.isArray(v) ? v.join(',') : String(v);
  }
  if (opts.sort) {
    out.column = opts.sort.column;
    out.order = opts.sort.order;
  }
  if (opts.page) {
    out.pageNo = opts.page.pageNo;
    out.pageSize = opts.page.pageSize;
  }
  return out;
}

const decimals = (s: string) => (s.includes('.') ? s.split('.')[1].length : 0);

/**
 * The total row appended under the page (JeecgBoot computes it in the browser): each isTotal column summed; a column
 * holding a non-numeric value says 包含非数字内容; the first other column says 合计.
 */
export function totalRow(records: readonly Rec[], columns: readonly ReportColumn[]): Rec | null {
  const totals = columns.filter((c) => c.isTotal === '1');
  if (!totals.length || !records.length) return null;
  const row: Rec = { [TOTAL_ROW_KEY]: true };
  for (const c of totals) {
    let sum = 0;
    let places = 0;
    let bad = false;
    for (const r of records) {
      const v = r[c.dataIndex];
      if (v === null || v === undefined || v === '') continue;
      const s = String(v).trim();
      const n = Number(s);
      if (!Number.isFinite(n) || s === '') {
        bad = true;
        break;
      }
      places = Math.max(places, decimals(s));
      sum += n;
    }
    row[c.dataIndex] = bad ? TOTAL_NAN : Number(sum.toFixed(Math.min(places, 10)));
  }
  const label = columns.find((c) => c.isTotal !== '1');
  if (label) row[label.dataIndex] = TOTAL_LABEL;
  return row;
}

export interface ColumnGroup {
  title: string;
  children: ReportColumn[];
}

/** adjacent columns with the same groupTitle under one header; the others as they are */
export function groupColumns(columns: readonly ReportColumn[]): (ReportColumn | ColumnGroup)[] {
  const out: (ReportColumn | ColumnGroup)[] = [];
  for (const c of columns) {
    const last = out.at(-1);
    if (c.groupTitle && last && 'children' in last && last.title === c.groupTitle) last.children.push(c);
    else if (c.groupTitle) out.push({ title: c.groupTitle, children: [c] });
    else out.push(c);
  }
  return out;
}

/** `1,2` → `男,女` through the report's dictionary options */
export function dictText(value: unknown, options: readonly ReportDictOption[] | undefined): string {
  if (value === null || value === undefined) return '';
  const s = String(value);
  if (!options?.length) return s;
  return s
    .split(',')
    .map((k) => options.find((o) => String(o.value) === k)?.text ?? k)
    .join(',');
}

/**
 * A link template with `{{field}}` / `${field}` placeholders filled from the row (URL-encoded text, never
 * evaluated); null unless the result is an http(s) or site-relative link.
 */
export function fillHref(template: string, row: Rec): string | null {
  const filled = template.replace(/\{\{\s*([\w]+)\s*\}\}|\$\{\s*([\w]+)\s*\}/g, (_m, a: string, b: string) => {
    const v = row[a ?? b];
    return v === null || v === undefined ? '' : encodeURIComponent(String(v));
  });
  return safeLink(filled);
}

/** a cell as shown: dates cut to the day for Date columns */
export function cellText(value: unknown, column: ReportColumn, options?: readonly ReportDictOption[]): string {
  if (column.customRender) return dictText(value, options);
  if (value === null || value === undefined) return '';
  const s = String(value);
  return column.fieldType === 'Date' && /^\d{4}-\d{2}-\d{2}[ T]/.test(s) ? s.slice(0, 10) : s;
}
