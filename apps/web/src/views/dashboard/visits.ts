import dayjs, { type Dayjs } from 'dayjs';
import type { VisitDay } from '../../api/dashboard';

export interface VisitPoint {
  /** yyyy-MM-dd */
  date: string;
  /** MM-dd, axis label */
  label: string;
  visit: number;
  ip: number;
}

/**
 * The server lists only days that had logins; the chart shows all 7 days ending today, with zeros for quiet days.
 */
export function lastSevenDays(rows: readonly VisitDay[], today: Dayjs = dayjs()): VisitPoint[] {
  const byDay = new Map(rows.map((r) => [r.tian, r]));
  return Array.from({ length: 7 }, (_, i) => {
    const d = today.startOf('day').subtract(6 - i, 'day');
    const date = d.format('YYYY-MM-DD');
    const hit = byDay.get(date);
    return { date, label: d.format('MM-DD'), visit: Number(hit?.visit ?? 0), ip: Number(hit?.ip ?? 0) };
  });
}

export function sumVisits(points: readonly VisitPoint[]): number {
  return points.reduce((n, p) => n + p.visit, 0);
}
