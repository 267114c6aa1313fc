import type { DictOption } from '@answer/contract';
import { queryOptions } from '@tanstack/react-query';
import { type DictMap, useDictStore } from '../stores/dict';
import { feedback } from '../utils/feedback';
import { http } from './http';

/** Dictionary calls (spec 01 §7.2). Dictionary URLs are signed; item lookups carry no `_t`. */

export const EMPTY_DICT_CODE = '字典Code不能为空!';

/** a dict spec (`table,text,code[,condition]`) keeps its commas in the path, as the server signs them */
function dictPath(code: string): string {
  return encodeURI(code).replace(/#/g, '%23').replace(/\?/g, '%3F');
}

/** GET /sys/dict/getDictItems/{code}, always from the server */
export async function fetchDictItems(code: string): Promise<DictOption[]> {
  if (!code) throw new Error(EMPTY_DICT_CODE);
  const res = await http.get<DictOption[]>(`/sys/dict/getDictItems/${dictPath(code)}`);
  if (!res.success) throw new Error(res.message);
  return res.result ?? [];
}

/** local dictionary cache first, then the server */
export async function getDictItems(code: string): Promise<DictOption[]> {
  if (!code) throw new Error(EMPTY_DICT_CODE);
  const cached = useDictStore.getState().get(code);
  if (cached) return cached;
  return fetchDictItems(code);
}

export function dictItemsQuery(code: string) {
  return queryOptions({
    queryKey: ['dict', 'items', code],
    queryFn: () => getDictItems(code),
    enabled: Boolean(code),
    staleTime: 5 * 60_000,
  });
}

/** GET /sys/dict/loadDictItem/{dict}?key=… → labels of the given keys */
export function loadDictItem(dict: string, key: string) {
  return http.get<string[]>(`/sys/dict/loadDictItem/${dictPath(dict)}`, { key });
}

/** GET /sys/dict/loadDict/{dict}?keyword=…&pageSize=… (search select) */
export function loadDict(dict: string, keyword: string, pageSize?: number) {
  return http.get<DictOption[]>(`/sys/dict/loadDict/${dictPath(dict)}`, { keyword, pageSize });
}

export interface TreeDataParams {
  pid?: string;
  tableName: string;
  text: string;
  code: string;
  pidField?: string;
  hasChildField?: string;
  condition?: string;
}

export interface DictTreeNode {
  key: string;
  value: string;
  label?: string;
  title?: string;
  /** 0 not a leaf, 1 leaf */
  leaf?: number | boolean;
  isLeaf?: boolean;
  children?: DictTreeNode[];
}

export function loadTreeData(params: TreeDataParams) {
  return http.get<DictTreeNode[]>('/sys/dict/loadTreeData', { ...params });
}

/**
 * Clear cache (spec 01 §4): server cache refresh, then every dictionary is reloaded and stored for 7 days.
 * Shows 刷新缓存完成！ or 刷新缓存失败！; resolves to whether it worked.
 */
export async function refreshDictCache(): Promise<boolean> {
  try {
    const res = await http.get<unknown>('sys/dict/refleshCache', undefined, { silent: true });
    if (!res.success) throw new Error(res.message);
    const all = await http.get<DictMap>('sys/dict/queryAllDictItems', undefined, { silent: true });
    if (all.success) useDictStore.getState().setAll(all.result);
    feedback.message.success('刷新缓存完成！');
    return true;
  } catch {
    feedback.message.warning('刷新缓存失败！');
    return false;
  }
}
