import type { MenuType, SysPermission } from '../../../api/permission';

/** Pure helpers of the menu management page (unit-tested). */

export const MENU_TYPE_TEXT: Record<MenuType, string> = { 0: '一级菜单', 1: '子菜单', 2: '按钮/权限' };

export interface ParentOption {
  value: string;
  title: string;
  children?: ParentOption[];
  disabled?: boolean;
}

/** the menus a row may hang below: menu rows only (no buttons), without the row itself and its subtree */
export function parentOptions(tree: readonly SysPermission[], exceptId?: string): ParentOption[] {
  const out: ParentOption[] = [];
  for (const n of tree) {
    if (n.menuType === 2 || n.id === exceptId) continue;
    const children = parentOptions(n.children ?? [], exceptId);
    out.push({ value: n.id, title: n.name ?? '', children: children.length ? children : undefined });
  }
  return out;
}

/** every perms string of the tree except the row's own (for the as-you-type uniqueness check) */
export function permsTaken(tree: readonly SysPermission[], exceptId?: string): Set<string> {
  const out = new Set<string>();
  const walk = (nodes: readonly SysPermission[]) => {
    for (const n of nodes) {
      if (n.perms && n.id !== exceptId) out.add(n.perms);
      walk(n.children ?? []);
    }
  };
  walk(tree);
  return out;
}

/** ids of rows that have children (展开全部) */
export function expandableIds(tree: readonly SysPermission[]): string[] {
  return tree.flatMap((n) => (n.children?.length ? [n.id, ...expandableIds(n.children)] : []));
}

/** number of rows below a row (shown in the delete confirmation) */
export function descendantCount(n: SysPermission): number {
  return (n.children ?? []).reduce((s, c) => s + 1 + descendantCount(c), 0);
}

/** the default values of a new row: below `parent` (子菜单 or 按钮 under a page), or a top menu */
export function newRowDefaults(parent?: SysPermission | null, asButton = false) {
  const type: MenuType = !parent ? 0 : asButton || parent.menuType === 1 ? (asButton ? 2 : 1) : 1;
  return {
    menuType: type,
    parentId: parent?.id ?? undefined,
    route: true,
    hidden: false,
    keepAlive: false,
    alwaysShow: false,
    internalOrExternal: false,
    hideTab: false,
    permsType: '1',
    status: '1',
    sortNo: 1,
  };
}
