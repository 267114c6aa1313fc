import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness.ts';
import { sysPermission, sysRole, sysRolePermission } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';

/**
 * Grants role `roleCode` the page (menu row) whose component is `component` — and nothing else, no buttons — so a
 * test can check that a page's menu allows reading and no mutation.
 */
export async function grantPageOnly(t: TestApp, roleCode: string, component: string): Promise<void> {
  const db = t.app.ctx.db;
  const [role] = await db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.roleCode, roleCode));
  const [page] = await db
    .select({ id: sysPermission.id })
    .from(sysPermission)
    .where(and(eq(sysPermission.component, component), eq(sysPermission.delFlag, 0)));
  if (!role || !page) throw new Error(`grantPageOnly: no role ${roleCode} or page ${component}`);
  await db
    .insert(sysRolePermission)
    .values({ id: newId(), roleId: role.id, permissionId: page.id })
    .onConflictDoNothing();
  await t.app.ctx.perms.invalidate();
}

/** A mutation request must be refused with 403 for a user without the button permission. */
export const FORBIDDEN = 403;
