import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  sysPermission,
  sysPermissionDataRule,
  sysRole,
  sysRolePermission,
  sysUser,
  sysUserRole,
} from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { defineListEntity } from '../../platform/list-query.ts';
import { rowJson } from '../../platform/serialize.ts';
import { stampTenantId, type Tenancy, tenantWhere } from '../../platform/tenant-scope.ts';
import { ruleJson } from '../permission/rules.ts';

/** sys_role as /sys/role/list shows it (contract §4.2) */
export const roleEntity = defineListEntity({
  table: sysRole,
  sortable: ['roleName', 'roleCode', 'createTime', 'updateTime'],
  defaultSort: { column: 'createTime', order: 'desc' },
  searchable: ['id', 'roleName', 'roleCode', 'description', 'createBy', 'createTime'],
});

/** the users of a role (/sys/user/userRoleList): non-deleted sys_user rows; password and salt never leave */
export const roleUserEntity = defineListEntity({
  table: sysUser,
  sortable: ['username', 'realname', 'createTime'],
  defaultSort: { column: 'createTime', order: 'desc' },
  searchable: ['username', 'realname', 'phone', 'email', 'status', 'sex'],
  dictFields: { sex: 'sex', status: 'user_status' },
  where: () => eq(sysUser.delFlag, 0),
});

export const ROLE_NOT_FOUND = '未找到对应实体';
export const ROLE_CODE_TAKEN = '角色编码已存在';

export type RoleRow = typeof sysRole.$inferSelect;

/** a role, given a tenancy only one of that tenant (another tenant's id answers not found; ADR 017) */
export async function roleById(db: Db, id: string, tenancy?: Tenancy): Promise<RoleRow | undefined> {
  const [row] = await db
    .select()
    .from(sysRole)
    .where(and(eq(sysRole.id, id), tenancy ? tenantWhere(sysRole, tenancy) : undefined));
  return row;
}

/** true when another role (not `exceptId`) already uses the code */
export async function roleCodeTaken(db: Db, roleCode: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: sysRole.id })
    .from(sysRole)
    .where(and(eq(sysRole.roleCode, roleCode), exceptId ? ne(sysRole.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function addRole(
  db: Db,
  input: { roleName: string; roleCode: string; description?: string | null },
  by: string,
  tenancy: Tenancy,
): Promise<string> {
  if (await roleCodeTaken(db, input.roleCode)) throw bizError(ROLE_CODE_TAKEN);
  const id = newId();
  await db.insert(sysRole).values({
    id,
    tenantId: stampTenantId(tenancy),
    roleName: input.roleName,
    roleCode: input.roleCode,
    description: input.description ?? null,
    createBy: by,
    createTime: new Date(),
  });
  return id;
}

export async function editRole(
  db: Db,
  input: { id: string; roleName: string; roleCode?: string; description?: string | null },
  by: string,
  tenancy: Tenancy,
): Promise<void> {
  const old = await roleById(db, input.id, tenancy);
  if (!old) throw bizError(ROLE_NOT_FOUND);
  const code = input.roleCode ?? old.roleCode;
  if (code !== old.roleCode && (await roleCodeTaken(db, code, input.id))) throw bizError(ROLE_CODE_TAKEN);
  await db
    .update(sysRole)
    .set({
      roleName: input.roleName,
      roleCode: code,
      description: input.description === undefined ? old.description : input.description,
      updateBy: by,
      updateTime: new Date(),
    })
    .where(eq(sysRole.id, input.id));
}

/** deletes roles with their user memberships and grants, in one transaction; answers the users who lost a role */
export async function deleteRoles(db: Db, requested: readonly string[], tenancy: Tenancy): Promise<string[]> {
  if (requested.length === 0) return [];
  return db.transaction(async (tx) => {
    // only the tenant's roles: ids of other tenants are skipped as unknown ones
    const ids = (
      await tx
        .select({ id: sysRole.id })
        .from(sysRole)
        .where(and(inArray(sysRole.id, [...requested]), tenantWhere(sysRole, tenancy)))
    ).map((r) => r.id);
    if (ids.length === 0) return [];
    const members = await tx
      .select({ userId: sysUserRole.userId })
      .from(sysUserRole)
      .where(inArray(sysUserRole.roleId, [...ids]));
    await tx.delete(sysUserRole).where(inArray(sysUserRole.roleId, [...ids]));
    await tx.delete(sysRolePermission).where(inArray(sysRolePermission.roleId, [...ids]));
    await tx.delete(sysRole).where(inArray(sysRole.id, [...ids]));
    return [...new Set(members.map((m) => m.userId))];
  });
}

/** SysRole JSON; the owning tenant stays on the server (ADR 017) */
export function roleJson(r: RoleRow) {
  const { tenantId: _tenant, ...rest } = r;
  return rowJson(rest);
}

// ---------------------------------------------------------------- role data rules

/** GET /sys/role/datarule/{permissionId}/{roleId}: the menu's rules and the ids this role applies */
export async function roleDataRules(db: Db, permissionId: string, roleId: string) {
  const rules = await db
    .select()
    .from(sysPermissionDataRule)
    .where(eq(sysPermissionDataRule.permissionId, permissionId))
    .orderBy(sysPermissionDataRule.createTime, sysPermissionDataRule.id);
  if (rules.length === 0) throw bizError('未找到权限配置信息');
  const [grant] = await db
    .select({ dataRuleIds: sysRolePermission.dataRuleIds })
    .from(sysRolePermission)
    .where(and(eq(sysRolePermission.roleId, roleId), eq(sysRolePermission.permissionId, permissionId)));
  const out: { datarule: ReturnType<typeof ruleJson>[]; drChecked?: string } = { datarule: rules.map(ruleJson) };
  const checked = (grant?.dataRuleIds ?? '').replace(/,+$/, '');
  if (checked) out.drChecked = checked;
  return out;
}

/** POST /sys/role/datarule: which of the menu's rules the role applies; the role must hold the menu */
export async function saveRoleDataRules(
  db: Db,
  input: { permissionId: string; roleId: string; dataRuleIds: string[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [grant] = await tx
      .select({ id: sysRolePermission.id })
      .from(sysRolePermission)
      .where(and(eq(sysRolePermission.roleId, input.roleId), eq(sysRolePermission.permissionId, input.permissionId)));
    if (!grant) throw bizError('请先保存角色菜单权限!');
    if (input.dataRuleIds.length) {
      const rules = await tx
        .select({ id: sysPermissionDataRule.id })
        .from(sysPermissionDataRule)
        .where(
          and(
            inArray(sysPermissionDataRule.id, input.dataRuleIds),
            eq(sysPermissionDataRule.permissionId, input.permissionId),
          ),
        );
      if (rules.length !== input.dataRuleIds.length) throw bizError('数据规则不属于该菜单');
    }
    await tx
      .update(sysRolePermission)
      .set({ dataRuleIds: input.dataRuleIds.length ? input.dataRuleIds.join(',') : null, operateDate: new Date() })
      .where(eq(sysRolePermission.id, grant.id));
  });
}

// ---------------------------------------------------------------- role members

export async function addUsersToRole(
  db: Db,
  roleId: string,
  userIds: readonly string[],
  tenancy: Tenancy,
): Promise<string[]> {
  const ids = [...new Set(userIds)];
  return db.transaction(async (tx) => {
    if (!(await roleById(tx, roleId, tenancy))) throw bizError(ROLE_NOT_FOUND);
    const users = await tx
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(inArray(sysUser.id, ids), eq(sysUser.delFlag, 0), tenantWhere(sysUser, tenancy)));
    if (users.length !== ids.length) throw bizError('未找到用户信息');
    await tx
      .insert(sysUserRole)
      .values(ids.map((userId) => ({ id: newId(), userId, roleId })))
      .onConflictDoNothing();
    return ids;
  });
}

export async function removeUsersFromRole(db: Db, roleId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.delete(sysUserRole).where(and(eq(sysUserRole.roleId, roleId), inArray(sysUserRole.userId, [...userIds])));
}

/** condition: the user is a member of the role */
export function memberOf(roleId: string) {
  return sql`${sysUser.id} in (select ur.user_id from sys_user_role ur where ur.role_id = ${roleId})`;
}

export async function permissionExists(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: sysPermission.id })
    .from(sysPermission)
    .where(and(eq(sysPermission.id, id), eq(sysPermission.delFlag, 0)));
  return rows.length > 0;
}
