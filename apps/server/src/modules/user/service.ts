import type { SysUserInfo } from '@answer/contract';
import { and, asc, desc, eq, getTableColumns, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { UserRow } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  sysDepart,
  sysDepartRole,
  sysDepartRoleUser,
  sysPosition,
  sysRole,
  sysTenant,
  sysUser,
  sysUserDepart,
  sysUserRole,
} from '../../db/schema/index.ts';
import { writeDataLog } from '../../platform/data-log.ts';
import { bizError } from '../../platform/errors.ts';
import { newId, newSalt } from '../../platform/ids.ts';
import { defineListEntity, escapeLike, type ListRecord } from '../../platform/list-query.ts';
import { rowJson, userJson } from '../../platform/serialize.ts';
import { allOf } from '../../platform/table-registry.ts';
import { PLATFORM_TENANT, type Tenancy, tenantWhere } from '../../platform/tenant-scope.ts';
import { endUserSessions } from '../auth/end-sessions.ts';
import { hashPassword } from '../auth/password.ts';
import type { AddUserBody, EditUserBody } from './schema.ts';

/** JeecgBoot's placeholder account for external callers: never listed, never picked */
export const RESERVED_USERNAME = '_reserve_user_external';
/** the built-in super user: it cannot be frozen or deleted through user management */
export const ADMIN_USERNAME = 'admin';

export const MSG = {
  notFound: '未找到对应实体',
  selfDelete: '不能删除当前登录用户！',
  selfFreeze: '不能冻结当前登录用户！',
  adminProtected: '管理员账号不允许此操作！',
  roleMissing: '所选角色不存在',
  departMissing: '所选部门不存在',
  managedNotMember: '负责部门必须是所属部门之一',
  tenantMissing: '所选租户不存在',
  postMissing: '所选职务不存在',
  passwordMismatch: '两次输入的密码不一样！',
} as const;

/** Users that lists and pickers show: not deleted, not the reserved external account. */
export const activeUser = () => and(eq(sysUser.delFlag, 0), ne(sysUser.username, RESERVED_USERNAME));

/** Profile columns the user management page both sorts and filters by (in this order). */
const PROFILE_COLUMNS = [
  'username',
  'realname',
  'sex',
  'birthday',
  'phone',
  'email',
  'status',
  'workNo',
  'post',
] as const;

/** sys_user as the user management page lists it (contract §4.1). password and salt are never selected. */
export const userEntity = defineListEntity({
  table: sysUser,
  sortable: [...PROFILE_COLUMNS, 'orgCode', 'userIdentity', 'createTime', 'updateTime'],
  defaultSort: { column: 'createTime', order: 'desc' },
  dictFields: {
    sex: 'sex',
    status: 'user_status',
    post: 'sys_position,name,code',
    departIds: 'sys_depart,depart_name,id',
  },
  searchable: [
    'id',
    ...PROFILE_COLUMNS,
    'telephone',
    'orgCode',
    'userIdentity',
    'departIds',
    'relTenantIds',
    'createTime',
    'updateTime',
    'createBy',
  ],
  where: activeUser,
});

/** Who a user is, as every list of people shows it (pickers, the address book), in this order. */
export const USER_CARD_FIELDS = {
  id: sysUser.id,
  username: sysUser.username,
  realname: sysUser.realname,
  avatar: sysUser.avatar,
  sex: sysUser.sex,
  birthday: sysUser.birthday,
} satisfies Record<string, PgColumn>;

/**
 * What user pickers (any signed-in user) see of a user: enough to pick and show someone, not their e-mail,
 * landline or administrative fields.
 */
const PICKER_FIELDS = {
  ...USER_CARD_FIELDS,
  phone: sysUser.phone,
  orgCode: sysUser.orgCode,
  workNo: sysUser.workNo,
  post: sysUser.post,
  status: sysUser.status,
  createTime: sysUser.createTime,
} satisfies Record<string, PgColumn>;

export const pickerEntity = defineListEntity({
  table: sysUser,
  fields: PICKER_FIELDS,
  sortable: ['username', 'realname', 'sex', 'birthday', 'workNo', 'createTime'],
  defaultSort: { column: 'createTime', order: 'desc' },
  dictFields: { sex: 'sex', status: 'user_status', post: 'sys_position,name,code' },
  searchable: ['id', 'username', 'realname', 'sex', 'workNo', 'orgCode', 'status', 'post'],
  where: activeUser,
});

// ---------------------------------------------------------------- lookups

/** user id → its department names joined by ',' (orgCodeTxt), in one query for a whole page */
export async function departNamesOf(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  const info = await departInfoOf(db, userIds);
  return new Map([...info].map(([k, v]) => [k, v.names]));
}

/** user id → department names and org codes (joined by ','), one query for all the users */
export async function departInfoOf(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, { names: string; codes: string }>> {
  const out = new Map<string, { names: string; codes: string }>();
  if (userIds.length === 0) return out;
  const order = sql`order by ${sysDepart.departOrder}, ${sysDepart.orgCode}`;
  const rows = await db
    .select({
      userId: sysUserDepart.userId,
      names: sql<string>`string_agg(${sysDepart.departName}, ',' ${order})`,
      codes: sql<string>`string_agg(${sysDepart.orgCode}, ',' ${order})`,
    })
    .from(sysUserDepart)
    .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
    .where(and(inArray(sysUserDepart.userId, [...new Set(userIds)]), sql`coalesce(${sysDepart.delFlag}, '0') = '0'`))
    .groupBy(sysUserDepart.userId);
  for (const r of rows) out.set(r.userId, { names: r.names, codes: r.codes });
  return out;
}

/** user id → role codes joined by ',', one query for all the users */
export async function roleCodesOf(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({
      userId: sysUserRole.userId,
      codes: sql<string>`string_agg(${sysRole.roleCode}, ',' order by ${sysRole.roleCode})`,
    })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(inArray(sysUserRole.userId, [...new Set(userIds)]))
    .groupBy(sysUserRole.userId);
  for (const r of rows) out.set(r.userId, r.codes);
  return out;
}

/**
 * orgCodeTxt of the user whose id is `userId` (a column of the page's row) as a correlated sub-select: the names of
 * their departments (of the request's tenant) in department order, or null. Lets a list page carry the department
 * names in its own statement (list-query `extras`).
 */
export function departNamesSql(userId: SQL, tenancy?: Tenancy): SQL {
  const where = allOf([
    sql`${sysUserDepart.userId} = ${userId}`,
    sql`coalesce(${sysDepart.delFlag}, '0') = '0'`,
    tenancy ? tenantWhere(sysDepart, tenancy) : undefined,
  ]);
  return sql`(select string_agg(${sysDepart.departName}, ',' order by ${sysDepart.departOrder}, ${sysDepart.orgCode}) from ${sysUserDepart} inner join ${sysDepart} on ${sysDepart.id} = ${sysUserDepart.depId} where ${where})`;
}

/** adds orgCodeTxt (department names) to page records in place */
export async function withOrgCodeTxt<T extends ListRecord>(db: Db, records: T[]): Promise<T[]> {
  const names = await departNamesOf(
    db,
    records.map((r) => String(r.id)),
  );
  for (const r of records) (r as ListRecord).orgCodeTxt = names.get(String(r.id)) ?? null;
  return records;
}

/** a user that is not deleted and, given a tenancy, belongs to it (another tenant's id answers not found) */
export async function findActiveUser(db: Db, id: string, tenancy?: Tenancy): Promise<UserRow | undefined> {
  const [u] = await db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.id, id), eq(sysUser.delFlag, 0), tenancy ? tenantWhere(sysUser, tenancy) : undefined))
    .limit(1);
  return u;
}

/** a department's id, and the ids of every department below it (org_code prefix) */
export async function departAndBelow(db: Db, departId: string): Promise<string[]> {
  const [d] = await db
    .select({ orgCode: sysDepart.orgCode })
    .from(sysDepart)
    .where(eq(sysDepart.id, departId))
    .limit(1);
  if (!d) return [];
  const rows = await db
    .select({ id: sysDepart.id })
    .from(sysDepart)
    .where(
      and(
        sql`${sysDepart.orgCode} like ${`${escapeLike(d.orgCode)}%`} escape '\\'`,
        sql`coalesce(${sysDepart.delFlag}, '0') = '0'`,
      ),
    );
  return rows.map((r) => r.id);
}

/** users that are members of one of the departments */
export function memberOf(departIds: readonly string[]): SQL {
  if (departIds.length === 0) return sql`false`;
  return sql`exists (select 1 from ${sysUserDepart} where ${sysUserDepart.userId} = ${sysUser.id} and ${inArray(
    sysUserDepart.depId,
    [...departIds],
  )})`;
}

/** `*x*`, `x*`… as the JSelect components send them → a contains search on the bare text */
export function containsFilter(col: PgColumn, raw: string | null | undefined): SQL | undefined {
  const v = (raw ?? '').replace(/^\*+|\*+$/g, '').trim();
  if (!v) return undefined;
  return ilike(col, `%${escapeLike(v)}%`);
}

export function pickerJson(r: Record<string, unknown>): ListRecord {
  return rowJson(r) as ListRecord;
}

// ---------------------------------------------------------------- validation against the database

interface Refs {
  roles?: string[];
  departs?: string[];
  managed?: string[];
  tenants?: string[];
  post?: string | null;
}

async function checkRefs(db: Db, refs: Refs, tenancy: Tenancy): Promise<Map<string, string>> {
  if (refs.roles?.length) {
    const found = await db
      .select({ id: sysRole.id })
      .from(sysRole)
      .where(and(inArray(sysRole.id, refs.roles), tenantWhere(sysRole, tenancy)));
    if (found.length !== refs.roles.length) throw bizError(MSG.roleMissing);
  }
  const orgCodes = new Map<string, string>();
  const departIds = [...new Set([...(refs.departs ?? []), ...(refs.managed ?? [])])];
  if (departIds.length) {
    const found = await db
      .select({ id: sysDepart.id, orgCode: sysDepart.orgCode })
      .from(sysDepart)
      .where(
        and(
          inArray(sysDepart.id, departIds),
          sql`coalesce(${sysDepart.delFlag}, '0') = '0'`,
          tenantWhere(sysDepart, tenancy),
        ),
      );
    if (found.length !== departIds.length) throw bizError(MSG.departMissing);
    for (const d of found) orgCodes.set(d.id, d.orgCode);
  }
  if (refs.tenants?.length) {
    const found = await db
      .select({ id: sysTenant.id })
      .from(sysTenant)
      .where(inArray(sysTenant.id, refs.tenants.map(Number)));
    if (found.length !== refs.tenants.length) throw bizError(MSG.tenantMissing);
  }
  const posts = (refs.post ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (posts.length) {
    const found = await db
      .select({ code: sysPosition.code })
      .from(sysPosition)
      .where(inArray(sysPosition.code, [...new Set(posts)]));
    if (found.length !== new Set(posts).size) throw bizError(MSG.postMissing);
  }
  return orgCodes;
}

interface UniqueValues {
  username?: string;
  phone?: string | null;
  email?: string | null;
  workNo?: string | null;
}

const UNIQUE_LABELS: Record<keyof UniqueValues, string> = {
  username: '用户账号',
  phone: '手机号码',
  email: '邮箱',
  workNo: '工号',
};

/**
 * Clear messages for taken unique values (the unique indexes back this up against races). Uniqueness is global:
 * a logically deleted user still holds its values, and the message says so.
 */
export async function checkUnique(db: Db, values: UniqueValues, exceptId?: string): Promise<void> {
  const cols: Record<keyof UniqueValues, PgColumn> = {
    username: sysUser.username,
    phone: sysUser.phone,
    email: sysUser.email,
    workNo: sysUser.workNo,
  };
  const conds: SQL[] = [];
  for (const [k, col] of Object.entries(cols) as [keyof UniqueValues, PgColumn][]) {
    const v = values[k];
    if (v) conds.push(eq(col, v));
  }
  if (!conds.length) return;
  const rows = await db
    .select({
      id: sysUser.id,
      username: sysUser.username,
      phone: sysUser.phone,
      email: sysUser.email,
      workNo: sysUser.workNo,
      delFlag: sysUser.delFlag,
    })
    .from(sysUser)
    .where(and(or(...conds), exceptId ? ne(sysUser.id, exceptId) : undefined));
  for (const k of Object.keys(cols) as (keyof UniqueValues)[]) {
    const v = values[k];
    if (!v) continue;
    const hit = rows.find((r) => r[k] === v);
    if (hit) {
      throw bizError(
        hit.delFlag === 0
          ? `${UNIQUE_LABELS[k]}已存在`
          : `${UNIQUE_LABELS[k]}已被回收站中的用户使用，请先还原或彻底删除该用户`,
      );
    }
  }
}

// ---------------------------------------------------------------- add / edit

type AddInput = z.output<typeof AddUserBody>;
type EditInput = z.output<typeof EditUserBody>;

/** the columns both forms may set */
function profileValues(b: Partial<AddInput> | EditInput) {
  const v: Partial<typeof sysUser.$inferInsert> = {};
  if (b.realname !== undefined) v.realname = b.realname;
  if (b.avatar !== undefined) v.avatar = b.avatar;
  if (b.birthday !== undefined) v.birthday = b.birthday;
  if (b.sex !== undefined) v.sex = b.sex;
  if (b.email !== undefined) v.email = b.email;
  if (b.phone !== undefined) v.phone = b.phone;
  if (b.telephone !== undefined) v.telephone = b.telephone;
  if (b.workNo !== undefined) v.workNo = b.workNo;
  if (b.post !== undefined) v.post = b.post;
  if (b.userIdentity !== undefined) v.userIdentity = b.userIdentity;
  if (b.departIds !== undefined) v.departIds = b.departIds.length ? b.departIds.join(',') : null;
  if (b.relTenantIds !== undefined) v.relTenantIds = b.relTenantIds.length ? b.relTenantIds.join(',') : null;
  if (b.activitiSync !== undefined) v.activitiSync = b.activitiSync;
  return v;
}

/** only a superior (身份 上级) is in charge of departments, and only of departments it belongs to */
function managedDeparts(identity: number | null | undefined, managed: string[] | undefined, members: string[]) {
  if (identity !== 2) return [];
  const list = managed ?? [];
  if (list.some((d) => !members.includes(d))) throw bizError(MSG.managedNotMember);
  return list;
}

export interface Actor {
  id: string;
  username: string;
  /** the request's tenancy: only users of that tenant are found, changed or created (ADR 017) */
  tenancy: Tenancy;
}

/**
 * rel_tenant_ids a write may store: any (checked) list for the platform administrator; inside a tenant the user
 * belongs to that tenant and the body cannot move them elsewhere (on edit the stored list is kept).
 */
function tenantsToStore(actor: Actor, wanted: string[] | undefined, current?: string | null): string[] | undefined {
  if (actor.tenancy.kind === 'all') return wanted;
  if (current !== undefined) return undefined;
  return actor.tenancy.id === PLATFORM_TENANT ? [] : [String(actor.tenancy.id)];
}

async function snapshot(db: Db, id: string, by: string): Promise<void> {
  const [row] = await db.select().from(sysUser).where(eq(sysUser.id, id)).limit(1);
  if (row) {
    await writeDataLog(db, { table: 'sys_user', id, row: userJson(row) as unknown as Record<string, unknown>, by });
  }
}

/** POST /sys/user/add: new salt, argon2id hash, status 1, del_flag 0, roles and departments in one transaction. */
export async function addUser(app: FastifyInstance, actor: Actor, input: AddInput): Promise<string> {
  let b = input;
  const { db } = app.ctx;
  if (b.confirmpassword !== undefined && b.confirmpassword !== null && b.confirmpassword !== b.password) {
    throw bizError(MSG.passwordMismatch);
  }
  const roles = b.selectedroles ?? [];
  const departs = b.selecteddeparts ?? [];
  const managed = managedDeparts(b.userIdentity, b.departIds, departs);
  b = { ...b, relTenantIds: tenantsToStore(actor, b.relTenantIds) };
  const orgCodes = await checkRefs(
    db,
    {
      roles,
      departs,
      managed,
      tenants: b.relTenantIds,
      post: b.post,
    },
    actor.tenancy,
  );
  await checkUnique(db, { username: b.username, phone: b.phone, email: b.email, workNo: b.workNo });
  const hash = await hashPassword(b.password);
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.insert(sysUser).values({
      ...profileValues(b),
      id,
      username: b.username,
      realname: b.realname,
      password: hash,
      salt: newSalt(),
      userIdentity: b.userIdentity ?? 1,
      departIds: managed.length ? managed.join(',') : null,
      orgCode: departs.length ? (orgCodes.get(departs[0]) ?? null) : null,
      status: 1,
      delFlag: 0,
      activitiSync: b.activitiSync ?? 1,
      createBy: actor.username,
      createTime: new Date(),
    });
    if (roles.length) await tx.insert(sysUserRole).values(roles.map((roleId) => ({ id: newId(), userId: id, roleId })));
    if (departs.length) {
      await tx.insert(sysUserDepart).values(departs.map((depId) => ({ id: newId(), userId: id, depId })));
    }
  });
  await snapshot(db, id, actor.username);
  return id;
}

/**
 * PUT|POST /sys/user/edit. The password and username are never changed here, nor the status (freezing ends
 * sessions: frozenBatch only). `selectedroles` / `selecteddeparts` replace the memberships when present ('' = none)
 * and leave them alone when absent; leaving a department also ends the user's roles of that department.
 */
export async function editUser(app: FastifyInstance, actor: Actor, input: EditInput): Promise<void> {
  let b = input;
  const { db } = app.ctx;
  const user = await findActiveUser(db, b.id, actor.tenancy);
  if (!user || user.username === RESERVED_USERNAME) throw bizError(MSG.notFound);
  if (actor.tenancy.kind === 'tenant') b = { ...b, relTenantIds: undefined };

  const currentDeparts = (
    await db.select({ depId: sysUserDepart.depId }).from(sysUserDepart).where(eq(sysUserDepart.userId, user.id))
  ).map((r) => r.depId);
  const departs = b.selecteddeparts ?? currentDeparts;
  const identity = b.userIdentity !== undefined ? b.userIdentity : user.userIdentity;
  const managedInput =
    b.departIds ??
    (user.departIds ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .filter((d) => departs.includes(d));
  const managed = managedDeparts(identity, managedInput, departs);
  const orgCodes = await checkRefs(
    db,
    {
      roles: b.selectedroles,
      departs: b.selecteddeparts,
      managed,
      tenants: b.relTenantIds,
      post: b.post,
    },
    actor.tenancy,
  );
  await checkUnique(db, { phone: b.phone, email: b.email, workNo: b.workNo }, user.id);

  const values = {
    ...profileValues(b),
    departIds: managed.length ? managed.join(',') : null,
    updateBy: actor.username,
    updateTime: new Date(),
  };
  if (b.selecteddeparts !== undefined) {
    const codes = departs.map((d) => orgCodes.get(d)).filter((c): c is string => !!c);
    // keep the selected department when the user stays in it; else the first of the new ones
    if (!user.orgCode || !codes.includes(user.orgCode)) Object.assign(values, { orgCode: codes[0] ?? null });
  }
  const removedDeparts = b.selecteddeparts ? currentDeparts.filter((d) => !departs.includes(d)) : [];

  await db.transaction(async (tx) => {
    await tx.update(sysUser).set(values).where(eq(sysUser.id, user.id));
    if (b.selectedroles !== undefined) {
      await tx.delete(sysUserRole).where(eq(sysUserRole.userId, user.id));
      if (b.selectedroles.length) {
        await tx
          .insert(sysUserRole)
          .values(b.selectedroles.map((roleId) => ({ id: newId(), userId: user.id, roleId })));
      }
    }
    if (b.selecteddeparts !== undefined) {
      if (removedDeparts.length) {
        await tx
          .delete(sysDepartRoleUser)
          .where(
            and(
              eq(sysDepartRoleUser.userId, user.id),
              inArray(
                sysDepartRoleUser.droleId,
                tx
                  .select({ id: sysDepartRole.id })
                  .from(sysDepartRole)
                  .where(inArray(sysDepartRole.departId, removedDeparts)),
              ),
            ),
          );
      }
      await tx.delete(sysUserDepart).where(eq(sysUserDepart.userId, user.id));
      if (departs.length) {
        await tx.insert(sysUserDepart).values(departs.map((depId) => ({ id: newId(), userId: user.id, depId })));
      }
    }
  });
  await app.ctx.userChanged(user.id);
  // roles and department roles decide what the user may do: their next request and menu load see the change
  if (b.selectedroles !== undefined || removedDeparts.length) await app.ctx.perms.invalidate(user.id);
  await snapshot(db, user.id, actor.username);
}

// ---------------------------------------------------------------- delete, freeze, recycle bin

function guardTargets(actor: Actor, targets: readonly { id: string; username: string }[], selfMessage: string) {
  if (targets.some((u) => u.id === actor.id)) throw bizError(selfMessage);
  if (targets.some((u) => u.username === ADMIN_USERNAME)) throw bizError(MSG.adminProtected);
}

async function activeUsers(db: Db, ids: readonly string[], tenancy: Tenancy) {
  if (!ids.length) return [];
  return db
    .select({ id: sysUser.id, username: sysUser.username })
    .from(sysUser)
    .where(and(inArray(sysUser.id, [...ids]), activeUser(), tenantWhere(sysUser, tenancy)));
}

/** logical delete (del_flag 1); the users' sessions end. Nobody deletes themselves or the admin account. */
export async function deleteUsers(app: FastifyInstance, actor: Actor, ids: readonly string[]): Promise<number> {
  const { db } = app.ctx;
  const targets = await activeUsers(db, ids, actor.tenancy);
  if (!targets.length) throw bizError(MSG.notFound);
  guardTargets(actor, targets, MSG.selfDelete);
  const found = targets.map((t) => t.id);
  await db
    .update(sysUser)
    .set({ delFlag: 1, updateBy: actor.username, updateTime: new Date() })
    .where(inArray(sysUser.id, found));
  await app.ctx.userChanged(found);
  for (const id of found) await endUserSessions(app, id);
  return found.length;
}

/**
 * PUT /sys/user/frozenBatch: status 2 freezes (and ends the users' sessions at once), 1 unfreezes.
 * Nobody freezes themselves or the admin account (unfreezing is always allowed).
 */
export async function setUsersStatus(
  app: FastifyInstance,
  actor: Actor,
  ids: readonly string[],
  status: 1 | 2,
): Promise<number> {
  const { db } = app.ctx;
  const targets = await activeUsers(db, ids, actor.tenancy);
  if (!targets.length) throw bizError(MSG.notFound);
  if (status === 2) guardTargets(actor, targets, MSG.selfFreeze);
  const found = targets.map((t) => t.id);
  await db
    .update(sysUser)
    .set({ status, updateBy: actor.username, updateTime: new Date() })
    .where(inArray(sysUser.id, found));
  await app.ctx.userChanged(found);
  if (status === 2) for (const id of found) await endUserSessions(app, id);
  return found.length;
}

/** GET /sys/user/recycleBin: logically deleted users, most recently deleted first; orgCode holds department names */
export async function recycleBin(db: Db, tenancy: Tenancy): Promise<SysUserInfo[]> {
  const rows = await db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.delFlag, 1), ne(sysUser.username, RESERVED_USERNAME), tenantWhere(sysUser, tenancy)))
    .orderBy(desc(sysUser.updateTime), asc(sysUser.id))
    .limit(5000);
  const names = await departNamesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const n = names.get(r.id) ?? null;
    // JeecgBoot overwrites orgCode with the department names here; orgCodeTxt carries them too
    return userJson(r, { orgCode: n, orgCodeTxt: n });
  });
}

export async function restoreUsers(app: FastifyInstance, actor: Actor, ids: readonly string[]): Promise<number> {
  const rows = await app.ctx.db
    .update(sysUser)
    .set({ delFlag: 0, updateBy: actor.username, updateTime: new Date() })
    .where(and(inArray(sysUser.id, [...ids]), eq(sysUser.delFlag, 1), tenantWhere(sysUser, actor.tenancy)))
    .returning({ id: sysUser.id });
  await app.ctx.userChanged(rows.map((r) => r.id));
  return rows.length;
}

/** DELETE /sys/user/deleteRecycleBin: physical delete of users in the recycle bin, with their memberships */
export async function purgeUsers(app: FastifyInstance, ids: readonly string[], tenancy: Tenancy): Promise<number> {
  const { db } = app.ctx;
  const purged = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(sysUser)
      .where(and(inArray(sysUser.id, [...ids]), eq(sysUser.delFlag, 1), tenantWhere(sysUser, tenancy)))
      .returning({ id: sysUser.id });
    const gone = rows.map((r) => r.id);
    if (gone.length) {
      await tx.delete(sysUserRole).where(inArray(sysUserRole.userId, gone));
      await tx.delete(sysUserDepart).where(inArray(sysUserDepart.userId, gone));
      await tx.delete(sysDepartRoleUser).where(inArray(sysDepartRoleUser.userId, gone));
    }
    return gone;
  });
  await app.ctx.userChanged(purged);
  if (purged.length) await app.ctx.perms.invalidate();
  return purged.length;
}

// ---------------------------------------------------------------- single-user reads

export async function userRoleIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ roleId: sysUserRole.roleId })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(eq(sysUserRole.userId, userId))
    .orderBy(asc(sysRole.roleCode));
  return rows.map((r) => r.roleId);
}

export async function userDepartOptions(db: Db, userId: string) {
  const rows = await db
    .select({ id: sysDepart.id, name: sysDepart.departName })
    .from(sysUserDepart)
    .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
    .where(and(eq(sysUserDepart.userId, userId), sql`coalesce(${sysDepart.delFlag}, '0') = '0'`))
    .orderBy(asc(sysDepart.departOrder), asc(sysDepart.orgCode));
  return rows.map((r) => ({ key: r.id, value: r.id, title: r.name }));
}

export const userColumns = getTableColumns(sysUser);
