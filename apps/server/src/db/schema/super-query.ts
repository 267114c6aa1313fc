import { index, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from './columns.ts';

/**
 * Saved advanced queries (spec 02 §3 "Saved advanced query": title, matchType, records). JeecgBoot keeps them only in
 * the browser; we also keep them per user and page here so they follow the user to another machine. `conditions`
 * holds the condition records (field, rule, val, type, dbType, dictCode…) with option lists stripped.
 */
export const sysSuperQuery = pgTable(
  'sys_super_query',
  {
    id: idColumn(),
    userId: varchar('user_id', { length: 36 }).notNull(),
    pageKey: varchar('page_key', { length: 200 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    matchType: varchar('match_type', { length: 3 }).notNull().default('and'),
    conditions: jsonb('conditions').notNull(),
    createTime: timestamp('create_time', { mode: 'date' }),
    updateTime: timestamp('update_time', { mode: 'date' }),
  },
  (t) => [
    uniqueIndex('uniq_sys_super_query_name').on(t.userId, t.pageKey, t.name),
    index('idx_sys_super_query_page').on(t.userId, t.pageKey),
  ],
);
