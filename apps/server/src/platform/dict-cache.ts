import { randomUUID } from 'node:crypto';
import type { DictModel } from '@answer/contract';
import { asc } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { sysDict, sysDictItem } from '../db/schema/index.ts';

/**
 * Server-side cache of the plain dictionaries (sys_dict + sys_dict_item), shared by the dictionary endpoints.
 *
 * Correctness across nodes comes from a generation token in `ctx.kv` (Redis in a cluster): every lookup reads the
 * token and uses the node-local copy only when it was loaded under that same token. `invalidateDictCache()` writes a
 * new token *after* the change is committed, so every node's next lookup reloads — nothing is served stale once the
 * invalidation returns, and a load that raced with the change stays filed under the old token. The pub/sub message on
 * channel 'dict-cache' only lets other nodes drop their local copy early (memory), correctness does not depend on it.
 *
 * Table dictionaries (sys_user, sys_depart, …) are not cached: their rows change through many modules.
 */

export const DICT_CACHE_CHANNEL = 'dict-cache';
const GEN_KEY = 'dict-cache:gen';
const GEN_TTL_MS = 365 * 86_400_000;
/** safety net: a local copy is reloaded at least this often even without any invalidation */
const LOCAL_TTL_MS = 10 * 60_000;

export interface DictItemRow {
  value: string;
  text: string;
  /** 1 enabled, 0 disabled */
  status: number;
}

export interface DictEntry {
  id: string;
  code: string;
  /** logically deleted (in the recycle bin) */
  deleted: boolean;
  /** every item, ordered by sort_order */
  items: DictItemRow[];
}

/** Every dictionary (deleted ones too) by dict_code, with all its items ordered by sort_order. */
export type DictSnapshot = ReadonlyMap<string, DictEntry>;

interface State {
  gen?: string;
  at: number;
  snapshot?: Promise<DictSnapshot>;
  subscribed?: Promise<unknown>;
}

const states = new WeakMap<AppContext, State>();

function stateOf(ctx: AppContext): State {
  let s = states.get(ctx);
  if (!s) {
    const fresh: State = { at: 0 };
    s = fresh;
    states.set(ctx, s);
    fresh.subscribed = ctx.pubsub
      .subscribe(DICT_CACHE_CHANNEL, () => {
        fresh.snapshot = undefined;
        fresh.gen = undefined;
      })
      .catch((err) => ctx.log.warn({ err }, 'dict cache: subscribe failed'));
  }
  return s;
}

async function generation(ctx: AppContext): Promise<string> {
  const g = await ctx.kv.get(GEN_KEY);
  if (g) return g;
  await ctx.kv.setNX(GEN_KEY, randomUUID(), GEN_TTL_MS);
  return (await ctx.kv.get(GEN_KEY)) ?? 'none';
}

/** Loads the snapshot straight from the database (no cache). */
export async function loadDictSnapshot(db: Db): Promise<DictSnapshot> {
  const dicts = await db
    .select({ id: sysDict.id, code: sysDict.dictCode, delFlag: sysDict.delFlag })
    .from(sysDict)
    .orderBy(asc(sysDict.dictCode));
  const items = await db
    .select({
      dictId: sysDictItem.dictId,
      value: sysDictItem.itemValue,
      text: sysDictItem.itemText,
      status: sysDictItem.status,
    })
    .from(sysDictItem)
    .orderBy(asc(sysDictItem.sortOrder), asc(sysDictItem.itemValue));
  const byId = new Map<string, DictEntry>();
  const out = new Map<string, DictEntry>();
  for (const d of dicts) {
    const e: DictEntry = { id: d.id, code: d.code, deleted: d.delFlag !== 0, items: [] };
    byId.set(d.id, e);
    out.set(d.code, e);
  }
  for (const it of items) byId.get(it.dictId)?.items.push({ value: it.value, text: it.text, status: it.status });
  return out;
}

/** The cached snapshot (see the file comment for the cross-node rules). */
export async function dictSnapshot(ctx: AppContext): Promise<DictSnapshot> {
  const s = stateOf(ctx);
  const gen = await generation(ctx);
  if (!s.snapshot || s.gen !== gen || Date.now() - s.at > LOCAL_TTL_MS) {
    const p = loadDictSnapshot(ctx.db);
    s.snapshot = p;
    s.gen = gen;
    s.at = Date.now();
    p.catch(() => {
      if (s.snapshot === p) s.snapshot = undefined;
    });
  }
  return s.snapshot;
}

/** Call after any committed change to sys_dict / sys_dict_item (and from refleshCache): every node reloads. */
export async function invalidateDictCache(app: { ctx: AppContext } | AppContext): Promise<void> {
  const ctx = 'ctx' in app ? app.ctx : app;
  const s = stateOf(ctx);
  await ctx.kv.set(GEN_KEY, randomUUID(), GEN_TTL_MS);
  s.snapshot = undefined;
  s.gen = undefined;
  await ctx.pubsub.publish(DICT_CACHE_CHANNEL, { at: Date.now() });
}

/** JeecgBoot DictModel: `title` (getter) and, in 3.x, `label` both repeat the text. */
export function dictModel(value: string, text: string): DictModel {
  return { value, text, title: text, label: text };
}

/**
 * `sysAllDictItems` of the login answer and GET /sys/dict/queryAllDictItems: every non-deleted dictionary code →
 * its enabled items (status 1) ordered by sort_order; dictionaries without enabled items map to [].
 */
export function allDictItemsOf(snapshot: DictSnapshot): Record<string, DictModel[]> {
  const out: Record<string, DictModel[]> = {};
  for (const d of snapshot.values()) {
    if (d.deleted) continue;
    out[d.code] = d.items.filter((i) => i.status === 1).map((i) => dictModel(i.value, i.text));
  }
  return out;
}

/** Uncached: for callers that only have the database (e.g. the login answer). */
export async function allDictItems(db: Db): Promise<Record<string, DictModel[]>> {
  return allDictItemsOf(await loadDictSnapshot(db));
}

/** Cached variant of allDictItems. */
export async function cachedAllDictItems(ctx: AppContext): Promise<Record<string, DictModel[]>> {
  return allDictItemsOf(await dictSnapshot(ctx));
}

/** Items of one plain dictionary code (every status, sort_order), as getDictItems answers them; [] when unknown. */
export async function dictItemsByCode(ctx: AppContext, code: string): Promise<DictModel[]> {
  const snap = await dictSnapshot(ctx);
  const d = snap.get(code);
  return d ? d.items.map((i) => dictModel(i.value, i.text)) : [];
}

/** Text of one key of a plain dictionary, or null. */
export async function dictTextByKey(ctx: AppContext, code: string, key: string): Promise<string | null> {
  const d = (await dictSnapshot(ctx)).get(code);
  return d?.items.find((i) => i.value === key)?.text ?? null;
}
