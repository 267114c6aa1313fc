import { http } from './http';

/** Dictionary management (数据字典, contract §4.5): /sys/dict and /sys/dictItem. */

export const DICT_URLS = {
  list: '/sys/dict/list',
  add: '/sys/dict/add',
  edit: '/sys/dict/edit',
  delete: '/sys/dict/delete',
  deleteBatch: '/sys/dict/deleteBatch',
  exportXls: '/sys/dict/exportXls',
  importExcel: '/sys/dict/importExcel',
  deleteList: '/sys/dict/deleteList',
  deletePhysic: '/sys/dict/deletePhysic',
  back: '/sys/dict/back',
  duplicateCheck: '/sys/duplicate/check',
} as const;

export const DICT_ITEM_URLS = {
  list: '/sys/dictItem/list',
  add: '/sys/dictItem/add',
  edit: '/sys/dictItem/edit',
  delete: '/sys/dictItem/delete',
  deleteBatch: '/sys/dictItem/deleteBatch',
  check: '/sys/dictItem/dictItemCheck',
} as const;

export interface SysDict {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  /** 0 string, 1 number */
  type: number;
  delFlag?: number;
  createBy?: string | null;
  createTime?: string | null;
  updateTime?: string | null;
}

export interface DictForm {
  dictName: string;
  dictCode: string;
  description?: string | null;
  type?: number;
}

export interface SysDictItem {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  description: string | null;
  sortOrder: number | null;
  /** 1 enabled, 0 disabled */
  status: number;
  status_dictText?: string;
}

export interface DictItemForm {
  itemText: string;
  itemValue: string;
  description?: string | null;
  sortOrder?: number | null;
  status: number;
}

export function saveDict(values: DictForm, id?: string) {
  return id ? http.put<null>(DICT_URLS.edit, { ...values, id }) : http.post<null>(DICT_URLS.add, values);
}

/** `/sys/duplicate/check` on sys_dict.dict_code (the recycle bin counts too) */
export async function isDictCodeFree(code: string, dataId?: string): Promise<{ free: boolean; message: string }> {
  const res = await http.get<null>(
    DICT_URLS.duplicateCheck,
    { tableName: 'sys_dict', fieldName: 'dict_code', fieldVal: code, dataId },
    { silent: true },
  );
  return { free: res.success, message: res.message };
}

export function deletedDicts() {
  return http.get<SysDict[]>(DICT_URLS.deleteList);
}

export function restoreDict(id: string) {
  return http.put<null>(`${DICT_URLS.back}/${encodeURIComponent(id)}`);
}

export function purgeDict(id: string) {
  return http.delete<null>(`${DICT_URLS.deletePhysic}/${encodeURIComponent(id)}`);
}

export function saveDictItem(dictId: string, values: DictItemForm, id?: string) {
  const body = { ...values, dictId };
  return id ? http.put<null>(DICT_ITEM_URLS.edit, { ...body, id }) : http.post<null>(DICT_ITEM_URLS.add, body);
}

/** GET dictItemCheck: 该值可用！ / 该值不可用，系统中已存在！ */
export async function checkDictItemValue(
  dictId: string,
  itemValue: string,
  id?: string,
): Promise<{ free: boolean; message: string }> {
  const res = await http.get<null>(DICT_ITEM_URLS.check, { dictId, itemValue, id }, { silent: true });
  return { free: res.success, message: res.message };
}
