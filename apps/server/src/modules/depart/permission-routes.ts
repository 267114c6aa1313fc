import { ok, okCode0 } from '@answer/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  sysDepart,
  sysDepartPermission,
  sysDepartRole,
  sysDepartRolePermission,
  sysDepartRoleUser,
  sysPermission,
} from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { defineListEntity, listPage } from '../../platform/list-query.ts';
import { rowJson } from '../../platform/serialize.ts';
import { tenantOf, tenantWhereVia } from '../../platform/tenant-scope.ts';
import { parse } from '../../platform/validation.ts';
import { buildPermissionTree, dataRulesOf, departPermissionRows } from './permission-tree.ts';
import { dataRuleAnswer, deleteRoutes, departRolesOfTenant, editRoute } from './route-helpers.ts';
import {
  DepartDataRuleSave,
  DepartIdQuery,
  DepartPermissionBody,
  DepartPermissionEdit,
  diffIds,
  IdQuery,
  RoleIdQuery,
  SaveDeptRolePermission,
  splitIds,
} from './schema.ts';
import { existingDepart } from './service.ts';

export const DEPART_PAGES = ['system/DepartList', 'system/DepartUserList'];

const departPermissionEntity = defineListEntity({
  table: sysDepartPermission,
  sortable: ['id', 'departId', 'permissionId'],
  defaultSort: { column: 'id', order: 'desc' },
});

/** Users holding one of the depart roles: their cached permissions must be dropped after a grant change. */
export async function invalidateRoleMembers(app: FastifyInstance, roleIds: string[]): Promise<void> {
  if (!roleIds.length) return;
  const members = await app.ctx.db
    .selectDistinct({ userId: sysDepartRoleUser.userId })
    .from(sysDepartRoleUser)
    .where(inArray(sysDepartRoleUser.droleId, roleIds));
  for (const m of members) await app.ctx.perms.invalidate(m.userId);
}

/** department grants of the request's tenancy, reached through their department (ADR 017) */
const grantsOfTenant = (req: FastifyRequest) => tenantWhereVia(sysDepartPermission.departId, sysDepart, tenantOf(req));

/**
 * `/sys/sysDepartPermission/*` (contract §4.4): what a department may hand out, and its depart roles' grants. Another
 * tenant's department, role or grant answers as an unknown id (an empty tree or list, 未找到对应数据, 部门不存在！).
 */
export default async function departPermissionRoutes(app: FastifyInstance): Promise<void> {
  const B = '/sys/sysDepartPermission';
  const read = { config: { access: { menu: DEPART_PAGES } } };
  const manage = { config: { access: { perm: 'depart:permission' } } };
  const roleManage = { config: { access: { perm: 'depart:role' } } };
  const { db } = app.ctx;

  // permissions granted to the department as a tree + their ids (the depart-role authorization drawer)
  app.get(`${B}/queryTreeListForDeptRole`, read, async (req) => {
    const { departId } = parse(DepartIdQuery, req.query);
    const rows = (await existingDepart(db, departId, tenantOf(req))) ? await departPermissionRows(db, departId) : [];
    return okCode0({ treeList: buildPermissionTree(rows), ids: rows.map((r) => r.id) });
  });

  app.get(`${B}/queryDeptRolePermission`, read, async (req) => {
    const { roleId } = parse(RoleIdQuery, req.query);
    const [role] = await db
      .select({ id: sysDepartRole.id })
      .from(sysDepartRole)
      .where(and(eq(sysDepartRole.id, roleId), departRolesOfTenant(req)));
    if (!role) return okCode0([]);
    const rows = await db
      .select({ permissionId: sysDepartRolePermission.permissionId })
      .from(sysDepartRolePermission)
      .where(eq(sysDepartRolePermission.roleId, roleId));
    return okCode0(rows.map((r) => r.permissionId));
  });

  // diff save: ids new in permissionIds are granted, ids only in lastpermissionIds are revoked
  app.post(`${B}/saveDeptRolePermission`, roleManage, async (req) => {
    const body = parse(SaveDeptRolePermission, req.body);
    const [role] = await db
      .select()
      .from(sysDepartRole)
      .where(and(eq(sysDepartRole.id, body.roleId), departRolesOfTenant(req)));
    if (!role) throw bizError('部门角色不存在！');
    const { toAdd, toDelete } = diffIds(body.permissionIds, body.lastpermissionIds);
    if (toAdd.length) {
      // a depart role can only receive what its department was granted
      const allowed = new Set((await departPermissionRows(db, role.departId)).map((r) => r.id));
      if (toAdd.some((id) => !allowed.has(id))) throw bizError('授权失败！所选权限不在部门权限范围内');
    }
    const ip = req.ip;
    await db.transaction(async (tx) => {
      if (toDelete.length) {
        await tx
          .delete(sysDepartRolePermission)
          .where(
            and(eq(sysDepartRolePermission.roleId, role.id), inArray(sysDepartRolePermission.permissionId, toDelete)),
          );
      }
      if (toAdd.length) {
        await tx
          .insert(sysDepartRolePermission)
          .values(
            toAdd.map((permissionId) => ({
              id: newId(),
              departId: role.departId,
              roleId: role.id,
              permissionId,
              operateDate: new Date(),
              operateIp: ip,
            })),
          )
          .onConflictDoNothing();
      }
    });
    await invalidateRoleMembers(app, [role.id]);
    return ok(null, '保存成功！');
  });

  // ------------------------------------------------------------ plain CRUD of sys_depart_permission

  app.get(`${B}/list`, read, async (req) =>
    ok(await listPage(db, departPermissionEntity, req.query, { where: [grantsOfTenant(req)] })),
  );

  app.get(`${B}/queryById`, read, async (req) => {
    const { id } = parse(IdQuery, req.query);
    const [row] = await db
      .select()
      .from(sysDepartPermission)
      .where(and(eq(sysDepartPermission.id, id), grantsOfTenant(req)));
    if (!row) throw bizError('未找到对应数据');
    return ok(rowJson(row));
  });

  const checkRefs = async (req: FastifyRequest, departId: string, permissionId: string) => {
    if (!(await existingDepart(db, departId, tenantOf(req)))) throw bizError('部门不存在！');
    const [p] = await db
      .select({ id: sysPermission.id })
      .from(sysPermission)
      .where(and(eq(sysPermission.id, permissionId), eq(sysPermission.delFlag, 0)));
    if (!p) throw bizError('菜单权限不存在！');
  };

  app.post(`${B}/add`, manage, async (req) => {
    const body = parse(DepartPermissionBody, req.body);
    await checkRefs(req, body.departId, body.permissionId);
    const inserted = await db
      .insert(sysDepartPermission)
      .values({
        id: newId(),
        departId: body.departId,
        permissionId: body.permissionId,
        dataRuleIds: body.dataRuleIds ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: sysDepartPermission.id });
    if (!inserted.length) throw bizError('该部门已拥有此权限！');
    return ok(null, '添加成功！');
  });

  editRoute(app, B, manage, async (req) => {
    const body = parse(DepartPermissionEdit, req.body);
    const [cur] = await db
      .select()
      .from(sysDepartPermission)
      .where(and(eq(sysDepartPermission.id, body.id), grantsOfTenant(req)));
    if (!cur) throw bizError('未找到对应数据');
    await checkRefs(req, body.departId, body.permissionId);
    await db
      .update(sysDepartPermission)
      .set({ departId: body.departId, permissionId: body.permissionId, dataRuleIds: body.dataRuleIds ?? null })
      .where(eq(sysDepartPermission.id, body.id));
    return ok(null, '编辑成功!');
  });

  const removeGrants = async (req: FastifyRequest, ids: string[]) => {
    const rows = await db
      .select()
      .from(sysDepartPermission)
      .where(and(inArray(sysDepartPermission.id, ids), grantsOfTenant(req)));
    if (!rows.length) return 0;
    const own = rows.map((r) => r.id);
    const roleIds = new Set<string>();
    await db.transaction(async (tx) => {
      for (const r of rows) {
        // revoking a department grant also takes it from that department's roles
        const roles = await tx
          .select({ id: sysDepartRole.id })
          .from(sysDepartRole)
          .where(eq(sysDepartRole.departId, r.departId));
        for (const x of roles) roleIds.add(x.id);
        if (roles.length) {
          await tx.delete(sysDepartRolePermission).where(
            and(
              inArray(
                sysDepartRolePermission.roleId,
                roles.map((x) => x.id),
              ),
              eq(sysDepartRolePermission.permissionId, r.permissionId),
            ),
          );
        }
      }
      await tx.delete(sysDepartPermission).where(inArray(sysDepartPermission.id, own));
    });
    await invalidateRoleMembers(app, [...roleIds]);
    return rows.length;
  };

  deleteRoutes(app, B, manage, removeGrants);

  // ------------------------------------------------------------ data rules of a department grant

  app.get(`${B}/datarule/:permissionId/:departId`, read, async (req) => {
    const { permissionId, departId } = parse(
      DepartDataRuleSave.pick({ permissionId: true, departId: true }),
      req.params,
    );
    if (!(await existingDepart(db, departId, tenantOf(req)))) throw bizError('未找到权限配置信息');
    const rules = await dataRulesOf(db, permissionId);
    if (!rules.length) throw bizError('未找到权限配置信息');
    const [grant] = await db
      .select()
      .from(sysDepartPermission)
      .where(and(eq(sysDepartPermission.permissionId, permissionId), eq(sysDepartPermission.departId, departId)));
    return dataRuleAnswer(rules, grant?.dataRuleIds);
  });

  app.post(`${B}/datarule`, manage, async (req) => {
    const body = parse(DepartDataRuleSave, req.body);
    const [grant] = await db
      .select()
      .from(sysDepartPermission)
      .where(
        and(
          eq(sysDepartPermission.permissionId, body.permissionId),
          eq(sysDepartPermission.departId, body.departId),
          grantsOfTenant(req),
        ),
      );
    if (!grant) throw bizError('请先保存部门菜单权限!');
    const ids = splitIds(body.dataRuleIds);
    const known = new Set((await dataRulesOf(db, body.permissionId, ids)).map((r) => r.id));
    if (ids.some((id) => !known.has(id))) throw bizError('数据规则不属于该菜单！');
    await db
      .update(sysDepartPermission)
      .set({ dataRuleIds: ids.join(',') })
      .where(eq(sysDepartPermission.id, grant.id));
    return ok(null, '保存成功!');
  });
}
