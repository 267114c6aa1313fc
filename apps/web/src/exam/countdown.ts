/**
 * The answering page's clock. The server owns time (contract §2): the page is told `deadline` and the server's `now`
 * and counts down `deadline − now` on the browser's monotonic clock, so a wrong or changed device clock neither
 * lengthens nor shortens an attempt. Screen readers hear the remaining time at marks (every half hour, then 15, 10,
 * 5, 3, 2 and 1 minute, 30 and 10 seconds), not every second.
 */

const WIRE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/;
const GMT8_MS = 8 * 3600_000;

/** a wire time (`yyyy-MM-dd HH:mm:ss` in GMT+8, as everywhere in the API; or epoch ms) as epoch ms; NaN if neither */
export function parseServerTime(value: string | number | null | undefined): number {
  if (typeof value === 'number') return value;
  if (!value) return Number.NaN;
  const m = WIRE_TIME.exec(value.trim());
  if (!m) {
    const t = Date.parse(value);
    return Number.isNaN(t) ? Number.NaN : t;
  }
  const [, y, mo, d, h, mi, s, ms] = m;
  return Date.UTC(+y, +mo - 1, +d, +h, +mi, +s, ms ? +ms.padEnd(3, '0') : 0) - GMT8_MS;
}

export interface AttemptClock {
  /** the deadline on the monotonic clock (performance.now() scale) */
  deadlineMono: number;
}

/** `monoNow`: the monotonic clock when the server's answer arrived */
export function makeClock(deadline: string | number, serverNow: string | number, monoNow: number): AttemptClock {
  const left = parseServerTime(deadline) - parseServerTime(serverNow);
  return { deadlineMono: monoNow + (Number.isFinite(left) ? Math.max(0, left) : 0) };
}

/** whole seconds left (rounded up, so 0 means the time is up) */
export function secondsLeft(clock: AttemptClock, monoNow: number): number {
  return Math.max(0, Math.ceil((clock.deadlineMono - monoNow) / 1000));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `1:05:09` with hours, `05:09` without */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/** the words a screen reader hears: `剩余时间 1 小时 5 分钟`, `剩余时间 4 分 30 秒`, `答题时间已到` */
export function spokenRemaining(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s === 0) return '答题时间已到';
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `剩余时间 ${h} 小时${m ? ` ${m} 分钟` : ''}`;
  if (m >= 5) return `剩余时间 ${m} 分钟`;
  if (m > 0) return `剩余时间 ${m} 分${sec ? ` ${sec} 秒` : '钟'}`;
  return `剩余时间 ${sec} 秒`;
}

const FIXED_MARKS = [900, 600, 300, 180, 120, 60, 30, 10];

/** is this many seconds left a moment to announce */
export function isMark(seconds: number): boolean {
  return seconds > 0 && (seconds % 1800 === 0 || FIXED_MARKS.includes(seconds));
}

/**
 * The announcement due when the remaining time went from `prev` to `now` seconds (ticks may skip seconds when the
 * tab was throttled): the remaining time if a mark lies in `[now, prev)`, the time-up words when it reached 0,
 * else null.
 */
export function announcementBetween(prev: number, now: number): string | null {
  if (now >= prev) return null;
  if (now <= 0) return spokenRemaining(0);
  const firstHalfHour = Math.ceil(now / 1800) * 1800;
  if (firstHalfHour < prev) return spokenRemaining(now);
  for (const m of FIXED_MARKS) if (m >= now && m < prev) return spokenRemaining(now);
  return null;
}

/** the visual urgency of the countdown */
export function urgency(seconds: number): 'normal' | 'warning' | 'danger' {
  if (seconds <= 60) return 'danger';
  if (seconds <= 300) return 'warning';
  return 'normal';
}
