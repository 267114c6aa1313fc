import { FilterOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Spin, Tooltip, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import type { PermissionNode } from '../../api/depart';
import { allKeys, type KeyNode, parentKeys } from './logic';

export interface PermissionTreeProps {
  treeList: PermissionNode[];
  checkedKeys: string[];
  onChange: (keys: string[]) => void;
  loading?: boolean;
  disabled?: boolean;
  /** shows a data-rule icon on rows that carry data rules (ruleFlag 1) */
  onDataRule?: (node: PermissionNode) => void;
  height?: number;
}

/** antd tree data of the permission nodes; rows carrying data rules get the 数据规则 icon when `onDataRule` is given */
function toData(list: PermissionNode[], onDataRule?: (n: PermissionNode) => void): TreeDataNode[] {
  return list.map((n) => {
    const name = n.slotTitle ?? n.title ?? '';
    const kids = n.children?.length ? toData(n.children, onDataRule) : undefined;
    return {
      key: String(n.key),
      isLeaf: !kids,
      children: kids,
      title:
        onDataRule && n.ruleFlag === 1 ? (
          <span>
            {name}
            <Tooltip title="数据规则">
              <FilterOutlined
                data-testid="data-rule-icon"
                style={{ marginLeft: 6, color: '#1677ff' }}
                onClick={(e) => {
                  e.stopPropagation();
                  onDataRule(n);
                }}
              />
            </Tooltip>
          </span>
        ) : (
          name
        ),
    };
  });
}

/**
 * The authorization tree of the department pages (JeecgBoot DepartAuthModal / DeptRoleAuth): checkable, check-strictly
 * by default (父子关联 switches cascading on), with 全部勾选 / 取消全选 and 展开所有 / 合并所有.
 */
export function PermissionTree({
  treeList,
  checkedKeys,
  onChange,
  loading,
  disabled,
  onDataRule,
  height = 420,
}: PermissionTreeProps) {
  const data = useMemo(() => toData(treeList, onDataRule), [treeList, onDataRule]);
  const keyTree = data as KeyNode[];
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [linked, setLinked] = useState(false);
  const expandedKeys = expanded ?? keyTree.map((d) => d.key);

  return (
    <Spin spinning={!!loading}>
      <Space wrap size={4} style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => setLinked((v) => !v)} disabled={disabled}>
          {linked ? '取消关联' : '父子关联'}
        </Button>
        <Button size="small" onClick={() => onChange(allKeys(keyTree))} disabled={disabled}>
          全部勾选
        </Button>
        <Button size="small" onClick={() => onChange([])} disabled={disabled}>
          取消全选
        </Button>
        <Button size="small" onClick={() => setExpanded(parentKeys(keyTree))}>
          展开所有
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          合并所有
        </Button>
      </Space>
      {data.length ? (
        <div style={{ maxHeight: height, overflow: 'auto' }}>
          <Tree
            virtual={false}
            checkable
            selectable={false}
            disabled={disabled}
            checkStrictly={!linked}
            treeData={data}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpanded(keys.map(String))}
            checkedKeys={linked ? checkedKeys : { checked: checkedKeys, halfChecked: [] }}
            onCheck={(keys) => {
              const list = Array.isArray(keys) ? keys : keys.checked;
              onChange(list.map(String));
            }}
            data-testid="permission-tree"
          />
        </div>
      ) : (
        <Empty description="暂无可分配的权限" />
      )}
    </Spin>
  );
}
