import type { SysUserInfo } from '@answer/contract';

export const SEX_TEXT: Record<string, string> = { '1': '男', '2': '女' };
export const IDENTITY_TEXT: Record<string, string> = { '1': '普通用户', '2': '上级' };

/** Label/value rows of the user's own information, '-' for blanks. */
export function userRows(u: SysUserInfo | null | undefined): Array<{ key: string; label: string; value: string }> {
  const v = (x: unknown) => (x === null || x === undefined || x === '' ? '-' : String(x));
  return [
    { key: 'username', label: '用户账号', value: v(u?.username) },
    { key: 'realname', label: '用户姓名', value: v(u?.realname) },
    { key: 'workNo', label: '工号', value: v(u?.workNo) },
    { key: 'orgCode', label: '当前部门', value: v(u?.orgCodeTxt || u?.orgCode) },
    { key: 'post', label: '职务', value: v(u?.post) },
    { key: 'userIdentity', label: '身份', value: v(IDENTITY_TEXT[String(u?.userIdentity)]) },
    { key: 'sex', label: '性别', value: v(SEX_TEXT[String(u?.sex)]) },
    { key: 'birthday', label: '生日', value: v(u?.birthday?.slice(0, 10)) },
    { key: 'phone', label: '手机号码', value: v(u?.phone) },
    { key: 'telephone', label: '座机', value: v(u?.telephone) },
    { key: 'email', label: '邮箱', value: v(u?.email) },
    { key: 'createTime', label: '创建时间', value: v(u?.createTime) },
  ];
}
