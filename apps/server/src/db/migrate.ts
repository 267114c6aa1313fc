import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { ensureWriteNotes } from '../platform/table-versions.ts';
import type { Database } from './client.ts';
import { seed } from './seed/index.ts';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** Advisory lock id so that several nodes starting at once migrate and seed one after another. */
const LOCK_ID = 7_262_611;

/** Applies pending migrations, then seeds an empty database. Safe to run on every start, on every node. */
export async function migrateAndSeed(database: Database, opts: { seed?: boolean } = {}): Promise<void> {
  const { db } = database;
  await db.execute(sql`select pg_advisory_lock(${LOCK_ID})`);
  try {
    if (database.kind === 'pg') {
      await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
    } else {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    }
    // tables without write notes (later migrations' tables, online-form tables of older versions): ADR 045
    await ensureWriteNotes(db);
    if (opts.seed !== false) await seed(db);
  } finally {
    await db.execute(sql`select pg_advisory_unlock(${LOCK_ID})`);
  }
}
