import { ok, okCode0 } from '@answer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bizError } from '../../platform/errors.ts';
import { listPage } from '../../platform/list-query.ts';
import { parse } from '../../platform/validation.ts';
import {
  DictBody,
  DictEditBody,
  DictItemBody,
  DictItemCheckQuery,
  DictItemEditBody,
  IdQuery,
  IdsQuery,
  splitIds,
  TreeListQuery,
} from './admin-schema.ts';
import {
  addDict,
  addDictItem,
  DICT_MSG,
  deleteDictItems,
  deleteDicts,
  deletedDicts,
  dictEntity,
  dictItemEntity,
  dictTreeList,
  editDict,
  editDictItem,
  itemValueFree,
  purgeDict,
  restoreDict,
} from './admin-service.ts';
import { exportDicts, importDicts } from './dict-excel.ts';

const PAGE = 'system/DictList';
const read = { access: { menu: PAGE } };
const perm = (p: string) => ({ access: { perm: p } });

/** Dictionary management (contract §4.5): /sys/dict CRUD + recycle bin + Excel, /sys/dictItem CRUD. */
export async function dictAdminRoutes(app: FastifyInstance): Promise<void> {
  const user = (req: FastifyRequest) => req.auth!.user;

  // ------------------------------------------------------------ /sys/dict
  app.get('/sys/dict/list', { config: read }, async (req) =>
    okCode0(await listPage(app.ctx.db, dictEntity, req.query)),
  );

  app.get('/sys/dict/treeList', { config: read }, async (req) => {
    const q = parse(TreeListQuery, req.query);
    return okCode0(await dictTreeList(app.ctx, q.dictName));
  });

  app.post('/sys/dict/add', { config: perm('dict:add') }, async (req) => {
    await addDict(app.ctx, user(req), parse(DictBody, req.body));
    return ok(null, DICT_MSG.saved);
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/dict/edit',
    config: perm('dict:edit'),
    handler: async (req) => {
      const body = parse(DictEditBody, req.body);
      await editDict(app.ctx, user(req), body.id, body);
      return ok(null, DICT_MSG.edited);
    },
  });

  app.delete('/sys/dict/delete', { config: perm('dict:delete') }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    if ((await deleteDicts(app.ctx, user(req), [id])) === 0) throw bizError(DICT_MSG.notFound);
    return ok(null, DICT_MSG.deleted);
  });

  app.delete('/sys/dict/deleteBatch', { config: perm('dict:delete') }, async (req) => {
    const ids = splitIds(parse(IdsQuery, req.query).ids);
    if (ids.length === 0) throw bizError(DICT_MSG.badIds);
    await deleteDicts(app.ctx, user(req), ids);
    return ok(null, DICT_MSG.deleted);
  });

  // recycle bin
  app.get('/sys/dict/deleteList', { config: perm('dict:recycle') }, async () => ok(await deletedDicts(app.ctx)));

  app.delete('/sys/dict/deletePhysic/:id', { config: perm('dict:recycle') }, async (req) => {
    await purgeDict(app.ctx, (req.params as { id: string }).id);
    return ok(null, DICT_MSG.deleted);
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/dict/back/:id',
    config: perm('dict:recycle'),
    handler: async (req) => {
      await restoreDict(app.ctx, user(req), (req.params as { id: string }).id);
      return ok(null, DICT_MSG.restored);
    },
  });

  app.get('/sys/dict/exportXls', { config: perm('dict:export') }, async (req, reply) => exportDicts(app, req, reply));

  app.post('/sys/dict/importExcel', { config: perm('dict:import') }, async (req) => importDicts(app, req, user(req)));

  // ------------------------------------------------------------ /sys/dictItem
  app.get('/sys/dictItem/list', { config: read }, async (req) =>
    okCode0(await listPage(app.ctx.db, dictItemEntity, req.query)),
  );

  app.post('/sys/dictItem/add', { config: perm('dict:items') }, async (req) => {
    await addDictItem(app.ctx, user(req), parse(DictItemBody, req.body));
    return ok(null, DICT_MSG.saved);
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/dictItem/edit',
    config: perm('dict:items'),
    handler: async (req) => {
      const body = parse(DictItemEditBody, req.body);
      await editDictItem(app.ctx, user(req), body.id, body);
      return ok(null, DICT_MSG.edited);
    },
  });

  app.delete('/sys/dictItem/delete', { config: perm('dict:items') }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    if ((await deleteDictItems(app.ctx, [id])) === 0) throw bizError(DICT_MSG.notFound);
    return ok(null, DICT_MSG.deleted);
  });

  app.delete('/sys/dictItem/deleteBatch', { config: perm('dict:items') }, async (req) => {
    const ids = splitIds(parse(IdsQuery, req.query).ids);
    if (ids.length === 0) throw bizError(DICT_MSG.badIds);
    await deleteDictItems(app.ctx, ids);
    return ok(null, DICT_MSG.deleted);
  });

  app.get('/sys/dictItem/dictItemCheck', { config: read }, async (req) => {
    const q = parse(DictItemCheckQuery, req.query);
    const free = await itemValueFree(app.ctx, q.dictId ?? '', q.itemValue ?? '', q.id);
    if (!free) throw bizError(DICT_MSG.valueTaken);
    return ok(null, DICT_MSG.valueFree);
  });
}
