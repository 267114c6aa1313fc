import { ok, PAGE_SIZE_MAX } from '@answer/contract';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { jeecgVxeDemo } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { formatDateTime } from '../../platform/serialize.ts';
import { parse, requiredStr } from '../../platform/validation.ts';
import { optNumber, optText } from './fields.ts';

/**
 * `/mock/vxe/*` of the JVxeTable demos (contract-2 §5). JeecgBoot served `getData` from a bundled JSON that is absent
 * from the mirror; here the rows live in `jeecg_vxe_demo` (100 top-level ship rows, every fourth with 3 children,
 * inserted by migration 0003 from the row number, so the set is the same on every installation):
 *
 *   GET  getData ?pageNo&pageSize[&parentId=a,b]   page of top-level rows (sort, id), or of the children of the given
 *                                                  rows; each row carries `hasChildren` for lazy tree loading
 *   GET  getData ?ids=a,b                          those rows, at any level (ours: a table reloads the rows another
 *                                                  browser saved, announced over /vxeSocket by id only, ADR 076)
 *   PUT  immediateSaveRow  (row JSON)              updates that row (JeecgBoot only slept 0.5 s: here it is persisted)
 *   POST immediateSaveAll  ([rows])                updates every row in one transaction (all or nothing)
 *
 * The saves change only the editable columns (ship_name … trend, sort); an unknown id → 未找到对应数据.
 */

/** the JVxeTable demo pages that read and save these rows */
export const VXE_PAGES = ['jeecg/JVxeDemo/JVxeDemo1', 'jeecg/JeecgEditableTableExample'];
export const VXE_NOT_FOUND = '未找到对应数据';
export const MAX_SAVE_ROWS = 1000;

const GetDataQuery = z
  .object({
    // 0 and below = the first page, as MyBatis-Plus pages
    pageNo: z.coerce
      .number({ message: '页码必须是数字' })
      .int('页码必须是整数')
      .transform((n) => Math.max(1, n))
      .default(1),
    pageSize: z.coerce
      .number({ message: '每页条数必须是数字' })
      .int('每页条数必须是整数')
      .min(1, '每页条数不能小于 1')
      .max(PAGE_SIZE_MAX, `每页条数不能大于 ${PAGE_SIZE_MAX}`)
      .default(10),
    parentId: z.string().max(4000, 'parentId 过长').optional(),
    ids: z.string().max(4000, 'ids 过长').optional(),
  })
  .loose();

export const VxeRow = z
  .object({
    id: requiredStr('id', 36),
    ship_name: optText('船名', 100),
    call: optText('呼叫', 50),
    len: optNumber('长', { min: 0, max: 1_000_000, integer: true }),
    ton: optNumber('吨', { min: 0, max: 1_000_000_000, integer: true }),
    payer: optText('付款方', 100),
    count: optNumber('数', { min: 0, max: 1_000_000, integer: true }),
    company: optText('公司', 100),
    trend: optText('动向', 50),
    sort: optNumber('排序', { min: 0, max: 1_000_000_000, integer: true }),
  })
  .loose();
const VxeRows = z
  .array(VxeRow, { message: '请求体必须是行的数组' })
  .max(MAX_SAVE_ROWS, `一次最多保存 ${MAX_SAVE_ROWS} 行`);

type Row = typeof jeecgVxeDemo.$inferSelect;

/** the columns whose JSON name is the column's own (both directions) */
type Editable = 'call' | 'len' | 'ton' | 'payer' | 'count' | 'company' | 'trend';
function editable<T extends { [K in Editable]?: Row[K] | undefined }>(r: T) {
  const { call, len, ton, payer, count, company, trend } = r;
  return { call, len, ton, payer, count, company, trend };
}

/** the JSON of one row (the field names of JeecgBoot's demo JSON) */
export function vxeRowJson(r: Row) {
  return {
    id: r.id,
    parentId: r.parentId,
    hasChildren: r.hasChildren,
    num: r.num,
    ship_name: r.shipName,
    ...editable(r),
    sort: r.sort,
    updateTime: formatDateTime(r.updateTime),
  };
}

async function saveRows(db: Db, rows: z.output<typeof VxeRows>, by: string): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    for (const r of rows) {
      const set = {
        shipName: r.ship_name,
        ...editable(r),
        sort: r.sort === null ? undefined : r.sort,
        updateBy: by,
        updateTime: now,
      };
      const done = await tx
        .update(jeecgVxeDemo)
        .set(set)
        .where(eq(jeecgVxeDemo.id, r.id))
        .returning({ id: jeecgVxeDemo.id });
      if (!done.length) throw bizError(`${VXE_NOT_FOUND}：${r.id}`);
    }
  });
}

export function registerVxeMock(app: FastifyInstance): void {
  const access = { menu: VXE_PAGES };

  app.get('/mock/vxe/getData', { config: { access } }, async (req) => {
    const q = parse(GetDataQuery, req.query);
    const parents = [
      ...new Set(
        (q.parentId ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (parents.length > 100) throw bizError('parentId 最多 100 个');
    const ids = [
      ...new Set(
        (q.ids ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length > 100) throw bizError('ids 最多 100 个');
    const where = ids.length
      ? inArray(jeecgVxeDemo.id, ids)
      : parents.length
        ? inArray(jeecgVxeDemo.parentId, parents)
        : isNull(jeecgVxeDemo.parentId);
    const [{ n }] = await app.ctx.db.select({ n: count() }).from(jeecgVxeDemo).where(where);
    const rows = await app.ctx.db
      .select()
      .from(jeecgVxeDemo)
      .where(and(where))
      .orderBy(asc(jeecgVxeDemo.parentId), asc(jeecgVxeDemo.sort), asc(jeecgVxeDemo.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    return ok({
      records: rows.map(vxeRowJson),
      total: n,
      size: q.pageSize,
      current: q.pageNo,
      pages: Math.ceil(n / q.pageSize),
      orders: [],
      optimizeCountSql: true,
      searchCount: true,
      countId: null,
      maxLimit: null,
    });
  });

  app.put('/mock/vxe/immediateSaveRow', { config: { access } }, async (req) => {
    const row = parse(VxeRow, req.body);
    await saveRows(app.ctx.db, [row], req.auth!.user.username);
    return ok(null);
  });

  app.post('/mock/vxe/immediateSaveAll', { config: { access } }, async (req) => {
    const rows = parse(VxeRows, req.body);
    if (!rows.length) throw bizError('没有要保存的数据');
    await saveRows(app.ctx.db, rows, req.auth!.user.username);
    return ok(null);
  });
}
