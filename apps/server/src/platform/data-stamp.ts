import { is, sql } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';
import { type Db, queryRows } from '../db/client.ts';
import { writeEpochOf } from '../db/embedded-writes.ts';

/**
 * A stamp of what some tables hold: equal stamps mean nothing was written to them in between, so a value derived from
 * them at the first stamp is still exact at the second. The same two mechanisms as list totals:
 * - the embedded database: its write epoch (ADR 044) — any write anywhere moves it; read in process, no statement;
 * - PostgreSQL: the tables' versions from the write notes (ADR 045, as `versionSql`), one small statement; any node and any program
 *   writing moves them. null (derive afresh, keep nothing) when a table's note trigger is missing or disabled.
 * Inside a transaction there is no stamp (its reads are its own). Read the stamp BEFORE deriving the value: a write
 * in between then makes the stamp older than the value, which only costs one more derivation.
 */
export async function dataStamp(db: Db, tables: readonly string[]): Promise<string | null> {
  if (is(db, PgTransaction)) return null;
  const session = (db as unknown as { session?: unknown }).session;
  if (is(session, PgliteSession)) {
    const epoch = writeEpochOf((session as unknown as { client?: object }).client);
    return epoch ? `e${epoch.value}` : null;
  }
  if (!is(session, NodePgSession) || !tables.length) return null;
  const versions = tables.map(
    (t, i) =>
      sql`(select sum("weight") from "sys_table_write" where "tbl" = ${t} and exists (select 1 from pg_trigger where tgrelid = to_regclass(${t}) and tgname = 'sys_note_table_write' and tgenabled = 'A'))::text as ${sql.identifier(`v${i}`)}`,
  );
  const [row] = await queryRows<Record<string, string | null>>(db, sql`select ${sql.join(versions, sql`, `)}`);
  const values = tables.map((_, i) => row?.[`v${i}`]);
  if (values.some((v) => v === null || v === undefined)) return null;
  return `v${values.join(':')}`;
}
