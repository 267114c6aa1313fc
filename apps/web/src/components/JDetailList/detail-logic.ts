/** Pure logic of the detail list (spec 02 §9 "Detail-list column count capped at 4, default 3"). */

export const DETAIL_DEFAULT_COLUMNS = 3;
export const DETAIL_MAX_COLUMNS = 4;

/** the column count used: default 3, whole numbers 1..4 */
export function detailColumns(column: number | null | undefined): number {
  if (column === undefined || column === null || !Number.isFinite(column)) return DETAIL_DEFAULT_COLUMNS;
  return Math.min(Math.max(Math.floor(column), 1), DETAIL_MAX_COLUMNS);
}

/** an item's span, never wider than the row */
export function detailSpan(span: number | null | undefined, columns: number): number {
  if (!span || !Number.isFinite(span)) return 1;
  return Math.min(Math.max(Math.floor(span), 1), columns);
}

/** the shown text of a value: '-' for empty */
export function detailText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '-';
  if (Array.isArray(value)) return value.length ? value.join(',') : '-';
  return String(value);
}
