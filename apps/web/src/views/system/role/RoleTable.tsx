import { DeleteOutlined, DownloadOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, Form, Input, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ROLE_URLS, type SysRole } from '../../../api/role';
import {
  ActionLinks,
  ImportExcelButton,
  ListCard,
  QueryForm,
  SelectionAlert,
  useListPage,
} from '../../../components/list';
import { useCan } from '../../../permission/useCan';
import { CompactSearch } from './CompactSearch';
import { RoleModal } from './RoleModal';
import { RolePermissionDrawer } from './RolePermissionDrawer';

export interface RoleTableProps {
  /** the 用户 row action (role page with members); absent on the plain role list */
  onUsers?: (role: SysRole) => void;
  /** highlighted row */
  selectedId?: string;
  /** fewer columns (narrow left side of 角色管理) */
  compact?: boolean;
  /** a role was deleted (the member panel closes when it showed that role) */
  onDeleted?: (ids: string[]) => void;
}

const like = (v: unknown) => (typeof v === 'string' && v.trim() ? `*${v.trim()}*` : undefined);

/**
 * The role list with everything around it (JeecgBoot RoleList): query 名称 / 编码, 新建角色, 导出, 导入, batch delete,
 * per row 编辑 | 更多 (授权, 删除) — plus 用户 when the page shows members. Buttons follow role:* permissions.
 */
export function RoleTable({ onUsers, selectedId, compact, onDeleted }: RoleTableProps) {
  const decide = useCan();
  const allowed = (c: string) => decide(c) === 'allow';
  const list = useListPage<SysRole>({
    urls: {
      list: ROLE_URLS.list,
      delete: ROLE_URLS.delete,
      deleteBatch: ROLE_URLS.deleteBatch,
      exportXls: ROLE_URLS.exportXls,
      importExcel: ROLE_URLS.importExcel,
    },
    exportFileName: '角色信息',
  });
  const [editing, setEditing] = useState<Partial<SysRole> | null>(null);
  const [authorising, setAuthorising] = useState<SysRole | null>(null);

  const remove = async (id: string) => {
    if (await list.handleDelete(id)) onDeleted?.([id]);
  };
  const removeSelected = async () => {
    const ids = list.selectedRowKeys.map(String);
    await list.batchDelete();
    if (ids.length) onDeleted?.(ids);
  };

  const columns: TableColumnsType<SysRole> = [
    { title: '#', key: 'rowIndex', width: 50, align: 'center', render: (_v, _r, i) => i + 1 },
    { title: '角色名称', dataIndex: 'roleName', sorter: true, ellipsis: true },
    { title: '角色编码', dataIndex: 'roleCode', sorter: true, ellipsis: true },
    ...(compact
      ? []
      : [
          { title: '描述', dataIndex: 'description', ellipsis: true },
          { title: '创建时间', dataIndex: 'createTime', sorter: true, width: 170 },
        ]),
    {
      title: '操作',
      key: 'action',
      width: onUsers ? 160 : 130,
      align: 'center',
      fixed: 'right',
      render: (_v, row) => (
        <ActionLinks
          actions={
            onUsers && allowed('role:users') ? [{ key: 'users', label: '用户', onClick: () => onUsers(row) }] : []
          }
          onEdit={allowed('role:edit') ? () => setEditing(row) : undefined}
          more={[
            { key: 'auth', label: '授权', onClick: () => setAuthorising(row), hidden: !allowed('role:authorize') },
          ]}
          onDelete={allowed('role:delete') ? () => void remove(row.id) : undefined}
        />
      ),
    },
  ];

  return (
    <ListCard
      query={
        compact ? (
          <CompactSearch
            label="名称"
            placeholder="请输入名称查询"
            onSearch={(text) => list.search({ roleName: like(text) })}
            onReset={list.reset}
          />
        ) : (
          <QueryForm
            onSearch={(v) => list.search({ roleName: like(v.roleName), roleCode: like(v.roleCode) })}
            onReset={list.reset}
          >
            <Form.Item name="roleName" label="名称">
              <Input placeholder="请输入名称查询" allowClear />
            </Form.Item>
            <Form.Item name="roleCode" label="编码">
              <Input placeholder="请输入编码查询" allowClear />
            </Form.Item>
          </QueryForm>
        )
      }
      toolbar={
        <>
          {allowed('role:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              新建角色
            </Button>
          )}
          {allowed('role:export') && (
            <Button icon={<DownloadOutlined />} loading={list.exporting} onClick={() => void list.exportXls()}>
              导出
            </Button>
          )}
          {allowed('role:import') && <ImportExcelButton url={list.importUrl} onDone={list.reload} />}
          {list.selectedRowKeys.length > 0 && allowed('role:deleteBatch') && (
            <Dropdown
              menu={{
                items: [{ key: 'del', icon: <DeleteOutlined />, label: '删除' }],
                onClick: () => void removeSelected(),
              }}
            >
              <Button>
                批量操作 <DownOutlined />
              </Button>
            </Dropdown>
          )}
        </>
      }
      alert={<SelectionAlert count={list.selectedRowKeys.length} onClear={list.clearSelection} />}
    >
      <Table<SysRole>
        {...list.tableProps}
        columns={columns}
        scroll={{ x: 'max-content' }}
        rowClassName={(r) => (r.id === selectedId ? 'ant-table-row-selected' : '')}
        onRow={(r) => (onUsers ? { onDoubleClick: () => onUsers(r) } : {})}
      />
      <RoleModal record={editing} onClose={() => setEditing(null)} onSaved={() => void list.reload()} />
      <RolePermissionDrawer role={authorising} onClose={() => setAuthorising(null)} />
    </ListCard>
  );
}
