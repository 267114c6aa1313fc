import type { Result } from '@answer/contract';
import { http } from './http';

type Params = Record<string, unknown>;

/**
 * Calls of the generated online screens (contract-2 §4.1, §4.2): list columns, query info, data (paged or not, tree
 * levels), ERP columns, sub rows, the form schema, form CRUD with sub tables, Excel and custom buttons. `headId` is
 * onl_cgform_head.id (the `:code` of the route).
 */

const enc = encodeURIComponent;
const BASE = '/online/cgform/api';

export const CGFORM_RUNTIME_URLS = {
  columns: (headId: string) => `${BASE}/getColumns/${enc(headId)}`,
  queryInfo: (headId: string) => `${BASE}/getQueryInfo/${enc(headId)}`,
  data: (headId: string) => `${BASE}/getData/${enc(headId)}`,
  treeData: (headId: string) => `${BASE}/getTreeData/${enc(headId)}`,
  erpColumns: (headId: string) => `${BASE}/getErpColumns/${enc(headId)}`,
  subList: (subTable: string, mainId: string) => `${BASE}/subform/list/${enc(subTable)}/${enc(mainId)}`,
  subForm: (subTable: string, mainId: string) => `${BASE}/subform/${enc(subTable)}/${enc(mainId)}`,
  formItem: (headId: string) => `${BASE}/getFormItem/${enc(headId)}`,
  erpFormItem: (headId: string) => `${BASE}/getErpFormItem/${enc(headId)}`,
  form: (headId: string) => `${BASE}/form/${enc(headId)}`,
  record: (headId: string, id: string) => `${BASE}/form/${enc(headId)}/${enc(id)}`,
  exportXls: (headId: string) => `${BASE}/exportXls/${enc(headId)}`,
  importXls: (headId: string) => `${BASE}/importXls/${enc(headId)}`,
  doButton: `${BASE}/doButton`,
} as const;

/** the list's "table not synchronised" answer */
export const NO_DB_SYNC = 'NO_DB_SYNC';

/** pageSize of a list without paging (paginationFlag N) */
export const NO_PAGING_SIZE = -521;

export interface OnlDictOption {
  value: string;
  text?: string;
  label?: string;
  title?: string;
}

export interface OnlColumn {
  title: string;
  dataIndex: string;
  align?: 'left' | 'center' | 'right' | null;
  width?: number | string | null;
  sorter?: boolean | null;
  /** "Date" → the first 10 characters */
  fieldType?: string | null;
  /** a dictOptions key, or `_replace_text_<otherField>` */
  customRender?: string | null;
  hrefSlotName?: string | null;
  scopedSlots?: { customRender?: string } | null;
  showLength?: number | null;
}

export interface OnlButton {
  buttonCode: string;
  buttonName: string;
  buttonIcon?: string | null;
  buttonStyle?: 'button' | 'link' | string | null;
  optType?: 'js' | 'action' | string | null;
  exp?: string | null;
  /** "1" side (toolbar), "2" bottom (row) */
  optPosition?: string | null;
}

export interface OnlHrefSlot {
  slotName: string;
  href: string;
  [k: string]: unknown;
}

export interface OnlColumnsInfo {
  columns: OnlColumn[];
  dictOptions: Record<string, OnlDictOption[]>;
  fieldHrefSlots: OnlHrefSlot[];
  formTemplate?: string | null;
  description?: string | null;
  currentTableName?: string | null;
  checkboxFlag?: 'Y' | 'N' | string | null;
  paginationFlag?: 'Y' | 'N' | string | null;
  scrollFlag?: number | string | null;
  cgButtonList?: OnlButton[] | null;
  enhanceJs?: string | null;
  hideColumns?: string[] | null;
  isDesForm?: string | null;
  desFormCode?: string | null;
  /** tree tables */
  pidField?: string | null;
  hasChildrenField?: string | null;
  textField?: string | null;
  /** ERP parts */
  code?: string | null;
  tableType?: number | string | null;
  relationType?: number | string | null;
  foreignKeys?: { field: string; key: string }[] | null;
}

export interface OnlQueryItem {
  field: string;
  label: string;
  view?: string | null;
  mode?: 'single' | 'group' | string | null;
  config?: string | null;
  defValue?: unknown;
  dictCode?: string | null;
  dictTable?: string | null;
  dictText?: string | null;
  dbField?: string | null;
  pcode?: string | null;
  pidField?: string | null;
  pidValue?: string | null;
  hasChildField?: string | null;
  /** list / radio / checkbox views: options from the server */
  dictList?: OnlDictOption[] | null;
  options?: OnlDictOption[] | null;
  [k: string]: unknown;
}

export interface OnlErpColumns {
  main: OnlColumnsInfo;
  subList: OnlColumnsInfo[];
}

export interface OnlFieldSchema {
  title?: string;
  view?: string;
  type?: string;
  order?: number;
  enum?: OnlDictOption[] | null;
  dictCode?: string | null;
  dictTable?: string | null;
  dictText?: string | null;
  /** "only" = unique check, "z" = integer, else a regex */
  pattern?: string | null;
  errorInfo?: string | null;
  ui?: { widgetattrs?: { disabled?: boolean } } | null;
  fieldExtendJson?: string | null;
  minimum?: number | null;
  maximum?: number | null;
  dbPointLength?: number | null;
  hidden?: boolean | null;
  popupMulti?: boolean | null;
  code?: string | null;
  orgFields?: string | null;
  destFields?: string | null;
  pidField?: string | null;
  pidValue?: string | null;
  pidComponent?: number | string | null;
  textField?: string | null;
  hasChildField?: string | null;
  defVal?: unknown;
  /** sub tables (view "tab") */
  relationType?: number | string | null;
  describe?: string | null;
  key?: string | null;
  columns?: Record<string, unknown>[] | null;
  properties?: Record<string, OnlFieldSchema> | null;
  required?: string[] | null;
  [k: string]: unknown;
}

export interface OnlFormSchema {
  table?: string;
  required?: string[];
  properties: Record<string, OnlFieldSchema>;
}

export interface OnlFormItem {
  head: {
    tableType?: number | string;
    isTree?: string;
    extConfigJson?: string | null;
    tableName?: string;
    tableTxt?: string;
    [k: string]: unknown;
  };
  schema: OnlFormSchema;
  formTemplate?: string | null;
  cgButtonList?: OnlButton[] | null;
  enhanceJs?: string | null;
}

export type OnlRecord = Record<string, unknown>;

export interface OnlPage<T = OnlRecord> {
  total: number;
  records: T[];
}

export const getColumns = (headId: string) => http.get<OnlColumnsInfo>(CGFORM_RUNTIME_URLS.columns(headId));
export const getQueryInfo = (headId: string) => http.get<OnlQueryItem[]>(CGFORM_RUNTIME_URLS.queryInfo(headId));
export const getErpColumns = (headId: string) => http.get<OnlErpColumns>(CGFORM_RUNTIME_URLS.erpColumns(headId));
export const getFormItem = (headId: string) => http.get<OnlFormItem>(CGFORM_RUNTIME_URLS.formItem(headId));
/** the main form of an ERP screen alone (its subs are edited in their own tabs) */
export const getErpFormItem = (headId: string) => http.get<OnlFormItem>(CGFORM_RUNTIME_URLS.erpFormItem(headId));

/** the list (silent: a NO_DB_SYNC answer is told by the page, not as a generic error) */
export const getData = (headId: string, params: Params) =>
  http.get<OnlPage>(CGFORM_RUNTIME_URLS.data(headId), params, { silent: true });
export const getTreeData = (headId: string, params: Params) =>
  http.get<OnlPage>(CGFORM_RUNTIME_URLS.treeData(headId), params, { silent: true });

export const getSubList = (subTable: string, mainId: string) =>
  http.get<OnlRecord[] | OnlPage>(CGFORM_RUNTIME_URLS.subList(subTable, mainId));
export const getSubForm = (subTable: string, mainId: string) =>
  http.get<OnlRecord | null>(CGFORM_RUNTIME_URLS.subForm(subTable, mainId));

export const getRecord = (headId: string, id: string) => http.get<OnlRecord>(CGFORM_RUNTIME_URLS.record(headId, id));

function withTableType(url: string, tabletype?: number | string) {
  return tabletype === undefined || tabletype === null || tabletype === ''
    ? url
    : `${url}?tabletype=${enc(String(tabletype))}`;
}

export const addRecord = (headId: string, body: OnlRecord, tabletype?: number | string) =>
  http.post<string | null>(withTableType(CGFORM_RUNTIME_URLS.form(headId), tabletype), body);
export const editRecord = (headId: string, body: OnlRecord, tabletype?: number | string) =>
  http.put<string | null>(withTableType(CGFORM_RUNTIME_URLS.form(headId), tabletype), body);

/** DELETE one record, or several with comma ids (batch delete) */
export const deleteRecords = (headId: string, ids: string, tabletype?: number | string) =>
  http.delete<null>(CGFORM_RUNTIME_URLS.record(headId, ids), tabletype === undefined ? undefined : { tabletype });

export const doButton = (headId: string, buttonCode: string, dataId: string) =>
  http.post<unknown>(CGFORM_RUNTIME_URLS.doButton, { formId: headId, buttonCode, dataId });

/** export: GET exportXls?paramsStr=<query JSON (+selections)> as a file */
export function exportXls(headId: string, query: Record<string, unknown>, fileName?: string) {
  return http.download(CGFORM_RUNTIME_URLS.exportXls(headId), { paramsStr: JSON.stringify(query) }, fileName, {
    timeout: 120_000,
  });
}

export type { Result };
