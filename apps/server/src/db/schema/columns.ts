import { timestamp, varchar } from 'drizzle-orm/pg-core';

/** JeecgBoot audit columns: create_by / update_by hold the username, times are local wall-clock (GMT+8 on the wire). */
export const audit = {
  createBy: varchar('create_by', { length: 64 }),
  createTime: timestamp('create_time', { mode: 'date' }),
  updateBy: varchar('update_by', { length: 64 }),
  updateTime: timestamp('update_time', { mode: 'date' }),
};

/** String ids: 19-digit snowflake for new rows, 32-hex for legacy/seed rows. */
export const idColumn = () => varchar('id', { length: 36 }).primaryKey();
