import { DownOutlined } from '@ant-design/icons';
import { Button, Drawer, Dropdown, Empty, Input, Space, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { queryRolePermission, saveRolePermission } from '../../../api/permission';
import { queryRoleTree, type RoleTreeNode } from '../../../api/role';
import { allKeys, idsToSave, linkedCheckedKeys, matchingKeys, parentKeys } from '../../../components/PermissionTree';
import { useFeedback } from '../../../utils/feedback';
import { RoleDataRuleDrawer } from './RoleDataRuleDrawer';

export interface RolePermissionDrawerProps {
  /** the role being authorised; null closes the drawer */
  role: { id: string; roleName?: string | null } | null;
  onClose: () => void;
}

interface Node extends DataNode {
  key: string;
  slotTitle: string;
  ruleFlag: number;
  menuType: number | null;
  children?: Node[];
}

function toNodes(list: readonly RoleTreeNode[]): Node[] {
  return list.map((n) => ({
    key: n.key,
    title: n.slotTitle ?? n.title ?? '',
    slotTitle: n.slotTitle ?? n.title ?? '',
    ruleFlag: n.ruleFlag,
    menuType: n.menuType,
    isLeaf: !n.children?.length,
    children: n.children?.length ? toNodes(n.children) : undefined,
  }));
}

/**
 * 角色权限配置 (JeecgBoot RoleModal authorise drawer): the whole menu/button tree, checkable. 父子关联 toggles whether
 * checking a node checks its subtree; 全部勾选 / 取消全选 and 展开所有 / 合并所有 act on the whole tree. Nodes carrying
 * data rules show 数据规则, which opens the role's rule choice for that menu. 保存 writes only the difference to what
 * was loaded (saveRolePermission), so grants made meanwhile elsewhere are kept.
 */
export function RolePermissionDrawer({ role, onClose }: RolePermissionDrawerProps) {
  const { message } = useFeedback();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [tree, setTree] = useState<Node[]>([]);
  const [ids, setIds] = useState<string[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [halfChecked, setHalfChecked] = useState<string[]>([]);
  const [last, setLast] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [strict, setStrict] = useState(true);
  const [search, setSearch] = useState('');
  const [ruleFor, setRuleFor] = useState<{ id: string; name: string } | null>(null);

  const load = useCallback(
    async (roleId: string) => {
      setLoading(true);
      try {
        const [t, granted] = await Promise.all([queryRoleTree(), queryRolePermission(roleId)]);
        if (!t.success) {
          message.warning(t.message);
          return;
        }
        const nodes = toNodes(t.result.treeList);
        const grantedIds = granted.success ? granted.result : [];
        setTree(nodes);
        setIds(t.result.ids);
        setChecked(grantedIds);
        setHalfChecked([]);
        setLast(grantedIds);
        setStrict(true);
        setExpanded(parentKeys(nodes));
      } finally {
        setLoading(false);
      }
    },
    [message],
  );

  useEffect(() => {
    if (role) void load(role.id);
  }, [role, load]);

  const save = async (close: boolean) => {
    if (!role) return;
    const now = idsToSave(checked, halfChecked, !strict);
    setSaving(true);
    try {
      const res = await saveRolePermission(role.id, now, last);
      if (!res.success) {
        message.warning(res.message || '授权失败！');
        return;
      }
      message.success(res.message || '保存成功！');
      setLast(now);
      if (close) onClose();
    } finally {
      setSaving(false);
    }
  };

  const toggleStrict = () => {
    if (strict) {
      setChecked(linkedCheckedKeys(tree, new Set(checked)));
    } else {
      setChecked(idsToSave(checked, halfChecked, true));
      setHalfChecked([]);
    }
    setStrict(!strict);
  };

  const highlight = useMemo(() => search.trim(), [search]);
  const onSearch = (text: string) => {
    setSearch(text);
    const keys = matchingKeys(tree, text.trim());
    if (keys.length) setExpanded(keys);
  };

  const title = (node: Node) => {
    const name = node.slotTitle;
    const i = highlight ? name.indexOf(highlight) : -1;
    const label =
      i >= 0 ? (
        <span>
          {name.slice(0, i)}
          <span style={{ color: '#f50' }}>{highlight}</span>
          {name.slice(i + highlight.length)}
        </span>
      ) : (
        <span>{name}</span>
      );
    return (
      <span>
        {label}
        {node.ruleFlag === 1 && (
          <Typography.Link
            style={{ marginLeft: 8, fontSize: 12 }}
            onClick={(e) => {
              e.stopPropagation();
              setRuleFor({ id: node.key, name });
            }}
          >
            数据规则
          </Typography.Link>
        )}
      </span>
    );
  };

  return (
    <Drawer
      title={`角色权限配置${role?.roleName ? `（${role.roleName}）` : ''}`}
      placement="right"
      width={650}
      open={!!role}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
          <Dropdown
            placement="topLeft"
            menu={{
              items: [
                { key: 'strict', label: strict ? '父子关联' : '取消关联' },
                { key: 'all', label: '全部勾选' },
                { key: 'none', label: '取消全选' },
                { key: 'expand', label: '展开所有' },
                { key: 'collapse', label: '合并所有' },
              ],
              onClick: ({ key }) => {
                if (key === 'strict') toggleStrict();
                if (key === 'all') {
                  setChecked(strict ? ids : allKeys(tree));
                  setHalfChecked([]);
                }
                if (key === 'none') {
                  setChecked([]);
                  setHalfChecked([]);
                }
                if (key === 'expand') setExpanded(parentKeys(tree));
                if (key === 'collapse') setExpanded([]);
              },
            }}
          >
            <Button>
              树操作 <DownOutlined />
            </Button>
          </Dropdown>
          <Space>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" ghost loading={saving} onClick={() => void save(false)}>
              仅保存
            </Button>
            <Button type="primary" loading={saving} onClick={() => void save(true)}>
              保存并关闭
            </Button>
          </Space>
        </Space>
      }
    >
      <Spin spinning={loading}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            所拥有的权限（{strict ? '父子节点独立勾选' : '父子联动勾选'}，已选 {checked.length} 项）
          </Typography.Text>
          <Input.Search placeholder="搜索菜单或按钮" allowClear onSearch={onSearch} />
          {tree.length ? (
            <Tree<Node>
              checkable
              checkStrictly={strict}
              treeData={tree}
              checkedKeys={strict ? { checked, halfChecked: [] } : checked}
              expandedKeys={expanded}
              onExpand={(keys) => setExpanded(keys as string[])}
              onCheck={(keys, info) => {
                if (Array.isArray(keys)) {
                  setChecked(keys as string[]);
                  setHalfChecked((info.halfCheckedKeys ?? []) as string[]);
                } else {
                  setChecked(keys.checked as string[]);
                }
              }}
              selectable={false}
              titleRender={title}
            />
          ) : (
            !loading && <Empty />
          )}
        </Space>
      </Spin>
      <RoleDataRuleDrawer roleId={role?.id ?? null} permission={ruleFor} onClose={() => setRuleFor(null)} />
    </Drawer>
  );
}
