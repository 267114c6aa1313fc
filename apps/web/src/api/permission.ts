import { http } from './http';

/** Menus, buttons, grants and data rules (contract §4.3). */

export const PERMISSION_URLS = {
  list: '/sys/permission/list',
  add: '/sys/permission/add',
  edit: '/sys/permission/edit',
  delete: '/sys/permission/delete',
  deleteBatch: '/sys/permission/deleteBatch',
  queryRolePermission: '/sys/permission/queryRolePermission',
  saveRolePermission: '/sys/permission/saveRolePermission',
  ruleList: '/sys/permission/getPermRuleListByPermId',
  queryRule: '/sys/permission/queryPermissionRule',
  addRule: '/sys/permission/addPermissionRule',
  editRule: '/sys/permission/editPermissionRule',
  deleteRule: '/sys/permission/deletePermissionRule',
} as const;

/** 0 一级菜单, 1 子菜单, 2 按钮权限 */
export type MenuType = 0 | 1 | 2;

/** SysPermissionTree of /sys/permission/list */
export interface SysPermission {
  id: string;
  key: string;
  parentId: string | null;
  name: string | null;
  title?: string | null;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  menuType: MenuType;
  perms: string | null;
  permsType: string | null;
  sortNo: number | null;
  icon: string | null;
  route: boolean;
  leaf: boolean;
  isLeaf?: boolean;
  keepAlive: boolean;
  alwaysShow: boolean;
  hidden: boolean;
  hideTab: boolean;
  internalOrExternal: boolean;
  ruleFlag: number;
  status: string | null;
  description?: string | null;
  children?: SysPermission[];
}

export interface PermissionForm {
  id?: string;
  parentId?: string | null;
  name: string;
  menuType: MenuType;
  url?: string | null;
  component?: string | null;
  componentName?: string | null;
  redirect?: string | null;
  icon?: string | null;
  sortNo?: number | null;
  route?: boolean;
  hidden?: boolean;
  keepAlive?: boolean;
  alwaysShow?: boolean;
  internalOrExternal?: boolean;
  hideTab?: boolean;
  perms?: string | null;
  permsType?: string | null;
  status?: string | null;
  description?: string | null;
}

export interface DataRuleForm {
  id?: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: string;
}

export const listPermissions = (name?: string) =>
  http.get<SysPermission[]>(PERMISSION_URLS.list, name ? { name } : undefined);

export const savePermission = (form: PermissionForm) =>
  form.id ? http.put(PERMISSION_URLS.edit, form) : http.post(PERMISSION_URLS.add, form);

export const deletePermission = (id: string) => http.delete(PERMISSION_URLS.delete, { id });
export const deletePermissions = (ids: string[]) => http.delete(PERMISSION_URLS.deleteBatch, { ids: ids.join(',') });

export const queryRolePermission = (roleId: string) =>
  http.get<string[]>(PERMISSION_URLS.queryRolePermission, { roleId });

/** diff save: ids new in permissionIds are granted, ids only in lastpermissionIds are revoked */
export const saveRolePermission = (roleId: string, permissionIds: string[], lastpermissionIds: string[]) =>
  http.post(PERMISSION_URLS.saveRolePermission, {
    roleId,
    permissionIds: permissionIds.join(','),
    lastpermissionIds: lastpermissionIds.join(','),
  });

export const listDataRules = (permissionId: string) =>
  http.get<import('./role').DataRule[]>(PERMISSION_URLS.ruleList, { permissionId });

export const queryDataRules = (params: Record<string, string>) =>
  http.get<import('./role').DataRule[]>(PERMISSION_URLS.queryRule, params);

export const saveDataRule = (form: DataRuleForm) =>
  form.id ? http.put(PERMISSION_URLS.editRule, form) : http.post(PERMISSION_URLS.addRule, form);

export const deleteDataRule = (id: string) => http.delete(PERMISSION_URLS.deleteRule, { id });
