import { ok } from '@answer/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sysDepartRole, sysDepartRolePermission, sysDepartRoleUser, sysUser } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { defineListEntity, listPage } from '../../platform/list-query.ts';
import { rowJson } from '../../platform/serialize.ts';
import { tenantOf, tenantWhere } from '../../platform/tenant-scope.ts';
import { parse } from '../../platform/validation.ts';
import { DEPART_PAGES, invalidateRoleMembers } from './permission-routes.ts';
import { dataRulesOf, departRuleIds } from './permission-tree.ts';
import { dataRuleAnswer, deleteRoutes, departRolesOfTenant, editRoute } from './route-helpers.ts';
import {
  DepartRoleAdd,
  DepartRoleEdit,
  DeptRoleDataRuleSave,
  DeptRoleListQuery,
  DeptRoleUserAdd,
  DeptRoleUserQuery,
  diffIds,
  IdQuery,
  idStr,
  splitIds,
} from './schema.ts';
import { departSnapshot, existingDepart, managedDepartIds } from './service.ts';
import { subtreeIds } from './tree-cache.ts';
import { departIdsOfUser } from './user-routes.ts';

const departRoleEntity = defineListEntity({
  table: sysDepartRole,
  sortable: ['createTime', 'roleName', 'roleCode', 'updateTime'],
  defaultSort: { column: 'createTime', order: 'desc' },
  searchable: ['roleName', 'roleCode', 'description', 'departId', 'createTime'],
});

export const ROLE_CODE_TAKEN = '该部门下已存在此角色编码！';

/**
 * `/sys/sysDepartRole/*` (contract §4.4). Decision: role_code is unique within its department (the same code may
 * exist in another department); checked here and answered with ROLE_CODE_TAKEN.
 */
export default async function departRoleRoutes(app: FastifyInstance): Promise<void> {
  const B = '/sys/sysDepartRole';
  const read = { config: { access: { menu: DEPART_PAGES } } };
  const manage = { config: { access: { perm: 'depart:role' } } };
  const { db } = app.ctx;

  // roles of the department and its sub-departments; without deptId a superior sees those of the departments in charge
  app.get(`${B}/list`, read, async (req) => {
    const { deptId } = parse(DeptRoleListQuery, req.query);
    const snap = await departSnapshot(app.ctx);
    let deptIds: string[];
    if (deptId) deptIds = subtreeIds(snap, [deptId]);
    else {
      const mine = managedDepartIds(req.auth!.user);
      if (!mine.length) return ok(null);
      deptIds = subtreeIds(snap, mine);
    }
    if (!deptIds.length) deptIds = ['-'];
    return ok(
      await listPage(db, departRoleEntity, req.query, {
        where: [inArray(sysDepartRole.departId, deptIds), departRolesOfTenant(req)],
      }),
    );
  });

  app.get(`${B}/queryById`, read, async (req) => {
    const { id } = parse(IdQuery, req.query);
    const [row] = await db
      .select()
      .from(sysDepartRole)
      .where(and(eq(sysDepartRole.id, id), departRolesOfTenant(req)));
    if (!row) throw bizError('未找到对应数据');
    return ok(rowJson(row));
  });

  const codeTaken = async (departId: string, roleCode: string, exceptId?: string) => {
    const hit = await db
      .select({ id: sysDepartRole.id })
      .from(sysDepartRole)
      .where(
        and(
          eq(sysDepartRole.departId, departId),
          eq(sysDepartRole.roleCode, roleCode),
          exceptId ? ne(sysDepartRole.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return hit.length > 0;
  };

  app.post(`${B}/add`, manage, async (req) => {
    const body = parse(DepartRoleAdd, req.body);
    if (!(await existingDepart(db, body.departId, tenantOf(req)))) throw bizError('部门不存在！');
    if (await codeTaken(body.departId, body.roleCode)) throw bizError(ROLE_CODE_TAKEN);
    await db.insert(sysDepartRole).values({
      id: newId(),
      departId: body.departId,
      roleName: body.roleName,
      roleCode: body.roleCode,
      description: body.description ?? null,
      createBy: req.auth!.user.username,
      createTime: new Date(),
    });
    return ok(null, '添加成功！');
  });

  editRoute(app, B, manage, async (req) => {
    const body = parse(DepartRoleEdit, req.body);
    const [cur] = await db
      .select()
      .from(sysDepartRole)
      .where(and(eq(sysDepartRole.id, body.id), departRolesOfTenant(req)));
    if (!cur) throw bizError('未找到对应数据');
    if (await codeTaken(cur.departId, body.roleCode, cur.id)) throw bizError(ROLE_CODE_TAKEN);
    await db
      .update(sysDepartRole)
      .set({
        roleName: body.roleName,
        roleCode: body.roleCode,
        ...(body.description !== undefined ? { description: body.description } : {}),
        updateBy: req.auth!.user.username,
        updateTime: new Date(),
      })
      .where(eq(sysDepartRole.id, cur.id));
    return ok(null, '编辑成功!');
  });

  /** deletes roles with their grants and memberships; members lose the permissions at once */
  const removeRoles = async (req: FastifyRequest, ids: string[]) => {
    const roles = await db
      .select({ id: sysDepartRole.id })
      .from(sysDepartRole)
      .where(and(inArray(sysDepartRole.id, ids), departRolesOfTenant(req)));
    const roleIds = roles.map((r) => r.id);
    if (!roleIds.length) return 0;
    const members = await db
      .selectDistinct({ userId: sysDepartRoleUser.userId })
      .from(sysDepartRoleUser)
      .where(inArray(sysDepartRoleUser.droleId, roleIds));
    await db.transaction(async (tx) => {
      await tx.delete(sysDepartRoleUser).where(inArray(sysDepartRoleUser.droleId, roleIds));
      await tx.delete(sysDepartRolePermission).where(inArray(sysDepartRolePermission.roleId, roleIds));
      await tx.delete(sysDepartRole).where(inArray(sysDepartRole.id, roleIds));
    });
    for (const m of members) await app.ctx.perms.invalidate(m.userId);
    return roleIds.length;
  };

  deleteRoutes(app, B, manage, removeRoles);

  // the roles of a department (the user's assignment dialog)
  app.get(`${B}/getDeptRoleList`, read, async (req) => {
    const { departId } = parse(DeptRoleUserQuery.pick({ departId: true }).loose(), req.query);
    const rows = await db
      .select()
      .from(sysDepartRole)
      .where(and(eq(sysDepartRole.departId, departId), departRolesOfTenant(req)));
    return ok(rows.map((r) => rowJson(r)));
  });

  // the user's memberships among that department's roles
  app.get(`${B}/getDeptRoleByUserId`, read, async (req) => {
    const { departId, userId } = parse(DeptRoleUserQuery, req.query);
    const roles = await db
      .select({ id: sysDepartRole.id })
      .from(sysDepartRole)
      .where(and(eq(sysDepartRole.departId, departId), departRolesOfTenant(req)));
    if (!roles.length) return ok([]);
    const rows = await db
      .select()
      .from(sysDepartRoleUser)
      .where(
        and(
          eq(sysDepartRoleUser.userId, userId),
          inArray(
            sysDepartRoleUser.droleId,
            roles.map((r) => r.id),
          ),
        ),
      );
    return ok(rows);
  });

  // diff of a user's depart roles: newRoleId (wanted, comma list) against oldRoleId (shown before)
  app.post(`${B}/deptRoleUserAdd`, manage, async (req) => {
    const body = parse(DeptRoleUserAdd, req.body);
    const { toAdd, toDelete } = diffIds(body.newRoleId, body.oldRoleId);
    const [user] = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(eq(sysUser.id, body.userId), eq(sysUser.delFlag, 0), tenantWhere(sysUser, tenantOf(req))));
    if (!user) throw bizError('用户不存在！');
    if (toDelete.length) {
      // only memberships of the tenant's department roles can be taken away (ADR 017)
      const own = await db
        .select({ id: sysDepartRole.id })
        .from(sysDepartRole)
        .where(and(inArray(sysDepartRole.id, toDelete), departRolesOfTenant(req)));
      if (own.length !== toDelete.length) throw bizError('部门角色不存在！');
    }
    if (toAdd.length) {
      const roles = await db
        .select()
        .from(sysDepartRole)
        .where(and(inArray(sysDepartRole.id, toAdd), departRolesOfTenant(req)));
      if (roles.length !== toAdd.length) throw bizError('部门角色不存在！');
      // a user only takes roles of departments they belong to
      const deps = new Set(await departIdsOfUser(db, body.userId));
      if (roles.some((r) => !deps.has(r.departId))) throw bizError('用户不属于该部门，无法分配部门角色！');
    }
    await db.transaction(async (tx) => {
      if (toDelete.length) {
        await tx
          .delete(sysDepartRoleUser)
          .where(and(eq(sysDepartRoleUser.userId, body.userId), inArray(sysDepartRoleUser.droleId, toDelete)));
      }
      if (toAdd.length) {
        await tx
          .insert(sysDepartRoleUser)
          .values(toAdd.map((droleId) => ({ id: newId(), userId: body.userId, droleId })))
          .onConflictDoNothing();
      }
    });
    await app.ctx.perms.invalidate(body.userId);
    return ok(null, '添加成功！');
  });

  // ------------------------------------------------------------ data rules of a depart role grant

  const RuleParams = z.object({
    permissionId: idStr('permissionId'),
    departId: idStr('departId'),
    roleId: idStr('roleId'),
  });

  app.get(`${B}/datarule/:permissionId/:departId/:roleId`, read, async (req) => {
    const { permissionId, departId, roleId } = parse(RuleParams, req.params);
    const [role] = await db
      .select({ id: sysDepartRole.id })
      .from(sysDepartRole)
      .where(and(eq(sysDepartRole.id, roleId), departRolesOfTenant(req)));
    if (!role || !(await existingDepart(db, departId, tenantOf(req)))) throw bizError('未找到权限配置信息');
    const rules = await dataRulesOf(db, permissionId, await departRuleIds(db, departId, permissionId));
    if (!rules.length) throw bizError('未找到权限配置信息');
    const [grant] = await db
      .select()
      .from(sysDepartRolePermission)
      .where(and(eq(sysDepartRolePermission.permissionId, permissionId), eq(sysDepartRolePermission.roleId, roleId)));
    return dataRuleAnswer(rules, grant?.dataRuleIds);
  });

  app.post(`${B}/datarule`, manage, async (req) => {
    const body = parse(DeptRoleDataRuleSave, req.body);
    const [role] = await db
      .select()
      .from(sysDepartRole)
      .where(and(eq(sysDepartRole.id, body.roleId), departRolesOfTenant(req)));
    if (!role) throw bizError('部门角色不存在！');
    const [grant] = await db
      .select()
      .from(sysDepartRolePermission)
      .where(
        and(
          eq(sysDepartRolePermission.permissionId, body.permissionId),
          eq(sysDepartRolePermission.roleId, body.roleId),
        ),
      );
    if (!grant) throw bizError('请先保存角色菜单权限!');
    const allowed = new Set(await departRuleIds(db, role.departId, body.permissionId));
    const ids = splitIds(body.dataRuleIds);
    if (ids.some((id) => !allowed.has(id))) throw bizError('数据规则不在部门授权范围内！');
    await db
      .update(sysDepartRolePermission)
      .set({ dataRuleIds: ids.join(','), operateDate: new Date(), operateIp: req.ip })
      .where(eq(sysDepartRolePermission.id, grant.id));
    await invalidateRoleMembers(app, [body.roleId]);
    return ok(null, '保存成功!');
  });
}
