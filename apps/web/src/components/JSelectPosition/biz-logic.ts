import { splitValue } from '../JSelectDepart/logic';

/**
 * Pure logic of the popup record pickers (positions, roles; spec 02 §4 "Popup picker", §5, §9).
 */

export const POPUP_PAGE_SIZE = 5;
export const POPUP_PAGE_SIZES = ['5', '10', '20', '30'];
export const POPUP_MODAL_WIDTH = 900;
export const POPUP_SCROLL_Y = 240;
/** texts longer than this are cut with an ellipsis in the table (-1 disables) */
export const POPUP_ELLIPSIS = 12;
export const MSG_PICK_ONE = '请选择一条记录';

export type BizRow = Record<string, unknown> & { id: string };

/** `abcdefghijklmnop` → `abcdefghijkl...` when longer than `max` (−1: never cut). */
export function ellipsis(text: unknown, max = POPUP_ELLIPSIS): string {
  const s = text === undefined || text === null ? '' : String(text);
  if (max < 0 || s.length <= max) return s;
  return `${s.slice(0, max)}...`;
}

/** Query of the list call: paging and a LIKE on the search field (`*kw*`), empty values stripped. */
export function listParams(q: {
  pageNo: number;
  pageSize: number;
  searchField: string;
  keyword?: string;
}): Record<string, string | number> {
  const out: Record<string, string | number> = { pageNo: q.pageNo, pageSize: q.pageSize };
  const kw = q.keyword?.trim();
  if (kw) out[q.searchField] = `*${kw}*`;
  return out;
}

/**
 * Query that loads the rows of a stored value (spec 02 §7: "value key as comma-joined list ending with comma"):
 * `code=a,b,` is an IN filter even for a single value.
 */
export function valueLookupParams(
  valueKey: string,
  value: string | null | undefined,
): Record<string, string | number> | null {
  const values = splitValue(value);
  if (!values.length) return null;
  return { [valueKey]: `${values.join(',')},`, pageNo: 1, pageSize: Math.max(values.length, POPUP_PAGE_SIZE) };
}

export function keyOf(row: Record<string, unknown>, field: string): string {
  const v = row[field];
  return v === undefined || v === null ? '' : String(v);
}

/** A row click: toggles it; single mode keeps only the last picked. */
export function toggleRow<T extends BizRow>(selected: readonly T[], row: T, multiple: boolean): T[] {
  if (selected.some((r) => r.id === row.id)) return selected.filter((r) => r.id !== row.id);
  return multiple ? [...selected, row] : [row];
}

/** Rows of the stored value, in the value's order. */
export function rowsInValueOrder<T extends Record<string, unknown>>(
  rows: readonly T[],
  value: string | null | undefined,
  valueKey: string,
): T[] {
  const byKey = new Map(rows.map((r) => [keyOf(r, valueKey), r]));
  return splitValue(value)
    .map((v) => byKey.get(v))
    .filter((r): r is T => !!r);
}

/** Confirm check: at least one row, exactly one in single mode; null when fine. */
export function confirmError(rows: readonly unknown[], multiple: boolean): string | null {
  if (!rows.length) return MSG_PICK_ONE;
  if (!multiple && rows.length > 1) return MSG_PICK_ONE;
  return null;
}

/** The value and text a confirm emits. */
export function pickedValue(rows: readonly Record<string, unknown>[], valueKey: string, displayKey: string) {
  return {
    value: rows.map((r) => keyOf(r, valueKey)).join(','),
    text: rows.map((r) => keyOf(r, displayKey) || keyOf(r, valueKey)).join(','),
  };
}

/**
 * After a delete elsewhere the current page may no longer exist: the page is pulled back to the last one.
 */
export function clampPage(pageNo: number, pageSize: number, total: number): number {
  const last = Math.max(1, Math.ceil(total / pageSize));
  return Math.min(pageNo, last);
}
