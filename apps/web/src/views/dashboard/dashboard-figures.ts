import type { MenuItem } from '@answer/contract';
import type { Overview, RadarRow } from '../../api/workplace';
import type { EChartOption } from '../../components/echart/EChart';
import { menuSearchEntries, menuTarget } from '../../layouts/menu-utils';
import { timeFix } from '../../utils/greeting';
import type { VisitPoint } from './visits';

/** Pure figure shaping of the dashboards (图表, 监控, 工作台): what they compute is tested here, not in the browser. */

export const PALETTE = { blue: '#1890FF', green: '#52C41A', orange: '#FA8C16', red: '#F5222D', purple: '#722ED1' };

/** 工作台 header line (spec 02 §9 greeting by hour): "上午好，管理员，祝你开心每一天！" */
export function workplaceGreeting(name: string, date: Date = new Date()): string {
  return `${timeFix(date)}，${name || '用户'}，祝你开心每一天！`;
}

/** 图表: the 7 days' visits as bars and distinct IPs as a line */
export function visitsOption(points: readonly VisitPoint[]): EChartOption {
  return {
    color: [PALETTE.blue, PALETTE.orange],
    tooltip: { trigger: 'axis' },
    legend: { data: ['访问量', 'IP数'], top: 0 },
    grid: { left: 40, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: points.map((p) => p.label) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: '访问量', type: 'bar', barMaxWidth: 36, data: points.map((p) => p.visit) },
      { name: 'IP数', type: 'line', data: points.map((p) => p.ip) },
    ],
  };
}

/** each axis' maximum: the largest of the three series, at least 1 (so an idle user still gets a drawn radar) */
export function radarIndicators(rows: readonly RadarRow[]): Array<{ name: string; max: number }> {
  return rows.map((r) => ({ name: r.item, max: Math.max(1, Math.ceil(Math.max(r.个人, r.团队, r.部门) * 1.1)) }));
}

export const RADAR_SERIES = ['个人', '团队', '部门'] as const;

export function radarOption(rows: readonly RadarRow[]): EChartOption {
  return {
    color: [PALETTE.blue, PALETTE.green, PALETTE.orange],
    tooltip: {},
    legend: { data: [...RADAR_SERIES], bottom: 0 },
    radar: { indicator: radarIndicators(rows), radius: '62%', center: ['50%', '46%'] },
    series: [
      {
        type: 'radar',
        areaStyle: { opacity: 0.12 },
        // the three often coincide (a one-person department): 个人 drawn widest, 团队 dashed, so each stays visible
        data: RADAR_SERIES.map((s) => ({
          name: s,
          value: rows.map((r) => r[s]),
          lineStyle: { width: s === '个人' ? 3 : 1.5, type: s === '团队' ? ('dashed' as const) : ('solid' as const) },
        })),
      },
    ],
  };
}

export interface RatePoint {
  /** ms of the later sample */
  time: number;
  /** requests per second between two samples */
  rps: number;
  /** 5xx answers / answers between two samples (0..1); 0 when there were none */
  errorRate: number;
  p99Ms: number;
  loopP99Ms: number;
}

/**
 * Rates from consecutive cumulative samples of /dashboard/monitor. A counter that went down (the server restarted:
 * `startedAt` changed) starts over: that pair is skipped.
 */
export function deriveRates(samples: readonly Overview[]): RatePoint[] {
  const out: RatePoint[] = [];
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1];
    const b = samples[i];
    const seconds = (b.time - a.time) / 1000;
    const requests = b.requests - a.requests;
    if (seconds <= 0 || requests < 0 || a.startedAt !== b.startedAt) continue;
    const errors = Math.max(0, b.errors5xx - a.errors5xx);
    out.push({
      time: b.time,
      rps: requests / seconds,
      errorRate: requests > 0 ? Math.min(1, errors / requests) : 0,
      p99Ms: b.latency.p99Ms,
      loopP99Ms: b.eventLoopDelay.p99,
    });
  }
  return out;
}

/** error rate since the server started (shown until two samples give a current one) */
export function overallErrorRate(o: Overview): number {
  return o.requests > 0 ? o.errors5xx / o.requests : 0;
}

export function formatRate(v: number): string {
  return v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2);
}

const hhmmss = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

/** 监控: requests/s (bars) against the error rate (line, right axis, %) over the kept samples */
export function trafficOption(points: readonly RatePoint[]): EChartOption {
  return {
    color: [PALETTE.blue, PALETTE.red],
    tooltip: { trigger: 'axis' },
    legend: { data: ['请求/秒', '错误率(%)'], top: 0 },
    // the axis names (请求/秒, %) get a row of their own under the legend: no overlap on a phone-wide chart
    grid: { left: 48, right: 48, top: 56, bottom: 28 },
    xAxis: { type: 'category', data: points.map((p) => hhmmss(p.time)) },
    yAxis: [
      { type: 'value', name: '请求/秒' },
      { type: 'value', name: '%', min: 0, max: (v: { max: number }) => Math.max(1, Math.ceil(v.max)) },
    ],
    series: [
      { name: '请求/秒', type: 'bar', barMaxWidth: 18, data: points.map((p) => Number(p.rps.toFixed(2))) },
      {
        name: '错误率(%)',
        type: 'line',
        yAxisIndex: 1,
        data: points.map((p) => Number((p.errorRate * 100).toFixed(2))),
      },
    ],
  };
}

/** 监控: latency p99 and event-loop delay p99 (ms) over the kept samples */
export function latencyOption(points: readonly RatePoint[]): EChartOption {
  return {
    color: [PALETTE.purple, PALETTE.orange],
    tooltip: { trigger: 'axis' },
    legend: { data: ['响应时间 p99', '事件循环延迟 p99'], top: 0 },
    grid: { left: 48, right: 16, top: 56, bottom: 28 },
    xAxis: { type: 'category', data: points.map((p) => hhmmss(p.time)) },
    yAxis: { type: 'value', name: 'ms' },
    series: [
      { name: '响应时间 p99', type: 'line', data: points.map((p) => p.p99Ms) },
      { name: '事件循环延迟 p99', type: 'line', data: points.map((p) => Number(p.loopP99Ms.toFixed(2))) },
    ],
  };
}

export interface QuickLink {
  key: string;
  title: string;
  path: string;
}

/** 工作台 quick links: the user's own menu pages (internal, not hidden, not containers), minus `exclude` */
export function quickLinks(
  menu: readonly MenuItem[] | null | undefined,
  exclude: readonly string[] = [],
  limit = 8,
): QuickLink[] {
  const out: QuickLink[] = [];
  for (const e of menuSearchEntries(menu)) {
    if (e.item.children?.length) continue;
    const target = menuTarget(e.item);
    if (target.kind !== 'internal' || !target.path || exclude.includes(target.path)) continue;
    if (out.some((l) => l.path === target.path)) continue;
    out.push({ key: e.key, title: e.title, path: target.path });
    if (out.length >= limit) break;
  }
  return out;
}
