import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { sysDictItem } from '../../db/schema/index.ts';
import { seedId } from '../../db/seed/ids.ts';
import { MemoryKV } from '../../infra/kv.ts';
import { MemoryPubSub, type PubSub } from '../../infra/pubsub.ts';
import {
  allDictItems,
  cachedAllDictItems,
  DICT_CACHE_CHANNEL,
  dictItemsByCode,
  invalidateDictCache,
} from '../../platform/dict-cache.ts';

/**
 * Two "nodes" sharing one database and one pub/sub (what Redis gives a cluster): a dictionary change invalidated on
 * one node reaches the other over the fan-out, and cached reads cost neither a KV nor a database round trip.
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

  it('an invalidation on B is seen by A at once (pub/sub fan-out), without any KV use', async () => {
    await dictItemsByCode(nodeB, 'sex');
    await setMale('男性');
    expect((await dictItemsByCode(nodeA, 'sex'))[0].text).toBe('男'); // cached, nothing invalidated yet
    const kvUse = vi.spyOn(kv, 'get');
    await invalidateDictCache(nodeB);
    expect((await dictItemsByCode(nodeA, 'sex'))[0].text).toBe('男性');
    expect((await dictItemsByCode(nodeB, 'sex'))[0].text).toBe('男性');
    expect(kvUse).not.toHaveBeenCalled();
    kvUse.mockRestore();
  });

  it('a lost invalidation message is sent again until it comes back', async () => {
    await dictItemsByCode(nodeA, 'sex');
    await setMale('男L');
    const original = pubsub.publish.bind(pubsub);
    pubsub.publish = async () => {}; // dropped, as a publish during a Redis blip
    try {
      await invalidateDictCache(nodeB);
    } finally {
      pubsub.publish = original;
    }
    expect((await dictItemsByCode(nodeB, 'sex'))[0].text).toBe('男L'); // its own copy is gone at once
    await vi.waitFor(async () => expect((await dictItemsByCode(nodeA, 'sex'))[0].text).toBe('男L'), {
      timeout: 5000,
      interval: 50,
    });
    await setMale('男性');
    await invalidateDictCache(nodeA);
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

/**
 * One Redis pub/sub as seen by several nodes, each with its own link that a test can cut: a publish over a cut link
 * is lost, a message is delivered only to nodes whose link is up, and both transitions call the reset handlers —
 * what RedisPubSub does.
 */
interface Link {
  up: boolean;
  set(up: boolean): void;
  pubsub: PubSub;
}

class Bus {
  private readonly bus = new MemoryPubSub();
  node(): Link {
    const bus = this.bus;
    const resets = new Set<() => void>();
    const link: Link = {
      up: true,
      set(up: boolean) {
        if (link.up === up) return;
        link.up = up;
        for (const h of resets) h();
      },
      pubsub: {
        publish: async (c: string, m: unknown) => {
          if (link.up) await bus.publish(c, m);
        },
        subscribe: (c: string, h: (m: unknown) => void) =>
          bus.subscribe(c, (m) => {
            if (link.up) h(m);
          }),
        close: async () => {},
        connected: () => link.up,
        onReset: (h: () => void) => {
          resets.add(h);
        },
      },
    };
    return link;
  }
  close() {
    return this.bus.close();
  }
}

describe('dictionary cache while the fan-out link is down', () => {
  let t: TestApp;
  let db: Db;
  let selects = 0;
  const bus = new Bus();

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.ctx.db;
  });
  afterAll(async () => {
    await bus.close();
    await t.close();
  });

  function node() {
    const link = bus.node();
    const counting = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'select') selects++;
        return Reflect.get(target, prop, receiver);
      },
    });
    const ctx = { db: counting, kv: new MemoryKV(), pubsub: link.pubsub, log: t.app.ctx.log } as unknown as AppContext;
    return { ctx, link };
  }

  const setPriority = (text: string) =>
    db
      .update(sysDictItem)
      .set({ itemText: text })
      .where(and(eq(sysDictItem.dictId, seedId('dict:priority')), eq(sysDictItem.itemValue, 'H')));
  const high = async (ctx: AppContext) => (await dictItemsByCode(ctx, 'priority')).find((i) => i.value === 'H')?.text;

  it('reads go to the database while the link is down, and a change made then reaches the other node when it is back', async () => {
    const a = node();
    const b = node();
    const before = await high(a.ctx);
    expect(before).toBeTruthy();
    await high(b.ctx);

    // only A is cut off: B keeps its link (and its cached copy)
    a.link.set(false);
    selects = 0;
    await setPriority('高-离线修改');
    await invalidateDictCache(a.ctx); // succeeds; its message is lost
    expect(await high(a.ctx)).toBe('高-离线修改'); // from the database
    expect(selects).toBe(2);
    expect(await high(b.ctx)).toBe(before); // B could not be told yet

    a.link.set(true); // back: A sends the lost invalidation again
    await vi.waitFor(async () => expect(await high(b.ctx)).toBe('高-离线修改'), { timeout: 5000, interval: 20 });

    await setPriority(before!);
    await invalidateDictCache(b.ctx);
    expect(await high(a.ctx)).toBe(before);
  });

  it('a node whose link dropped trusts nothing it cached before, and serves from memory again once it is back', async () => {
    const a = node();
    await high(a.ctx);
    a.link.set(false);
    await setPriority('高-未通知');
    // no invalidation could reach A: it reads the database instead of its old copy
    expect(await high(a.ctx)).toBe('高-未通知');
    a.link.set(true);
    await high(a.ctx);
    selects = 0;
    expect(await high(a.ctx)).toBe('高-未通知');
    expect(selects).toBe(0);
    await setPriority('高');
  });
});
