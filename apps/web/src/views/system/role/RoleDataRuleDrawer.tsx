import { Button, Checkbox, Drawer, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { type DataRule, queryRoleDataRules, saveRoleDataRules } from '../../../api/role';
import { useFeedback } from '../../../utils/feedback';

export interface RoleDataRuleDrawerProps {
  roleId: string | null;
  /** the menu whose rules are chosen; null closes */
  permission: { id: string; name: string } | null;
  onClose: () => void;
}

/** 数据规则 of one menu for one role: which of the menu's rules the role applies (POST /sys/role/datarule). */
export function RoleDataRuleDrawer({ roleId, permission, onClose }: RoleDataRuleDrawerProps) {
  const { message } = useFeedback();
  const [rules, setRules] = useState<DataRule[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!permission || !roleId) return;
    let live = true;
    setLoading(true);
    setError(null);
    queryRoleDataRules(permission.id, roleId)
      .then((res) => {
        if (!live) return;
        if (!res.success) {
          setRules([]);
          setChecked([]);
          setError(res.message || '未找到权限配置信息');
          return;
        }
        setRules(res.result.datarule);
        setChecked((res.result.drChecked ?? '').split(',').filter(Boolean));
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [permission, roleId]);

  const save = async () => {
    if (!permission || !roleId) return;
    setSaving(true);
    try {
      const res = await saveRoleDataRules(permission.id, roleId, checked);
      if (!res.success) {
        message.warning(res.message);
        return;
      }
      message.success(res.message || '保存成功!');
      onClose();
    } finally {
      setSaving(false);
    }
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
          <Button type="primary" loading={saving} disabled={!!error} onClick={() => void save()}>
            点击保存
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        {error ? (
          <Empty description={error} />
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
