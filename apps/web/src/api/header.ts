import type { SysDepartInfo, SysUserInfo } from '@answer/contract';
import { http } from './http';

/** Calls of the header: notices (contract §4.8), password change and department switch (§2.7), cache refresh. */

export type NoticePriority = 'L' | 'M' | 'H';

export interface NoticeRecord {
  id: string;
  /** sic: JeecgBoot's column name */
  titile: string;
  msgContent?: string | null;
  sender?: string | null;
  sendTime?: string | null;
  createTime?: string | null;
  priority?: NoticePriority | string | null;
  openType?: string | null;
  openPage?: string | null;
  busId?: string | null;
  busType?: string | null;
  msgCategory?: string | null;
  msgAbstract?: string | null;
}

export interface NoticeSummary {
  anntMsgList: NoticeRecord[];
  anntMsgTotal: number;
  sysMsgList: NoticeRecord[];
  sysMsgTotal: number;
}

export const EMPTY_NOTICES: NoticeSummary = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };

export const noticeKeys = { list: ['header', 'notices'] as const };

/**
 * The user's unread announcements. Rejects when the call fails (also on 404 while the server has no announcement
 * module), so the poller can stop.
 */
export async function fetchNotices(): Promise<NoticeSummary> {
  const res = await http.get<NoticeSummary>('/sys/annountCement/listByUser', undefined, { silent: true });
  if (!res.success) throw new Error(res.message || 'listByUser failed');
  const r = res.result ?? EMPTY_NOTICES;
  return {
    anntMsgList: r.anntMsgList ?? [],
    anntMsgTotal: Number(r.anntMsgTotal ?? 0),
    sysMsgList: r.sysMsgList ?? [],
    sysMsgTotal: Number(r.sysMsgTotal ?? 0),
  };
}

export async function markNoticeRead(anntId: string): Promise<void> {
  await http.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId });
}

/** Looks up a sender's real name by username; falls back to the username. */
export async function fetchRealname(username: string): Promise<string> {
  try {
    const res = await http.get<{ records?: Array<{ username: string; realname: string | null }> }>(
      '/sys/user/list',
      { username, pageNo: 1, pageSize: 1 },
      { silent: true },
    );
    const hit = res.success ? res.result?.records?.find((u) => u.username === username) : undefined;
    return hit?.realname || username;
  } catch {
    return username;
  }
}

export interface PasswordChange {
  username: string;
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

export function updatePassword(body: PasswordChange) {
  return http.put<unknown>('/sys/user/updatePassword', body);
}

export interface UserDeparts {
  list: SysDepartInfo[];
  orgCode: string | null;
}

export function fetchCurrentUserDeparts() {
  return http.get<UserDeparts>('/sys/user/getCurrentUserDeparts');
}

export function selectDepart(body: { orgCode: string; username: string }) {
  return http.put<{ userInfo: SysUserInfo }>('/sys/selectDepart', body);
}

export function refreshServerDictCache() {
  // silent: refused (403) for users without 刷新缓存 — the header then reloads only the local copy
  return http.get<unknown>('/sys/dict/refleshCache', undefined, { silent: true });
}

export function fetchAllDictItems() {
  return http.get<Record<string, unknown[]>>('/sys/dict/queryAllDictItems');
}
