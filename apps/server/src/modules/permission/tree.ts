import { formatDateTime } from '../../platform/serialize.ts';
import type { PermissionRow } from './menu-builder.ts';

/**
 * JSON shapes of sys_permission rows for the management screens (contract §4.3): SysPermissionTree (menu list) and
 * TreeModel (authorisation trees). Pure functions; the service loads the rows (sort_no order) and these shape them.
 */

export interface SysPermissionTreeJson {
  id: string;
  key: string;
  title: string | null;
  parentId: string | null;
  name: string | null;
  perms: string | null;
  permsType: string | null;
  component: string | null;
  componentName: string | null;
  url: string | null;
  redirect: string | null;
  sortNo: number | null;
  menuType: number | null;
  isLeaf: boolean;
  leaf: boolean;
  route: boolean;
  keepAlive: boolean;
  icon: string | null;
  alwaysShow: boolean;
  hidden: boolean;
  hideTab: boolean;
  description: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  delFlag: number;
  ruleFlag: number;
  status: string | null;
  internalOrExternal: boolean;
  children?: SysPermissionTreeJson[];
}

/** one row as SysPermissionTree (every column camelCase + key, title, leaf, route; flags as booleans) */
export function permissionTreeNode(r: PermissionRow): SysPermissionTreeJson {
  return {
    id: r.id,
    key: r.id,
    title: r.name,
    parentId: r.parentId,
    name: r.name,
    perms: r.perms,
    permsType: r.permsType,
    component: r.component,
    componentName: r.componentName,
    url: r.url,
    redirect: r.redirect,
    sortNo: r.sortNo,
    menuType: r.menuType,
    isLeaf: r.isLeaf,
    leaf: r.isLeaf,
    route: r.isRoute,
    keepAlive: r.keepAlive,
    icon: r.icon,
    alwaysShow: r.alwaysShow,
    hidden: r.hidden === 1,
    hideTab: r.hideTab === 1,
    description: r.description,
    createBy: r.createBy,
    createTime: formatDateTime(r.createTime),
    updateBy: r.updateBy,
    updateTime: formatDateTime(r.updateTime),
    delFlag: r.delFlag,
    ruleFlag: r.ruleFlag,
    status: r.status,
    internalOrExternal: r.internalOrExternal,
  };
}

/** TreeModel of /sys/permission/queryTreeList and queryListAsync */
export interface TreeModelJson {
  key: string;
  title: string | null;
  slotTitle: string | null;
  value: string;
  label: string | null;
  icon: string | null;
  parentId: string | null;
  isLeaf: boolean;
  ruleFlag: number;
  menuType: number | null;
  children?: TreeModelJson[];
}

export function treeModelNode(r: PermissionRow): TreeModelJson {
  return {
    key: r.id,
    title: r.name,
    slotTitle: r.name,
    value: r.id,
    label: r.name,
    icon: r.icon,
    parentId: r.parentId ?? '',
    isLeaf: r.isLeaf,
    ruleFlag: r.ruleFlag,
    menuType: r.menuType,
  };
}

/** TreeModel of /sys/role/queryTreeList: the data-rule slot marks rows that carry data rules */
export interface RoleTreeModelJson {
  key: string;
  title: string | null;
  slotTitle: string | null;
  value: string;
  parentId: string | null;
  isLeaf: boolean;
  ruleFlag: number;
  menuType: number | null;
  scopedSlots: { title: 'hasDatarule' };
  children?: RoleTreeModelJson[];
}

export function roleTreeNode(r: PermissionRow): RoleTreeModelJson {
  return {
    key: r.id,
    title: r.name,
    slotTitle: r.name,
    value: r.id,
    parentId: r.parentId ?? '',
    isLeaf: r.isLeaf,
    ruleFlag: r.ruleFlag,
    menuType: r.menuType,
    scopedSlots: { title: 'hasDatarule' },
  };
}

const isRootParent = (p: string | null | undefined) => p === null || p === undefined || p === '';

/**
 * Builds a forest from rows already in display order. Roots are rows without a parent; a row whose parent is not among
 * the rows is a root too when `orphansAsRoots` (search results), else it is dropped (a dangling parent id). A child list
 * is present only when the row has children. Never loops: each row is attached once, to its parent's node.
 */
export function buildForest<R extends { id: string; parentId: string | null }, N extends { children?: N[] }>(
  rows: readonly R[],
  toNode: (r: R) => N,
  opts: { orphansAsRoots?: boolean } = {},
): N[] {
  const nodes = new Map<string, N>();
  for (const r of rows) nodes.set(r.id, toNode(r));
  const roots: N[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    if (isRootParent(r.parentId)) {
      roots.push(node);
      continue;
    }
    const parent = r.parentId === r.id ? undefined : nodes.get(r.parentId!);
    if (parent) {
      parent.children ??= [];
      parent.children.push(node);
    } else if (opts.orphansAsRoots) {
      roots.push(node);
    }
  }
  return roots;
}
