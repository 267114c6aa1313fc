import { DEFAULT_PAGE_SIZE, DEFAULT_SORT } from './constants';

/**
 * Pure logic of a list page (spec 02 §3 "Paged list response", §4, §5): query building, sort mapping, search-value
 * wrapping, result reading, selection bookkeeping and the page to show after a deletion. No React, no http.
 */

export type SortDirection = 'asc' | 'desc';

export interface ListSort {
  column: string;
  order: SortDirection;
}

export type QueryValue = string | number | boolean;
export type ListQuery = Record<string, QueryValue>;

/** what antd's Table hands to onChange as its sorter (one or several) */
export interface AntdSorterLike {
  field?: unknown;
  columnKey?: unknown;
  order?: 'ascend' | 'descend' | null;
}

interface FormatLike {
  format(template?: string): string;
}

function isFormatLike(v: unknown): v is FormatLike {
  return typeof v === 'object' && v !== null && typeof (v as FormatLike).format === 'function';
}

/** An empty query value: undefined, null, a blank string, or an array without any non-empty item. */
export function isEmptyValue(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (typeof v === 'number') return Number.isNaN(v);
  if (Array.isArray(v)) return v.every(isEmptyValue);
  return false;
}

function toQueryValue(v: unknown): QueryValue | undefined {
  if (isEmptyValue(v)) return undefined;
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) {
    const parts = v.map(toQueryValue).filter((x): x is QueryValue => x !== undefined);
    return parts.length ? parts.join(',') : undefined;
  }
  // dates from antd pickers (dayjs) go out as yyyy-MM-dd HH:mm:ss unless the page formatted them itself
  if (isFormatLike(v)) return v.format('YYYY-MM-DD HH:mm:ss');
  if (v instanceof Date) return v.toISOString();
  return JSON.stringify(v);
}

/**
 * The query values of a form, empty ones stripped (spec 02 §3 "empty values stripped"): strings trimmed, arrays
 * comma-joined (multi-selects), dates formatted.
 */
export function stripEmpty(values: Record<string, unknown> | null | undefined): ListQuery {
  const out: ListQuery = {};
  if (!values) return out;
  for (const [key, value] of Object.entries(values)) {
    const v = toQueryValue(value);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

function fieldName(field: unknown): string | undefined {
  if (typeof field === 'string' && field) return field;
  if (typeof field === 'number') return String(field);
  if (Array.isArray(field) && field.length) return field.join('.');
  return undefined;
}

/**
 * antd sorter → `column`/`order` (ascend → asc, descend → desc). A cleared sort (no order) goes back to the default.
 */
export function sorterToSort(
  sorter: AntdSorterLike | AntdSorterLike[] | null | undefined,
  defaultSort: ListSort = DEFAULT_SORT,
): ListSort {
  const first = Array.isArray(sorter) ? sorter.find((s) => s?.order) : sorter;
  if (!first?.order) return { ...defaultSort };
  const column = fieldName(first.field) ?? fieldName(first.columnKey);
  if (!column) return { ...defaultSort };
  return { column, order: first.order === 'ascend' ? 'asc' : 'desc' };
}

/** antd column filters (`{ key: values[] | null }`) → `key=v1,v2` query values */
export function filtersToParams(filters: Record<string, unknown[] | null | undefined> | null | undefined): ListQuery {
  const out: ListQuery = {};
  if (!filters) return out;
  for (const [key, values] of Object.entries(filters)) {
    if (!values?.length) continue;
    out[key] = values.map(String).join(',');
  }
  return out;
}

export interface SuperQuery {
  /** conditions as JeecgBoot sends them (field, rule, val, type…) */
  params: unknown[];
  matchType?: 'and' | 'or';
}

export interface BuildQueryInput {
  /** values of the query form */
  queryParams?: Record<string, unknown> | null;
  /** antd column filters */
  filters?: Record<string, unknown[] | null | undefined> | null;
  /** parameters the page always sends (they win over the form) */
  fixedParams?: Record<string, unknown> | null;
  sort?: ListSort | null;
  defaultSort?: ListSort;
  pageNo?: number;
  pageSize?: number;
  superQuery?: SuperQuery | null;
}

/**
 * The list query (spec 02 §3): form values, column filters, fixed parameters, `column`/`order` (default
 * createTime desc), `pageNo`/`pageSize`, and the advanced query (`superQueryParams` URL-encoded JSON,
 * `superQueryMatchType` default and) — empty values stripped.
 */
export function buildListQuery(input: BuildQueryInput): ListQuery {
  const sort = input.sort ?? input.defaultSort ?? DEFAULT_SORT;
  const query: ListQuery = {
    ...stripEmpty(input.queryParams),
    ...filtersToParams(input.filters),
    ...stripEmpty(input.fixedParams),
  };
  if (sort.column) {
    query.column = sort.column;
    query.order = sort.order;
  }
  if (input.superQuery?.params?.length) {
    query.superQueryParams = encodeURI(JSON.stringify(input.superQuery.params));
    query.superQueryMatchType = input.superQuery.matchType ?? 'and';
  }
  query.pageNo = Math.max(1, Math.floor(input.pageNo ?? 1));
  query.pageSize = Math.max(1, Math.floor(input.pageSize ?? DEFAULT_PAGE_SIZE));
  return query;
}

/** Export parameters: the list query without paging, plus `selections` (comma ids) when rows are selected. */
export function buildExportParams(query: ListQuery, selectedKeys: readonly (string | number)[]): ListQuery {
  const { pageNo: _p, pageSize: _s, ...rest } = query;
  const out: ListQuery = { ...rest };
  if (selectedKeys.length) out.selections = selectedKeys.join(',');
  return out;
}

export type SearchRule = 'eq' | 'like' | 'right_like' | 'left_like' | 'in' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | string;

/**
 * A search-box value wrapped for its rule (spec 02 §5): like → `*v*`, ne → `!v`, ge → `>=v`, le → `<=v`; other
 * rules and empty values pass unchanged.
 */
export function wrapSearchValue(rule: SearchRule | null | undefined, value: string | null | undefined): string {
  if (value === undefined || value === null || value === '') return value ?? '';
  switch (rule) {
    case 'like':
      return `*${value}*`;
    case 'ne':
      return `!${value}`;
    case 'ge':
      return `>=${value}`;
    case 'le':
      return `<=${value}`;
    default:
      return value;
  }
}

export interface ListResult<T> {
  records: T[];
  total: number;
}

/** `result.records` + `result.total`, or a plain array in `result` (spec 02 §3); anything else is empty. */
export function readListResult<T>(result: unknown): ListResult<T> {
  if (Array.isArray(result)) return { records: result as T[], total: result.length };
  if (result && typeof result === 'object') {
    const r = result as { records?: unknown; total?: unknown };
    const records = Array.isArray(r.records) ? (r.records as T[]) : [];
    const total = typeof r.total === 'number' ? r.total : Number(r.total ?? records.length) || records.length;
    return { records, total };
  }
  return { records: [], total: 0 };
}

/**
 * The page to show after `removed` rows were deleted (spec 02 §4): pulled back when the current page would be past
 * the last one, never below 1.
 */
export function pageAfterDelete(current: number, pageSize: number, total: number, removed: number): number {
  const remaining = Math.max(0, total - removed);
  const lastPage = Math.max(1, Math.ceil(remaining / Math.max(1, pageSize)));
  return Math.max(1, Math.min(current, lastPage));
}

export type RowKey = string | number;

export interface Selection<T> {
  keys: RowKey[];
  rows: T[];
}

export const EMPTY_SELECTION: Selection<never> = { keys: [], rows: [] };

function keyOf<T>(row: T, rowKey: string): RowKey | undefined {
  const v = (row as Record<string, unknown> | null)?.[rowKey];
  return typeof v === 'string' || typeof v === 'number' ? v : undefined;
}

/**
 * Selection from antd's rowSelection.onChange: keys in the given order, rows aligned to them (a row antd no longer
 * has, e.g. one of another page, is taken from the previous selection).
 */
export function applySelection<T>(
  prev: Selection<T>,
  keys: readonly RowKey[],
  rows: readonly (T | undefined)[],
  rowKey: string,
): Selection<T> {
  const known = new Map<RowKey, T>();
  for (const r of prev.rows) {
    const k = keyOf(r, rowKey);
    if (k !== undefined) known.set(k, r);
  }
  for (const r of rows) {
    if (r === undefined) continue;
    const k = keyOf(r, rowKey);
    if (k !== undefined) known.set(k, r);
  }
  const uniq = [...new Set(keys)];
  return {
    keys: uniq,
    rows: uniq.map((k) => known.get(k)).filter((r): r is T => r !== undefined),
  };
}

/** Selection without the given (deleted) keys. */
export function removeFromSelection<T>(prev: Selection<T>, removed: readonly RowKey[], rowKey: string): Selection<T> {
  const gone = new Set(removed.map(String));
  return {
    keys: prev.keys.filter((k) => !gone.has(String(k))),
    rows: prev.rows.filter((r) => !gone.has(String(keyOf(r, rowKey)))),
  };
}

/** Comma ids of a selection, as deleteBatch `ids` and export `selections` send them. */
export function joinKeys(keys: readonly RowKey[]): string {
  return keys.join(',');
}
