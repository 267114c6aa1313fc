import { http } from './http';

/**
 * Online reports (contract-2 §4.3, §4.4): the designer (Online报表配置) and the report screen (OnlCgreportAutoList).
 * The popup record picker's calls live in components/JPopup/popup-api.ts.
 */

export const CGREPORT_URLS = {
  list: '/online/cgreport/head/list',
  add: '/online/cgreport/head/add',
  editAll: '/online/cgreport/head/editAll',
  delete: '/online/cgreport/head/delete',
  deleteBatch: '/online/cgreport/head/deleteBatch',
  parseSql: '/online/cgreport/head/parseSql',
  items: '/online/cgreport/item/listByHeadId',
  params: '/online/cgreport/param/listByHeadId',
  dataSources: '/sys/dataSource/options',
  paramsInfo: (id: string) => `/online/cgreport/api/getParamsInfo/${encodeURIComponent(id)}`,
  queryInfo: (id: string) => `/online/cgreport/api/getQueryInfo/${encodeURIComponent(id)}`,
  columnsAndData: (id: string) => `/online/cgreport/api/getColumnsAndData/${encodeURIComponent(id)}`,
  export: (id: string) => `/online/cgreport/api/exportManySheetXls/${encodeURIComponent(id)}`,
} as const;

export interface CgreportHead {
  id: string;
  code: string;
  name: string;
  cgrSql: string;
  dbSource?: string | null;
  returnValField?: string | null;
  returnTxtField?: string | null;
  returnType?: string | null;
  content?: string | null;
  createTime?: string | null;
  /** why the report may not run (imported from JeecgBoot with SQL the report guard refuses); null: it may */
  disabledReason?: string | null;
}

export interface CgreportItem {
  id?: string;
  fieldName: string;
  fieldTxt?: string | null;
  fieldWidth?: number | null;
  fieldType?: string | null;
  searchMode?: string | null;
  isOrder?: number | null;
  isSearch?: number | null;
  dictCode?: string | null;
  fieldHref?: string | null;
  isShow?: number | null;
  orderNum?: number | null;
  isTotal?: string | null;
  groupTitle?: string | null;
}

export interface CgreportParam {
  id?: string;
  paramName: string;
  paramTxt?: string | null;
  paramValue?: string | null;
  orderNum?: number | null;
}

export interface ReportSave {
  head: Partial<CgreportHead>;
  items: CgreportItem[];
  params: CgreportParam[];
}

export const listItems = (headId: string) => http.get<CgreportItem[]>(CGREPORT_URLS.items, { headId });
export const listParams = (headId: string) => http.get<CgreportParam[]>(CGREPORT_URLS.params, { headId });
/** 解析SQL: the SQL's columns and ${params}; a refused SQL answers success false with the reason */
export const parseSql = (sql: string, dbSource?: string | null) =>
  http.get<{ fields: CgreportItem[]; params: CgreportParam[] }>(
    CGREPORT_URLS.parseSql,
    { sql, ...(dbSource ? { dbKey: dbSource } : {}) },
    { silent: true },
  );
export const saveReport = (body: ReportSave) =>
  body.head.id
    ? http.put<null>(CGREPORT_URLS.editAll, body, { silent: true })
    : http.post<string>(CGREPORT_URLS.add, body, { silent: true });
export const deleteReport = (id: string) => http.delete<null>(CGREPORT_URLS.delete, { id });
export const dataSourceOptions = () =>
  http.get<{ value: string; label: string }[]>(CGREPORT_URLS.dataSources, undefined, { silent: true });

// ------------------------------------------------------------------ runtime

export interface ReportParamInfo {
  paramName: string;
  paramTxt?: string | null;
  paramValue?: string | null;
}

export interface ReportQueryItem {
  field: string;
  label: string;
  view: string;
  mode: string;
  dictCode?: string | null;
  type?: string;
}

export interface ReportColumn {
  title: string;
  dataIndex: string;
  width?: number;
  customRender?: string;
  isTotal?: string;
  fieldType?: string;
  groupTitle?: string;
  sorter?: boolean;
  hrefSlotName?: string;
}

export interface ReportDictOption {
  value: string;
  text: string;
}

export interface ColumnsAndData {
  data: { total: number; records: Record<string, unknown>[] };
  columns: ReportColumn[];
  cgreportHeadName: string;
  dictOptions: Record<string, ReportDictOption[]>;
  fieldHrefSlots: { slotName: string; field: string; href: string }[];
  isGroupTitle: boolean;
}

export const getParamsInfo = (id: string) =>
  http.get<ReportParamInfo[]>(CGREPORT_URLS.paramsInfo(id), undefined, { silent: true });
export const getQueryInfo = (id: string) =>
  http.get<ReportQueryItem[]>(CGREPORT_URLS.queryInfo(id), undefined, { silent: true });
export const getColumnsAndData = (id: string, params: Record<string, string | number>) =>
  http.get<ColumnsAndData>(CGREPORT_URLS.columnsAndData(id), params, { silent: true });
export const exportReport = (id: string, params: Record<string, string | number>, fileName: string) =>
  http.download(CGREPORT_URLS.export(id), params, `${fileName}.xlsx`);
