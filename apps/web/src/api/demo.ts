import type { Page } from '@answer/contract';
import { http } from './http';

/**
 * JeecgBoot demo module (contract-2 §5): the single-table entity `demo` (/test/jeecgDemo), the one-to-many order
 * (/test/jeecgOrderMain: main + customers + tickets) and the vxe mock endpoints (/mock/vxe). Field names are the
 * JeecgBoot entities' JSON names (camelCase); dates travel as `yyyy-MM-dd HH:mm:ss` / `yyyy-MM-dd` strings.
 */

export const DEMO_URLS = {
  list: '/test/jeecgDemo/list',
  add: '/test/jeecgDemo/add',
  edit: '/test/jeecgDemo/edit',
  delete: '/test/jeecgDemo/delete',
  deleteBatch: '/test/jeecgDemo/deleteBatch',
  queryById: '/test/jeecgDemo/queryById',
  exportXls: '/test/jeecgDemo/exportXls',
  importExcel: '/test/jeecgDemo/importExcel',
} as const;

export const ORDER_URLS = {
  list: '/test/jeecgOrderMain/list',
  add: '/test/jeecgOrderMain/add',
  edit: '/test/jeecgOrderMain/edit',
  delete: '/test/jeecgOrderMain/delete',
  deleteBatch: '/test/jeecgOrderMain/deleteBatch',
  queryById: '/test/jeecgOrderMain/queryById',
  exportXls: '/test/jeecgOrderMain/exportXls',
  importExcel: '/test/jeecgOrderMain/importExcel',
  customerListByMainId: '/test/jeecgOrderMain/queryOrderCustomerListByMainId',
  ticketListByMainId: '/test/jeecgOrderMain/queryOrderTicketListByMainId',
} as const;

export const VXE_MOCK_URLS = {
  getData: '/mock/vxe/getData',
  immediateSaveRow: '/mock/vxe/immediateSaveRow',
  immediateSaveAll: '/mock/vxe/immediateSaveAll',
} as const;

// ------------------------------------------------------------------ demo (单表模型示例)

export interface JeecgDemo {
  id: string;
  name: string | null;
  keyWord: string | null;
  /** yyyy-MM-dd HH:mm:ss */
  punchTime: string | null;
  salaryMoney: number | null;
  bonusMoney: number | null;
  /** dictionary `sex`: '1' 男 / '2' 女 */
  sex: string | null;
  sex_dictText?: string | null;
  age: number | null;
  /** yyyy-MM-dd */
  birthday: string | null;
  email: string | null;
  content: string | null;
  // the widgets of the demo form (spec 02): comma-joined multi-values, stored file paths, editor texts
  dictSelect?: string | null;
  dictCheckbox?: string | null;
  dictMulti?: string | null;
  dictSearch?: string | null;
  treeSelect?: string | null;
  categoryCode?: string | null;
  departIds?: string | null;
  userNames?: string | null;
  postCodes?: string | null;
  roleIds?: string | null;
  areaCode?: string | null;
  /** Y / N */
  yesNo?: string | null;
  files?: string | null;
  images?: string | null;
  markdown?: string | null;
  richText?: string | null;
  codeLang?: string | null;
  codeText?: string | null;
  remark?: string | null;
  sysOrgCode?: string | null;
  tenantId?: number | null;
  createBy?: string | null;
  createTime?: string | null;
  updateBy?: string | null;
  updateTime?: string | null;
}

/** add/edit body (edit carries `id`); every field optional like JeecgBoot's entity */
export type JeecgDemoForm = Partial<Omit<JeecgDemo, 'id' | 'sex_dictText' | 'createBy' | 'createTime'>>;

export function listDemo(params: Record<string, unknown>) {
  return http.get<Page<JeecgDemo>>(DEMO_URLS.list, params);
}

export function queryDemoById(id: string) {
  return http.get<JeecgDemo>(DEMO_URLS.queryById, { id });
}

/** add (no id) or edit (with id): 添加成功！ / 更新成功！ */
export function saveDemo(values: JeecgDemoForm, id?: string) {
  return id ? http.put<null>(DEMO_URLS.edit, { ...values, id }) : http.post<null>(DEMO_URLS.add, values);
}

export function deleteDemo(id: string) {
  return http.delete<null>(DEMO_URLS.delete, { id });
}

export function deleteDemoBatch(ids: readonly string[]) {
  return http.delete<null>(DEMO_URLS.deleteBatch, { ids: ids.join(',') });
}

// ------------------------------------------------------------------ order main + customers + tickets (一对多)

export interface JeecgOrderMain {
  id: string;
  orderCode: string | null;
  /** '1' 国内订单 / '2' 国际订单 (no dictionary: the pages map the two codes; import also accepts the texts) */
  ctype: string | null;
  /** not sent by this server (kept for pages written against JeecgBoot's dictionary variant) */
  ctype_dictText?: string | null;
  /** yyyy-MM-dd HH:mm:ss */
  orderDate: string | null;
  orderMoney: number | null;
  content: string | null;
  createBy?: string | null;
  createTime?: string | null;
  updateBy?: string | null;
  updateTime?: string | null;
}

export interface JeecgOrderCustomer {
  /** absent (or a temporary id stripped by the table) for a new row */
  id?: string;
  name: string | null;
  sex: string | null;
  idcard: string | null;
  /** stored file path(s), comma separated */
  idcardPic: string | null;
  telphone: string | null;
  orderId?: string | null;
}

export interface JeecgOrderTicket {
  id?: string;
  ticketCode: string | null;
  /** yyyy-MM-dd (JeecgBoot's spelling) */
  tickectDate: string | null;
  orderId?: string | null;
}

export type JeecgOrderMainForm = Partial<Omit<JeecgOrderMain, 'id' | 'ctype_dictText' | 'createBy' | 'createTime'>>;

/** add/edit body: main fields + both sub lists; on edit the lists replace the stored children */
export interface JeecgOrderPage extends JeecgOrderMainForm {
  id?: string;
  jeecgOrderCustomerList: JeecgOrderCustomer[];
  jeecgOrderTicketList: JeecgOrderTicket[];
}

export function listOrderMain(params: Record<string, unknown>) {
  return http.get<Page<JeecgOrderMain>>(ORDER_URLS.list, params);
}

export function queryOrderMainById(id: string) {
  return http.get<JeecgOrderMain>(ORDER_URLS.queryById, { id });
}

/** add (no id) → 添加成功！; edit (with id) → 编辑成功！; one request, one transaction on the server */
export function saveOrder(body: JeecgOrderPage) {
  return body.id ? http.put<null>(ORDER_URLS.edit, body) : http.post<null>(ORDER_URLS.add, body);
}

export function deleteOrder(id: string) {
  return http.delete<null>(ORDER_URLS.delete, { id });
}

export function deleteOrderBatch(ids: readonly string[]) {
  return http.delete<null>(ORDER_URLS.deleteBatch, { ids: ids.join(',') });
}

export function queryOrderCustomers(mainId: string) {
  return http.get<JeecgOrderCustomer[]>(ORDER_URLS.customerListByMainId, { id: mainId });
}

export function queryOrderTickets(mainId: string) {
  return http.get<JeecgOrderTicket[]>(ORDER_URLS.ticketListByMainId, { id: mainId });
}

// ------------------------------------------------------------------ /mock/vxe (JVxeTable demos)

/**
 * One row of the vxe demo data set (ship schedule, as JeecgBoot's JVxeDemo pages show). Rows with `hasChildren`
 * have children, loaded with `parentId`.
 */
export interface VxeDemoRow {
  id: string;
  parentId: string | null;
  hasChildren: boolean;
  num: number;
  ship_name: string;
  call: string;
  len: number;
  ton: number;
  payer: string;
  count: number;
  company: string;
  trend: string;
  sort: number;
  updateTime?: string | null;
}

/** page of rows; `parentId` (comma list) = children of those rows, otherwise top-level rows */
/** `ids` (comma list, at most 100): those rows at any level — how a table reloads rows announced over /vxeSocket */
export function getVxeData(params: { pageNo?: number; pageSize?: number; parentId?: string; ids?: string }) {
  return http.get<Page<VxeDemoRow>>(VXE_MOCK_URLS.getData, params);
}

/** saves one row (persisted in jeecg_vxe_demo; only ship_name … trend and sort change); unknown id → 未找到对应数据：id */
export function immediateSaveRow(row: Partial<VxeDemoRow> & { id: string }) {
  return http.put<null>(VXE_MOCK_URLS.immediateSaveRow, row);
}

/** saves all given rows in one transaction (all or nothing; at most 1000) */
export function immediateSaveAll(rows: Array<Partial<VxeDemoRow> & { id: string }>) {
  return http.post<null>(VXE_MOCK_URLS.immediateSaveAll, rows);
}
