import type { CategoryTreeNode } from '@answer/contract';
import { http } from './http';

/** Category tree dictionary (分类字典, contract §4.6): /sys/category. */

export const CATEGORY_URLS = {
  rootList: '/sys/category/rootList',
  childList: '/sys/category/childList',
  add: '/sys/category/add',
  edit: '/sys/category/edit',
  delete: '/sys/category/delete',
  deleteBatch: '/sys/category/deleteBatch',
  loadTreeRoot: '/sys/category/loadTreeRoot',
  loadTreeChildren: '/sys/category/loadTreeChildren',
  loadTreeData: '/sys/category/loadTreeData',
  loadDictItem: '/sys/category/loadDictItem',
  loadOne: '/sys/category/loadOne',
} as const;

export const ROOT_PID = '0';

export interface SysCategory {
  id: string;
  pid: string;
  name: string;
  code: string;
  /** '1' has children */
  hasChild: string | null;
  sysOrgCode?: string | null;
  createBy?: string | null;
  createTime?: string | null;
}

/** JeecgBoot TreeSelectModel of a category (the server's type) */
export type CategoryNode = CategoryTreeNode;

export function saveCategory(values: { name: string; pid?: string }, id?: string) {
  return id ? http.put<null>(CATEGORY_URLS.edit, { ...values, id }) : http.post<null>(CATEGORY_URLS.add, values);
}

export function childList(pid: string) {
  return http.get<SysCategory[]>(CATEGORY_URLS.childList, { pid });
}

/** GET loadTreeRoot ?async&pcode: the children of the node with code pcode ('' = the roots) */
export function loadTreeRoot(pcode: string, async = true) {
  return http.get<CategoryNode[]>(CATEGORY_URLS.loadTreeRoot, { async, pcode }, { silent: true });
}

export function loadTreeChildren(pid: string) {
  return http.get<CategoryNode[]>(CATEGORY_URLS.loadTreeChildren, { pid }, { silent: true });
}

/** names of the given ids, in order (path form of the spec) */
export function loadCategoryNames(ids: string) {
  return http.get<string[]>(
    `${CATEGORY_URLS.loadDictItem}/${encodeURIComponent(ids).replace(/%2C/gi, ',')}`,
    undefined,
    {
      silent: true,
    },
  );
}
