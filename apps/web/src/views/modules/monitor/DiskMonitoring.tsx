import { Card, Col, Empty, Row, Table } from 'antd';
import { type DiskInfo, fetchDisks } from '../../../api/monitor';
import { Gauge } from './charts';
import { formatBytes, MonitorFrame, useMonitorQuery } from './monitor-kit';
import './monitor.css';

/** 磁盘监控 (component modules/monitor/DiskMonitoring): every mount of the server's machine, used % as a gauge. */
export default function DiskMonitoring() {
  const monitor = useMonitorQuery('disk', fetchDisks, 30);
  const { query } = monitor;
  const disks = query.data ?? [];

  return (
    <MonitorFrame title="磁盘监控" monitor={monitor}>
      <Row gutter={[16, 16]}>
        {disks.map((d) => (
          <Col key={d.name} xs={24} sm={12} lg={8} xl={6}>
            <Card size="small">
              <Gauge
                title={d.name}
                percent={d.restPPT}
                caption={`已用 ${formatBytes(d.max - d.rest)} / 共 ${formatBytes(d.max)}`}
              />
            </Card>
          </Col>
        ))}
        {query.isSuccess && disks.length === 0 ? (
          <Col xs={24}>
            <Empty description="没有可显示的磁盘" />
          </Col>
        ) : null}
        <Col xs={24}>
          <Card size="small" title="挂载点">
            <Table<DiskInfo>
              size="small"
              rowKey="name"
              pagination={false}
              loading={query.isPending}
              dataSource={disks}
              columns={[
                { title: '挂载点', dataIndex: 'name' },
                { title: '设备', dataIndex: 'device' },
                { title: '文件系统', dataIndex: 'fsType' },
                { title: '总容量', dataIndex: 'max', align: 'right', render: (v: number) => formatBytes(v) },
                {
                  title: '已用',
                  key: 'used',
                  align: 'right',
                  render: (_: unknown, d) => formatBytes(d.max - d.rest),
                },
                { title: '可用', dataIndex: 'usable', align: 'right', render: (v: number) => formatBytes(v) },
                { title: '使用率', dataIndex: 'restPPT', align: 'right', render: (v: number) => `${v}%` },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </MonitorFrame>
  );
}
