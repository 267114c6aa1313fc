import { describe, expect, it } from 'vitest';
import { checkCron, latestFire, nextFire, nextFires } from './cron.ts';

// Fire times in GMT+8 (JOB_TIME_ZONE default Asia/Shanghai), written as local wall-clock strings.
const at = (local: string) => new Date(`${local}+08:00`).getTime();
const fmt = (ms: number) =>
  new Date(ms + 8 * 3600_000)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, '');

function fires(expr: string, from: string, n: number): string[] {
  const c = checkCron(expr);
  if (!c.ok) throw new Error(c.message);
  return nextFires(c.cron, n, at(from)).map(fmt);
}

describe('Quartz cron vectors (expected fire times as Quartz computes them)', () => {
  it('every second / every n seconds with a start', () => {
    expect(fires('* * * * * ? *', '2026-01-01T00:00:00', 3)).toEqual([
      '2026-01-01 00:00:01',
      '2026-01-01 00:00:02',
      '2026-01-01 00:00:03',
    ]);
    expect(fires('3/20 * * * * ?', '2026-01-01T00:00:00', 4)).toEqual([
      '2026-01-01 00:00:03',
      '2026-01-01 00:00:23',
      '2026-01-01 00:00:43',
      '2026-01-01 00:01:03',
    ]);
  });

  it('? in day-of-month with a weekday (Quartz numbering SUN=1 … SAT=7, names too)', () => {
    // 2026-01-05 is a Monday
    expect(fires('0 0 12 ? * 2', '2026-01-01T00:00:00', 2)).toEqual(['2026-01-05 12:00:00', '2026-01-12 12:00:00']);
    expect(fires('0 0 12 ? * MON', '2026-01-01T00:00:00', 1)).toEqual(['2026-01-05 12:00:00']);
    expect(fires('0 0 12 ? * 1', '2026-01-01T00:00:00', 1)).toEqual(['2026-01-04 12:00:00']); // Sunday
    expect(fires('0 0 12 ? * 7', '2026-01-01T00:00:00', 1)).toEqual(['2026-01-03 12:00:00']); // Saturday
    expect(fires('0 0 12 ? * 2-6', '2026-01-02T13:00:00', 2)).toEqual(['2026-01-05 12:00:00', '2026-01-06 12:00:00']);
  });

  it('? in day-of-week with a day of month, ranges and steps', () => {
    expect(fires('0 30 8 1,15 * ?', '2026-01-01T09:00:00', 3)).toEqual([
      '2026-01-15 08:30:00',
      '2026-02-01 08:30:00',
      '2026-02-15 08:30:00',
    ]);
    expect(fires('0 0 0/6 * * ?', '2026-01-01T01:00:00', 3)).toEqual([
      '2026-01-01 06:00:00',
      '2026-01-01 12:00:00',
      '2026-01-01 18:00:00',
    ]);
  });

  it('L: last day of the month (leap years too)', () => {
    expect(fires('0 0 12 L * ?', '2028-01-01T00:00:00', 3)).toEqual([
      '2028-01-31 12:00:00',
      '2028-02-29 12:00:00',
      '2028-03-31 12:00:00',
    ]);
  });

  it('W: nearest weekday, never crossing the month; LW: last weekday', () => {
    // 2026-02-15 and 2026-03-15 are Sundays → Monday 16th; 2026-08-01 is a Saturday and 1W stays in August (Mon 3rd)
    expect(fires('0 0 12 15W * ?', '2026-02-01T00:00:00', 2)).toEqual(['2026-02-16 12:00:00', '2026-03-16 12:00:00']);
    expect(fires('0 0 12 1W * ?', '2026-07-15T00:00:00', 1)).toEqual(['2026-08-03 12:00:00']);
    // 2026-01-31 is a Saturday → Friday 30th
    expect(fires('0 0 12 LW * ?', '2026-01-01T00:00:00', 1)).toEqual(['2026-01-30 12:00:00']);
  });

  it('#: nth weekday of the month; dL: last such weekday', () => {
    // third Friday (6#3) of Jan 2026 is the 16th; last Monday (2L) of Jan 2026 is the 26th
    expect(fires('0 0 12 ? * 6#3', '2026-01-01T00:00:00', 2)).toEqual(['2026-01-16 12:00:00', '2026-02-20 12:00:00']);
    expect(fires('0 0 12 ? * 2L', '2026-01-01T00:00:00', 1)).toEqual(['2026-01-26 12:00:00']);
  });

  it('years: one year, a range, and a year already past (never fires)', () => {
    expect(fires('0 0 0 1 1 ? 2028', '2026-06-01T00:00:00', 2)).toEqual(['2028-01-01 00:00:00']);
    expect(fires('0 0 0 1 1 ? 2027-2029', '2026-06-01T00:00:00', 5)).toEqual([
      '2027-01-01 00:00:00',
      '2028-01-01 00:00:00',
      '2029-01-01 00:00:00',
    ]);
    const past = checkCron('0 0 0 1 1 ? 2020');
    expect(past.ok && nextFire(past.cron, at('2026-01-01T00:00:00'))).toBeNull();
  });

  it('latestFire is the last fire at or before a time', () => {
    const c = checkCron('0/5 * * * * ?');
    if (!c.ok) throw new Error(c.message);
    expect(fmt(latestFire(c.cron, at('2026-01-01T00:00:10'))!)).toBe('2026-01-01 00:00:10');
    expect(fmt(latestFire(c.cron, at('2026-01-01T00:00:14.900'))!)).toBe('2026-01-01 00:00:10');
  });

  it('refuses what Quartz refuses, in Chinese', () => {
    const msg = (e: string) => {
      const c = checkCron(e);
      return c.ok ? 'ok' : c.message;
    };
    expect(msg('')).toBe('请输入cron表达式!');
    expect(msg('0 0 12 * * ? * 1')).toBe('Cron表达式最多7项！');
    expect(msg('0 12 * * ?')).toContain('至少6项');
    expect(msg('0 0 12 * * 2')).toBe('Cron表达式错误：[日]和[周]必须有且只有一个为“?”');
    expect(msg('0 0 12 ? * ?')).toBe('Cron表达式错误：[日]和[周]必须有且只有一个为“?”');
    expect(msg('0 0 25 * * ?')).toBe('Cron表达式参数[时]错误：25');
    expect(msg('60 0 12 * * ?')).toBe('Cron表达式参数[秒]错误：60');
    expect(msg('0 0 12 ? * 8')).toBe('Cron表达式参数[周]错误：8');
    expect(msg('0 0 12 ? * 2#6')).toBe('Cron表达式参数[周]错误：2#6');
    expect(msg('0 0 12 32 * ?')).toBe('Cron表达式参数[日]错误：32');
    expect(msg('0 0 12 * 13 ?')).toBe('Cron表达式参数[月]错误：13');
    expect(msg('0 0 12 * * ? abc')).toBe('Cron表达式参数[年]错误：abc');
    expect(msg('0 0 12 * * ? 1969')).toBe('Cron表达式参数[年]错误：1969');
    expect(msg('0/0 * * * * ?')).toBe('Cron表达式参数[秒]错误：0/0');
    expect(msg('  0   0 12 * JAN,FEB ?  ')).toBe('ok');
  });
});
