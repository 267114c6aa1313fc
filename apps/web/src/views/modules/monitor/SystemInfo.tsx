import { Card, Col, Descriptions, Row } from 'antd';
import { fetchSystem } from '../../../api/monitor';
import { Gauge, LineChart } from './charts';
import { formatBytes, formatDateTime, formatDuration, MonitorFrame, useMonitorSeries } from './monitor-kit';
import './monitor.css';

const KEEP = 30;

/** 服务器信息 (component modules/monitor/SystemInfo): CPU, memory, load and OS of the machine this node runs on. */
export default function SystemInfo() {
  const { monitor, d, history, labels } = useMonitorSeries('system', fetchSystem, 5, KEEP);
  const memUsed = d ? ((d.totalMemory - d.freeMemory) * 100) / d.totalMemory : 0;

  return (
    <MonitorFrame title="服务器信息" updatedAt={d?.time} monitor={monitor}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card size="small" loading={!d}>
            <Gauge title="整机 CPU" percent={(d?.systemCpu ?? 0) * 100} caption={d ? `${d.cpuCount} 核` : ''} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card size="small" loading={!d}>
            <Gauge title="本进程 CPU" percent={(d?.processCpu ?? 0) * 100} caption="占全部核心的比例" />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card size="small" loading={!d}>
            <Gauge
              title="内存"
              percent={memUsed}
              caption={d ? `${formatBytes(d.totalMemory - d.freeMemory)} / ${formatBytes(d.totalMemory)}` : ''}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title="CPU 使用率（%）">
            <LineChart
              title="CPU 使用率趋势"
              labels={labels}
              slots={KEEP}
              format={(v) => v.toFixed(0)}
              series={[
                { name: '整机', values: history.map((h) => h.systemCpu * 100) },
                { name: '本进程', values: history.map((h) => h.processCpu * 100) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title="平均负载">
            <LineChart
              title="平均负载趋势"
              labels={labels}
              slots={KEEP}
              format={(v) => v.toFixed(1)}
              series={[
                { name: '1 分钟', values: history.map((h) => h.loadAverage[0]) },
                { name: '5 分钟', values: history.map((h) => h.loadAverage[1]) },
                { name: '15 分钟', values: history.map((h) => h.loadAverage[2]) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24}>
          <Card size="small" title="系统">
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2, xl: 3 }}
              items={
                d
                  ? [
                      { key: 'host', label: '主机名', children: d.hostname },
                      { key: 'os', label: '操作系统', children: `${d.type} ${d.release}` },
                      { key: 'arch', label: '架构', children: `${d.platform} / ${d.arch}` },
                      { key: 'cpu', label: 'CPU', children: `${d.cpuModel}（${d.cpuCount} 核）` },
                      { key: 'mem', label: '内存', children: formatBytes(d.totalMemory) },
                      { key: 'free', label: '空闲内存', children: formatBytes(d.freeMemory) },
                      { key: 'up', label: '系统运行', children: formatDuration(d.uptime) },
                      { key: 'start', label: '进程启动', children: formatDateTime(d.processStartTime) },
                      { key: 'pup', label: '进程运行', children: formatDuration(d.processUptime) },
                      { key: 'load', label: '平均负载', children: d.loadAverage.map((v) => v.toFixed(2)).join(' / ') },
                      { key: 'node', label: 'Node', children: d.node },
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
