import { UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Divider, Modal, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { fileUrl } from '../../../api/http';
import { purgeUsers, recycleBinList, restoreUsers, type SysUser } from '../../../api/user';
import { SelectionAlert } from '../../../components/list';
import { useFeedback } from '../../../utils/feedback';
import { USER_MSG } from './user-form';

export interface RecycleBinModalProps {
  open: boolean;
  onClose: () => void;
  /** after users were restored (the user list reloads) */
  onRestored: () => void;
}

/** 用户回收站 (JeecgBoot's UserRecycleBinModal): logically deleted users, 还原 and 彻底删除 (one or many). */
export function RecycleBinModal({ open, onClose, onRestored }: RecycleBinModalProps) {
  const { message, modal } = useFeedback();
  const [rows, setRows] = useState<SysUser[]>([]);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await recycleBinList();
      if (res.success) setRows(Array.isArray(res.result) ? res.result : []);
      else message.warning(res.message);
    } catch {
      // shown by the http client
    } finally {
      setLoading(false);
    }
  }, [message]);

  useEffect(() => {
    if (open) {
      setSelected([]);
      void load();
    }
  }, [open, load]);

  const restore = (ids: string[]) => {
    if (!ids.length) return message.warning(USER_MSG.selectOne);
    modal.confirm({
      title: '恢复用户',
      content: `您确定要恢复这 ${ids.length} 个用户吗？`,
      centered: true,
      onOk: async () => {
        const res = await restoreUsers(ids);
        if (res.success) {
          message.success(`还原 ${ids.length} 个用户成功！`);
          setSelected([]);
          await load();
          onRestored();
        } else message.warning(res.message);
      },
    });
  };

  const purge = (ids: string[]) => {
    if (!ids.length) return message.warning(USER_MSG.selectOne);
    modal.confirm({
      title: '彻底删除用户',
      content: (
        <div>
          <p>您确定要彻底删除这 {ids.length} 个用户吗？</p>
          <p style={{ color: 'red' }}>注意：彻底删除后将无法恢复，请谨慎操作！</p>
        </div>
      ),
      centered: true,
      okButtonProps: { danger: true },
      onOk: async () => {
        const res = await purgeUsers(ids);
        if (res.success) {
          message.success(`彻底删除 ${ids.length} 个用户成功！`);
          setSelected([]);
          await load();
        } else message.warning(res.message);
      },
    });
  };

  const columns: TableColumnsType<SysUser> = [
    { title: '用户账号', dataIndex: 'username', align: 'center' },
    { title: '用户姓名', dataIndex: 'realname', align: 'center' },
    {
      title: '头像',
      dataIndex: 'avatar',
      align: 'center',
      width: 80,
      render: (v: string | null) => <Avatar src={v ? fileUrl(v) : undefined} icon={<UserOutlined />} />,
    },
    { title: '部门', dataIndex: 'orgCodeTxt', align: 'center', ellipsis: true },
    { title: '删除时间', dataIndex: 'updateTime', align: 'center', width: 170 },
    {
      title: '操作',
      key: 'action',
      align: 'center',
      width: 170,
      render: (_, r) => (
        <span>
          <Typography.Link onClick={() => restore([r.id])}>还原</Typography.Link>
          <Divider orientation="vertical" />
          <Typography.Link type="danger" onClick={() => purge([r.id])}>
            彻底删除
          </Typography.Link>
        </span>
      ),
    },
  ];

  return (
    <Modal title="用户回收站" open={open} width={1000} onCancel={onClose} footer={null} centered>
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={() => restore(selected)} disabled={!selected.length}>
          批量还原
        </Button>
        <Button danger onClick={() => purge(selected)} disabled={!selected.length}>
          批量彻底删除
        </Button>
      </Space>
      {selected.length > 0 && <SelectionAlert count={selected.length} onClear={() => setSelected([])} />}
      <Table<SysUser>
        rowKey="id"
        size="middle"
        bordered
        loading={loading}
        dataSource={rows}
        columns={columns}
        pagination={{ pageSize: 10, showTotal: (total, [a, b]) => `${a}-${b} 共 ${total} 条` }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        data-testid="recycle-bin-table"
      />
    </Modal>
  );
}

export default RecycleBinModal;
