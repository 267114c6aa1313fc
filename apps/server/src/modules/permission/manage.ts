import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  sysDepartPermission,
  sysDepartRolePermission,
  sysPermission,
  sysPermissionDataRule,
  sysRolePermission,
  sysUserRole,
} from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { PermissionRow } from './menu-builder.ts';
import type { PermissionInput } from './schema.ts';

/**
 * Menu management (contract §3.2, §4.3): add / edit / delete of sys_permission rows with JeecgBoot's normalisation
 * and is_leaf upkeep. Every multi-row write runs in one transaction.
 */

export const MENU_TYPE = { top: 0, sub: 1, button: 2 } as const;
export const ROUTE_VIEW = 'layouts/RouteView';

const SORT = [sql`${sysPermission.sortNo} asc nulls first`, asc(sysPermission.id)] as const;

/** contract §3.2: component drops a leading "/", "views/" / "src/views/" and ".vue" (also .tsx/.jsx here) */
export function normalizeComponent(c: string | null | undefined): string | null {
  if (c === null || c === undefined) return null;
  let s = c.trim();
  if (s.startsWith('/')) s = s.slice(1);
  if (s.startsWith('views/')) s = s.slice('views/'.length);
  if (s.startsWith('src/views/')) s = s.slice('src/views/'.length);
  s = s.replace(/\.(vue|tsx|jsx)$/, '');
  return s;
}

/** contract §3.2: url drops ".vue" and gets a leading "/" unless it starts with http or {{ */
export function normalizeUrl(u: string | null | undefined): string | null {
  if (u === null || u === undefined) return null;
  let s = u.trim();
  if (s === '') return s;
  if (s.endsWith('.vue')) s = s.slice(0, -'.vue'.length);
  if (!s.startsWith('http') && !s.startsWith('/') && !s.startsWith('{{')) s = `/${s}`;
  return s;
}

const COMPONENT_RE = /^[A-Za-z0-9_\-/]*$/;

/** top folders of a server's file system: never the start of a view's path (issue 28 security 9) */
const SYSTEM_DIRS = new Set([
  'etc',
  'proc',
  'sys',
  'dev',
  'usr',
  'var',
  'bin',
  'sbin',
  'root',
  'home',
  'tmp',
  'boot',
  'opt',
  'lib',
  'windows',
]);

/** a component must be a view path: letter-led segments, no empty segment, not a file-system path */
export function componentProblem(component: string): string | null {
  const parts = component.split('/');
  if (parts.some((p) => !/^[A-Za-z_][A-Za-z0-9_-]*$/.test(p)) || SYSTEM_DIRS.has(parts[0].toLowerCase()))
    return '前端组件必须是页面组件的路径（如 system/UserList），不能是文件路径';
  return null;
}

/** the only `{{ … }}` a menu url may hold: JeecgBoot's `{{ window._CONFIG['name'] }}` placeholders */
const CONFIG_PLACEHOLDER = /\{\{\s*window\._CONFIG\[\s*(['"])[A-Za-z0-9_]{1,64}\1\s*\]\s*\}\}/g;

/**
 * The original 3.2 client evaluates `{{ … }}` in a menu url as an expression: anything but the known config
 * placeholders would be stored script for its users (issue 28 security 9).
 */
export function urlTemplateProblem(url: string): string | null {
  const rest = url.replace(CONFIG_PLACEHOLDER, '');
  if (rest.includes('{{') || rest.includes('}}'))
    return "菜单路径中只允许 {{ window._CONFIG['domianURL'] }} 这类配置占位符";
  return null;
}

/** row values from the form, normalised and checked (no id, parent handled by the caller) */
function rowValues(input: PermissionInput) {
  const type = input.menuType;
  const isButton = type === MENU_TYPE.button;
  let component = isButton ? (input.component ?? null) : normalizeComponent(input.component);
  if (type === MENU_TYPE.top && !component) component = ROUTE_VIEW;
  if (component && !COMPONENT_RE.test(component)) throw bizError('前端组件只能包含字母、数字、下划线、横线和“/”');
  if (component && componentProblem(component)) throw bizError(componentProblem(component)!);
  const url = normalizeUrl(input.url);
  if (url && urlTemplateProblem(url)) throw bizError(urlTemplateProblem(url)!);
  if (!isButton && !url) throw bizError('菜单路径不能为空');
  if (type === MENU_TYPE.sub && !component) throw bizError('前端组件不能为空');
  if (url && /^\s*javascript:/i.test(url)) throw bizError('菜单路径格式不正确');
  const perms = input.perms?.trim() || null;
  if (isButton && !perms) throw bizError('授权标识不能为空');
  if (perms && !/^[A-Za-z0-9:_.,-]+$/.test(perms)) throw bizError('授权标识只能包含字母、数字及 : _ . , -');
  const componentName = input.componentName?.trim() || null;
  if (componentName && !/^[A-Za-z0-9_-]+$/.test(componentName))
    throw bizError('组件名称只能包含字母、数字、下划线和横线');
  return {
    name: input.name,
    url: isButton ? null : url,
    component: isButton ? null : component,
    componentName: isButton ? null : componentName,
    redirect: type === MENU_TYPE.top ? input.redirect?.trim() || null : null,
    menuType: type,
    perms: isButton ? perms : null,
    permsType: isButton ? (input.permsType && input.permsType !== '0' ? input.permsType : '1') : '0',
    sortNo: input.sortNo ?? 1,
    alwaysShow: !isButton && (input.alwaysShow ?? false),
    icon: isButton ? null : input.icon?.trim() || null,
    isRoute: isButton ? false : (input.route ?? input.isRoute ?? true),
    keepAlive: !isButton && (input.keepAlive ?? false),
    hidden: !isButton && input.hidden ? 1 : 0,
    hideTab: !isButton && input.hideTab ? 1 : 0,
    description: input.description ?? null,
    status: input.status === '0' ? '0' : '1',
    internalOrExternal: !isButton && (input.internalOrExternal ?? false),
  };
}

async function byId(db: Db, id: string): Promise<PermissionRow | undefined> {
  const [row] = await db
    .select()
    .from(sysPermission)
    .where(and(eq(sysPermission.id, id), eq(sysPermission.delFlag, 0)));
  return row;
}

/** the parent a row of this type gets: none for top menus; an existing menu (not a button) otherwise */
async function resolveParent(db: Db, type: number, parentId: string | null | undefined, selfId?: string) {
  if (type === MENU_TYPE.top) return '';
  const pid = parentId?.trim() ?? '';
  if (!pid) throw bizError(type === MENU_TYPE.button ? '按钮权限必须选择上级菜单' : '请选择上级菜单');
  if (selfId && pid === selfId) throw bizError('上级菜单不能是自己');
  const parent = await byId(db, pid);
  if (!parent) throw bizError('上级菜单不存在');
  if (parent.menuType === MENU_TYPE.button) throw bizError('上级菜单不能是按钮');
  if (selfId) {
    const below = await descendantIds(db, [selfId]);
    if (below.includes(pid)) throw bizError('上级菜单不能是自己的下级');
  }
  return pid;
}

/** perms strings are unique among the non-deleted rows (the UI checks as typed; this is the server's word) */
async function checkPermsUnique(db: Db, perms: string | null, selfId?: string) {
  if (!perms) return;
  const rows = await db
    .select({ id: sysPermission.id })
    .from(sysPermission)
    .where(
      and(
        eq(sysPermission.perms, perms),
        eq(sysPermission.delFlag, 0),
        selfId ? ne(sysPermission.id, selfId) : undefined,
      ),
    )
    .limit(1);
  if (rows.length) throw bizError('授权标识已存在!');
}

async function setLeaf(db: Db, id: string, leaf: boolean) {
  if (!id) return;
  await db.update(sysPermission).set({ isLeaf: leaf }).where(eq(sysPermission.id, id));
}

/** a parent without remaining (non-deleted) children becomes a leaf again */
async function refreshLeaf(db: Db, id: string | null | undefined) {
  if (!id) return;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sysPermission)
    .where(and(eq(sysPermission.parentId, id), eq(sysPermission.delFlag, 0)));
  await setLeaf(db, id, n === 0);
}

/** ids of every row below the given ones (any depth), without the given ones */
export async function descendantIds(db: Db, ids: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  const seen = new Set(ids);
  let frontier = [...ids];
  while (frontier.length) {
    const rows = await db
      .select({ id: sysPermission.id })
      .from(sysPermission)
      .where(inArray(sysPermission.parentId, frontier));
    frontier = rows.map((r) => r.id).filter((id) => !seen.has(id));
    for (const id of frontier) {
      seen.add(id);
      out.push(id);
    }
  }
  return out;
}

/**
 * Adds a row. The new row is granted at once to the creator's own roles that hold its parent (every one of them for a
 * top menu), so whoever builds the menu sees it after a reload without a separate 授权 step; other roles get it only
 * through 授权. (JeecgBoot grants nothing; its admins authorise their own role afterwards.)
 */
export async function addPermission(
  db: Db,
  input: PermissionInput,
  creator: { id: string; username: string },
): Promise<string> {
  const values = rowValues(input);
  const by = creator.username;
  return db.transaction(async (tx) => {
    const parentId = await resolveParent(tx, values.menuType, input.parentId);
    await checkPermsUnique(tx, values.perms);
    const id = newId();
    await tx.insert(sysPermission).values({
      id,
      parentId,
      ...values,
      isLeaf: true,
      delFlag: 0,
      ruleFlag: 0,
      createBy: by,
      createTime: new Date(),
    });
    if (parentId) await setLeaf(tx, parentId, false);
    const roles = await tx
      .select({ roleId: sysUserRole.roleId })
      .from(sysUserRole)
      .where(
        and(
          eq(sysUserRole.userId, creator.id),
          parentId
            ? sql`exists (select 1 from sys_role_permission rp
                           where rp.role_id = ${sysUserRole.roleId} and rp.permission_id = ${parentId})`
            : undefined,
        ),
      );
    if (roles.length) {
      await tx
        .insert(sysRolePermission)
        .values(roles.map((r) => ({ id: newId(), roleId: r.roleId, permissionId: id, operateDate: new Date() })))
        .onConflictDoNothing();
    }
    return id;
  });
}

export async function editPermission(db: Db, input: PermissionInput, by: string): Promise<void> {
  const id = input.id;
  if (!id) throw bizError('未找到菜单信息');
  const values = rowValues(input);
  await db.transaction(async (tx) => {
    const old = await byId(tx, id);
    if (!old) throw bizError('未找到菜单信息');
    const parentId = await resolveParent(tx, values.menuType, input.parentId, id);
    await checkPermsUnique(tx, values.perms, id);
    if (values.menuType === MENU_TYPE.button && old.menuType !== MENU_TYPE.button) {
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(sysPermission)
        .where(and(eq(sysPermission.parentId, id), eq(sysPermission.delFlag, 0)));
      if (n > 0) throw bizError('该菜单下还有子菜单或按钮，不能改为按钮权限');
    }
    await tx
      .update(sysPermission)
      .set({ ...values, parentId, updateBy: by, updateTime: new Date() })
      .where(eq(sysPermission.id, id));
    const oldParent = old.parentId ?? '';
    if (parentId !== oldParent) {
      if (parentId) await setLeaf(tx, parentId, false);
      await refreshLeaf(tx, oldParent);
    }
  });
}

/**
 * Deletes rows with every descendant, their role / department / department-role grants and their data rules; the
 * parents left without children become leaves. Unknown ids → 未找到菜单信息 (nothing deleted).
 */
export async function deletePermissions(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) throw bizError('请选择要删除的菜单');
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: sysPermission.id, parentId: sysPermission.parentId })
      .from(sysPermission)
      .where(inArray(sysPermission.id, [...ids]));
    if (rows.length !== ids.length) throw bizError('未找到菜单信息');
    const all = [...ids, ...(await descendantIds(tx, ids))];
    for (let i = 0; i < all.length; i += 500) {
      const chunk = all.slice(i, i + 500);
      await tx.delete(sysPermissionDataRule).where(inArray(sysPermissionDataRule.permissionId, chunk));
      await tx.delete(sysRolePermission).where(inArray(sysRolePermission.permissionId, chunk));
      await tx.delete(sysDepartPermission).where(inArray(sysDepartPermission.permissionId, chunk));
      await tx.delete(sysDepartRolePermission).where(inArray(sysDepartRolePermission.permissionId, chunk));
      await tx.delete(sysPermission).where(inArray(sysPermission.id, chunk));
    }
    const gone = new Set(all);
    const parents = new Set(rows.map((r) => r.parentId ?? '').filter((p) => p && !gone.has(p)));
    for (const p of parents) await refreshLeaf(tx, p);
  });
}

// ---------------------------------------------------------------- reads

/** every non-deleted row (optionally only those of some menu types), display order */
export async function allPermissionRows(db: Db, types?: number[]): Promise<PermissionRow[]> {
  return db
    .select()
    .from(sysPermission)
    .where(and(eq(sysPermission.delFlag, 0), types ? inArray(sysPermission.menuType, types) : undefined))
    .orderBy(...SORT);
}

export async function childRows(db: Db, parentIds: readonly string[]): Promise<PermissionRow[]> {
  if (parentIds.length === 0) return [];
  return db
    .select()
    .from(sysPermission)
    .where(and(eq(sysPermission.delFlag, 0), inArray(sysPermission.parentId, [...parentIds])))
    .orderBy(...SORT);
}

/** the rows at the top of the tree (empty or null parent) */
export async function rootRows(db: Db): Promise<PermissionRow[]> {
  return db
    .select()
    .from(sysPermission)
    .where(
      and(eq(sysPermission.delFlag, 0), or(eq(sysPermission.parentId, ''), sql`${sysPermission.parentId} is null`)),
    )
    .orderBy(...SORT);
}

/** rows whose name contains `name` plus all their ancestors (menu search keeps the path to each hit) */
export function withAncestors(all: readonly PermissionRow[], hit: (r: PermissionRow) => boolean): PermissionRow[] {
  const byId = new Map(all.map((r) => [r.id, r]));
  const keep = new Set<string>();
  for (const r of all) {
    if (!hit(r)) continue;
    let cur: PermissionRow | undefined = r;
    while (cur && !keep.has(cur.id)) {
      keep.add(cur.id);
      cur = cur.parentId ? byId.get(cur.parentId) : undefined;
    }
  }
  return all.filter((r) => keep.has(r.id));
}
