import { ok } from '@answer/contract';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { jeecgOrderCustomer, jeecgOrderMain, jeecgOrderTicket } from '../../db/schema/index.ts';
import { type CrudContext, defineCrud } from '../../platform/crud.ts';
import { bizError } from '../../platform/errors.ts';
import type { ExcelColumn } from '../../platform/excel.ts';
import { newId } from '../../platform/ids.ts';
import { rowJson } from '../../platform/serialize.ts';
import { parse, requiredStr } from '../../platform/validation.ts';
import { defined, optDate, optDateTime, optNumber, optRowId, optSex, optText } from './fields.ts';

/** JeecgOrderMainController's texts (contract-2 §5). */
export const ORDER_MESSAGES = {
  added: '添加成功！',
  edited: '编辑成功！',
  deleted: '删除成功!',
  batchDeleted: '批量删除成功!',
} as const;

/** pages that read orders: 一对多示例, 内嵌Table, JEditableTable示例 */
export const ORDER_PAGES = ['jeecg/JeecgOrderMainList', 'jeecg/TableExpandeSub', 'jeecg/JeecgEditableTableExample'];

/** sub rows one order may carry per list */
export const MAX_SUB_ROWS = 1000;

export const ORDER_EXCEL_COLUMNS: readonly ExcelColumn[] = [
  { key: 'orderCode', title: '订单号', width: 16 },
  {
    key: 'ctype',
    title: '订单类型',
    width: 12,
    format: (v) => (v === '1' ? '国内订单' : v === '2' ? '国际订单' : v),
  },
  { key: 'orderDate', title: '订单日期', width: 20 },
  { key: 'orderMoney', title: '订单金额', width: 14 },
  { key: 'content', title: '备注', width: 40 },
];

const CTYPE_TEXT: Record<string, string> = { 国内订单: '1', 国际订单: '2' };

export const CustomerRow = z
  .object({
    id: optRowId,
    name: optText('客户名', 100),
    sex: optSex(),
    idcard: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z
        .string({ message: '身份证号必须是文本' })
        .trim()
        .regex(/^\d{17}[\dXx]$/, '身份证号格式不正确（18 位）')
        .nullish(),
    ),
    idcardPic: optText('身份证扫描件', 500),
    telphone: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z
        .string({ message: '电话必须是文本' })
        .trim()
        .max(32, '电话长度不能超过 32 个字符')
        .regex(/^[0-9+\-() ]+$/, '电话只能包含数字、空格和 + - ( )')
        .nullish(),
    ),
  })
  .loose();

export const TicketRow = z
  .object({
    id: optRowId,
    ticketCode: optText('航班号', 100),
    tickectDate: optDate('航班时间'),
  })
  .loose();

const mainFields = {
  orderCode: optText('订单号', 50),
  ctype: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? (CTYPE_TEXT[v] ?? v) : v),
    z.enum(['1', '2'], { message: '订单类型只能是 1（国内订单）或 2（国际订单）' }).nullish(),
  ),
  orderDate: optDateTime('订单日期'),
  orderMoney: optNumber('订单金额', { min: -1e10, max: 1e10 }),
  content: optText('备注', 500),
};
const subLists = {
  jeecgOrderCustomerList: z.array(CustomerRow).max(MAX_SUB_ROWS, `客户信息最多 ${MAX_SUB_ROWS} 行`).nullish(),
  jeecgOrderTicketList: z.array(TicketRow).max(MAX_SUB_ROWS, `机票信息最多 ${MAX_SUB_ROWS} 行`).nullish(),
};

export const OrderAdd = z.object({ ...mainFields, ...subLists }).loose();
export const OrderEdit = z.object({ id: requiredStr('id', 36), ...mainFields, ...subLists }).loose();
/** importExcel: main rows only (the sheet has no sub lists) */
export const OrderImport = z.object(mainFields).loose();

type Customer = z.output<typeof CustomerRow>;
type Ticket = z.output<typeof TicketRow>;
interface SubLists {
  customers?: Customer[] | null;
  tickets?: Ticket[] | null;
}

const mainColumns = (p: z.output<typeof OrderImport>) => ({
  orderCode: p.orderCode,
  ctype: p.ctype,
  orderDate: p.orderDate,
  orderMoney: p.orderMoney,
  content: p.content,
});
const customerColumns = (c: Customer) => ({
  name: c.name ?? null,
  sex: c.sex ?? null,
  idcard: c.idcard ?? null,
  idcardPic: c.idcardPic ?? null,
  telphone: c.telphone ?? null,
});
const ticketColumns = (t: Ticket) => ({ ticketCode: t.ticketCode ?? null, tickectDate: t.tickectDate ?? null });

/**
 * The sub lists of the body being saved, from `toRow` (validated) to `afterAdd` / `afterEdit` (same request, same
 * transaction): the CRUD helper hands its hooks the saved row, not the body.
 */
const pending = new WeakMap<FastifyRequest, SubLists>();

/**
 * Replaces the children of one order with `rows` inside the running transaction: a row whose id is a stored child of
 * THIS order is updated, any other row (no id, a temporary id of the editable table, an id of another order) is
 * inserted with a new id, stored children not named are deleted. `rows` undefined/null = children unchanged.
 */
async function replaceChildren<R extends { id?: string | number | null }>(
  c: CrudContext,
  table: PgTable,
  cols: { id: PgColumn; orderId: PgColumn },
  orderId: string,
  rows: readonly R[] | null | undefined,
  values: (r: R) => Record<string, unknown>,
  label: string,
): Promise<void> {
  if (rows === undefined || rows === null) return;
  const db: Db = c.db;
  const stored = new Set(
    ((await db.select({ id: cols.id }).from(table).where(eq(cols.orderId, orderId))) as Array<{ id: string }>).map(
      (r) => r.id,
    ),
  );
  const kept: string[] = [];
  const inserts: Record<string, unknown>[] = [];
  const now = new Date();
  for (const r of rows) {
    const id = r.id === undefined || r.id === null ? undefined : String(r.id);
    if (id !== undefined && stored.has(id)) {
      if (kept.includes(id)) throw bizError(`${label}中有重复的行（id ${id}）`);
      kept.push(id);
      await db
        .update(table)
        .set({ ...values(r), updateBy: c.user.username, updateTime: now } as never)
        .where(and(eq(cols.id, id), eq(cols.orderId, orderId)));
    } else {
      inserts.push({ ...values(r), id: newId(), orderId, createBy: c.user.username, createTime: now });
    }
  }
  await db.delete(table).where(and(eq(cols.orderId, orderId), kept.length ? notInArray(cols.id, kept) : undefined));
  if (inserts.length) await db.insert(table).values(inserts as never);
}

async function saveChildren(c: CrudContext, orderId: string): Promise<void> {
  const lists = pending.get(c.req);
  pending.delete(c.req);
  if (!lists) return;
  await replaceChildren(
    c,
    jeecgOrderCustomer,
    { id: jeecgOrderCustomer.id, orderId: jeecgOrderCustomer.orderId },
    orderId,
    lists.customers,
    customerColumns,
    '客户信息',
  );
  await replaceChildren(
    c,
    jeecgOrderTicket,
    { id: jeecgOrderTicket.id, orderId: jeecgOrderTicket.orderId },
    orderId,
    lists.tickets,
    ticketColumns,
    '机票信息',
  );
}

/**
 * 一对多示例 (`/test/jeecgOrderMain`): the order main row with its customers and tickets. add / edit take the main
 * fields plus `jeecgOrderCustomerList` / `jeecgOrderTicketList` and save everything in the helper's one transaction
 * (a failing child write rolls the main row back); delete and deleteBatch remove the children with the order
 * (foreign keys ON DELETE CASCADE). Not tenant-scoped (JeecgBoot's order tables have no tenant column).
 */
export const jeecgOrder = defineCrud({
  base: '/test/jeecgOrderMain',
  table: jeecgOrderMain,
  list: {
    sortable: ['createTime', 'updateTime', 'orderCode', 'ctype', 'orderDate', 'orderMoney'],
    defaultSort: { column: 'createTime', order: 'desc' },
  },
  access: {
    list: { menu: ORDER_PAGES },
    add: { perm: 'order:add' },
    edit: { perm: 'order:edit' },
    delete: { perm: 'order:delete' },
    deleteBatch: { perm: ['order:deleteBatch', 'order:delete'] },
    exportXls: { perm: 'order:exportXls' },
    importExcel: { perm: 'order:importExcel' },
  },
  messages: ORDER_MESSAGES,
  add: {
    schema: OrderAdd,
    toRow: (p, c) => {
      const input = p as z.output<typeof OrderAdd>;
      pending.set(c.req, { customers: input.jeecgOrderCustomerList, tickets: input.jeecgOrderTicketList });
      return mainColumns(input);
    },
  },
  edit: {
    schema: OrderEdit,
    toRow: (p, _current, c) => {
      pending.set(c.req, { customers: p.jeecgOrderCustomerList, tickets: p.jeecgOrderTicketList });
      return defined(mainColumns(p));
    },
  },
  hooks: {
    afterAdd: (row, c) => saveChildren(c, String(row.id)),
    afterEdit: (row, _before, c) => saveChildren(c, String(row.id)),
  },
  exportXls: { columns: ORDER_EXCEL_COLUMNS, fileName: '一对多示例' },
  importExcel: { columns: ORDER_EXCEL_COLUMNS, schema: OrderImport },
});

const MainIdQuery = z.object({ id: requiredStr('id', 36) }).loose();

/** GET queryOrderCustomerListByMainId / queryOrderTicketListByMainId: `Result.ok([...])`, plain arrays. */
export function registerOrderSubLists(app: FastifyInstance): void {
  const access = jeecgOrder.decl.access.list;
  app.get('/test/jeecgOrderMain/queryOrderCustomerListByMainId', { config: { access } }, async (req) => {
    const { id } = parse(MainIdQuery, req.query);
    const rows = await app.ctx.db
      .select()
      .from(jeecgOrderCustomer)
      .where(eq(jeecgOrderCustomer.orderId, id))
      .orderBy(asc(jeecgOrderCustomer.createTime), asc(jeecgOrderCustomer.id));
    return ok(rows.map(rowJson));
  });
  app.get('/test/jeecgOrderMain/queryOrderTicketListByMainId', { config: { access } }, async (req) => {
    const { id } = parse(MainIdQuery, req.query);
    const rows = await app.ctx.db
      .select()
      .from(jeecgOrderTicket)
      .where(eq(jeecgOrderTicket.orderId, id))
      .orderBy(asc(jeecgOrderTicket.createTime), asc(jeecgOrderTicket.id));
    return ok(rows.map(rowJson));
  });
}
