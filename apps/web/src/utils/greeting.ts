/**
 * Greeting by hour (spec 01 §3): before 9 早上好, up to 11 上午好, up to 13 中午好, before 20 下午好, otherwise 晚上好.
 */
export function timeFix(date: Date = new Date()): string {
  const hour = date.getHours();
  if (hour < 9) return '早上好';
  if (hour <= 11) return '上午好';
  if (hour <= 13) return '中午好';
  if (hour < 20) return '下午好';
  return '晚上好';
}

/** The welcome notification text shown after a successful login. */
export function welcomeText(date: Date = new Date()): string {
  return `${timeFix(date)}，欢迎回来`;
}
