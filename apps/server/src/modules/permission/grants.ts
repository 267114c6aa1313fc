import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  sysDepart,
  sysDepartPermission,
  sysDepartRole,
  sysDepartRolePermission,
  sysPermission,
  sysRole,
  sysRolePermission,
} from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { type Tenancy, tenantWhere, tenantWhereVia } from '../../platform/tenant-scope.ts';

/**
 * Role and department grants (contract §4.3 saveRolePermission / saveDepartPermission): the client sends the checked
 * ids now and the ids it loaded before; only the difference is written — ids new in `permissionIds` are inserted,
 * ids only in `lastpermissionIds` are deleted — so grants made meanwhile by someone else survive. One transaction.
 * Roles and departments are tenant-scoped (ADR 017): another tenant's role or department reads as having no grant and
 * cannot be granted to ("授权失败！", as for an unknown id).
 */
export function diffIds(now: readonly string[], last: readonly string[]): { add: string[]; remove: string[] } {
  const n = new Set(now);
  const l = new Set(last);
  return { add: [...n].filter((id) => !l.has(id)), remove: [...l].filter((id) => !n.has(id)) };
}

export const GRANT_FAILED = '授权失败！';

async function existingPermissionIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sysPermission.id })
    .from(sysPermission)
    .where(and(inArray(sysPermission.id, [...ids]), eq(sysPermission.delFlag, 0)));
  return new Set(rows.map((r) => r.id));
}

export async function rolePermissionIds(db: Db, roleId: string, tenancy: Tenancy): Promise<string[]> {
  const rows = await db
    .select({ id: sysRolePermission.permissionId })
    .from(sysRolePermission)
    .where(and(eq(sysRolePermission.roleId, roleId), tenantWhereVia(sysRolePermission.roleId, sysRole, tenancy)));
  return rows.map((r) => r.id);
}

export async function departPermissionIds(db: Db, departId: string, tenancy: Tenancy): Promise<string[]> {
  const rows = await db
    .select({ id: sysDepartPermission.permissionId })
    .from(sysDepartPermission)
    .where(
      and(eq(sysDepartPermission.departId, departId), tenantWhereVia(sysDepartPermission.departId, sysDepart, tenancy)),
    );
  return rows.map((r) => r.id);
}

export async function saveRolePermission(
  db: Db,
  input: { roleId: string; permissionIds: string[]; lastpermissionIds: string[] },
  ip: string,
  tenancy: Tenancy,
): Promise<{ added: number; removed: number }> {
  const { add, remove } = diffIds(input.permissionIds, input.lastpermissionIds);
  return db.transaction(async (tx) => {
    const [role] = await tx
      .select({ id: sysRole.id })
      .from(sysRole)
      .where(and(eq(sysRole.id, input.roleId), tenantWhere(sysRole, tenancy)));
    if (!role) throw bizError(GRANT_FAILED);
    const known = await existingPermissionIds(tx, add);
    if (known.size !== add.length) throw bizError(GRANT_FAILED);
    const now = new Date();
    for (let i = 0; i < add.length; i += 500) {
      await tx
        .insert(sysRolePermission)
        .values(
          add.slice(i, i + 500).map((permissionId) => ({
            id: newId(),
            roleId: input.roleId,
            permissionId,
            operateDate: now,
            operateIp: ip.slice(0, 100),
          })),
        )
        .onConflictDoNothing();
    }
    for (let i = 0; i < remove.length; i += 500) {
      await tx
        .delete(sysRolePermission)
        .where(
          and(
            eq(sysRolePermission.roleId, input.roleId),
            inArray(sysRolePermission.permissionId, remove.slice(i, i + 500)),
          ),
        );
    }
    return { added: add.length, removed: remove.length };
  });
}

/**
 * Same diff on sys_depart_permission (what a department may hand out to its department roles). A permission taken
 * from the department is taken from its department roles too (JeecgBoot 2.4.6 does the same).
 */
export async function saveDepartPermission(
  db: Db,
  input: { departId: string; permissionIds: string[]; lastpermissionIds: string[] },
  tenancy: Tenancy,
): Promise<void> {
  const { add, remove } = diffIds(input.permissionIds, input.lastpermissionIds);
  await db.transaction(async (tx) => {
    const [dep] = await tx
      .select({ id: sysDepart.id })
      .from(sysDepart)
      .where(and(eq(sysDepart.id, input.departId), eq(sysDepart.delFlag, '0'), tenantWhere(sysDepart, tenancy)));
    if (!dep) throw bizError(GRANT_FAILED);
    const known = await existingPermissionIds(tx, add);
    if (known.size !== add.length) throw bizError(GRANT_FAILED);
    for (let i = 0; i < add.length; i += 500) {
      await tx
        .insert(sysDepartPermission)
        .values(add.slice(i, i + 500).map((permissionId) => ({ id: newId(), departId: input.departId, permissionId })))
        .onConflictDoNothing();
    }
    if (remove.length) {
      const roles = await tx
        .select({ id: sysDepartRole.id })
        .from(sysDepartRole)
        .where(eq(sysDepartRole.departId, input.departId));
      for (let i = 0; i < remove.length; i += 500) {
        const chunk = remove.slice(i, i + 500);
        await tx
          .delete(sysDepartPermission)
          .where(
            and(eq(sysDepartPermission.departId, input.departId), inArray(sysDepartPermission.permissionId, chunk)),
          );
        if (roles.length) {
          await tx.delete(sysDepartRolePermission).where(
            and(
              inArray(
                sysDepartRolePermission.roleId,
                roles.map((r) => r.id),
              ),
              inArray(sysDepartRolePermission.permissionId, chunk),
            ),
          );
        }
      }
    }
  });
}
