import { CloseOutlined, DisconnectOutlined, PlusOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Popconfirm, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { addUsersToRole, ROLE_URLS, removeUserFromRole, removeUsersFromRole, type SysRole } from '../../../api/role';
import { JSelectUserByDepModal, type PickerUser } from '../../../components/JSelectUserByDep';
import { SelectionAlert, useListPage } from '../../../components/list';
import { useCan } from '../../../permission/useCan';
import { useFeedback } from '../../../utils/feedback';
import { CompactSearch } from './CompactSearch';

interface RoleUser {
  id: string;
  username: string;
  realname: string | null;
  status: number | null;
  status_dictText?: string;
  phone?: string | null;
  createTime?: string | null;
}

export interface RoleUsersPanelProps {
  role: SysRole;
  onClose?: () => void;
}

const like = (v: unknown) => (typeof v === 'string' && v.trim() ? `*${v.trim()}*` : undefined);

/**
 * The users of one role (JeecgBoot RoleUserList right side): search by account, 添加已有用户 through the
 * department/user picker, 取消关联 per row or for the selection. Changes apply to those users' next request.
 */
export function RoleUsersPanel({ role, onClose }: RoleUsersPanelProps) {
  const { message, modal } = useFeedback();
  const decide = useCan();
  const canEdit = decide('role:users') === 'allow';
  const [picking, setPicking] = useState(false);
  const list = useListPage<RoleUser>({
    urls: { list: ROLE_URLS.userRoleList },
    fixedParams: { roleId: role.id },
  });

  const afterChange = (ok: boolean, msg: string) => {
    if (ok) {
      message.success(msg);
      list.clearSelection();
      void list.reload();
    } else {
      message.warning(msg);
    }
  };

  const add = async (rows: PickerUser[]) => {
    setPicking(false);
    if (!rows.length) return;
    const res = await addUsersToRole(
      role.id,
      rows.map((r) => r.id),
    );
    afterChange(res.success, res.message || (res.success ? '添加成功!' : '添加失败'));
  };

  const unlinkOne = async (userId: string) => {
    const res = await removeUserFromRole(role.id, userId);
    afterChange(res.success, res.message || '删除成功!');
  };

  const unlinkSelected = () => {
    const ids = list.selectedRowKeys.map(String);
    if (!ids.length) {
      message.warning('请选择一条记录！');
      return;
    }
    modal.confirm({
      title: '确认取消关联',
      content: `是否取消选中的 ${ids.length} 个用户与该角色的关联?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        const res = await removeUsersFromRole(role.id, ids);
        afterChange(res.success, res.message || '删除成功!');
      },
    });
  };

  const columns: TableColumnsType<RoleUser> = [
    { title: '用户账号', dataIndex: 'username', sorter: true },
    { title: '用户名称', dataIndex: 'realname' },
    {
      title: '状态',
      dataIndex: 'status_dictText',
      width: 80,
      render: (v: string, r) => <Badge status={r.status === 1 ? 'success' : 'error'} text={v} />,
    },
    {
      title: '操作',
      key: 'action',
      width: 100,
      align: 'center',
      render: (_v, r) =>
        canEdit ? (
          <Popconfirm title="确定要取消关联吗?" okText="确定" cancelText="取消" onConfirm={() => void unlinkOne(r.id)}>
            <Typography.Link>取消关联</Typography.Link>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Card
      size="small"
      variant="borderless"
      title={
        <span>
          角色用户：<Typography.Text strong>{role.roleName}</Typography.Text>
          <Typography.Text type="secondary" style={{ marginLeft: 8, fontWeight: 'normal' }}>
            {role.roleCode}
          </Typography.Text>
        </span>
      }
      extra={
        onClose && <Button type="text" size="small" icon={<CloseOutlined />} onClick={onClose} aria-label="关闭" />
      }
    >
      <CompactSearch
        label="用户账号"
        placeholder="请输入用户账号"
        onSearch={(text) => list.search({ username: like(text) })}
        onReset={list.reset}
      />
      {canEdit && (
        <div style={{ marginBottom: 12, display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
            添加已有用户
          </Button>
          <Button icon={<DisconnectOutlined />} onClick={unlinkSelected} disabled={!list.selectedRowKeys.length}>
            批量取消关联
          </Button>
        </div>
      )}
      <SelectionAlert count={list.selectedRowKeys.length} onClear={list.clearSelection} />
      <Table<RoleUser> {...list.tableProps} columns={columns} size="middle" scroll={{ x: 'max-content' }} />
      <JSelectUserByDepModal
        open={picking}
        multiple
        onOk={(rows) => void add(rows)}
        onCancel={() => setPicking(false)}
      />
    </Card>
  );
}
