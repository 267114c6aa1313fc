import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sysSession } from '../db/schema/index.ts';
import type { PubSub } from '../infra/pubsub.ts';
import { fanOutHealthy, LocalCache, onFanOutReset } from './local-cache.ts';

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

export interface ResolveOptions {
  /**
   * A background call (the notice poll, WebSocket heartbeats): the session is checked but its idle expiry is not
   * extended — only the user's own actions keep a session alive (route config `background: true`).
   */
  background?: boolean;
}

/**
 * Server-side sessions (security rule 3). The client holds a random opaque token (256 bits);
 * the store only ever sees its SHA-256, so a leaked table or Redis dump grants nothing.
 * The truth is always the sys_session table (ADR 015); Redis, when configured, only carries the revocation fan-out.
 */
export interface SessionStore {
  create(input: { userId: string; username: string; ip?: string; userAgent?: string }): Promise<{
    token: string;
    record: SessionRecord;
  }>;
  /** the live session for a presented token (sliding idle expiry), or null when unknown, expired or revoked */
  resolve(token: string, opts?: ResolveOptions): Promise<SessionRecord | null>;
  revoke(token: string): Promise<boolean>;
  revokeHash(tokenHash: string): Promise<boolean>;
  /** ends every session of a user (password change, freeze, role change, force-logout); returns how many */
  revokeUser(userId: string): Promise<number>;
  /** live sessions, newest first (online users page) */
  list(): Promise<SessionRecord[]>;
  purgeExpired(): Promise<void>;
  /** writes what is still pending (last-seen times) and stops timers */
  close?(): Promise<void>;
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

/** How often last_seen_at is written per session at most: a tenth of the idle limit, at most a minute. */
export function touchInterval(policy: SessionPolicy): number {
  return Math.min(60_000, Math.floor(policy.idleMs / 10));
}

/** The session table (the truth): plain reads and writes, no cache. */
export class DbSessionStore implements SessionStore {
  /** last_seen is written at most this often per session, so reads do not turn into a write per request */
  private readonly touchEveryMs: number;

  constructor(
    private readonly db: Db,
    private readonly policy: SessionPolicy,
  ) {
    this.touchEveryMs = touchInterval(policy);
  }

  private byHash?: ReturnType<DbSessionStore['prepareByHash']>;
  private prepareByHash() {
    return this.db
      .select()
      .from(sysSession)
      .where(eq(sysSession.tokenHash, sql.placeholder('h')))
      .limit(1)
      .prepare('session_by_hash');
  }

  /** the stored row of a token hash (alive or not), or null */
  async find(tokenHash: string): Promise<SessionRecord | null> {
    this.byHash ??= this.prepareByHash();
    const [row] = await this.byHash.execute({ h: tokenHash });
    return row ? this.toRecord(row) : null;
  }

  /** moves last_seen_at forward (never back) for many sessions in one statement */
  async touchMany(entries: readonly { tokenHash: string; at: number }[]): Promise<void> {
    for (let i = 0; i < entries.length; i += 500) {
      const part = entries.slice(i, i + 500);
      const values = sql.join(
        part.map((e) => sql`(${e.tokenHash}, ${new Date(e.at).toISOString()})`),
        sql`, `,
      );
      await this.db.execute(
        sql`update sys_session s set last_seen_at = v.at::timestamp
              from (values ${values}) as v(h, at)
             where s.token_hash = v.h and s.last_seen_at < v.at::timestamp`,
      );
    }
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

  async resolve(token: string, opts: ResolveOptions = {}) {
    if (!looksLikeToken(token)) return null;
    const h = hashToken(token);
    const r = await this.find(h);
    if (!r) return null;
    const now = Date.now();
    if (!alive(r, this.policy, now)) {
      await this.db.delete(sysSession).where(eq(sysSession.tokenHash, h));
      return null;
    }
    if (!opts.background && now - r.lastSeenAt >= this.touchEveryMs) {
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

export const SESSION_REVOKED_CHANNEL = 'session-revoked';

interface Cached {
  rec: SessionRecord;
  /** last_seen_at as last written to (or read from) the table */
  writtenAt: number;
}

export interface CachedSessionOptions {
  /** a cached session is re-read from the table at least this often (safety net behind the fan-out) */
  revalidateMs?: number;
  /** pending last-seen times are written this often (one statement for all of them) */
  flushMs?: number;
  /** a user's sessions were created or ended as a whole: the user row may have changed (user cache, ADR 014) */
  onUserEvent?: (userId: string) => Promise<void> | void;
  onError?: (err: unknown, what: string) => void;
}

/**
 * The session check of every request (ADR 015): the table is the truth, this node keeps the live sessions it has seen
 * in memory, so a request with a known token costs no database round trip.
 *
 * - Revocation (logout, force-logout, password change, freeze) deletes the row, drops the entry here and publishes on
 *   'session-revoked', so every node forgets it at once (the WebSocket hub closes its sockets on the same message).
 *   While the fan-out link is down nothing is served from memory; when it drops or comes back the memory is cleared.
 * - Idle sliding: only requests that are not `background` move last_seen forward, in memory; the new times are
 *   written in one batched statement every few seconds, and a session's time only when it moved by a tenth of the
 *   idle limit — not a write per request. A session that looks idle-expired here is re-read first (another node may
 *   have extended it) before it is ended.
 * - Absolute expiry is final wherever it is seen.
 */
export class CachedSessionStore implements SessionStore {
  readonly cache: LocalCache<Cached>;
  private readonly touchEveryMs: number;
  private readonly flushMs: number;
  private readonly dirty = new Map<string, number>();
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;

  constructor(
    readonly inner: DbSessionStore,
    private readonly policy: SessionPolicy,
    private readonly pubsub: PubSub,
    private readonly opts: CachedSessionOptions = {},
  ) {
    this.touchEveryMs = touchInterval(policy);
    this.flushMs = Math.max(10, Math.min(5000, Math.floor(this.touchEveryMs / 2)));
    this.cache = new LocalCache<Cached>({
      ttlMs: opts.revalidateMs ?? 60_000,
      max: 100_000,
      trusted: fanOutHealthy(pubsub),
    });
  }

  async start() {
    await this.pubsub.subscribe(SESSION_REVOKED_CHANNEL, (m) => {
      const msg = (m ?? {}) as { hash?: string; userId?: string };
      if (msg.hash) this.forget(msg.hash);
      if (msg.userId) this.forgetUser(msg.userId);
    });
    onFanOutReset(this.pubsub, () => this.cache.clear());
    this.timer = setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  private forget(hash: string) {
    this.cache.drop(hash);
    this.dirty.delete(hash);
  }

  private forgetUser(userId: string) {
    this.cache.dropWhere((_h, e) => e.rec.userId === userId);
    for (const h of this.dirty.keys()) if (!this.cache.peek(h)) this.dirty.delete(h);
  }

  private async announce(msg: { hash?: string; userId?: string }) {
    try {
      await this.pubsub.publish(SESSION_REVOKED_CHANNEL, msg);
    } catch (err) {
      this.opts.onError?.(err, 'session revocation not announced');
    }
  }

  private async userEvent(userId: string) {
    try {
      await this.opts.onUserEvent?.(userId);
    } catch (err) {
      this.opts.onError?.(err, 'user cache not invalidated');
    }
  }

  async create(input: { userId: string; username: string; ip?: string; userAgent?: string }) {
    const out = await this.inner.create(input);
    // sign-in may have updated the user row (org code, password hash upgrade)
    await this.userEvent(input.userId);
    return out;
  }

  async resolve(token: string, opts: ResolveOptions = {}): Promise<SessionRecord | null> {
    if (!looksLikeToken(token)) return null;
    const h = hashToken(token);
    const now = Date.now();
    let e = this.cache.peek(h, now);
    if (e && now >= e.rec.expiresAt) {
      await this.revokeHash(h);
      return null;
    }
    if (!e || now - e.rec.lastSeenAt >= this.policy.idleMs) {
      e = (await this.load(h, e)) ?? undefined;
      if (!e) return null;
    }
    if (!opts.background) {
      e.rec.lastSeenAt = now;
      if (now - e.writtenAt >= this.touchEveryMs) this.dirty.set(h, now);
    }
    return e.rec;
  }

  /** reads the row (the truth), keeps the newest last-seen known here, ends it when dead */
  private async load(h: string, known: Cached | undefined): Promise<Cached | null> {
    const stamp = this.cache.stamp();
    const rec = await this.inner.find(h);
    if (!rec) {
      this.forget(h);
      return null;
    }
    const writtenAt = rec.lastSeenAt;
    rec.lastSeenAt = Math.max(rec.lastSeenAt, known?.rec.lastSeenAt ?? 0, this.dirty.get(h) ?? 0);
    if (!alive(rec, this.policy, Date.now())) {
      await this.revokeHash(h);
      return null;
    }
    const e: Cached = { rec, writtenAt };
    // a revocation seen while the row was being read wins: the entry is not kept
    this.cache.setIf(stamp, h, e);
    return e;
  }

  /** writes the pending last-seen times (one statement) */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (!this.dirty.size) return Promise.resolve();
    const batch = [...this.dirty].map(([tokenHash, at]) => ({ tokenHash, at }));
    this.dirty.clear();
    this.flushing = this.inner
      .touchMany(batch)
      .then(() => {
        for (const b of batch) {
          const e = this.cache.peek(b.tokenHash);
          if (e && e.writtenAt < b.at) e.writtenAt = b.at;
        }
      })
      .catch((err) => {
        // keep them for the next round unless newer times arrived meanwhile
        for (const b of batch) if (!this.dirty.has(b.tokenHash)) this.dirty.set(b.tokenHash, b.at);
        this.opts.onError?.(err, 'session last-seen write failed');
      })
      .finally(() => {
        this.flushing = undefined;
      });
    return this.flushing;
  }

  async revoke(token: string) {
    return looksLikeToken(token) ? this.revokeHash(hashToken(token)) : false;
  }

  async revokeHash(tokenHash: string) {
    this.forget(tokenHash);
    const done = await this.inner.revokeHash(tokenHash);
    await this.announce({ hash: tokenHash });
    return done;
  }

  async revokeUser(userId: string) {
    this.forgetUser(userId);
    const n = await this.inner.revokeUser(userId);
    await this.announce({ userId });
    await this.userEvent(userId);
    return n;
  }

  async list() {
    await this.flush();
    return this.inner.list();
  }

  async purgeExpired() {
    const now = Date.now();
    for (const [h, e] of [...this.cache.entries()]) if (!alive(e.v.rec, this.policy, now)) this.cache.drop(h);
    await this.flush();
    await this.inner.purgeExpired();
  }

  async close() {
    clearInterval(this.timer);
    await this.flush();
  }
}
