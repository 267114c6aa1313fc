import { okCode0 } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sysDataLog } from '../../db/schema/index.ts';
import { dataLogsByIds, dataLogVersions } from '../../platform/data-log.ts';
import { bizError } from '../../platform/errors.ts';
import { defineListEntity, listPage } from '../../platform/list-query.ts';
import { rowJson } from '../../platform/serialize.ts';
import { parse } from '../../platform/validation.ts';

/** sys_data_log as the 数据日志 page lists it (contract §4.11). */
export const dataLogEntity = defineListEntity({
  table: sysDataLog,
  sortable: ['createTime', 'dataTable', 'dataId', 'dataVersion', 'createBy'],
  defaultSort: { column: 'createTime', order: 'desc' },
  searchable: ['dataTable', 'dataId', 'dataVersion', 'createBy', 'createTime'],
});

const required = (name: string) =>
  z
    .string({ message: `参数 ${name} 不能为空` })
    .trim()
    .min(1, `参数 ${name} 不能为空`)
    .max(64, `参数 ${name} 过长`);

const CompareQuery = z.object({ dataId1: required('dataId1'), dataId2: required('dataId2') }).loose();
const VersionsQuery = z.object({ dataTable: required('dataTable'), dataId: required('dataId') }).loose();

const PAGE = 'system/DataLogList';

export default async function dataLogRoutes(app: FastifyInstance): Promise<void> {
  // GET /sys/dataLog/list: dataTable, dataId (list query rules), paging, newest first
  app.get('/sys/dataLog/list', { config: { access: { menu: PAGE } } }, async (req) =>
    okCode0(await listPage(app.ctx.db, dataLogEntity, req.query)),
  );

  // GET /sys/dataLog/queryCompareList?dataId1&dataId2: the two snapshot rows (ids of sys_data_log), in that order
  app.get('/sys/dataLog/queryCompareList', { config: { access: { perm: 'dataLog:compare' } } }, async (req) => {
    const q = parse(CompareQuery, req.query);
    const rows = await dataLogsByIds(app.ctx.db, [q.dataId1, q.dataId2]);
    return okCode0(rows.map((r) => rowJson(r)));
  });

  // GET /sys/dataLog/queryDataVerList?dataTable&dataId: every version of one row, oldest first
  app.get('/sys/dataLog/queryDataVerList', { config: { access: { menu: PAGE } } }, async (req) => {
    const q = parse(VersionsQuery, req.query);
    const rows = await dataLogVersions(app.ctx.db, q.dataTable, q.dataId);
    if (rows.length === 0) throw bizError('未找到版本信息');
    return okCode0(rows.map((r) => rowJson(r)));
  });
}
