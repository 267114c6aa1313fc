import { eq, sql } from 'drizzle-orm';
import type { UserRow } from '../context.ts';
import type { Db } from '../db/client.ts';
import { sysUser } from '../db/schema/index.ts';
import type { PubSub } from '../infra/pubsub.ts';
import { fanOutHealthy, LocalCache, onFanOutReset } from './local-cache.ts';

export const USER_CHANGED_CHANNEL = 'user-changed';

/**
 * The signed-in user's row, read by the guard on every request (status and del_flag decide access). Kept per node and
 * dropped on every node whenever a user row changes (ADR 014): writers call `app.ctx.userChanged(ids)` after the
 * change is committed; session creation and "end every session of a user" (password change, freeze, force logout) do
 * it too. Unknown ids are not cached.
 */
export class UserCache {
  private readonly cache: LocalCache<UserRow>;
  private byId?: ReturnType<UserCache['prepare']>;

  constructor(
    private readonly db: Db,
    private readonly pubsub: PubSub,
    ttlMs = 60_000,
  ) {
    this.cache = new LocalCache<UserRow>({ ttlMs, max: 50_000, trusted: fanOutHealthy(pubsub) });
  }

  async start() {
    await this.pubsub.subscribe(USER_CHANGED_CHANNEL, (m) => this.forget((m as { ids?: string[] | null } | null)?.ids));
    onFanOutReset(this.pubsub, () => this.cache.clear());
  }

  private prepare() {
    return this.db
      .select()
      .from(sysUser)
      .where(eq(sysUser.id, sql.placeholder('id')))
      .limit(1)
      .prepare('user_by_id');
  }

  private async load(id: string): Promise<UserRow | undefined> {
    this.byId ??= this.prepare();
    const [u] = await this.byId.execute({ id });
    return u;
  }

  async get(id: string): Promise<UserRow | undefined> {
    const hit = this.cache.peek(id);
    if (hit) return hit;
    const stamp = this.cache.stamp();
    const u = await this.load(id);
    if (u) this.cache.setIf(stamp, id, u);
    return u;
  }

  private forget(ids: readonly string[] | null | undefined) {
    if (!ids) this.cache.clear();
    else for (const id of ids) this.cache.drop(id);
  }

  /** after a committed change to these users' rows (none given: any user) — reaches every node */
  async changed(ids?: string | readonly string[] | null): Promise<void> {
    const list = ids === undefined || ids === null ? null : typeof ids === 'string' ? [ids] : [...ids];
    if (list && !list.length) return;
    this.forget(list);
    await this.pubsub.publish(USER_CHANGED_CHANNEL, { ids: list });
  }
}
