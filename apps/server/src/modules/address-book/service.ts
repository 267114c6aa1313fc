import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { sysDepart, sysPosition, sysUser, sysUserDepart } from '../../db/schema/index.ts';
import { defineListEntity, escapeLike, type ListRecord } from '../../platform/list-query.ts';
import { type Tenancy, tenantWhere } from '../../platform/tenant-scope.ts';
import { activeUser, RESERVED_USERNAME, USER_CARD_FIELDS } from '../user/service.ts';

/**
 * The address book (spec 01 §2.2, contract §4.1 queryByOrgCode / queryByOrgCodeForAddressList): the users of a
 * department and its sub-departments (org_code prefix), with their departments and position names.
 */

/** sys_user as the address book shows it: contact fields only (no password/salt, no tenant or identity columns). */
export const contactEntity = defineListEntity({
  table: sysUser,
  fields: {
    ...USER_CARD_FIELDS,
    workNo: sysUser.workNo,
    post: sysUser.post,
    phone: sysUser.phone,
    email: sysUser.email,
    telephone: sysUser.telephone,
    orgCode: sysUser.orgCode,
    status: sysUser.status,
    createTime: sysUser.createTime,
  },
  sortable: ['workNo', 'realname', 'username', 'createTime'],
  defaultSort: { column: 'workNo', order: 'asc' },
  dictFields: { sex: 'sex' },
  // filters are the endpoint's own (realname / workNo contain, orgCode prefix), not QueryGenerator's
  searchable: [],
  where: activeUser,
});

const contains = (col: AnyPgColumn, v: string) => sql`${col} ilike ${`%${escapeLike(v)}%`} escape '\\'`;

export interface ContactFilters {
  orgCode?: string;
  realname?: string;
  workNo?: string;
}

/**
 * Conditions on sys_user for the filters (the org code as a prefix over the user's departments of the tenancy: a user
 * of several tenants is not found through another tenant's department, ADR 017).
 */
export function contactWhere(f: ContactFilters, tenancy: Tenancy): SQL[] {
  const out: SQL[] = [];
  if (f.orgCode) {
    const departs = and(
      sql`${sysDepart.orgCode} like ${`${escapeLike(f.orgCode)}%`} escape '\\'`,
      sql`coalesce(${sysDepart.delFlag}, '0') = '0'`,
      tenantWhere(sysDepart, tenancy),
    );
    out.push(
      sql`${sysUser.id} in (select ${sysUserDepart.userId} from ${sysUserDepart}
            join ${sysDepart} on ${sysDepart.id} = ${sysUserDepart.depId} where ${departs})`,
    );
  }
  if (f.realname) out.push(contains(sysUser.realname, f.realname));
  if (f.workNo) out.push(contains(sysUser.workNo, f.workNo));
  return out;
}

/** Position codes (comma list) → names, for the `post` column. */
export async function positionNames(db: Db, codes: Iterable<string>): Promise<Map<string, string>> {
  const list = [...new Set(codes)].filter(Boolean);
  if (!list.length) return new Map();
  const rows = await db
    .select({ code: sysPosition.code, name: sysPosition.name })
    .from(sysPosition)
    .where(inArray(sysPosition.code, list));
  return new Map(rows.map((r) => [r.code, r.name]));
}

const splitCodes = (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

/**
 * Adds departName / orgCodeTxt (every department of the user in the tenancy, joined by ",") and post_dictText
 * (position names).
 */
export async function decorateContacts(db: Db, records: ListRecord[], tenancy: Tenancy): Promise<ListRecord[]> {
  if (!records.length) return records;
  const ids = records.map((r) => String(r.id));
  const departs = await db
    .select({ userId: sysUserDepart.userId, name: sysDepart.departName, order: sysDepart.departOrder })
    .from(sysUserDepart)
    .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
    .where(
      and(
        inArray(sysUserDepart.userId, ids),
        sql`coalesce(${sysDepart.delFlag}, '0') = '0'`,
        tenantWhere(sysDepart, tenancy),
      ),
    )
    .orderBy(asc(sysDepart.orgCode));
  const names = new Map<string, string[]>();
  for (const d of departs) names.set(d.userId, [...(names.get(d.userId) ?? []), d.name]);
  const posts = await positionNames(
    db,
    records.flatMap((r) => splitCodes(r.post)),
  );
  for (const r of records) {
    const departName = (names.get(String(r.id)) ?? []).join(',');
    r.departName = departName;
    r.orgCodeTxt = departName;
    r.post_dictText = splitCodes(r.post)
      .map((c) => posts.get(c) ?? c)
      .join(',');
  }
  return records;
}

export interface DepartUserRow {
  id: string;
  realname: string | null;
  username: string;
  workNo: string | null;
  post: string | null;
  post_dictText?: string;
  telephone: string | null;
  email: string | null;
  phone: string | null;
  avatar: string | null;
  sex: number | null;
  birthday: string | null;
  departId: string;
  departName: string;
  orgCode: string;
}

/**
 * queryByOrgCode (JeecgBoot SysUserSysDepartModel): one row per (user, department) of the departments under the
 * org code, ordered by department then work number.
 */
export async function usersByOrgCode(
  db: Db,
  f: ContactFilters & { orgCode: string },
  paging: { pageNo: number; pageSize: number },
  tenancy: Tenancy,
) {
  const where = and(
    eq(sysUser.delFlag, 0),
    tenantWhere(sysUser, tenancy),
    tenantWhere(sysDepart, tenancy),
    ne(sysUser.username, RESERVED_USERNAME),
    sql`${sysDepart.orgCode} like ${`${escapeLike(f.orgCode)}%`} escape '\\'`,
    sql`coalesce(${sysDepart.delFlag}, '0') = '0'`,
    ...(f.realname ? [contains(sysUser.realname, f.realname)] : []),
    ...(f.workNo ? [contains(sysUser.workNo, f.workNo)] : []),
  );
  const from = () =>
    db
      .select({
        id: sysUser.id,
        realname: sysUser.realname,
        username: sysUser.username,
        workNo: sysUser.workNo,
        post: sysUser.post,
        telephone: sysUser.telephone,
        email: sysUser.email,
        phone: sysUser.phone,
        avatar: sysUser.avatar,
        sex: sysUser.sex,
        birthday: sysUser.birthday,
        departId: sysDepart.id,
        departName: sysDepart.departName,
        orgCode: sysDepart.orgCode,
      })
      .from(sysUser)
      .innerJoin(sysUserDepart, eq(sysUserDepart.userId, sysUser.id))
      .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId));
  const [{ total }] = await db
    .select({ total: count() })
    .from(sysUser)
    .innerJoin(sysUserDepart, eq(sysUserDepart.userId, sysUser.id))
    .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
    .where(where);
  const offset = (paging.pageNo - 1) * paging.pageSize;
  const records: DepartUserRow[] =
    total > offset
      ? await from()
          .where(where)
          .orderBy(asc(sysDepart.orgCode), sql`${sysUser.workNo} asc nulls last`, asc(sysUser.id))
          .limit(paging.pageSize)
          .offset(offset)
      : [];
  const posts = await positionNames(
    db,
    records.flatMap((r) => splitCodes(r.post)),
  );
  for (const r of records)
    r.post_dictText = splitCodes(r.post)
      .map((c) => posts.get(c) ?? c)
      .join(',');
  return { records, total };
}
