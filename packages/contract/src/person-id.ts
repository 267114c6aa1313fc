/**
 * Checks of a person's mobile number and national ID, shared by the server (which enforces them) and the web forms
 * (which show the same message before sending): mobile = spec 02 §5 preset `m` (11 digits, 1 then 3-9); national ID =
 * 18 characters with a real birth date not in the future and the GB 11643 check digit.
 */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
export const MOBILE_MESSAGE = '请输入正确手机号';
export const ID_CARD_MESSAGE = '请输入正确的身份证号码';

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

export function isIdCard(raw: string, today: Date = new Date()): boolean {
  const v = raw.trim().toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(v)) return false;
  const y = Number(v.slice(6, 10));
  const m = Number(v.slice(10, 12));
  const d = Number(v.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d || birth > today) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(v[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11] === v[17];
}

export function isMobile(raw: string): boolean {
  return MOBILE_RE.test(raw.trim());
}
