/** SysUser as JSON (password and salt never emitted). */
export interface SysUserInfo {
  id: string;
  username: string;
  realname: string | null;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  orgCode: string | null;
  orgCodeTxt?: string | null;
  status: number;
  delFlag: number;
  workNo: string | null;
  post: string | null;
  telephone: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  activitiSync: number | null;
  userIdentity: number | null;
  departIds: string | null;
  relTenantIds: string | null;
  clientId: string | null;
  thirdId?: string | null;
  thirdType?: string | null;
}

export interface DictOption {
  value: string;
  text: string;
  title: string;
  label: string;
}

export interface SysDepartInfo {
  id: string;
  parentId: string | null;
  departName: string;
  orgCode: string;
  orgCategory: string;
  orgType: string | null;
  [k: string]: unknown;
}

export interface TenantInfo {
  id: number;
  name: string;
  beginDate: string | null;
  endDate: string | null;
  status: number;
  createBy: string | null;
  createTime: string | null;
}

/** POST /sys/login and /sys/phoneLogin `result` (contract §2.2). */
export interface LoginResult {
  token: string;
  userInfo: SysUserInfo;
  departs: SysDepartInfo[];
  /** 0 none, 1 exactly one, 2 several */
  multi_depart: 0 | 1 | 2;
  sysAllDictItems: Record<string, DictOption[]>;
  tenantList?: TenantInfo[];
}
