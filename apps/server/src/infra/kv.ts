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
  close(): Promise<void>;
}

export class MemoryKV implements KV {
  private readonly map = new Map<string, { v: string; exp: number }>();
  private readonly timer: NodeJS.Timeout;

  constructor(sweepMs = 30_000) {
    this.timer = setInterval(() => this.sweep(), sweepMs);
    this.timer.unref();
  }

  private live(key: string): { v: string; exp: number } | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.exp && e.exp <= Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e;
  }

  private sweep() {
    const now = Date.now();
    for (const [k, e] of this.map) if (e.exp && e.exp <= now) this.map.delete(k);
  }

  async get(key: string) {
    return this.live(key)?.v ?? null;
  }
  async set(key: string, value: string, ttlMs?: number) {
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

export class RedisKV implements KV {
  constructor(
    private readonly redis: Redis,
    private readonly ns = 'answer:',
  ) {}

  async get(key: string) {
    return this.redis.get(this.ns + key);
  }
  async set(key: string, value: string, ttlMs?: number) {
    if (ttlMs) await this.redis.set(this.ns + key, value, 'PX', ttlMs);
    else await this.redis.set(this.ns + key, value);
  }
  async setNX(key: string, value: string, ttlMs: number) {
    return (await this.redis.set(this.ns + key, value, 'PX', ttlMs, 'NX')) === 'OK';
  }
  async take(key: string) {
    return this.redis.getdel(this.ns + key);
  }
  async del(...keys: string[]) {
    if (keys.length) await this.redis.del(...keys.map((k) => this.ns + k));
  }
  async incr(key: string, ttlMs: number) {
    const k = this.ns + key;
    const res = await this.redis.multi().incr(k).pexpire(k, ttlMs, 'NX').exec();
    return Number(res?.[0]?.[1] ?? 0);
  }
  async pttl(key: string) {
    return this.redis.pttl(this.ns + key);
  }
  async delPrefix(prefix: string) {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.ns}${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await this.redis.del(...keys);
    } while (cursor !== '0');
  }
  async close() {}
}
