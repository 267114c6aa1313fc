import { Modal, Popconfirm, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { deletedDicts, purgeDict, restoreDict, type SysDict } from '../../../api/dict-admin';
import { useFeedback } from '../../../utils/feedback';

/** 字典回收站: logically deleted dictionaries, 还原 (back to the list) or 彻底删除 (with their items). */
export function DictRecycleBin({
  open,
  onClose,
  onRestored,
}: {
  open: boolean;
  onClose: () => void;
  onRestored: () => void;
}) {
  const { message } = useFeedback();
  const [rows, setRows] = useState<SysDict[]>([]);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await deletedDicts();
      if (res.success) setRows(res.result ?? []);
      else message.warning(res.message);
    } catch {
      // shown by the http client
    } finally {
      setLoading(false);
    }
  }, [message]);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const act = async (call: () => ReturnType<typeof restoreDict>, restored: boolean) => {
    try {
      const res = await call();
      if (res.success) {
        message.success(res.message);
        await load();
        if (restored) onRestored();
      } else {
        message.warning(res.message);
      }
    } catch {
      // shown by the http client
    }
  };

  const columns: TableColumnsType<SysDict> = [
    { title: '#', key: 'rowIndex', width: 50, align: 'center', render: (_, __, i) => i + 1 },
    { title: '字典名称', dataIndex: 'dictName', ellipsis: true },
    { title: '字典编号', dataIndex: 'dictCode', ellipsis: true },
    { title: '描述', dataIndex: 'description', ellipsis: true },
    {
      title: '操作',
      key: 'action',
      width: 150,
      align: 'center',
      render: (_, r) => (
        <Space separator="|">
          <Typography.Link onClick={() => void act(() => restoreDict(r.id), true)}>还原</Typography.Link>
          <Popconfirm
            title="确定要彻底删除吗？字典项会一并删除，且不能恢复"
            okText="确定"
            cancelText="取消"
            onConfirm={() => void act(() => purgeDict(r.id), false)}
          >
            <Typography.Link type="danger">彻底删除</Typography.Link>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Modal title="字典回收站" open={open} width={900} onCancel={onClose} footer={null} destroyOnHidden>
      <Table<SysDict>
        rowKey="id"
        size="middle"
        bordered
        loading={loading}
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ y: 420 }}
        data-testid="dict-recycle-table"
      />
    </Modal>
  );
}
