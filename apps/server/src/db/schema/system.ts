import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { audit, idColumn } from './columns.ts';

export const sysUser = pgTable(
  'sys_user',
  {
    id: idColumn(),
    username: varchar('username', { length: 100 }).notNull(),
    realname: varchar('realname', { length: 100 }),
    /** argon2id hash (`$argon2id$…`) or a legacy JeecgBoot PBEWithMD5AndDES hex string (upgraded at login). */
    password: varchar('password', { length: 255 }),
    salt: varchar('salt', { length: 45 }),
    avatar: varchar('avatar', { length: 255 }),
    birthday: date('birthday', { mode: 'string' }),
    sex: smallint('sex'),
    email: varchar('email', { length: 64 }),
    phone: varchar('phone', { length: 45 }),
    orgCode: varchar('org_code', { length: 64 }),
    status: smallint('status').notNull().default(1),
    delFlag: smallint('del_flag').notNull().default(0),
    thirdId: varchar('third_id', { length: 100 }),
    thirdType: varchar('third_type', { length: 100 }),
    activitiSync: smallint('activiti_sync'),
    workNo: varchar('work_no', { length: 100 }),
    post: varchar('post', { length: 100 }),
    telephone: varchar('telephone', { length: 45 }),
    ...audit,
    userIdentity: smallint('user_identity'),
    departIds: varchar('depart_ids', { length: 1000 }),
    relTenantIds: varchar('rel_tenant_ids', { length: 100 }),
    clientId: varchar('client_id', { length: 64 }),
  },
  (t) => [
    uniqueIndex('uniq_sys_user_username').on(t.username),
    uniqueIndex('uniq_sys_user_work_no').on(t.workNo),
    uniqueIndex('uniq_sys_user_phone').on(t.phone),
    uniqueIndex('uniq_sys_user_email').on(t.email),
    index('idx_su_status').on(t.status),
    index('idx_su_del_flag').on(t.delFlag),
    // list pages: default order and the common username order (MySQL null order, id tie-breaker; ADR 016)
    index('idx_su_create_time_id').on(t.createTime.desc().nullsLast(), t.id),
    index('idx_su_username_id').on(t.username.asc().nullsFirst(), t.id),
    // the list's `*x*` filters (LIKE/ILIKE '%x%') on the two searched name columns: trigram indexes (ADR 042)
    index('idx_su_username_trgm').using('gin', t.username.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('idx_su_realname_trgm').using('gin', t.realname.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

export const sysRole = pgTable(
  'sys_role',
  {
    id: idColumn(),
    roleName: varchar('role_name', { length: 200 }),
    roleCode: varchar('role_code', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    ...audit,
    /** owning tenant (ADR 017); 0 = platform */
    tenantId: integer('tenant_id').notNull().default(0),
  },
  (t) => [uniqueIndex('uniq_sys_role_role_code').on(t.roleCode), index('idx_sys_role_tenant_id').on(t.tenantId)],
);

export const sysUserRole = pgTable(
  'sys_user_role',
  {
    id: idColumn(),
    userId: varchar('user_id', { length: 36 }).notNull(),
    roleId: varchar('role_id', { length: 36 }).notNull(),
  },
  (t) => [uniqueIndex('uniq_sys_user_role').on(t.userId, t.roleId), index('idx_sur_role_id').on(t.roleId)],
);

export const sysPermission = pgTable(
  'sys_permission',
  {
    id: idColumn(),
    parentId: varchar('parent_id', { length: 36 }),
    name: varchar('name', { length: 255 }),
    url: varchar('url', { length: 255 }),
    component: varchar('component', { length: 255 }),
    componentName: varchar('component_name', { length: 100 }),
    redirect: varchar('redirect', { length: 255 }),
    /** 0 top menu, 1 sub menu, 2 button / permission code */
    menuType: integer('menu_type'),
    perms: varchar('perms', { length: 1000 }),
    /** '1' show/hide strategy, '2' disable strategy */
    permsType: varchar('perms_type', { length: 10 }).default('0'),
    sortNo: doublePrecision('sort_no'),
    alwaysShow: boolean('always_show').notNull().default(false),
    icon: varchar('icon', { length: 100 }),
    isRoute: boolean('is_route').notNull().default(true),
    isLeaf: boolean('is_leaf').notNull().default(true),
    keepAlive: boolean('keep_alive').notNull().default(false),
    hidden: integer('hidden').notNull().default(0),
    hideTab: integer('hide_tab').notNull().default(0),
    description: varchar('description', { length: 255 }),
    ...audit,
    delFlag: integer('del_flag').notNull().default(0),
    ruleFlag: integer('rule_flag').notNull().default(0),
    status: varchar('status', { length: 2 }).default('1'),
    internalOrExternal: boolean('internal_or_external').notNull().default(false),
  },
  (t) => [
    index('idx_sp_parent_id').on(t.parentId),
    index('idx_sp_menu_type').on(t.menuType),
    index('idx_sp_sort_no').on(t.sortNo),
  ],
);

export const sysRolePermission = pgTable(
  'sys_role_permission',
  {
    id: idColumn(),
    roleId: varchar('role_id', { length: 36 }).notNull(),
    permissionId: varchar('permission_id', { length: 36 }).notNull(),
    dataRuleIds: varchar('data_rule_ids', { length: 1000 }),
    operateDate: timestamp('operate_date', { mode: 'date' }),
    operateIp: varchar('operate_ip', { length: 100 }),
  },
  (t) => [
    uniqueIndex('uniq_sys_role_permission').on(t.roleId, t.permissionId),
    index('idx_srp_permission_id').on(t.permissionId),
  ],
);

export const sysPermissionDataRule = pgTable(
  'sys_permission_data_rule',
  {
    id: idColumn(),
    permissionId: varchar('permission_id', { length: 36 }),
    ruleName: varchar('rule_name', { length: 50 }),
    ruleColumn: varchar('rule_column', { length: 50 }),
    ruleConditions: varchar('rule_conditions', { length: 50 }),
    ruleValue: varchar('rule_value', { length: 300 }),
    status: varchar('status', { length: 3 }).default('1'),
    ...audit,
  },
  (t) => [index('idx_spdr_permission_id').on(t.permissionId)],
);

export const sysDepart = pgTable(
  'sys_depart',
  {
    id: idColumn(),
    parentId: varchar('parent_id', { length: 36 }).default(''),
    departName: varchar('depart_name', { length: 100 }).notNull(),
    departNameEn: varchar('depart_name_en', { length: 500 }),
    departNameAbbr: varchar('depart_name_abbr', { length: 500 }),
    departOrder: integer('depart_order').default(0),
    description: varchar('description', { length: 500 }),
    /** '1' company, '2' department, '3' post */
    orgCategory: varchar('org_category', { length: 10 }).notNull().default('1'),
    /** depth: '1' top, '2' child, … */
    orgType: varchar('org_type', { length: 10 }),
    orgCode: varchar('org_code', { length: 64 }).notNull(),
    mobile: varchar('mobile', { length: 32 }),
    fax: varchar('fax', { length: 32 }),
    address: varchar('address', { length: 100 }),
    memo: varchar('memo', { length: 500 }),
    status: varchar('status', { length: 1 }).default('1'),
    delFlag: varchar('del_flag', { length: 1 }).default('0'),
    qywxIdentifier: varchar('qywx_identifier', { length: 100 }),
    ...audit,
    /** owning tenant (ADR 017); 0 = platform */
    tenantId: integer('tenant_id').notNull().default(0),
  },
  (t) => [
    uniqueIndex('uniq_depart_org_code').on(t.orgCode),
    index('idx_sd_parent_id').on(t.parentId),
    index('idx_sd_tenant_id').on(t.tenantId),
  ],
);

export const sysUserDepart = pgTable(
  'sys_user_depart',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    userId: varchar('user_id', { length: 36 }).notNull(),
    depId: varchar('dep_id', { length: 36 }).notNull(),
  },
  (t) => [uniqueIndex('uniq_sys_user_depart').on(t.userId, t.depId), index('idx_sud_dep_id').on(t.depId)],
);

export const sysDepartPermission = pgTable(
  'sys_depart_permission',
  {
    id: idColumn(),
    departId: varchar('depart_id', { length: 36 }).notNull(),
    permissionId: varchar('permission_id', { length: 36 }).notNull(),
    dataRuleIds: varchar('data_rule_ids', { length: 1000 }),
  },
  (t) => [uniqueIndex('uniq_sys_depart_permission').on(t.departId, t.permissionId)],
);

export const sysDepartRole = pgTable(
  'sys_depart_role',
  {
    id: idColumn(),
    departId: varchar('depart_id', { length: 36 }).notNull(),
    roleName: varchar('role_name', { length: 200 }),
    roleCode: varchar('role_code', { length: 100 }),
    description: varchar('description', { length: 255 }),
    ...audit,
  },
  (t) => [index('idx_sdr_depart_id').on(t.departId)],
);

export const sysDepartRolePermission = pgTable(
  'sys_depart_role_permission',
  {
    id: idColumn(),
    departId: varchar('depart_id', { length: 36 }),
    roleId: varchar('role_id', { length: 36 }).notNull(),
    permissionId: varchar('permission_id', { length: 36 }).notNull(),
    dataRuleIds: varchar('data_rule_ids', { length: 1000 }),
    operateDate: timestamp('operate_date', { mode: 'date' }),
    operateIp: varchar('operate_ip', { length: 100 }),
  },
  (t) => [uniqueIndex('uniq_sys_depart_role_permission').on(t.roleId, t.permissionId)],
);

export const sysDepartRoleUser = pgTable(
  'sys_depart_role_user',
  {
    id: idColumn(),
    userId: varchar('user_id', { length: 36 }).notNull(),
    droleId: varchar('drole_id', { length: 36 }).notNull(),
  },
  (t) => [uniqueIndex('uniq_sys_depart_role_user').on(t.userId, t.droleId)],
);

export const sysDict = pgTable(
  'sys_dict',
  {
    id: idColumn(),
    dictName: varchar('dict_name', { length: 100 }).notNull(),
    dictCode: varchar('dict_code', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    delFlag: integer('del_flag').notNull().default(0),
    ...audit,
    /** 0 string, 1 number */
    type: integer('type').notNull().default(0),
  },
  (t) => [uniqueIndex('uniq_sd_dict_code').on(t.dictCode)],
);

export const sysDictItem = pgTable(
  'sys_dict_item',
  {
    id: idColumn(),
    dictId: varchar('dict_id', { length: 36 }).notNull(),
    itemText: varchar('item_text', { length: 100 }).notNull(),
    itemValue: varchar('item_value', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    sortOrder: integer('sort_order').default(0),
    /** 1 enabled, 0 disabled */
    status: integer('status').notNull().default(1),
    ...audit,
  },
  (t) => [uniqueIndex('uniq_sdi_dict_value').on(t.dictId, t.itemValue), index('idx_sdi_sort_order').on(t.sortOrder)],
);

export const sysTenant = pgTable('sys_tenant', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  createTime: timestamp('create_time', { mode: 'date' }),
  createBy: varchar('create_by', { length: 64 }),
  beginDate: timestamp('begin_date', { mode: 'date' }),
  endDate: timestamp('end_date', { mode: 'date' }),
  /** 1 normal, 0 frozen */
  status: integer('status').notNull().default(1),
});

export const sysPosition = pgTable(
  'sys_position',
  {
    id: idColumn(),
    code: varchar('code', { length: 100 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    postRank: varchar('post_rank', { length: 2 }),
    companyId: varchar('company_id', { length: 36 }),
    ...audit,
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
  },
  (t) => [uniqueIndex('uniq_code').on(t.code)],
);

export const sysLog = pgTable(
  'sys_log',
  {
    id: idColumn(),
    /** 1 login, 2 operation */
    logType: integer('log_type'),
    logContent: varchar('log_content', { length: 1000 }),
    /** 1 query … 6 export */
    operateType: integer('operate_type'),
    /** quirk kept from JeecgBoot: userid holds the username … */
    userid: varchar('userid', { length: 100 }),
    /** … and username holds the real name */
    username: varchar('username', { length: 100 }),
    ip: varchar('ip', { length: 100 }),
    method: varchar('method', { length: 500 }),
    requestUrl: varchar('request_url', { length: 255 }),
    requestParam: text('request_param'),
    requestType: varchar('request_type', { length: 10 }),
    costTime: integer('cost_time'),
    ...audit,
  },
  (t) => [
    index('idx_sl_userid').on(t.userid),
    index('idx_sl_log_type').on(t.logType),
    index('idx_sl_operate_type').on(t.operateType),
    index('idx_sl_create_time').on(t.createTime),
    // list pages (ADR 016): by type newest first, and by cost
    index('idx_sl_type_create_time_id').on(t.logType, t.createTime.desc().nullsLast(), t.id),
    index('idx_sl_cost_time_id').on(t.costTime.desc().nullsLast(), t.id),
    // the log pages' keyWord (ILIKE '%x%' on the content): a trigram index (ADR 042)
    // fastupdate off: rows enter the index at once (no pending list for the planner to price a scan above a sequential one)
    index('idx_sl_content_trgm').using('gin', t.logContent.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/** Our own table: server-side sessions. Only a SHA-256 of the token is stored. */
export const sysSession = pgTable(
  'sys_session',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: varchar('user_id', { length: 36 }).notNull(),
    username: varchar('username', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull().default(sql`now()`),
    lastSeenAt: timestamp('last_seen_at', { mode: 'date' }).notNull().default(sql`now()`),
    /** absolute expiry; idle expiry is computed from last_seen_at */
    expiresAt: timestamp('expires_at', { mode: 'date' }).notNull(),
    ip: varchar('ip', { length: 100 }),
    userAgent: varchar('user_agent', { length: 500 }),
  },
  (t) => [index('idx_session_user_id').on(t.userId), index('idx_session_expires_at').on(t.expiresAt)],
);

/**
 * Write notes: every write statement on a table (insert, update, delete, truncate; a foreign-key cascade included)
 * adds a row here through the statement-level trigger `sys_note_table_write` (migration 0012), in the writer's own
 * transaction; `platform/table-versions.ts` folds the rows of a table into one now and then. The sum of a table's
 * weights therefore grows at every committed write and at nothing else: read in the same statement as a count, it
 * tells whether a total kept from an earlier read still holds (ADR 045).
 */
export const sysTableWrite = pgTable(
  'sys_table_write',
  {
    tbl: varchar('tbl', { length: 64 }).notNull(),
    weight: bigint('weight', { mode: 'number' }).notNull().default(1),
  },
  (t) => [index('idx_table_write_tbl').on(t.tbl)],
);
