import { http } from './http';

/** Tenants (租户, contract §4.11): the id is a positive integer chosen by the administrator. */

export const TENANT_URLS = {
  list: '/sys/tenant/list',
  add: '/sys/tenant/add',
  edit: '/sys/tenant/edit',
  delete: '/sys/tenant/delete',
  deleteBatch: '/sys/tenant/deleteBatch',
  queryList: '/sys/tenant/queryList',
} as const;

export interface SysTenant {
  id: number;
  name: string;
  beginDate: string | null;
  endDate: string | null;
  status: number;
  status_dictText?: string | null;
  createBy?: string | null;
  createTime?: string | null;
}

export interface TenantBody {
  id: number;
  name: string;
  beginDate: string | null;
  endDate: string | null;
  status: number;
}

export function saveTenant(body: TenantBody, editing: boolean) {
  return editing ? http.put<null>(TENANT_URLS.edit, body) : http.post<null>(TENANT_URLS.add, body);
}
