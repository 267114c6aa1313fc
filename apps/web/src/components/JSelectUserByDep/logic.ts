import { splitValue } from '../JSelectDepart/logic';

/**
 * Pure logic of the user-by-department picker (spec 02 §3 "User row in picker", §5, §7, §9).
 */

export interface PickerUser {
  id: string;
  username: string;
  realname?: string | null;
  sex?: number | string | null;
  phone?: string | null;
  orgCodeTxt?: string | null;
  birthday?: string | null;
  [field: string]: unknown;
}

export const USER_MODAL_WIDTH = 1250;
/** below this window width the modal takes the whole width and the table scrolls horizontally */
export const MOBILE_WIDTH = 500;
export const MOBILE_SCROLL_X = 800;
export const MSG_PICK_ONE = '请选择一条记录';
export const USER_PAGE_SIZE = 10;
export const USER_PAGE_SIZES = ['10', '20', '30'];

/** `1` 男, `2` 女, anything else empty. */
export function sexText(sex: unknown): string {
  const s = String(sex ?? '');
  if (s === '1') return '男';
  if (s === '2') return '女';
  return '';
}

/** Modal width and table scroll for the window width (mobile < 500 px: full width, horizontal scroll 800). */
export function modalLayout(windowWidth: number): { width: number | string; scrollX?: number } {
  return windowWidth < MOBILE_WIDTH ? { width: '100%', scrollX: MOBILE_SCROLL_X } : { width: USER_MODAL_WIDTH };
}

export interface UserQuery {
  pageNo: number;
  pageSize: number;
  departId?: string;
  username?: string;
  realname?: string;
  column?: string;
  order?: 'asc' | 'desc';
}

/** Query of `GET /sys/user/queryUserComponentData`: empty values stripped, default sort createTime desc. */
export function userQueryParams(q: UserQuery): Record<string, string | number> {
  const out: Record<string, string | number> = {
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    column: q.column || 'createTime',
    order: q.order || 'desc',
  };
  for (const k of ['departId', 'username', 'realname'] as const) {
    const v = q[k]?.trim();
    if (v) out[k] = v;
  }
  return out;
}

/** The stored value of a user: username by default, id with `store="id"`. */
export function storeOf(user: PickerUser, store: string): string {
  const v = user[store];
  return v === undefined || v === null ? '' : String(v);
}

/** The displayed text of a user: realname (falls back to username). */
export function textOf(user: PickerUser, text = 'realname'): string {
  const v = user[text];
  return v === undefined || v === null || v === '' ? String(user.username ?? '') : String(v);
}

/** Parameters of `GET /sys/user/getMultiUser` for a stored value (`username=a,b` or `id=x,y`). */
export function multiUserParams(store: string, value: string | null | undefined): Record<string, string> | null {
  const values = splitValue(value);
  if (!values.length) return null;
  return { [store]: values.join(',') };
}

/** Users in the order of the stored value (the server answers in its own order). */
export function orderByValue(users: readonly PickerUser[], value: string | null | undefined, store: string) {
  const order = splitValue(value);
  const byValue = new Map(users.map((u) => [storeOf(u, store), u]));
  return order.map((v) => byValue.get(v)).filter((u): u is PickerUser => !!u);
}

/**
 * Selection after the table reports the keys selected (antd keeps keys across pages): rows of the current page
 * come from the page, rows selected on other pages are kept from before.
 */
export function mergeSelection(
  previous: readonly PickerUser[],
  pageRows: readonly PickerUser[],
  selectedKeys: readonly string[],
  multiple: boolean,
): PickerUser[] {
  const keys = multiple ? selectedKeys : selectedKeys.slice(-1);
  const pool = new Map<string, PickerUser>();
  for (const r of previous) pool.set(r.id, r);
  for (const r of pageRows) pool.set(r.id, r);
  return keys.map((k) => pool.get(k)).filter((r): r is PickerUser => !!r);
}

/** Confirm check: at least one row, and exactly one in single mode; null when fine. */
export function confirmError(rows: readonly unknown[], multiple: boolean): string | null {
  if (!rows.length) return MSG_PICK_ONE;
  if (!multiple && rows.length > 1) return MSG_PICK_ONE;
  return null;
}

/** What a confirm emits: the comma value and the comma text. */
export function pickResult(rows: readonly PickerUser[], store: string, text = 'realname') {
  return {
    value: rows.map((r) => storeOf(r, store)).join(','),
    text: rows.map((r) => textOf(r, text)).join(','),
  };
}
