import { describe, expect, it } from 'vitest';
import {
  announcementBetween,
  formatClock,
  isMark,
  makeClock,
  parseServerTime,
  secondsLeft,
  spokenRemaining,
  urgency,
} from './countdown';

describe('countdown', () => {
  it('reads wire times as GMT+8 whatever the device zone', () => {
    expect(parseServerTime('2026-12-04 08:00:00')).toBe(Date.UTC(2026, 11, 4, 0, 0, 0));
    expect(parseServerTime('2026-12-04T08:00:00.5')).toBe(Date.UTC(2026, 11, 4, 0, 0, 0, 500));
    expect(parseServerTime(1234)).toBe(1234);
    expect(parseServerTime('')).toBeNaN();
    expect(parseServerTime('later')).toBeNaN();
  });

  it('counts deadline − server now on the monotonic clock, not the device clock', () => {
    // the device clock is hours wrong: only the server's two times and the monotonic clock matter
    const clock = makeClock('2026-12-04 10:30:00', '2026-12-04 10:00:00', 5000);
    expect(secondsLeft(clock, 5000)).toBe(1800);
    expect(secondsLeft(clock, 5000 + 61_500)).toBe(1739);
    expect(secondsLeft(clock, 5000 + 1_800_000)).toBe(0);
    expect(secondsLeft(clock, 5000 + 9_999_999)).toBe(0);
    // a deadline already passed (or unreadable) is no time at all
    expect(secondsLeft(makeClock('2026-12-04 09:00:00', '2026-12-04 10:00:00', 0), 0)).toBe(0);
    expect(secondsLeft(makeClock('x', '2026-12-04 10:00:00', 0), 0)).toBe(0);
  });

  it.each([
    [0, '00:00'],
    [59, '00:59'],
    [61, '01:01'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [5409, '1:30:09'],
  ])('shows %i s as %s', (s, text) => {
    expect(formatClock(s)).toBe(text);
  });

  it.each([
    [5400, '剩余时间 1 小时 30 分钟'],
    [3600, '剩余时间 1 小时'],
    [600, '剩余时间 10 分钟'],
    [270, '剩余时间 4 分 30 秒'],
    [120, '剩余时间 2 分钟'],
    [30, '剩余时间 30 秒'],
    [0, '答题时间已到'],
  ])('says %i s as %s', (s, text) => {
    expect(spokenRemaining(s)).toBe(text);
  });

  it('announces at marks only, not every second', () => {
    const said: string[] = [];
    let prev = 1_000;
    for (let s = 999; s >= 0; s--) {
      const a = announcementBetween(prev, s);
      if (a) said.push(a);
      prev = s;
    }
    expect(said).toEqual([
      '剩余时间 15 分钟',
      '剩余时间 10 分钟',
      '剩余时间 5 分钟',
      '剩余时间 3 分钟',
      '剩余时间 2 分钟',
      '剩余时间 1 分钟',
      '剩余时间 30 秒',
      '剩余时间 10 秒',
      '答题时间已到',
    ]);
    expect(isMark(3600)).toBe(true);
    expect(isMark(1799)).toBe(false);
  });

  it('a throttled tab that skipped a mark announces the time now, once', () => {
    expect(announcementBetween(620, 590)).toBe('剩余时间 9 分钟');
    expect(announcementBetween(200, 170)).toBe('剩余时间 2 分 50 秒');
    expect(announcementBetween(590, 589)).toBeNull();
    expect(announcementBetween(5, 0)).toBe('答题时间已到');
    expect(announcementBetween(100, 100)).toBeNull();
  });

  it('turns amber under 5 minutes and red under 1', () => {
    expect([urgency(301), urgency(300), urgency(61), urgency(60)]).toEqual(['normal', 'warning', 'warning', 'danger']);
  });
});
