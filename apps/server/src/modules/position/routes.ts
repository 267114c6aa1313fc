import { okCode0 } from '@answer/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sysPosition } from '../../db/schema/index.ts';
import { defineCrud, registerCrud } from '../../platform/crud.ts';
import { bizError } from '../../platform/errors.ts';
import type { ExcelColumn } from '../../platform/excel.ts';
import { rowJson } from '../../platform/serialize.ts';
import { parse, requiredStr } from '../../platform/validation.ts';

export const POSITION_MESSAGES = {
  added: '添加成功！',
  edited: '修改成功!',
  deleted: '删除成功!',
  batchDeleted: '删除成功!',
  notFound: '未找到对应实体',
  codeTaken: '该职务编码已存在！',
  noIds: '参数不识别！',
} as const;

export const POSITION_EXCEL_COLUMNS: readonly ExcelColumn[] = [
  { key: 'code', title: '职务编码', width: 20 },
  { key: 'name', title: '职务名称', width: 24 },
  { key: 'postRank', title: '职级', dict: 'position_rank', width: 12 },
  { key: 'createTime', title: '创建时间', width: 20 },
];

const positionFields = {
  code: requiredStr('职务编码', 100).regex(/^[A-Za-z0-9_-]+$/, '职务编码只能包含字母、数字、下划线和横线'),
  name: requiredStr('职务名称', 100),
  postRank: z.enum(['1', '2', '3', '4', '5'], { message: '请选择正确的职级' }),
  companyId: z.string().trim().max(36).nullish(),
};
export const PositionAdd = z.object(positionFields).loose();
export const PositionEdit = z.object({ id: requiredStr('id', 36), ...positionFields }).loose();
const CodeQuery = z.object({ code: requiredStr('code', 100) }).loose();

const PAGE = 'system/SysPositionList';

/** Positions (职务管理), sys_position (contract §4.11). The list and queryByCode also feed the user form's position picker. */
export const positions = defineCrud({
  base: '/sys/position',
  table: sysPosition,
  list: {
    sortable: ['createTime', 'code', 'name', 'postRank', 'updateTime'],
    defaultSort: { column: 'createTime', order: 'desc' },
    dictFields: { postRank: 'position_rank' },
    searchable: ['code', 'name', 'postRank', 'companyId', 'sysOrgCode', 'createTime'],
  },
  access: {
    list: { menu: [PAGE, 'system/UserList'] },
    add: { perm: 'position:add' },
    edit: { perm: 'position:edit' },
    delete: { perm: 'position:delete' },
    deleteBatch: { perm: 'position:deleteBatch' },
    exportXls: { perm: 'position:export' },
    importExcel: { perm: 'position:import' },
  },
  messages: POSITION_MESSAGES,
  queryByIdCode0: true,
  maxBatch: 5000,
  add: {
    schema: PositionAdd,
    toRow: (p) => ({ code: p.code, name: p.name, postRank: p.postRank, companyId: p.companyId ?? null }),
  },
  edit: {
    schema: PositionEdit,
    toRow: (p) => ({
      code: p.code,
      name: p.name,
      postRank: p.postRank,
      ...(p.companyId !== undefined ? { companyId: p.companyId } : {}),
    }),
  },
  unique: [{ column: sysPosition.code, message: POSITION_MESSAGES.codeTaken }],
  exportXls: { columns: POSITION_EXCEL_COLUMNS, fileName: '职务表' },
  importExcel: { columns: POSITION_EXCEL_COLUMNS.filter((c) => c.key !== 'createTime') },
});

export default async function positionRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, positions);

  app.get('/sys/position/queryByCode', { config: { access: positions.decl.access.list } }, async (req) => {
    const { code } = parse(CodeQuery, req.query);
    const [row] = await app.ctx.db.select().from(sysPosition).where(eq(sysPosition.code, code));
    if (!row) throw bizError(POSITION_MESSAGES.notFound);
    return okCode0(rowJson(row));
  });
}
