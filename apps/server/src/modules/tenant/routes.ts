import { ok, okCode0 } from '@answer/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Access } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { sysTenant, sysUser } from '../../db/schema/index.ts';
import { defineCrud, registerCrud } from '../../platform/crud.ts';
import { bizError } from '../../platform/errors.ts';
import { parseGmt8 } from '../../platform/list-query.ts';
import { rowJson } from '../../platform/serialize.ts';
import { parse, requiredStr } from '../../platform/validation.ts';

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

const IdsQuery = z.object({ ids: z.string({ message: 'ids不能为空' }).max(20_000) }).loose();
const ListQuery = z.object({ ids: z.string().max(20_000).optional() }).loose();

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

const read: Access = { menu: 'system/TenantList' };

/** Tenants (租户管理), sys_tenant (contract §4.11, §5.5): the id is an int chosen by the administrator. */
export const tenants = defineCrud({
  base: '/sys/tenant',
  table: sysTenant,
  idSchema: tenantId,
  list: {
    sortable: ['id', 'name', 'createTime', 'beginDate', 'endDate', 'status'],
    defaultSort: { column: 'createTime', order: 'desc' },
    dictFields: { status: 'tenant_status' },
  },
  access: {
    list: read,
    add: { perm: 'tenant:add' },
    edit: { perm: 'tenant:edit' },
    delete: { perm: 'tenant:delete' },
    deleteBatch: { perm: 'tenant:deleteBatch' },
  },
  messages: TENANT_MESSAGES,
  queryByIdCode0: true,
  methods: { delete: ['DELETE', 'POST'] },
  add: {
    schema: TenantBody,
    toRow: (b) => ({
      id: b.id,
      name: b.name,
      beginDate: b.beginDate,
      endDate: b.endDate,
      status: b.status ?? 1,
    }),
  },
  edit: {
    schema: TenantBody,
    toRow: (b) => ({
      name: b.name,
      beginDate: b.beginDate,
      endDate: b.endDate,
      ...(b.status !== undefined ? { status: b.status } : {}),
    }),
  },
  unique: [{ column: sysTenant.id, message: TENANT_MESSAGES.idTaken }],
  hooks: {
    beforeDelete: async (ids, c) => {
      for (const id of ids) if (await tenantReferenced(c.db, Number(id))) throw bizError(TENANT_MESSAGES.referenced);
    },
  },
  // a batch deletes the tenants nobody references and says so
  ownRoutes: ['deleteBatch'],
});

/** queryList serves the user form's tenant select, so it only needs a session. */
export default async function tenantRoutes(app: FastifyInstance): Promise<void> {
  const B = '/sys/tenant';
  const { db } = app.ctx;
  registerCrud(app, tenants);

  // active tenants (status 1), optionally limited to ids
  app.get(`${B}/queryList`, { config: { access: 'authenticated' } }, async (req) => {
    const q = parse(ListQuery, req.query);
    const ids = q.ids ? parseIdList(q.ids) : [];
    const rows = await db
      .select()
      .from(sysTenant)
      .where(and(eq(sysTenant.status, 1), q.ids ? inArray(sysTenant.id, ids.length ? ids : [-1]) : undefined))
      .orderBy(asc(sysTenant.id));
    return okCode0(rows.map((r) => rowJson(r)));
  });

  app.route({
    method: ['DELETE', 'POST'],
    url: `${B}/deleteBatch`,
    config: { access: tenants.decl.access.deleteBatch },
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
