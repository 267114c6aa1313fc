import { http } from './http';

/** Online users (contract §4.11): the live sessions and force-logout. */

export const ONLINE_URLS = {
  list: '/sys/online/list',
  forceLogout: '/sys/online/forceLogout',
} as const;

export interface OnlineUser {
  /** the user's id */
  id: string;
  /** opaque session id (not an access token); posted back to force-logout */
  token: string;
  username: string;
  realname: string | null;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  phone: string | null;
  loginTime: string | null;
  lastActiveTime?: string | null;
  ip: string | null;
  /** the row of the caller's own session */
  currentSession?: boolean;
}

export const ONLINE_MESSAGES = {
  confirm: '强制退出用户？',
  confirmSelf: '这是您当前的登录会话，强制退出后您将立即退出登录，确定吗？',
  ok: '退出登录成功！',
  failed: '退出登录失败！',
} as const;

/** POST /sys/online/forceLogout {token}: the envelope (message 退出登录成功！ / 退出登录失败！ / Token无效!). */
export function forceLogout(token: string) {
  return http.post<null>(ONLINE_URLS.forceLogout, { token });
}
