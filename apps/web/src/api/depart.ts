import { http } from './http';

/** Departments (contract §4.4): tree, CRUD, department grants, department roles and members. */

export const DEPART_URLS = {
  treeList: '/sys/sysDepart/queryTreeList',
  myTree: '/sys/sysDepart/queryMyDeptTreeList',
  searchBy: '/sys/sysDepart/searchBy',
  add: '/sys/sysDepart/add',
  edit: '/sys/sysDepart/edit',
  delete: '/sys/sysDepart/delete',
  deleteBatch: '/sys/sysDepart/deleteBatch',
  permissionTree: '/sys/permission/queryTreeList',
  departPermission: '/sys/permission/queryDepartPermission',
  saveDepartPermission: '/sys/permission/saveDepartPermission',
  departDataRule: '/sys/sysDepartPermission/datarule',
  roleTree: '/sys/sysDepartPermission/queryTreeListForDeptRole',
  rolePermission: '/sys/sysDepartPermission/queryDeptRolePermission',
  saveRolePermission: '/sys/sysDepartPermission/saveDeptRolePermission',
  roleList: '/sys/sysDepartRole/list',
  roleAdd: '/sys/sysDepartRole/add',
  roleEdit: '/sys/sysDepartRole/edit',
  roleDelete: '/sys/sysDepartRole/delete',
  roleDeleteBatch: '/sys/sysDepartRole/deleteBatch',
  roleDataRule: '/sys/sysDepartRole/datarule',
  deptRoleList: '/sys/sysDepartRole/getDeptRoleList',
  deptRoleByUser: '/sys/sysDepartRole/getDeptRoleByUserId',
  deptRoleUserAdd: '/sys/sysDepartRole/deptRoleUserAdd',
  userList: '/sys/user/departUserList',
  addUsers: '/sys/user/editSysDepartWithUser',
  removeUser: '/sys/user/deleteUserInDepart',
  removeUsers: '/sys/user/deleteUserInDepartBatch',
} as const;

export interface SysDepart {
  id: string;
  parentId: string;
  departName: string;
  departNameEn?: string | null;
  departNameAbbr?: string | null;
  departOrder?: number | null;
  description?: string | null;
  /** '1' 公司, '2' 部门, '3' 岗位 */
  orgCategory: string;
  orgType?: string | null;
  orgCode: string;
  mobile?: string | null;
  fax?: string | null;
  address?: string | null;
  memo?: string | null;
  status?: string | null;
}

export interface DepartNode extends SysDepart {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children: DepartNode[] | null;
}

export const ORG_CATEGORY: Record<string, string> = { '1': '公司', '2': '部门', '3': '岗位' };

export interface DepartForm {
  departName: string;
  orgCategory: string;
  departOrder?: number | null;
  mobile?: string | null;
  fax?: string | null;
  address?: string | null;
  memo?: string | null;
}

export async function departTree(): Promise<DepartNode[]> {
  const res = await http.get<DepartNode[]>(DEPART_URLS.treeList);
  return res.success && Array.isArray(res.result) ? res.result : [];
}

/** 我的部门: a superior's departments (message "2"); null when the user is in charge of none (message "1"). */
export async function myDepartTree(): Promise<DepartNode[] | null> {
  const res = await http.get<DepartNode[] | null>(DEPART_URLS.myTree);
  if (!res.success || res.message !== '2') return null;
  return res.result ?? [];
}

export async function searchDeparts(keyWord: string, myDeptSearch?: boolean) {
  return http.get<DepartNode[]>(DEPART_URLS.searchBy, { keyWord, myDeptSearch: myDeptSearch ? '1' : undefined });
}

export function addDepart(values: DepartForm & { parentId?: string }) {
  return http.post<null>(DEPART_URLS.add, values);
}

export function editDepart(values: DepartForm & { id: string }) {
  return http.put<null>(DEPART_URLS.edit, values);
}

export function deleteDeparts(ids: string[]) {
  return ids.length === 1
    ? http.delete<null>(DEPART_URLS.delete, { id: ids[0] })
    : http.delete<null>(DEPART_URLS.deleteBatch, { ids: ids.join(',') });
}

// ---------------------------------------------------------------- grants

/** TreeModel of the permission trees (key = value = permission id) */
export interface PermissionNode {
  key: string;
  value: string;
  title: string | null;
  slotTitle?: string | null;
  isLeaf: boolean;
  ruleFlag?: number;
  children?: PermissionNode[] | null;
}

export interface PermissionTreeAnswer {
  treeList: PermissionNode[];
  ids: string[];
}

export async function fullPermissionTree(): Promise<PermissionTreeAnswer> {
  const res = await http.get<PermissionTreeAnswer>(DEPART_URLS.permissionTree);
  return res.result ?? { treeList: [], ids: [] };
}

export async function departPermissionIds(departId: string): Promise<string[]> {
  const res = await http.get<string[]>(DEPART_URLS.departPermission, { departId });
  return res.success && Array.isArray(res.result) ? res.result : [];
}

export function saveDepartPermission(departId: string, permissionIds: string[], last: string[]) {
  return http.post<null>(DEPART_URLS.saveDepartPermission, {
    departId,
    permissionIds: permissionIds.join(','),
    lastpermissionIds: last.join(','),
  });
}

export async function departRoleTree(departId: string): Promise<PermissionTreeAnswer> {
  const res = await http.get<PermissionTreeAnswer>(DEPART_URLS.roleTree, { departId });
  return res.result ?? { treeList: [], ids: [] };
}

export async function departRolePermissionIds(roleId: string): Promise<string[]> {
  const res = await http.get<string[]>(DEPART_URLS.rolePermission, { roleId });
  return res.success && Array.isArray(res.result) ? res.result : [];
}

export function saveDepartRolePermission(roleId: string, permissionIds: string[], last: string[]) {
  return http.post<null>(DEPART_URLS.saveRolePermission, {
    roleId,
    permissionIds: permissionIds.join(','),
    lastpermissionIds: last.join(','),
  });
}

export interface DataRule {
  id: string;
  ruleName: string | null;
  ruleColumn: string | null;
  ruleConditions: string | null;
  ruleValue: string | null;
}

export interface DataRuleAnswer {
  datarule: DataRule[];
  drChecked?: string;
}

// ---------------------------------------------------------------- depart roles and members

export interface DepartRole {
  id: string;
  departId: string;
  roleName: string;
  roleCode: string;
  description?: string | null;
  createTime?: string | null;
}

export interface DepartUser {
  id: string;
  username: string;
  realname: string | null;
  orgCode: string | null;
  sex: number | null;
  sex_dictText?: string | null;
  phone: string | null;
  status: number;
  status_dictText?: string | null;
}

export function saveDepartRole(
  values: { roleName: string; roleCode: string; description?: string | null },
  departId: string,
  id?: string,
) {
  return id
    ? http.put<null>(DEPART_URLS.roleEdit, { ...values, id })
    : http.post<null>(DEPART_URLS.roleAdd, { ...values, departId });
}

export function addUsersToDepart(depId: string, userIdList: string[]) {
  return http.post<null>(DEPART_URLS.addUsers, { depId, userIdList });
}

export function removeUsersFromDepart(depId: string, userIds: string[]) {
  return userIds.length === 1
    ? http.delete<null>(DEPART_URLS.removeUser, { depId, userId: userIds[0] })
    : http.delete<null>(DEPART_URLS.removeUsers, { depId, userIds: userIds.join(',') });
}

export async function departRolesOf(departId: string, userId: string): Promise<DepartRole[]> {
  const res = await http.get<DepartRole[]>(DEPART_URLS.deptRoleList, { departId, userId });
  return res.success && Array.isArray(res.result) ? res.result : [];
}

export async function userDepartRoleIds(departId: string, userId: string): Promise<string[]> {
  const res = await http.get<Array<{ droleId: string }>>(DEPART_URLS.deptRoleByUser, { departId, userId });
  return res.success && Array.isArray(res.result) ? res.result.map((r) => r.droleId) : [];
}

export function saveUserDepartRoles(userId: string, newRoleIds: string[], oldRoleIds: string[]) {
  return http.post<null>(DEPART_URLS.deptRoleUserAdd, {
    userId,
    newRoleId: newRoleIds.join(','),
    oldRoleId: oldRoleIds.join(','),
  });
}
