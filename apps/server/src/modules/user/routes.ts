import { fail, ok, okCode0, PAGE_SIZE_MAX } from '@answer/contract';
import { and, asc, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sysUser } from '../../db/schema/index.ts';
import { pageDataRules } from '../../platform/data-rules.ts';
import { bizError } from '../../platform/errors.ts';
import { uuid32 } from '../../platform/ids.ts';
import { listPage, listWhere, type RowRef } from '../../platform/list-query.ts';
import { userJson } from '../../platform/serialize.ts';
import { tenantOf, tenantWhere } from '../../platform/tenant-scope.ts';
import { parse } from '../../platform/validation.ts';
import { exportUsers, importUsers } from './excel-io.ts';
import { LOCK_MSG, liftLoginLock, loginLocks } from './login-lock.ts';
import {
  AddUserBody,
  ComponentDataQuery,
  DepUsersQuery,
  EditUserBody,
  FrozenBody,
  IdQuery,
  IdsQuery,
  ListQuery,
  QueryByIdsQuery,
  QueryUserRoleQuery,
  UserDepartListQuery,
  UserIdsBody,
} from './schema.ts';
import {
  type Actor,
  addUser,
  containsFilter,
  deleteUsers,
  departAndBelow,
  departNamesSql,
  editUser,
  findActiveUser,
  MSG,
  memberOf,
  pickerEntity,
  pickerJson,
  purgeUsers,
  RESERVED_USERNAME,
  recycleBin,
  restoreUsers,
  setUsersStatus,
  userDepartOptions,
  userEntity,
  userRoleIds,
  withOrgCodeTxt,
} from './service.ts';

/** reads of one user's details: the user page, and the pages that embed the user form (role users, depart users) */
const USER_DETAIL_READ = { menu: ['system/UserList', 'system/RoleUserList', 'system/DepartUserList'] };
const LIST_READ = { menu: 'system/UserList' };

const actorOf = (req: FastifyRequest): Actor => ({
  id: req.auth!.user.id,
  username: req.auth!.user.username,
  tenancy: tenantOf(req),
});

/** User management (contract §4.1). Self-service and sign-in routes live in modules/auth. */
export default async function userRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  // ---------- list ----------

  app.get('/sys/user/list', { config: { access: LIST_READ } }, async (req) => {
    const q = parse(ListQuery, req.query);
    const where = [
      q.departId ? memberOf([q.departId]) : undefined,
      q.code ? (q.code.length ? inArray(sysUser.id, q.code) : undefined) : undefined,
    ];
    const tenant = tenantOf(req);
    const dataRules = await pageDataRules(ctx, req.auth!.user, 'system/UserList');
    const extras = { orgCodeTxt: (r: RowRef) => departNamesSql(r('id'), tenant) };
    // the department names depend on the tenancy alone: rendered once per tenancy (PageOptions.extrasKey)
    const extrasKey = 'user-list:orgCodeTxt';
    return okCode0(await listPage(ctx, userEntity, req.query, { where, dataRules, tenant, extras, extrasKey }));
  });

  // ---------- add / edit ----------

  app.post('/sys/user/add', { config: { access: { perm: 'user:add' } } }, async (req) => {
    await addUser(app, actorOf(req), parse(AddUserBody, req.body));
    return ok(null, '添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/user/edit',
    config: { access: { perm: 'user:edit' } },
    handler: async (req) => {
      await editUser(app, actorOf(req), parse(EditUserBody, req.body));
      return ok(null, '修改成功!');
    },
  });

  // ---------- delete / freeze ----------

  app.delete('/sys/user/delete', { config: { access: { perm: 'user:delete' } } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    await deleteUsers(app, actorOf(req), [id]);
    return ok(null, '删除用户成功');
  });

  app.delete('/sys/user/deleteBatch', { config: { access: { perm: 'user:deleteBatch' } } }, async (req) => {
    const { ids } = parse(IdsQuery, req.query);
    await deleteUsers(app, actorOf(req), ids);
    return ok(null, '批量删除用户成功');
  });

  app.put('/sys/user/frozenBatch', { config: { access: { perm: 'user:frozen' } } }, async (req) => {
    const { ids, status } = parse(FrozenBody, req.body);
    await setUsersStatus(app, actorOf(req), ids, status === '2' ? 2 : 1);
    return ok(null, '操作成功!');
  });

  // ---------- sign-in pauses (issue 29, ADR 060) ----------

  // which of the listed users are paused after repeated wrong passwords (the page asks for the rows it shows)
  app.get('/sys/user/loginLocks', { config: { access: LIST_READ } }, async (req) => {
    const { ids } = parse(IdsQuery, req.query);
    return ok(await loginLocks(app, actorOf(req), ids.slice(0, PAGE_SIZE_MAX)));
  });

  // lifting a pause is the administrator's way back in for a user, the same authority as unfreezing
  app.put('/sys/user/unlockLogin', { config: { access: { perm: 'user:frozen' } } }, async (req) => {
    const { id } = parse(IdQuery, req.body ?? {});
    await liftLoginLock(app, actorOf(req), id);
    return ok(null, LOCK_MSG.lifted);
  });

  // ---------- one user ----------

  app.get('/sys/user/queryById', { config: { access: USER_DETAIL_READ } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    const user = await findActiveUser(ctx.db, id, tenantOf(req));
    if (!user || user.username === RESERVED_USERNAME) throw bizError(MSG.notFound);
    return okCode0(userJson(user));
  });

  // another user's roles: only for those who may change them (issue 10 §2; the user form reads them when editing)
  app.get('/sys/user/queryUserRole', { config: { access: { perm: 'user:edit' } } }, async (req) => {
    const { userid } = parse(QueryUserRoleQuery, req.query);
    const ids = (await findActiveUser(ctx.db, userid, tenantOf(req))) ? await userRoleIds(ctx.db, userid) : [];
    if (!ids.length) throw bizError('未找到用户相关角色信息');
    return okCode0(ids);
  });

  app.get('/sys/user/userDepartList', { config: { access: USER_DETAIL_READ } }, async (req) => {
    const { userId } = parse(UserDepartListQuery, req.query);
    const list = (await findActiveUser(ctx.db, userId, tenantOf(req))) ? await userDepartOptions(ctx.db, userId) : [];
    // JeecgBoot answers a user without departments with a bare `new Result()` (success false, code 0, HTTP 200): its
    // user form reads `success` and leaves the department box empty. An error of code 500 there is shown as a failure.
    if (!list.length) return fail('查找失败', 0);
    return okCode0(list, '查找成功');
  });

  app.get('/sys/user/generateUserId', { config: { access: { perm: 'user:add', menu: 'system/UserList' } } }, async () =>
    okCode0(uuid32()),
  );

  // ---------- pickers (any signed-in user; reduced fields) ----------

  app.get('/sys/user/queryUserByDepId', { config: { access: 'authenticated' } }, async (req) => {
    const q = parse(DepUsersQuery, req.query);
    const departs = await departAndBelow(ctx.db, q.id);
    const rows = await ctx.db
      .select(Object.fromEntries(pickerEntity.fields))
      .from(sysUser)
      .where(
        and(
          pickerEntity.where?.(),
          tenantWhere(sysUser, tenantOf(req)),
          memberOf(departs),
          containsFilter(sysUser.realname, q.realname),
        ),
      )
      .orderBy(asc(sysUser.username))
      .limit(PAGE_SIZE_MAX);
    return okCode0(await withOrgCodeTxt(ctx.db, rows.map(pickerJson)));
  });

  app.get('/sys/user/queryUserComponentData', { config: { access: 'authenticated' } }, async (req) => {
    const q = parse(ComponentDataQuery, req.query);
    // username/realname: contains search (the picker's search box), not QueryGenerator's equality
    const { username: _u, realname: _r, ...rest } = (req.query ?? {}) as Record<string, unknown>;
    const where = [containsFilter(sysUser.username, q.username), containsFilter(sysUser.realname, q.realname)];
    if (q.departId) where.push(memberOf(await departAndBelow(ctx.db, q.departId)));
    const page = await listPage(ctx, pickerEntity, rest, { where, tenant: tenantOf(req) });
    await withOrgCodeTxt(ctx.db, page.records);
    return ok(page);
  });

  /** bare JSON array (JeecgBoot returns the list itself), QueryGenerator filters such as `username=a,b` */
  app.get('/sys/user/getMultiUser', { config: { access: 'authenticated' } }, async (req) => {
    const rows = await ctx.db
      .select(Object.fromEntries(pickerEntity.fields))
      .from(sysUser)
      .where(listWhere(pickerEntity, req.query as Record<string, unknown>, { tenant: tenantOf(req) }))
      .orderBy(asc(sysUser.username))
      .limit(PAGE_SIZE_MAX);
    return withOrgCodeTxt(ctx.db, rows.map(pickerJson));
  });

  app.get('/sys/user/queryByIds', { config: { access: 'authenticated' } }, async (req) => {
    const { userIds } = parse(QueryByIdsQuery, req.query);
    const rows = await ctx.db
      .select(Object.fromEntries(pickerEntity.fields))
      .from(sysUser)
      .where(and(pickerEntity.where?.(), tenantWhere(sysUser, tenantOf(req)), inArray(sysUser.id, userIds)));
    return okCode0(await withOrgCodeTxt(ctx.db, rows.map(pickerJson)));
  });

  // ---------- recycle bin ----------

  app.get('/sys/user/recycleBin', { config: { access: { perm: 'user:recycle' } } }, async (req) =>
    ok(await recycleBin(ctx.db, tenantOf(req))),
  );

  app.put('/sys/user/putRecycleBin', { config: { access: { perm: 'user:recycle' } } }, async (req) => {
    const { userIds } = parse(UserIdsBody, req.body);
    await restoreUsers(app, actorOf(req), userIds);
    return ok(null, '还原成功');
  });

  app.delete('/sys/user/deleteRecycleBin', { config: { access: { perm: 'user:recycle' } } }, async (req) => {
    const { userIds } = parse(UserIdsBody, req.query);
    await purgeUsers(app, userIds, tenantOf(req));
    return ok(null, '删除成功');
  });

  // ---------- Excel ----------

  app.get('/sys/user/exportXls', { config: { access: { perm: 'user:export' } } }, async (req, reply) =>
    exportUsers(app, req, reply),
  );

  app.post('/sys/user/importExcel', { config: { access: { perm: 'user:import' } } }, async (req) =>
    importUsers(app, req, actorOf(req)),
  );
}
