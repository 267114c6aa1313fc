import { ok, okCode0 } from '@answer/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Access } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { sysPosition } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { type ExcelColumn, exportList, importAnswer, readImport } from '../../platform/excel.ts';
import { newId } from '../../platform/ids.ts';
import { defineListEntity, listPage } from '../../platform/list-query.ts';
import { rowJson } from '../../platform/serialize.ts';
import { parse, requiredStr } from '../../platform/validation.ts';

/** sys_position (contract §4.11): name/code/postRank filters, postRank_dictText */
export const positionEntity = defineListEntity({
  table: sysPosition,
  sortable: ['createTime', 'code', 'name', 'postRank', 'updateTime'],
  defaultSort: { column: 'createTime', order: 'desc' },
  dictFields: { postRank: 'position_rank' },
  searchable: ['code', 'name', 'postRank', 'companyId', 'sysOrgCode', 'createTime'],
});

export const POSITION_MESSAGES = {
  added: '添加成功！',
  edited: '修改成功!',
  deleted: '删除成功!',
  notFound: '未找到对应实体',
  codeTaken: '该职务编码已存在！',
  idsEmpty: '参数不识别！',
} as const;

export const POSITION_EXCEL_COLUMNS: readonly ExcelColumn[] = [
  { key: 'code', title: '职务编码', width: 20 },
  { key: 'name', title: '职务名称', width: 24 },
  { key: 'postRank', title: '职级', dict: 'position_rank', width: 12 },
  { key: 'createTime', title: '创建时间', width: 20 },
];
const IMPORT_COLUMNS = POSITION_EXCEL_COLUMNS.filter((c) => c.key !== 'createTime');

const positionFields = {
  code: requiredStr('职务编码', 100).regex(/^[A-Za-z0-9_-]+$/, '职务编码只能包含字母、数字、下划线和横线'),
  name: requiredStr('职务名称', 100),
  postRank: z.enum(['1', '2', '3', '4', '5'], { message: '请选择正确的职级' }),
  companyId: z.string().trim().max(36).nullish(),
};
export const PositionAdd = z.object(positionFields).loose();
export const PositionEdit = z.object({ id: z.string().trim().min(1, 'id不能为空').max(36), ...positionFields }).loose();
const IdQuery = z.object({ id: z.string({ message: 'id不能为空' }).trim().min(1, 'id不能为空').max(36) }).loose();
const CodeQuery = z
  .object({ code: z.string({ message: 'code不能为空' }).trim().min(1, 'code不能为空').max(100) })
  .loose();
const IdsQuery = z.object({ ids: z.string({ message: 'ids不能为空' }).max(40_000) }).loose();

async function codeTaken(db: Db, code: string, exceptId?: string) {
  const hit = await db
    .select({ id: sysPosition.id })
    .from(sysPosition)
    .where(and(eq(sysPosition.code, code), exceptId ? ne(sysPosition.id, exceptId) : undefined))
    .limit(1);
  return hit.length > 0;
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string } | null)?.code === '23505' ||
  (err as { cause?: { code?: string } } | null)?.cause?.code === '23505';

/** Positions (职务管理). The list and queryByCode also feed the user form's position picker. */
export default async function positionRoutes(app: FastifyInstance): Promise<void> {
  const B = '/sys/position';
  const PAGE = 'system/SysPositionList';
  const pick: Access = { menu: [PAGE, 'system/UserList'] };
  const { db } = app.ctx;

  const insertPosition = async (input: z.output<typeof PositionAdd>, username: string, orgCode: string | null) => {
    if (await codeTaken(db, input.code)) throw bizError(POSITION_MESSAGES.codeTaken);
    try {
      await db.insert(sysPosition).values({
        id: newId(),
        code: input.code,
        name: input.name,
        postRank: input.postRank,
        companyId: input.companyId ?? null,
        sysOrgCode: orgCode,
        createBy: username,
        createTime: new Date(),
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw bizError(POSITION_MESSAGES.codeTaken);
      throw err;
    }
  };

  app.get(`${B}/list`, { config: { access: pick } }, async (req) =>
    okCode0(await listPage(db, positionEntity, req.query)),
  );

  app.get(`${B}/queryById`, { config: { access: pick } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    const [row] = await db.select().from(sysPosition).where(eq(sysPosition.id, id));
    if (!row) throw bizError(POSITION_MESSAGES.notFound);
    return okCode0(rowJson(row));
  });

  app.get(`${B}/queryByCode`, { config: { access: pick } }, async (req) => {
    const { code } = parse(CodeQuery, req.query);
    const [row] = await db.select().from(sysPosition).where(eq(sysPosition.code, code));
    if (!row) throw bizError(POSITION_MESSAGES.notFound);
    return okCode0(rowJson(row));
  });

  app.post(`${B}/add`, { config: { access: { perm: 'position:add' } } }, async (req) => {
    const body = parse(PositionAdd, req.body);
    await insertPosition(body, req.auth!.user.username, req.auth!.user.orgCode ?? null);
    return ok(null, POSITION_MESSAGES.added);
  });

  app.route({
    method: ['PUT', 'POST'],
    url: `${B}/edit`,
    config: { access: { perm: 'position:edit' } },
    handler: async (req) => {
      const body = parse(PositionEdit, req.body);
      const [cur] = await db.select({ id: sysPosition.id }).from(sysPosition).where(eq(sysPosition.id, body.id));
      if (!cur) throw bizError(POSITION_MESSAGES.notFound);
      if (await codeTaken(db, body.code, body.id)) throw bizError(POSITION_MESSAGES.codeTaken);
      try {
        await db
          .update(sysPosition)
          .set({
            code: body.code,
            name: body.name,
            postRank: body.postRank,
            ...(body.companyId !== undefined ? { companyId: body.companyId } : {}),
            updateBy: req.auth!.user.username,
            updateTime: new Date(),
          })
          .where(eq(sysPosition.id, body.id));
      } catch (err) {
        if (isUniqueViolation(err)) throw bizError(POSITION_MESSAGES.codeTaken);
        throw err;
      }
      return ok(null, POSITION_MESSAGES.edited);
    },
  });

  app.delete(`${B}/delete`, { config: { access: { perm: 'position:delete' } } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    const gone = await db.delete(sysPosition).where(eq(sysPosition.id, id)).returning({ id: sysPosition.id });
    if (!gone.length) throw bizError(POSITION_MESSAGES.notFound);
    return ok(null, POSITION_MESSAGES.deleted);
  });

  app.delete(`${B}/deleteBatch`, { config: { access: { perm: 'position:deleteBatch' } } }, async (req) => {
    const { ids: raw } = parse(IdsQuery, req.query);
    const ids = [
      ...new Set(
        raw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (!ids.length) throw bizError(POSITION_MESSAGES.idsEmpty);
    await db.delete(sysPosition).where(inArray(sysPosition.id, ids));
    return ok(null, POSITION_MESSAGES.deleted);
  });

  app.get(`${B}/exportXls`, { config: { access: { perm: 'position:export' } } }, async (req, reply) =>
    exportList(app, req, reply, { entity: positionEntity, columns: POSITION_EXCEL_COLUMNS, fileName: '职务表' }),
  );

  app.post(`${B}/importExcel`, { config: { access: { perm: 'position:import' } } }, async (req) => {
    const { rows } = await readImport(req, { columns: IMPORT_COLUMNS });
    const errors: Array<{ rowNo: number; message: string }> = [];
    let imported = 0;
    const user = req.auth!.user;
    for (const r of rows) {
      const input = PositionAdd.safeParse(r.values);
      if (!input.success) {
        errors.push({ rowNo: r.rowNo, message: input.error.issues[0]?.message ?? '数据有误' });
        continue;
      }
      try {
        await insertPosition(input.data, user.username, user.orgCode ?? null);
        imported++;
      } catch (err) {
        errors.push({ rowNo: r.rowNo, message: err instanceof Error ? err.message : '数据有误' });
      }
    }
    return importAnswer(app, { total: rows.length, imported, errors });
  });
}
