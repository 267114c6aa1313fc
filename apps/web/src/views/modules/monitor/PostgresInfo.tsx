import { Alert, Card, Col, Descriptions, Row, Statistic, Table } from 'antd';
import { fetchPostgres, type PostgresFigures } from '../../../api/monitor';
import { Gauge, LineChart } from './charts';
import { formatBytes, MonitorFrame, useMonitorSeries } from './monitor-kit';
import './monitor.css';

const KEEP = 30;

/** "PostgreSQL 16.2 (Debian …) on x86_64…, compiled by …" → "PostgreSQL 16.2 (Debian …)" */
export const shortVersion = (v: string | null | undefined) => (v ? v.split(' on ')[0] : '—');

export const connectionTotal = (d: Pick<PostgresFigures, 'connections'> | undefined) =>
  (d?.connections ?? []).reduce((s, c) => s + c.count, 0);

/**
 * PostgreSQL监控 (component modules/monitor/PostgresInfo; JeecgBoot has no such page): database size,
 * connections by state, cache hit ratio, the longest running statements and the largest tables.
 */
export default function PostgresInfo() {
  const { monitor, d, history, labels } = useMonitorSeries('postgres', fetchPostgres, 10, KEEP);
  const hit = d?.cache?.hitRatio;

  return (
    <MonitorFrame title="PostgreSQL监控" updatedAt={d?.time} monitor={monitor}>
      {d?.kind === 'pglite' ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="嵌入式数据库（PGlite）：没有独立的服务器进程，连接、运行中的语句等统计只反映本进程。"
        />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8} xl={6}>
          <Card size="small" loading={!d}>
            <Gauge
              highIsGood
              title="缓存命中率"
              percent={hit === null || hit === undefined ? 0 : hit * 100}
              caption={d?.cache ? `命中 ${d.cache.blocksHit} / 读盘 ${d.cache.blocksRead} 块` : '不可用'}
            />
          </Card>
        </Col>
        <Col xs={24} md={16} xl={18}>
          <Row gutter={[16, 16]}>
            <Col xs={12} xl={6}>
              <Card size="small" loading={!d}>
                <Statistic title="数据库大小" value={formatBytes(d?.sizeBytes)} />
              </Card>
            </Col>
            <Col xs={12} xl={6}>
              <Card size="small" loading={!d}>
                <Statistic title="连接 / 上限" value={connectionTotal(d)} suffix={`/ ${d?.maxConnections ?? '—'}`} />
              </Card>
            </Col>
            <Col xs={12} xl={6}>
              <Card size="small" loading={!d}>
                <Statistic
                  title="提交 / 回滚"
                  value={d?.cache?.commits ?? '—'}
                  suffix={`/ ${d?.cache?.rollbacks ?? '—'}`}
                />
              </Card>
            </Col>
            <Col xs={12} xl={6}>
              <Card size="small" loading={!d}>
                <Statistic title="死锁" value={d?.cache?.deadlocks ?? '—'} />
              </Card>
            </Col>
            <Col xs={24}>
              <Card size="small" loading={!d}>
                <Descriptions
                  size="small"
                  column={{ xs: 1, lg: 2 }}
                  items={[
                    {
                      key: 'v',
                      label: '版本',
                      children: <span title={d?.version ?? ''}>{shortVersion(d?.version)}</span>,
                    },
                    { key: 'db', label: '数据库', children: d?.database ?? '—' },
                    { key: 'sb', label: 'shared_buffers', children: d?.sharedBuffers ?? '—' },
                    {
                      key: 'states',
                      label: '连接状态',
                      children: (d?.connections ?? []).map((c) => `${c.state} ${c.count}`).join('，') || '—',
                    },
                  ]}
                />
              </Card>
            </Col>
          </Row>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title="连接数">
            <LineChart
              title="连接数趋势"
              integer
              labels={labels}
              slots={KEEP}
              format={(v) => String(Math.round(v))}
              series={[
                { name: '全部', values: history.map((h) => connectionTotal(h)) },
                {
                  name: 'active',
                  values: history.map((h) => h.connections?.find((c) => c.state === 'active')?.count ?? 0),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title="缓存命中率（%）">
            <LineChart
              title="缓存命中率趋势"
              labels={labels}
              slots={KEEP}
              format={(v) => v.toFixed(0)}
              series={[
                { name: '命中率', values: history.map((h) => (h.cache?.hitRatio ?? 0) * 100), color: '#52c41a' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24}>
          <Card size="small" title="运行最久的语句">
            <Table
              size="small"
              rowKey="pid"
              pagination={false}
              dataSource={d?.longest ?? []}
              locale={{ emptyText: d?.longest === null ? '不可用' : '没有正在运行的语句' }}
              columns={[
                { title: 'PID', dataIndex: 'pid', width: 80 },
                { title: '用户', dataIndex: 'user', width: 100 },
                { title: '状态', dataIndex: 'state', width: 140 },
                {
                  title: '已运行',
                  dataIndex: 'seconds',
                  width: 100,
                  align: 'right',
                  render: (v: number | null) => (v === null ? '—' : `${v.toFixed(1)} 秒`),
                },
                { title: '等待', dataIndex: 'wait', width: 100 },
                { title: '语句', dataIndex: 'query', ellipsis: true },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24}>
          <Card size="small" title="最大的表">
            <Table
              size="small"
              rowKey="name"
              pagination={false}
              dataSource={d?.tables ?? []}
              columns={[
                { title: '表', dataIndex: 'name' },
                { title: '大小（含索引）', dataIndex: 'bytes', align: 'right', render: (v: number) => formatBytes(v) },
                { title: '行数（估计）', dataIndex: 'rows', align: 'right' },
                { title: '顺序扫描', dataIndex: 'seqScans', align: 'right' },
                { title: '索引扫描', dataIndex: 'indexScans', align: 'right' },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </MonitorFrame>
  );
}
