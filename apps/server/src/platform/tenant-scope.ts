import { eq, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import {
  answerReservation,
  answerSession,
  demo,
  ossFile,
  quizAttempt,
  quizExam,
  quizExamOverride,
  quizPaper,
  quizPaperSection,
  quizQuestion,
  quizSubject,
  sysAnnouncement,
  sysDepart,
  sysMessage,
  sysRole,
  sysUser,
} from '../db/schema/index.ts';

/**
 * Tenant isolation (security rule 15, ADR 017). Which tables are tenant-scoped is decided here, once, for every
 * path that reads them: list pages (list-query), single-row loads and writes (`tenantWhere`), exports, pickers,
 * table dictionaries and `_dictText` (table-registry / dict-text), counts.
 *
 * A request's tenancy is decided by the guard (http-hooks) from the session's user and the `tenant-id` header:
 * - a user who belongs to tenants (sys_user.rel_tenant_ids) always works inside one of them: the header's tenant if it
 *   is one of theirs, their first tenant when the header is absent or 0; any other tenant → "用户租户信息变更".
 * - a user of no tenant works in the platform tenant (0) and sees only rows of tenant 0 …
 * - … unless they administer tenants (the tenant management page, `menu:system/TenantList`): the platform
 *   administrator sees every tenant while the header is 0 and switches to one tenant explicitly with `tenant-id: N`.
 */

/** `all`: the platform administrator, not switched to a tenant (and server-side jobs). */
export type Tenancy = { kind: 'all' } | { kind: 'tenant'; id: number };

export const ALL_TENANTS: Tenancy = Object.freeze({ kind: 'all' });
export const PLATFORM_TENANT = 0;
/** who may see every tenant and switch between them (when they belong to no tenant themselves) */
export const TENANT_ADMIN_GRANT = 'menu:system/TenantList';

/** How a table's rows belong to tenants. */
export type TenantRule =
  /** an integer `tenant_id` column: the row belongs to exactly one tenant (0 = platform) */
  | { kind: 'column'; column: PgColumn }
  /** a comma list of tenant ids (sys_user.rel_tenant_ids): the row belongs to each; empty = platform */
  | { kind: 'members'; column: PgColumn };

const RULES = new Map<PgTable, TenantRule>([
  [sysUser, { kind: 'members', column: sysUser.relTenantIds }],
  [sysDepart, { kind: 'column', column: sysDepart.tenantId }],
  [sysRole, { kind: 'column', column: sysRole.tenantId }],
  [sysAnnouncement, { kind: 'column', column: sysAnnouncement.tenantId }],
  [sysMessage, { kind: 'column', column: sysMessage.tenantId }],
  [demo, { kind: 'column', column: demo.tenantId }],
  [answerSession, { kind: 'column', column: answerSession.tenantId }],
  [answerReservation, { kind: 'column', column: answerReservation.tenantId }],
  [ossFile, { kind: 'column', column: ossFile.tenantId }],
  // the quiz's exams (issue 25): answers, grade logs and candidate sign-ins hang off attempts / reservations
  [quizExam, { kind: 'column', column: quizExam.tenantId }],
  [quizExamOverride, { kind: 'column', column: quizExamOverride.tenantId }],
  [quizAttempt, { kind: 'column', column: quizAttempt.tenantId }],
  [quizSubject, { kind: 'column', column: quizSubject.tenantId }],
  [quizQuestion, { kind: 'column', column: quizQuestion.tenantId }],
  [quizPaper, { kind: 'column', column: quizPaper.tenantId }],
  [quizPaperSection, { kind: 'column', column: quizPaperSection.tenantId }],
]);

/**
 * Tables built while the server runs — the generated tables of online forms (modules/cgform/model.ts) — register their
 * rule here when their drizzle table is built, so every path of the platform (list-query, crud, tenantWhere) treats
 * them exactly like the declared tables above.
 */
const RUNTIME_RULES = new WeakMap<PgTable, TenantRule>();

/** Declares a table built at run time as tenant-scoped by its integer `tenant_id` column. */
export function scopeRuntimeTable(table: PgTable, column: PgColumn): void {
  RUNTIME_RULES.set(table, { kind: 'column', column });
}

/** the tenant rule of a table, or undefined for platform-wide tables */
export function tenantRuleOf(table: PgTable): TenantRule | undefined {
  return RULES.get(table) ?? RUNTIME_RULES.get(table);
}

/** names of the tenant-scoped tables (for documentation and tests) */
export function tenantScopedTables(): string[] {
  return [...RULES.keys()].map((t) => getTableName(t));
}

/** tenant ids of a rel_tenant_ids value: '1, 2,,x' → [1, 2] */
export function tenantIdsOf(rel: string | null | undefined): number[] {
  const out: number[] = [];
  for (const part of (rel ?? '').split(',')) {
    const s = part.trim();
    if (/^\d{1,9}$/.test(s) && !out.includes(Number(s))) out.push(Number(s));
  }
  return out;
}

/** The condition restricting a table with `rule` to `tenancy`; undefined = no restriction (all tenants). */
export function tenantCondition(rule: TenantRule, tenancy: Tenancy): SQL | undefined {
  if (tenancy.kind === 'all') return undefined;
  const t = tenancy.id;
  if (rule.kind === 'column') return eq(rule.column, t);
  const list = sql`replace(coalesce(${rule.column}, ''), ' ', '')`;
  if (t === PLATFORM_TENANT) return sql`${list} = ''`;
  return sql`(',' || ${list} || ',') like ${`%,${t},%`}`;
}

/** The condition for `table` (undefined when the table is platform-wide or the tenancy sees every tenant). */
export function tenantWhere(table: PgTable, tenancy: Tenancy): SQL | undefined {
  const rule = tenantRuleOf(table);
  return rule ? tenantCondition(rule, tenancy) : undefined;
}

/**
 * The condition restricting rows that hang off a tenant-scoped parent (department roles and grants, role grants …)
 * to the parents of `tenancy`: `fk in (select id from parent where <tenant condition>)`. Such rows are reached only
 * through their parent; undefined when the tenancy sees every tenant. A parent without a tenant rule is a programming
 * error (throws) rather than an unfiltered table.
 */
export function tenantWhereVia(fk: PgColumn, parent: PgTable, tenancy: Tenancy): SQL | undefined {
  const rule = tenantRuleOf(parent);
  if (!rule) throw new Error(`tenant scope: ${getTableName(parent)} is not a tenant-scoped table`);
  const cond = tenantCondition(rule, tenancy);
  if (!cond) return undefined;
  const id = (getTableColumns(parent) as Record<string, PgColumn>).id;
  return sql`${fk} in (select ${id} from ${parent} where ${cond})`;
}

/** A row without its owning tenant: tenant_id is the server's business, never part of the JeecgBoot JSON. */
export function withoutTenant<T extends { tenantId?: unknown }>(row: T): Omit<T, 'tenantId'> {
  const { tenantId: _tenant, ...rest } = row;
  return rest;
}

/** The tenant id stamped on rows a request inserts (the platform tenant when it sees every tenant). */
export function stampTenantId(tenancy: Tenancy): number {
  return tenancy.kind === 'tenant' ? tenancy.id : PLATFORM_TENANT;
}

// ---------------------------------------------------------------- per request

const byRequest = new WeakMap<FastifyRequest, Tenancy>();

/**
 * Decides a signed-in request's tenancy from the user and the raw `tenant-id` header, or null when the header names
 * a tenant the user may not work in (the guard answers "用户租户信息变更,请重新登陆!").
 */
export async function resolveTenancy(
  ctx: Pick<AppContext, 'perms'>,
  user: { id: string; relTenantIds: string | null },
  header: string | string[] | undefined,
): Promise<Tenancy | null> {
  const raw = String(Array.isArray(header) ? header[0] : (header ?? '0')).trim() || '0';
  if (!/^\d{1,9}$/.test(raw)) return null;
  const wanted = Number(raw);
  const own = tenantIdsOf(user.relTenantIds);
  if (own.length > 0) {
    if (wanted === 0) return { kind: 'tenant', id: own[0] };
    return own.includes(wanted) ? { kind: 'tenant', id: wanted } : null;
  }
  const admin = (await ctx.perms.of(user.id)).has(TENANT_ADMIN_GRANT);
  if (wanted === 0) return admin ? ALL_TENANTS : { kind: 'tenant', id: PLATFORM_TENANT };
  return admin ? { kind: 'tenant', id: wanted } : null;
}

/** Called by the guard once the tenancy is decided. */
export function setTenancy(req: FastifyRequest, tenancy: Tenancy): void {
  byRequest.set(req, tenancy);
}

/**
 * The request's tenancy. Only signed-in routes have one: reading it elsewhere is a programming error (fails
 * closed rather than seeing every tenant).
 */
export function tenantOf(req: FastifyRequest): Tenancy {
  const t = byRequest.get(req);
  if (!t) throw new Error('tenancy read on a request the guard did not sign in');
  return t;
}

// ---------------------------------------------------------------- SQL text (online reports)

const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Tables that are not tenant-scoped themselves but whose rows belong to a scoped parent (reached only through it in
 * the API): a report may read them only for the parents of the caller's tenant. `sys_log` rows belong to the tenant of
 * the user who acted (by username).
 */
const VIA_BY_NAME: Readonly<Record<string, { fk: string; parent: string; parentKey: string }>> = {
  sys_user_role: { fk: 'user_id', parent: 'sys_user', parentKey: 'id' },
  sys_user_depart: { fk: 'user_id', parent: 'sys_user', parentKey: 'id' },
  sys_depart_role_user: { fk: 'user_id', parent: 'sys_user', parentKey: 'id' },
  sys_log: { fk: 'userid', parent: 'sys_user', parentKey: 'username' },
};

/** the rule of a declared table by its name (a column's name instead of the column) */
function ruleByName(table: string): { kind: TenantRule['kind']; column: string } | undefined {
  for (const [t, rule] of RULES) if (getTableName(t) === table) return { kind: rule.kind, column: rule.column.name };
  return undefined;
}

/** the condition text of a rule on the (unqualified) column of one table: integer literals only, nothing from a request */
function conditionText(rule: { kind: TenantRule['kind']; column: string }, tenant: number): string {
  if (!Number.isInteger(tenant) || tenant < 0) throw new Error('tenant scope: tenant id is not an integer');
  const col = quoteName(rule.column);
  if (rule.kind === 'column') return `${col} = ${tenant}`;
  const list = `replace(coalesce(${col}, ''), ' ', '')`;
  return tenant === PLATFORM_TENANT ? `${list} = ''` : `(',' || ${list} || ',') like '%,${tenant},%'`;
}

/**
 * The tenant condition (SQL text over the table's own unqualified columns) restricting a table, named as in the
 * database, to `tenancy` — for SQL the platform does not build itself (online reports wrap every table they read into
 * `(select … from <schema>.<table> where <this>)`). Declared tables use their rule, their child tables their parent's
 * (`qualified` names the parent), `sys_tenant` shows only the caller's tenant, and a generated table (`generated`)
 * by its server-owned `tenant_id` column. Undefined when the table is platform-wide or the tenancy sees every tenant.
 */
export function tenantSqlFor(
  table: string,
  tenancy: Tenancy,
  qualified: (table: string) => string,
  generated = false,
): string | undefined {
  if (tenancy.kind === 'all') return undefined;
  const t = tenancy.id;
  const rule = ruleByName(table);
  if (rule) return conditionText(rule, t);
  const via = Object.hasOwn(VIA_BY_NAME, table) ? VIA_BY_NAME[table] : undefined;
  if (via) {
    const parent = ruleByName(via.parent)!;
    return `${quoteName(via.fk)} in (select ${quoteName(via.parentKey)} from ${qualified(via.parent)} where ${conditionText(parent, t)})`;
  }
  if (table === 'sys_tenant') return `"id" = ${t}`;
  if (generated) return conditionText({ kind: 'column', column: 'tenant_id' }, t);
  return undefined;
}
