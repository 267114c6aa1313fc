import { Checkbox, Empty, Modal, Spin } from 'antd';
import { useState } from 'react';
import {
  type DepartRole,
  departRolePermissionIds,
  departRolesOf,
  departRoleTree,
  saveDepartRolePermission,
  saveUserDepartRoles,
  userDepartRoleIds,
} from '../../../api/depart';
import { runCall, useKeyedLoad } from '../../../components/kit';
import { GrantDrawer, PermissionTree, useGrants } from '../../../components/PermissionTree';
import { departRuleTarget } from './depart.data';

/** 授权: the department's grants as a tree; the role takes a subset (diff save). */
export function DepartRoleAuthDrawer({
  role,
  departId,
  onClose,
}: {
  role: DepartRole | null;
  departId: string;
  onClose: () => void;
}) {
  const { tree, checks, loading, saving, save } = useGrants(role?.id ?? null, () =>
    Promise.all([departRoleTree(departId), departRolePermissionIds(role?.id ?? '')]),
  );

  return (
    <GrantDrawer
      title={role ? `部门角色权限配置 / ${role.roleName}` : '部门角色权限配置'}
      open={!!role}
      onClose={onClose}
      saving={saving}
      save={() => save((c, l) => saveDepartRolePermission(role?.id ?? '', c, l))}
    >
      <PermissionTree
        treeList={tree}
        checks={checks}
        loading={loading}
        ruleTarget={(n) => role && departRuleTarget(n, departId, role.id)}
        height={480}
        emptyText="暂无可分配的权限"
      />
    </GrantDrawer>
  );
}

/** 分配部门角色: the user's roles among the department's roles (deptRoleUserAdd diff). */
export function UserDepartRoleModal({
  user,
  departId,
  onClose,
}: {
  user: { id: string; realname: string | null; username: string } | null;
  departId: string;
  onClose: () => void;
}) {
  const [saving, setSaving] = useState(false);
  const { data, setData, loading } = useKeyedLoad(
    user && `${user.id}@${departId}`,
    async () => {
      const [roles, ids] = await Promise.all([
        departRolesOf(departId, user?.id ?? ''),
        userDepartRoleIds(departId, user?.id ?? ''),
      ]);
      return { roles, old: ids, checked: ids };
    },
    { roles: [] as DepartRole[], old: [] as string[], checked: [] as string[] },
  );
  const { roles, old, checked } = data;

  const submit = async () => {
    if (!user) return;
    setSaving(true);
    if (await runCall(() => saveUserDepartRoles(user.id, checked, old))) onClose();
    setSaving(false);
  };

  return (
    <Modal
      title={user ? `分配部门角色 / ${user.realname || user.username}` : '分配部门角色'}
      open={!!user}
      width={600}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okText="确定"
      cancelText="关闭"
      destroyOnHidden
    >
      <Spin spinning={loading}>
        {roles.length ? (
          <Checkbox.Group
            value={checked}
            onChange={(v) => setData({ ...data, checked: v.map(String) })}
            options={roles.map((r) => ({ label: r.roleName, value: r.id }))}
            data-testid="user-depart-roles"
          />
        ) : (
          !loading && <Empty description="该部门还没有部门角色" />
        )}
      </Spin>
    </Modal>
  );
}
