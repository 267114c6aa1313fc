import { isEmptyValue, wrapSearchValue } from '../list';
import type { QueryFieldSchema, Row } from './types';

/**
 * The query values a page sends for its query form (spec 02 §3, §5): each declared field wrapped for its rule
 * (like → *v*, ne → !v, ge → >=v, le → <=v), date ranges split into `_begin` / `_end`, dates formatted. Values of
 * fields the page did not declare pass through (the list machinery strips empty ones).
 */

interface FormatLike {
  format(template?: string): string;
}
const isFormatLike = (v: unknown): v is FormatLike =>
  typeof v === 'object' && v !== null && typeof (v as FormatLike).format === 'function';

const DATE_WIDGETS = new Set(['date', 'date-range']);
const TIME_WIDGETS = new Set(['datetime', 'datetime-range']);

function formatOf(f: QueryFieldSchema): string {
  if (f.format) return f.format;
  const w = f.widget ?? 'input';
  if (TIME_WIDGETS.has(w)) return 'YYYY-MM-DD HH:mm:ss';
  if (DATE_WIDGETS.has(w)) return 'YYYY-MM-DD';
  return 'YYYY-MM-DD HH:mm:ss';
}

function formatValue(v: unknown, fmt: string): unknown {
  return isFormatLike(v) ? v.format(fmt) : v;
}

/** the names a range field is sent under */
export function rangeNames(f: QueryFieldSchema): { begin: string; end: string } {
  if (f.range && typeof f.range === 'object') return f.range;
  return { begin: `${f.field}_begin`, end: `${f.field}_end` };
}

export function isRangeField(f: QueryFieldSchema): boolean {
  return Boolean(f.range) || (f.widget ?? '').endsWith('-range');
}

/** One field's value as the query sends it: wrapped (strings, trimmed) and formatted. */
export function queryValueOf(f: QueryFieldSchema, value: unknown): unknown {
  if (isEmptyValue(value)) return undefined;
  const v = formatValue(value, formatOf(f));
  if (typeof v === 'string' && f.rule) return wrapSearchValue(f.rule, v.trim());
  return v;
}

/** The query of a form: declared fields wrapped / split / formatted, undeclared ones unchanged. */
export function buildSearchValues(fields: readonly QueryFieldSchema[], values: Row | null | undefined): Row {
  const out: Row = { ...(values ?? {}) };
  for (const f of fields) {
    const value = values?.[f.field];
    delete out[f.field];
    if (isRangeField(f)) {
      const names = rangeNames(f);
      const [a, b] = Array.isArray(value) ? value : [];
      const fmt = formatOf(f);
      if (!isEmptyValue(a)) out[names.begin] = formatValue(a, fmt);
      if (!isEmptyValue(b)) out[names.end] = formatValue(b, fmt);
      continue;
    }
    const v = queryValueOf(f, value);
    if (v !== undefined) out[f.field] = v;
  }
  return out;
}

/** Initial values of a query form. */
export function initialQueryValues(fields: readonly QueryFieldSchema[]): Row {
  const out: Row = {};
  for (const f of fields) if (f.initialValue !== undefined) out[f.field] = f.initialValue;
  return out;
}
