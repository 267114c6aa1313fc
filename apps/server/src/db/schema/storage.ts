import { bigint, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, idColumn } from './columns.ts';

/**
 * 文件存储 (round 2 §3.1): JeecgBoot's oss_file, one row per stored upload — through the page (/sys/oss/file/upload)
 * and through the common upload (/sys/common/upload). `url` is what the client references: for the local store the
 * relative path under the upload root (the message of /sys/common/upload). Ours beyond JeecgBoot: the storage that
 * holds the object, its key there, the checked extension, the size and the folder (biz).
 */
export const ossFile = pgTable(
  'oss_file',
  {
    id: idColumn(),
    fileName: varchar('file_name', { length: 255 }),
    url: varchar('url', { length: 1000 }),
    createBy: audit.createBy,
    createTime: audit.createTime,
    updateBy: audit.updateBy,
    updateTime: audit.updateTime,
    storage: varchar('storage', { length: 16 }).notNull().default('local'),
    storageKey: varchar('storage_key', { length: 500 }).notNull(),
    fileType: varchar('file_type', { length: 16 }),
    fileSize: bigint('file_size', { mode: 'number' }),
    biz: varchar('biz', { length: 32 }),
    /** the tenant of the uploader (platform/tenant-scope.ts; 0 = platform) */
    tenantId: integer('tenant_id').notNull().default(0),
  },
  (t) => [
    index('idx_oss_file_create_time').on(t.createTime),
    index('idx_oss_file_tenant').on(t.tenantId),
    uniqueIndex('uniq_oss_file_key').on(t.storage, t.storageKey),
  ],
);

/**
 * 多数据源管理 (round 2 §3.2): JeecgBoot's sys_data_source. db_password holds AES-256-GCM ciphertext
 * (docs/decisions/029-data-sources.md), never the password; db_url is a JDBC-style address whose host must be on the
 * allow-list and whose options come from a fixed list.
 */
export const sysDataSource = pgTable(
  'sys_data_source',
  {
    id: idColumn(),
    code: varchar('code', { length: 100 }),
    name: varchar('name', { length: 100 }),
    remark: varchar('remark', { length: 200 }),
    dbType: varchar('db_type', { length: 10 }),
    dbDriver: varchar('db_driver', { length: 100 }),
    dbUrl: varchar('db_url', { length: 500 }),
    dbName: varchar('db_name', { length: 100 }),
    dbUsername: varchar('db_username', { length: 100 }),
    dbPassword: varchar('db_password', { length: 500 }),
    createBy: audit.createBy,
    createTime: audit.createTime,
    updateBy: audit.updateBy,
    updateTime: audit.updateTime,
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
  },
  (t) => [uniqueIndex('uk_sdc_rule_code').on(t.code)],
);
