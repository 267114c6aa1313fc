import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { sysUser } from './db/schema/index.ts';
import type { KV } from './infra/kv.ts';
import type { PubSub } from './infra/pubsub.ts';
import type { Audit } from './platform/audit.ts';
import type { Permissions } from './platform/permissions.ts';
import type { SessionRecord, SessionStore } from './platform/sessions.ts';

export type UserRow = typeof sysUser.$inferSelect;

/** Everything a module needs, created once in buildApp and shared (fastify decorator `app.ctx`). */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  kv: KV;
  pubsub: PubSub;
  sessions: SessionStore;
  perms: Permissions;
  audit: Audit;
  log: FastifyBaseLogger;
  /**
   * the user row by id — cached per node (ADR 014); every change to a user row must call `userChanged` after it is
   * committed, so status and del_flag changes apply at once on every node
   */
  userById(id: string): Promise<UserRow | undefined>;
  /** drops the cached rows of these users (no argument: all users) on every node */
  userChanged(ids?: string | readonly string[] | null): Promise<void>;
}

/**
 * Route access, declared on every route (`config.access`); deny by default.
 * - 'public': no session needed
 * - 'authenticated': any signed-in user
 * - 'candidate': a signed-in user or an outside person's candidate token (the quiz's answering calls only,
 *   platform/candidate-access.ts)
 * - { perm }: the perms string of a granted button row (any of a list)
 * - { menu }: a granted menu row with this component (read access of a management page)
 */
export type Access =
  | 'public'
  | 'authenticated'
  | 'candidate'
  | { perm: string | string[]; menu?: string | string[] }
  | { menu: string | string[]; perm?: string | string[] };

export interface RateLimitRule {
  /** bucket name shared by routes that count together (e.g. 'login') */
  bucket: string;
  max: number;
  windowMs: number;
}

export interface AuthState {
  token: string;
  session: SessionRecord;
  user: UserRow;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    rateLimit?: RateLimitRule;
    /** operation-log settings; default: mutations are logged */
    audit?: false | { operateType?: number; content?: string };
    /**
     * a call the client makes on its own (notice polling), not a user action: the session is checked but its idle
     * expiry is not extended (ADR 015)
     */
    background?: boolean;
  }
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    auth: AuthState | null;
    /** tenant selected by the tenant-id header (0 when none) */
    tenantId: number;
  }
}
