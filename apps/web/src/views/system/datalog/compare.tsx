import type { Result } from '@answer/contract';
import {
  Button,
  Descriptions,
  Empty,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import {
  compareDataLogs,
  type DataLog,
  type DiffRow,
  dataLogVersions,
  diffSnapshots,
  LOG_MESSAGES,
  parseSnapshot,
} from '../../../api/log';
import { Truncated, useKeyedLoad } from '../../../components/kit';
import { useActionColumn } from '../../../components/list';
import { feedback } from '../../../utils/feedback';

/** two versions of one row: data log ids of the left / right side */
export interface CompareTarget {
  dataTable: string;
  dataId: string;
  left: string;
  right: string;
}

const byVersion = (a: DataLog, b: DataLog) => (a.dataVersion ?? 0) - (b.dataVersion ?? 0);
/** the answer's result, or null after its message as a warning */
const ok = async <T,>(call: Promise<Result<T[]>>): Promise<T[] | null> => {
  const res = await call;
  if (!res.success) feedback.message.warning(res.message);
  return res.success ? (res.result ?? []) : null;
};
const warn = (description: string) => {
  feedback.notification.warning({ message: '提示', description, duration: 3 });
  return null;
};

/** the comparison of an older version `a` with `b` */
const pairOf = (a: DataLog, b: DataLog): CompareTarget => ({
  dataTable: a.dataTable ?? '',
  dataId: a.dataId ?? '',
  left: a.id,
  right: b.id,
});

/** the comparison of two selected rows (older left), or null after saying what is wrong with the selection */
export function compareTarget(rows: readonly DataLog[]): CompareTarget | null {
  if (rows.length !== 2) return warn(LOG_MESSAGES.selectTwo);
  const [a, b] = [...rows].sort(byVersion);
  if (a.dataId !== b.dataId || a.dataTable !== b.dataTable) return warn(LOG_MESSAGES.sameRow);
  return pairOf(a, b);
}

/** every version of one row, oldest first */
function useVersions(dataTable?: string | null, dataId?: string | null) {
  const key = dataTable && dataId ? `${dataTable}/${dataId}` : null;
  const { data, loading } = useKeyedLoad(key, () => ok(dataLogVersions(dataTable ?? '', dataId ?? '')), []);
  return { versions: [...(data ?? [])].sort(byVersion), loading };
}

function RowHeader({ dataTable, dataId }: { dataTable?: string | null; dataId?: string | null }) {
  return (
    <Descriptions size="small" column={2} bordered>
      <Descriptions.Item label="数据库表名">{dataTable}</Descriptions.Item>
      <Descriptions.Item label="数据ID">{dataId}</Descriptions.Item>
    </Descriptions>
  );
}

const wrap = { whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

/**
 * 数据比较: the two versions of a row side by side, field by field; changed fields are highlighted. Either side can be
 * switched to any other version of the same row.
 */
export function CompareModal({ target, onClose }: { target: CompareTarget | null; onClose: () => void }) {
  const { versions } = useVersions(target?.dataTable, target?.dataId);
  const [left, setLeft] = useState<string>();
  const [right, setRight] = useState<string>();
  const [onlyChanged, setOnlyChanged] = useState(false);

  useEffect(() => {
    setLeft(target?.left);
    setRight(target?.right);
    setOnlyChanged(false);
  }, [target]);

  const { data: pair, loading } = useKeyedLoad(
    left && right ? `${left}|${right}` : null,
    () => ok(compareDataLogs(left ?? '', right ?? '')).then((r) => (r?.length === 2 ? r : null)),
    null,
  );

  const all = useMemo(
    () => (pair ? diffSnapshots(parseSnapshot(pair[0].dataContent), parseSnapshot(pair[1].dataContent)) : []),
    [pair],
  );
  const changedCount = all.filter((r) => r.changed).length;
  const options = versions.map((v) => ({
    value: v.id,
    label: `版本 ${v.dataVersion}${v.createTime ? `（${v.createTime}）` : ''}`,
  }));
  const side = (d: DataLog | undefined) => (d ? `版本 ${d.dataVersion}` : '');
  const columns: TableColumnsType<DiffRow> = [
    {
      title: '字段',
      dataIndex: 'field',
      width: 180,
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { title: side(pair?.[0]), dataIndex: 'left', render: (v: string) => <span style={wrap}>{v}</span> },
    {
      title: side(pair?.[1]),
      dataIndex: 'right',
      render: (v: string, r) => <span style={{ ...wrap, color: r.changed ? '#cf1322' : undefined }}>{v}</span>,
    },
  ];

  return (
    <Modal
      open={!!target}
      title={LOG_MESSAGES.compareTitle}
      width={1000}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
    >
      {target && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <RowHeader {...target} />
          <Space wrap>
            <span>比较</span>
            <Select style={{ width: 260 }} value={left} onChange={setLeft} options={options} />
            <span>与</span>
            <Select style={{ width: 260 }} value={right} onChange={setRight} options={options} />
            <Switch checked={onlyChanged} onChange={setOnlyChanged} /> <span>只看变化</span>
            {pair && <Tag color={changedCount ? 'red' : 'green'}>{changedCount} 个字段不同</Tag>}
          </Space>
          <Table<DiffRow>
            data-testid="data-log-compare"
            rowKey="field"
            size="small"
            bordered
            loading={loading}
            columns={columns}
            dataSource={onlyChanged ? all.filter((r) => r.changed) : all}
            pagination={false}
            scroll={{ y: 420 }}
            onRow={(r) => ({ style: r.changed ? { background: '#fff1f0' } : undefined, 'data-changed': r.changed })}
          />
        </Space>
      )}
    </Modal>
  );
}

/** 版本历史: every version of one row, oldest first; 与上一版本比较 opens the comparison. */
export function HistoryModal({
  row,
  onClose,
  onCompare,
  canCompare,
}: {
  row: DataLog | null;
  onClose: () => void;
  onCompare: (target: CompareTarget) => void;
  canCompare: boolean;
}) {
  const { versions, loading } = useVersions(row?.dataTable, row?.dataId);
  // on a phone: 与上一版本比较 in a ⋯ menu kept on screen (issue 29)
  const actions = useActionColumn();
  const columns: TableColumnsType<DataLog> = [
    { title: '版本号', dataIndex: 'dataVersion', width: 80, align: 'center' },
    { title: '创建人', dataIndex: 'createBy', width: 110, align: 'center' },
    { title: '创建日期', dataIndex: 'createTime', width: 170, align: 'center' },
    {
      title: '数据内容',
      dataIndex: 'dataContent',
      ellipsis: { showTitle: false },
      render: (v: string | null) => <Truncated value={v} />,
    },
  ];
  if (canCompare)
    columns.push(
      actions.column<DataLog>({
        width: 130,
        links: (v, i) =>
          i > 0
            ? { actions: [{ label: '与上一版本比较', onClick: () => onCompare(pairOf(versions[i - 1], v)) }] }
            : null,
        empty: () => <Typography.Text type="secondary">初始版本</Typography.Text>,
      }),
    );

  return (
    <Modal
      open={!!row}
      title="版本历史"
      width={900}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
    >
      {row && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <RowHeader {...row} />
          <Table<DataLog>
            rowKey="id"
            size="small"
            bordered
            loading={loading}
            columns={columns}
            dataSource={versions}
            pagination={false}
            scroll={actions.scroll({ y: 400 })}
            locale={{ emptyText: <Empty description="暂无版本" /> }}
          />
        </Space>
      )}
    </Modal>
  );
}
