import { index, integer, jsonb, numeric, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { audit, idColumn } from './columns.ts';

/**
 * The template's example pages (issue 16: 表单页 / 列表页 / 详情页): what the forms store and the rows the lists page and
 * search over. The seed fills them (db/seed/example-area.ts); JeecgBoot's Vue client read static mock JSON instead.
 */

/** 基础表单 (form/BasicForm): one submitted goal */
export const exampleForm = pgTable('example_form', {
  id: idColumn(),
  title: varchar('title', { length: 100 }).notNull(),
  startDate: varchar('start_date', { length: 10 }).notNull(),
  endDate: varchar('end_date', { length: 10 }).notNull(),
  goal: varchar('goal', { length: 1000 }).notNull(),
  standard: varchar('standard', { length: 1000 }).notNull(),
  client: varchar('client', { length: 100 }),
  invites: varchar('invites', { length: 100 }),
  weight: integer('weight'),
  /** 1 公开, 2 部分公开, 3 不公开 */
  publicType: varchar('public_type', { length: 1 }).notNull().default('1'),
  publicUsers: varchar('public_users', { length: 500 }),
  ...audit,
  sysOrgCode: varchar('sys_org_code', { length: 64 }),
});

/** 分步表单 (form/stepForm/StepForm): a transfer record; 高级详情页 shows one */
export const exampleTransfer = pgTable(
  'example_transfer',
  {
    id: idColumn(),
    payAccount: varchar('pay_account', { length: 100 }).notNull(),
    /** alipay | bank */
    receiverType: varchar('receiver_type', { length: 10 }).notNull(),
    receiverAccount: varchar('receiver_account', { length: 100 }).notNull(),
    receiverName: varchar('receiver_name', { length: 50 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    remark: varchar('remark', { length: 500 }),
    /** 0 已提交, 1 初审通过, 2 复核通过, 3 已到账 */
    status: integer('status').notNull().default(0),
    ...audit,
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
  },
  (t) => [index('idx_example_transfer_create_time').on(t.createTime)],
);

export interface ExampleMember {
  name: string;
  workId: string;
  department: string;
}

/** 高级表单 (form/advancedForm/AdvancedForm): a warehouse + task + members; 基础详情页 shows one */
export const exampleProject = pgTable(
  'example_project',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    url: varchar('url', { length: 200 }).notNull(),
    owner: varchar('owner', { length: 50 }).notNull(),
    approver: varchar('approver', { length: 50 }).notNull(),
    startDate: varchar('start_date', { length: 10 }).notNull(),
    endDate: varchar('end_date', { length: 10 }).notNull(),
    /** private | public */
    type: varchar('type', { length: 10 }).notNull(),
    taskName: varchar('task_name', { length: 100 }).notNull(),
    taskDescription: varchar('task_description', { length: 500 }).notNull(),
    executor: varchar('executor', { length: 50 }).notNull(),
    responsible: varchar('responsible', { length: 50 }).notNull(),
    /** HH:mm */
    taskTime: varchar('task_time', { length: 5 }).notNull(),
    taskType: varchar('task_type', { length: 10 }).notNull(),
    members: jsonb('members').$type<ExampleMember[]>().notNull().default([]),
    ...audit,
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
  },
  (t) => [index('idx_example_project_create_time').on(t.createTime)],
);

/** 查询表格 (list/TableList): the template's "rules" */
export const exampleRule = pgTable(
  'example_rule',
  {
    id: idColumn(),
    no: varchar('no', { length: 32 }).notNull(),
    description: varchar('description', { length: 200 }).notNull(),
    callNo: integer('call_no').notNull().default(0),
    /** 0 关闭, 1 运行中, 2 已上线, 3 异常 */
    status: integer('status').notNull().default(0),
    ...audit,
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
  },
  (t) => [index('idx_example_rule_update_time').on(t.updateTime)],
);

/** 标准列表 / 卡片列表 / 搜索列表 (articles, projects, applications) and the workplace's projects: one row each */
export const exampleItem = pgTable(
  'example_item',
  {
    id: idColumn(),
    title: varchar('title', { length: 100 }).notNull(),
    owner: varchar('owner', { length: 50 }).notNull(),
    /** a letter avatar colour or an image url */
    avatar: varchar('avatar', { length: 200 }),
    description: varchar('description', { length: 500 }),
    href: varchar('href', { length: 200 }),
    /** 0..100 */
    percent: integer('percent').notNull().default(0),
    /** active | exception | normal | success */
    status: varchar('status', { length: 10 }).notNull().default('normal'),
    /** 类目 of the search filters */
    category: varchar('category', { length: 20 }).notNull(),
    tags: varchar('tags', { length: 200 }),
    content: text('content'),
    star: integer('star').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    messages: integer('messages').notNull().default(0),
    activeUser: integer('active_user').notNull().default(0),
    newUser: integer('new_user').notNull().default(0),
    startAt: timestamp('start_at', { mode: 'date' }),
    ...audit,
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
  },
  (t) => [index('idx_example_item_create_time').on(t.createTime), index('idx_example_item_category').on(t.category)],
);
