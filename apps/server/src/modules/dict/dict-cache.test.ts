import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { sysDictItem } from '../../db/schema/index.ts';
import { seedId } from '../../db/seed/ids.ts';
import { MemoryKV } from '../../infra/kv.ts';
import { MemoryPubSub } from '../../infra/pubsub.ts';
import {
  allDictItems,
  cachedAllDictItems,
  DICT_CACHE_CHANNEL,
  dictItemsByCode,
  invalidateDictCache,
} from '../../platform/dict-cache.ts';

/**
 * Two "nodes" sharing one database, one KV and one pub/sub (what Redis gives a cluster): a dictionary change
 * invalidated on one node is never served stale by the other, even before the pub/sub message arrives.
 */
describe('dictionary cache across nodes', () => {
  let t: TestApp;
  let db: Db;
  let selects = 0;
  const kv = new MemoryKV();
  const pubsub = new MemoryPubSub();
  let nodeA: AppContext;
  let nodeB: AppContext;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.ctx.db;
    const counting = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'select') selects++;
        return Reflect.get(target, prop, receiver);
      },
    });
    const node = () => ({ db: counting, kv, pubsub, log: t.app.ctx.log }) as unknown as AppContext;
    nodeA = node();
    nodeB = node();
  });
  afterAll(async () => {
    await pubsub.close();
    await kv.close();
    await t.close();
  });

  const setMale = (text: string) =>
    db
      .update(sysDictItem)
      .set({ itemText: text })
      .where(and(eq(sysDictItem.dictId, seedId('dict:sex')), eq(sysDictItem.itemValue, '1')));

  it('loads once per node and then serves from memory', async () => {
    selects = 0;
    expect((await dictItemsByCode(nodeA, 'sex'))[0].text).toBe('男');
    await dictItemsByCode(nodeA, 'priority');
    await cachedAllDictItems(nodeA);
    expect(selects).toBe(2); // one snapshot = sys_dict + sys_dict_item
  });

  it('an invalidation on B is seen by A at once (generation in the shared KV)', async () => {
    await dictItemsByCode(nodeB, 'sex');
    await setMale('男性');
    expect((await dictItemsByCode(nodeA, 'sex'))[0].text).toBe('男'); // cached, nothing invalidated yet
    // block pub/sub delivery to prove correctness does not depend on it
    const original = pubsub.publish.bind(pubsub);
    pubsub.publish = async () => {};
    try {
      await invalidateDictCache(nodeB);
    } finally {
      pubsub.publish = original;
    }
    expect((await dictItemsByCode(nodeA, 'sex'))[0].text).toBe('男性');
    expect((await dictItemsByCode(nodeB, 'sex'))[0].text).toBe('男性');
  });

  it('publishes on the dict-cache channel', async () => {
    const seen: unknown[] = [];
    const off = await pubsub.subscribe(DICT_CACHE_CHANNEL, (m) => seen.push(m));
    await invalidateDictCache(nodeA);
    await new Promise((r) => setTimeout(r, 10));
    off();
    expect(seen).toHaveLength(1);
  });

  it('allDictItems(db) reads straight from the database (for the login answer)', async () => {
    expect((await cachedAllDictItems(nodeA)).sex[0].text).toBe('男性'); // warm
    await setMale('男2');
    const map = await allDictItems(db);
    expect(map.sex[0]).toEqual({ value: '1', text: '男2', title: '男2', label: '男2' });
    expect((await cachedAllDictItems(nodeA)).sex[0].text).toBe('男性'); // cached copy until invalidated
    await invalidateDictCache({ ctx: nodeA });
    expect((await cachedAllDictItems(nodeA)).sex[0].text).toBe('男2');
  });
});
