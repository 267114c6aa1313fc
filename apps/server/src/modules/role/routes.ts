import { ok, okCode0 } from '@answer/contract';
import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Access } from '../../context.ts';
import { sysRole } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { type ExcelColumn, exportList, importAnswer, readImport } from '../../platform/excel.ts';
import { newId } from '../../platform/ids.ts';
import { listPage } from '../../platform/list-query.ts';
import { stampTenantId, tenantOf, tenantWhere } from '../../platform/tenant-scope.ts';
import { parse } from '../../platform/validation.ts';
import { allPermissionRows } from '../permission/manage.ts';
import { buildForest, roleTreeNode } from '../permission/tree.ts';
import {
  AddUserRoleBody,
  CheckRoleCodeQuery,
  DeleteUserRoleBatchQuery,
  DeleteUserRoleQuery,
  idList,
  idString,
  RoleAddBody,
  RoleDataRuleBody,
  RoleEditBody,
} from './schema.ts';
import {
  addRole,
  addUsersToRole,
  deleteRoles,
  editRole,
  memberOf,
  ROLE_CODE_TAKEN,
  ROLE_NOT_FOUND,
  removeUsersFromRole,
  roleById,
  roleCodeTaken,
  roleDataRules,
  roleEntity,
  roleJson,
  roleUserEntity,
  saveRoleDataRules,
} from './service.ts';

const ROLE_PAGES = ['system/RoleList', 'system/RoleUserList'];
/** reading roles: the role pages */
const READ: Access = { menu: ROLE_PAGES };
/** role lists also feed the user form's role select (users who may add or edit users) */
const PICK: Access = { menu: ROLE_PAGES, perm: ['user:add', 'user:edit'] };
const USERS_READ: Access = { menu: ROLE_PAGES, perm: 'role:users' };

export const ROLE_EXCEL_COLUMNS: readonly ExcelColumn[] = [
  { key: 'roleName', title: '角色名称', width: 20 },
  { key: 'roleCode', title: '角色编码', width: 20 },
  { key: 'description', title: '描述', width: 30 },
  { key: 'createTime', title: '创建时间', width: 20 },
];

const by = (req: FastifyRequest) => req.auth!.user.username;

/**
 * Roles (contract §4.2) and the role-membership endpoints JeecgBoot keeps under /sys/user (§4.1 userRoleList,
 * addSysUserRole, deleteUserRole, deleteUserRoleBatch). Every change of grants or members drops the cached permission
 * sets (app.ctx.perms.invalidate), so it applies to the users' next request without a new login.
 */
export default async function routes(app: FastifyInstance): Promise<void> {
  const { perms } = app.ctx;

  app.get('/sys/role/list', { config: { access: PICK } }, async (req) =>
    okCode0(await listPage(app.ctx, roleEntity, req.query, { tenant: tenantOf(req) })),
  );

  app.post('/sys/role/add', { config: { access: { perm: 'role:add' } } }, async (req) => {
    const body = parse(RoleAddBody, req.body);
    await addRole(app.ctx.db, body, by(req), tenantOf(req));
    return ok(null, '添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/role/edit',
    config: { access: { perm: 'role:edit' } },
    handler: async (req) => {
      const body = parse(RoleEditBody, req.body);
      await editRole(app.ctx.db, body, by(req), tenantOf(req));
      return ok(null, '修改成功!');
    },
  });

  app.delete('/sys/role/delete', { config: { access: { perm: 'role:delete' } } }, async (req) => {
    const q = parse(z.object({ id: idString }), req.query);
    if (!(await roleById(app.ctx.db, q.id, tenantOf(req)))) throw bizError(ROLE_NOT_FOUND);
    await deleteRoles(app.ctx.db, [q.id], tenantOf(req));
    await perms.invalidate();
    return ok(null, '删除角色成功');
  });

  app.delete('/sys/role/deleteBatch', { config: { access: { perm: 'role:deleteBatch' } } }, async (req) => {
    const q = parse(z.object({ ids: idList(1000) }), req.query);
    if (q.ids.length === 0) throw bizError('未选中角色！');
    await deleteRoles(app.ctx.db, q.ids, tenantOf(req));
    await perms.invalidate();
    return ok(null, '删除角色成功!');
  });

  app.get('/sys/role/queryById', { config: { access: PICK } }, async (req) => {
    const q = parse(z.object({ id: idString }), req.query);
    const role = await roleById(app.ctx.db, q.id, tenantOf(req));
    if (!role) throw bizError(ROLE_NOT_FOUND);
    return okCode0(roleJson(role));
  });

  app.get('/sys/role/queryall', { config: { access: PICK } }, async (req) => {
    const rows = await app.ctx.db
      .select()
      .from(sysRole)
      .where(tenantWhere(sysRole, tenantOf(req)))
      .orderBy(asc(sysRole.createTime), asc(sysRole.id));
    if (rows.length === 0) throw bizError('未找到角色信息');
    return okCode0(rows.map(roleJson));
  });

  // checked as the code is typed in the role form
  app.get(
    '/sys/role/checkRoleCode',
    { config: { access: { menu: ROLE_PAGES, perm: ['role:add', 'role:edit'] } } },
    async (req) => {
      const q = parse(CheckRoleCodeQuery, req.query);
      const code = q.roleCode.trim();
      if (code && (await roleCodeTaken(app.ctx.db, code, q.id || undefined))) {
        return { success: false, message: ROLE_CODE_TAKEN, code: 500, result: true, timestamp: Date.now() };
      }
      return okCode0(true);
    },
  );

  // the permission tree of the authorise drawer, with every id (for 全部勾选)
  app.get('/sys/role/queryTreeList', { config: { access: READ } }, async () => {
    const rows = await allPermissionRows(app.ctx.db);
    return okCode0({ treeList: buildForest(rows, roleTreeNode), ids: rows.map((r) => r.id) });
  });

  app.get(
    '/sys/role/datarule/:permissionId/:roleId',
    { config: { access: { perm: 'role:authorize' } } },
    async (req) => {
      const p = parse(z.object({ permissionId: idString, roleId: idString }), req.params);
      if (!(await roleById(app.ctx.db, p.roleId, tenantOf(req)))) throw bizError(ROLE_NOT_FOUND);
      return ok(await roleDataRules(app.ctx.db, p.permissionId, p.roleId));
    },
  );

  app.post('/sys/role/datarule', { config: { access: { perm: 'role:authorize' } } }, async (req) => {
    const body = parse(RoleDataRuleBody, req.body);
    if (!(await roleById(app.ctx.db, body.roleId, tenantOf(req)))) throw bizError(ROLE_NOT_FOUND);
    await saveRoleDataRules(app.ctx.db, body);
    await perms.invalidate();
    return ok(null, '保存成功!');
  });

  app.get('/sys/role/exportXls', { config: { access: { perm: 'role:export' } } }, async (req, reply) =>
    exportList(app, req, reply, { entity: roleEntity, columns: ROLE_EXCEL_COLUMNS, fileName: '角色列表' }),
  );

  app.post('/sys/role/importExcel', { config: { access: { perm: 'role:import' } } }, async (req) => {
    const { rows } = await readImport(req, { columns: ROLE_EXCEL_COLUMNS });
    const errors: Array<{ rowNo: number; message: string }> = [];
    const good: Array<{ rowNo: number; roleName: string; roleCode: string; description: string | null }> = [];
    const seen = new Set<string>();
    for (const row of rows) {
      const r = RoleAddBody.safeParse({
        roleName: row.values.roleName ?? '',
        roleCode: row.values.roleCode ?? '',
        description: row.values.description || null,
      });
      if (!r.success) {
        errors.push({ rowNo: row.rowNo, message: r.error.issues[0].message });
        continue;
      }
      if (seen.has(r.data.roleCode) || (await roleCodeTaken(app.ctx.db, r.data.roleCode))) {
        errors.push({ rowNo: row.rowNo, message: `${ROLE_CODE_TAKEN}：${r.data.roleCode}` });
        continue;
      }
      seen.add(r.data.roleCode);
      good.push({ rowNo: row.rowNo, ...r.data, description: r.data.description ?? null });
    }
    if (good.length) {
      const now = new Date();
      await app.ctx.db.transaction(async (tx) => {
        await tx.insert(sysRole).values(
          good.map((g) => ({
            id: newId(),
            roleName: g.roleName,
            roleCode: g.roleCode,
            description: g.description,
            tenantId: stampTenantId(tenantOf(req)),
            createBy: by(req),
            createTime: now,
          })),
        );
      });
    }
    return importAnswer(app, { total: rows.length, imported: good.length, errors });
  });

  // ---------------------------------------------------------------- role members (JeecgBoot: /sys/user/…)

  app.get('/sys/user/userRoleList', { config: { access: USERS_READ } }, async (req) => {
    const q = (req.query ?? {}) as Record<string, unknown>;
    const roleId = parse(z.object({ roleId: z.union([idString, z.literal('')]).optional() }), {
      roleId: q.roleId,
    }).roleId;
    // no role chosen yet: an empty page (JeecgBoot queries role_id = null)
    return okCode0(
      await listPage(app.ctx, roleUserEntity, q, {
        where: roleId ? memberOf(roleId) : sql`false`,
        tenant: tenantOf(req),
      }),
    );
  });

  app.post('/sys/user/addSysUserRole', { config: { access: { perm: 'role:users' } } }, async (req) => {
    const body = parse(AddUserRoleBody, req.body);
    const ids = await addUsersToRole(app.ctx.db, body.roleId, body.userIdList, tenantOf(req));
    for (const id of ids) await perms.invalidate(id);
    return ok(null, '添加成功!');
  });

  app.delete('/sys/user/deleteUserRole', { config: { access: { perm: 'role:users' } } }, async (req) => {
    const q = parse(DeleteUserRoleQuery, req.query);
    if (!(await roleById(app.ctx.db, q.roleId, tenantOf(req)))) throw bizError(ROLE_NOT_FOUND);
    await removeUsersFromRole(app.ctx.db, q.roleId, [q.userId]);
    await perms.invalidate(q.userId);
    return ok(null, '删除成功!');
  });

  app.delete('/sys/user/deleteUserRoleBatch', { config: { access: { perm: 'role:users' } } }, async (req) => {
    const q = parse(DeleteUserRoleBatchQuery, req.query);
    if (q.userIds.length === 0) throw bizError('请选择用户');
    if (!(await roleById(app.ctx.db, q.roleId, tenantOf(req)))) throw bizError(ROLE_NOT_FOUND);
    await removeUsersFromRole(app.ctx.db, q.roleId, q.userIds);
    for (const id of q.userIds) await perms.invalidate(id);
    return ok(null, '删除成功!');
  });
}
