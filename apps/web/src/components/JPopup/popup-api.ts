import type { Result } from '@answer/contract';
import { http } from '../../api/http';
import { POPUP_CACHE_MS, type PopupDictOption, pageRows } from './popup-logic';

/**
 * Calls of the popup record picker (contract-2 §4.3, spec 02 §7). The online-report module is a separate issue:
 * these are the client side of its contract — GET /online/cgreport/api/getRpColumns/{code},
 * getQueryInfo/{cgRpConfigId}, getData/{cgRpConfigId}.
 */
export const POPUP_URLS = {
  columns: (code: string) => `/online/cgreport/api/getRpColumns/${encodeURIComponent(code)}`,
  queryInfo: (id: string) => `/online/cgreport/api/getQueryInfo/${encodeURIComponent(id)}`,
  data: (id: string) => `/online/cgreport/api/getData/${encodeURIComponent(id)}`,
} as const;

export interface PopupColumn {
  title: string;
  dataIndex: string;
  /** a key of dictOptions */
  customRender?: string | null;
  sortOrder?: string | null;
  width?: number | string;
  /** sortable (the report item's is_order) */
  sorter?: boolean;
}

export interface PopupReport {
  cgRpConfigId: string;
  cgRpConfigName: string;
  columns: PopupColumn[];
  dictOptions: Record<string, PopupDictOption[]>;
}

export interface PopupQueryItem {
  field: string;
  label?: string;
  view?: string;
  /** single / group (a range: field_begin, field_end) */
  mode?: string;
  dictCode?: string | null;
  /** '1' = collapsed under 展开 */
  hidden?: string | number | boolean | null;
  [k: string]: unknown;
}

/** an envelope that is not a success, as an Error carrying the server message */
export class PopupCallError extends Error {}

function ok<T>(res: Result<T>): T {
  if (!res.success) throw new PopupCallError(res.message || '');
  return res.result;
}

export async function fetchPopupReport(code: string): Promise<PopupReport> {
  const r = ok(await http.get<Partial<PopupReport>>(POPUP_URLS.columns(code), undefined, { silent: true }));
  if (!r?.cgRpConfigId) throw new PopupCallError('');
  return {
    cgRpConfigId: String(r.cgRpConfigId),
    cgRpConfigName: String(r.cgRpConfigName ?? ''),
    columns: Array.isArray(r.columns) ? r.columns : [],
    dictOptions: r.dictOptions && typeof r.dictOptions === 'object' ? r.dictOptions : {},
  };
}

export async function fetchPopupQueryInfo(id: string): Promise<PopupQueryItem[]> {
  const r = ok(await http.get<PopupQueryItem[]>(POPUP_URLS.queryInfo(id), undefined, { silent: true }));
  return Array.isArray(r) ? r : [];
}

const dataCache = new Map<
  string,
  { at: number; promise: Promise<{ records: Record<string, unknown>[]; total: number }> }
>();

/**
 * A page of the report. With a group id, the same report + query within 30 s is answered from the first request
 * (several popup columns of one group share it).
 */
export function fetchPopupData(
  id: string,
  params: Record<string, string | number>,
  groupId?: string | null,
): Promise<{ records: Record<string, unknown>[]; total: number }> {
  const load = async () =>
    pageRows<Record<string, unknown>>(ok(await http.get(POPUP_URLS.data(id), params, { silent: true })));
  if (!groupId) return load();
  const key = `${groupId}|${id}|${JSON.stringify(params)}`;
  const hit = dataCache.get(key);
  if (hit && Date.now() - hit.at < POPUP_CACHE_MS) return hit.promise;
  const promise = load();
  dataCache.set(key, { at: Date.now(), promise });
  promise.catch(() => dataCache.delete(key));
  return promise;
}

export function clearPopupCache(): void {
  dataCache.clear();
}
