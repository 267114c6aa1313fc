import type { LoginResult, Result, SysDepartInfo, TenantInfo } from '@answer/contract';
import { HttpError } from '../../api/http';

/** Pure rules of the sign-in flow shared by the account, phone, third-party and OAuth2 logins. */

/** A login answer counts only with code 200 (JeecgBoot: `response.code == '200'`) and a token. */
export function isLoginOk(res: Result<LoginResult> | null | undefined): res is Result<LoginResult> {
  return Boolean(res && String(res.code) === '200' && res.result && typeof res.result.token === 'string');
}

export interface LoginSelection {
  /** several departments (multi_depart 2): the user picks one */
  departs: SysDepartInfo[] | null;
  /** several tenants: the user picks one */
  tenants: TenantInfo[] | null;
  /** the tenant to use without asking (exactly one), else null */
  tenantId: number | string | null;
  /** multi_depart 0: warn 您尚未归属部门,请确认账号信息 */
  noDepart: boolean;
}

export function loginSelection(result: LoginResult): LoginSelection {
  const multi = Number(result.multi_depart);
  const departs = multi === 2 && Array.isArray(result.departs) && result.departs.length > 0 ? result.departs : null;
  let tenants: TenantInfo[] | null = null;
  let tenantId: number | string | null = null;
  if (Array.isArray(result.tenantList) && result.tenantList.length > 0) {
    if (result.tenantList.length > 1) tenants = result.tenantList;
    else tenantId = result.tenantList[0].id;
  } else {
    const ids = (result.userInfo?.relTenantIds ?? '').split(',').filter(Boolean);
    if (ids.length === 1) tenantId = ids[0];
  }
  return { departs, tenants, tenantId, noDepart: multi === 0 };
}

export function needsSelection(sel: LoginSelection): boolean {
  return Boolean(sel.departs || sel.tenants);
}

/** Title of the selection dialog. */
export function selectionTitle(sel: LoginSelection): string {
  if (sel.departs && sel.tenants) return '请选择租户和部门';
  if (sel.departs) return '请选择部门';
  return '请选择租户';
}

/** The text of a failed login: the server message, else the error's, else a generic one. */
export function loginFailureText(err: unknown): string {
  if (err && typeof err === 'object' && 'message' in err) {
    const data = err instanceof HttpError ? err.data : null;
    const fromData =
      data && typeof data === 'object' && 'message' in data ? String((data as { message: unknown }).message) : '';
    const own = String((err as { message: unknown }).message ?? '');
    if (fromData) return fromData;
    if (own) return own;
  }
  return '请求出现错误，请稍后再试';
}
