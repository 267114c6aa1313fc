import type { PermissionResult } from '@answer/contract';
import { and, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sysPermission } from '../../db/schema/index.ts';
import { buildAllAuth, buildAuth, buildCodeList, buildMenu, HOME_NAME, type PermissionRow } from './menu-builder.ts';

/** Ids of the permission rows granted to a user: through the user's roles, or through the user's department roles. */
function grantedIdsSubquery(userId: string): SQL {
  return sql`select rp.permission_id from sys_role_permission rp
               join sys_user_role ur on ur.role_id = rp.role_id
              where ur.user_id = ${userId}
             union
             select drp.permission_id from sys_depart_role_permission drp
               join sys_depart_role_user dru on dru.drole_id = drp.role_id
              where dru.user_id = ${userId}`;
}

/** MySQL puts NULL sort_no first; so does this (PostgreSQL would put them last). */
const SORT = [sql`${sysPermission.sortNo} asc nulls first`, sysPermission.id] as const;

/**
 * The user's permission rows (JeecgBoot `queryByUser`): non-deleted rows granted via roles or department roles, plus
 * always the `/online` container and the hidden online `…:code` routes; menus and buttons, ordered by sort_no.
 * Read fresh from the database on every call (one query), so role and grant changes apply at once.
 */
export async function userPermissionRows(db: Db, userId: string): Promise<PermissionRow[]> {
  const p = sysPermission;
  return db
    .select()
    .from(p)
    .where(
      and(
        eq(p.delFlag, 0),
        or(
          sql`${p.id} in (${grantedIdsSubquery(userId)})`,
          eq(p.url, '/online'),
          and(like(p.url, '/online%'), like(p.url, '%:code'), eq(p.hidden, 1)),
        ),
      ),
    )
    .orderBy(...SORT);
}

/** Every non-deleted button row (allAuth), plus the 首页 rows when asked (the menu's home fallback): one query. */
async function buttonAndHomeRows(
  db: Db,
  withHome = true,
): Promise<{ buttons: PermissionRow[]; home: PermissionRow | null }> {
  const p = sysPermission;
  const rows = await db
    .select()
    .from(p)
    .where(and(eq(p.delFlag, 0), withHome ? or(eq(p.menuType, 2), eq(p.name, HOME_NAME)) : eq(p.menuType, 2)))
    .orderBy(...SORT);
  return {
    buttons: rows.filter((r) => r.menuType === 2),
    home: rows.find((r) => r.name === HOME_NAME && (r.menuType === 0 || r.menuType === 1)) ?? null,
  };
}

/**
 * The user's rows as JeecgBoot's getUserPermissionByToken sees them (for other modules): {@link userPermissionRows},
 * with the first 首页 row of the table put first when the user holds no row named 首页. Menus and buttons, sort_no order.
 */
export async function userMenuRows(db: Db, userId: string): Promise<PermissionRow[]> {
  const rows = await userPermissionRows(db, userId);
  if (rows.some((r) => r.name === HOME_NAME)) return rows;
  const p = sysPermission;
  const [home] = await db
    .select()
    .from(p)
    .where(and(eq(p.delFlag, 0), eq(p.name, HOME_NAME), inArray(p.menuType, [0, 1])))
    .orderBy(...SORT)
    .limit(1);
  return home ? [home, ...rows] : rows;
}

/** Result of GET /sys/permission/getUserPermissionByToken (two queries, no cache). */
export async function userPermissionResult(db: Db, userId: string, safeMode: boolean): Promise<PermissionResult> {
  const [rows, { buttons, home }] = await Promise.all([userPermissionRows(db, userId), buttonAndHomeRows(db)]);
  return {
    menu: buildMenu(rows, { home }),
    auth: buildAuth(rows),
    allAuth: buildAllAuth(buttons),
    sysSafeMode: safeMode,
  };
}

export interface PermCodeResult {
  codeList: string[];
  auth: PermissionResult['auth'];
  allAuth: PermissionResult['allAuth'];
  sysSafeMode: boolean;
}

/** Result of GET /sys/permission/getPermCode (3.x). */
export async function userPermCode(db: Db, userId: string, safeMode: boolean): Promise<PermCodeResult> {
  const [rows, { buttons }] = await Promise.all([userPermissionRows(db, userId), buttonAndHomeRows(db, false)]);
  return {
    codeList: buildCodeList(rows),
    auth: buildAuth(rows),
    allAuth: buildAllAuth(buttons),
    sysSafeMode: safeMode,
  };
}
