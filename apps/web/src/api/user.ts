import { http } from './http';

/** User management calls (contract §4.1). */

export const USER_URLS = {
  list: '/sys/user/list',
  add: '/sys/user/add',
  edit: '/sys/user/edit',
  delete: '/sys/user/delete',
  deleteBatch: '/sys/user/deleteBatch',
  frozenBatch: '/sys/user/frozenBatch',
  queryUserRole: '/sys/user/queryUserRole',
  userDepartList: '/sys/user/userDepartList',
  changePassword: '/sys/user/changePassword',
  recycleBin: '/sys/user/recycleBin',
  putRecycleBin: '/sys/user/putRecycleBin',
  deleteRecycleBin: '/sys/user/deleteRecycleBin',
  exportXls: '/sys/user/exportXls',
  importExcel: '/sys/user/importExcel',
  roleAll: '/sys/role/queryall',
  tenantList: '/sys/tenant/queryList',
  duplicateCheck: '/sys/duplicate/check',
} as const;

export interface SysUser {
  id: string;
  username: string;
  realname: string | null;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  sex_dictText?: string;
  email: string | null;
  phone: string | null;
  telephone: string | null;
  workNo: string | null;
  post: string | null;
  post_dictText?: string;
  status: number;
  status_dictText?: string;
  orgCode: string | null;
  orgCodeTxt?: string | null;
  userIdentity: number | null;
  departIds: string | null;
  departIds_dictText?: string;
  relTenantIds: string | null;
  createTime: string | null;
  updateTime?: string | null;
}

export interface RoleOption {
  id: string;
  roleName: string | null;
  roleCode: string;
}

export interface TenantOption {
  id: number;
  name: string;
}

export interface DepartOption {
  key: string;
  value: string;
  title: string;
}

/** POST add / PUT edit body: the form values plus comma lists of role and department ids */
export interface UserSaveBody extends Partial<Omit<SysUser, 'sex'>> {
  sex?: number | string | null;
  password?: string;
  confirmpassword?: string;
  selectedroles: string;
  selecteddeparts: string;
}

export const saveUser = (body: UserSaveBody, editing: boolean) =>
  editing ? http.put<null>(USER_URLS.edit, body) : http.post<null>(USER_URLS.add, body);

/** status 1 unfreezes, 2 freezes; ids comma-joined with the trailing comma JeecgBoot's UI leaves */
/** users of these ids whose sign-in is paused after repeated wrong passwords (ADR 060), with the seconds left */
export const loginLocks = (ids: string[]) =>
  http.get<{ id: string; username: string; seconds: number }[]>(
    '/sys/user/loginLocks',
    { ids: ids.join(',') },
    { silent: true },
  );

/** lifts a user's sign-in pause; the user gets a 系统消息 */
export const unlockLogin = (id: string) => http.put<null>('/sys/user/unlockLogin', { id });

export const frozenBatch = (ids: string[], status: 1 | 2) =>
  http.put<null>(USER_URLS.frozenBatch, { ids: `${ids.join(',')},`, status: String(status) });

/** role ids of a user; a user without roles answers success false (未找到用户相关角色信息) and gives [] here */
export async function userRoleIds(userId: string): Promise<string[]> {
  try {
    const res = await http.get<string[]>(USER_URLS.queryUserRole, { userid: userId }, { silent: true });
    return res.success && Array.isArray(res.result) ? res.result : [];
  } catch {
    return [];
  }
}

/** the user's departments as {key, value, title}; none answers success false (查找失败) and gives [] here */
export async function userDeparts(userId: string): Promise<DepartOption[]> {
  try {
    const res = await http.get<DepartOption[]>(USER_URLS.userDepartList, { userId }, { silent: true });
    return res.success && Array.isArray(res.result) ? res.result : [];
  } catch {
    return [];
  }
}

/** every role, for the form's role select; [] when the user may not list roles (403) */
export async function allRoles(): Promise<RoleOption[]> {
  try {
    const res = await http.get<RoleOption[]>(USER_URLS.roleAll, undefined, { silent: true });
    return res.success && Array.isArray(res.result) ? res.result : [];
  } catch {
    return [];
  }
}

export async function tenantOptions(): Promise<TenantOption[]> {
  try {
    const res = await http.get<TenantOption[]>(USER_URLS.tenantList, undefined, { silent: true });
    return res.success && Array.isArray(res.result) ? res.result : [];
  } catch {
    return [];
  }
}

export const changeUserPassword = (username: string, password: string, confirmpassword: string) =>
  http.put<null>(USER_URLS.changePassword, { username, password, confirmpassword });

export const recycleBinList = () => http.get<SysUser[]>(USER_URLS.recycleBin);
export const restoreUsers = (ids: string[]) => http.put<null>(USER_URLS.putRecycleBin, { userIds: ids.join(',') });
export const purgeUsers = (ids: string[]) => http.delete<null>(USER_URLS.deleteRecycleBin, { userIds: ids.join(',') });

/** sys_user columns the form checks for duplicates (the server's allow-list) */
export type UserUniqueField = 'username' | 'work_no' | 'phone' | 'email';

/**
 * `GET /sys/duplicate/check` for a sys_user field: true when the value is free (or blank). `dataId` excludes the
 * user being edited.
 */
export async function isUserValueFree(field: UserUniqueField, value: string, dataId?: string): Promise<boolean> {
  if (!value) return true;
  const res = await http.get<null>(
    USER_URLS.duplicateCheck,
    { tableName: 'sys_user', fieldName: field, fieldVal: value, dataId },
    { silent: true },
  );
  return res.success;
}
