import { ok, okCode0 } from '@answer/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sysLog } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { sendError } from '../../platform/http-hooks.ts';
import { defineListEntity, escapeLike, listPage } from '../../platform/list-query.ts';
import { Permissions } from '../../platform/permissions.ts';
import { parse, str } from '../../platform/validation.ts';

/** sys_log as the log pages list it (contract §4.9). */
export const logEntity = defineListEntity({
  table: sysLog,
  sortable: ['createTime', 'costTime', 'logType', 'operateType', 'ip', 'userid', 'username', 'requestType'],
  defaultSort: { column: 'createTime', order: 'desc' },
  dictFields: { logType: 'log_type', operateType: 'operate_type' },
  searchable: ['logType', 'operateType', 'userid', 'username', 'ip', 'requestType', 'createTime', 'costTime', 'method'],
});

const ListQuery = z.object({ keyWord: str(100).optional() }).loose();
const IdQuery = z.object({ id: z.string({ message: '参数 id 不能为空' }).trim().min(1, '参数 id 不能为空').max(64) });
const IdsQuery = z.object({ ids: z.string({ message: '参数不识别！' }).max(64_000, '参数 ids 过长') });

/** the one value of ids that clears the whole table (JeecgBoot) */
const CLEAR_ALL = 'allclear';
const MAX_BATCH = 1000;

export default async function logRoutes(app: FastifyInstance): Promise<void> {
  // GET /sys/log/list: logType, operateType, keyWord (LIKE on log_content), createTime_begin/_end, column/order, paging
  app.get('/sys/log/list', { config: { access: { menu: 'system/LogList' } } }, async (req) => {
    const q = parse(ListQuery, req.query);
    const where = q.keyWord ? sql`${sysLog.logContent} ilike ${`%${escapeLike(q.keyWord)}%`} escape '\\'` : undefined;
    // the keyword's selectivity is only known from its value: planned with it (PageOptions.customPlan)
    return okCode0(await listPage(app.ctx, logEntity, req.query, { where, customPlan: where !== undefined }));
  });

  // DELETE /sys/log/delete?id
  app.delete('/sys/log/delete', { config: { access: { perm: 'log:delete' } } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    const gone = await app.ctx.db.delete(sysLog).where(eq(sysLog.id, id)).returning({ id: sysLog.id });
    if (gone.length === 0) throw bizError('未找到对应实体');
    return ok(null, '删除成功!');
  });

  // DELETE /sys/log/deleteBatch?ids=a,b (log:delete) | ids=allclear empties the table (log:clear)
  app.delete(
    '/sys/log/deleteBatch',
    { config: { access: { perm: ['log:delete', 'log:clear'] } } },
    async (req, reply) => {
      const raw = parse(IdsQuery, req.query).ids.trim();
      if (raw === '') throw bizError('参数不识别！');
      const clear = raw === CLEAR_ALL;
      const granted = await app.ctx.perms.of(req.auth!.user.id);
      if (!Permissions.allows(granted, { perm: clear ? 'log:clear' : 'log:delete' })) {
        return sendError(reply, 'FORBIDDEN');
      }
      if (clear) {
        await app.ctx.db.delete(sysLog);
        return ok(null, '清除成功!');
      }
      const ids = [
        ...new Set(
          raw
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      if (ids.length === 0) throw bizError('参数不识别！');
      if (ids.length > MAX_BATCH) throw bizError(`一次最多删除 ${MAX_BATCH} 条`);
      await app.ctx.db.delete(sysLog).where(inArray(sysLog.id, ids));
      return ok(null, '删除成功!');
    },
  );
}
