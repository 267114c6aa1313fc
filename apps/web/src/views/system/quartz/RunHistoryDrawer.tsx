import { Button, Drawer, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { listJobRuns, type QuartzJob, type QuartzJobRun } from '../../../api/quartz';

const TRIGGER: Record<string, string> = { cron: '定时', misfire: '补偿（错过后执行一次）', manual: '立即执行' };
const OUTCOME: Record<string, [string, string]> = {
  running: ['processing', '执行中'],
  success: ['success', '成功'],
  failed: ['error', '失败'],
};

const columns: ColumnsType<QuartzJobRun> = [
  { title: '开始时间', dataIndex: 'startTime', width: 165 },
  { title: '结束时间', dataIndex: 'endTime', width: 165, render: (v) => v ?? '-' },
  { title: '耗时(ms)', dataIndex: 'durationMs', width: 90, align: 'right', render: (v) => v ?? '-' },
  { title: '触发', dataIndex: 'trigger', width: 90, render: (v: string) => TRIGGER[v] ?? v },
  {
    title: '结果',
    dataIndex: 'outcome',
    width: 80,
    render: (v: string) => {
      const [color, text] = OUTCOME[v] ?? ['default', v];
      return (
        <Tag color={color} data-testid="quartz-run-outcome">
          {text}
        </Tag>
      );
    },
  },
  {
    title: '错误信息 / 输出',
    key: 'message',
    ellipsis: { showTitle: false },
    render: (_, r) => {
      const text = r.errorMessage ?? r.result ?? '';
      return (
        <Tooltip title={text} placement="topLeft">
          <span style={r.errorMessage ? { color: '#ff4d4f' } : undefined}>{text || '-'}</span>
        </Tooltip>
      );
    },
  },
];

/** 执行记录: the runs of one job, newest first (start, end, duration, trigger, outcome, error); refreshes while a run is in progress */
export function RunHistoryDrawer({ job, onClose }: { job: QuartzJob | null; onClose: () => void }) {
  const [rows, setRows] = useState<QuartzJobRun[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const id = job?.id;

  const load = useCallback(
    async (p: number) => {
      if (!id) return;
      setLoading(true);
      try {
        const res = await listJobRuns(id, p, 10);
        if (res.success && res.result) {
          setRows(res.result.records);
          setTotal(res.result.total);
        }
      } finally {
        setLoading(false);
      }
    },
    [id],
  );

  useEffect(() => {
    setPage(1);
    setRows([]);
    void load(1);
  }, [load]);

  // a run in progress (or one just started by 立即执行) shows its end without a manual refresh
  const pending = rows.some((r) => r.outcome === 'running');
  useEffect(() => {
    if (!id || !pending) return;
    const t = setTimeout(() => void load(page), 1000);
    return () => clearTimeout(t);
  }, [id, pending, load, page]);

  return (
    <Drawer
      title={job ? `执行记录：${job.description || job.jobClassName}` : '执行记录'}
      open={!!job}
      onClose={onClose}
      size={860}
      destroyOnHidden
      extra={
        <Button size="small" onClick={() => void load(page)} data-testid="quartz-runs-refresh">
          刷新
        </Button>
      }
    >
      <Table<QuartzJobRun>
        data-testid="quartz-runs-table"
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={{
          current: page,
          pageSize: 10,
          total,
          showTotal: (n, [a, b]) => `${a}-${b} 共 ${n} 条`,
          onChange: (p) => {
            setPage(p);
            void load(p);
          },
        }}
        locale={{ emptyText: '暂无执行记录' }}
      />
    </Drawer>
  );
}
