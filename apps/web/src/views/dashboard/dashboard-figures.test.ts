import type { MenuItem } from '@answer/contract';
import { describe, expect, it } from 'vitest';
import type { Overview } from '../../api/workplace';
import {
  deriveRates,
  overallErrorRate,
  quickLinks,
  radarIndicators,
  radarOption,
  visitsOption,
  workplaceGreeting,
} from './dashboard-figures';

const at = (h: number, m = 0) => new Date(2026, 10, 25, h, m);

describe('workplaceGreeting (spec 02 §9: before 9 morning, to 11 forenoon, to 13 noon, before 20 afternoon)', () => {
  it.each([
    [0, 0, '早上好'],
    [8, 59, '早上好'],
    [9, 0, '上午好'],
    [11, 59, '上午好'],
    [12, 0, '中午好'],
    [13, 59, '中午好'],
    [14, 0, '下午好'],
    [19, 59, '下午好'],
    [20, 0, '晚上好'],
    [23, 59, '晚上好'],
  ])('%i:%i → %s', (h, m, word) => {
    expect(workplaceGreeting('管理员', at(h, m))).toBe(`${word}，管理员，祝你开心每一天！`);
  });
  it('falls back to 用户 without a name', () => {
    expect(workplaceGreeting('', at(10))).toBe('上午好，用户，祝你开心每一天！');
  });
});

const sample = (time: number, requests: number, errors5xx: number, startedAt = 1): Overview => ({
  time,
  startedAt,
  requests,
  errors5xx,
  errors4xx: 0,
  rejected: 0,
  latency: { meanMs: 3, p50Ms: 5, p90Ms: 10, p99Ms: 25, maxMs: 40 },
  eventLoopDelay: { mean: 0.5, p99: 1.25, max: 3, windowMs: 5000 },
  database: { kind: 'pglite', status: 'UP', pingMs: 0.4 },
  redis: { configured: false, status: null, pingMs: null },
});

describe('deriveRates', () => {
  it('requests per second and the error rate between consecutive samples', () => {
    const r = deriveRates([sample(0, 100, 0), sample(5000, 150, 5), sample(10_000, 150, 5)]);
    expect(r).toHaveLength(2);
    expect(r[0]).toMatchObject({ time: 5000, rps: 10, errorRate: 0.1, p99Ms: 25, loopP99Ms: 1.25 });
    // no requests in the second interval: rate 0, not NaN
    expect(r[1]).toMatchObject({ rps: 0, errorRate: 0 });
  });
  it('skips a pair across a restart (counters went down or the start time changed) and a zero interval', () => {
    expect(deriveRates([sample(0, 500, 1), sample(5000, 20, 0, 2)])).toEqual([]);
    expect(deriveRates([sample(0, 10, 0), sample(0, 12, 0)])).toEqual([]);
    expect(deriveRates([sample(0, 10, 0)])).toEqual([]);
  });
  it('overall error rate since start', () => {
    expect(overallErrorRate(sample(0, 200, 3))).toBe(0.015);
    expect(overallErrorRate(sample(0, 0, 0))).toBe(0);
  });
});

describe('chart options', () => {
  it('visits: labels on the axis, visits as bars, IPs as a line', () => {
    const o = visitsOption([
      { date: '2026-11-24', label: '11-24', visit: 3, ip: 2 },
      { date: '2026-11-25', label: '11-25', visit: 5, ip: 1 },
    ]);
    expect(o.xAxis).toMatchObject({ data: ['11-24', '11-25'] });
    expect(o.series).toEqual([
      expect.objectContaining({ type: 'bar', name: '访问量', data: [3, 5] }),
      expect.objectContaining({ type: 'line', name: 'IP数', data: [2, 1] }),
    ]);
  });
  it('radar: one axis per kind scaled to the largest series, three series in the kind order', () => {
    const rows = [
      { item: '登录', 个人: 4, 团队: 2.5, 部门: 10 },
      { item: '添加', 个人: 0, 团队: 0, 部门: 0 },
    ];
    expect(radarIndicators(rows)).toEqual([
      { name: '登录', max: 11 },
      { name: '添加', max: 1 },
    ]);
    const s = (radarOption(rows).series as Array<{ data: Array<{ name: string; value: number[] }> }>)[0];
    expect(s.data.map(({ name, value }) => ({ name, value }))).toEqual([
      { name: '个人', value: [4, 0] },
      { name: '团队', value: [2.5, 0] },
      { name: '部门', value: [10, 0] },
    ]);
  });
});

describe('quickLinks', () => {
  const leaf = (path: string, title: string, extra: Partial<MenuItem> = {}): MenuItem => ({
    id: path,
    route: '1',
    path,
    name: title,
    component: 'x/Y',
    meta: { title },
    ...extra,
  });
  const menu: MenuItem[] = [
    leaf('/dashboard/analysis', '首页'),
    {
      ...leaf('/isystem', '系统管理', { component: 'layouts/RouteView' }),
      children: [
        leaf('/isystem/user', '用户管理'),
        leaf('/isystem/hidden', '隐藏页', { hidden: true }),
        leaf('https://example.com', '外链'),
      ],
    },
    leaf('/dashboard/workplace', '工作台'),
  ];
  it('the user’s own pages, without containers, hidden or external entries and the excluded paths', () => {
    expect(quickLinks(menu, ['/dashboard/workplace'])).toEqual([
      { key: '/dashboard/analysis', title: '首页', path: '/dashboard/analysis' },
      { key: '/isystem/user', title: '用户管理', path: '/isystem/user' },
    ]);
    expect(quickLinks(menu, [], 1)).toHaveLength(1);
    expect(quickLinks(null)).toEqual([]);
  });
});
