import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { sysSession } from '../db/schema/index.ts';

export interface SessionRecord {
  tokenHash: string;
  userId: string;
  username: string;
  createdAt: number;
  lastSeenAt: number;
  /** absolute expiry (epoch ms) */
  expiresAt: number;
  ip: string | null;
  userAgent: string | null;
}

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/**
 * Server-side sessions (security rule 3). The client holds a random opaque token (256 bits);
 * the store only ever sees its SHA-256, so a leaked table or Redis dump grants nothing.
 */
export interface SessionStore {
  create(input: { userId: string; username: string; ip?: string; userAgent?: string }): Promise<{
    token: string;
    record: SessionRecord;
  }>;
  /** the live session for a presented token (sliding idle expiry), or null when unknown, expired or revoked */
  resolve(token: string): Promise<SessionRecord | null>;
  revoke(token: string): Promise<boolean>;
  revokeHash(tokenHash: string): Promise<boolean>;
  /** ends every session of a user (password change, freeze, role change, force-logout); returns how many */
  revokeUser(userId: string): Promise<number>;
  /** live sessions, newest first (online users page) */
  list(): Promise<SessionRecord[]>;
  purgeExpired(): Promise<void>;
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token is 43 base64url chars; anything else is rejected before touching the store. */
export function looksLikeToken(token: string | undefined): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
}

function alive(r: SessionRecord, p: SessionPolicy, now: number): boolean {
  return now < r.expiresAt && now - r.lastSeenAt < p.idleMs;
}

export class DbSessionStore implements SessionStore {
  /** last_seen is written at most this often per session, so reads do not turn into a write per request */
  private readonly touchEveryMs: number;

  constructor(
    private readonly db: Db,
    private readonly policy: SessionPolicy,
  ) {
    this.touchEveryMs = Math.min(60_000, Math.floor(policy.idleMs / 10));
  }

  async create(input: { userId: string; username: string; ip?: string; userAgent?: string }) {
    const token = newToken();
    const now = Date.now();
    const record: SessionRecord = {
      tokenHash: hashToken(token),
      userId: input.userId,
      username: input.username,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + this.policy.absoluteMs,
      ip: input.ip ?? null,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
    };
    await this.db.insert(sysSession).values({
      tokenHash: record.tokenHash,
      userId: record.userId,
      username: record.username,
      createdAt: new Date(record.createdAt),
      lastSeenAt: new Date(record.lastSeenAt),
      expiresAt: new Date(record.expiresAt),
      ip: record.ip,
      userAgent: record.userAgent,
    });
    return { token, record };
  }

  private toRecord(row: typeof sysSession.$inferSelect): SessionRecord {
    return {
      tokenHash: row.tokenHash,
      userId: row.userId,
      username: row.username,
      createdAt: row.createdAt.getTime(),
      lastSeenAt: row.lastSeenAt.getTime(),
      expiresAt: row.expiresAt.getTime(),
      ip: row.ip,
      userAgent: row.userAgent,
    };
  }

  async resolve(token: string) {
    if (!looksLikeToken(token)) return null;
    const h = hashToken(token);
    const [row] = await this.db.select().from(sysSession).where(eq(sysSession.tokenHash, h)).limit(1);
    if (!row) return null;
    const r = this.toRecord(row);
    const now = Date.now();
    if (!alive(r, this.policy, now)) {
      await this.db.delete(sysSession).where(eq(sysSession.tokenHash, h));
      return null;
    }
    if (now - r.lastSeenAt >= this.touchEveryMs) {
      r.lastSeenAt = now;
      await this.db
        .update(sysSession)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sysSession.tokenHash, h));
    }
    return r;
  }

  async revoke(token: string) {
    return looksLikeToken(token) ? this.revokeHash(hashToken(token)) : false;
  }

  async revokeHash(tokenHash: string) {
    const rows = await this.db
      .delete(sysSession)
      .where(eq(sysSession.tokenHash, tokenHash))
      .returning({ h: sysSession.tokenHash });
    return rows.length > 0;
  }

  async revokeUser(userId: string) {
    const rows = await this.db
      .delete(sysSession)
      .where(eq(sysSession.userId, userId))
      .returning({ h: sysSession.tokenHash });
    return rows.length;
  }

  async list() {
    const now = Date.now();
    const rows = await this.db
      .select()
      .from(sysSession)
      .where(
        and(
          sql`${sysSession.expiresAt} > ${new Date(now)}`,
          sql`${sysSession.lastSeenAt} > ${new Date(now - this.policy.idleMs)}`,
        ),
      )
      .orderBy(sql`${sysSession.createdAt} desc`);
    return rows.map((r) => this.toRecord(r));
  }

  async purgeExpired() {
    const now = Date.now();
    await this.db
      .delete(sysSession)
      .where(
        sql`${lt(sysSession.expiresAt, new Date(now))} or ${lt(sysSession.lastSeenAt, new Date(now - this.policy.idleMs))}`,
      );
  }
}

export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly policy: SessionPolicy,
    private readonly ns = 'answer:',
  ) {}

  private key(h: string) {
    return `${this.ns}sess:${h}`;
  }
  private userKey(userId: string) {
    return `${this.ns}usess:${userId}`;
  }
  private ttl(r: SessionRecord, now: number) {
    return Math.max(1, Math.min(this.policy.idleMs, r.expiresAt - now));
  }

  async create(input: { userId: string; username: string; ip?: string; userAgent?: string }) {
    const token = newToken();
    const now = Date.now();
    const record: SessionRecord = {
      tokenHash: hashToken(token),
      userId: input.userId,
      username: input.username,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + this.policy.absoluteMs,
      ip: input.ip ?? null,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
    };
    await this.redis
      .multi()
      .set(this.key(record.tokenHash), JSON.stringify(record), 'PX', this.ttl(record, now))
      .sadd(this.userKey(record.userId), record.tokenHash)
      .pexpire(this.userKey(record.userId), this.policy.absoluteMs)
      .exec();
    return { token, record };
  }

  async resolve(token: string) {
    if (!looksLikeToken(token)) return null;
    const h = hashToken(token);
    const raw = await this.redis.get(this.key(h));
    if (!raw) return null;
    const r = JSON.parse(raw) as SessionRecord;
    const now = Date.now();
    if (!alive(r, this.policy, now)) {
      await this.revokeHash(h);
      return null;
    }
    r.lastSeenAt = now;
    await this.redis.set(this.key(h), JSON.stringify(r), 'PX', this.ttl(r, now), 'XX');
    return r;
  }

  async revoke(token: string) {
    return looksLikeToken(token) ? this.revokeHash(hashToken(token)) : false;
  }

  async revokeHash(tokenHash: string) {
    const raw = await this.redis.getdel(this.key(tokenHash));
    if (!raw) return false;
    const r = JSON.parse(raw) as SessionRecord;
    await this.redis.srem(this.userKey(r.userId), tokenHash);
    return true;
  }

  async revokeUser(userId: string) {
    const hashes = await this.redis.smembers(this.userKey(userId));
    if (!hashes.length) return 0;
    const deleted = await this.redis.del(...hashes.map((h) => this.key(h)));
    await this.redis.del(this.userKey(userId));
    return deleted;
  }

  async list() {
    const out: SessionRecord[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.ns}sess:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) {
        const vals = await this.redis.mget(...keys);
        for (const v of vals) if (v) out.push(JSON.parse(v) as SessionRecord);
      }
    } while (cursor !== '0');
    return out.sort((a, b) => b.createdAt - a.createdAt);
  }

  async purgeExpired() {
    // Redis expires keys itself
  }
}

const REVOKED_CHANNEL = 'session-revoked';

/**
 * A short in-process cache in front of a session store: a burst of requests with one token costs one store lookup
 * per `ttlMs`. Revocations drop the entry at once here and, through pub/sub, on every other node; idle sliding still
 * happens in the store (an entry is re-resolved whenever its last-seen time would need refreshing).
 */
export class CachedSessionStore implements SessionStore {
  private readonly cache = new Map<string, { rec: SessionRecord; at: number }>();
  private readonly touchEveryMs: number;

  constructor(
    private readonly inner: SessionStore,
    private readonly policy: SessionPolicy,
    private readonly pubsub: {
      publish(c: string, m: unknown): Promise<void>;
      subscribe(c: string, h: (m: unknown) => void): Promise<() => void>;
    },
    private readonly ttlMs = 3000,
  ) {
    this.touchEveryMs = Math.min(60_000, Math.floor(policy.idleMs / 10));
  }

  async start() {
    await this.pubsub.subscribe(REVOKED_CHANNEL, (m) => {
      const msg = (m ?? {}) as { hash?: string; userId?: string; all?: boolean };
      if (msg.hash) this.cache.delete(msg.hash);
      if (msg.userId) this.dropUser(msg.userId);
    });
  }

  private dropUser(userId: string) {
    for (const [h, e] of this.cache) if (e.rec.userId === userId) this.cache.delete(h);
  }

  create(input: { userId: string; username: string; ip?: string; userAgent?: string }) {
    return this.inner.create(input);
  }

  async resolve(token: string) {
    if (!looksLikeToken(token)) return null;
    const h = hashToken(token);
    const now = Date.now();
    const hit = this.cache.get(h);
    if (
      hit &&
      now - hit.at < this.ttlMs &&
      alive(hit.rec, this.policy, now) &&
      now - hit.rec.lastSeenAt < this.touchEveryMs
    ) {
      return hit.rec;
    }
    const rec = await this.inner.resolve(token);
    if (rec) {
      if (this.cache.size > 50_000) this.cache.clear();
      this.cache.set(h, { rec, at: now });
    } else {
      this.cache.delete(h);
    }
    return rec;
  }

  async revoke(token: string) {
    return looksLikeToken(token) ? this.revokeHash(hashToken(token)) : false;
  }

  async revokeHash(tokenHash: string) {
    this.cache.delete(tokenHash);
    const done = await this.inner.revokeHash(tokenHash);
    await this.pubsub.publish(REVOKED_CHANNEL, { hash: tokenHash });
    return done;
  }

  async revokeUser(userId: string) {
    this.dropUser(userId);
    const n = await this.inner.revokeUser(userId);
    await this.pubsub.publish(REVOKED_CHANNEL, { userId });
    return n;
  }

  list() {
    return this.inner.list();
  }

  async purgeExpired() {
    const now = Date.now();
    for (const [h, e] of this.cache) if (!alive(e.rec, this.policy, now)) this.cache.delete(h);
    await this.inner.purgeExpired();
  }
}
