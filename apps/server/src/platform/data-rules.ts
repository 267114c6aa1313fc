import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { type Db, queryRows } from '../db/client.ts';
import { type DataRule, type RuleUser, resolveRuleValue } from './list-query.ts';

interface RawRule {
  rule_column: string | null;
  rule_conditions: string | null;
  rule_value: string | null;
}

/**
 * The data-permission rules (sys_permission_data_rule) a user carries on a page, JeecgBoot style: the page is the menu
 * row whose component is `component`; each of the user's roles (and department roles) that is granted that menu lists
 * the rule ids it applies in `data_rule_ids`; every enabled rule listed by any of them applies (AND), with its system
 * variables (`#{sys_user_code}`, `#{sys_org_code}`, …) substituted for this user. No rules → an empty list (no filter).
 *
 *   const rules = await dataRulesFor(app.ctx.db, req.auth!.user, 'system/UserList');
 *   return okCode0(await listPage(app.ctx.db, users, req.query, { dataRules: rules }));
 */
export async function dataRulesFor(
  db: Db,
  user: RuleUser & { id: string },
  component: string,
  now: Date = new Date(),
): Promise<DataRule[]> {
  return resolveRules(await rawRules(db, user.id, component), user, now);
}

function resolveRules(rows: readonly RawRule[], user: RuleUser, now: Date): DataRule[] {
  return rows.map((r) => ({
    column: r.rule_column ?? '',
    condition: r.rule_conditions ?? '',
    value: resolveRuleValue(r.rule_value ?? '', user, now),
  }));
}

async function rawRules(db: Db, userId: string, component: string): Promise<RawRule[]> {
  return queryRows<RawRule>(
    db,
    sql`
    with page as (
      select id from sys_permission where component = ${component} and del_flag = 0 and menu_type <> 2
    ), grants as (
      select rp.data_rule_ids from sys_role_permission rp
        join sys_user_role ur on ur.role_id = rp.role_id
       where ur.user_id = ${userId} and rp.permission_id in (select id from page)
      union all
      select drp.data_rule_ids from sys_depart_role_permission drp
        join sys_depart_role_user dru on dru.drole_id = drp.role_id
       where dru.user_id = ${userId} and drp.permission_id in (select id from page)
    ), ids as (
      select distinct trim(x) as id
        from grants, unnest(string_to_array(coalesce(grants.data_rule_ids, ''), ',')) as x
       where trim(x) <> ''
    )
    select r.rule_column, r.rule_conditions, r.rule_value
      from sys_permission_data_rule r
     where r.id in (select id from ids)
       and r.permission_id in (select id from page)
       and coalesce(r.status, '1') = '1'
     order by r.id`,
  );
}

/** the channel Permissions.invalidate() publishes on after any change of roles, grants, menus, rules or memberships */
const PERM_CHANNEL = 'perm-cache';
const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

interface RuleCache {
  entries: Map<string, { at: number; rows: Promise<RawRule[]> }>;
}
const caches = new WeakMap<object, RuleCache>();

function cacheOf(ctx: Pick<AppContext, 'pubsub' | 'log'>): RuleCache {
  let c = caches.get(ctx);
  if (!c) {
    const fresh: RuleCache = { entries: new Map() };
    c = fresh;
    caches.set(ctx, fresh);
    ctx.pubsub
      .subscribe(PERM_CHANNEL, (m) => {
        const userId = (m as { userId?: string | null } | null)?.userId;
        if (!userId) fresh.entries.clear();
        else for (const k of fresh.entries.keys()) if (k.startsWith(`${userId}\n`)) fresh.entries.delete(k);
      })
      .catch((err) => ctx.log.warn({ err }, 'data rules: subscribe failed'));
  }
  return c;
}

/**
 * dataRulesFor with the rule rows cached per (user, page) on this node, like the permission sets: dropped by every
 * `perms.invalidate()` (any node, through pub/sub) and after a minute at most. System variables are substituted on
 * every call (the user's current name and department, today's date).
 */
export async function pageDataRules(
  ctx: Pick<AppContext, 'db' | 'pubsub' | 'log'>,
  user: RuleUser & { id: string },
  component: string,
  now: Date = new Date(),
): Promise<DataRule[]> {
  const cache = cacheOf(ctx);
  const key = `${user.id}\n${component}`;
  let hit = cache.entries.get(key);
  if (!hit || Date.now() - hit.at > TTL_MS) {
    if (cache.entries.size >= MAX_ENTRIES) cache.entries.clear();
    const rows = rawRules(ctx.db, user.id, component);
    const entry = { at: Date.now(), rows };
    hit = entry;
    cache.entries.set(key, entry);
    rows.catch(() => {
      if (cache.entries.get(key) === entry) cache.entries.delete(key);
    });
  }
  return resolveRules(await hit.rows, user, now);
}
