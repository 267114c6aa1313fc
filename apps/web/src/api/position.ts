import { http } from './http';

/** Positions (职务, contract §4.11). */

export const POSITION_URLS = {
  list: '/sys/position/list',
  add: '/sys/position/add',
  edit: '/sys/position/edit',
  delete: '/sys/position/delete',
  deleteBatch: '/sys/position/deleteBatch',
  exportXls: '/sys/position/exportXls',
  importExcel: '/sys/position/importExcel',
  duplicateCheck: '/sys/duplicate/check',
} as const;

export interface SysPosition {
  id: string;
  code: string;
  name: string;
  postRank: string | null;
  postRank_dictText?: string | null;
  companyId?: string | null;
  sysOrgCode?: string | null;
  createBy?: string | null;
  createTime?: string | null;
}

export interface PositionForm {
  code: string;
  name: string;
  postRank: string;
}

export function savePosition(values: PositionForm, id?: string) {
  return id ? http.put<null>(POSITION_URLS.edit, { ...values, id }) : http.post<null>(POSITION_URLS.add, values);
}

/** `/sys/duplicate/check` on sys_position.code: true when the code is free (or unchanged for `dataId`). */
export async function isPositionCodeFree(code: string, dataId?: string): Promise<{ free: boolean; message: string }> {
  const res = await http.get<null>(
    POSITION_URLS.duplicateCheck,
    { tableName: 'sys_position', fieldName: 'code', fieldVal: code, dataId },
    { silent: true },
  );
  return { free: res.success, message: res.message };
}
