import { DICT_MESSAGES, ok, okCode0 } from '@answer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cachedAllDictItems, dictTextByKey, invalidateDictCache } from '../../platform/dict-cache.ts';
import { bizError } from '../../platform/errors.ts';
import { requireSign } from '../../platform/sign.ts';
import { tenantOf } from '../../platform/tenant-scope.ts';
import { parse } from '../../platform/validation.ts';
import { dictAdminRoutes } from './admin-routes.ts';
import { LoadDictItemQuery, LoadDictQuery, LoadTreeDataQuery } from './schema.ts';
import {
  type DictReader,
  type DictSearch,
  getDictItems,
  loadDict,
  loadDictItem,
  loadDictOrderByValue,
  loadTreeData,
} from './service.ts';

/**
 * Dictionary reads (contract §4.5). Every screen reads dictionaries, so these need a session but no permission.
 * The five JeecgBoot "signed" URLs also require X-Sign/X-TIMESTAMP (platform/sign.ts); the signature is compatibility
 * only — the protection is the session plus the table registry.
 * Success answers set only success+result (code 0), like JeecgBoot's controller; queryAllDictItems uses Result.ok (200).
 */
export default async function routes(app: FastifyInstance): Promise<void> {
  await dictAdminRoutes(app);
  const signed = { config: { access: 'authenticated' as const }, preHandler: requireSign(app) };
  const user = (req: FastifyRequest): DictReader => ({ ...req.auth!.user, tenancy: tenantOf(req) });
  const dictCodeOf = (req: FastifyRequest) => (req.params as { dictCode?: string }).dictCode ?? '';

  app.get('/sys/dict/getDictItems/:dictCode', signed, async (req) =>
    okCode0(await getDictItems(app.ctx, dictCodeOf(req), user(req))),
  );

  const dictSearch = (req: FastifyRequest): DictSearch => {
    const q = parse(LoadDictQuery, req.query);
    return { dictCode: dictCodeOf(req), keyword: q.keyword, pageSize: numberOrUndefined(q.pageSize) };
  };

  app.get('/sys/dict/loadDict/:dictCode', signed, async (req) =>
    okCode0(await loadDict(app.ctx, dictSearch(req), user(req))),
  );

  app.get('/sys/dict/loadDictOrderByValue/:dictCode', signed, async (req) =>
    okCode0(await loadDictOrderByValue(app.ctx, dictSearch(req), user(req))),
  );

  app.get('/sys/dict/loadDictItem/:dictCode', signed, async (req) => {
    const q = parse(LoadDictItemQuery, req.query);
    const delNotExist = (q.delNotExist ?? 'true').trim().toLowerCase() !== 'false';
    return okCode0(await loadDictItem(app.ctx, dictCodeOf(req), q.key, delNotExist, user(req)));
  });

  app.get('/sys/dict/loadTreeData', signed, async (req) => {
    const q = parse(LoadTreeDataQuery, req.query);
    return okCode0(await loadTreeData(app.ctx, q, tenantOf(req)));
  });

  // Path forms without a code ("/getDictItems/") answer the client's own message instead of a 404.
  for (const path of ['getDictItems', 'loadDict', 'loadDictOrderByValue', 'loadDictItem']) {
    app.get(`/sys/dict/${path}/`, signed, async () => {
      throw bizError(DICT_MESSAGES.empty);
    });
  }

  app.get('/sys/dict/queryAllDictItems', { config: { access: 'authenticated' } }, async () =>
    ok(await cachedAllDictItems(app.ctx)),
  );

  app.get('/sys/dict/getDictText/:dictCode/:key', { config: { access: 'authenticated' } }, async (req) => {
    const { dictCode, key } = req.params as { dictCode: string; key: string };
    return okCode0(await dictTextByKey(app.ctx, dictCode, key));
  });

  // Flushing the shared cache needs the dictionary page's 刷新缓存 button (issue 28 security 9); the header's 清理缓存 of
  // other users reloads only their own copy.
  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: '/sys/dict/refleshCache',
    config: {
      access: { perm: 'dict:refresh' },
      rateLimit: { bucket: 'dict-refresh', max: 30, windowMs: 60_000 },
      audit: { content: '刷新字典缓存' },
    },
    handler: async () => {
      await invalidateDictCache(app);
      return okCode0(null);
    },
  });
}

function numberOrUndefined(v: string | undefined): number | undefined {
  return v === undefined ? undefined : Number(v);
}
