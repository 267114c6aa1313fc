import type { DictModel } from '@answer/contract';
import { asc } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { sysDict, sysDictItem } from '../db/schema/index.ts';
import { FanOutSnapshot } from './local-cache.ts';

/**
 * Server-side cache of the plain dictionaries (sys_dict + sys_dict_item), shared by the dictionary endpoints.
 *
 * Per-node copy invalidated over pub/sub like every cache of ADR 014 (`FanOutSnapshot` in local-cache.ts): a cached
 * read costs no Redis and no database round trip. `invalidateDictCache()` (called after the change is committed)
 * drops this node's copy at once and publishes on 'dict-cache' so every other node drops its copy. The copy is only
 * trusted while this node's subscription is live (`PubSub.connected()`), and it is dropped when the link goes or
 * comes back, since messages may have been missed. While Redis is unreachable reads go to the database — the truth —
 * with a copy kept at most `DEGRADED_TTL_MS` (ADR 018 "Caches and the breaker"); invalidating never fails.
 *
 * Table dictionaries (sys_user, sys_depart, …) are not cached: their rows change through many modules.
 */

export const DICT_CACHE_CHANNEL = 'dict-cache';
/** safety net: a local copy is reloaded at least this often even without any invalidation */
const LOCAL_TTL_MS = 10 * 60_000;
/** while the fan-out is down: how long a copy may serve (other nodes' changes show up within this) */
const DEGRADED_TTL_MS = 2_000;

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

const states = new WeakMap<AppContext, FanOutSnapshot<DictSnapshot>>();

function stateOf(ctx: AppContext): FanOutSnapshot<DictSnapshot> {
  let s = states.get(ctx);
  if (!s) {
    s = new FanOutSnapshot<DictSnapshot>(ctx.pubsub, DICT_CACHE_CHANNEL, {
      ttlMs: LOCAL_TTL_MS,
      untrustedTtlMs: DEGRADED_TTL_MS,
      onError: (what, err) => ctx.log.warn({ err }, `dict cache: ${what} failed`),
    });
    states.set(ctx, s);
  }
  return s;
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
export function dictSnapshot(ctx: AppContext): Promise<DictSnapshot> {
  return stateOf(ctx).get(() => loadDictSnapshot(ctx.db));
}

/**
 * Call after any committed change to sys_dict / sys_dict_item (and from refleshCache): this node's next lookup
 * reloads, and every other node's once the message reaches it. Never fails: while Redis is down the message is sent
 * again once it is back (FanOutSnapshot), and nodes that lost the link meanwhile drop their copy anyway.
 */
export async function invalidateDictCache(app: { ctx: AppContext } | AppContext): Promise<void> {
  const ctx = 'ctx' in app ? app.ctx : app;
  await stateOf(ctx).invalidate();
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
