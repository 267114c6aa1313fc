import { Card, Col, Descriptions, Progress, Row, Statistic } from 'antd';
import { fetchHttp, type HttpFigures } from '../../../api/monitor';
import { LineChart } from './charts';
import { formatDateTime, formatMs, MonitorFrame, useMonitorSeries } from './monitor-kit';
import './monitor.css';

const KEEP = 30;

/** requests per second between consecutive samples */
export function requestRates(history: readonly Pick<HttpFigures, 'time' | 'requests'>[]): number[] {
  return history.map((h, i) => {
    if (i === 0) return 0;
    const prev = history[i - 1];
    const dt = (h.time - prev.time) / 1000;
    return dt > 0 ? Math.max(0, (h.requests - prev.requests) / dt) : 0;
  });
}

const STATUS_COLORS: Record<string, string> = {
  '1xx': '#8c8c8c',
  '2xx': '#52c41a',
  '3xx': '#1677ff',
  '4xx': '#fa8c16',
  '5xx': '#f5222d',
};

/**
 * Tomcat信息 (component modules/monitor/TomcatInfo): this node's HTTP server in place of Tomcat — connections,
 * requests, status classes and latency.
 */
export default function TomcatInfo() {
  const { monitor, d, history, labels } = useMonitorSeries('http', fetchHttp, 5, KEEP);
  const total = d ? Object.values(d.statusClasses).reduce((a, b) => a + b, 0) : 0;
  const bucketTotal = d ? d.latency.buckets.reduce((a, b) => a + b.count, 0) : 0;

  return (
    <MonitorFrame title="HTTP 服务（Tomcat信息）" updatedAt={d?.time} monitor={monitor}>
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <Card size="small" loading={!d}>
            <Statistic
              title="当前连接 / 峰值"
              value={d?.connections.open ?? 0}
              suffix={`/ ${d?.connections.peak ?? 0}`}
            />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" loading={!d}>
            <Statistic title="已处理请求" value={d?.requests ?? 0} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" loading={!d}>
            <Statistic title="平均耗时" value={d ? formatMs(d.latency.meanMs) : ''} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" loading={!d}>
            <Statistic title="被拒绝（429 / 503）" value={d?.rejected ?? 0} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title="每秒请求数">
            <LineChart
              title="每秒请求数趋势"
              labels={labels}
              slots={KEEP}
              format={(v) => v.toFixed(v >= 10 ? 0 : 1)}
              series={[{ name: '请求/秒', values: requestRates(history) }]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title="耗时分位（ms，按桶估计）">
            <LineChart
              title="耗时分位趋势"
              labels={labels}
              slots={KEEP}
              series={[
                { name: 'p50', values: history.map((h) => h.latency.p50Ms) },
                { name: 'p90', values: history.map((h) => h.latency.p90Ms) },
                { name: 'p99', values: history.map((h) => h.latency.p99Ms) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title="状态码分类">
            {d
              ? (Object.keys(d.statusClasses) as Array<keyof HttpFigures['statusClasses']>).map((k) => (
                  <div key={k} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                    <span style={{ width: 36 }}>{k}</span>
                    <Progress
                      percent={total ? (d.statusClasses[k] * 100) / total : 0}
                      strokeColor={STATUS_COLORS[k]}
                      format={() => d.statusClasses[k]}
                    />
                  </div>
                ))
              : null}
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title="耗时分布">
            {d
              ? d.latency.buckets.map((b, i) => (
                  <div key={b.le ?? 'inf'} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                    <span style={{ width: 96 }}>
                      {b.le === null ? `> ${d.latency.buckets[i - 1]?.le ?? 0} ms` : `≤ ${b.le} ms`}
                    </span>
                    <Progress percent={bucketTotal ? (b.count * 100) / bucketTotal : 0} format={() => b.count} />
                  </div>
                ))
              : null}
          </Card>
        </Col>
        <Col xs={24}>
          <Card size="small" title="本节点">
            <Descriptions
              size="small"
              column={{ xs: 1, md: 3 }}
              items={
                d
                  ? [
                      { key: 'since', label: '统计开始', children: formatDateTime(d.startedAt) },
                      { key: 'opened', label: '已接受连接', children: d.connections.opened },
                      { key: 'closed', label: '已关闭连接', children: d.connections.closed },
                      { key: 'max', label: '最长耗时', children: formatMs(d.latency.maxMs) },
                      {
                        key: 'methods',
                        label: '按方法',
                        children: Object.entries(d.methods)
                          .map(([m, n]) => `${m} ${n}`)
                          .join('，'),
                      },
                    ]
                  : []
              }
            />
          </Card>
        </Col>
      </Row>
    </MonitorFrame>
  );
}
