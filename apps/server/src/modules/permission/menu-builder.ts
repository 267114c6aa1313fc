import { createHash } from 'node:crypto';
import type { AllAuthEntry, AuthEntry, MenuItem, MenuMeta } from '@answer/contract';
import type { sysPermission } from '../../db/schema/index.ts';

/**
 * Pure translation of sys_permission rows into the answer of getUserPermissionByToken (contract §3.1).
 * No I/O: the service loads the rows, this module only shapes them (and is unit-tested rule by rule).
 */

/** One sys_permission row as drizzle returns it. */
export type PermissionRow = typeof sysPermission.$inferSelect;

/** The columns the builder reads (tests build rows with only these). */
export type MenuSourceRow = Pick<
  PermissionRow,
  | 'id'
  | 'parentId'
  | 'name'
  | 'url'
  | 'component'
  | 'componentName'
  | 'redirect'
  | 'menuType'
  | 'perms'
  | 'permsType'
  | 'sortNo'
  | 'alwaysShow'
  | 'icon'
  | 'isRoute'
  | 'isLeaf'
  | 'keepAlive'
  | 'hidden'
  | 'hideTab'
  | 'status'
  | 'delFlag'
  | 'internalOrExternal'
>;

/** Name of the home page row (JeecgBoot matches it by name, PermissionDataUtil.hasIndexPage). */
export const HOME_NAME = '首页';

const MENU_TYPE_TOP = 0;
const MENU_TYPE_SUB = 1;
const MENU_TYPE_BUTTON = 2;

const isEmpty = (s: string | null | undefined): s is null | undefined | '' => s === null || s === undefined || s === '';

const isMenu = (r: MenuSourceRow) => r.menuType === MENU_TYPE_TOP || r.menuType === MENU_TYPE_SUB;
const isButton = (r: MenuSourceRow) => r.menuType === MENU_TYPE_BUTTON;

/** External link or `{{ js }}` url: its path becomes the url's MD5 and meta.url carries the raw url. */
export function isExternalUrl(url: string | null | undefined): url is string {
  return !!url && (url.startsWith('http://') || url.startsWith('https://') || url.startsWith('{{'));
}

/** Lowercase hex MD5 of the UTF-8 bytes (JeecgBoot MD5Util.MD5Encode(url, "utf-8")). */
export function md5Hex(s: string): string {
  return createHash('md5').update(s, 'utf8').digest('hex');
}

/** Route name from a url: leading "/" dropped, "/" → "-", ":" → "@" (e.g. /online/cgformList/:code → online-cgformList-@code). */
export function urlToRouteName(url: string | null | undefined): string {
  if (isEmpty(url)) return '';
  const u = url.startsWith('/') ? url.slice(1) : url;
  return u.replaceAll('/', '-').replaceAll(':', '@');
}

/** MySQL orders NULL sort_no first in ascending order; the builder does the same (stable for ties). */
export function bySortNo<T extends Pick<MenuSourceRow, 'sortNo'>>(rows: readonly T[]): T[] {
  const key = (r: T) => (r.sortNo === null || r.sortNo === undefined ? Number.NEGATIVE_INFINITY : r.sortNo);
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => key(a.row) - key(b.row) || a.i - b.i)
    .map((x) => x.row);
}

/** One menu item without children (JeecgBoot getPermissionJsonObject). */
export function toMenuItem(row: MenuSourceRow): MenuItem {
  const external = isExternalUrl(row.url);
  const item: MenuItem = {
    id: row.id,
    route: row.isRoute ? '1' : '0',
    path: external ? md5Hex(row.url as string) : (row.url ?? ''),
    name: isEmpty(row.componentName) ? urlToRouteName(row.url) : row.componentName,
    meta: {},
  };
  if (row.hidden) item.hidden = true;
  if (row.alwaysShow) item.alwaysShow = true;
  item.component = row.component ?? null;
  // top-level items always carry the key, even when null (JeecgBoot puts it unconditionally, Jackson writes null)
  if (isEmpty(row.parentId)) item.redirect = row.redirect ?? null;

  const meta: MenuMeta = {
    keepAlive: !!row.keepAlive,
    internalOrExternal: !!row.internalOrExternal,
    title: row.name ?? '',
  };
  if (!isEmpty(row.componentName)) meta.componentName = row.componentName.trim();
  else if (!isEmpty(row.component)) meta.componentName = row.component.slice(row.component.lastIndexOf('/') + 1);
  if (!isEmpty(row.icon)) meta.icon = row.icon;
  if (external) meta.url = row.url as string;
  if (row.hideTab) meta.hideTab = true;
  item.meta = meta;
  return item;
}

export interface BuildMenuOptions {
  /**
   * The home row to put first when no row in `rows` is named 首页 (JeecgBoot prepends the first 首页 row of the table
   * to the user's rows). Ignored when null/undefined or when a 首页 row is already present.
   */
  home?: MenuSourceRow | null;
}

/**
 * The menu tree (contract §3.1): only menu_type 0/1 rows, in sort_no order; roots are rows with an empty parent_id;
 * children are the rows whose parent_id is the item's id, looked up only below rows with is_leaf = false (a leaf row's
 * child rows are not shown, as in JeecgBoot). Button rows never appear (meta.permissionList is never emitted).
 * (3.x) a top-level item whose children are all hidden becomes `hidden: true` with `meta = {hideMenu: true}`.
 */
export function buildMenu(rows: readonly MenuSourceRow[], opts: BuildMenuOptions = {}): MenuItem[] {
  const ordered = bySortNo(rows.filter(isMenu));
  if (opts.home && isMenu(opts.home) && !rows.some((r) => r.name === HOME_NAME)) ordered.unshift(opts.home);

  const childrenOf = new Map<string, MenuSourceRow[]>();
  for (const r of ordered) {
    if (isEmpty(r.parentId)) continue;
    const list = childrenOf.get(r.parentId);
    if (list) list.push(r);
    else childrenOf.set(r.parentId, [r]);
  }

  // ids on the current branch: a corrupted parent chain (A → B → A) must not recurse forever
  const onPath = new Set<string>();
  const build = (row: MenuSourceRow): MenuItem => {
    const item = toMenuItem(row);
    if (row.isLeaf || onPath.has(row.id)) return item;
    onPath.add(row.id);
    const kids = (childrenOf.get(row.id) ?? []).filter((c) => !onPath.has(c.id)).map(build);
    onPath.delete(row.id);
    if (kids.length > 0) item.children = kids;
    return item;
  };

  const menu = ordered.filter((r) => isEmpty(r.parentId)).map(build);

  for (const top of menu) {
    if (top.children && top.children.length > 0 && top.children.every((c) => c.hidden === true)) {
      top.hidden = true;
      top.meta = { hideMenu: true };
    }
  }
  return menu;
}

/** `auth`: the user's button rows with status '1' (in the given order). */
export function buildAuth(rows: readonly MenuSourceRow[]): AuthEntry[] {
  return rows
    .filter((r) => isButton(r) && r.status === '1')
    .map((r) => ({ action: r.perms ?? '', type: r.permsType ?? '', describe: r.name ?? '' }));
}

/** `allAuth`: every non-deleted button row, whatever its status. */
export function buildAllAuth(rows: readonly MenuSourceRow[]): AllAuthEntry[] {
  return rows
    .filter((r) => isButton(r) && r.delFlag === 0)
    .map((r) => ({ action: r.perms ?? '', status: r.status ?? '', type: r.permsType ?? '', describe: r.name ?? '' }));
}

/** getPermCode `codeList`: perms strings of the user's active button rows. */
export function buildCodeList(rows: readonly MenuSourceRow[]): string[] {
  return rows.filter((r) => isButton(r) && r.status === '1' && !isEmpty(r.perms)).map((r) => r.perms as string);
}
