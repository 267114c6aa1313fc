import { Card, Col, Descriptions, Row, Statistic, Table } from 'antd';
import { fetchNodeRuntime } from '../../../api/monitor';
import { LineChart } from './charts';
import { formatBytes, formatDateTime, formatDuration, formatMs, MonitorFrame, useMonitorSeries } from './monitor-kit';
import './monitor.css';

const KEEP = 30;
const MB = 1024 * 1024;

/**
 * JVM信息 (component modules/monitor/JvmInfo): this node's Node.js runtime in place of the JVM — heap, RSS,
 * event-loop delay, GC pauses, handles, threads — refreshed every few seconds with the recent history charted.
 */
export default function JvmInfo() {
  const { monitor, d, history, labels } = useMonitorSeries('node', fetchNodeRuntime, 5, KEEP);

  return (
    <MonitorFrame title="Node 运行时（JVM信息）" updatedAt={d?.time} monitor={monitor}>
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <Card size="small" loading={!d}>
            <Statistic
              title="堆已用 / 上限"
              value={d ? formatBytes(d.memory.heapUsed) : ''}
              suffix={d ? `/ ${formatBytes(d.memory.heapLimit)}` : ''}
            />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" loading={!d}>
            <Statistic title="常驻内存 RSS" value={d ? formatBytes(d.memory.rss) : ''} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" loading={!d}>
            <Statistic title="事件循环延迟 p99" value={d ? formatMs(d.eventLoopDelay.p99) : ''} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" loading={!d}>
            <Statistic
              title="GC 次数 / 停顿总计"
              value={d ? d.gc.count : ''}
              suffix={d ? `/ ${formatMs(d.gc.totalMs)}` : ''}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title="内存（MB）">
            <LineChart
              title="内存趋势"
              labels={labels}
              slots={KEEP}
              format={(v) => v.toFixed(v >= 10 ? 0 : 1)}
              series={[
                { name: '堆已用', values: history.map((h) => h.memory.heapUsed / MB) },
                { name: '堆已申请', values: history.map((h) => h.memory.heapTotal / MB) },
                { name: 'RSS', values: history.map((h) => h.memory.rss / MB) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={`事件循环延迟（ms，每 ${(d?.eventLoopDelay.windowMs ?? 5000) / 1000} 秒一个窗口）`}>
            <LineChart
              title="事件循环延迟趋势"
              labels={labels}
              slots={KEEP}
              format={(v) => v.toFixed(v >= 10 ? 0 : 1)}
              series={[
                { name: 'p50', values: history.map((h) => h.eventLoopDelay.p50) },
                { name: 'p99', values: history.map((h) => h.eventLoopDelay.p99) },
                { name: '最大', values: history.map((h) => h.eventLoopDelay.max) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title="进程">
            <Descriptions
              size="small"
              column={2}
              items={
                d
                  ? [
                      { key: 'node', label: 'Node 版本', children: d.node },
                      { key: 'v8', label: 'V8 版本', children: d.v8 },
                      { key: 'pid', label: '进程号', children: d.pid },
                      { key: 'start', label: '启动时间', children: formatDateTime(d.startTime) },
                      { key: 'up', label: '运行时长', children: formatDuration(d.uptime) },
                      { key: 'cpu', label: 'CPU', children: `${(d.cpu * 100).toFixed(2)}%` },
                      { key: 'threads', label: '线程数', children: d.threads },
                      { key: 'pool', label: 'libuv 线程池', children: d.threadPool },
                      {
                        key: 'files',
                        label: '打开的文件',
                        children: `${d.openFiles ?? '—'} / ${d.maxFiles ?? '—'}`,
                      },
                      { key: 'ext', label: '堆外内存', children: formatBytes(d.memory.external) },
                      { key: 'ab', label: 'ArrayBuffer', children: formatBytes(d.memory.arrayBuffers) },
                      {
                        key: 'old',
                        label: '老生代',
                        children: `${formatBytes(d.memory.oldSpace.used)} / ${formatBytes(d.memory.oldSpace.max)}`,
                      },
                    ]
                  : []
              }
            />
          </Card>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card size="small" title="GC 停顿">
            <Table
              size="small"
              rowKey="kind"
              pagination={false}
              dataSource={d ? Object.entries(d.gc.byKind).map(([kind, v]) => ({ kind, ...v })) : []}
              columns={[
                { title: '类型', dataIndex: 'kind' },
                { title: '次数', dataIndex: 'count', align: 'right' },
                {
                  title: '总计',
                  dataIndex: 'totalMs',
                  align: 'right',
                  render: (v: number) => formatMs(v),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card size="small" title={`活动句柄（${d?.handles.total ?? 0}）`}>
            <Table
              size="small"
              rowKey="type"
              pagination={false}
              dataSource={d ? Object.entries(d.handles.byType).map(([type, count]) => ({ type, count })) : []}
              columns={[
                { title: '类型', dataIndex: 'type' },
                { title: '数量', dataIndex: 'count', align: 'right' },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </MonitorFrame>
  );
}
