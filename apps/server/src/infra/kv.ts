import type { Redis } from 'ioredis';

/**
 * Small key-value store with expiry: captcha answers, SMS codes, lockout counters, rate-limit windows, caches.
 * In-process by default; Redis when REDIS_URL is set so every node sees the same state.
 */
export interface KV {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** set only when absent; true when it was set */
  setNX(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** atomic read-and-delete (single-use secrets) */
  take(key: string): Promise<string | null>;
  del(...keys: string[]): Promise<void>;
  /** increments and, on the first increment, sets the expiry; returns the new value */
  incr(key: string, ttlMs: number): Promise<number>;
  /** remaining time to live in ms, -1 without expiry, -2 when absent */
  pttl(key: string): Promise<number>;
  /** deletes every key starting with prefix */
  delPrefix(prefix: string): Promise<void>;
  /**
   * The same store for callers that fail open (the global request budget, ADR 018): right after Redis failed or timed
   * out, its calls reject at once with KvUnavailableError for a short backoff instead of each waiting for the command
   * timeout (circuit breaker, see KvBreaker). Callers that fail closed use the store itself, which always asks Redis.
   */
  readonly bestEffort: KV;
  close(): Promise<void>;
}

/** what the in-process store can tell the Redis monitor (embedded mode), in Redis' own terms */
export interface MemoryKVStats {
  keys: number;
  /** keys with an expiry */
  expires: number;
  /** approximate bytes held: UTF-16 keys and values plus a per-entry overhead */
  bytes: number;
  hits: number;
  misses: number;
  expired: number;
  commands: number;
  startedAt: number;
}

/** bytes a Map entry of {v, exp} costs beyond its strings (entry, object, number; V8 on 64 bits, rounded) */
const ENTRY_OVERHEAD = 80;

export class MemoryKV implements KV {
  private readonly map = new Map<string, { v: string; exp: number }>();
  private readonly timer: NodeJS.Timeout;
  private readonly counts = { hits: 0, misses: 0, expired: 0, commands: 0 };
  private readonly startedAt = Date.now();

  /** figures for the Redis monitor in embedded mode (one pass over the keys: the monitor polls every few seconds) */
  stats(): MemoryKVStats {
    const now = Date.now();
    let keys = 0;
    let expires = 0;
    let bytes = 0;
    for (const [k, e] of this.map) {
      if (e.exp && e.exp <= now) continue;
      keys++;
      if (e.exp) expires++;
      bytes += (k.length + e.v.length) * 2 + ENTRY_OVERHEAD;
    }
    return { keys, expires, bytes, ...this.counts, startedAt: this.startedAt };
  }

  constructor(sweepMs = 30_000) {
    this.timer = setInterval(() => this.sweep(), sweepMs);
    this.timer.unref();
  }

  /** in-process: never unavailable */
  get bestEffort(): KV {
    return this;
  }

  private live(key: string): { v: string; exp: number } | undefined {
    this.counts.commands++;
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.exp && e.exp <= Date.now()) {
      this.map.delete(key);
      this.counts.expired++;
      return undefined;
    }
    return e;
  }

  private sweep() {
    const now = Date.now();
    for (const [k, e] of this.map) {
      if (e.exp && e.exp <= now) {
        this.map.delete(k);
        this.counts.expired++;
      }
    }
  }

  async get(key: string) {
    const v = this.live(key)?.v;
    if (v === undefined) this.counts.misses++;
    else this.counts.hits++;
    return v ?? null;
  }
  async set(key: string, value: string, ttlMs?: number) {
    this.counts.commands++;
    this.map.set(key, { v: value, exp: ttlMs ? Date.now() + ttlMs : 0 });
  }
  async setNX(key: string, value: string, ttlMs: number) {
    if (this.live(key)) return false;
    this.map.set(key, { v: value, exp: Date.now() + ttlMs });
    return true;
  }
  async take(key: string) {
    const e = this.live(key);
    this.map.delete(key);
    return e?.v ?? null;
  }
  async del(...keys: string[]) {
    this.counts.commands++;
    for (const k of keys) this.map.delete(k);
  }
  async incr(key: string, ttlMs: number) {
    const e = this.live(key);
    if (!e) {
      this.map.set(key, { v: '1', exp: Date.now() + ttlMs });
      return 1;
    }
    const n = Number(e.v) + 1;
    e.v = String(n);
    return n;
  }
  async pttl(key: string) {
    const e = this.live(key);
    if (!e) return -2;
    return e.exp ? e.exp - Date.now() : -1;
  }
  async delPrefix(prefix: string) {
    for (const k of [...this.map.keys()]) if (k.startsWith(prefix)) this.map.delete(k);
  }
  async close() {
    clearInterval(this.timer);
    this.map.clear();
  }
}

/**
 * Redis could not answer (down, restarting, unreachable, loading, read-only replica, too slow). Callers decide what
 * that means (ADR 018): security state (captcha, lockout, SMS codes) fails closed with the CACHE_UNAVAILABLE 503, the
 * global rate limit fails open. Carries no Redis detail to the client; the cause is kept for the log.
 */
export class KvUnavailableError extends Error {
  readonly code = 'KV_UNAVAILABLE';
  constructor(cause: unknown) {
    super('key-value store unavailable', { cause });
    this.name = 'KvUnavailableError';
  }
}

/** errors ioredis raises itself when it cannot reach Redis (offline queue off, timeout, closed connection) */
const CLIENT_UNAVAILABLE =
  /Stream isn't writeable|enableOfflineQueue|Connection is closed|Command timed out|Reached the max retries/;

/** A KV failure, or an ioredis client error raised outside RedisKV (direct Redis users) */
export function isKvUnavailable(err: unknown): boolean {
  if (err instanceof KvUnavailableError || (err as { code?: unknown } | null)?.code === 'KV_UNAVAILABLE') return true;
  const e = err as { name?: string; message?: string } | null;
  return (
    !!e &&
    e.name !== 'ReplyError' &&
    (e.name === 'MaxRetriesPerRequestError' || CLIENT_UNAVAILABLE.test(String(e.message ?? '')))
  );
}

/** Redis replies that mean "not now" rather than "wrong command" */
const UNAVAILABLE_REPLY = /^(LOADING|BUSY|MASTERDOWN|READONLY|TRYAGAIN|CLUSTERDOWN|MISCONF|OOM|NOREPLICAS)\b/;

/** Every error of the client itself (offline, timed out, connection closed) or an unavailability reply. */
export function toKvError(err: unknown): unknown {
  const e = err as { name?: string; message?: string } | null;
  if (e?.name === 'ReplyError' && !UNAVAILABLE_REPLY.test(String(e.message ?? ''))) return err;
  return new KvUnavailableError(err);
}

/**
 * Circuit breaker for the fail-open callers of one Redis connection (ADR 018 "Caches and the breaker"). Closed, every
 * call goes to Redis. Any call that finds Redis unavailable (refused, closed, timed out after `commandTimeout`) opens
 * it: fail-open calls then skip Redis for `backoffMs`; after that one call at a time is let through as a probe (the
 * others keep skipping), and any call that gets an answer from Redis closes it again. Fail-closed calls are never
 * skipped — they ask Redis every time, so they report recovery the moment Redis answers, and while it does not they
 * fail (closed) within the command timeout as before.
 */
export class KvBreaker {
  /** 0 while closed */
  private openUntil = 0;
  /** while open: a probe is out until then */
  private probeUntil = 0;

  constructor(
    readonly backoffMs = 2000,
    private readonly now: () => number = Date.now,
  ) {}

  get isOpen(): boolean {
    return this.openUntil !== 0;
  }

  /** whether a fail-open call may go to Redis now (while open: true for one probe per backoff) */
  admit(): boolean {
    if (this.openUntil === 0) return true;
    const now = this.now();
    if (now < this.openUntil || now < this.probeUntil) return false;
    this.probeUntil = now + this.backoffMs;
    return true;
  }

  /** Redis answered (even with an error reply) */
  succeeded() {
    this.openUntil = 0;
    this.probeUntil = 0;
  }

  /** Redis could not answer */
  failed() {
    this.openUntil = this.now() + this.backoffMs;
    this.probeUntil = 0;
  }
}

/** the error of a fail-open call skipped while the breaker is open */
const CIRCUIT_OPEN = new Error('circuit open: redis failed recently');

/**
 * The Redis client is built with `enableOfflineQueue: false` and a `commandTimeout` (app.ts), so while Redis is down
 * every call rejects at once (or within the timeout) with KvUnavailableError instead of queueing; `bestEffort` also
 * skips Redis while the breaker is open.
 */
export class RedisKV implements KV {
  private view: RedisKV | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly ns = 'answer:',
    readonly breaker = new KvBreaker(),
    private readonly failOpen = false,
  ) {}

  get bestEffort(): KV {
    if (this.failOpen) return this;
    this.view ??= new RedisKV(this.redis, this.ns, this.breaker, true);
    return this.view;
  }

  private async guarded<T>(op: () => Promise<T>): Promise<T> {
    if (this.failOpen && !this.breaker.admit()) throw new KvUnavailableError(CIRCUIT_OPEN);
    let out: T;
    try {
      out = await op();
    } catch (err) {
      const mapped = toKvError(err);
      if (mapped instanceof KvUnavailableError) this.breaker.failed();
      else this.breaker.succeeded();
      throw mapped;
    }
    this.breaker.succeeded();
    return out;
  }

  get(key: string) {
    return this.guarded(() => this.redis.get(this.ns + key));
  }
  set(key: string, value: string, ttlMs?: number) {
    return this.guarded(async () => {
      if (ttlMs) await this.redis.set(this.ns + key, value, 'PX', ttlMs);
      else await this.redis.set(this.ns + key, value);
    });
  }
  setNX(key: string, value: string, ttlMs: number) {
    return this.guarded(async () => (await this.redis.set(this.ns + key, value, 'PX', ttlMs, 'NX')) === 'OK');
  }
  take(key: string) {
    return this.guarded(() => this.redis.getdel(this.ns + key));
  }
  del(...keys: string[]) {
    return this.guarded(async () => {
      if (keys.length) await this.redis.del(...keys.map((k) => this.ns + k));
    });
  }
  incr(key: string, ttlMs: number) {
    const k = this.ns + key;
    return this.guarded(async () => {
      const res = await this.redis.multi().incr(k).pexpire(k, ttlMs, 'NX').exec();
      const [err, n] = res?.[0] ?? [new Error('empty transaction reply'), null];
      if (err) throw err;
      return Number(n);
    });
  }
  pttl(key: string) {
    return this.guarded(() => this.redis.pttl(this.ns + key));
  }
  delPrefix(prefix: string) {
    return this.guarded(async () => {
      let cursor = '0';
      do {
        const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.ns}${prefix}*`, 'COUNT', 500);
        cursor = next;
        if (keys.length) await this.redis.del(...keys);
      } while (cursor !== '0');
    });
  }
  async close() {}
}

/**
 * Redis client settings for every connection of the server (ADR 018). While Redis is unreachable a command must fail
 * at once, not wait in ioredis' offline queue for a reconnect (that was the 10 s hang); one that was sent but gets no
 * answer fails after `commandTimeout`. Reconnection keeps trying every second at most, so service resumes by itself.
 */
export const REDIS_CLIENT_OPTIONS = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: 800,
  connectTimeout: 1000,
  retryStrategy: (times: number) => Math.min(100 * times, 1000),
  lazyConnect: false,
} as const;

/** resolves once the connection is ready, or after `ms` (the server starts degraded rather than not at all) */
export function redisReady(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (v: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(v);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    timer.unref();
    redis.on('ready', onReady);
  });
}

/**
 * Logs the transitions of a connection (down once, back once) instead of every failed reconnect attempt.
 * `name` tells the connections apart.
 */
export function watchRedis(
  redis: Redis,
  name: string,
  log: { warn(o: object, m: string): void; info(o: object, m: string): void },
) {
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ redis: name, err: err.message }, 'redis unavailable');
  });
  redis.on('close', () => {
    if (down) return;
    down = true;
    log.warn({ redis: name }, 'redis connection lost');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: name }, 'redis connection restored');
  });
}
