import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import type { PubSub } from '../infra/pubsub.ts';
import { fanOutHealthy, LocalCache, onFanOutReset } from './local-cache.ts';

const CHANNEL = 'perm-cache';
/** safety net only: every change to roles, grants, menus or memberships invalidates at once (ADR 014) */
const TTL_MS = 10 * 60_000;

/**
 * The sys_permission ids a user is granted: through their roles and through their department roles (one column).
 * modules/permission/service.ts (grantedIdsSubquery) still spells the same union; it should use this one.
 */
export function grantedIdsSql(userId: string): SQL {
  return sql`
      select rp.permission_id from sys_role_permission rp
        join sys_user_role ur on ur.role_id = rp.role_id
       where ur.user_id = ${userId}
      union
      select drp.permission_id from sys_depart_role_permission drp
        join sys_depart_role_user dru on dru.drole_id = drp.role_id
       where dru.user_id = ${userId}`;
}

/**
 * What a user may do: the perms strings of granted button rows plus `menu:<component>` for granted menu rows.
 * Granted = through the user's roles or the user's department roles (the same union the menu uses).
 * Cached per node; any role/permission/menu/membership change calls `invalidate()`, which reaches every node.
 * Other per-user answers built from the same rows (the menu of getUserPermissionByToken) live in `memo` and are
 * dropped together with the set.
 */
export class Permissions {
  private readonly cache: LocalCache<Set<string>>;
  private readonly answers: LocalCache<unknown>;

  constructor(
    private readonly db: Db,
    private readonly pubsub: PubSub,
  ) {
    const trusted = fanOutHealthy(pubsub);
    this.cache = new LocalCache<Set<string>>({ ttlMs: TTL_MS, max: 50_000, trusted });
    this.answers = new LocalCache<unknown>({ ttlMs: TTL_MS, max: 5_000, trusted });
  }

  async start() {
    await this.pubsub.subscribe(CHANNEL, (m) => this.drop((m as { userId?: string } | null)?.userId ?? undefined));
    onFanOutReset(this.pubsub, () => this.drop());
  }

  private drop(userId?: string) {
    if (userId) {
      this.cache.drop(userId);
      this.answers.dropWhere((k) => k.startsWith(`${userId}\u0000`));
    } else {
      this.cache.clear();
      this.answers.clear();
    }
  }

  /**
   * A per-user value derived from the user's grants (and the menu table), cached until the next invalidation of that
   * user or of everyone. `kind` tells different answers apart.
   */
  memo<T>(userId: string, kind: string, load: () => Promise<T>): Promise<T> {
    return this.answers.get(`${userId}\u0000${kind}`, load) as Promise<T>;
  }

  /** granted permission row ids of a user (menus and buttons) */
  async grantedIds(userId: string): Promise<string[]> {
    const rows = await queryRows<{ permission_id: string }>(this.db, grantedIdsSql(userId));
    return rows.map((r) => r.permission_id);
  }

  of(userId: string): Promise<Set<string>> {
    return this.cache.get(userId, () => this.load(userId));
  }

  private async load(userId: string): Promise<Set<string>> {
    const rows = await queryRows<{ perms: string | null; menu_type: number; component: string | null }>(
      this.db,
      sql`
      select p.perms, p.menu_type, p.component from sys_permission p
       where p.del_flag = 0 and p.id in (${grantedIdsSql(userId)})
         and (p.menu_type <> 2 or coalesce(p.status, '1') = '1')`,
    );
    const set = new Set<string>();
    for (const r of rows) {
      if (r.menu_type === 2) {
        for (const p of (r.perms ?? '').split(',')) if (p.trim()) set.add(p.trim());
      } else if (r.component) {
        set.add(`menu:${r.component}`);
      }
    }
    return set;
  }

  /** call after any change to roles, grants, menus or memberships; without a user id every cache is dropped */
  async invalidate(userId?: string) {
    this.drop(userId);
    await this.pubsub.publish(CHANNEL, { userId: userId ?? null });
  }

  static allows(set: Set<string>, access: { perm?: string | string[]; menu?: string | string[] }): boolean {
    const perms = access.perm === undefined ? [] : Array.isArray(access.perm) ? access.perm : [access.perm];
    const menus = access.menu === undefined ? [] : Array.isArray(access.menu) ? access.menu : [access.menu];
    return perms.some((p) => set.has(p)) || menus.some((m) => set.has(`menu:${m}`));
  }
}
