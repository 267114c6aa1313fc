import { ok, okCode0 } from '@answer/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sysCategory } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { fieldFilters, listPage, listWhere } from '../../platform/list-query.ts';
import { parse, requiredStr, str } from '../../platform/validation.ts';
import {
  addCategory,
  CATEGORY_MSG,
  categoryEntity,
  checkCode,
  childList,
  childListBatch,
  childrenOf,
  deleteCategories,
  editCategory,
  loadAllData,
  loadDictItem,
  loadOne,
  loadTreeData,
  loadTreeRoot,
  queryById,
  ROOT_PID,
} from './service.ts';

const PAGE = 'system/SysCategoryList';
const read = { access: { menu: PAGE } };
/** widget reads (JCategorySelect in any form): a session is enough */
const widget = { access: 'authenticated' as const };
const perm = (p: string) => ({ access: { perm: p } });

const boolParam = z
  .string({ error: '缺少该参数' })
  .trim()
  .toLowerCase()
  .refine((v) => v === 'true' || v === 'false', '必须是 true 或 false')
  .transform((v) => v === 'true');

const LoadTreeRootQuery = z.object({ async: boolParam, pcode: str(100) });
const PidQuery = z.object({ pid: str(36).optional() });
const LoadTreeDataQuery = z.object({
  pid: str(36).optional(),
  pcode: str(100).optional(),
  condition: str(2000).optional(),
});
const LoadOneQuery = z.object({ field: requiredStr('field', 64), val: str(255) });
const DelNotExist = z
  .string()
  .max(10)
  .optional()
  .transform((v) => (v ?? 'true').trim().toLowerCase() !== 'false');
const LoadDictItemQuery = z.object({ ids: str(40_000).optional(), delNotExist: DelNotExist });
const CodeQuery = z.object({ code: str(100).optional() });
const CheckCodeQuery = z.object({ pid: str(36).optional(), code: str(100).optional() });
const ParentIdsQuery = z.object({ parentIds: requiredStr('parentIds', 40_000) });
const IdQuery = z.object({ id: requiredStr('id', 36) });
const IdsQuery = z.object({ ids: str(40_000).optional() });
const CategoryBody = z.object({
  pid: str(36).nullish(),
  name: requiredStr('类型名称', 100),
});
const CategoryEditBody = CategoryBody.extend({ id: requiredStr('id', 36) });

const splitIds = (s: string | undefined) =>
  [
    ...new Set(
      (s ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ].slice(0, 1000);

/** Category tree dictionary (contract §4.6). */
export default async function categoryRoutes(app: FastifyInstance): Promise<void> {
  const user = (req: FastifyRequest) => req.auth!.user;

  // root level paged (pid, default '0'); a name/code filter searches every level
  app.get('/sys/category/rootList', { config: read }, async (req) => {
    const q = (req.query ?? {}) as Record<string, unknown>;
    const searching = fieldFilters(categoryEntity, { name: q.name, code: q.code }).length > 0;
    const pid = typeof q.pid === 'string' && q.pid.trim() !== '' ? q.pid.trim() : ROOT_PID;
    const query = { ...q, pid: undefined, hasChild: undefined, sysOrgCode: undefined };
    return okCode0(await listPage(app.ctx.db, categoryEntity, query, searching ? undefined : eq(sysCategory.pid, pid)));
  });

  app.get('/sys/category/childList', { config: read }, async (req) => {
    parse(PidQuery, req.query);
    return okCode0(await childList(app.ctx, listWhere(categoryEntity, req.query as Record<string, unknown>)));
  });

  app.get('/sys/category/getChildListBatch', { config: read }, async (req) => {
    const { parentIds } = parse(ParentIdsQuery, req.query);
    return ok(await childListBatch(app.ctx, splitIds(parentIds)));
  });

  app.get('/sys/category/queryById', { config: read }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    return okCode0(await queryById(app.ctx, id));
  });

  app.get('/sys/category/checkCode', { config: read }, async (req) => {
    const q = parse(CheckCodeQuery, req.query);
    await checkCode(app.ctx, q.pid?.trim() ?? '', q.code?.trim() ?? '');
    return ok(null, '成功');
  });

  // ------------------------------------------------------------ widget reads
  app.get('/sys/category/loadTreeRoot', { config: widget }, async (req) => {
    const q = parse(LoadTreeRootQuery, req.query);
    return okCode0(await loadTreeRoot(app.ctx, q.async, q.pcode.trim()));
  });

  app.get('/sys/category/loadTreeChildren', { config: widget }, async (req) => {
    const { pid } = parse(PidQuery, req.query);
    return okCode0(await childrenOf(app.ctx.db, pid?.trim() || ROOT_PID));
  });

  app.get('/sys/category/loadTreeData', { config: widget }, async (req) => {
    return okCode0(await loadTreeData(app.ctx, parse(LoadTreeDataQuery, req.query)));
  });

  app.get('/sys/category/loadOne', { config: widget }, async (req) => {
    const q = parse(LoadOneQuery, req.query);
    return okCode0(await loadOne(app.ctx, q.field, q.val));
  });

  const dictItem = async (ids: string | undefined, delNotExist: boolean) => {
    if (!ids || ids.trim() === '') throw bizError('ids 不能为空');
    return okCode0(await loadDictItem(app.ctx, ids, delNotExist));
  };
  app.get('/sys/category/loadDictItem', { config: widget }, async (req) => {
    const q = parse(LoadDictItemQuery, req.query);
    return dictItem(q.ids, q.delNotExist);
  });
  // the spec's client calls the path form /loadDictItem/{ids}
  app.get('/sys/category/loadDictItem/:ids', { config: widget }, async (req) => {
    const q = parse(LoadDictItemQuery, req.query);
    const ids = (req.params as { ids: string }).ids;
    if (ids.length > 40_000) throw bizError('ids 过多');
    return dictItem(ids, q.delNotExist);
  });

  app.get('/sys/category/loadAllData', { config: widget }, async (req) => {
    const { code } = parse(CodeQuery, req.query);
    return okCode0(await loadAllData(app.ctx, code?.trim() ?? ''));
  });

  // ------------------------------------------------------------ mutations
  app.post('/sys/category/add', { config: perm('category:add') }, async (req) => {
    await addCategory(app.ctx, user(req), parse(CategoryBody, req.body));
    return ok(null, CATEGORY_MSG.added);
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/category/edit',
    config: perm('category:edit'),
    handler: async (req) => {
      const body = parse(CategoryEditBody, req.body);
      await editCategory(app.ctx, user(req), body.id, body);
      return ok(null, CATEGORY_MSG.edited);
    },
  });

  app.delete('/sys/category/delete', { config: perm('category:delete') }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    if ((await deleteCategories(app.ctx, [id])) === 0) throw bizError(CATEGORY_MSG.notFound);
    return ok(null, CATEGORY_MSG.deleted);
  });

  app.delete('/sys/category/deleteBatch', { config: perm('category:delete') }, async (req) => {
    const ids = splitIds(parse(IdsQuery, req.query).ids);
    if (ids.length === 0) throw bizError(CATEGORY_MSG.badIds);
    await deleteCategories(app.ctx, ids);
    return ok(null, CATEGORY_MSG.deleted);
  });
}
