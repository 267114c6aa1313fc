import type { FastifyInstance } from 'fastify';

/**
 * Ends every session of a user at once and drops the cached permissions (security rule 3): password change and reset,
 * freeze, role change, force-logout. Returns how many sessions were ended.
 */
export async function endUserSessions(app: FastifyInstance, userId: string): Promise<number> {
  const n = await app.ctx.sessions.revokeUser(userId);
  await app.ctx.perms.invalidate(userId);
  return n;
}
