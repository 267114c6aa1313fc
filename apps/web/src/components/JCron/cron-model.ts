import { Cron } from 'croner';

/**
 * The cron editor's model (spec 02 §3 Cron expression, §4 auto-adjust rules, §5 bounds, §9): a Quartz expression of
 * seven fields (second minute hour day month week year) as one state per tab, the text of each tab, the auto-adjust
 * rules, parsing the full text back, and the preview of the next runs. Pure functions, no React.
 */

export type FieldKey = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'week' | 'year';
export const FIELD_KEYS: readonly FieldKey[] = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'];
export const FIELD_LABELS: Record<FieldKey, string> = {
  second: '秒',
  minute: '分',
  hour: '时',
  day: '日',
  month: '月',
  week: '周',
  year: '年',
};

/** TYPE_EVERY / TYPE_RANGE / TYPE_LOOP / TYPE_SPECIFY, plus the day and week specials */
export type CronMode = 'every' | 'range' | 'loop' | 'specify' | 'unset' | 'work' | 'last' | 'nth' | 'lastWeek';

export interface FieldState {
  mode: CronMode;
  /** range start-end */
  start: number;
  end: number;
  /** loop start/interval */
  loopStart: number;
  interval: number;
  /** specify: the chosen values */
  values: number[];
  /** work day: the day of `nW` */
  workDay: number;
  /** nth weekday: week#nth; last weekday: weekL */
  weekday: number;
  nth: number;
}

/** bounds per field (spec 02 §5): values, loop interval, nth */
export interface Bounds {
  min: number;
  max: number;
  intervalMin: number;
  intervalMax: number;
}

const THIS_YEAR = new Date().getFullYear();

export const BOUNDS: Record<FieldKey, Bounds> = {
  second: { min: 0, max: 59, intervalMin: 1, intervalMax: 59 },
  minute: { min: 0, max: 59, intervalMin: 1, intervalMax: 60 },
  hour: { min: 0, max: 23, intervalMin: 1, intervalMax: 23 },
  day: { min: 1, max: 31, intervalMin: 1, intervalMax: 31 },
  month: { min: 1, max: 12, intervalMin: 1, intervalMax: 12 },
  week: { min: 1, max: 7, intervalMin: 1, intervalMax: 7 },
  year: { min: 2019, max: 2119, intervalMin: 1, intervalMax: 99 },
};

/** weekdays SUN=1 … SAT=7 (Quartz) */
export const WEEK_NAMES = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

export function defaultField(key: FieldKey): FieldState {
  const b = BOUNDS[key];
  const base: FieldState = {
    mode: key === 'week' ? 'unset' : 'every',
    start: b.min,
    end: key === 'year' ? THIS_YEAR + 100 : b.max,
    loopStart: key === 'year' ? THIS_YEAR : b.min,
    interval: 1,
    values: [],
    workDay: 1,
    weekday: 2,
    nth: 1,
  };
  if (key === 'year') base.start = THIS_YEAR;
  return base;
}

export type CronState = Record<FieldKey, FieldState>;

export function defaultState(): CronState {
  return Object.fromEntries(FIELD_KEYS.map((k) => [k, defaultField(k)])) as CronState;
}

const clamp = (n: number, lo: number, hi: number) =>
  Math.min(hi, Math.max(lo, Math.trunc(Number.isFinite(n) ? n : lo)));

/** the text of one tab */
export function fieldText(key: FieldKey, f: FieldState): string {
  const b = BOUNDS[key];
  switch (f.mode) {
    case 'every':
      return '*';
    case 'unset':
      return '?';
    case 'range': {
      const s = clamp(f.start, key === 'year' ? 0 : b.min, b.max);
      const e = clamp(f.end, key === 'year' ? 1 : b.min, key === 'year' ? 9999 : b.max);
      return `${s}-${e}`;
    }
    case 'loop':
      return `${clamp(f.loopStart, key === 'year' ? 0 : b.min, key === 'year' ? 9999 : b.max)}/${clamp(
        f.interval,
        b.intervalMin,
        b.intervalMax,
      )}`;
    case 'specify': {
      const vs = [...new Set(f.values)].filter((v) => v >= b.min && v <= b.max).sort((x, y) => x - y);
      return vs.length ? vs.join(',') : key === 'week' ? '?' : '*';
    }
    case 'work':
      return `${clamp(f.workDay, 1, 31)}W`;
    case 'last':
      return 'L';
    case 'nth':
      return `${clamp(f.weekday, 1, 7)}#${clamp(f.nth, 1, 5)}`;
    case 'lastWeek':
      return `${clamp(f.weekday, 1, 7)}L`;
  }
}

export interface CronOptions {
  /** drop the second field (and the year too: five fields) */
  hideSecond?: boolean;
  /** drop the year field (six fields) */
  hideYear?: boolean;
}

/** the expression of the whole state; day emits ? while week is set (they exclude each other) */
export function toExpression(state: CronState, opts: CronOptions = {}): string {
  const texts = FIELD_KEYS.map((k) => fieldText(k, state[k]));
  if (texts[5] !== '?') texts[3] = '?';
  if (opts.hideSecond) return texts.slice(1, 6).join(' ');
  if (opts.hideYear) return texts.slice(0, 6).join(' ');
  return texts.join(' ');
}

/** one field's text back to a tab state (unknown text → the default, never a throw) */
export function parseField(key: FieldKey, text: string): FieldState {
  const f = defaultField(key);
  const t = text.trim().toUpperCase();
  const work = /^(\d+)W$/.exec(t);
  const nth = /^(\d)#(\d)$/.exec(t);
  const lastWeek = /^(\d)L$/.exec(t);
  const range = /^(\d+)-(\d+)$/.exec(t);
  const loop = /^(\d+|\*)\/(\d+)$/.exec(t);
  if (t === '*') f.mode = 'every';
  else if (t === '?' || (t === '' && key === 'week')) f.mode = 'unset';
  else if (t === '') f.mode = 'every';
  else if (key === 'day' && t === 'L') f.mode = 'last';
  else if (key === 'day' && work) {
    f.mode = 'work';
    f.workDay = Number(work[1]);
  } else if (key === 'week' && nth) {
    f.mode = 'nth';
    f.weekday = Number(nth[1]);
    f.nth = Number(nth[2]);
  } else if (key === 'week' && lastWeek) {
    f.mode = 'lastWeek';
    f.weekday = Number(lastWeek[1]);
  } else if (range) {
    f.mode = 'range';
    f.start = Number(range[1]);
    f.end = Number(range[2]);
  } else if (loop) {
    f.mode = 'loop';
    f.loopStart = loop[1] === '*' ? BOUNDS[key].min : Number(loop[1]);
    f.interval = Number(loop[2]);
  } else if (/^\d+(,\d+)*$/.test(t)) {
    f.mode = 'specify';
    f.values = t.split(',').map(Number);
  }
  return f;
}

/** the fields of an expression (split on spaces, empty pieces ignored), as seven, per the hide options */
export function splitExpression(expr: string, opts: CronOptions = {}): Record<FieldKey, string> {
  const parts = expr.split(' ').filter(Boolean);
  const seven = opts.hideSecond
    ? ['0', ...parts.slice(0, 5), '*']
    : opts.hideYear
      ? [...parts.slice(0, 6), '*']
      : [...parts.slice(0, 7)];
  while (seven.length < 7) seven.push(seven.length === 5 ? '?' : '*');
  return Object.fromEntries(FIELD_KEYS.map((k, i) => [k, seven[i]])) as Record<FieldKey, string>;
}

export function parseExpression(expr: string, opts: CronOptions = {}): CronState {
  const parts = splitExpression(expr, opts);
  return Object.fromEntries(FIELD_KEYS.map((k) => [k, parseField(k, parts[k])])) as CronState;
}

/**
 * A tab changed (spec 02 §4 auto-adjust): minute changes and second is * → second 0; hour changes and minute is * →
 * minute 0; day or week set to other than ? and hour is * → hour 0; month changes and day is ? with week * → week 1;
 * month changes and week is ? with day * → day 1; year changes and month is * → month 1. Adjustments cascade (hour
 * 0 is a minute change for the second).
 */
export function applyChange(state: CronState, key: FieldKey, next: FieldState): CronState {
  const s: CronState = { ...state, [key]: next };
  const text = (k: FieldKey) => fieldText(k, s[k]);
  const fix = (k: FieldKey, value: number) => {
    s[k] = { ...s[k], mode: 'specify', values: [value] };
    return adjust(k);
  };
  const adjust = (changed: FieldKey): void => {
    switch (changed) {
      case 'minute':
        if (text('second') === '*') fix('second', 0);
        break;
      case 'hour':
        if (text('minute') === '*') fix('minute', 0);
        break;
      case 'day':
      case 'week':
        if (text(changed) !== '?' && text('hour') === '*') fix('hour', 0);
        break;
      case 'month':
        if (text('day') === '?' && text('week') === '*') fix('week', 1);
        else if (text('week') === '?' && text('day') === '*') fix('day', 1);
        break;
      case 'year':
        if (text('month') === '*') fix('month', 1);
        break;
    }
  };
  adjust(key);
  // day and week exclude each other: a week other than ? leaves the day unset
  if (key === 'week' && text('week') !== '?') s.day = { ...s.day, mode: 'unset' };
  if (key === 'day' && text('day') !== '?' && text('week') !== '?') s.week = { ...s.week, mode: 'unset' };
  // never both unset: the other one becomes every (*)
  if (key === 'week' && text('week') === '?' && text('day') === '?') s.day = { ...s.day, mode: 'every' };
  if (key === 'day' && text('day') === '?' && text('week') === '?') s.week = { ...s.week, mode: 'every' };
  return s;
}

/** croner in Quartz mode: weekdays SUN=1 … SAT=7 as in the tabs, so no number conversion is needed */
const cronOptions = () => ({
  alternativeWeekdays: true,
  sloppyRanges: true,
  mode: '6-or-7-parts' as const,
  paused: true,
  timezone: PREVIEW_TIME_ZONE,
});

/** the server runs jobs in GMT+8 (JeecgBoot's wire time), so the preview shows that wall clock */
export const PREVIEW_TIME_ZONE = 'Asia/Shanghai';
export const PREVIEW_PLACEHOLDER = '执行预览，会忽略年份参数';
export const NO_RUNS = '无执行时间';
export const PREVIEW_COUNT = 10;
export const PREVIEW_DEBOUNCE_MS = 500;

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-MM-dd HH:mm:ss` of an instant on the GMT+8 wall clock */
export function formatRun(ms: number): string {
  const d = new Date(ms + 8 * 3_600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(
    d.getUTCMinutes(),
  )}:${pad(d.getUTCSeconds())}`;
}

/** the expression as seven fields, whatever the hide options */
export function toSeven(expr: string, opts: CronOptions = {}): string[] {
  const p = splitExpression(expr, opts);
  return FIELD_KEYS.map((k) => p[k]);
}

/**
 * The preview (year ignored, spec 02 §9): the next `count` runs after `from` as text lines; `[NO_RUNS]` when there
 * is none; an error message for an expression that cannot be read.
 */
export function previewRuns(
  expr: string,
  opts: CronOptions = {},
  from = Date.now(),
  count = PREVIEW_COUNT,
): { lines: string[]; error?: string } {
  if (!expr.trim()) return { lines: [] };
  const err = validateCron(expr, opts);
  if (err) return { lines: [], error: err };
  const six = toSeven(expr, opts).slice(0, 6).join(' ');
  try {
    const runs = new Cron(six, cronOptions()).nextRuns(count, new Date(from));
    return { lines: runs.length ? runs.map((d) => formatRun(d.getTime())) : [NO_RUNS] };
  } catch (e) {
    return { lines: [], error: `Cron表达式错误：${e instanceof Error ? e.message : String(e)}` };
  }
}

/**
 * The form's check (JeecgBoot's JEasyCron validator): empty → no check; more than 7 fields → Cron表达式最多7项！; a
 * year that is not * / ? / numbers → Cron表达式参数[年]错误：y; day and week both set or both ? → the Quartz rule;
 * otherwise what croner cannot read → Cron表达式错误：…
 */
export function validateCron(expr: string | null | undefined, opts: CronOptions = {}): string | null {
  const text = (expr ?? '').trim();
  if (!text) return null;
  const parts = text.split(' ').filter(Boolean);
  if (parts.length > 7) return 'Cron表达式最多7项！';
  const min = opts.hideSecond ? 5 : 6;
  if (parts.length < min) return `Cron表达式至少${min}项！`;
  const seven = toSeven(text, opts);
  const year = seven[6];
  if (!['*', '?'].includes(year) && !/^\d{4}([-/,]\d{1,4})*$/.test(year)) return `Cron表达式参数[年]错误：${year}`;
  if ((seven[3] === '?') === (seven[5] === '?')) return 'Cron表达式错误：[日]和[周]必须有且只有一个为“?”';
  try {
    new Cron(seven.slice(0, year === '?' ? 6 : 7).join(' '), cronOptions());
  } catch (e) {
    return `Cron表达式错误：${e instanceof Error ? e.message.replace(/^CronPattern: /, '') : String(e)}`;
  }
  return null;
}
