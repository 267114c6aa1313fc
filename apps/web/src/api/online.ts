import type { OnlineRecord } from '@answer/contract';
import { http } from './http';

/** Online users (contract §4.11): the live sessions and force-logout. */

export const ONLINE_URLS = {
  list: '/sys/online/list',
  forceLogout: '/sys/online/forceLogout',
} as const;

/** A row of the online list (the server's type). */
export type OnlineUser = OnlineRecord;

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
