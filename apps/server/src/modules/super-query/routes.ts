import { ok } from '@answer/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sysSuperQuery } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { parse, requiredStr } from '../../platform/validation.ts';

/** spec 02 §9 advanced-query rules */
export const SUPER_QUERY_RULES = ['eq', 'like', 'right_like', 'left_like', 'in', 'ne', 'gt', 'ge', 'lt', 'le'] as const;

export const SUPER_QUERY_LIMITS = { name: 50, conditions: 20, perPage: 100 } as const;

export const SUPER_QUERY_MESSAGES = {
  saved: '保存成功！',
  deleted: '删除成功!',
  nameRequired: '保存名称不能为空',
  nameTooLong: `保存名称不能超过 ${SUPER_QUERY_LIMITS.name} 个字符`,
  emptyConditions: '空条件不能保存',
  tooManyConditions: `查询条件不能超过 ${SUPER_QUERY_LIMITS.conditions} 个`,
  tooMany: `每个页面最多保存 ${SUPER_QUERY_LIMITS.perPage} 个查询，请先删除不用的查询`,
  exists: (name: string) => `${name} 已存在，请确认覆盖后再保存`,
  notFound: '未找到对应的查询',
} as const;

const optStr = (max: number) => z.string().max(max, `长度不能超过 ${max} 个字符`).nullish();
const scalar = z.union([z.string().max(1000, '长度不能超过 1000 个字符'), z.number(), z.boolean()]);

/** one condition as JeecgBoot's client keeps it; anything else (the option lists) is stripped */
const Condition = z
  .object({
    field: z.string().max(64, '长度不能超过 64 个字符').default(''),
    rule: z.enum(SUPER_QUERY_RULES, { message: '不支持的查询规则' }),
    val: z.union([scalar, z.array(scalar).max(200, '最多 200 个值')]).nullish(),
    type: optStr(32),
    dbType: optStr(32),
    dictCode: optStr(100),
    dictTable: optStr(100),
    dictText: optStr(100),
    customReturnField: optStr(64),
    popup: z.unknown().optional(),
  })
  .transform(({ popup: _popup, ...c }) =>
    Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined && v !== null)),
  );

const SaveBody = z.object({
  pageKey: requiredStr('页面标识', 200),
  title: z.string({ message: SUPER_QUERY_MESSAGES.nameRequired }).default(''),
  matchType: z.enum(['and', 'or'], { message: '匹配方式只能是 and 或 or' }).default('and'),
  records: z.array(z.unknown(), { message: '查询条件格式不正确' }),
  /** the user confirmed overwriting a query of the same name */
  overwrite: z.boolean().default(false),
});
const ListQuery = z.object({ pageKey: requiredStr('页面标识', 200) }).loose();
const IdQuery = z.object({ id: requiredStr('id', 36) }).loose();

/** a blank row (no field, rule or value) is not a condition */
function filled(c: Record<string, unknown>): boolean {
  const v = c.val;
  const hasVal = Array.isArray(v) ? v.length > 0 : v !== undefined && v !== null && String(v) !== '';
  return typeof c.field === 'string' && c.field !== '' && typeof c.rule === 'string' && hasVal;
}

function view(r: typeof sysSuperQuery.$inferSelect) {
  return { id: r.id, pageKey: r.pageKey, title: r.name, matchType: r.matchType, records: r.conditions };
}

/**
 * Saved advanced queries (高级查询 → 保存查询), each user's own, per page:
 * GET /sys/superQuery/list?pageKey, POST /sys/superQuery/save, DELETE /sys/superQuery/delete?id.
 * Any signed-in user; every statement is scoped to the caller's user id.
 */
export default async function superQueryRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.ctx.db;

  app.get('/sys/superQuery/list', { config: { access: 'authenticated' } }, async (req) => {
    const { pageKey } = parse(ListQuery, req.query);
    const rows = await db()
      .select()
      .from(sysSuperQuery)
      .where(and(eq(sysSuperQuery.userId, req.auth!.user.id), eq(sysSuperQuery.pageKey, pageKey)))
      .orderBy(asc(sysSuperQuery.createTime), asc(sysSuperQuery.id));
    return ok(rows.map(view));
  });

  app.post('/sys/superQuery/save', { config: { access: 'authenticated' } }, async (req) => {
    const body = parse(SaveBody, req.body);
    const name = body.title.trim();
    if (!name) throw bizError(SUPER_QUERY_MESSAGES.nameRequired);
    if ([...name].length > SUPER_QUERY_LIMITS.name) throw bizError(SUPER_QUERY_MESSAGES.nameTooLong);
    if (body.records.length > SUPER_QUERY_LIMITS.conditions) throw bizError(SUPER_QUERY_MESSAGES.tooManyConditions);
    const records = parse(z.array(Condition), body.records).filter(filled);
    if (records.length === 0) throw bizError(SUPER_QUERY_MESSAGES.emptyConditions);
    const userId = req.auth!.user.id;
    const mine = and(eq(sysSuperQuery.userId, userId), eq(sysSuperQuery.pageKey, body.pageKey));
    const now = new Date();
    const saved = await db().transaction(async (tx) => {
      // one save at a time per user and page, so that the count below holds
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`super_query|${userId}|${body.pageKey}`}))`);
      const [same] = await tx
        .select()
        .from(sysSuperQuery)
        .where(and(mine, eq(sysSuperQuery.name, name)));
      if (same) {
        if (!body.overwrite) throw bizError(SUPER_QUERY_MESSAGES.exists(name));
        const [row] = await tx
          .update(sysSuperQuery)
          .set({ matchType: body.matchType, conditions: records, updateTime: now })
          .where(eq(sysSuperQuery.id, same.id))
          .returning();
        return row;
      }
      const [{ n }] = await tx.select({ n: count() }).from(sysSuperQuery).where(mine);
      if (n >= SUPER_QUERY_LIMITS.perPage) throw bizError(SUPER_QUERY_MESSAGES.tooMany);
      const [row] = await tx
        .insert(sysSuperQuery)
        .values({
          id: newId(),
          userId,
          pageKey: body.pageKey,
          name,
          matchType: body.matchType,
          conditions: records,
          createTime: now,
          updateTime: now,
        })
        .onConflictDoNothing()
        .returning();
      // a concurrent save of the same name won the race
      if (!row) throw bizError(SUPER_QUERY_MESSAGES.exists(name));
      return row;
    });
    return ok(view(saved), SUPER_QUERY_MESSAGES.saved);
  });

  app.delete('/sys/superQuery/delete', { config: { access: 'authenticated' } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    const gone = await db()
      .delete(sysSuperQuery)
      .where(and(eq(sysSuperQuery.id, id), eq(sysSuperQuery.userId, req.auth!.user.id)))
      .returning({ id: sysSuperQuery.id });
    if (gone.length === 0) throw bizError(SUPER_QUERY_MESSAGES.notFound);
    return ok(null, SUPER_QUERY_MESSAGES.deleted);
  });
}
