import { Typography } from 'antd';
import { useState } from 'react';
import { queryRolePermission, saveRolePermission } from '../../../api/permission';
import { queryRoleTree } from '../../../api/role';
import {
  GrantDrawer,
  type GrantNode,
  PermissionTree,
  TreeOpsMenu,
  useGrants,
} from '../../../components/PermissionTree';
import { feedback } from '../../../utils/feedback';
import { RoleDataRuleDrawer } from './RoleDataRuleDrawer';

export interface RolePermissionDrawerProps {
  /** the role being authorised; null closes the drawer */
  role: { id: string; roleName?: string | null } | null;
  onClose: () => void;
}

/** the menu/button tree and the role's grants */
async function loadGrants(roleId: string): Promise<[{ treeList: GrantNode[] }, string[]]> {
  const [t, granted] = await Promise.all([queryRoleTree(), queryRolePermission(roleId)]);
  if (!t.success) {
    feedback.message.warning(t.message);
    throw new Error(t.message);
  }
  return [t.result, granted.success ? granted.result : []];
}

/**
 * 角色权限配置 (JeecgBoot RoleModal authorise drawer): the whole menu/button tree with search and 树操作 (父子关联,
 * 全部勾选 / 取消全选, 展开所有 / 合并所有). Nodes carrying data rules show 数据规则, which opens the role's rule choice
 * for that menu. 保存 writes only the difference to what was loaded (saveRolePermission), so grants made meanwhile
 * elsewhere are kept.
 */
export function RolePermissionDrawer({ role, onClose }: RolePermissionDrawerProps) {
  const [ruleFor, setRuleFor] = useState<{ id: string; name: string } | null>(null);
  const { tree, checks, loading, saving, save } = useGrants(role?.id ?? null, () => loadGrants(role?.id ?? ''));
  return (
    <GrantDrawer
      title={`角色权限配置${role?.roleName ? `（${role.roleName}）` : ''}`}
      open={!!role}
      onClose={onClose}
      saving={saving}
      save={() => save((ids, last) => saveRolePermission(role?.id ?? '', ids, last), '保存成功！')}
      menu={<TreeOpsMenu checks={checks} />}
    >
      <PermissionTree
        treeList={tree}
        checks={checks}
        loading={loading}
        buttons={false}
        search
        expandAll
        ruleLink
        onDataRule={(n) => setRuleFor({ id: n.key, name: n.slotTitle ?? n.title ?? '' })}
        header={
          <Typography.Text type="secondary">
            所拥有的权限（{checks.linked ? '父子联动勾选' : '父子节点独立勾选'}，已选 {checks.checked.length} 项）
          </Typography.Text>
        }
      />
      <RoleDataRuleDrawer roleId={role?.id ?? null} permission={ruleFor} onClose={() => setRuleFor(null)} />
    </GrantDrawer>
  );
}
