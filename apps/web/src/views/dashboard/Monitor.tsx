import {
  ApiOutlined,
  ClockCircleOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  HddOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Statistic, Tag, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { fetchOverview, isForbidden, type Overview } from '../../api/workplace';
import { EChart } from '../../components/echart/EChart';
import { formatMs, formatPercent, MonitorError, RefreshBar, useHistory } from '../modules/monitor/monitor-kit';
import '../../components/chart/chart.css';
import '../modules/monitor/monitor.css';
import { deriveRates, formatRate, latencyOption, overallErrorRate, trafficOption } from './dashboard-figures';

/** samples kept for the charts (2.5 minutes at the default 5 s) */
const KEEP = 30;

function Figure({
  title,
  value,
  suffix,
  icon,
  color,
  footer,
}: {
  title: string;
  value: ReactNode;
  suffix?: string;
  icon: ReactNode;
  color: string;
  footer?: ReactNode;
}) {
  return (
    <Card size="small" className="answer-stat">
      <div className="answer-stat-main">
        <div aria-hidden className="answer-stat-icon" style={{ color, background: `${color}1a` }}>
          {icon}
        </div>
        <Statistic title={title} value={value as string} suffix={suffix} />
      </div>
      {footer ? (
        <Typography.Text type="secondary" className="answer-stat-footer">
          {footer}
        </Typography.Text>
      ) : null}
    </Card>
  );
}

const health = (s: 'UP' | 'DOWN' | null) =>
  s === 'UP' ? <Tag color="success">正常</Tag> : s === 'DOWN' ? <Tag color="error">不可用</Tag> : <Tag>未配置</Tag>;

/**
 * 监控 (component `dashboard/Monitor`): a live overview of this server from /dashboard/monitor — the figures of the
 * monitoring pages (requests, 5xx, latency quantiles, event-loop delay) with a database and Redis probe. Requests per
 * second and the error rate come from consecutive samples. Needs a monitoring page granted (运行时信息, 请求监控 or
 * 服务器信息); without one the page says so instead of polling.
 */
export default function Monitor() {
  const [auto, setAuto] = useState(true);
  const [seconds, setSeconds] = useState(5);
  const query = useQuery({
    queryKey: ['dashboard', 'monitor'],
    queryFn: fetchOverview,
    refetchInterval: (q) => (auto && !isForbidden(q.state.error) ? seconds * 1000 : false),
    refetchIntervalInBackground: false,
    retry: false,
    gcTime: 0,
  });
  const o: Overview | undefined = query.data;
  const history = useHistory(o, o?.time, KEEP);
  const rates = useMemo(() => deriveRates(history), [history]);
  const traffic = useMemo(() => trafficOption(rates), [rates]);
  const latency = useMemo(() => latencyOption(rates), [rates]);
  const now = rates.at(-1);
  const forbidden = isForbidden(query.error);

  if (forbidden) {
    return (
      <Alert
        type="warning"
        showIcon
        title="没有权限查看系统监控"
        description="监控概览显示的是系统监控页面（运行时信息、请求监控、服务器信息）的数据，请联系管理员授予其中任一页面后再查看。"
      />
    );
  }

  return (
    <div className="answer-monitor-page">
      <RefreshBar
        title="服务器实时概览"
        updatedAt={query.dataUpdatedAt || undefined}
        auto={auto}
        setAuto={setAuto}
        seconds={seconds}
        setSeconds={setSeconds}
        loading={query.isFetching}
        onRefresh={() => void query.refetch()}
      />
      <MonitorError error={query.error} onRetry={() => void query.refetch()} />
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={8} xxl={4}>
          <Figure
            title="请求/秒"
            value={now ? formatRate(now.rps) : '—'}
            icon={<ApiOutlined />}
            color="#1890FF"
            footer={o ? `累计 ${o.requests} 次请求` : '等待第二次采样'}
          />
        </Col>
        <Col xs={12} lg={8} xxl={4}>
          <Figure
            title="错误率"
            value={now ? formatPercent(now.errorRate) : o ? formatPercent(overallErrorRate(o)) : '—'}
            icon={<WarningOutlined />}
            color="#F5222D"
            footer={o ? `5xx 共 ${o.errors5xx} 次，4xx 共 ${o.errors4xx} 次` : null}
          />
        </Col>
        <Col xs={12} lg={8} xxl={4}>
          <Figure
            title="响应时间 p99"
            value={o ? formatMs(o.latency.p99Ms) : '—'}
            icon={<ClockCircleOutlined />}
            color="#722ED1"
            footer={o ? `p50 ${formatMs(o.latency.p50Ms)} · 平均 ${formatMs(o.latency.meanMs)}` : null}
          />
        </Col>
        <Col xs={12} lg={8} xxl={4}>
          <Figure
            title="事件循环延迟 p99"
            value={o ? formatMs(o.eventLoopDelay.p99) : '—'}
            icon={<DashboardOutlined />}
            color="#FA8C16"
            footer={o ? `最近 ${o.eventLoopDelay.windowMs / 1000} 秒，最大 ${formatMs(o.eventLoopDelay.max)}` : null}
          />
        </Col>
        <Col xs={12} lg={8} xxl={4}>
          <Figure
            title="数据库"
            value={o ? (o.database.kind === 'pg' ? 'PostgreSQL' : 'PGlite') : '—'}
            icon={<DatabaseOutlined />}
            color="#13C2C2"
            footer={
              o ? (
                <span data-health="database">
                  {health(o.database.status)}
                  {o.database.pingMs !== null ? `响应 ${formatMs(o.database.pingMs)}` : null}
                </span>
              ) : null
            }
          />
        </Col>
        <Col xs={12} lg={8} xxl={4}>
          <Figure
            title="Redis"
            value={o ? (o.redis.configured ? 'Redis' : '进程内') : '—'}
            icon={<HddOutlined />}
            color="#EB2F96"
            footer={
              o ? (
                <span data-health="redis">
                  {health(o.redis.status)}
                  {o.redis.configured
                    ? o.redis.pingMs !== null
                      ? `响应 ${formatMs(o.redis.pingMs)}`
                      : null
                    : '单机模式，未使用 Redis'}
                </span>
              ) : null
            }
          />
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title="请求量与错误率">
            <EChart option={traffic} height={280} ariaLabel="每秒请求数与错误率" />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title="响应时间与事件循环延迟">
            <EChart option={latency} height={280} ariaLabel="响应时间与事件循环延迟" />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
