import type { FormRule } from 'antd';
import type { SysUser, UserSaveBody } from '../../../api/user';
import { PATTERNS } from '../../../utils/rules';

/** Texts of the user pages (JeecgBoot's UserModal / UserList / PasswordModal / UserRecycleBinModal). */
export const USER_MSG = {
  usernameRequired: '请输入用户账号!',
  usernameTaken: '用户名已存在!',
  passwordRule: '密码由8位数字、大小写字母和特殊符号组成!',
  confirmRequired: '请重新输入登录密码!',
  passwordMismatch: '两次输入的密码不一样！',
  realnameRequired: '请输入用户名称!',
  workNoRequired: '请输入工号',
  workNoTaken: '工号已存在!',
  phoneTaken: '手机号已存在!',
  emailTaken: '邮箱已存在!',
  selectOne: '请选择一条记录！',
  adminOnly: '管理员账号不允许此操作！',
  adminInSelection: '管理员账号不允许此操作,请重新选择！',
  managedRequired: '请选择负责部门',
} as const;

/** at least 8 characters with a letter, a digit and a special character (the server enforces the same, ≤ 64) */
export const STRONG_PASSWORD = /^(?=.*[a-zA-Z])(?=.*\d)(?=.*[~!@#$%^&*()_+`\-={}:";'<>?,./]).{8,64}$/;

export const passwordRules: FormRule[] = [{ required: true, pattern: STRONG_PASSWORD, message: USER_MSG.passwordRule }];

/** the confirmation field: required and equal to `password` */
export const confirmRules = (field = 'password'): FormRule[] => [
  { required: true, message: USER_MSG.confirmRequired },
  ({ getFieldValue }) => ({
    validator: (_r, value) =>
      !value || value === getFieldValue(field)
        ? Promise.resolve()
        : Promise.reject(new Error(USER_MSG.passwordMismatch)),
  }),
];

export { PATTERNS };

/** Values of the user form as antd holds them. */
export interface UserFormValues {
  username?: string;
  password?: string;
  confirmpassword?: string;
  realname?: string;
  workNo?: string;
  post?: string;
  selectedroles?: string[];
  selecteddeparts?: string;
  userIdentity?: number;
  departIds?: string[];
  avatar?: string;
  /** YYYY-MM-DD */
  birthday?: string | null;
  sex?: string;
  email?: string;
  phone?: string;
  telephone?: string;
  relTenantIds?: string[];
}

const splitIds = (v: string | null | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** a loaded user (plus its role ids and departments) → form values */
export function toFormValues(user: SysUser, roleIds: string[], departIds: string[]): UserFormValues {
  return {
    username: user.username,
    realname: user.realname ?? undefined,
    workNo: user.workNo ?? undefined,
    post: user.post ?? undefined,
    selectedroles: roleIds,
    selecteddeparts: departIds.join(','),
    userIdentity: user.userIdentity === 2 ? 2 : 1,
    departIds: splitIds(user.departIds).filter((d) => departIds.includes(d)),
    avatar: user.avatar ?? undefined,
    birthday: user.birthday ? user.birthday.slice(0, 10) : null,
    sex: user.sex === null || user.sex === undefined ? undefined : String(user.sex),
    email: user.email ?? undefined,
    phone: user.phone ?? undefined,
    telephone: user.telephone ?? undefined,
    relTenantIds: splitIds(user.relTenantIds),
  };
}

/** form values → the add/edit body (comma lists, yyyy-MM-dd, '' for cleared fields) */
export function toSaveBody(v: UserFormValues, id?: string): UserSaveBody {
  const identity = v.userIdentity === 2 ? 2 : 1;
  const body: UserSaveBody = {
    realname: v.realname?.trim() ?? '',
    workNo: v.workNo?.trim() ?? '',
    post: v.post ?? '',
    selectedroles: (v.selectedroles ?? []).join(','),
    selecteddeparts: v.selecteddeparts ?? '',
    userIdentity: identity,
    departIds: identity === 2 ? (v.departIds ?? []).join(',') : '',
    avatar: v.avatar ?? '',
    birthday: v.birthday ?? '',
    sex: v.sex ?? '',
    email: v.email?.trim() ?? '',
    phone: v.phone?.trim() ?? '',
    telephone: v.telephone?.trim() ?? '',
    relTenantIds: (v.relTenantIds ?? []).join(','),
  };
  if (id) body.id = id;
  else {
    body.username = v.username?.trim() ?? '';
    body.password = v.password ?? '';
    body.confirmpassword = v.confirmpassword ?? '';
  }
  return body;
}

/** JeecgBoot's UI leaves admin out of freeze/unfreeze: true when the selection holds it */
export const hasAdmin = (rows: readonly { username?: string | null }[]) => rows.some((r) => r.username === 'admin');

/** `*x*` (JInput type like): the list's contains search for text fields; blank stays blank */
export function likeValue(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t ? `*${t}*` : undefined;
}
