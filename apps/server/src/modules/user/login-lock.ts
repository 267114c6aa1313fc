import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sysAnnouncement, sysAnnouncementSend, sysUser } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { stampTenantId, tenantWhere } from '../../platform/tenant-scope.ts';
import { pushAnnouncement } from '../announcement/service.ts';
import { accountSubject, Lockout } from '../auth/lockout.ts';
import type { Actor } from './service.ts';

export const LOCK_MSG = {
  lifted: '已解除登录锁定，已通知该用户',
  notLocked: '该用户当前没有登录锁定（可能已自动结束）',
  notFound: '未找到对应数据',
} as const;

/**
 * The sign-in pauses of some users (ADR 060): the users of a list page that are paused now, with the seconds left.
 * The pause is kept by the name typed at sign-in, lower-cased, which is the user's name for every real account.
 */
export async function loginLocks(
  app: FastifyInstance,
  actor: Actor,
  ids: readonly string[],
): Promise<{ id: string; username: string; seconds: number }[]> {
  if (!ids.length) return [];
  const rows = await app.ctx.db
    .select({ id: sysUser.id, username: sysUser.username })
    .from(sysUser)
    .where(and(inArray(sysUser.id, [...ids]), eq(sysUser.delFlag, 0), tenantWhere(sysUser, actor.tenancy)));
  const lockout = new Lockout(app.ctx.kv);
  const out: { id: string; username: string; seconds: number }[] = [];
  for (const r of rows) {
    const ms = await lockout.remainingMs(accountSubject(r.username));
    if (ms > 0) out.push({ id: r.id, username: r.username, seconds: Math.ceil(ms / 1000) });
  }
  return out;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * An administrator lifts a user's sign-in pause before it ends: failures and the pause are forgotten, and the user gets
 * a 系统消息 saying so (pushed live), with a word to change the password if the failures were not theirs.
 */
export async function liftLoginLock(app: FastifyInstance, actor: Actor, id: string): Promise<void> {
  const { db, kv } = app.ctx;
  const [user] = await db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.id, id), eq(sysUser.delFlag, 0), tenantWhere(sysUser, actor.tenancy)))
    .limit(1);
  if (!user) throw bizError(LOCK_MSG.notFound);
  const lockout = new Lockout(kv);
  const subject = accountSubject(user.username);
  if ((await lockout.remainingMs(subject)) <= 0) throw bizError(LOCK_MSG.notLocked);
  await lockout.reset(subject);

  const now = new Date();
  const notice = await db.transaction(async (tx) => {
    const [a] = await tx
      .insert(sysAnnouncement)
      .values({
        id: newId(),
        titile: '您的账号已解除登录锁定',
        msgContent:
          `<p>管理员 ${escapeHtml(actor.username)} 已解除您账号（${escapeHtml(user.username)}）的登录锁定，现在可以重新登录。</p>` +
          '<p>如果之前几次错误的密码不是您本人输入的，请尽快修改密码。</p>',
        msgAbstract: '管理员已解除您账号的登录锁定，现在可以重新登录',
        priority: 'M',
        msgCategory: '2',
        msgType: 'USER',
        userIds: `${user.id},`,
        sendStatus: '1',
        sendTime: now,
        sender: actor.username,
        delFlag: '0',
        busType: 'login_lock',
        busId: user.id,
        tenantId: stampTenantId(actor.tenancy),
        createBy: actor.username,
        createTime: now,
      })
      .returning();
    await tx.insert(sysAnnouncementSend).values({
      id: newId(),
      anntId: a.id,
      userId: user.id,
      readFlag: '0',
      createBy: actor.username,
      createTime: now,
    });
    return a;
  });
  await pushAnnouncement(app, notice);
}
