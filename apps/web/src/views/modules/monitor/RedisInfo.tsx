import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Input, Row, Statistic, Table } from 'antd';
import { useMemo, useState } from 'react';
import { fetchRedis, fetchRedisInfo, type RedisInfoRow } from '../../../api/monitor';
import { LineChart } from './charts';
import { formatTime, MonitorError, RefreshBar, useHistory, useMonitorQuery } from './monitor-kit';
import './monitor.css';

const KEEP = 20;
export const NO_REDIS = '未配置 Redis';

/** Redis监控 (component modules/monitor/RedisInfo): INFO properties, key count and memory, refreshed every 3 s. */
export default function RedisInfo() {
  const { query, ...refresh } = useMonitorQuery('redis', fetchRedis, 3);
  const info = useQuery({ queryKey: ['monitor', 'redis-info'], queryFn: fetchRedisInfo, retry: false, gcTime: 0 });
  const [filter, setFilter] = useState('');
  const d = query.data;
  const history = useHistory(d, d?.time, KEEP);
  const labels = history.map((h) => formatTime(h.time));
  const rows = useMemo(() => {
    const f = filter.trim().toLowerCase();
    const all = info.data ?? [];
    return f
      ? all.filter((r) => r.key.toLowerCase().includes(f) || (r.description ?? '').includes(filter.trim()))
      : all;
  }, [info.data, filter]);
  const notConfigured = query.error instanceof Error && query.error.message === NO_REDIS;
  const server = d?.info.server ?? {};
  const clients = d?.info.clients ?? {};
  const memory = d?.info.memory ?? {};

  if (notConfigured)
    return (
      <div className="answer-monitor-page">
        <Alert
          type="info"
          showIcon
          title={NO_REDIS}
          description="服务器以嵌入模式运行（未设置 REDIS_URL），没有可监控的 Redis。设置 REDIS_URL 并重启后，这里显示 Redis 的运行信息。"
        />
      </div>
    );

  return (
    <div className="answer-monitor-page">
      <RefreshBar
        title="Redis监控"
        updatedAt={d?.time}
        {...refresh}
        loading={query.isFetching}
        onRefresh={() => {
          void query.refetch();
          void info.refetch();
        }}
      />
      <MonitorError error={query.error} onRetry={() => void query.refetch()} />
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <Card size="small" loading={!d}>
            <Statistic title="Redis 版本" value={server.redis_version ?? '—'} suffix={server.redis_mode ?? ''} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" loading={!d}>
            <Statistic title="键数量" value={d?.dbSize ?? 0} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" loading={!d}>
            <Statistic title="已用内存" value={memory.used_memory_human ?? '—'} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" loading={!d}>
            <Statistic title="客户端连接" value={clients.connected_clients ?? '—'} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title="键数量">
            <LineChart
              title="键数量趋势"
              integer
              labels={labels}
              slots={KEEP}
              format={(v) => String(Math.round(v))}
              series={[{ name: 'dbSize', values: history.map((h) => h.dbSize) }]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title="内存占用（KB）">
            <LineChart
              title="内存占用趋势"
              labels={labels}
              slots={KEEP}
              format={(v) => v.toFixed(0)}
              series={[
                {
                  name: 'used_memory',
                  values: history.map((h) => Number(h.info.memory?.used_memory ?? 0) / 1000),
                  color: '#fa8c16',
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24}>
          <Card
            size="small"
            title="Redis 详细信息"
            extra={
              <Input.Search
                allowClear
                size="small"
                placeholder="按名称或描述筛选"
                onChange={(e) => setFilter(e.target.value)}
                style={{ width: 220 }}
              />
            }
          >
            <MonitorError error={info.error} onRetry={() => void info.refetch()} />
            <Table<RedisInfoRow>
              size="small"
              rowKey="key"
              loading={info.isPending}
              dataSource={rows}
              pagination={{ pageSize: 15, showSizeChanger: false }}
              columns={[
                { title: 'Key', dataIndex: 'key', width: 260 },
                { title: 'Description', dataIndex: 'description', render: (v: string | null) => v ?? '' },
                { title: 'Value', dataIndex: 'value', width: 280, ellipsis: true },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
