import type { PubSub } from '../infra/pubsub.ts';

export interface LocalCacheOptions {
  /** safety net: an entry is reloaded at least this often even without any invalidation */
  ttlMs: number;
  /** entries kept at most (the oldest half is dropped beyond it) */
  max: number;
  /** entries are only served while this is true (the invalidation fan-out is connected) */
  trusted?: () => boolean;
  /**
   * While not trusted, keep a loaded value this long instead of not at all (default 0: every read loads). For large
   * snapshots that would otherwise be rebuilt per request during a Redis outage: other nodes' changes then show up
   * after at most this long, this node's own invalidations still apply at once.
   */
  untrustedTtlMs?: number;
}

/**
 * A node-local cache of values loaded from the database, kept correct across nodes by explicit invalidation
 * (ADR 014): every change calls `drop`/`clear` here and publishes on a pub/sub channel so other nodes do the same.
 *
 * - A load that was running while an invalidation happened is returned to its caller but never stored, so a value
 *   read before a change cannot be cached after it.
 * - Concurrent misses of one key share one load (a burst costs one query).
 * - While the fan-out is down (`trusted()` false) nothing is served from or stored in the cache, unless
 *   `untrustedTtlMs` allows a short-lived copy.
 */
export class LocalCache<V> {
  /** `short`: stored while untrusted, so only kept for `untrustedTtlMs` */
  private readonly map = new Map<string, { v: V; at: number; short?: boolean }>();
  private readonly inflight = new Map<string, Promise<V>>();
  private gen = 0;

  constructor(private readonly opts: LocalCacheOptions) {}

  private trusted() {
    return this.opts.trusted ? this.opts.trusted() : true;
  }

  private get untrustedTtl() {
    return this.opts.untrustedTtlMs ?? 0;
  }

  /** the cached value, or undefined when absent, too old or not trusted */
  peek(key: string, now = Date.now()): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    const trusted = this.trusted();
    const ttl = trusted && !e.short ? this.opts.ttlMs : this.untrustedTtl;
    if (now - e.at >= ttl) {
      this.map.delete(key);
      return undefined;
    }
    return e.v;
  }

  /** the cached value or the loader's (stored unless an invalidation happened meanwhile) */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    if (!this.trusted() && this.untrustedTtl <= 0) return load();
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
    const trusted = this.trusted();
    if (!trusted && this.untrustedTtl <= 0) return;
    if (this.map.size >= this.opts.max) {
      let n = Math.ceil(this.opts.max / 2);
      for (const k of this.map.keys()) {
        this.map.delete(k);
        if (--n <= 0) break;
      }
    }
    this.map.set(key, trusted ? { v, at: Date.now() } : { v, at: Date.now(), short: true });
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

  entries(): IterableIterator<[string, { v: V; at: number; short?: boolean }]> {
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

export interface FanOutSnapshotOptions {
  /** safety net, as LocalCacheOptions.ttlMs */
  ttlMs: number;
  /** while the fan-out is down, as LocalCacheOptions.untrustedTtlMs */
  untrustedTtlMs?: number;
  onError?: (what: string, err: unknown) => void;
  /** pause before an invalidation that has not come back over the fan-out is published again */
  resendMs?: number;
}

let nodeSeq = 0;
/** how long a first read waits for the subscription before reading the database uncached */
const SUBSCRIBE_WAIT_MS = 200;

/**
 * One node-wide value (a dictionary snapshot, the department tree) cached on each node and invalidated on every node
 * through `channel` (ADR 014, ADR 018 "Caches and the breaker"). A read of a cached value costs no round trip at all.
 *
 * - Trusted only once this node is subscribed to `channel` and while the link is up; dropped when the link goes or
 *   comes back. Untrusted reads load from the database (a copy lives at most `untrustedTtlMs`).
 * - `invalidate()` drops the local copy at once and publishes; it never fails. Since this node is subscribed to the
 *   channel too, its own message coming back proves the publish reached Redis. Until it does, the message is sent
 *   again (every `resendMs` while the link is up, and as soon as a lost link is back), so a change made while only
 *   this node was cut off from Redis still reaches the nodes that never lost their link.
 */
export class FanOutSnapshot<V> {
  private readonly cache: LocalCache<V>;
  private subscribed = false;
  /** settles once the subscription is in place (or failed) */
  private readonly ready: Promise<void>;
  private readonly linkUp: () => boolean;
  private readonly node = `${process.pid}.${++nodeSeq}.${Math.random().toString(36).slice(2, 8)}`;
  private seq = 0;
  /** highest invalidation sent and highest one seen coming back */
  private echoed = 0;
  private resendTimer: NodeJS.Timeout | null = null;
  private resends = 0;
  private closed = false;

  constructor(
    private readonly pubsub: PubSub,
    private readonly channel: string,
    private readonly opts: FanOutSnapshotOptions,
  ) {
    this.linkUp = fanOutHealthy(pubsub);
    this.cache = new LocalCache<V>({
      ttlMs: opts.ttlMs,
      max: 1,
      trusted: () => this.subscribed && this.linkUp(),
      untrustedTtlMs: opts.untrustedTtlMs,
    });
    onFanOutReset(pubsub, () => {
      this.cache.clear();
      if (this.linkUp() && this.echoed < this.seq) void this.send();
    });
    this.ready = pubsub
      .subscribe(channel, (m) => {
        this.cache.clear();
        const msg = m as { node?: unknown; seq?: unknown } | null;
        if (msg?.node === this.node && typeof msg.seq === 'number' && msg.seq > this.echoed) this.echoed = msg.seq;
      })
      .then(
        () => {
          this.subscribed = true;
          // a load that began before messages could reach this node must not be kept as trusted
          this.cache.clear();
        },
        (err) => opts.onError?.(`subscribe ${channel}`, err),
      );
  }

  /** the cached value, or `load()`'s (shared by concurrent callers) */
  async get(load: () => Promise<V>): Promise<V> {
    // the first reads wait a moment for the subscription, so that what they load can be kept; not longer (a stalled
    // Redis would make them wait for the command timeout): meanwhile they read the database
    if (!this.subscribed) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.ready, new Promise((r) => (timer = setTimeout(r, SUBSCRIBE_WAIT_MS)))]);
      clearTimeout(timer);
    }
    return this.cache.get('value', load);
  }

  /** Call after the change is committed: this node reloads at once, every other node once the message reaches it. */
  async invalidate(): Promise<void> {
    this.cache.clear();
    this.seq++;
    this.resends = 0;
    await this.send();
  }

  private async send() {
    const seq = this.seq;
    await this.pubsub.publish(this.channel, { at: Date.now(), node: this.node, seq });
    if (this.echoed < this.seq) this.scheduleResend();
  }

  /** while the link is up and the latest invalidation has not come back: publish it again (a few times, then the
   *  next link reset takes over) */
  private scheduleResend() {
    if (this.resendTimer || this.closed) return;
    this.resendTimer = setTimeout(() => {
      this.resendTimer = null;
      if (this.closed || this.echoed >= this.seq || !this.linkUp()) return;
      if (++this.resends > 20) return;
      void this.send();
    }, this.opts.resendMs ?? 1000);
    this.resendTimer.unref();
  }

  /** the number of cached values (0 or 1), for tests */
  get size() {
    return this.cache.size;
  }

  close() {
    this.closed = true;
    if (this.resendTimer) clearTimeout(this.resendTimer);
    this.resendTimer = null;
  }
}
