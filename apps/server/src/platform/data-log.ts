import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sysDataLog } from '../db/schema/index.ts';
import { newId } from './ids.ts';
import { formatDateTime } from './serialize.ts';
import { NEVER_EXPOSED } from './table-registry.ts';

/**
 * Data change log (sys_data_log, JeecgBoot's DataLogAspect/`sys_data_log`): after every edit of a user, dictionary or
 * announcement the handler calls
 *
 *   await writeDataLog(tx ?? app.ctx.db, { table: 'sys_user', id: user.id, row: updatedRow, by: req.auth?.user.username });
 *
 * which stores a JSON snapshot of the row (password and salt never) as version = previous highest + 1. Two edits of
 * the same row racing each other collide on the unique index (data_table, data_id, data_version); the loser retries
 * with the next number. Each attempt runs in its own transaction — a savepoint when the caller passes a transaction,
 * so a collision never aborts the caller's transaction.
 */

export interface DataLogInput {
  /** table name, e.g. 'sys_user' (at most 32 characters) */
  table: string;
  /** the row's id */
  id: string;
  /** the row after the change (drizzle row or JSON record; Date values become yyyy-MM-dd HH:mm:ss) */
  row: Record<string, unknown>;
  /** username of the editor (create_by) */
  by?: string | null;
}

const MAX_ATTEMPTS = 8;

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | null, i = 0; e && i < 5; e = e.cause as never, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** The stored JSON: secrets dropped, dates in the wire format, bigints as strings. */
export function dataSnapshot(row: Record<string, unknown>): string {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (NEVER_EXPOSED.has(k) || /^(password|salt)$/i.test(k)) continue;
    out[k] = v instanceof Date ? formatDateTime(v) : typeof v === 'bigint' ? v.toString() : v;
  }
  return JSON.stringify(out);
}

/** Writes the next version of a row's snapshot; returns the version number. */
export async function writeDataLog(db: Db, input: DataLogInput): Promise<number> {
  if (!input.table || input.table.length > 32) throw new Error(`writeDataLog: bad table name ${input.table}`);
  if (!input.id || input.id.length > 36) throw new Error('writeDataLog: bad id');
  const content = dataSnapshot(input.row);
  let lastErr: unknown;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [{ next }] = await tx
          .select({ next: sql<number>`coalesce(max(${sysDataLog.dataVersion}), 0) + 1` })
          .from(sysDataLog)
          .where(and(eq(sysDataLog.dataTable, input.table), eq(sysDataLog.dataId, input.id)));
        const version = Number(next);
        await tx.insert(sysDataLog).values({
          id: newId(),
          dataTable: input.table,
          dataId: input.id,
          dataContent: content,
          dataVersion: version,
          createBy: input.by ?? null,
          createTime: new Date(),
        });
        return version;
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      lastErr = err;
      // another edit took this number: back off a little and take the next one
      await new Promise((r) => setTimeout(r, 2 + Math.random() * 10 * (attempt + 1)));
    }
  }
  throw lastErr;
}

export type DataLogRow = typeof sysDataLog.$inferSelect;

/** Every version of one row, oldest first (queryDataVerList). */
export async function dataLogVersions(db: Db, table: string, id: string): Promise<DataLogRow[]> {
  return db
    .select()
    .from(sysDataLog)
    .where(and(eq(sysDataLog.dataTable, table), eq(sysDataLog.dataId, id)))
    .orderBy(asc(sysDataLog.dataVersion));
}

/** Data log rows by their own ids (queryCompareList), in the order asked for. */
export async function dataLogsByIds(db: Db, ids: readonly string[]): Promise<DataLogRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(sysDataLog)
    .where(inArray(sysDataLog.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((i) => byId.get(i)).filter((r): r is DataLogRow => !!r);
}

/** The newest snapshot of a row, parsed, or null. */
export async function latestDataLog(db: Db, table: string, id: string): Promise<Record<string, unknown> | null> {
  const [r] = await db
    .select({ content: sysDataLog.dataContent })
    .from(sysDataLog)
    .where(and(eq(sysDataLog.dataTable, table), eq(sysDataLog.dataId, id)))
    .orderBy(desc(sysDataLog.dataVersion))
    .limit(1);
  if (!r?.content) return null;
  try {
    return JSON.parse(r.content) as Record<string, unknown>;
  } catch {
    return null;
  }
}
