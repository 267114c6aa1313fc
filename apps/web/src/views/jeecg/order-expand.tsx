import { Table, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import {
  type JeecgOrderCustomer,
  type JeecgOrderMain,
  type JeecgOrderTicket,
  ORDER_URLS,
  queryOrderCustomers,
  queryOrderTickets,
} from '../../api/demo';
import { type ColumnSchema, definePage, rowNumberColumn, toAntColumn } from '../../components/kit';
import { orderColumns, orderQuery } from './order.data';

/** read-only columns of the expanded sub lists */
export const CUSTOMER_VIEW: ColumnSchema<JeecgOrderCustomer>[] = [
  { field: 'name', title: '客户名' },
  { field: 'sex', title: '性别', type: 'dict', dictCode: 'sex', width: 80 },
  { field: 'idcard', title: '身份证号', type: 'nowrap' },
  { field: 'idcardPic', title: '身份证扫描件', type: 'image', width: 120 },
  { field: 'telphone', title: '手机号', type: 'nowrap' },
];

export const TICKET_VIEW: ColumnSchema<JeecgOrderTicket>[] = [
  { field: 'ticketCode', title: '航班号' },
  { field: 'tickectDate', title: '航班时间', type: 'date' },
];

type Sub<T> = { rows: T[]; loading: boolean; error?: string };

/** the sub list of one order, loaded when it mounts (the row was expanded) */
function useSubList<T>(
  load: (id: string) => Promise<{ success: boolean; message: string; result: T[] | null }>,
  id: string,
) {
  const [state, setState] = useState<Sub<T>>({ rows: [], loading: true });
  useEffect(() => {
    let alive = true;
    load(id)
      .then((res) => {
        if (!alive) return;
        setState(
          res.success ? { rows: res.result ?? [], loading: false } : { rows: [], loading: false, error: res.message },
        );
      })
      .catch(() => alive && setState({ rows: [], loading: false, error: '加载失败' }));
    return () => {
      alive = false;
    };
  }, [load, id]);
  return state;
}

/** 内嵌Table: what an expanded order row shows — its customers and tickets, read-only */
export function OrderSubTables({ order }: { order: JeecgOrderMain }) {
  const customers = useSubList(queryOrderCustomers, order.id);
  const tickets = useSubList(queryOrderTickets, order.id);
  const table = <T extends { id?: string }>(sub: Sub<T>, cols: ColumnSchema<T>[], testId: string) => (
    <Table<T>
      size="small"
      rowKey={(r) => r.id ?? ''}
      loading={sub.loading}
      dataSource={sub.rows}
      columns={[rowNumberColumn<T>(), ...cols.map((c) => toAntColumn(c))]}
      pagination={false}
      locale={sub.error ? { emptyText: sub.error } : undefined}
      data-testid={testId}
    />
  );
  return (
    <Tabs
      size="small"
      className="order-expand"
      data-testid={`order-expand-${order.id}`}
      items={[
        { key: 'customer', label: '客户信息', children: table(customers, CUSTOMER_VIEW, 'expand-customers') },
        { key: 'ticket', label: '机票信息', children: table(tickets, TICKET_VIEW, 'expand-tickets') },
      ]}
    />
  );
}

/** 内嵌Table: the order list, read-only, each row expands to its sub lists */
export const orderExpandPage = definePage<JeecgOrderMain>({
  name: 'jeecg-order-expand',
  auth: 'order',
  urls: { list: ORDER_URLS.list },
  columns: orderColumns,
  query: orderQuery,
  selectable: false,
  rowActions: [],
  builtins: { add: false, export: false, import: false, batchDelete: false },
  expandedRow: (row) => <OrderSubTables order={row} />,
});
