import { Button, Checkbox, Drawer, Empty, Space, Spin, Tag, Typography } from 'antd';
import { queryRoleDataRules, saveRoleDataRules } from '../../../api/role';
import { useDataRules } from '../../../components/PermissionTree';

export interface RoleDataRuleDrawerProps {
  roleId: string | null;
  /** the menu whose rules are chosen; null closes */
  permission: { id: string; name: string } | null;
  onClose: () => void;
}

/** 数据规则 of one menu for one role: which of the menu's rules the role applies (POST /sys/role/datarule). */
export function RoleDataRuleDrawer({ roleId, permission, onClose }: RoleDataRuleDrawerProps) {
  const { loading, saving, rules, checked, setChecked, notice, save } = useDataRules(
    permission && roleId ? `${permission.id}:${roleId}` : null,
    () => queryRoleDataRules(permission?.id ?? '', roleId ?? ''),
  );
  const submit = async () => {
    if (!permission || !roleId) return;
    if (await save(() => saveRoleDataRules(permission.id, roleId, checked), '保存成功!')) onClose();
  };

  return (
    <Drawer
      title={`数据规则/按钮权限配置${permission ? `（${permission.name}）` : ''}`}
      width={365}
      open={!!permission}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} disabled={!!notice} onClick={() => void submit()}>
            点击保存
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        {notice ? (
          <Empty description={notice} />
        ) : (
          <Checkbox.Group value={checked} onChange={(v) => setChecked(v as string[])} style={{ width: '100%' }}>
            <Space direction="vertical">
              {rules.map((r) => (
                <Checkbox key={r.id} value={r.id}>
                  {r.ruleName}
                  <Typography.Text type="secondary" style={{ marginLeft: 6, fontSize: 12 }}>
                    {r.ruleColumn} {r.ruleConditions} {r.ruleValue}
                  </Typography.Text>
                  {r.status === '0' && (
                    <Tag color="default" style={{ marginLeft: 6 }}>
                      无效
                    </Tag>
                  )}
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, fontSize: 12 }}>
          请先保存角色菜单权限，再为该菜单选择数据规则；勾选的规则对该角色的用户同时生效（且）。
        </Typography.Paragraph>
      </Spin>
    </Drawer>
  );
}
