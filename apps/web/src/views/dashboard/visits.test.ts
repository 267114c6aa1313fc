import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dayInZone, lastSevenDays, SERVER_UTC_OFFSET_MINUTES, sumVisits } from './visits';

// The server counts days in GMT+8; these tests run the browser side in other zones.
const savedTz = process.env.TZ;

describe('lastSevenDays', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    process.env.TZ = savedTz;
  });

  it('returns the 7 server days ending today, oldest first, across a month end', () => {
    process.env.TZ = 'UTC';
    vi.setSystemTime(new Date('2024-03-02T07:00:00Z')); // 15:00 in GMT+8
    const days = lastSevenDays([]);
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

  it("keeps today's figures in a browser west of GMT+8 (New York, still yesterday there)", () => {
    process.env.TZ = 'America/New_York';
    // 02:30 on 3 March in GMT+8; 13:30 on 2 March in New York
    vi.setSystemTime(new Date('2024-03-02T18:30:00Z'));
    expect(new Date().getDate()).toBe(2); // the browser's own calendar says the 2nd
    const days = lastSevenDays([
      { tian: '2024-02-26', type: '02-26', visit: 4, ip: 3 },
      { tian: '2024-03-03', type: '03-03', visit: 5, ip: 1 },
    ]);
    expect(days[6]).toEqual({ date: '2024-03-03', label: '03-03', visit: 5, ip: 1 });
    expect(days[0].date).toBe('2024-02-26');
    expect(sumVisits(days)).toBe(9);
  });

  it('does not run ahead of the server in a browser east of GMT+8 (Kiritimati, already tomorrow there)', () => {
    process.env.TZ = 'Pacific/Kiritimati';
    // 20:00 on 2 March in GMT+8; 02:00 on 3 March at UTC+14
    vi.setSystemTime(new Date('2024-03-02T12:00:00Z'));
    expect(new Date().getDate()).toBe(3);
    const days = lastSevenDays([
      { tian: '2024-02-25', type: '02-25', visit: 2, ip: 2 },
      { tian: '2024-03-02', type: '03-02', visit: 7, ip: 6 },
    ]);
    expect(days.map((d) => d.date)).toEqual([
      '2024-02-25',
      '2024-02-26',
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
    expect(days.map((d) => d.visit)).toEqual([2, 0, 0, 0, 0, 0, 7]);
  });

  it('fills in the days the server reports and ignores older ones', () => {
    vi.setSystemTime(new Date('2024-03-02T07:00:00Z'));
    const days = lastSevenDays([
      { tian: '2024-02-20', type: '02-20', visit: 99, ip: 9 },
      { tian: '2024-02-27', type: '02-27', visit: 3, ip: 2 },
      { tian: '2024-03-02', type: '03-02', visit: 5, ip: 1 },
    ]);
    expect(days.map((d) => d.visit)).toEqual([0, 0, 3, 0, 0, 0, 5]);
    expect(days.map((d) => d.ip)).toEqual([0, 0, 2, 0, 0, 0, 1]);
    expect(sumVisits(days)).toBe(8);
  });
});

describe('dayInZone', () => {
  it('takes the zone explicitly', () => {
    const ms = Date.parse('2024-12-31T16:30:00Z');
    expect(dayInZone(ms, SERVER_UTC_OFFSET_MINUTES)).toBe('2025-01-01');
    expect(dayInZone(ms, 0)).toBe('2024-12-31');
    expect(dayInZone(ms, -5 * 60)).toBe('2024-12-31');
  });
});
