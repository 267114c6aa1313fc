import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
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
}

// pg returns DATE as JS Date by default; keep JeecgBoot's yyyy-MM-dd strings instead.
pg.types.setTypeParser(1082, (v) => v);

export async function connect(opts: ConnectOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? 10,
      connectionTimeoutMillis: opts.acquireTimeoutMs ?? 3000,
      idleTimeoutMillis: 30_000,
      // a runaway query must not hold a connection forever
      statement_timeout: 30_000,
    });
    // an idle client losing its connection must not crash the process (security rule 14)
    pool.on('error', () => {});
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
    pglite = opts.pgliteDir ? new PGlite(opts.pgliteDir) : new PGlite();
    await pglite.waitReady;
  }
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

/** Runs raw SQL (always built with drizzle's `sql` tag: every value bound) and returns its rows on either driver. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
