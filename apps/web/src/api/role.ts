import { http } from './http';

/** Roles (contract §4.2) and role members (the /sys/user role endpoints, §4.1). */

export const ROLE_URLS = {
  list: '/sys/role/list',
  add: '/sys/role/add',
  edit: '/sys/role/edit',
  delete: '/sys/role/delete',
  deleteBatch: '/sys/role/deleteBatch',
  exportXls: '/sys/role/exportXls',
  importExcel: '/sys/role/importExcel',
  checkRoleCode: '/sys/role/checkRoleCode',
  queryTreeList: '/sys/role/queryTreeList',
  userRoleList: '/sys/user/userRoleList',
  addSysUserRole: '/sys/user/addSysUserRole',
  deleteUserRole: '/sys/user/deleteUserRole',
  deleteUserRoleBatch: '/sys/user/deleteUserRoleBatch',
} as const;

export interface SysRole {
  id: string;
  roleName: string | null;
  roleCode: string;
  description: string | null;
  createBy?: string | null;
  createTime?: string | null;
  updateBy?: string | null;
  updateTime?: string | null;
}

export interface RoleForm {
  id?: string;
  roleName: string;
  roleCode: string;
  description?: string | null;
}

/** TreeModel of /sys/role/queryTreeList */
export interface RoleTreeNode {
  key: string;
  value: string;
  slotTitle: string | null;
  title?: string | null;
  parentId: string | null;
  isLeaf: boolean;
  ruleFlag: number;
  menuType: number | null;
  children?: RoleTreeNode[];
}

export interface DataRule {
  id: string;
  permissionId: string;
  ruleName: string | null;
  ruleColumn: string | null;
  ruleConditions: string | null;
  ruleValue: string | null;
  status: string | null;
  createTime?: string | null;
}

export const saveRole = (form: RoleForm) => (form.id ? http.put(ROLE_URLS.edit, form) : http.post(ROLE_URLS.add, form));

/** success false + 角色编码已存在 when another role has the code */
export const checkRoleCode = (roleCode: string, id?: string) =>
  http.get<boolean>(ROLE_URLS.checkRoleCode, { roleCode, id: id ?? '' }, { silent: true });

export const queryRoleTree = () => http.get<{ treeList: RoleTreeNode[]; ids: string[] }>(ROLE_URLS.queryTreeList);

export const queryRoleDataRules = (permissionId: string, roleId: string) =>
  http.get<{ datarule: DataRule[]; drChecked?: string }>(
    `/sys/role/datarule/${encodeURIComponent(permissionId)}/${encodeURIComponent(roleId)}`,
  );

export const saveRoleDataRules = (permissionId: string, roleId: string, dataRuleIds: string[]) =>
  http.post('/sys/role/datarule', { permissionId, roleId, dataRuleIds: dataRuleIds.join(',') });

export const addUsersToRole = (roleId: string, userIdList: string[]) =>
  http.post(ROLE_URLS.addSysUserRole, { roleId, userIdList });

export const removeUserFromRole = (roleId: string, userId: string) =>
  http.delete(ROLE_URLS.deleteUserRole, { roleId, userId });

export const removeUsersFromRole = (roleId: string, userIds: string[]) =>
  http.delete(ROLE_URLS.deleteUserRoleBatch, { roleId, userIds: userIds.join(',') });
