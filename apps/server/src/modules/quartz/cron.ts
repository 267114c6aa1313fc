import { Cron, type CronOptions } from 'croner';

/**
 * Quartz cron expressions (seconds minutes hours day-of-month month day-of-week [year]) evaluated with croner in its
 * Quartz mode: weekdays SUN=1 … SAT=7, `?`, `L`, `W`, `LW`, `#`, years. Quartz rules croner does not enforce are
 * checked here first: 6 or 7 fields, exactly one of day-of-month / day-of-week is `?`, value bounds per field.
 * Every fire time is computed in the server's job time zone (JOB_TIME_ZONE, default Asia/Shanghai: JeecgBoot's wire
 * times are GMT+8).
 */

export const JOB_TIME_ZONE = process.env.JOB_TIME_ZONE || 'Asia/Shanghai';

/** a fresh copy per Cron: croner writes into its options object */
export const cronOptions = (): CronOptions => ({
  alternativeWeekdays: true,
  sloppyRanges: true,
  mode: '6-or-7-parts',
  paused: true,
  timezone: JOB_TIME_ZONE,
});

const FIELDS = ['秒', '分', '时', '日', '月', '周', '年'] as const;
const BOUNDS: ReadonlyArray<[number, number]> = [
  [0, 59],
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [1, 7],
  [1970, 2099],
];
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

export type CronCheck = { ok: true; cron: Cron; fields: string[] } | { ok: false; message: string };

/** One field's own syntax and bounds (names JAN…DEC / SUN…SAT allowed where Quartz allows them). */
function fieldError(i: number, raw: string): string | null {
  let v = raw.toUpperCase();
  const names = i === 4 ? MONTHS : i === 5 ? DAYS : [];
  names.forEach((name, k) => {
    v = v.replaceAll(name, String(k + 1));
  });
  const [min, max] = BOUNDS[i];
  for (const part of v.split(',')) {
    if (part === '*' || (part === '?' && (i === 3 || i === 5))) continue;
    if (i === 3 && /^(L|LW|\d{1,2}W)$/.test(part)) {
      const n = Number(part.replace(/\D/g, '') || 1);
      if (part.endsWith('W') && part !== 'LW' && (n < 1 || n > 31)) return raw;
      continue;
    }
    if (i === 5 && /^\d#\d$/.test(part)) {
      const [d, nth] = part.split('#').map(Number);
      if (d < 1 || d > 7 || nth < 1 || nth > 5) return raw;
      continue;
    }
    if (i === 5 && /^\d?L$/.test(part)) {
      const d = Number(part.slice(0, -1) || 7);
      if (d < 1 || d > 7) return raw;
      continue;
    }
    const m = /^(\*|\d+)(?:-(\d+))?(?:\/(\d+))?$/.exec(part);
    if (!m) return raw;
    const start = m[1] === '*' ? min : Number(m[1]);
    const nums = [start, m[2] === undefined ? start : Number(m[2])];
    if (nums.some((n) => n < min || n > max)) return raw;
    if (m[3] !== undefined && Number(m[3]) < 1) return raw;
  }
  return null;
}

/** Parses a Quartz expression; the message is the Chinese answer for a client. */
export function checkCron(expression: string | null | undefined): CronCheck {
  const text = (expression ?? '').trim();
  if (!text) return { ok: false, message: '请输入cron表达式!' };
  const fields = text.split(/\s+/).filter(Boolean);
  if (fields.length > 7) return { ok: false, message: 'Cron表达式最多7项！' };
  if (fields.length < 6) return { ok: false, message: 'Cron表达式至少6项（秒 分 时 日 月 周）！' };
  for (let i = 0; i < fields.length; i++) {
    const bad = fieldError(i, fields[i]);
    if (bad !== null) return { ok: false, message: `Cron表达式参数[${FIELDS[i]}]错误：${bad}` };
  }
  if ((fields[3] === '?') === (fields[5] === '?')) {
    return { ok: false, message: 'Cron表达式错误：[日]和[周]必须有且只有一个为“?”' };
  }
  try {
    const cron = new Cron(fields.join(' '), cronOptions());
    return { ok: true, cron, fields };
  } catch {
    return { ok: false, message: `Cron表达式错误：${text}` };
  }
}

/** The next fire strictly after `after`, or null (never again). */
export function nextFire(cron: Cron, after: number): number | null {
  return cron.nextRun(new Date(after))?.getTime() ?? null;
}

/** The latest fire at or before `at`, or null. */
export function latestFire(cron: Cron, at: number): number | null {
  return cron.previousRuns(1, new Date(at + 1))[0]?.getTime() ?? null;
}

/** The next `n` fire times after `after` (the preview). */
export function nextFires(cron: Cron, n: number, after: number): number[] {
  return cron.nextRuns(n, new Date(after)).map((d) => d.getTime());
}

/**
 * The shortest interval a job's cron may ask for (issue 28 security 6): JOB_MIN_INTERVAL_SECONDS, default 10 s. A cron
 * firing more often would let a few hundred jobs take the API's time; it is refused when the job is saved or started.
 */
export const jobMinIntervalMs = () => Math.max(1, Number(process.env.JOB_MIN_INTERVAL_SECONDS) || 10) * 1000;
export const cronTooFrequent = (ms = jobMinIntervalMs()) =>
  `Cron表达式执行过于频繁：两次执行的间隔不能小于 ${Math.round(ms / 1000)} 秒`;

/** the refusal when two of the next fires (an hour's worth at most) are closer than the minimum interval, or null */
export function frequencyProblem(cron: Cron, after: number, minMs = jobMinIntervalMs()): string | null {
  const fires = nextFires(cron, 361, after);
  for (let i = 1; i < fires.length; i++) if (fires[i] - fires[i - 1] < minMs) return cronTooFrequent(minMs);
  return null;
}
