import { jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Our own table: what the JeecgBoot import (`npm run import:jeecg`, docs/decisions/050-jeecg-import.md) wrote. One row
 * per imported row: the target table, the row's key (its id, or a composite key written as JSON) and `base`, the column
 * values as the import last wrote them. A re-run compares the source, the base and the current row column by column:
 * a column changed only in JeecgBoot is updated, one changed only here is kept, one changed on both sides keeps ours
 * and is reported. A row without an entry here was made here (or seeded).
 */
export const sysImportRow = pgTable(
  'sys_import_row',
  {
    tbl: varchar('tbl', { length: 64 }).notNull(),
    rowKey: varchar('row_key', { length: 200 }).notNull(),
    base: jsonb('base').notNull(),
    importedAt: timestamp('imported_at', { mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tbl, t.rowKey] })],
);
