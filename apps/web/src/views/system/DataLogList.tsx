import { DiffOutlined, HistoryOutlined } from '@ant-design/icons';
import {
  Button,
  Descriptions,
  Empty,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  compareDataLogs,
  DATA_LOG_URLS,
  type DataLog,
  type DiffRow,
  dataLogVersions,
  diffSnapshots,
  LOG_MESSAGES,
  parseSnapshot,
} from '../../api/log';
import { ListCard, QueryForm, SelectionAlert, useListPage } from '../../components/list';
import { useCan } from '../../permission/useCan';
import { useFeedback } from '../../utils/feedback';

const CHANGED_BG = '#fff1f0';

interface CompareTarget {
  dataTable: string;
  dataId: string;
  /** data log ids of the left / right versions */
  left: string;
  right: string;
}

const byVersion = (a: DataLog, b: DataLog) => (a.dataVersion ?? 0) - (b.dataVersion ?? 0);

/**
 * 数据比较: the two versions of a row side by side, field by field; changed fields are highlighted. Either side can be
 * switched to any other version of the same row.
 */
function CompareModal({ target, onClose }: { target: CompareTarget | null; onClose: () => void }) {
  const { message } = useFeedback();
  const [versions, setVersions] = useState<DataLog[]>([]);
  const [left, setLeft] = useState<string>();
  const [right, setRight] = useState<string>();
  const [pair, setPair] = useState<[DataLog, DataLog] | null>(null);
  const [loading, setLoading] = useState(false);
  const [onlyChanged, setOnlyChanged] = useState(false);

  useEffect(() => {
    if (!target) return;
    setLeft(target.left);
    setRight(target.right);
    setOnlyChanged(false);
    let live = true;
    dataLogVersions(target.dataTable, target.dataId)
      .then((res) => {
        if (live && res.success) setVersions([...(res.result ?? [])].sort(byVersion));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [target]);

  useEffect(() => {
    if (!target || !left || !right) return;
    let live = true;
    setLoading(true);
    compareDataLogs(left, right)
      .then((res) => {
        if (!live) return;
        if (res.success && (res.result ?? []).length === 2) setPair([res.result[0], res.result[1]]);
        else {
          setPair(null);
          if (!res.success) message.warning(res.message);
        }
      })
      .catch(() => {})
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [target, left, right, message]);

  const rows = useMemo(() => {
    if (!pair) return [];
    const all = diffSnapshots(parseSnapshot(pair[0].dataContent), parseSnapshot(pair[1].dataContent));
    return onlyChanged ? all.filter((r) => r.changed) : all;
  }, [pair, onlyChanged]);
  const changedCount = useMemo(
    () =>
      pair
        ? diffSnapshots(parseSnapshot(pair[0].dataContent), parseSnapshot(pair[1].dataContent)).filter((r) => r.changed)
            .length
        : 0,
    [pair],
  );

  const versionOptions = versions.map((v) => ({
    value: v.id,
    label: `版本 ${v.dataVersion}${v.createTime ? `（${v.createTime}）` : ''}`,
  }));
  const label = (d: DataLog | undefined) => (d ? `版本 ${d.dataVersion}` : '');

  const columns: TableColumnsType<DiffRow> = [
    {
      title: '字段',
      dataIndex: 'field',
      width: 180,
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      title: label(pair?.[0]),
      dataIndex: 'left',
      render: (v: string) => <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{v}</span>,
    },
    {
      title: label(pair?.[1]),
      dataIndex: 'right',
      render: (v: string, r) => (
        <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', color: r.changed ? '#cf1322' : undefined }}>
          {v}
        </span>
      ),
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
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="数据库表名">{target.dataTable}</Descriptions.Item>
            <Descriptions.Item label="数据ID">{target.dataId}</Descriptions.Item>
          </Descriptions>
          <Space wrap>
            <span>比较</span>
            <Select style={{ width: 260 }} value={left} onChange={setLeft} options={versionOptions} />
            <span>与</span>
            <Select style={{ width: 260 }} value={right} onChange={setRight} options={versionOptions} />
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
            dataSource={rows}
            pagination={false}
            scroll={{ y: 420 }}
            onRow={(r) => ({ style: r.changed ? { background: CHANGED_BG } : undefined, 'data-changed': r.changed })}
          />
        </Space>
      )}
    </Modal>
  );
}

/** 版本历史: every version of one row, oldest first; 与上一版本比较 opens the comparison. */
function HistoryModal({
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
  const { message } = useFeedback();
  const [versions, setVersions] = useState<DataLog[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!row?.dataTable || !row.dataId) return;
    let live = true;
    setLoading(true);
    dataLogVersions(row.dataTable, row.dataId)
      .then((res) => {
        if (!live) return;
        if (res.success) setVersions([...(res.result ?? [])].sort(byVersion));
        else {
          setVersions([]);
          message.warning(res.message);
        }
      })
      .catch(() => {})
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [row, message]);

  const columns: TableColumnsType<DataLog> = [
    { title: '版本号', dataIndex: 'dataVersion', width: 80, align: 'center' },
    { title: '创建人', dataIndex: 'createBy', width: 110, align: 'center' },
    { title: '创建日期', dataIndex: 'createTime', width: 170, align: 'center' },
    {
      title: '数据内容',
      dataIndex: 'dataContent',
      ellipsis: { showTitle: false },
      render: (v: string | null) => (
        <Tooltip title={v} placement="topLeft">
          {v}
        </Tooltip>
      ),
    },
  ];
  if (canCompare) {
    columns.push({
      title: '操作',
      key: 'action',
      width: 130,
      align: 'center',
      render: (_, v, i) =>
        i > 0 ? (
          <Typography.Link
            onClick={() =>
              onCompare({ dataTable: v.dataTable ?? '', dataId: v.dataId ?? '', left: versions[i - 1].id, right: v.id })
            }
          >
            与上一版本比较
          </Typography.Link>
        ) : (
          <Typography.Text type="secondary">初始版本</Typography.Text>
        ),
    });
  }

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
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="数据库表名">{row.dataTable}</Descriptions.Item>
            <Descriptions.Item label="数据ID">{row.dataId}</Descriptions.Item>
          </Descriptions>
          <Table<DataLog>
            rowKey="id"
            size="small"
            bordered
            loading={loading}
            columns={columns}
            dataSource={versions}
            pagination={false}
            scroll={{ y: 400 }}
            locale={{ emptyText: <Empty description="暂无版本" /> }}
          />
        </Space>
      )}
    </Modal>
  );
}

/**
 * 数据日志 (component system/DataLogList; JeecgBoot DataLogList, contract §4.11): snapshots of edited rows with table
 * and id filters, 数据比较 of two selected versions (permission dataLog:compare) and the version history of a row.
 */
export default function DataLogList() {
  const { notification } = useFeedback();
  const decide = useCan();
  const canCompare = decide('dataLog:compare') === 'allow';
  const list = useListPage<DataLog>({ urls: { list: DATA_LOG_URLS.list } });
  const [compare, setCompare] = useState<CompareTarget | null>(null);
  const [history, setHistory] = useState<DataLog | null>(null);

  const warn = useCallback(
    (description: string) => notification.warning({ message: '提示', description, duration: 3 }),
    [notification],
  );

  const startCompare = () => {
    const rows = list.selectedRows;
    if (rows.length !== 2) return warn(LOG_MESSAGES.selectTwo);
    const [a, b] = [...rows].sort(byVersion);
    if (a.dataId !== b.dataId || a.dataTable !== b.dataTable) return warn(LOG_MESSAGES.sameRow);
    setCompare({ dataTable: a.dataTable ?? '', dataId: a.dataId ?? '', left: a.id, right: b.id });
  };

  const columns = useMemo<TableColumnsType<DataLog>>(
    () => [
      { title: '#', key: 'rowIndex', width: 60, align: 'center', render: (_, __, i) => i + 1 },
      { title: '表名', dataIndex: 'dataTable', align: 'center', width: 140, sorter: true },
      { title: '数据ID', dataIndex: 'dataId', align: 'center', width: 200, ellipsis: true, sorter: true },
      { title: '版本号', dataIndex: 'dataVersion', align: 'center', width: 90, sorter: true },
      {
        title: '数据内容',
        dataIndex: 'dataContent',
        ellipsis: { showTitle: false },
        render: (v: string | null) => (
          <Tooltip title={v} placement="topLeft" styles={{ root: { maxWidth: 560 } }}>
            {v}
          </Tooltip>
        ),
      },
      { title: '创建人', dataIndex: 'createBy', align: 'center', width: 110 },
      { title: '创建日期', dataIndex: 'createTime', align: 'center', width: 170, sorter: true },
      {
        title: '操作',
        key: 'action',
        align: 'center',
        width: 100,
        render: (_, row) => (
          <Typography.Link onClick={() => setHistory(row)}>
            <HistoryOutlined /> 版本历史
          </Typography.Link>
        ),
      },
    ],
    [],
  );

  return (
    <ListCard
      query={
        <QueryForm onSearch={(v) => list.search(v)} onReset={() => list.reset()}>
          <Form.Item name="dataTable" label="表名">
            <Input placeholder="请输入表名" allowClear maxLength={32} />
          </Form.Item>
          <Form.Item name="dataId" label="数据ID">
            <Input placeholder="请输入数据ID" allowClear maxLength={36} />
          </Form.Item>
        </QueryForm>
      }
      toolbar={
        canCompare ? (
          <Button type="primary" icon={<DiffOutlined />} onClick={startCompare}>
            数据比较
          </Button>
        ) : undefined
      }
      alert={<SelectionAlert count={list.selectedRowKeys.length} onClear={list.clearSelection} />}
    >
      <Table<DataLog> {...list.tableProps} columns={columns} scroll={{ x: 1100 }} />
      <CompareModal target={compare} onClose={() => setCompare(null)} />
      <HistoryModal
        row={history}
        canCompare={canCompare}
        onClose={() => setHistory(null)}
        onCompare={(target) => {
          setHistory(null);
          setCompare(target);
        }}
      />
    </ListCard>
  );
}
