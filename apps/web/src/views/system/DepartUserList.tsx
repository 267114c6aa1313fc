import { DisconnectOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Form, Input, Row, Space, Table, type TableColumnsType, Tabs } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import {
  addUsersToDepart,
  DEPART_URLS,
  type DepartNode,
  type DepartRole,
  type DepartUser,
  departTree,
  myDepartTree,
  removeUsersFromDepart,
} from '../../api/depart';
import { DepartTree } from '../../components/JSelectDepart/DepartTree';
import type { DepartTreeNode } from '../../components/JSelectDepart/logic';
import { JSelectUserByDepModal } from '../../components/JSelectUserByDep';
import { ActionLinks, QueryForm, SelectionAlert, useListPage } from '../../components/list';
import { useCan } from '../../permission/useCan';
import { useFeedback } from '../../utils/feedback';
import { DepartRoleAuthDrawer, DepartRoleModal, UserDepartRoleModal } from './depart/DepartRoleModals';

/** query form, operator bar, selection alert and table inside a tab (the page's card already frames them) */
function Pane({
  query,
  toolbar,
  alert,
  children,
}: {
  query: ReactNode;
  toolbar?: ReactNode;
  alert: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      {query}
      {toolbar && <div style={{ marginBottom: 16, display: 'flex', flexWrap: 'wrap', gap: 8 }}>{toolbar}</div>}
      {alert}
      {children}
    </div>
  );
}

const like = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** 用户: members of the department and its sub-departments. */
function DepartUsersTab({ depart, canManage }: { depart: DepartNode; canManage: boolean }) {
  const { message, modal } = useFeedback();
  const [picking, setPicking] = useState(false);
  const [roleUser, setRoleUser] = useState<DepartUser | null>(null);
  const list = useListPage<DepartUser>({
    urls: { list: DEPART_URLS.userList },
    fixedParams: { depId: depart.id },
  });
  const { selectedRowKeys, clearSelection, reload } = list;

  const unlink = async (ids: string[]) => {
    try {
      const res = await removeUsersFromDepart(depart.id, ids);
      if (res.success) {
        message.success(res.message);
        clearSelection();
        await reload();
      } else message.warning(res.message);
    } catch {
      // shown by the http client
    }
  };

  const columns: TableColumnsType<DepartUser> = [
    { title: '用户账号', dataIndex: 'username', align: 'center', sorter: true },
    { title: '用户名称', dataIndex: 'realname', align: 'center' },
    { title: '部门', dataIndex: 'orgCode', align: 'center', ellipsis: true },
    { title: '性别', dataIndex: 'sex_dictText', align: 'center', width: 70 },
    { title: '电话', dataIndex: 'phone', align: 'center', width: 130 },
    { title: '状态', dataIndex: 'status_dictText', align: 'center', width: 80 },
  ];
  if (canManage) {
    columns.push({
      title: '操作',
      key: 'action',
      align: 'center',
      width: 190,
      fixed: 'right',
      render: (_, r) => (
        <ActionLinks
          actions={[
            { key: 'role', label: '分配部门角色', onClick: () => setRoleUser(r) },
            { key: 'unlink', label: '取消关联', confirm: '确定要取消关联吗?', onClick: () => void unlink([r.id]) },
          ]}
        />
      ),
    });
  }

  return (
    <Pane
      query={
        <QueryForm onSearch={(v) => list.search({ username: like(v.username) })} onReset={() => list.reset()}>
          <Form.Item label="用户账号" name="username">
            <Input placeholder="请输入用户账号" allowClear />
          </Form.Item>
        </QueryForm>
      }
      toolbar={
        canManage ? (
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
              添加已有用户
            </Button>
            {selectedRowKeys.length > 0 && (
              <Button
                icon={<DisconnectOutlined />}
                onClick={() =>
                  modal.confirm({
                    title: '确认操作',
                    content: `确定要取消关联这 ${selectedRowKeys.length} 个用户吗?`,
                    okText: '确定',
                    cancelText: '取消',
                    onOk: () => unlink(selectedRowKeys.map(String)),
                  })
                }
              >
                取消关联
              </Button>
            )}
          </>
        ) : undefined
      }
      alert={<SelectionAlert count={selectedRowKeys.length} onClear={clearSelection} />}
    >
      <Table<DepartUser> {...list.tableProps} columns={columns} scroll={{ x: 800 }} data-testid="depart-user-table" />
      <JSelectUserByDepModal
        open={picking}
        multiple
        onCancel={() => setPicking(false)}
        onOk={async (rows) => {
          setPicking(false);
          if (!rows.length) return;
          try {
            const res = await addUsersToDepart(
              depart.id,
              rows.map((r) => r.id),
            );
            if (res.success) {
              message.success(res.message);
              await reload();
            } else message.warning(res.message);
          } catch {
            // shown by the http client
          }
        }}
      />
      <UserDepartRoleModal user={roleUser} departId={depart.id} onClose={() => setRoleUser(null)} />
    </Pane>
  );
}

/** 部门角色: the roles of the department (and its sub-departments). */
function DepartRolesTab({ depart, canManage }: { depart: DepartNode; canManage: boolean }) {
  const [editor, setEditor] = useState<{ record: DepartRole | null } | null>(null);
  const [authRole, setAuthRole] = useState<DepartRole | null>(null);
  const list = useListPage<DepartRole>({
    urls: { list: DEPART_URLS.roleList, delete: DEPART_URLS.roleDelete, deleteBatch: DEPART_URLS.roleDeleteBatch },
    fixedParams: { deptId: depart.id },
  });
  const { selectedRowKeys, clearSelection, reload } = list;

  const columns: TableColumnsType<DepartRole> = [
    { title: '部门角色名称', dataIndex: 'roleName', align: 'center', sorter: true },
    { title: '部门角色编码', dataIndex: 'roleCode', align: 'center', sorter: true },
    { title: '描述', dataIndex: 'description', align: 'center', ellipsis: true },
    { title: '创建时间', dataIndex: 'createTime', align: 'center', width: 170, sorter: true },
  ];
  if (canManage) {
    columns.push({
      title: '操作',
      key: 'action',
      align: 'center',
      width: 170,
      fixed: 'right',
      render: (_, r) => (
        <ActionLinks
          onEdit={() => setEditor({ record: r })}
          actions={[{ key: 'auth', label: '授权', onClick: () => setAuthRole(r) }]}
          onDelete={() => void list.handleDelete(r.id)}
        />
      ),
    });
  }

  return (
    <Pane
      query={
        <QueryForm
          onSearch={(v) => list.search({ roleName: like(v.roleName) ? `*${like(v.roleName)}*` : undefined })}
          onReset={() => list.reset()}
        >
          <Form.Item label="部门角色名称" name="roleName">
            <Input placeholder="请输入部门角色名称" allowClear />
          </Form.Item>
        </QueryForm>
      }
      toolbar={
        canManage ? (
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ record: null })}>
              新建部门角色
            </Button>
            {selectedRowKeys.length > 0 && <Button onClick={() => void list.batchDelete()}>批量删除</Button>}
          </>
        ) : undefined
      }
      alert={<SelectionAlert count={selectedRowKeys.length} onClear={clearSelection} />}
    >
      <Table<DepartRole> {...list.tableProps} columns={columns} scroll={{ x: 700 }} data-testid="depart-role-table" />
      <DepartRoleModal
        target={editor}
        departId={depart.id}
        onClose={() => setEditor(null)}
        onSaved={() => void reload()}
      />
      <DepartRoleAuthDrawer role={authRole} departId={depart.id} onClose={() => setAuthRole(null)} />
    </Pane>
  );
}

/**
 * 我的部门 (component system/DepartUserList; contract §4.1/§4.4): the departments the signed-in superior is in
 * charge of (all departments for a user who is not a superior) on the left; the chosen department's 用户 and
 * 部门角色 on the right. Changes need depart:users / depart:role.
 */
export default function DepartUserList() {
  const decide = useCan();
  const canUsers = decide('depart:users') === 'allow';
  const canRoles = decide('depart:role') === 'allow';
  const [tree, setTree] = useState<DepartNode[]>([]);
  const [mine, setMine] = useState(true);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<DepartNode | null>(null);
  const [tab, setTab] = useState('users');

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const my = await myDepartTree();
      if (my) {
        setTree(my);
        setMine(true);
      } else {
        setTree(await departTree());
        setMine(false);
      }
    } catch {
      // shown by the http client
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Row gutter={10} data-testid="depart-user-page">
      <Col xs={24} md={6} style={{ marginBottom: 10 }}>
        <Card variant="borderless" title={mine ? '我负责的部门' : '部门'}>
          <DepartTree
            tree={tree as unknown as DepartTreeNode[]}
            loading={loading}
            height={560}
            selectedKeys={selected ? [selected.id] : []}
            onSelect={(_, node) => setSelected(node as unknown as DepartNode)}
          />
        </Card>
      </Col>
      <Col xs={24} md={18}>
        <Card variant="borderless">
          {selected ? (
            <>
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 12 }}
                title={
                  <Space>
                    当前部门：<b data-testid="depart-user-current">{selected.departName}</b>
                    <span style={{ color: '#999' }}>{selected.orgCode}</span>
                  </Space>
                }
              />
              <Tabs
                activeKey={tab}
                onChange={setTab}
                items={[
                  {
                    key: 'users',
                    label: '用户',
                    children: <DepartUsersTab key={selected.id} depart={selected} canManage={canUsers} />,
                  },
                  {
                    key: 'roles',
                    label: '部门角色',
                    children: <DepartRolesTab key={selected.id} depart={selected} canManage={canRoles} />,
                  },
                ]}
              />
            </>
          ) : (
            <Empty description="请先选择一个部门!" style={{ padding: '60px 0' }} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
