import type { Page } from '@answer/contract';
import { http } from './http';

/** The template's example pages (issue 16; server modules/example): forms that store, lists over seeded rows. */

export const EXAMPLE_URLS = {
  formAdd: '/example/form/add',
  transferAdd: '/example/transfer/add',
  transferList: '/example/transfer/list',
  transferById: '/example/transfer/queryById',
  projectAdd: '/example/project/add',
  projectList: '/example/project/list',
  projectById: '/example/project/queryById',
  rule: {
    list: '/example/rule/list',
    add: '/example/rule/add',
    edit: '/example/rule/edit',
    delete: '/example/rule/delete',
    deleteBatch: '/example/rule/deleteBatch',
  },
  ruleBatchStatus: '/example/rule/batchStatus',
  item: {
    list: '/example/item/list',
    add: '/example/item/add',
    edit: '/example/item/edit',
    delete: '/example/item/delete',
  },
} as const;

export interface Transfer {
  id: string;
  payAccount: string;
  receiverType: 'alipay' | 'bank';
  receiverAccount: string;
  receiverName: string;
  amount: number;
  remark?: string | null;
  status: number;
  createBy?: string | null;
  createTime?: string | null;
}

export interface Member {
  key?: string;
  name: string;
  workId: string;
  department: string;
}

export interface Project {
  id: string;
  name: string;
  url: string;
  owner: string;
  approver: string;
  startDate: string;
  endDate: string;
  type: 'private' | 'public';
  taskName: string;
  taskDescription: string;
  executor: string;
  responsible: string;
  taskTime: string;
  taskType: 'private' | 'public';
  members: Member[];
  createBy?: string | null;
  createTime?: string | null;
}

export interface Rule {
  id: string;
  no: string;
  description: string;
  callNo: number;
  status: number;
  updateTime?: string | null;
}

export interface Item {
  id: string;
  title: string;
  owner: string;
  avatar?: string | null;
  description?: string | null;
  href?: string | null;
  percent: number;
  status: 'active' | 'exception' | 'normal' | 'success';
  category: string;
  tags?: string | null;
  content?: string | null;
  star: number;
  likes: number;
  messages: number;
  activeUser: number;
  newUser: number;
  startAt?: string | null;
  createTime?: string | null;
}

export const RULE_STATUS = ['关闭', '运行中', '已上线', '异常'] as const;
export const RULE_BADGE = ['default', 'processing', 'success', 'error'] as const;
export const CATEGORY_OPTIONS = [
  { value: 'design', label: '设计' },
  { value: 'develop', label: '开发' },
  { value: 'operate', label: '运营' },
  { value: 'product', label: '产品' },
  { value: 'test', label: '测试' },
  { value: 'teach', label: '教学' },
] as const;

export const submitBasicForm = (body: Record<string, unknown>) => http.post(EXAMPLE_URLS.formAdd, body);
export const submitTransfer = (body: Record<string, unknown>) => http.post(EXAMPLE_URLS.transferAdd, body);
export const submitProject = (body: Record<string, unknown>) => http.post(EXAMPLE_URLS.projectAdd, body);
export const setRuleStatus = (ids: string, status: number) => http.put(EXAMPLE_URLS.ruleBatchStatus, { ids, status });

export const listItems = (params: Record<string, string | number | undefined>) =>
  http.get<Page<Item>>(EXAMPLE_URLS.item.list, params);

/** one record for a detail page: `id`, else the newest */
async function oneOf<T>(byId: string, list: string, id: string | null): Promise<T | null> {
  if (id) return (await http.get<T>(byId, { id })).result ?? null;
  const res = await http.get<Page<T>>(list, { pageNo: 1, pageSize: 1, column: 'createTime', order: 'desc' });
  return res.result?.records?.[0] ?? null;
}
export const loadTransfer = (id: string | null) =>
  oneOf<Transfer>(EXAMPLE_URLS.transferById, EXAMPLE_URLS.transferList, id);
export const loadProject = (id: string | null) =>
  oneOf<Project>(EXAMPLE_URLS.projectById, EXAMPLE_URLS.projectList, id);
