import { http } from './http';

/** Logs (contract §4.9) and the data change log (contract §4.11, sys_data_log). */

export const LOG_URLS = {
  list: '/sys/log/list',
  delete: '/sys/log/delete',
  deleteBatch: '/sys/log/deleteBatch',
} as const;

export const DATA_LOG_URLS = {
  list: '/sys/dataLog/list',
  compare: '/sys/dataLog/queryCompareList',
  versions: '/sys/dataLog/queryDataVerList',
} as const;

/** 1 登录日志, 2 操作日志 */
export type LogType = '1' | '2';

export interface SysLog {
  id: string;
  logType: number | null;
  logType_dictText?: string;
  logContent: string | null;
  operateType: number | null;
  operateType_dictText?: string;
  /** JeecgBoot quirk: the username */
  userid: string | null;
  /** JeecgBoot quirk: the real name */
  username: string | null;
  ip: string | null;
  method: string | null;
  requestUrl: string | null;
  /** JSON of the request, secrets masked by the server */
  requestParam: string | null;
  requestType: string | null;
  costTime: number | null;
  createTime: string | null;
}

export interface DataLog {
  id: string;
  dataTable: string | null;
  dataId: string | null;
  /** JSON snapshot of the row */
  dataContent: string | null;
  dataVersion: number | null;
  createBy: string | null;
  createTime: string | null;
}

/** operate_type dictionary (JeecgBoot operate_type) */
export const OPERATE_TYPES = [
  { value: '1', label: '查询' },
  { value: '2', label: '添加' },
  { value: '3', label: '修改' },
  { value: '4', label: '删除' },
  { value: '5', label: '导入' },
  { value: '6', label: '导出' },
] as const;

export const LOG_MESSAGES = {
  confirmClear: '确定要清空全部日志吗？清空后不可恢复！',
  cleared: '清除成功!',
  selectTwo: '请选择两条数据',
  sameRow: '请选择相同的数据库表和数据ID进行比较',
  compareTitle: '数据比较',
} as const;

/** DELETE /sys/log/deleteBatch?ids=allclear: every log row (permission log:clear) */
export function clearAllLogs() {
  return http.delete<null>(LOG_URLS.deleteBatch, { ids: 'allclear' });
}

/** the two snapshot rows (ids of sys_data_log) */
export function compareDataLogs(dataId1: string, dataId2: string) {
  return http.get<DataLog[]>(DATA_LOG_URLS.compare, { dataId1, dataId2 });
}

/** every version of one row, oldest first */
export function dataLogVersions(dataTable: string, dataId: string) {
  return http.get<DataLog[]>(DATA_LOG_URLS.versions, { dataTable, dataId });
}

/** A snapshot as an object ({} when it is no JSON object). */
export function parseSnapshot(content: string | null | undefined): Record<string, unknown> {
  if (!content) return {};
  try {
    const v = JSON.parse(content) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export interface DiffRow {
  field: string;
  left: string;
  right: string;
  changed: boolean;
}

function shown(v: unknown): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** Field-by-field comparison of two snapshots: the union of their fields, in first-seen order. */
export function diffSnapshots(a: Record<string, unknown>, b: Record<string, unknown>): DiffRow[] {
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields.map((field) => {
    const left = shown(a[field]);
    const right = shown(b[field]);
    return { field, left, right, changed: left !== right };
  });
}

/** request_param as readable text (pretty JSON when it is JSON) */
export function prettyParams(raw: string | null | undefined): string {
  if (!raw) return '';
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}
