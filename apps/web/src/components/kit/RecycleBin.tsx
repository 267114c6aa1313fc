import { Button, Popconfirm, Space, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { feedback } from '../../utils/feedback';
import { KitModal } from './CrudEditor';
import { toAntColumn } from './columns';
import type { RecycleBinSchema, Row } from './types';

/**
 * The recycle bin of an entity with logical deletion: the deleted rows, 还原 (back to the list) and 彻底删除
 * (with a confirmation), per row and — when declared — for the selected rows.
 */
export function RecycleBin<T>({
  bin,
  open,
  onClose,
  onRestored,
  rowKey = 'id',
}: {
  bin: RecycleBinSchema<T>;
  open: boolean;
  onClose: () => void;
  onRestored: () => void;
  rowKey?: string;
}) {
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await bin.list();
      if (res.success) setRows(res.result ?? []);
      else feedback.message.warning(res.message);
    } catch {
      // shown by the http client
    } finally {
      setLoading(false);
    }
  }, [bin]);

  useEffect(() => {
    if (open) {
      setSelected([]);
      void load();
    }
  }, [open, load]);

  const act = async (ids: string[], restore: boolean) => {
    if (!ids.length) {
      feedback.message.warning('请选择一条记录！');
      return;
    }
    try {
      const res = await (restore ? bin.restore(ids) : bin.purge(ids));
      if (!res.success) {
        feedback.message.warning(res.message);
        return;
      }
      feedback.message.success(res.message);
      setSelected([]);
      await load();
      if (restore) onRestored();
    } catch {
      // shown by the http client
    }
  };

  const purgeConfirm = bin.purgeConfirm ?? '确定要彻底删除吗？删除后不能恢复';
  const columns = [
    {
      title: '#',
      key: 'rowIndex',
      width: 50,
      align: 'center' as const,
      render: (_: unknown, __: T, i: number) => i + 1,
    },
    ...bin.columns.map((c) => toAntColumn(c)),
    {
      title: '操作',
      key: 'action',
      width: 150,
      align: 'center' as const,
      render: (_: unknown, r: T) => {
        const id = String((r as Row)[rowKey]);
        return (
          <Space separator="|">
            <Typography.Link onClick={() => void act([id], true)}>还原</Typography.Link>
            <Popconfirm title={purgeConfirm} okText="确定" cancelText="取消" onConfirm={() => void act([id], false)}>
              <Typography.Link type="danger">彻底删除</Typography.Link>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];

  return (
    <KitModal title={bin.title} open={open} width={bin.width ?? 900} onCancel={onClose} footer={null}>
      {bin.batch && (
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" disabled={!selected.length} onClick={() => void act(selected, true)}>
            批量还原
          </Button>
          <Popconfirm title={purgeConfirm} okText="确定" cancelText="取消" onConfirm={() => void act(selected, false)}>
            <Button danger disabled={!selected.length}>
              批量彻底删除
            </Button>
          </Popconfirm>
        </Space>
      )}
      <Table<T>
        rowKey={rowKey}
        size="middle"
        bordered
        loading={loading}
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ y: 420 }}
        rowSelection={
          bin.batch ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined
        }
        data-testid="recycle-bin-table"
      />
    </KitModal>
  );
}
