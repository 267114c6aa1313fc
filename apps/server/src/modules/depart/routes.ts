import { ok, okCode0 } from '@answer/contract';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sysDepart, sysUser, sysUserDepart } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { escapeLike } from '../../platform/list-query.ts';
import { userJson } from '../../platform/serialize.ts';
import { tenantOf, tenantWhere } from '../../platform/tenant-scope.ts';
import { parse } from '../../platform/validation.ts';
import departPermissionRoutes, { DEPART_PAGES } from './permission-routes.ts';
import departRoleRoutes from './role-routes.ts';
import { editRoute } from './route-helpers.ts';
import {
  DepartAdd,
  DepartEdit,
  IdQuery,
  IdsQuery,
  KeyWordQuery,
  ListAllQuery,
  OrgCodeQuery,
  ParentIdQuery,
  PidQuery,
  SearchQuery,
  splitIds,
} from './schema.ts';
import {
  addDepart,
  allParentIds,
  DEPART_MESSAGES,
  deleteDeparts,
  departSnapshot,
  editDepart,
  managedDepartIds,
  myDeptTree,
  searchDeparts,
  treeByKeyWord,
  treeLevel,
} from './service.ts';
import { buildSnapshot, type DepartRow, type DepartSnapshot } from './tree-cache.ts';
import departUserRoutes from './user-routes.ts';

/**
 * Departments (contract §4.4): `/sys/sysDepart/*`, plus `/sys/sysDepartPermission/*`, `/sys/sysDepartRole/*` and the
 * department-user endpoints under `/sys/user`.
 *
 * The tree reads serve the department pickers of every page, so they only need a session; mutations need the button
 * perms of 部门管理 (depart:add/edit/delete/deleteBatch). Departments are never moved: edit keeps parent, org_code
 * and org_type (JeecgBoot offers no move either), so codes stay stable.
 */
export default async function departRoutes(app: FastifyInstance): Promise<void> {
  const B = '/sys/sysDepart';
  const signedIn = { config: { access: 'authenticated' as const } };
  const pages = { config: { access: { menu: [...DEPART_PAGES, 'system/AddressList'] } } };
  const { db } = app.ctx;

  /**
   * The department tree as the request's tenancy sees it (ADR 017): the platform administrator gets the cached tree
   * of every tenant; inside a tenant, a view of the cached tree limited to the tenant's departments, built once per
   * cached tree and tenant.
   */
  const views = new WeakMap<DepartSnapshot, Map<number, Promise<DepartSnapshot>>>();
  const snapshotFor = async (req: FastifyRequest): Promise<DepartSnapshot> => {
    const snap = await departSnapshot(app.ctx);
    const tenancy = tenantOf(req);
    if (tenancy.kind === 'all') return snap;
    let byTenant = views.get(snap);
    if (!byTenant) {
      byTenant = new Map();
      views.set(snap, byTenant);
    }
    let view = byTenant.get(tenancy.id);
    if (!view) {
      const tenant = tenancy.id;
      const built = (async () => {
        const own = await db.select({ id: sysDepart.id }).from(sysDepart).where(eq(sysDepart.tenantId, tenant));
        const ids = new Set(own.map((r) => r.id));
        return buildSnapshot(snap.rows.filter((d) => ids.has(d.id)) as unknown as DepartRow[]);
      })();
      built.catch(() => byTenant.delete(tenant));
      byTenant.set(tenant, built);
      view = built;
    }
    return view;
  };

  app.get(`${B}/queryTreeList`, signedIn, async (req, reply) => (await snapshotFor(req)).treeAnswer.send(req, reply));

  app.get(`${B}/queryIdTree`, signedIn, async (req, reply) => (await snapshotFor(req)).idTreeAnswer.send(req, reply));

  app.get(`${B}/queryDepartTreeSync`, signedIn, async (req) => {
    const { pid } = parse(PidQuery, req.query);
    return okCode0(treeLevel(await snapshotFor(req), pid ?? ''));
  });

  // message "2" + the subtrees in charge for a superior; message "1" and no result otherwise
  app.get(`${B}/queryMyDeptTreeList`, signedIn, async (req) => {
    const user = req.auth!.user;
    if (user.userIdentity === 2) return okCode0(myDeptTree(await snapshotFor(req), user), '2');
    return okCode0(null, '1');
  });

  app.get(`${B}/searchBy`, signedIn, async (req) => {
    const q = parse(SearchQuery, req.query);
    const user = req.auth!.user;
    const scope = q.myDeptSearch === '1' && user.userIdentity === 2 ? managedDepartIds(user) : null;
    const list = q.keyWord ? searchDeparts(await snapshotFor(req), q.keyWord, scope) : [];
    if (!list.length) throw bizError(DEPART_MESSAGES.noMatch);
    return okCode0(list);
  });

  app.get(`${B}/queryAllParentId`, signedIn, async (req) => {
    const q = parse(ParentIdQuery, req.query);
    const snap = await snapshotFor(req);
    if (q.departId) {
      const start = splitIds(q.departId)
        .map((id) => snap.byId.get(id))
        .filter((d) => d !== undefined);
      return ok(allParentIds(snap, start));
    }
    if (q.orgCode) {
      const codes = new Set(splitIds(q.orgCode));
      return ok(
        allParentIds(
          snap,
          snap.rows.filter((d) => codes.has(d.orgCode)),
        ),
      );
    }
    throw bizError('departId 和 orgCode 不能都为空！');
  });

  app.get(`${B}/listAll`, signedIn, async (req) => {
    const q = parse(ListAllQuery, req.query);
    const snap = await snapshotFor(req);
    const ids = splitIds(q.id);
    return okCode0(ids.length ? snap.rows.filter((d) => ids.includes(d.id)) : snap.rows);
  });

  // department name(s) of an org_code (comma list allowed)
  app.get(`${B}/getDepartName`, signedIn, async (req) => {
    const { orgCode } = parse(OrgCodeQuery, req.query);
    const codes = splitIds(orgCode);
    const snap = await snapshotFor(req);
    const names = snap.rows.filter((d) => codes.includes(d.orgCode)).map((d) => d.departName);
    return ok(names.join(','));
  });

  /** the request tenant's active users matching `cond` */
  const usersOfTenant = (req: FastifyRequest, cond: SQL | undefined) =>
    db
      .select()
      .from(sysUser)
      .where(and(eq(sysUser.delFlag, 0), tenantWhere(sysUser, tenantOf(req)), cond));

  app.get(`${B}/getUsersByDepartId`, pages, async (req) => {
    const { id } = parse(IdQuery, req.query);
    const users = await usersOfTenant(
      req,
      sql`${sysUser.id} in (select ${sysUserDepart.userId} from ${sysUserDepart} where ${eq(sysUserDepart.depId, id)})`,
    ).orderBy(sysUser.username);
    return ok(users.map((u) => userJson(u)));
  });

  // pruned department tree + users whose username/realname match (address-book style search)
  app.get(`${B}/queryTreeByKeyWord`, pages, async (req) => {
    const { keyWord = '' } = parse(KeyWordQuery, req.query);
    const departList = treeByKeyWord(await snapshotFor(req), keyWord);
    let userList: unknown[] = [];
    if (keyWord) {
      const like = `%${escapeLike(keyWord)}%`;
      const users = await usersOfTenant(
        req,
        or(sql`${sysUser.username} ilike ${like} escape '\\'`, sql`${sysUser.realname} ilike ${like} escape '\\'`),
      ).limit(200);
      userList = users.map((u) => userJson(u));
    }
    return ok({ departList, userList });
  });

  // ------------------------------------------------------------ mutations

  app.post(`${B}/add`, { config: { access: { perm: 'depart:add' } } }, async (req) => {
    const body = parse(DepartAdd, req.body);
    await addDepart(app, body, req.auth!.user.username, tenantOf(req));
    return ok(null, DEPART_MESSAGES.added);
  });

  editRoute(app, B, { config: { access: { perm: 'depart:edit' } } }, async (req) => {
    const body = parse(DepartEdit, req.body);
    await editDepart(app, body, req.auth!.user.username, tenantOf(req));
    return ok(null, DEPART_MESSAGES.edited);
  });

  app.delete(`${B}/delete`, { config: { access: { perm: 'depart:delete' } } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    if (!(await deleteDeparts(app, [id], tenantOf(req)))) throw bizError(DEPART_MESSAGES.notFound);
    return ok(null, DEPART_MESSAGES.deleted);
  });

  app.delete(`${B}/deleteBatch`, { config: { access: { perm: 'depart:deleteBatch' } } }, async (req) => {
    const { ids } = parse(IdsQuery, req.query);
    if (!ids.length) throw bizError(DEPART_MESSAGES.idsEmpty);
    if (!(await deleteDeparts(app, ids, tenantOf(req)))) throw bizError(DEPART_MESSAGES.notFound);
    return ok(null, DEPART_MESSAGES.deleted);
  });

  await departPermissionRoutes(app);
  await departRoleRoutes(app);
  await departUserRoutes(app);
}
