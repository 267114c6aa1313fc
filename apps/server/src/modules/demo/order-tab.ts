import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { jeecgOrderCustomer, jeecgOrderMain, jeecgOrderTicket } from '../../db/schema/index.ts';
import { defineCrud, registerCrud } from '../../platform/crud.ts';
import { bizError } from '../../platform/errors.ts';
import { requiredStr } from '../../platform/validation.ts';
import { defined } from './fields.ts';
import { CustomerRow, jeecgOrder, ORDER_MESSAGES, TicketRow } from './order.ts';

/**
 * JeecgBoot's tab demo of the same orders (`/test/order/*`, JeecgOrderTabMainController; contract-2 §5): the order
 * list as `orderList`, the main row's add/edit/delete/deleteBatch/queryById, and the customers and tickets of one
 * order as their own pages (`listOrderCustomerByMainId ?orderId` → page) with their own add/edit/delete. The 3.2
 * client's 内嵌Table and tab pages call these paths; our own pages use `/test/jeecgOrderMain`. Same tables, same
 * permissions and messages as 一对多示例 (order.ts); the main row's writes here leave its children alone unless the
 * body carries the lists.
 */

const { exportXls: _e, importExcel: _i, ...mainAccess } = jeecgOrder.decl.access;
const { exportXls: _ex, importExcel: _im, ...mainDecl } = jeecgOrder.decl;

export const orderTab = defineCrud({
  ...mainDecl,
  access: mainAccess,
  base: '/test/order',
  paths: { list: 'orderList' },
});

/** the sub rows' writes need the order's edit permission (they change the order) */
const subAccess = {
  list: jeecgOrder.decl.access.list,
  add: jeecgOrder.decl.access.edit,
  edit: jeecgOrder.decl.access.edit,
  delete: jeecgOrder.decl.access.edit,
};

const orderIdField = requiredStr('orderId', 36);

/** the order a new or moved sub row names must exist */
async function checkOrder(db: Db, orderId: string): Promise<void> {
  const [hit] = await db
    .select({ id: jeecgOrderMain.id })
    .from(jeecgOrderMain)
    .where(eq(jeecgOrderMain.id, orderId))
    .limit(1);
  if (!hit) throw bizError('订单不存在或已被删除');
}

function subCrud(opts: {
  kind: 'Customer' | 'Ticket';
  table: typeof jeecgOrderCustomer | typeof jeecgOrderTicket;
  row: typeof CustomerRow | typeof TicketRow;
  sortable: string[];
  columns: (r: Record<string, unknown>) => Record<string, unknown>;
}) {
  const { kind } = opts;
  const Add = opts.row.and(z.object({ orderId: orderIdField }));
  const Edit = opts.row.and(z.object({ id: requiredStr('id', 36), orderId: orderIdField.optional() }));
  return defineCrud({
    base: '/test/order',
    table: opts.table,
    list: {
      sortable: ['createTime', ...opts.sortable],
      defaultSort: { column: 'createTime', order: 'asc' },
    },
    access: subAccess,
    messages: ORDER_MESSAGES,
    paths: {
      list: `listOrder${kind}ByMainId`,
      add: `add${kind}`,
      edit: `edit${kind}`,
      delete: `delete${kind}`,
      deleteBatch: `deleteBatch${kind}`,
    },
    // queryById is the main row's (orderTab); a sub row is read from its list
    ownRoutes: ['queryById'],
    add: {
      schema: Add,
      toRow: async (p, c) => {
        const input = p as Record<string, unknown> & { orderId: string };
        await checkOrder(c.db, input.orderId);
        return { ...opts.columns(input), orderId: input.orderId };
      },
    },
    edit: {
      schema: Edit,
      toRow: async (p, _current, c) => {
        const input = p as Record<string, unknown> & { orderId?: string };
        if (input.orderId) await checkOrder(c.db, input.orderId);
        return defined({ ...opts.columns(input), orderId: input.orderId });
      },
    },
  });
}

const pick =
  (keys: string[]) =>
  (r: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(keys.filter((k) => r[k] !== undefined).map((k) => [k, r[k]]));

export const orderTabCustomers = subCrud({
  kind: 'Customer',
  table: jeecgOrderCustomer,
  row: CustomerRow,
  sortable: ['name', 'sex', 'telphone'],
  columns: pick(['name', 'sex', 'idcard', 'idcardPic', 'telphone']),
});

export const orderTabTickets = subCrud({
  kind: 'Ticket',
  table: jeecgOrderTicket,
  row: TicketRow,
  sortable: ['ticketCode', 'tickectDate'],
  columns: pick(['ticketCode', 'tickectDate']),
});

export function registerOrderTab(app: FastifyInstance): void {
  registerCrud(app, orderTab);
  registerCrud(app, orderTabCustomers);
  registerCrud(app, orderTabTickets);
}
