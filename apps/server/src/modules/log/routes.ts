import { okCode0 } from '@answer/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sysLog } from '../../db/schema/index.ts';
import { defineListEntity, escapeLike, listPage } from '../../platform/list-query.ts';
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

export default async function logRoutes(app: FastifyInstance): Promise<void> {
  // GET /sys/log/list: logType, operateType, keyWord (LIKE on log_content), createTime_begin/_end, column/order, paging
  app.get('/sys/log/list', { config: { access: { menu: 'system/LogList' } } }, async (req) => {
    const q = parse(ListQuery, req.query);
    const where = q.keyWord ? sql`${sysLog.logContent} ilike ${`%${escapeLike(q.keyWord)}%`} escape '\\'` : undefined;
    return okCode0(await listPage(app.ctx.db, logEntity, req.query, where));
  });
}
