/**
 * The rules of the answer business that need no database (docs/decisions/034-answer-booking.md): the derived status
 * of a session, the reservation state machine and the validators of an outside person's mobile and ID numbers (spec 02
 * §5 presets: `m` mobile = 11 digits, 1 then 3-9; national ID with its GB 11643 check digit).
 */

/** answer_session_status */
export const SESSION_STATUS = { notStarted: '0', running: '1', ended: '2', cancelled: '3' } as const;
export const SESSION_STATUS_TEXT: Readonly<Record<string, string>> = {
  '0': '未开始',
  '1': '进行中',
  '2': '已结束',
  '3': '已取消',
};

/** answer_reservation_status */
export const RES_STATUS = { pending: '0', confirmed: '1', checkedIn: '2', cancelled: '3', absent: '4' } as const;
export type ResStatus = (typeof RES_STATUS)[keyof typeof RES_STATUS];
export const RES_STATUS_TEXT: Readonly<Record<string, string>> = {
  '0': '待确认',
  '1': '已确认',
  '2': '已签到',
  '3': '已取消',
  '4': '缺席',
};
/** states that hold a seat and block a second reservation of the same person (the partial unique index) */
export const ACTIVE_STATUSES: readonly string[] = ['0', '1', '2'];

/** answer_person_type */
export const PERSON_TYPE = { user: '1', outside: '2' } as const;

/** 未开始 / 进行中 / 已结束 from the times, 已取消 whatever the times say */
export function sessionStatus(
  s: { cancelled: number; startTime: Date; endTime: Date },
  now: Date = new Date(),
): string {
  if (s.cancelled === 1) return SESSION_STATUS.cancelled;
  if (now < s.startTime) return SESSION_STATUS.notStarted;
  if (now <= s.endTime) return SESSION_STATUS.running;
  return SESSION_STATUS.ended;
}

export type ResAction = 'confirm' | 'cancel' | 'checkin' | 'absent';

/** the states each action starts from, and where it leads */
export const TRANSITIONS: Readonly<Record<ResAction, { from: readonly string[]; to: ResStatus }>> = {
  confirm: { from: ['0'], to: '1' },
  cancel: { from: ['0', '1'], to: '3' },
  checkin: { from: ['1'], to: '2' },
  absent: { from: ['0', '1'], to: '4' },
};

/** null when `action` is allowed from `status`, else the Chinese reason */
export function transitionError(action: ResAction, status: string): string | null {
  if (TRANSITIONS[action].from.includes(status)) return null;
  const now = RES_STATUS_TEXT[status] ?? status;
  switch (action) {
    case 'confirm':
      return `只有待确认的预约可以确认（当前状态：${now}）`;
    case 'cancel':
      return `只有待确认或已确认的预约可以取消（当前状态：${now}）`;
    case 'checkin':
      return status === RES_STATUS.pending ? '预约尚未确认，不能签到' : `只有已确认的预约可以签到（当前状态：${now}）`;
    case 'absent':
      return `只有待确认或已确认的预约可以标记缺席（当前状态：${now}）`;
  }
}

// mobile / national ID checks: one copy in the contract, shared with the web form
export { ID_CARD_MESSAGE, isIdCard, isMobile, MOBILE_MESSAGE, MOBILE_RE } from '@answer/contract';

/** the key of one person for the "one active reservation per session" rule */
export function personKeyOf(p: { personType: string; userId?: string | null; idCard?: string | null }): string {
  return p.personType === PERSON_TYPE.user ? `u:${p.userId}` : `p:${(p.idCard ?? '').trim().toUpperCase()}`;
}
