import { ok } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { userPermCode, userPermissionResult } from './service.ts';

export default async function routes(app: FastifyInstance): Promise<void> {
  // contract §3: the signed-in user's menu tree, button permissions and every button permission
  app.get('/sys/permission/getUserPermissionByToken', { config: { access: 'authenticated' } }, async (req) => {
    const { db, config } = app.ctx;
    return ok(await userPermissionResult(db, req.auth!.user.id, config.safeMode), '查询成功');
  });

  // (3.x) the same permissions as a flat code list (Result.OK(data): message '')
  app.get('/sys/permission/getPermCode', { config: { access: 'authenticated' } }, async (req) => {
    const { db, config } = app.ctx;
    return ok(await userPermCode(db, req.auth!.user.id, config.safeMode));
  });
}
