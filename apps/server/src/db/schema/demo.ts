import {
  boolean,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { audit, idColumn } from './columns.ts';

/**
 * JeecgBoot's demo module (contract-2 §5): the single-table entity `demo` (单表模型示例), the one-to-many order
 * (jeecg_order_main + jeecg_order_customer + jeecg_order_ticket, 一对多示例) and the ship rows behind the JVxeTable
 * demos' `/mock/vxe/*` endpoints (jeecg_vxe_demo; JeecgBoot read them from a bundled JSON that is not in the mirror).
 */

/** 单表模型示例. tenant-scoped (platform/tenant-scope.ts), like JeecgBoot's MybatisPlusSaasConfig tenant table list. */
export const demo = pgTable(
  'demo',
  {
    id: idColumn(),
    name: varchar('name', { length: 30 }),
    keyWord: varchar('key_word', { length: 255 }),
    punchTime: timestamp('punch_time', { mode: 'date' }),
    salaryMoney: numeric('salary_money', { precision: 10, scale: 3, mode: 'number' }),
    bonusMoney: doublePrecision('bonus_money'),
    sex: varchar('sex', { length: 2 }),
    age: integer('age'),
    birthday: date('birthday', { mode: 'string' }),
    email: varchar('email', { length: 50 }),
    content: varchar('content', { length: 1000 }),
    // the widgets of the demo form (spec 02): comma-joined multi-values, file paths, editor texts
    dictSelect: varchar('dict_select', { length: 32 }),
    dictCheckbox: varchar('dict_checkbox', { length: 255 }),
    dictMulti: varchar('dict_multi', { length: 255 }),
    dictSearch: varchar('dict_search', { length: 64 }),
    treeSelect: varchar('tree_select', { length: 64 }),
    categoryCode: varchar('category_code', { length: 255 }),
    departIds: varchar('depart_ids', { length: 1000 }),
    userNames: varchar('user_names', { length: 1000 }),
    postCodes: varchar('post_codes', { length: 1000 }),
    roleIds: varchar('role_ids', { length: 1000 }),
    areaCode: varchar('area_code', { length: 32 }),
    yesNo: varchar('yes_no', { length: 1 }),
    files: varchar('files', { length: 2000 }),
    images: varchar('images', { length: 2000 }),
    markdown: text('markdown'),
    richText: text('rich_text'),
    codeLang: varchar('code_lang', { length: 32 }),
    codeText: text('code_text'),
    remark: varchar('remark', { length: 500 }),
    ...audit,
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
    tenantId: integer('tenant_id').notNull().default(0),
  },
  (t) => [index('idx_demo_create_time').on(t.createTime), index('idx_demo_tenant').on(t.tenantId)],
);

/** 一对多示例: order main row. */
export const jeecgOrderMain = pgTable(
  'jeecg_order_main',
  {
    id: idColumn(),
    orderCode: varchar('order_code', { length: 50 }),
    ctype: varchar('ctype', { length: 500 }),
    orderDate: timestamp('order_date', { mode: 'date' }),
    orderMoney: doublePrecision('order_money'),
    content: varchar('content', { length: 500 }),
    ...audit,
  },
  (t) => [index('idx_jeecg_order_main_create_time').on(t.createTime)],
);

/** Customers of an order (deleted with it). */
export const jeecgOrderCustomer = pgTable(
  'jeecg_order_customer',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }),
    sex: varchar('sex', { length: 4 }),
    idcard: varchar('idcard', { length: 18 }),
    idcardPic: varchar('idcard_pic', { length: 500 }),
    telphone: varchar('telphone', { length: 32 }),
    orderId: varchar('order_id', { length: 36 }).notNull(),
    ...audit,
  },
  (t) => [
    index('idx_jeecg_order_customer_order').on(t.orderId),
    foreignKey({
      columns: [t.orderId],
      foreignColumns: [jeecgOrderMain.id],
      name: 'fk_jeecg_order_customer_order',
    }).onDelete('cascade'),
  ],
);

/** Tickets of an order (deleted with it); `tickect_date` is JeecgBoot's spelling. */
export const jeecgOrderTicket = pgTable(
  'jeecg_order_ticket',
  {
    id: idColumn(),
    ticketCode: varchar('ticket_code', { length: 100 }),
    tickectDate: date('tickect_date', { mode: 'string' }),
    orderId: varchar('order_id', { length: 36 }).notNull(),
    ...audit,
  },
  (t) => [
    index('idx_jeecg_order_ticket_order').on(t.orderId),
    foreignKey({
      columns: [t.orderId],
      foreignColumns: [jeecgOrderMain.id],
      name: 'fk_jeecg_order_ticket_order',
    }).onDelete('cascade'),
  ],
);

/**
 * Rows of the JVxeTable demos (ship schedule): `/mock/vxe/getData` pages them (children by `parent_id`),
 * `/mock/vxe/immediateSaveRow|All` write them. The data set is inserted by the migration (deterministic).
 */
export const jeecgVxeDemo = pgTable(
  'jeecg_vxe_demo',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    parentId: varchar('parent_id', { length: 36 }),
    hasChildren: boolean('has_children').notNull().default(false),
    num: integer('num').notNull(),
    shipName: varchar('ship_name', { length: 100 }),
    call: varchar('call', { length: 50 }),
    len: integer('len'),
    ton: integer('ton'),
    payer: varchar('payer', { length: 100 }),
    count: integer('count'),
    company: varchar('company', { length: 100 }),
    trend: varchar('trend', { length: 50 }),
    sort: integer('sort').notNull().default(0),
    updateBy: varchar('update_by', { length: 64 }),
    updateTime: timestamp('update_time', { mode: 'date' }),
  },
  (t) => [index('idx_jeecg_vxe_demo_parent').on(t.parentId, t.sort)],
);
