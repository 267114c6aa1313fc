import { Alert, Descriptions, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { fetchHttpTrace, type HttpTrace as Trace } from '../../../api/monitor';
import { MonitorError, RefreshBar, useMonitorQuery } from './monitor-kit';
import './monitor.css';

/** what the list shows (as JeecgBoot's page): no OPTIONS preflights, not the trace page's own calls */
export function visibleTraces(traces: readonly Trace[]): Trace[] {
  return traces.filter((t) => t.request.method !== 'OPTIONS' && !t.request.uri.includes('httptrace'));
}

/** the path and query of an absolute URI (secrets in the query are already masked by the server) */
export function pathOf(uri: string): string {
  const m = /^[a-z]+:\/\/[^/]+(\/.*)?$/i.exec(uri);
  return m ? (m[1] ?? '/') : uri;
}

const statusColor = (s: number) => (s >= 500 ? 'red' : s >= 400 ? 'orange' : s >= 300 ? 'blue' : 'green');

/** 请求追踪 (component modules/monitor/HttpTrace): the last 100 requests this node answered. */
export default function HttpTrace() {
  const { query, ...refresh } = useMonitorQuery('httptrace', fetchHttpTrace, 10);
  const rows = useMemo(() => visibleTraces(query.data ?? []), [query.data]);
  const methods = useMemo(() => [...new Set(rows.map((r) => r.request.method))].sort(), [rows]);

  return (
    <div className="answer-monitor-page">
      <RefreshBar
        title="请求追踪"
        updatedAt={query.dataUpdatedAt || undefined}
        {...refresh}
        loading={query.isFetching}
        onRefresh={() => void query.refetch()}
      />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="显示本节点最近 100 个请求：每个节点在自己的内存中保存（环形缓冲区），集群中各节点各不相同，重启后清空。令牌、密码、Cookie 以及查询参数中的密钥已隐去（******）。"
      />
      <MonitorError error={query.error} onRetry={() => void query.refetch()} />
      <Table<Trace>
        size="small"
        rowKey={(r) => `${r.timestamp}-${r.request.method}-${r.request.uri}-${r.timeTaken}`}
        loading={query.isPending}
        dataSource={rows}
        pagination={{ pageSize: 20, showSizeChanger: false, showTotal: (n) => `共 ${n} 条` }}
        scroll={{ x: 900 }}
        expandable={{
          expandedRowRender: (r) => (
            <Descriptions
              size="small"
              column={1}
              bordered
              items={[
                { key: 'ip', label: '来源地址', children: r.request.remoteAddress },
                ...Object.entries(r.request.headers).map(([k, v]) => ({
                  key: `h-${k}`,
                  label: k,
                  children: v.join(', '),
                })),
              ]}
            />
          ),
        }}
        columns={[
          {
            title: '请求时间',
            dataIndex: 'timestamp',
            width: 170,
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
          },
          {
            title: '请求方法',
            key: 'method',
            width: 100,
            filters: methods.map((m) => ({ text: m, value: m })),
            onFilter: (v, r) => r.request.method === v,
            render: (_, r) => r.request.method,
          },
          {
            title: '请求URL',
            key: 'uri',
            ellipsis: true,
            render: (_, r) => <span title={pathOf(r.request.uri)}>{pathOf(r.request.uri).split('?')[0]}</span>,
          },
          {
            title: '响应状态',
            key: 'status',
            width: 100,
            sorter: (a, b) => a.response.status - b.response.status,
            render: (_, r) => <Tag color={statusColor(r.response.status)}>{r.response.status}</Tag>,
          },
          {
            title: '请求耗时',
            dataIndex: 'timeTaken',
            width: 110,
            align: 'right',
            sorter: (a, b) => a.timeTaken - b.timeTaken,
            render: (v: number) => `${v} ms`,
          },
          { title: '用户', key: 'user', width: 110, render: (_, r) => r.principal?.name ?? '—' },
        ]}
      />
    </div>
  );
}
