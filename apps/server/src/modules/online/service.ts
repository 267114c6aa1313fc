import { createHash } from 'node:crypto';
import { type OnlineRecord, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, type Page } from '@answer/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sysUser } from '../../db/schema/index.ts';
import { formatDateTime } from '../../platform/serialize.ts';
import type { SessionRecord } from '../../platform/sessions.ts';
import { type Tenancy, tenantWhere } from '../../platform/tenant-scope.ts';

/**
 * Online users (contract §4.11, spec 01 §2.2) built from the live server-side sessions.
 *
 * JeecgBoot lists its JWTs and force-logs-out by JWT. We never hand a bearer token (nor the store's key) to the
 * browser: each session is named by an opaque id derived from its stored hash, sent in the `token` field the
 * JeecgBoot UI reads and posts back; `forceLogout` finds the live session carrying that id.
 */

export type { OnlineRecord };

/** The opaque id of a session: a one-way digest of the stored hash (so neither the token nor the key leaks). */
export function sessionId(tokenHash: string): string {
  return createHash('sha256').update(`online-session:${tokenHash}`).digest('hex');
}

export const SESSION_ID_RE = /^[0-9a-f]{64}$/;

export async function onlineRecords(
  app: FastifyInstance,
  opts: { username?: string; currentHash?: string; tenancy: Tenancy },
): Promise<OnlineRecord[]> {
  let sessions: SessionRecord[] = await app.ctx.sessions.list();
  // JeecgBoot matches the username exactly; a part of it is enough here (case-insensitive)
  const wanted = opts.username?.toLowerCase();
  if (wanted) sessions = sessions.filter((s) => s.username.toLowerCase().includes(wanted));
  if (!sessions.length) return [];
  const ids = [...new Set(sessions.map((s) => s.userId))];
  const users = await app.ctx.db
    .select({
      id: sysUser.id,
      username: sysUser.username,
      realname: sysUser.realname,
      avatar: sysUser.avatar,
      birthday: sysUser.birthday,
      sex: sysUser.sex,
      phone: sysUser.phone,
    })
    .from(sysUser)
    .where(and(inArray(sysUser.id, ids), eq(sysUser.delFlag, 0), tenantWhere(sysUser, opts.tenancy)));
  const byId = new Map(users.map((u) => [u.id, u]));
  const out: OnlineRecord[] = [];
  // newest sign-in first
  for (const s of [...sessions].sort((a, b) => b.createdAt - a.createdAt)) {
    const u = byId.get(s.userId);
    // like JeecgBoot: a session whose user is gone is not listed
    if (!u) continue;
    out.push({
      id: u.id,
      token: sessionId(s.tokenHash),
      username: u.username,
      realname: u.realname,
      avatar: u.avatar,
      birthday: u.birthday,
      sex: u.sex,
      phone: u.phone,
      loginTime: formatDateTime(new Date(s.createdAt)),
      lastActiveTime: formatDateTime(new Date(s.lastSeenAt)),
      ip: s.ip,
      currentSession: s.tokenHash === opts.currentHash,
    });
  }
  return out;
}

/** One page of an in-memory list, in the contract §1.2 shape. */
export function pageOf<T>(all: readonly T[], pageNo: number, pageSize: number): Page<T> {
  const size = Math.min(Math.max(1, pageSize || PAGE_SIZE_DEFAULT), PAGE_SIZE_MAX);
  const current = Math.max(1, pageNo || 1);
  const start = (current - 1) * size;
  return {
    records: all.slice(start, start + size),
    total: all.length,
    size,
    current,
    orders: [],
    optimizeCountSql: true,
    searchCount: true,
    countId: null,
    maxLimit: null,
    pages: Math.ceil(all.length / size),
  };
}

/** The live session named by an opaque id, or undefined. */
export async function findSession(app: FastifyInstance, id: string): Promise<SessionRecord | undefined> {
  const sessions = await app.ctx.sessions.list();
  return sessions.find((s) => sessionId(s.tokenHash) === id);
}
