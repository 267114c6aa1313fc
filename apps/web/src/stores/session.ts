import {
  type AllAuthEntry,
  type AuthEntry,
  type LoginResult,
  type MenuItem,
  SESSION_CACHE_MS,
  type SysUserInfo,
} from '@answer/contract';
import { create } from 'zustand';
import { logout as logoutCall } from '../api/auth';
import { configureHttp } from '../api/http';
import { getUserPermissionByToken } from '../api/menu';
import { timeFix } from '../utils/greeting';
import { ls, SESSION_KEYS, STORAGE_KEYS, ss } from '../utils/storage';

/** what a failed server logout says when the server gave no message */
export const LOGOUT_FAILED = '退出登录失败！';

import { useDictStore } from './dict';

/**
 * Session (spec 01 §3–§4): token, user, tenant, menu and button permissions.
 * Token, username, user info and tenant are kept in localStorage for 7 days under explicit keys;
 * button permissions for the browser session (sessionStorage); the menu only in memory.
 */

export const EMPTY_MENU_ERROR = 'getPermissionList: permissions must be a non-null array !';

export interface SessionState {
  token: string | null;
  username: string;
  realname: string;
  avatar: string | null;
  userInfo: SysUserInfo | null;
  tenantId: string | number | null;
  permissionList: MenuItem[];
  auth: AuthEntry[];
  allAuth: AllAuthEntry[];
  sysSafeMode: boolean;
  menuLoaded: boolean;
  /** greeting for the current hour (早上好 … 晚上好) */
  welcome(): string;
  /** stores token, user and dictionary items of a successful login (code 200 checked by the caller) */
  applyLogin(result: LoginResult): void;
  /** GET /sys/permission/getUserPermissionByToken; rejects with EMPTY_MENU_ERROR when the menu is empty */
  loadPermissions(): Promise<void>;
  /**
   * local clean-up of token, user, username, dictionaries, tenant, menu, and the server logout; a failing server call
   * does not keep the session (spec 01 §4) but is reported back as `serverError` for the caller to show (spec 01 §5)
   */
  logout(): Promise<{ serverError?: string }>;
  setUserInfo(userInfo: SysUserInfo): void;
  setTenantId(tenantId: string | number | null): void;
}

function initial() {
  const userInfo = ls.get<SysUserInfo>(STORAGE_KEYS.USER_INFO);
  return {
    token: ls.get<string>(STORAGE_KEYS.ACCESS_TOKEN),
    username: ls.get<string>(STORAGE_KEYS.USER_NAME) ?? userInfo?.username ?? '',
    realname: userInfo?.realname ?? '',
    avatar: userInfo?.avatar ?? null,
    userInfo,
    tenantId: ls.get<string | number>(STORAGE_KEYS.TENANT_ID),
    permissionList: [] as MenuItem[],
    auth: ss.get<AuthEntry[]>(SESSION_KEYS.USER_AUTH) ?? [],
    allAuth: ss.get<AllAuthEntry[]>(SESSION_KEYS.SYS_BUTTON_AUTH) ?? [],
    sysSafeMode: false,
    menuLoaded: false,
  };
}

export const useSession = create<SessionState>((set, get) => ({
  ...initial(),
  welcome: () => timeFix(),

  applyLogin(result) {
    const { token, userInfo } = result;
    ls.set(STORAGE_KEYS.ACCESS_TOKEN, token, SESSION_CACHE_MS);
    ls.set(STORAGE_KEYS.USER_NAME, userInfo.username, SESSION_CACHE_MS);
    ls.set(STORAGE_KEYS.USER_INFO, userInfo, SESSION_CACHE_MS);
    if (result.sysAllDictItems) useDictStore.getState().setAll(result.sysAllDictItems);
    set({
      token,
      userInfo,
      username: userInfo.username,
      realname: userInfo.realname ?? '',
      avatar: userInfo.avatar ?? null,
      // a new login always starts with a fresh menu
      permissionList: [],
      menuLoaded: false,
    });
  },

  async loadPermissions() {
    const res = await getUserPermissionByToken();
    if (!res.success) throw new Error(res.message || EMPTY_MENU_ERROR);
    const { menu, auth, allAuth, sysSafeMode } = res.result ?? ({} as Partial<typeof res.result>);
    ss.set(SESSION_KEYS.USER_AUTH, auth ?? []);
    ss.set(SESSION_KEYS.SYS_BUTTON_AUTH, allAuth ?? []);
    if (!Array.isArray(menu) || menu.length === 0) throw new Error(EMPTY_MENU_ERROR);
    set({
      permissionList: menu,
      auth: auth ?? [],
      allAuth: allAuth ?? [],
      sysSafeMode: Boolean(sysSafeMode),
      menuLoaded: true,
    });
  },

  async logout() {
    const token = get().token ?? ls.get<string>(STORAGE_KEYS.ACCESS_TOKEN);
    clearLocal();
    set({
      token: null,
      username: '',
      realname: '',
      avatar: null,
      userInfo: null,
      tenantId: null,
      permissionList: [],
      auth: [],
      allAuth: [],
      sysSafeMode: false,
      menuLoaded: false,
    });
    if (!token) return {};
    try {
      const res = await logoutCall(token);
      if (res && res.success === false) return { serverError: res.message || LOGOUT_FAILED };
      return {};
    } catch (err) {
      // the local session is gone either way (spec 01 §4)
      return { serverError: err instanceof Error && err.message ? err.message : LOGOUT_FAILED };
    }
  },

  setUserInfo(userInfo) {
    ls.set(STORAGE_KEYS.USER_INFO, userInfo, SESSION_CACHE_MS);
    set({ userInfo, realname: userInfo.realname ?? '', avatar: userInfo.avatar ?? null });
  },

  setTenantId(tenantId) {
    if (tenantId === null || tenantId === '' || tenantId === undefined) ls.remove(STORAGE_KEYS.TENANT_ID);
    else ls.set(STORAGE_KEYS.TENANT_ID, tenantId, SESSION_CACHE_MS);
    set({ tenantId: tenantId === '' ? null : tenantId });
  },
}));

function clearLocal(): void {
  ls.remove(STORAGE_KEYS.ACCESS_TOKEN);
  ls.remove(STORAGE_KEYS.USER_INFO);
  ls.remove(STORAGE_KEYS.USER_NAME);
  ls.remove(STORAGE_KEYS.TENANT_ID);
  ls.remove(STORAGE_KEYS.CACHE_INCLUDED_ROUTES);
  ss.remove(SESSION_KEYS.USER_AUTH);
  ss.remove(SESSION_KEYS.SYS_BUTTON_AUTH);
  useDictStore.getState().clear();
}

// the http client reads the session through this bridge (no import cycle)
configureHttp({
  getToken: () => useSession.getState().token,
  getTenantId: () => useSession.getState().tenantId,
  logout: () =>
    useSession
      .getState()
      .logout()
      .then(() => undefined),
});
