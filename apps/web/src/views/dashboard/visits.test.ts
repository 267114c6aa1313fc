import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { lastSevenDays, sumVisits } from './visits';

describe('lastSevenDays', () => {
  const today = dayjs('2024-03-02T15:00:00');

  it('returns the 7 days ending today, oldest first, across a month end', () => {
    const days = lastSevenDays([], today);
    expect(days.map((d) => d.date)).toEqual([
      '2024-02-25',
      '2024-02-26',
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
    expect(days.every((d) => d.visit === 0 && d.ip === 0)).toBe(true);
    expect(days[6].label).toBe('03-02');
  });

  it('fills in the days the server reports and ignores older ones', () => {
    const days = lastSevenDays(
      [
        { tian: '2024-02-20', type: '02-20', visit: 99, ip: 9 },
        { tian: '2024-02-27', type: '02-27', visit: 3, ip: 2 },
        { tian: '2024-03-02', type: '03-02', visit: 5, ip: 1 },
      ],
      today,
    );
    expect(days.map((d) => d.visit)).toEqual([0, 0, 3, 0, 0, 0, 5]);
    expect(days.map((d) => d.ip)).toEqual([0, 0, 2, 0, 0, 0, 1]);
    expect(sumVisits(days)).toBe(8);
  });
});
