import { ok, okCode0 } from '@answer/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { sysTenant, sysUser } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { defineListEntity, listPage, parseGmt8 } from '../../platform/list-query.ts';
import { rowJson } from '../../platform/serialize.ts';
import { parse, requiredStr } from '../../platform/validation.ts';

/** sys_tenant (contract §4.11, §5.5): id is an int chosen by the administrator. */
export const tenantEntity = defineListEntity({
  table: sysTenant,
  sortable: ['id', 'name', 'createTime', 'beginDate', 'endDate', 'status'],
  defaultSort: { column: 'createTime', order: 'desc' },
  dictFields: { status: 'tenant_status' },
});

export const TENANT_MESSAGES = {
  added: '添加成功！',
  edited: '修改成功!',
  deleted: '删除成功',
  deletedAll: '删除成功！',
  idTaken: '该编号已存在!',
  notFound: '未找到对应实体',
  referenced: '该租户已被引用，无法删除！',
  partly: '部分删除成功！（被引用的租户无法删除）',
  allReferenced: '选择的租户都已被引用，无法删除！',
  noneChosen: '未选中租户！',
} as const;

const MAX_TENANT_ID = 2_147_483_647;

const tenantId = z.union([z.number(), z.string().trim()], { message: '租户编号不能为空' }).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_TENANT_ID) {
    ctx.addIssue({ code: 'custom', message: '租户编号必须是正整数' });
    return z.NEVER;
  }
  return n;
});

const dateTime = (label: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const d = parseGmt8(v);
      if (!d) {
        ctx.addIssue({ code: 'custom', message: `${label}格式不正确，应为 yyyy-MM-dd HH:mm:ss` });
        return z.NEVER;
      }
      return d.date;
    });

const status = z
  .union([z.number(), z.string().trim()])
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return undefined;
    const n = Number(v);
    if (n !== 0 && n !== 1) {
      ctx.addIssue({ code: 'custom', message: '状态只能是 1(正常) 或 0(冻结)' });
      return z.NEVER;
    }
    return n;
  });

const fields = {
  name: requiredStr('租户名称', 100),
  beginDate: dateTime('开始时间'),
  endDate: dateTime('结束时间'),
  status,
};
const withDateOrder = <T extends { beginDate: Date | null; endDate: Date | null }>(s: z.ZodType<T>) =>
  s.refine((v) => !v.beginDate || !v.endDate || v.endDate.getTime() >= v.beginDate.getTime(), {
    message: '结束时间不能早于开始时间',
    path: ['endDate'],
  });
export const TenantBody = withDateOrder(z.object({ id: tenantId, ...fields }).loose());

const IdQuery = z.object({ id: tenantId }).loose();
const IdsQuery = z.object({ ids: z.string({ message: 'ids不能为空' }).max(20_000) }).loose();
const ListQuery = z.object({ ids: z.string().max(20_000).optional() }).loose();

export function tenantJson(row: typeof sysTenant.$inferSelect) {
  return rowJson(row);
}

/** Users (the recycle bin included) whose rel_tenant_ids lists the tenant, exact item match. */
export async function tenantReferenced(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(sql`${String(id)} = any(string_to_array(replace(coalesce(${sysUser.relTenantIds}, ''), ' ', ''), ','))`)
    .limit(1);
  return rows.length > 0;
}

function parseIdList(raw: string): number[] {
  const out = new Set<number>();
  for (const part of raw.split(',')) {
    const s = part.trim();
    if (!s) continue;
    if (!/^\d{1,10}$/.test(s) || Number(s) < 1 || Number(s) > MAX_TENANT_ID) throw bizError('租户编号必须是正整数');
    out.add(Number(s));
  }
  return [...out];
}

/** Tenants (租户管理). queryList serves the user form's tenant select, so it only needs a session. */
export default async function tenantRoutes(app: FastifyInstance): Promise<void> {
  const B = '/sys/tenant';
  const read = { config: { access: { menu: 'system/TenantList' } } };
  const { db } = app.ctx;

  app.get(`${B}/list`, read, async (req) => okCode0(await listPage(db, tenantEntity, req.query)));

  app.get(`${B}/queryById`, read, async (req) => {
    const { id } = parse(IdQuery, req.query);
    const [row] = await db.select().from(sysTenant).where(eq(sysTenant.id, id));
    if (!row) throw bizError(TENANT_MESSAGES.notFound);
    return okCode0(tenantJson(row));
  });

  // active tenants (status 1), optionally limited to ids
  app.get(`${B}/queryList`, { config: { access: 'authenticated' } }, async (req) => {
    const q = parse(ListQuery, req.query);
    const ids = q.ids ? parseIdList(q.ids) : [];
    const rows = await db
      .select()
      .from(sysTenant)
      .where(and(eq(sysTenant.status, 1), q.ids ? inArray(sysTenant.id, ids.length ? ids : [-1]) : undefined))
      .orderBy(asc(sysTenant.id));
    return okCode0(rows.map(tenantJson));
  });

  app.post(`${B}/add`, { config: { access: { perm: 'tenant:add' } } }, async (req) => {
    const body = parse(TenantBody, req.body);
    const [hit] = await db.select({ id: sysTenant.id }).from(sysTenant).where(eq(sysTenant.id, body.id));
    if (hit) throw bizError(TENANT_MESSAGES.idTaken);
    const inserted = await db
      .insert(sysTenant)
      .values({
        id: body.id,
        name: body.name,
        beginDate: body.beginDate,
        endDate: body.endDate,
        status: body.status ?? 1,
        createBy: req.auth!.user.username,
        createTime: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: sysTenant.id });
    if (!inserted.length) throw bizError(TENANT_MESSAGES.idTaken);
    return ok(null, TENANT_MESSAGES.added);
  });

  app.route({
    method: ['PUT', 'POST'],
    url: `${B}/edit`,
    config: { access: { perm: 'tenant:edit' } },
    handler: async (req) => {
      const body = parse(TenantBody, req.body);
      const updated = await db
        .update(sysTenant)
        .set({
          name: body.name,
          beginDate: body.beginDate,
          endDate: body.endDate,
          ...(body.status !== undefined ? { status: body.status } : {}),
        })
        .where(eq(sysTenant.id, body.id))
        .returning({ id: sysTenant.id });
      if (!updated.length) throw bizError(TENANT_MESSAGES.notFound);
      return ok(null, TENANT_MESSAGES.edited);
    },
  });

  app.route({
    method: ['DELETE', 'POST'],
    url: `${B}/delete`,
    config: { access: { perm: 'tenant:delete' } },
    handler: async (req) => {
      const { id } = parse(IdQuery, req.query);
      if (await tenantReferenced(db, id)) throw bizError(TENANT_MESSAGES.referenced);
      const gone = await db.delete(sysTenant).where(eq(sysTenant.id, id)).returning({ id: sysTenant.id });
      if (!gone.length) throw bizError(TENANT_MESSAGES.notFound);
      return ok(null, TENANT_MESSAGES.deleted);
    },
  });

  app.route({
    method: ['DELETE', 'POST'],
    url: `${B}/deleteBatch`,
    config: { access: { perm: 'tenant:deleteBatch' } },
    handler: async (req) => {
      const { ids: raw } = parse(IdsQuery, req.query);
      const ids = parseIdList(raw);
      if (!ids.length) throw bizError(TENANT_MESSAGES.noneChosen);
      const free: number[] = [];
      for (const id of ids) if (!(await tenantReferenced(db, id))) free.push(id);
      if (!free.length) throw bizError(TENANT_MESSAGES.allReferenced);
      await db.delete(sysTenant).where(inArray(sysTenant.id, free));
      return ok(null, free.length === ids.length ? TENANT_MESSAGES.deletedAll : TENANT_MESSAGES.partly);
    },
  });
}
