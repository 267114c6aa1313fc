import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Table versions from the write notes (`sys_table_write`, migration 0012, ADR 045).
 *
 * Every write statement on a table adds a note of weight 1 in the writer's transaction, so a table's version, the sum
 * of its notes' weights as one statement sees them, grows at every committed write and at nothing else (a rolled-back
 * note was never seen). A list total kept together with the version it was counted at is still exact wherever the
 * version has not moved, on any node and whatever program wrote: the page statement compares them itself, in its own
 * snapshot, and counts only when they differ.
 *
 * The notes are folded into one row per table now and then, in one statement: the rows it deletes are exactly the
 * rows it sums, so the version does not move (two nodes folding at once: the second skips the rows the first deleted,
 * and sums only what it deleted itself).
 */

/**
 * the SQL text of a table's version in a page statement, its name bound as `$${param}`; null (never equal to a kept
 * version, so the page counts) unless the table's note trigger is there and fires always: a table whose trigger was
 * dropped or disabled keeps its old notes while its rows change
 */
export const versionSql = (param: number) =>
  `(select sum("weight") from "sys_table_write" where "tbl" = $${param} and exists (select 1 from pg_trigger where tgrelid = to_regclass($${param}) and tgname = 'sys_note_table_write' and tgenabled = 'A'))`;

/**
 * What gives a table created at run time (an online form's table) its write notes, as migration 0012 gave every table
 * then: the trigger, fired always, and a first note of weight 1. That note moves the version past whatever an earlier
 * table of the same name left in `sys_table_write` (a table dropped and created again starts at the old sum, and a
 * total kept for the old rows must not match it). `quotedTable`: the table's quoted identifier; `name`: its plain name,
 * already checked as an identifier (letters, digits, `_`).
 */
export function writeNoteStatements(quotedTable: string, name: string): string[] {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`not an identifier: ${name}`);
  return [
    `CREATE TRIGGER sys_note_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${quotedTable} FOR EACH STATEMENT EXECUTE FUNCTION sys_note_table_write()`,
    `ALTER TABLE ${quotedTable} ENABLE ALWAYS TRIGGER sys_note_table_write`,
    `INSERT INTO sys_table_write (tbl, weight) VALUES ('${name}', 1)`,
  ];
}

/**
 * Gives every table of the schema without a note trigger one (tables of later migrations, online-form tables of an
 * older version): run at start-up after the migrations. A table whose trigger is there but disabled is left alone
 * (someone disabled it; its totals are counted every time).
 */
export async function ensureWriteNotes(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`DO $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname <> 'sys_table_write'
       AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'sys_note_table_write')
     ORDER BY c.relname
  LOOP
    EXECUTE format('CREATE TRIGGER sys_note_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION sys_note_table_write()', t.relname);
    EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER sys_note_table_write', t.relname);
    INSERT INTO sys_table_write (tbl, weight) VALUES (t.relname, 1);
  END LOOP;
END
$$`),
  );
}

/** folding the notes: how often each node does it */
export const FOLD_EVERY_MS = 60_000;

export async function foldTableWrites(db: Db): Promise<void> {
  await db.execute(sql`with folded as (
      delete from sys_table_write
       where tbl in (select tbl from sys_table_write group by tbl having count(*) > 1)
       returning tbl, weight)
    insert into sys_table_write (tbl, weight) select tbl, sum(weight) from folded group by tbl`);
}

/** totals kept with the version they were counted at, by count statement (bounded, then started over) */
export interface KeptTotal {
  version: string;
  total: number;
}
const kept = new Map<string, KeptTotal>();
const MAX_KEPT = 2000;

export function keptTotal(countKey: string): KeptTotal | undefined {
  return kept.get(countKey);
}

export function keepTotal(countKey: string, version: unknown, total: number): void {
  if (version === null || version === undefined) return;
  if (kept.size >= MAX_KEPT) kept.clear();
  kept.set(countKey, { version: String(version), total });
}
