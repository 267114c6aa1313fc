import { ok, okCode0 } from '@answer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Access } from '../../context.ts';
import { PreparedAnswer } from '../../platform/prepared-answer.ts';
import { tenantOf } from '../../platform/tenant-scope.ts';
import { parse } from '../../platform/validation.ts';
import { departPermissionIds, rolePermissionIds, saveDepartPermission, saveRolePermission } from './grants.ts';
import {
  addPermission,
  allPermissionRows,
  childRows,
  deletePermissions,
  editPermission,
  MENU_TYPE,
  rootRows,
  withAncestors,
} from './manage.ts';
import { addRule, deleteRule, editRule, queryRules, ruleJson, rulesOfPermission } from './rules.ts';
import {
  DataRuleInput,
  IdQuery,
  IdsQuery,
  idList,
  idString,
  PermissionInput,
  RuleQuery,
  SaveDepartPermissionBody,
  SaveRolePermissionBody,
} from './schema.ts';
import { userPermCode, userPermissionResult } from './service.ts';
import { buildForest, permissionTreeNode, treeModelNode } from './tree.ts';

const PAGE = 'system/PermissionList';
const ROLE_PAGES = ['system/RoleList', 'system/RoleUserList'];

const READ: Access = { menu: PAGE };
/** the whole tree as TreeModel: the menu page, the role pages (authorise) and the department page (depart rights) */
const TREE_READ: Access = { menu: [PAGE, ...ROLE_PAGES, 'system/DepartList'] };
const ROLE_GRANT_READ: Access = { menu: ROLE_PAGES, perm: 'role:authorize' };
const DEPART_GRANT_READ: Access = { menu: 'system/DepartList', perm: 'depart:permission' };
const RULE_READ: Access = { menu: PAGE, perm: ['permission:datarule', 'role:authorize'] };

const by = (req: FastifyRequest) => req.auth!.user.username;

export default async function routes(app: FastifyInstance): Promise<void> {
  const { perms } = app.ctx;
  /** menus and grants changed: every user's permission set is recomputed on the next request */
  const changed = () => perms.invalidate();

  // contract §3: the signed-in user's menu tree, button permissions and every button permission — built once per user
  // and kept ready to send until the user's grants or the menu table change (perms.memo, ADR 014)
  app.get('/sys/permission/getUserPermissionByToken', { config: { access: 'authenticated' } }, async (req, reply) => {
    const { db, config } = app.ctx;
    const userId = req.auth!.user.id;
    const answer = await perms.memo(userId, `menu:${config.safeMode}`, async () => {
      const result = await userPermissionResult(db, userId, config.safeMode);
      return new PreparedAnswer(JSON.stringify(result), { code: 200, message: '查询成功' });
    });
    return answer.send(req, reply);
  });

  // (3.x) the same permissions as a flat code list (Result.OK(data): message '')
  app.get('/sys/permission/getPermCode', { config: { access: 'authenticated' } }, async (req, reply) => {
    const { db, config } = app.ctx;
    const userId = req.auth!.user.id;
    const answer = await perms.memo(userId, `code:${config.safeMode}`, async () => {
      const result = await userPermCode(db, userId, config.safeMode);
      return new PreparedAnswer(JSON.stringify(result), { code: 200 });
    });
    return answer.send(req, reply);
  });

  // ---------------------------------------------------------------- menu tree reads

  // the whole menu tree (SysPermissionTree); `name` keeps the hits and the path to them (3.x search)
  app.get('/sys/permission/list', { config: { access: READ } }, async (req) => {
    const q = parse(z.object({ name: z.string().max(100).optional() }), req.query);
    const all = await allPermissionRows(app.ctx.db);
    const name = q.name?.trim();
    const rows = name ? withAncestors(all, (r) => (r.name ?? '').includes(name)) : all;
    return okCode0(buildForest(rows, permissionTreeNode));
  });

  app.get('/sys/permission/getSystemMenuList', { config: { access: READ } }, async () => {
    const rows = await allPermissionRows(app.ctx.db, [MENU_TYPE.top]);
    return okCode0(rows.map(permissionTreeNode));
  });

  app.get('/sys/permission/getSystemSubmenu', { config: { access: READ } }, async (req) => {
    const q = parse(z.object({ parentId: idString }), req.query);
    return okCode0((await childRows(app.ctx.db, [q.parentId])).map(permissionTreeNode));
  });

  app.get('/sys/permission/getSystemSubmenuBatch', { config: { access: READ } }, async (req) => {
    const q = parse(z.object({ parentIds: idList(500) }), req.query);
    const rows = await childRows(app.ctx.db, q.parentIds);
    const out: Record<string, ReturnType<typeof permissionTreeNode>[]> = {};
    for (const id of q.parentIds) out[id] = [];
    for (const r of rows) out[r.parentId!]?.push(permissionTreeNode(r));
    return okCode0(out);
  });

  app.get('/sys/permission/queryTreeList', { config: { access: TREE_READ } }, async () => {
    const rows = await allPermissionRows(app.ctx.db);
    return okCode0({ treeList: buildForest(rows, treeModelNode), ids: rows.map((r) => r.id) });
  });

  app.get('/sys/permission/queryListAsync', { config: { access: TREE_READ } }, async (req) => {
    const q = parse(z.object({ pid: z.union([idString, z.literal('')]).optional() }), req.query);
    const rows = q.pid ? await childRows(app.ctx.db, [q.pid]) : await rootRows(app.ctx.db);
    return okCode0(rows.map(treeModelNode));
  });

  // ---------------------------------------------------------------- grants

  app.get('/sys/permission/queryRolePermission', { config: { access: ROLE_GRANT_READ } }, async (req) => {
    const q = parse(z.object({ roleId: idString }), req.query);
    return okCode0(await rolePermissionIds(app.ctx.db, q.roleId, tenantOf(req)));
  });

  app.post('/sys/permission/saveRolePermission', { config: { access: { perm: 'role:authorize' } } }, async (req) => {
    const body = parse(SaveRolePermissionBody, req.body);
    await saveRolePermission(app.ctx.db, body, req.ip, tenantOf(req));
    await changed();
    return ok(null, '保存成功！');
  });

  app.get('/sys/permission/queryDepartPermission', { config: { access: DEPART_GRANT_READ } }, async (req) => {
    const q = parse(z.object({ departId: idString }), req.query);
    return okCode0(await departPermissionIds(app.ctx.db, q.departId, tenantOf(req)));
  });

  app.post(
    '/sys/permission/saveDepartPermission',
    { config: { access: { perm: 'depart:permission' } } },
    async (req) => {
      const body = parse(SaveDepartPermissionBody, req.body);
      await saveDepartPermission(app.ctx.db, body, tenantOf(req));
      await changed();
      return ok(null, '保存成功！');
    },
  );

  // ---------------------------------------------------------------- menu rows

  app.post('/sys/permission/add', { config: { access: { perm: 'permission:add' } } }, async (req) => {
    const input = parse(PermissionInput, req.body);
    await addPermission(app.ctx.db, input, req.auth!.user);
    await changed();
    return ok(null, '添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/permission/edit',
    config: { access: { perm: 'permission:edit' } },
    handler: async (req) => {
      const input = parse(PermissionInput.extend({ id: idString }), req.body);
      await editPermission(app.ctx.db, input, by(req));
      await changed();
      return ok(null, '修改成功！');
    },
  });

  app.delete('/sys/permission/delete', { config: { access: { perm: 'permission:delete' } } }, async (req) => {
    const q = parse(IdQuery, req.query);
    await deletePermissions(app.ctx.db, [q.id]);
    await changed();
    return ok(null, '删除成功!');
  });

  app.delete('/sys/permission/deleteBatch', { config: { access: { perm: 'permission:deleteBatch' } } }, async (req) => {
    const q = parse(IdsQuery, req.query);
    await deletePermissions(app.ctx.db, q.ids);
    await changed();
    return ok(null, '删除成功!');
  });

  // ---------------------------------------------------------------- data rules

  app.get('/sys/permission/getPermRuleListByPermId', { config: { access: RULE_READ } }, async (req) => {
    const q = parse(z.object({ permissionId: idString }), req.query);
    return okCode0((await rulesOfPermission(app.ctx.db, q.permissionId)).map(ruleJson));
  });

  app.get('/sys/permission/queryPermissionRule', { config: { access: RULE_READ } }, async (req) => {
    const q = parse(RuleQuery, req.query);
    return okCode0((await queryRules(app.ctx.db, q)).map(ruleJson));
  });

  app.post(
    '/sys/permission/addPermissionRule',
    { config: { access: { perm: 'permission:datarule' } } },
    async (req) => {
      const input = parse(DataRuleInput, req.body);
      await addRule(app.ctx.db, input, by(req));
      await changed();
      return ok(null, '添加成功!');
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/permission/editPermissionRule',
    config: { access: { perm: 'permission:datarule' } },
    handler: async (req) => {
      const input = parse(DataRuleInput.extend({ id: idString }), req.body);
      await editRule(app.ctx.db, input, by(req));
      await changed();
      return ok(null, '修改成功!');
    },
  });

  app.delete(
    '/sys/permission/deletePermissionRule',
    { config: { access: { perm: 'permission:datarule' } } },
    async (req) => {
      const q = parse(IdQuery, req.query);
      await deleteRule(app.ctx.db, q.id);
      await changed();
      return ok(null, '删除成功!');
    },
  );
}
