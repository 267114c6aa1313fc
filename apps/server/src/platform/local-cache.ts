import type { PubSub } from '../infra/pubsub.ts';

export interface LocalCacheOptions {
  /** safety net: an entry is reloaded at least this often even without any invalidation */
  ttlMs: number;
  /** entries kept at most (the oldest half is dropped beyond it) */
  max: number;
  /** entries are only served while this is true (the invalidation fan-out is connected) */
  trusted?: () => boolean;
}

/**
 * A node-local cache of values loaded from the database, kept correct across nodes by explicit invalidation
 * (ADR 014): every change calls `drop`/`clear` here and publishes on a pub/sub channel so other nodes do the same.
 *
 * - A load that was running while an invalidation happened is returned to its caller but never stored, so a value
 *   read before a change cannot be cached after it.
 * - Concurrent misses of one key share one load (a burst costs one query).
 * - While the fan-out is down (`trusted()` false) nothing is served from or stored in the cache.
 */
export class LocalCache<V> {
  private readonly map = new Map<string, { v: V; at: number }>();
  private readonly inflight = new Map<string, Promise<V>>();
  private gen = 0;

  constructor(private readonly opts: LocalCacheOptions) {}

  private trusted() {
    return this.opts.trusted ? this.opts.trusted() : true;
  }

  /** the cached value, or undefined when absent, too old or not trusted */
  peek(key: string, now = Date.now()): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (now - e.at >= this.opts.ttlMs || !this.trusted()) {
      this.map.delete(key);
      return undefined;
    }
    return e.v;
  }

  /** the cached value or the loader's (stored unless an invalidation happened meanwhile) */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    if (!this.trusted()) return load();
    const running = this.inflight.get(key);
    if (running) return running;
    const gen = this.gen;
    const p = load().then(
      (v) => {
        if (this.inflight.get(key) === p) this.inflight.delete(key);
        if (gen === this.gen) this.set(key, v);
        return v;
      },
      (err) => {
        if (this.inflight.get(key) === p) this.inflight.delete(key);
        throw err;
      },
    );
    this.inflight.set(key, p);
    return p;
  }

  set(key: string, v: V) {
    if (!this.trusted()) return;
    if (this.map.size >= this.opts.max) {
      let n = Math.ceil(this.opts.max / 2);
      for (const k of this.map.keys()) {
        this.map.delete(k);
        if (--n <= 0) break;
      }
    }
    this.map.set(key, { v, at: Date.now() });
  }

  /** the invalidation count: pass it to `setIf` to store a value only when nothing was invalidated since */
  stamp(): number {
    return this.gen;
  }

  setIf(stamp: number, key: string, v: V) {
    if (stamp === this.gen) this.set(key, v);
  }

  drop(key: string) {
    this.gen++;
    this.map.delete(key);
    this.inflight.delete(key);
  }

  /** drops every entry for which `pred` holds */
  dropWhere(pred: (key: string, v: V) => boolean) {
    this.gen++;
    for (const [k, e] of this.map) if (pred(k, e.v)) this.map.delete(k);
    this.inflight.clear();
  }

  clear() {
    this.gen++;
    this.map.clear();
    this.inflight.clear();
  }

  get size() {
    return this.map.size;
  }

  entries(): IterableIterator<[string, { v: V; at: number }]> {
    return this.map.entries();
  }
}

/** `trusted` for a cache invalidated over this pub/sub (always true for the in-process one) */
export function fanOutHealthy(pubsub: PubSub): () => boolean {
  return () => (pubsub.connected ? pubsub.connected() : true);
}

/** Registers `reset` to run whenever the fan-out link dropped or came back (messages may have been lost). */
export function onFanOutReset(pubsub: PubSub, reset: () => void) {
  pubsub.onReset?.(reset);
}
