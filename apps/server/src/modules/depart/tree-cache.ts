import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { sysDepart } from '../../db/schema/index.ts';
import { FanOutSnapshot } from '../../platform/local-cache.ts';
import { PreparedAnswer } from '../../platform/prepared-answer.ts';
import { rowJson } from '../../platform/serialize.ts';

/**
 * Node-local cache of the department tree (contract §4.4 "cached"): one query loads every non-deleted department,
 * the tree is built in memory and the answers of queryTreeList / queryIdTree are kept pre-serialized.
 *
 * Cross-node rules as in platform/dict-cache.ts (`FanOutSnapshot`, ADR 014/018): a cached lookup costs no round trip;
 * `invalidateDepartCache()`, called after the change is committed, drops this node's copy at once and publishes on
 * 'depart-tree' so every other node drops its copy; the copy is trusted only while the pub/sub link is up, and while
 * Redis is unreachable the tree is read from the database (a copy kept at most `DEGRADED_TTL_MS`).
 */

export const DEPART_CACHE_CHANNEL = 'depart-tree';
const LOCAL_TTL_MS = 10 * 60_000;
/** while the fan-out is down: how long a tree may serve (other nodes' changes show up within this) */
const DEGRADED_TTL_MS = 2_000;

export type DepartRow = typeof sysDepart.$inferSelect;
/** SysDepart as JSON (dates as yyyy-MM-dd HH:mm:ss) */
export type DepartJson = Record<string, unknown> & {
  id: string;
  parentId: string;
  departName: string;
  orgCode: string;
  orgType: string | null;
  orgCategory: string;
};

/** SysDepartTreeModel: key = value = id, title = departName, isLeaf, every SysDepart field, children (null on leaves). */
export type DepartTreeNode = DepartJson & {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children: DepartTreeNode[] | null;
};

/** DepartIdModel */
export interface DepartIdNode {
  key: string;
  value: string;
  title: string;
  children: DepartIdNode[];
}

export interface DepartSnapshot {
  /** every non-deleted department, ordered by depart_order, org_code */
  rows: readonly DepartJson[];
  byId: ReadonlyMap<string, DepartJson>;
  /** parent id ('' for roots) → children in order */
  childrenOf: ReadonlyMap<string, readonly DepartJson[]>;
  /** the full tree, built once (do not mutate) */
  tree: readonly DepartTreeNode[];
  /** JSON text of `tree` and of the DepartIdModel tree */
  treeText: string;
  idTreeText: string;
  /** the answers of queryTreeList / queryIdTree (envelope code 0), serialized and compressed once per snapshot */
  treeAnswer: PreparedAnswer;
  idTreeAnswer: PreparedAnswer;
}

const states = new WeakMap<AppContext, FanOutSnapshot<DepartSnapshot>>();

function stateOf(ctx: AppContext): FanOutSnapshot<DepartSnapshot> {
  let s = states.get(ctx);
  if (!s) {
    s = new FanOutSnapshot<DepartSnapshot>(ctx.pubsub, DEPART_CACHE_CHANNEL, {
      ttlMs: LOCAL_TTL_MS,
      untrustedTtlMs: DEGRADED_TTL_MS,
      onError: (what, err) => ctx.log.warn({ err }, `depart cache: ${what} failed`),
    });
    states.set(ctx, s);
  }
  return s;
}

export const parentKey = (parentId: string | null | undefined) => (parentId ?? '').trim();

export function departJson(row: DepartRow): DepartJson {
  // the owning tenant stays on the server (ADR 017)
  const { tenantId: _tenant, ...fields } = row;
  const j = rowJson(fields as unknown as Record<string, unknown>) as DepartJson;
  j.parentId = parentKey(row.parentId);
  return j;
}

/** One department as a tree node; `children` undefined → computed leaf flag only (no children attached). */
export function treeNode(d: DepartJson, children: DepartTreeNode[] | null, isLeaf: boolean): DepartTreeNode {
  return { key: d.id, value: d.id, title: d.departName, isLeaf, ...d, children };
}

/** Builds the snapshot from department rows (already ordered). Orphans (missing parent) are not shown, like JeecgBoot. */
export function buildSnapshot(rowsIn: readonly DepartRow[]): DepartSnapshot {
  const rows = rowsIn.map(departJson);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const childrenOf = new Map<string, DepartJson[]>();
  for (const r of rows) {
    const p = byId.has(r.parentId) ? r.parentId : r.parentId === '' ? '' : null;
    if (p === null) continue;
    const list = childrenOf.get(p);
    if (list) list.push(r);
    else childrenOf.set(p, [r]);
  }
  // a cycle in bad data is cut by `seen`
  const seen = new Set<string>();
  const build = (d: DepartJson): DepartTreeNode => {
    seen.add(d.id);
    const kids = (childrenOf.get(d.id) ?? []).filter((c) => !seen.has(c.id));
    return treeNode(d, kids.length ? kids.map(build) : null, kids.length === 0);
  };
  const tree = (childrenOf.get('') ?? []).map(build);
  const idTree = (nodes: readonly DepartTreeNode[]): DepartIdNode[] =>
    nodes.map((n) => ({ key: n.id, value: n.id, title: n.departName, children: idTree(n.children ?? []) }));
  const treeText = JSON.stringify(tree);
  const idTreeText = JSON.stringify(idTree(tree));
  return {
    rows,
    byId,
    childrenOf,
    tree,
    treeText,
    idTreeText,
    treeAnswer: new PreparedAnswer(treeText, { code: 0 }),
    idTreeAnswer: new PreparedAnswer(idTreeText, { code: 0 }),
  };
}

/** Every non-deleted department in tree order: one query. */
export async function loadDepartRows(db: Db): Promise<DepartRow[]> {
  return db
    .select()
    .from(sysDepart)
    .where(eq(sysDepart.delFlag, '0'))
    .orderBy(asc(sysDepart.departOrder), asc(sysDepart.orgCode));
}

export function departSnapshot(ctx: AppContext): Promise<DepartSnapshot> {
  return stateOf(ctx).get(async () => buildSnapshot(await loadDepartRows(ctx.db)));
}

/**
 * Call after any committed change to sys_depart: this node reloads on its next lookup, every other node once the
 * message reaches it. Never fails (a message lost while Redis is down is sent again once it is back).
 */
export async function invalidateDepartCache(app: { ctx: AppContext } | AppContext): Promise<void> {
  const ctx = 'ctx' in app ? app.ctx : app;
  await stateOf(ctx).invalidate();
}

/** Ids of `rootIds` and all their descendants (from the snapshot). */
export function subtreeIds(snap: DepartSnapshot, rootIds: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const stack = rootIds.filter((id) => snap.byId.has(id));
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    for (const c of snap.childrenOf.get(id) ?? []) stack.push(c.id);
  }
  return out;
}

/** Subtrees rooted at `rootIds` (a root already inside another chosen subtree is not repeated). */
export function subtrees(snap: DepartSnapshot, rootIds: readonly string[]): DepartTreeNode[] {
  const wanted = new Set(rootIds);
  const out: DepartTreeNode[] = [];
  const walk = (nodes: readonly DepartTreeNode[]) => {
    for (const n of nodes) {
      if (wanted.has(n.id)) out.push(n);
      else if (n.children) walk(n.children);
    }
  };
  walk(snap.tree);
  return out;
}
