import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Table } from 'antd';
import { useMemo } from 'react';
import { useLoginInfo, useVisitInfo } from '../../api/dashboard';
import { lastSevenDays, type VisitPoint } from './visits';

/**
 * What the home page (Analysis) and 图表 (IndexChart) both show of /sys/loginfo and /sys/visitInfo: the two queries,
 * the last 7 days, the 统计数据加载失败 alert with 重试 and the 每日明细 rows. No chart library here: Analysis is on
 * the sign-in → home path.
 */
export function useVisitStats() {
  const info = useLoginInfo();
  const visits = useVisitInfo();
  const points = useMemo<VisitPoint[]>(() => lastSevenDays(visits.data ?? []), [visits.data]);
  const failed = info.isError || visits.isError;
  const retry = () => {
    void info.refetch();
    void visits.refetch();
  };
  return { info, visits, points, failed, retry };
}

/** 统计数据加载失败 with a 重试 button (nothing when `failed` is false) */
export function VisitStatsAlert({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  if (!failed) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      title="统计数据加载失败"
      action={
        <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}

/** 每日明细: one row a day, newest first */
export function VisitDaysTable({ points, loading }: { points: VisitPoint[]; loading: boolean }) {
  return (
    <Table<VisitPoint>
      size="small"
      rowKey="date"
      loading={loading}
      pagination={false}
      dataSource={[...points].reverse()}
      columns={[
        { title: '日期', dataIndex: 'date' },
        { title: '访问量', dataIndex: 'visit', align: 'right' },
        { title: 'IP数', dataIndex: 'ip', align: 'right' },
      ]}
    />
  );
}
