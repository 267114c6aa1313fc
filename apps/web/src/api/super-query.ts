import { http } from './http';

/** Saved advanced queries, the signed-in user's own, per page (server copy; the builder keeps a local one too). */

export const SUPER_QUERY_URLS = {
  list: '/sys/superQuery/list',
  save: '/sys/superQuery/save',
  delete: '/sys/superQuery/delete',
} as const;

export interface SavedConditionRecord {
  field: string;
  rule: string;
  val?: string | number | boolean | (string | number | boolean)[];
  type?: string;
  dbType?: string;
  dictCode?: string;
  dictTable?: string;
  dictText?: string;
  customReturnField?: string;
}

export interface SavedSuperQuery {
  id?: string;
  title: string;
  matchType: 'and' | 'or';
  records: SavedConditionRecord[];
}

export function listSavedQueries(pageKey: string) {
  return http.get<SavedSuperQuery[]>(SUPER_QUERY_URLS.list, { pageKey });
}

export function saveSavedQuery(pageKey: string, q: SavedSuperQuery, overwrite: boolean) {
  return http.post<SavedSuperQuery>(SUPER_QUERY_URLS.save, { pageKey, ...q, overwrite });
}

export function deleteSavedQuery(id: string) {
  return http.delete<null>(SUPER_QUERY_URLS.delete, { id });
}
