// biome-ignore-all lint/suspicious/noTemplateCurlyInString: JVxeTable placeholders and messages substitute ${title}
import { PlusOutlined } from '@ant-design/icons';
import { createElement } from 'react';
import { type JeecgOrderMain, ORDER_URLS } from '../../api/demo';
import type { JVxeColumn } from '../../components/jvxe/types';
import { definePage, type FormFieldSchema } from '../../components/kit';

/**
 * 一对多示例 (JeecgBoot jeecg/JeecgOrderMainList + JeecgOrderModalForJEditableTable, contract-2 §5): the order list on
 * the page kit; its editor (order-modal.tsx) is the main form plus the 客户信息 / 机票信息 editable sub-tables, saved
 * in one request. Also the list of 内嵌Table (TableExpandeSub).
 */

/** 订单类型 (JeecgBoot's modal offers a plain select of these two) */
export const ORDER_TYPES = [
  { value: '1', label: '国内订单' },
  { value: '2', label: '国际订单' },
] as const;

export function orderTypeText(row: Pick<JeecgOrderMain, 'ctype' | 'ctype_dictText'>): string {
  if (row.ctype_dictText) return row.ctype_dictText;
  return ORDER_TYPES.find((t) => t.value === String(row.ctype ?? ''))?.label ?? row.ctype ?? '';
}

/** the order's main form (the upper half of the editor) */
export const ORDER_FORM: FormFieldSchema<JeecgOrderMain>[] = [
  { field: 'orderCode', label: '订单号', required: '订单号不能为空!', span: 12, props: { maxLength: 50 } },
  {
    field: 'ctype',
    label: '订单类型',
    widget: 'select',
    span: 12,
    props: { options: ORDER_TYPES.map((t) => ({ ...t })) },
  },
  { field: 'orderDate', label: '订单日期', widget: 'datetime', span: 12 },
  { field: 'orderMoney', label: '订单金额', widget: 'number', span: 12, props: { min: 0, precision: 2 } },
  { field: 'content', label: '订单备注', widget: 'textarea', props: { maxLength: 500, rows: 2 } },
];

/** 客户信息 sub-table */
export const CUSTOMER_COLUMNS: JVxeColumn[] = [
  {
    key: 'name',
    title: '客户名',
    type: 'input',
    minWidth: 160,
    placeholder: '请输入${title}',
    validateRules: [{ required: true, message: '${title}不能为空' }],
  },
  { key: 'sex', title: '性别', type: 'select', dictCode: 'sex', minWidth: 110, placeholder: '请选择${title}' },
  {
    key: 'idcard',
    title: '身份证号',
    type: 'input',
    minWidth: 200,
    placeholder: '请输入${title}',
    validateRules: [
      {
        pattern: '^\\d{6}(18|19|20)?\\d{2}(0[1-9]|1[012])(0[1-9]|[12]\\d|3[01])\\d{3}(\\d|[xX])$',
        message: '${title}格式不正确',
      },
    ],
  },
  { key: 'idcardPic', title: '身份证扫描件', type: 'image', minWidth: 160, token: true },
  {
    key: 'telphone',
    title: '手机号',
    type: 'input',
    minWidth: 160,
    placeholder: '请输入${title}',
    validateRules: [{ pattern: 'm', message: '${title}格式不正确' }],
  },
];

/** 机票信息 sub-table */
export const TICKET_COLUMNS: JVxeColumn[] = [
  {
    key: 'ticketCode',
    title: '航班号',
    type: 'input',
    minWidth: 240,
    placeholder: '请输入${title}',
    validateRules: [{ required: true, message: '${title}不能为空' }],
  },
  { key: 'tickectDate', title: '航班时间', type: 'date', minWidth: 200, placeholder: '请选择${title}' },
];

const SUB_FIELDS = {
  customer: ['id', ...CUSTOMER_COLUMNS.map((c) => c.key)],
  ticket: ['id', ...TICKET_COLUMNS.map((c) => c.key)],
} as const;

/** a sub row as sent: the declared columns (+ its id when saved), empty text as null, no table bookkeeping */
export function subRowBody(kind: keyof typeof SUB_FIELDS, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of SUB_FIELDS[kind]) {
    let v = row[k];
    if (typeof v === 'string') v = v.trim();
    if (k === 'id' && (v === undefined || v === null || v === '')) continue;
    out[k] = v === '' || v === undefined ? null : v;
  }
  return out;
}

/** the one add / edit body: main fields (+ id on edit) and both sub lists */
export function orderBody(
  main: Record<string, unknown>,
  customers: readonly Record<string, unknown>[],
  tickets: readonly Record<string, unknown>[],
  id?: string,
) {
  const body: Record<string, unknown> = {};
  for (const f of ORDER_FORM) {
    let v = main[f.field];
    if (typeof v === 'string') v = v.trim();
    body[f.field] = v === '' || v === undefined ? null : v;
  }
  if (id) body.id = id;
  body.jeecgOrderCustomerList = customers.map((r) => subRowBody('customer', r));
  body.jeecgOrderTicketList = tickets.map((r) => subRowBody('ticket', r));
  return body;
}

export const orderColumns = [
  { field: 'orderCode', title: '订单号', sorter: true, type: 'nowrap' as const },
  {
    field: 'ctype',
    title: '订单类型',
    width: 100,
    render: (_v: unknown, row: JeecgOrderMain) => orderTypeText(row),
  },
  { field: 'orderDate', title: '订单日期', type: 'datetime' as const, sorter: true },
  { field: 'orderMoney', title: '订单金额', type: 'money' as const, sorter: true, width: 110 },
  { field: 'content', title: '订单备注', ellipsis: true },
];

export const orderQuery = [
  { field: 'orderCode', label: '订单号', rule: 'like' as const },
  { field: 'ctype', label: '订单类型', widget: 'select', props: { options: ORDER_TYPES.map((t) => ({ ...t })) } },
];

/** 一对多示例: the order list; 新增 / 编辑 open the one-to-many editor (handlers `addOrder` / `editOrder`) */
export const orderPage = definePage<JeecgOrderMain>({
  name: 'jeecg-order',
  auth: 'order',
  authCodes: { export: 'order:exportXls', import: 'order:importExcel' },
  urls: ORDER_URLS,
  exportName: '订单',
  columns: orderColumns,
  query: orderQuery,
  builtins: { add: false },
  toolbar: [
    { key: 'add', label: '新增', icon: createElement(PlusOutlined), primary: true, auth: 'order:add', run: 'addOrder' },
  ],
  rowActions: [
    { key: 'edit', label: '编辑', run: 'editOrder', auth: 'order:edit' },
    { key: 'delete', label: '删除', run: 'delete', more: true },
  ],
});
