import {
  DeleteOutlined,
  DownOutlined,
  ExportOutlined,
  LockOutlined,
  PlusOutlined,
  UnlockOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, Form, Input, type MenuProps, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { fileUrl } from '../../api/http';
import { frozenBatch, type SysUser, USER_URLS } from '../../api/user';
import { JDictSelectTag } from '../../components/JDictSelectTag';
import { JSelectDepart } from '../../components/JSelectDepart';
import {
  ActionLinks,
  ImportExcelButton,
  ListCard,
  QueryForm,
  SelectionAlert,
  useListPage,
} from '../../components/list';
import { useCan } from '../../permission/useCan';
import { useFeedback } from '../../utils/feedback';
import { PasswordModal } from './user/PasswordModal';
import { RecycleBinModal } from './user/RecycleBinModal';
import { UserModal, type UserModalMode } from './user/UserModal';
import { hasAdmin, likeValue, USER_MSG } from './user/user-form';

/**
 * 用户管理 (component system/UserList; contract §4.1): query form, the user table, 添加用户 / 导出 / 导入 / 回收站,
 * batch 删除 / 冻结 / 解冻, and per row 编辑 | 更多 (详情, 密码, 删除, 冻结/解冻). Buttons follow the user's
 * permissions (user:add, user:edit, …); the server checks every one of them again.
 */
export default function UserList() {
  const { message, modal } = useFeedback();
  const decide = useCan();
  const allowed = (code: string) => decide(code) === 'allow';
  const can = {
    add: allowed('user:add'),
    edit: allowed('user:edit'),
    delete: allowed('user:delete'),
    deleteBatch: allowed('user:deleteBatch'),
    frozen: allowed('user:frozen'),
    password: allowed('user:password'),
    import: allowed('user:import'),
    export: allowed('user:export'),
    recycle: allowed('user:recycle'),
  };

  const list = useListPage<SysUser>({
    urls: {
      list: USER_URLS.list,
      delete: USER_URLS.delete,
      deleteBatch: USER_URLS.deleteBatch,
      exportXls: USER_URLS.exportXls,
      importExcel: USER_URLS.importExcel,
    },
    exportFileName: '用户信息',
  });
  const { reload, selectedRows, selectedRowKeys, clearSelection } = list;

  const [editor, setEditor] = useState<{ mode: UserModalMode; record: SysUser | null } | null>(null);
  const [passwordFor, setPasswordFor] = useState<string | null>(null);
  const [binOpen, setBinOpen] = useState(false);

  const onSearch = (v: Record<string, unknown>) =>
    list.search({
      ...v,
      username: likeValue(v.username),
      realname: likeValue(v.realname),
      phone: likeValue(v.phone),
    });

  const setStatus = async (ids: string[], status: 1 | 2) => {
    try {
      const res = await frozenBatch(ids, status);
      if (res.success) {
        message.success(res.message || '操作成功!');
        clearSelection();
        await reload();
      } else message.warning(res.message);
    } catch {
      // shown by the http client
    }
  };

  const batchStatus = (status: 1 | 2) => {
    if (!selectedRowKeys.length) return message.warning(USER_MSG.selectOne);
    if (hasAdmin(selectedRows)) return message.warning(USER_MSG.adminInSelection);
    modal.confirm({
      title: '确认操作',
      content: `是否${status === 1 ? '解冻' : '冻结'}选中账号?`,
      onOk: () => setStatus(selectedRowKeys.map(String), status),
    });
  };

  const columns = ((): TableColumnsType<SysUser> => {
    const rowStatus = (r: SysUser, status: 1 | 2) => {
      if (r.username === 'admin') {
        message.warning(USER_MSG.adminOnly);
        return;
      }
      void setStatus([r.id], status);
    };
    return [
      { title: '用户账号', dataIndex: 'username', align: 'center', width: 100, sorter: true, ellipsis: true },
      { title: '用户姓名', dataIndex: 'realname', align: 'center', width: 85, ellipsis: true },
      {
        title: '头像',
        dataIndex: 'avatar',
        align: 'center',
        width: 55,
        render: (v: string | null) => (
          <Avatar shape="square" src={v ? fileUrl(v) : undefined} icon={<UserOutlined />} />
        ),
      },
      { title: '性别', dataIndex: 'sex_dictText', align: 'center', width: 70, sorter: true },
      { title: '生日', dataIndex: 'birthday', align: 'center', width: 95 },
      { title: '手机号码', dataIndex: 'phone', align: 'center', width: 105 },
      { title: '部门', dataIndex: 'orgCodeTxt', align: 'center', width: 100, ellipsis: true },
      { title: '负责部门', dataIndex: 'departIds_dictText', align: 'center', width: 90, ellipsis: true },
      {
        title: '状态',
        dataIndex: 'status_dictText',
        align: 'center',
        width: 70,
        render: (v: string, r) => (r.status === 2 ? <Tag color="orange">{v || '冻结'}</Tag> : v),
      },
      { title: '创建时间', dataIndex: 'createTime', align: 'center', width: 170, sorter: true },
      {
        title: '操作',
        key: 'action',
        align: 'center',
        fixed: 'right',
        width: 120,
        render: (_, r) => (
          <ActionLinks
            onEdit={can.edit ? () => setEditor({ mode: 'edit', record: r }) : undefined}
            onDelete={can.delete ? () => void list.handleDelete(r.id) : undefined}
            more={[
              { key: 'detail', label: '详情', onClick: () => setEditor({ mode: 'detail', record: r }) },
              { key: 'password', label: '密码', hidden: !can.password, onClick: () => setPasswordFor(r.username) },
              {
                key: 'freeze',
                label: '冻结',
                hidden: !can.frozen || r.status !== 1,
                confirm: '确定冻结吗?',
                onClick: () => rowStatus(r, 2),
              },
              {
                key: 'unfreeze',
                label: '解冻',
                hidden: !can.frozen || r.status !== 2,
                confirm: '确定解冻吗?',
                onClick: () => rowStatus(r, 1),
              },
            ]}
          />
        ),
      },
    ];
  })();

  const batchItems: MenuProps['items'] = [
    ...(can.deleteBatch ? [{ key: 'delete', icon: <DeleteOutlined />, label: '删除' }] : []),
    ...(can.frozen
      ? [
          { key: 'freeze', icon: <LockOutlined />, label: '冻结' },
          { key: 'unfreeze', icon: <UnlockOutlined />, label: '解冻' },
        ]
      : []),
  ];

  const toolbar = (
    <>
      {can.add && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ mode: 'add', record: null })}>
          添加用户
        </Button>
      )}
      {can.export && (
        <Button icon={<ExportOutlined />} loading={list.exporting} onClick={() => void list.exportXls('用户信息')}>
          导出
        </Button>
      )}
      {can.import && <ImportExcelButton url={list.importUrl} onDone={() => void reload()} />}
      {can.recycle && (
        <Button icon={<DeleteOutlined />} onClick={() => setBinOpen(true)}>
          回收站
        </Button>
      )}
      {selectedRowKeys.length > 0 && batchItems.length > 0 && (
        <Dropdown
          menu={{
            items: batchItems,
            onClick: ({ key }) => {
              if (key === 'delete') void list.batchDelete();
              else batchStatus(key === 'freeze' ? 2 : 1);
            },
          }}
        >
          <Button>
            批量操作 <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </>
  );

  return (
    <ListCard
      query={
        <QueryForm onSearch={onSearch} onReset={() => list.reset()}>
          <Form.Item label="账号" name="username">
            <Input placeholder="输入账号模糊查询" allowClear />
          </Form.Item>
          <Form.Item label="名字" name="realname">
            <Input placeholder="输入名字模糊查询" allowClear />
          </Form.Item>
          <Form.Item label="性别" name="sex">
            <JDictSelectTag dictCode="sex" placeholder="请选择性别" />
          </Form.Item>
          <Form.Item label="手机号码" name="phone">
            <Input placeholder="请输入手机号码查询" allowClear />
          </Form.Item>
          <Form.Item label="用户状态" name="status">
            <JDictSelectTag dictCode="user_status" placeholder="请选择" />
          </Form.Item>
          <Form.Item label="部门" name="departId">
            <JSelectDepart placeholder="请选择部门" />
          </Form.Item>
        </QueryForm>
      }
      toolbar={toolbar}
      alert={<SelectionAlert count={selectedRowKeys.length} onClear={clearSelection} />}
    >
      <Table<SysUser> {...list.tableProps} columns={columns} scroll={{ x: 1090 }} data-testid="user-table" />
      <UserModal
        open={!!editor}
        mode={editor?.mode ?? 'add'}
        record={editor?.record}
        onClose={() => setEditor(null)}
        onSaved={() => void reload()}
      />
      <PasswordModal username={passwordFor} onClose={() => setPasswordFor(null)} />
      {can.recycle && (
        <RecycleBinModal open={binOpen} onClose={() => setBinOpen(false)} onRestored={() => void reload()} />
      )}
    </ListCard>
  );
}
