import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Select, Space, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/** Shared parts of the monitor pages: polling with a pause switch, a bounded history of samples, formatters. */

export const REFRESH_CHOICES = [3, 5, 10, 30] as const;

export function formatBytes(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let u = 0;
  while (Math.abs(v) >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${u === 0 ? v : v.toFixed(v >= 100 ? 0 : v >= 10 ? 1 : 2)} ${units[u]}`;
}

/** seconds → 3天 4小时 5分 / 4小时 5分 / 5分 6秒 */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d}天 ${h}小时 ${m}分`;
  if (h > 0) return `${h}小时 ${m}分`;
  return `${m}分 ${s % 60}秒`;
}

export const formatMs = (v: number) => (v >= 100 ? `${Math.round(v)} ms` : `${v.toFixed(v >= 10 ? 1 : 2)} ms`);
export const formatPercent = (v: number) => `${(v * 100).toFixed(2)}%`;
export const formatTime = (ms: number) => dayjs(ms).format('HH:mm:ss');
export const formatDateTime = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm:ss');

/** answers that stay the same until the server is reconfigured */
export const PERMANENT_ERRORS = ['未配置 Redis'];
const isPermanent = (err: unknown) => err instanceof Error && PERMANENT_ERRORS.includes(err.message);

/**
 * A monitor query that refreshes itself every `seconds` while `auto` is on (never in a background tab). Failures
 * are shown by the page (MonitorError), not as toasts on every poll.
 */
export function useMonitorQuery<T>(key: string, fetcher: () => Promise<T>, initialSeconds = 5) {
  const [auto, setAuto] = useState(true);
  const [seconds, setSeconds] = useState(initialSeconds);
  const query = useQuery({
    queryKey: ['monitor', key],
    queryFn: fetcher,
    // a state that will not change by asking again (embedded mode: 未配置 Redis) stops the polling
    refetchInterval: (q) => (auto && !isPermanent(q.state.error) ? seconds * 1000 : false),
    refetchIntervalInBackground: false,
    retry: false,
    gcTime: 0,
  });
  return { query, auto, setAuto, seconds, setSeconds };
}

/** the last `keep` samples of a value, appended whenever `sampleKey` changes (a new answer) */
export function useHistory<T>(sample: T | undefined, sampleKey: unknown, keep = 20): T[] {
  const [list, setList] = useState<T[]>([]);
  const last = useRef<unknown>(undefined);
  useEffect(() => {
    if (sample === undefined || sampleKey === last.current) return;
    last.current = sampleKey;
    setList((l) => [...l, sample].slice(-keep));
  }, [sample, sampleKey, keep]);
  return list;
}

/**
 * A monitoring page's data: the polled query (`useMonitorQuery`), its latest sample, the last `keep` samples and
 * their times as chart labels.
 */
export function useMonitorSeries<T extends { time: number }>(
  key: string,
  fetcher: () => Promise<T>,
  initialSeconds: number,
  keep: number,
) {
  const monitor = useMonitorQuery(key, fetcher, initialSeconds);
  const d = monitor.query.data;
  const history = useHistory(d, d?.time, keep);
  return { monitor, d, history, labels: history.map((h) => formatTime(h.time)) };
}

/** the page header: what is shown, last update, auto-refresh switch and interval, 刷新 */
export function RefreshBar({
  title,
  extra,
  updatedAt,
  auto,
  setAuto,
  seconds,
  setSeconds,
  onRefresh,
  loading,
}: {
  title: ReactNode;
  extra?: ReactNode;
  updatedAt?: number;
  auto: boolean;
  setAuto(v: boolean): void;
  seconds: number;
  setSeconds(v: number): void;
  onRefresh(): void;
  loading?: boolean;
}) {
  return (
    <div className="answer-monitor-bar">
      <Space wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </Space>
      <Space wrap>
        {updatedAt ? <Typography.Text type="secondary">更新于 {formatTime(updatedAt)}</Typography.Text> : null}
        <Switch checked={auto} onChange={setAuto} checkedChildren="自动刷新" unCheckedChildren="自动刷新" />
        <Select
          aria-label="刷新间隔"
          size="small"
          value={seconds}
          disabled={!auto}
          onChange={setSeconds}
          options={REFRESH_CHOICES.map((s) => ({ value: s, label: `${s} 秒` }))}
          style={{ width: 80 }}
        />
        <Button size="small" icon={<ReloadOutlined />} loading={loading} onClick={onRefresh}>
          刷新
        </Button>
      </Space>
    </div>
  );
}

export function MonitorError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      title={error instanceof Error ? error.message : String(error)}
      action={
        <Button size="small" onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}

/**
 * The frame of a polling monitor page: the refresh bar (title, time of the answer, auto-refresh switch and interval)
 * over the query's error, then the page's content.
 */
export function MonitorFrame({
  title,
  updatedAt,
  monitor,
  onRefresh,
  children,
}: {
  title: ReactNode;
  updatedAt?: number;
  monitor: ReturnType<typeof useMonitorQuery<unknown>>;
  /** default: ask the query again */
  onRefresh?(): void;
  children: ReactNode;
}) {
  const { query, ...refresh } = monitor;
  const again = () => void query.refetch();
  return (
    <div className="answer-monitor-page">
      <RefreshBar
        title={title}
        updatedAt={updatedAt ?? (query.dataUpdatedAt || undefined)}
        {...refresh}
        loading={query.isFetching}
        onRefresh={onRefresh ?? again}
      />
      <MonitorError error={query.error} onRetry={again} />
      {children}
    </div>
  );
}
