import { ID_CARD_MESSAGE, isIdCard, MOBILE_MESSAGE, MOBILE_RE } from '@answer/contract';
import type { FormRule } from 'antd';

/**
 * Client-side checks of an outside person (the server checks the same, modules/answer/rules.ts): mobile = spec 02 §5
 * preset `m` (11 digits, 1 then 3-9), national ID = 18 characters with a real birth date and the GB 11643 check digit.
 */

export { ID_CARD_MESSAGE, isIdCard, MOBILE_MESSAGE, MOBILE_RE } from '@answer/contract';

export const mobileRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入手机号' },
  { pattern: MOBILE_RE, message: MOBILE_MESSAGE },
];

export const idCardRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入身份证号码' },
  {
    validator: (_r, value) =>
      !value || isIdCard(String(value)) ? Promise.resolve() : Promise.reject(new Error(ID_CARD_MESSAGE)),
  },
];

/** an ID number as the list shows it: the first 6 and last 4 characters */
export function maskIdCard(v: string | null | undefined): string {
  if (!v) return '';
  return v.length > 10 ? `${v.slice(0, 6)}${'*'.repeat(v.length - 10)}${v.slice(-4)}` : v;
}

/** tag colours of the reservation states (0 待确认 … 4 缺席) */
export const RESERVATION_STATUS_TAGS: Readonly<Record<string, { color: string; text: string }>> = {
  '0': { color: 'orange', text: '待确认' },
  '1': { color: 'blue', text: '已确认' },
  '2': { color: 'green', text: '已签到' },
  '3': { color: 'default', text: '已取消' },
  '4': { color: 'red', text: '缺席' },
};

/** which row actions a reservation offers in its state */
export const canConfirm = (r: { status: string }) => r.status === '0';
/** 签到 only while the session runs (the server's derived sessionStatus '1'; the server refuses it otherwise) */
export const canCheckin = (r: { status: string; sessionStatus?: string | null }) =>
  r.status === '1' && (r.sessionStatus == null || r.sessionStatus === '1');
export const canCancel = (r: { status: string }) => r.status === '0' || r.status === '1';

/**
 * The keep-alive list reloads when the form page saved (the form is a page of its own). A hidden kept-alive page has
 * no effects running (React <Activity>), so the list compares the save count when it shows again, and listens while
 * it is shown.
 */
let saves = 0;
const listeners = new Set<() => void>();
export function savesSoFar(): number {
  return saves;
}
export function onReservationsChanged(fn: () => void): () => void {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}
export function reservationsChanged(): void {
  saves++;
  for (const fn of [...listeners]) fn();
}

export const RESERVATION_LIST_PATH = '/answer/reservation';
export const RESERVATION_FORM_PATH = '/answer/reservation/form';
