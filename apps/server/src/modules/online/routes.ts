import { ok, okCode0 } from '@answer/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sysUser } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { parsePaging } from '../../platform/list-query.ts';
import { tenantOf, tenantWhere } from '../../platform/tenant-scope.ts';
import { parse, str } from '../../platform/validation.ts';
import { findSession, onlineRecords, pageOf, SESSION_ID_RE } from './service.ts';

const ListQuery = z.object({ username: str(100).optional() }).loose();
const ForceLogoutBody = z.object({ token: z.string({ message: '必须是字符串' }).max(200).optional() }).loose();

export const MSG = {
  ok: '退出登录成功！',
  failed: '退出登录失败！',
  invalid: 'Token无效!',
} as const;

export default async function onlineRoutes(app: FastifyInstance): Promise<void> {
  // GET /sys/online/list?username&pageNo&pageSize: the live sessions, newest sign-in first (contract §4.11)
  app.get('/sys/online/list', { config: { access: { menu: 'system/SysUserOnlineList' } } }, async (req) => {
    const q = parse(ListQuery, req.query);
    const { pageNo, pageSize } = parsePaging(req.query as Record<string, unknown>);
    const username = q.username?.trim() || undefined;
    const all = await onlineRecords(app, {
      username,
      currentHash: req.auth?.session.tokenHash,
      tenancy: tenantOf(req),
    });
    return okCode0(pageOf(all, pageNo, pageSize));
  });

  /**
   * POST /sys/online/forceLogout {token}: ends that session at once (every node drops it; the user's next request
   * is 401). `token` is the opaque session id of the list. An administrator may end their own session too
   * (JeecgBoot allows it; the page asks for an extra confirmation).
   */
  app.post('/sys/online/forceLogout', { config: { access: { perm: 'online:forceLogout' } } }, async (req) => {
    const { token } = parse(ForceLogoutBody, req.body);
    const id = token?.trim();
    if (!id) throw bizError(MSG.failed);
    if (!SESSION_ID_RE.test(id)) throw bizError(MSG.invalid);
    const session = await findSession(app, id);
    if (!session) throw bizError(MSG.invalid);
    // another tenant's session is unknown here (ADR 017)
    const [visible] = await app.ctx.db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(eq(sysUser.id, session.userId), tenantWhere(sysUser, tenantOf(req))))
      .limit(1);
    if (!visible) throw bizError(MSG.invalid);
    const done = await app.ctx.sessions.revokeHash(session.tokenHash);
    if (!done) throw bizError(MSG.invalid);
    const user = await app.ctx.userById(session.userId);
    const me = req.auth?.user;
    await app.ctx.audit.login(
      req,
      `强制退出：用户名: ${user?.realname ?? session.username}(${session.username})，操作人: ${me?.username ?? ''}`,
      { username: me?.username, realname: me?.realname },
    );
    return ok(null, MSG.ok);
  });
}
