import { ok, okCode0 } from '@answer/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { sysDepart, sysDepartRole, sysDepartRoleUser, sysUser, sysUserDepart } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { defineListEntity, escapeLike, listPage } from '../../platform/list-query.ts';
import { type Tenancy, tenantOf, tenantWhere, tenantWhereVia } from '../../platform/tenant-scope.ts';
import { parse } from '../../platform/validation.ts';
import { DEPART_PAGES } from './permission-routes.ts';
import { DeleteUserInDepart, DeleteUserInDepartBatch, DepartUserListQuery, EditDepartWithUser } from './schema.ts';
import { departSnapshot, existingDepart, managedDepartIds } from './service.ts';
import { subtreeIds } from './tree-cache.ts';

/** sys_user as the department user tab lists it (password and salt are never selected). */
const departUserEntity = defineListEntity({
  table: sysUser,
  sortable: ['createTime', 'username', 'realname', 'sex', 'workNo', 'status'],
  defaultSort: { column: 'createTime', order: 'desc' },
  dictFields: { sex: 'sex', status: 'user_status' },
  searchable: ['realname', 'sex', 'status', 'phone', 'email', 'workNo', 'post'],
  where: () => eq(sysUser.delFlag, 0),
});

/** user id → names of the departments of the tenancy the user belongs to, joined with "," */
export async function departNamesByUser(db: Db, userIds: string[], tenancy: Tenancy): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!userIds.length) return out;
  const rows = await db
    .select({ userId: sysUserDepart.userId, name: sysDepart.departName })
    .from(sysUserDepart)
    .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
    .where(and(inArray(sysUserDepart.userId, userIds), tenantWhere(sysDepart, tenancy)))
    .orderBy(sysDepart.departOrder, sysDepart.orgCode);
  for (const r of rows) out.set(r.userId, out.has(r.userId) ? `${out.get(r.userId)},${r.name}` : r.name);
  return out;
}

/** ids of the departments the user belongs to */
export async function departIdsOfUser(db: Db, userId: string): Promise<string[]> {
  const links = await db
    .select({ depId: sysUserDepart.depId })
    .from(sysUserDepart)
    .where(eq(sysUserDepart.userId, userId));
  return links.map((l) => l.depId);
}

/** Removes memberships (and the user's roles of that department); returns how many links were removed. */
async function removeFromDepart(
  app: FastifyInstance,
  depId: string,
  userIds: string[],
  tenancy: Tenancy,
): Promise<number> {
  const { db } = app.ctx;
  // another tenant's department has no members as far as this tenancy is concerned
  if (!(await existingDepart(db, depId, tenancy))) return 0;
  const removed = await db.transaction(async (tx) => {
    const gone = await tx
      .delete(sysUserDepart)
      .where(and(eq(sysUserDepart.depId, depId), inArray(sysUserDepart.userId, userIds)))
      .returning({ userId: sysUserDepart.userId });
    if (!gone.length) return [];
    const roles = await tx
      .select({ id: sysDepartRole.id })
      .from(sysDepartRole)
      .where(eq(sysDepartRole.departId, depId));
    if (roles.length) {
      await tx.delete(sysDepartRoleUser).where(
        and(
          inArray(
            sysDepartRoleUser.userId,
            gone.map((g) => g.userId),
          ),
          inArray(
            sysDepartRoleUser.droleId,
            roles.map((r) => r.id),
          ),
        ),
      );
    }
    return gone.map((g) => g.userId);
  });
  for (const u of removed) await app.ctx.perms.invalidate(u);
  return removed.length;
}

/** The depart-user endpoints JeecgBoot keeps under /sys/user (contract §4.1, last rows). */
export default async function departUserRoutes(app: FastifyInstance): Promise<void> {
  const read = { config: { access: { menu: DEPART_PAGES } } };
  const manage = { config: { access: { perm: 'depart:users' } } };
  const { db } = app.ctx;

  // users of a department and its sub-departments (orgCode = their department names); no depId → a superior's own
  app.get('/sys/user/departUserList', read, async (req) => {
    const q = parse(DepartUserListQuery, req.query);
    const snap = await departSnapshot(app.ctx);
    const depIds = q.depId ? subtreeIds(snap, [q.depId]) : subtreeIds(snap, managedDepartIds(req.auth!.user));
    if (!depIds.length) return okCode0(null);
    const where = [
      sql`${sysUser.id} in (select ${sysUserDepart.userId} from ${sysUserDepart} where ${and(inArray(sysUserDepart.depId, depIds), tenantWhereVia(sysUserDepart.depId, sysDepart, tenantOf(req)))})`,
      q.username ? sql`${sysUser.username} ilike ${`%${escapeLike(q.username)}%`} escape '\\'` : undefined,
    ];
    const { username: _u, ...rest } = req.query as Record<string, unknown>;
    const page = await listPage(app.ctx, departUserEntity, rest, { where, tenant: tenantOf(req) });
    const names = await departNamesByUser(
      db,
      page.records.map((r) => String(r.id)),
      tenantOf(req),
    );
    for (const r of page.records) r.orgCode = names.get(String(r.id)) ?? null;
    return okCode0(page);
  });

  app.post('/sys/user/editSysDepartWithUser', manage, async (req) => {
    const body = parse(EditDepartWithUser, req.body);
    if (!(await existingDepart(db, body.depId, tenantOf(req)))) throw bizError('部门不存在！');
    const ids = [...new Set(body.userIdList)];
    const users = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(inArray(sysUser.id, ids), eq(sysUser.delFlag, 0), tenantWhere(sysUser, tenantOf(req))));
    if (users.length !== ids.length) throw bizError('用户不存在！');
    await db
      .insert(sysUserDepart)
      .values(ids.map((userId) => ({ id: newId(), userId, depId: body.depId })))
      .onConflictDoNothing();
    for (const u of ids) await app.ctx.perms.invalidate(u);
    return okCode0(null, '添加成功!');
  });

  app.delete('/sys/user/deleteUserInDepart', manage, async (req) => {
    const q = parse(DeleteUserInDepart, req.query);
    if (!(await removeFromDepart(app, q.depId, [q.userId], tenantOf(req))))
      throw bizError('当前选中部门与用户无关联关系!');
    return ok(null, '删除成功!');
  });

  app.delete('/sys/user/deleteUserInDepartBatch', manage, async (req) => {
    const q = parse(DeleteUserInDepartBatch, req.query);
    if (!q.userIds.length) throw bizError('请选择用户！');
    if (!(await removeFromDepart(app, q.depId, q.userIds, tenantOf(req))))
      throw bizError('当前选中部门与用户无关联关系!');
    return ok(null, '删除成功!');
  });
}
