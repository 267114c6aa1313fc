import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { trackWrites } from './embedded-writes.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One drizzle type for both drivers: PGlite and node-postgres share the pg-core query builder. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  kind: 'pglite' | 'pg';
  db: Db;
  /** cheap liveness probe used by /readyz; rejects when the database is unreachable */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** the embedded instance (tests clone it) */
  pglite?: PGlite;
  pool?: pg.Pool;
}

export interface ConnectOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined → in memory */
  pgliteDir?: string;
  /** an existing PGlite instance (tests pass a clone of a migrated template) */
  pglite?: PGlite;
  poolMax?: number;
  acquireTimeoutMs?: number;
  /** told about connections lost outside a query (logged; never thrown) */
  onConnectionError?: (err: Error) => void;
}

// pg returns DATE as JS Date by default; keep JeecgBoot's yyyy-MM-dd strings instead.
pg.types.setTypeParser(1082, (v) => v);

/**
 * A pool whose checked-out clients can lose their connection without taking the process down.
 *
 * node-postgres emits 'error' on a client whose socket dies (reset, terminated backend, server restart). The pool
 * listens only while a client is idle; a client checked out with `await pool.connect()` (drizzle's transactions,
 * the readiness probe) has no listener, so the event became an uncaught exception and killed the server. Here every
 * promise-style checkout gets a listener for as long as it is out: the failing query rejects (→ 503), the dead client
 * is released with the error (so the pool drops it and opens a fresh connection for the next request — even when the
 * caller never reaches its own release, as drizzle does not when `begin` itself fails), and a later release by the
 * caller is a no-op. Callback-style checkouts are pg-pool's own `pool.query`, which installs its own listener.
 */
class ResilientPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly onClientError: (err: Error) => void,
  ) {
    super(config);
    // belt and braces: no client of this pool is ever without an 'error' listener
    this.on('connect', (client) => client.on('error', () => {}));
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg.Pool.connect's overloads (promise and callback forms)
  override connect(...args: any[]): any {
    if (args.length) return (super.connect as (...a: unknown[]) => unknown)(...args);
    return super.connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const onError = (err: Error) => {
        this.onClientError(err);
        done(err);
      };
      const done = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', onError);
        release(err);
      };
      client.on('error', onError);
      client.release = done;
      return client;
    });
  }
}

export async function connect(opts: ConnectOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new ResilientPool(
      {
        connectionString: opts.databaseUrl,
        max: opts.poolMax ?? 10,
        // security rule 14: waiting for a connection (refused, unreachable, pool exhausted) ends within 3 s → 503
        connectionTimeoutMillis: opts.acquireTimeoutMs ?? 3000,
        idleTimeoutMillis: 30_000,
        // a runaway query must not hold a connection forever
        statement_timeout: 30_000,
        // a peer that vanished without a reset (cable, VM freeze) is noticed by TCP keepalive, not after minutes
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
      },
      (err) => opts.onConnectionError?.(err),
    );
    // an idle client losing its connection must not crash the process either (security rule 14)
    pool.on('error', (err) => opts.onConnectionError?.(err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      kind: 'pg',
      db,
      pool,
      async ping() {
        const c = await pool.connect();
        try {
          await c.query('select 1');
        } finally {
          c.release();
        }
      },
      async close() {
        if (!pool.ended) await pool.end();
      },
    };
  }
  let pglite = opts.pglite;
  if (!pglite) {
    if (opts.pgliteDir) fs.mkdirSync(path.dirname(path.resolve(opts.pgliteDir)), { recursive: true });
    pglite = opts.pgliteDir
      ? new PGlite(opts.pgliteDir, { extensions: PGLITE_EXTENSIONS })
      : new PGlite({ extensions: PGLITE_EXTENSIONS });
    await pglite.waitReady;
  }
  // list totals are kept while nothing was written (embedded-writes.ts, ADR 044)
  trackWrites(pglite);
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  const instance = pglite;
  return {
    kind: 'pglite',
    db,
    pglite: instance,
    async ping() {
      if (instance.closed) throw new Error('database closed');
      await instance.query('select 1');
    },
    async close() {
      if (!instance.closed) await instance.close();
    },
  };
}

/** extensions every embedded instance loads (migration 0011 creates pg_trgm for the list filters' trigram indexes) */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Runs raw SQL (always built with drizzle's `sql` tag: every value bound) and returns its rows on either driver. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
