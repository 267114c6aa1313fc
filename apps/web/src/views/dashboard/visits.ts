import type { VisitDay } from '../../api/dashboard';

export interface VisitPoint {
  /** yyyy-MM-dd */
  date: string;
  /** MM-dd, axis label */
  label: string;
  visit: number;
  ip: number;
}

const DAY_MS = 86_400_000;

/**
 * The zone the server counts its days in (GMT+8, no daylight saving): /sys/loginfo's "today" and /sys/visitInfo's
 * `tian` are calendar days there, whatever zone the browser is in.
 */
export const SERVER_UTC_OFFSET_MINUTES = 8 * 60;

/** yyyy-MM-dd of the calendar day containing the instant `ms` in a fixed-offset zone */
export function dayInZone(ms: number, offsetMinutes: number): string {
  return new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/**
 * The server lists only days that had logins; the chart shows all 7 days ending today, with zeros for quiet days.
 * "Today" and the days before it are the server's (GMT+8) calendar days, not the browser's: a browser in another zone
 * would otherwise build a window that misses or shifts the server's days.
 */
export function lastSevenDays(
  rows: readonly VisitDay[],
  now: number = Date.now(),
  offsetMinutes: number = SERVER_UTC_OFFSET_MINUTES,
): VisitPoint[] {
  const byDay = new Map(rows.map((r) => [r.tian, r]));
  return Array.from({ length: 7 }, (_, i) => {
    const date = dayInZone(now - (6 - i) * DAY_MS, offsetMinutes);
    const hit = byDay.get(date);
    return { date, label: date.slice(5), visit: Number(hit?.visit ?? 0), ip: Number(hit?.ip ?? 0) };
  });
}

export function sumVisits(points: readonly VisitPoint[]): number {
  return points.reduce((n, p) => n + p.visit, 0);
}
