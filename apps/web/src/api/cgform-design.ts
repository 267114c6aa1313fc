import { http } from './http';

/**
 * Online表单开发 (the form designer, contract-2 §4.3/§4.4): form definitions (onl_cgform_head) with their fields,
 * indexes and custom buttons, synchronised into real tables; copies (AUTO复制表单) and the per-role rules of a form.
 * Field names are the camelCase of the onl_cgform_* columns.
 */

export const CGFORM_URLS = {
  list: '/online/cgform/head/list',
  queryById: '/online/cgform/head/queryById',
  checkOnlyTable: '/online/cgform/head/checkOnlyTable',
  addAll: '/online/cgform/api/addAll',
  editAll: '/online/cgform/api/editAll',
  fields: '/online/cgform/field/listByHeadId',
  indexes: '/online/cgform/index/listByHeadId',
  doDbSynch: '/online/cgform/api/doDbSynch',
  delete: '/online/cgform/head/delete',
  deleteBatch: '/online/cgform/head/deleteBatch',
  removeRecord: '/online/cgform/head/removeRecord',
  copyOnline: '/online/cgform/head/copyOnline',
  queryTables: '/online/cgform/head/queryTables',
  transTables: '/online/cgform/head/transTables',
  buttonList: '/online/cgform/button/list',
  buttonAdd: '/online/cgform/button/add',
  buttonEdit: '/online/cgform/button/edit',
  buttonDelete: '/online/cgform/button/delete',
  buttonDeleteBatch: '/online/cgform/button/deleteBatch',
  authColumn: '/online/cgform/api/authColumn',
  authButton: '/online/cgform/api/authButton',
  authData: '/online/cgform/api/authData',
  roleColumnAuth: '/online/cgform/api/roleColumnAuth',
  roleButtonAuth: '/online/cgform/api/roleButtonAuth',
  roleDataAuth: '/online/cgform/api/roleDataAuth',
} as const;

/** onl_cgform_head: table_type 1 single, 2 main, 3 sub; flags "Y"/"N" */
export interface CgformHead {
  id: string;
  tableName: string;
  tableType: number;
  tableVersion?: number | null;
  tableTxt: string;
  isCheckbox: string;
  isDbSynch?: string;
  isPage: string;
  isTree: string;
  idType?: string | null;
  queryMode: string;
  /** sub tables: 0 one-to-many, 1 one-to-one */
  relationType?: number | null;
  subTableStr?: string | null;
  tabOrderNum?: number | null;
  treeParentIdField?: string | null;
  treeIdField?: string | null;
  treeFieldname?: string | null;
  formCategory?: string | null;
  formTemplate?: string | null;
  scroll?: number | null;
  copyVersion?: number | null;
  /** 1 = a copy (AUTO复制表单) of physicId */
  copyType?: number | null;
  physicId?: string | null;
  extConfigJson?: string | null;
  themeTemplate?: string | null;
  createBy?: string | null;
  createTime?: string | null;
  updateTime?: string | null;
  [k: string]: unknown;
}

/** onl_cgform_field (a column of the form's table) */
export interface CgformField {
  id?: string;
  cgformHeadId?: string;
  dbFieldName: string;
  dbFieldTxt: string;
  dbFieldNameOld?: string | null;
  dbIsKey: number;
  dbIsNull: number;
  dbType: string;
  dbLength: number;
  dbPointLength: number;
  dbDefaultVal?: string | null;
  dictField?: string | null;
  dictTable?: string | null;
  dictText?: string | null;
  fieldShowType: string;
  fieldHref?: string | null;
  fieldLength?: number | null;
  fieldValidType?: string | null;
  fieldMustInput: string;
  fieldExtendJson?: string | null;
  fieldDefaultValue?: string | null;
  isQuery: number;
  isShowForm: number;
  isShowList: number;
  isReadOnly: number;
  queryMode: string;
  mainTable?: string | null;
  mainField?: string | null;
  orderNum: number;
  sortFlag: string;
  [k: string]: unknown;
}

/** onl_cgform_index: index_type normal | unique; index_field comma field names */
export interface CgformIndex {
  id?: string;
  cgformHeadId?: string;
  indexName: string;
  indexField: string;
  indexType: string;
  isDbSynch?: string;
  [k: string]: unknown;
}

/** onl_cgform_button: opt_type js | action; button_style button | link; opt_position 1 side, 2 bottom */
export interface CgformButton {
  id: string;
  cgformHeadId: string;
  buttonCode: string;
  buttonName: string;
  buttonIcon?: string | null;
  buttonStatus: string;
  buttonStyle: string;
  exp?: string | null;
  optType: string;
  orderNum: number;
  optPosition: string;
  [k: string]: unknown;
}

/** the body of api/addAll (POST) and api/editAll (PUT) */
export interface CgformSaveBody {
  head: Partial<CgformHead>;
  fields: Partial<CgformField>[];
  indexs: Partial<CgformIndex>[];
  deleteFieldIds?: string;
  deleteIndexIds?: string;
}

/** 1 = the table name is free; -1 = another definition or an existing/reserved table has it */
export const checkOnlyTable = (tbname: string, id?: string) =>
  http.get<number>(CGFORM_URLS.checkOnlyTable, { tbname, id: id ?? '' }, { silent: true });

export const getCgformHead = (id: string) => http.get<CgformHead>(CGFORM_URLS.queryById, { id });
export const listCgformFields = (headId: string) => http.get<CgformField[]>(CGFORM_URLS.fields, { headId });
export const listCgformIndexes = (headId: string) => http.get<CgformIndex[]>(CGFORM_URLS.indexes, { headId });

/** POST api/addAll (new) / PUT api/editAll (existing head id) */
export const saveCgform = (body: CgformSaveBody) =>
  body.head.id ? http.put<unknown>(CGFORM_URLS.editAll, body) : http.post<unknown>(CGFORM_URLS.addAll, body);

/** 普通同步 "1" (alter, keeps data) / 强制同步 "0" (drop and re-create); destructive changes need `confirm` */
export type SyncMethod = '1' | '0';
export const doDbSynch = (id: string, synMethod: SyncMethod, confirm?: boolean) =>
  http.post<unknown>(
    `${CGFORM_URLS.doDbSynch}/${encodeURIComponent(id)}`,
    confirm ? { synMethod, confirm } : { synMethod },
  );

/** 删除: the definition and its table */
export const deleteCgform = (id: string) => http.delete<unknown>(CGFORM_URLS.delete, { id });
/** 移除: the definition only (the table stays) */
export const removeCgformRecord = (id: string) => http.delete<unknown>(CGFORM_URLS.removeRecord, { id });
/** 复制视图: a copy (copyType 1) of the definition, same table */
export const copyCgform = (code: string) => http.get<unknown>(CGFORM_URLS.copyOnline, { code });

/** 导入数据库表: tables of the database that no definition holds yet */
export const queryTables = () => http.get<unknown>(CGFORM_URLS.queryTables);
export const transTables = (names: string[]) =>
  http.post<unknown>(`${CGFORM_URLS.transTables}/${encodeURIComponent(names.join(','))}`);

/** 自定义按钮 */
export const listCgformButtons = (headId: string) =>
  http.get<CgformButton[] | { records: CgformButton[] }>(`${CGFORM_URLS.buttonList}/${encodeURIComponent(headId)}`);
export const saveCgformButton = (b: Partial<CgformButton>) =>
  b.id ? http.put<unknown>(CGFORM_URLS.buttonEdit, b) : http.post<unknown>(CGFORM_URLS.buttonAdd, b);
export const deleteCgformButton = (id: string) => http.delete<unknown>(CGFORM_URLS.buttonDelete, { id });

// ---- 角色授权 (online auth): rules of a form, then which roles are exempt from / bound to them

/** a field's rules: switched on = only the bound roles see it in the list / form, or may edit it */
export interface AuthColumn {
  cgformId: string;
  code: string;
  title: string;
  listShow: boolean;
  formShow: boolean;
  formEditable: boolean;
  switchFlag: number;
}
export interface AuthButton {
  cgformId: string;
  code: string;
  title: string;
  status: number;
}
export interface AuthDataRule {
  id: string;
  cgformId: string;
  ruleName: string;
  ruleColumn: string;
  ruleOperator: string;
  ruleValue: string;
  status: number;
}
/** a rule of one kind with the ids bound to the role */
export interface RoleAuth {
  authList: { id: string; code: string; title?: string; control?: number; page?: number; status: number }[];
  checkedIds: string[];
}
export type AuthKind = 'Column' | 'Button' | 'Data';

export const getAuthColumns = (cgformId: string) => http.get<AuthColumn[]>(`${CGFORM_URLS.authColumn}/${cgformId}`);
export const setAuthColumn = (b: Pick<AuthColumn, 'cgformId' | 'code' | 'listShow' | 'formShow' | 'formEditable'>) =>
  http.put<unknown>(CGFORM_URLS.authColumn, { ...b, switchFlag: 1 });
export const getAuthButtons = (cgformId: string) => http.get<AuthButton[]>(`${CGFORM_URLS.authButton}/${cgformId}`);
export const setAuthButton = (b: Pick<AuthButton, 'cgformId' | 'code' | 'status'>) =>
  http.put<unknown>(CGFORM_URLS.authButton, b);
export const getAuthData = (cgformId: string) => http.get<AuthDataRule[]>(`${CGFORM_URLS.authData}/${cgformId}`);
export const saveAuthData = (b: Partial<AuthDataRule>) =>
  b.id ? http.put<unknown>(CGFORM_URLS.authData, b) : http.post<unknown>(CGFORM_URLS.authData, b);
export const deleteAuthData = (id: string) => http.delete<unknown>(`${CGFORM_URLS.authData}/${encodeURIComponent(id)}`);
export const getRoleAuth = (kind: AuthKind, roleId: string, cgformId: string) =>
  http.get<RoleAuth>(`/online/cgform/api/role${kind}Auth/${roleId}/${cgformId}`);
export const setRoleAuth = (kind: AuthKind, roleId: string, cgformId: string, authIds: string[]) =>
  http.post<unknown>(`/online/cgform/api/role${kind}Auth/${roleId}/${cgformId}`, { authIds: authIds.join(',') });

/** names of the main-table definitions (外键 of a sub table points at one of them) */
export async function listMainTables(): Promise<string[]> {
  const res = await http.get<{ records: CgformHead[] }>(CGFORM_URLS.list, { tableType: 2, copyType: 0, pageSize: 200 });
  return (res.result?.records ?? []).map((h) => h.tableName);
}
