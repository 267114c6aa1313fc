import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { audit, idColumn } from './columns.ts';

/** Tree dictionary (分类字典). pid '0' = root; has_child '1' yes, '0'/NULL no. */
export const sysCategory = pgTable(
  'sys_category',
  {
    id: idColumn(),
    pid: varchar('pid', { length: 36 }).notNull().default('0'),
    name: varchar('name', { length: 100 }).notNull(),
    code: varchar('code', { length: 100 }).notNull(),
    ...audit,
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
    hasChild: varchar('has_child', { length: 3 }),
  },
  (t) => [uniqueIndex('uniq_sys_category_code').on(t.code), index('idx_sc_pid').on(t.pid)],
);

/** Check rules: rule_json is a JSON array of {digits: "n" | "*", pattern, message}. */
export const sysCheckRule = pgTable(
  'sys_check_rule',
  {
    id: idColumn(),
    ruleName: varchar('rule_name', { length: 100 }),
    ruleCode: varchar('rule_code', { length: 100 }).notNull(),
    ruleJson: varchar('rule_json', { length: 1024 }),
    ruleDescription: varchar('rule_description', { length: 200 }),
    ...audit,
  },
  (t) => [uniqueIndex('uniq_sys_check_rule_code').on(t.ruleCode)],
);

/** Fill rules. rule_class is a key into the server's registry of built-in handlers (never a class name from a client). */
export const sysFillRule = pgTable(
  'sys_fill_rule',
  {
    id: idColumn(),
    ruleName: varchar('rule_name', { length: 100 }),
    ruleCode: varchar('rule_code', { length: 100 }).notNull(),
    ruleClass: varchar('rule_class', { length: 100 }),
    ruleParams: varchar('rule_params', { length: 200 }),
    ...audit,
  },
  (t) => [uniqueIndex('uniq_sys_fill_rule_code').on(t.ruleCode)],
);

/** Our own table: sequence counters of fill rules, one row per (rule, period); bumped with INSERT … ON CONFLICT … RETURNING. */
export const sysFillRuleCounter = pgTable(
  'sys_fill_rule_counter',
  {
    ruleCode: varchar('rule_code', { length: 100 }).notNull(),
    period: varchar('period', { length: 32 }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ruleCode, t.period] })],
);

export const sysAnnouncement = pgTable(
  'sys_announcement',
  {
    id: idColumn(),
    /** sic: JeecgBoot's column name */
    titile: varchar('titile', { length: 100 }),
    msgContent: text('msg_content'),
    startTime: timestamp('start_time', { mode: 'date' }),
    endTime: timestamp('end_time', { mode: 'date' }),
    sender: varchar('sender', { length: 100 }),
    /** L / M / H */
    priority: varchar('priority', { length: 255 }),
    /** '1' notice, '2' system message */
    msgCategory: varchar('msg_category', { length: 10 }).notNull().default('2'),
    /** ALL / USER */
    msgType: varchar('msg_type', { length: 10 }),
    /** '0' draft, '1' published, '2' revoked */
    sendStatus: varchar('send_status', { length: 10 }),
    sendTime: timestamp('send_time', { mode: 'date' }),
    cancelTime: timestamp('cancel_time', { mode: 'date' }),
    delFlag: varchar('del_flag', { length: 1 }).notNull().default('0'),
    busType: varchar('bus_type', { length: 20 }),
    busId: varchar('bus_id', { length: 50 }),
    openType: varchar('open_type', { length: 20 }),
    openPage: varchar('open_page', { length: 255 }),
    ...audit,
    userIds: text('user_ids'),
    msgAbstract: text('msg_abstract'),
    dtTaskId: varchar('dt_task_id', { length: 100 }),
    /** owning tenant (ADR 017); 0 = platform */
    tenantId: integer('tenant_id').notNull().default(0),
  },
  (t) => [
    index('idx_sa_tenant_id').on(t.tenantId),
    index('idx_sa_send_status').on(t.sendStatus),
    index('idx_sa_del_flag').on(t.delFlag),
    index('idx_sa_create_time').on(t.createTime),
  ],
);

export const sysAnnouncementSend = pgTable(
  'sys_announcement_send',
  {
    id: idColumn(),
    anntId: varchar('annt_id', { length: 36 }).notNull(),
    userId: varchar('user_id', { length: 36 }).notNull(),
    /** '0' unread, '1' read */
    readFlag: varchar('read_flag', { length: 10 }).notNull().default('0'),
    readTime: timestamp('read_time', { mode: 'date' }),
    ...audit,
  },
  (t) => [
    uniqueIndex('uniq_sas_annt_user').on(t.anntId, t.userId),
    index('idx_sas_user_read').on(t.userId, t.readFlag),
  ],
);

/** Messages (JeecgBoot table sys_sms: es_* columns). */
export const sysMessage = pgTable(
  'sys_sms',
  {
    id: idColumn(),
    esTitle: varchar('es_title', { length: 100 }),
    /** 1 SMS, 2 email, 3 system (dict msgType) */
    esType: varchar('es_type', { length: 1 }),
    esReceiver: varchar('es_receiver', { length: 50 }),
    esParam: varchar('es_param', { length: 1000 }),
    esContent: text('es_content'),
    esSendTime: timestamp('es_send_time', { mode: 'date' }),
    /** 0 not sent, 1 sent, 2 failed (dict msgSendStatus) */
    esSendStatus: varchar('es_send_status', { length: 1 }),
    esSendNum: integer('es_send_num'),
    esResult: varchar('es_result', { length: 255 }),
    remark: varchar('remark', { length: 500 }),
    ...audit,
    /** owning tenant (ADR 017); 0 = platform */
    tenantId: integer('tenant_id').notNull().default(0),
  },
  (t) => [
    index('idx_ss_send_status').on(t.esSendStatus),
    index('idx_ss_create_time').on(t.createTime),
    index('idx_ss_tenant_id').on(t.tenantId),
  ],
);

/** Message templates (JeecgBoot table sys_sms_template). */
export const sysMessageTemplate = pgTable(
  'sys_sms_template',
  {
    id: idColumn(),
    templateName: varchar('template_name', { length: 50 }),
    templateCode: varchar('template_code', { length: 32 }).notNull(),
    /** 1 SMS, 2 email, 3 system */
    templateType: varchar('template_type', { length: 1 }).notNull(),
    templateContent: varchar('template_content', { length: 1000 }).notNull(),
    templateTestJson: varchar('template_test_json', { length: 1000 }),
    ...audit,
  },
  (t) => [uniqueIndex('uniq_templatecode').on(t.templateCode)],
);

export const sysDataLog = pgTable(
  'sys_data_log',
  {
    id: idColumn(),
    ...audit,
    dataTable: varchar('data_table', { length: 32 }),
    dataId: varchar('data_id', { length: 36 }),
    dataContent: text('data_content'),
    dataVersion: integer('data_version'),
  },
  (t) => [
    index('idx_sdl_table_id').on(t.dataTable, t.dataId),
    uniqueIndex('uniq_sdl_table_id_version').on(t.dataTable, t.dataId, t.dataVersion),
  ],
);
