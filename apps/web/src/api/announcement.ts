import type { NoticeRecord } from './header';
import { http } from './http';

/** Announcements (contract §4.8): management under /sys/annountCement (sic), own read state under /sys/sysAnnouncementSend. */

export const ANNOUNCEMENT_URLS = {
  list: '/sys/annountCement/list',
  add: '/sys/annountCement/add',
  edit: '/sys/annountCement/edit',
  delete: '/sys/annountCement/delete',
  deleteBatch: '/sys/annountCement/deleteBatch',
  queryById: '/sys/annountCement/queryById',
  release: '/sys/annountCement/doReleaseData',
  revoke: '/sys/annountCement/doReovkeData',
  syncNotic: '/sys/annountCement/syncNotic',
  exportXls: '/sys/annountCement/exportXls',
  importExcel: '/sys/annountCement/importExcel',
  myList: '/sys/sysAnnouncementSend/getMyAnnouncementSend',
  readAll: '/sys/sysAnnouncementSend/readAll',
  markRead: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
} as const;

export interface SysAnnouncement extends NoticeRecord {
  startTime?: string | null;
  endTime?: string | null;
  msgType?: 'ALL' | 'USER' | string | null;
  sendStatus?: '0' | '1' | '2' | string | null;
  cancelTime?: string | null;
  userIds?: string | null;
  priority_dictText?: string;
  msgCategory_dictText?: string;
  msgType_dictText?: string;
  sendStatus_dictText?: string;
  sender_dictText?: string;
}

/** A row of my announcements (AnnouncementSendModel): `id` is the read row, `anntId` the announcement. */
export interface MyAnnouncement extends Omit<NoticeRecord, 'id'> {
  id: string;
  anntId: string;
  userId: string;
  readFlag: '0' | '1' | string;
  priority_dictText?: string;
  msgCategory_dictText?: string;
}

export function releaseAnnouncement(id: string) {
  return http.get<null>(ANNOUNCEMENT_URLS.release, { id });
}

export function revokeAnnouncement(id: string) {
  return http.get<null>(ANNOUNCEMENT_URLS.revoke, { id });
}

export function fetchAnnouncement(id: string) {
  return http.get<SysAnnouncement>(ANNOUNCEMENT_URLS.queryById, { id });
}

export function readAllAnnouncements() {
  return http.put<null>(ANNOUNCEMENT_URLS.readAll, {});
}

/** asks the server to refresh the bell of this user's open tabs (after reading on the my-announcements page) */
export function syncNotice(anntId?: string) {
  return http.get<null>(ANNOUNCEMENT_URLS.syncNotic, anntId ? { anntId } : undefined, { silent: true });
}
