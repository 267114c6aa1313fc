import { Alert, Card, Space } from 'antd';
import { useState } from 'react';
import {
  addUsersToDepart,
  type DepartNode,
  type DepartRole,
  type DepartUser,
  departTree,
  myDepartTree,
} from '../../api/depart';
import { DepartTree } from '../../components/JSelectDepart/DepartTree';
import type { DepartTreeNode } from '../../components/JSelectDepart/logic';
import { AddUsersPicker } from '../../components/JSelectUserByDep';
import { CrudPage } from '../../components/kit';
import { SplitTabs, useMountLoad } from '../../components/list/SplitTabs';
import { DepartRoleAuthDrawer, UserDepartRoleModal } from './depart/DepartRoleModals';
import { departRolesPage, departUsersPage } from './depart/depart-members.data';

/** 用户: members of the department and its sub-departments (depart/depart-members.data.tsx). */
function DepartUsersTab({ depart }: { depart: DepartNode }) {
  const [picking, setPicking] = useState(false);
  const [roleUser, setRoleUser] = useState<DepartUser | null>(null);
  return (
    <CrudPage
      schema={departUsersPage}
      fixedParams={{ depId: depart.id }}
      embedded
      handlers={{ pick: () => setPicking(true), assignRoles: (r) => setRoleUser(r ?? null) }}
    >
      {(ctx) => (
        <>
          <AddUsersPicker
            open={picking}
            onClose={() => setPicking(false)}
            add={(ids) => addUsersToDepart(depart.id, ids)}
            after={ctx.reload}
          />
          <UserDepartRoleModal user={roleUser} departId={depart.id} onClose={() => setRoleUser(null)} />
        </>
      )}
    </CrudPage>
  );
}

/** 部门角色: the roles of the department (and its sub-departments). */
function DepartRolesTab({ depart }: { depart: DepartNode }) {
  const [authRole, setAuthRole] = useState<DepartRole | null>(null);
  return (
    <CrudPage
      schema={departRolesPage}
      fixedParams={{ deptId: depart.id }}
      embedded
      handlers={{ authorize: (r) => setAuthRole(r ?? null) }}
    >
      {() => <DepartRoleAuthDrawer role={authRole} departId={depart.id} onClose={() => setAuthRole(null)} />}
    </CrudPage>
  );
}

/**
 * 我的部门 (component system/DepartUserList; contract §4.1/§4.4): the departments the signed-in superior is in
 * charge of (all departments for a user who is not a superior) on the left; the chosen department's 用户 and
 * 部门角色 on the right. Changes need depart:users / depart:role.
 */
export default function DepartUserList() {
  const [tree, setTree] = useState<DepartNode[]>([]);
  const [mine, setMine] = useState(true);
  const [selected, setSelected] = useState<DepartNode | null>(null);
  const { loading } = useMountLoad(async () => {
    const my = await myDepartTree();
    setTree(my ?? (await departTree()));
    setMine(!!my);
  });

  return (
    <SplitTabs
      emptyText="请先选择一个部门!"
      testId="depart-user-page"
      treeSpan={6}
      tree={
        <Card variant="borderless" title={mine ? '我负责的部门' : '部门'}>
          <DepartTree
            tree={tree as unknown as DepartTreeNode[]}
            loading={loading}
            height={560}
            selectedKeys={selected ? [selected.id] : []}
            onSelect={(_, node) => setSelected(node as unknown as DepartNode)}
          />
        </Card>
      }
      selected={!!selected}
      header={
        selected && (
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
        )
      }
      tabs={() =>
        selected
          ? [
              { key: 'users', label: '用户', children: <DepartUsersTab key={selected.id} depart={selected} /> },
              { key: 'roles', label: '部门角色', children: <DepartRolesTab key={selected.id} depart={selected} /> },
            ]
          : []
      }
    />
  );
}
