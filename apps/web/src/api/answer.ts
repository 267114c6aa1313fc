import { http, type RequestOptions } from './http';

/** 答题管理 (issue 16): sessions (答题场次) and reservations (答题预约) of modules/answer on the server. */

export const SESSION_URLS = {
  list: '/answer/session/list',
  add: '/answer/session/add',
  edit: '/answer/session/edit',
  delete: '/answer/session/delete',
  queryById: '/answer/session/queryById',
  cancel: '/answer/session/cancel',
  options: '/answer/session/options',
} as const;

export const RESERVATION_URLS = {
  list: '/answer/reservation/list',
  add: '/answer/reservation/add',
  edit: '/answer/reservation/edit',
  delete: '/answer/reservation/delete',
  deleteBatch: '/answer/reservation/deleteBatch',
  exportXls: '/answer/reservation/exportXls',
  importExcel: '/answer/reservation/importExcel',
  queryById: '/answer/reservation/queryById',
  confirm: '/answer/reservation/confirm',
  cancel: '/answer/reservation/cancel',
  checkin: '/answer/reservation/checkin',
  stats: '/answer/reservation/stats',
} as const;

/** 0 未开始, 1 进行中, 2 已结束 (derived from the times), 3 已取消 */
export type SessionStatus = '0' | '1' | '2' | '3';

export interface AnswerSession {
  id: string;
  name: string;
  subject: string | null;
  subject_dictText?: string;
  startTime: string;
  endTime: string;
  place: string | null;
  onlineLink: string | null;
  capacity: number;
  bookedCount: number;
  reserveStart: string;
  reserveEnd: string;
  cancelled: number;
  cancelReason: string | null;
  description: string | null;
  status: SessionStatus;
  status_dictText?: string;
  createBy?: string | null;
  createTime?: string | null;
}

/** 0 待确认, 1 已确认, 2 已签到, 3 已取消, 4 缺席 */
export type ReservationStatus = '0' | '1' | '2' | '3' | '4';

export interface AnswerReservation {
  id: string;
  reservationNo: string;
  sessionId: string;
  sessionName?: string | null;
  sessionStartTime?: string | null;
  sessionEndTime?: string | null;
  sessionStatus?: SessionStatus | null;
  /** '1' system user, '2' outside person */
  personType: '1' | '2';
  personType_dictText?: string;
  userId: string | null;
  username: string | null;
  name: string;
  mobile: string | null;
  idCard: string | null;
  status: ReservationStatus;
  status_dictText?: string;
  confirmTime?: string | null;
  checkinTime?: string | null;
  cancelReason?: string | null;
  remark?: string | null;
  createBy?: string | null;
  createTime?: string | null;
  sysOrgCode?: string | null;
}

export interface SessionOption {
  value: string;
  text: string;
  startTime: string;
  endTime: string;
  capacity: number;
  bookedCount: number;
  status: SessionStatus;
}

export interface ReservationStats {
  bookingsPerDay: { date: string; count: number; checkins: number }[];
  sessions: { id: string; name: string; capacity: number; booked: number; fillRate: number }[];
  noShow: { due: number; absent: number; rate: number };
}

export const cancelSession = (id: string, reason: string) => http.post<unknown>(SESSION_URLS.cancel, { id, reason });
/** sessions open for booking now (`all`: every session, e.g. to show the one of an existing reservation) */
export const sessionOptions = (all = false) =>
  http.get<SessionOption[]>(SESSION_URLS.options, all ? { all: '1' } : undefined);

export const queryReservation = (id: string) => http.get<AnswerReservation>(RESERVATION_URLS.queryById, { id });
export const addReservation = (body: Record<string, unknown>) =>
  http.post<{ id: string; reservationNo: string }>(RESERVATION_URLS.add, body);
export const editReservation = (body: Record<string, unknown>) => http.put<null>(RESERVATION_URLS.edit, body);
export const confirmReservations = (ids: readonly string[]) =>
  http.post<null>(RESERVATION_URLS.confirm, { ids: ids.join(',') });
export const cancelReservations = (ids: readonly string[], reason: string) =>
  http.post<null>(RESERVATION_URLS.cancel, { ids: ids.join(','), reason });
export const checkinReservation = (id: string) => http.post<null>(RESERVATION_URLS.checkin, { ids: id });
export const reservationStats = (days = 14, opts?: RequestOptions) =>
  http.get<ReservationStats>(RESERVATION_URLS.stats, { days }, opts);
