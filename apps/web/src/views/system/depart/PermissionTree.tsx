import { FilterOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Spin, Tooltip, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import type { PermissionNode } from '../../../api/depart';

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

interface Indexed {
  data: TreeDataNode[];
  all: string[];
  parents: string[];
  byKey: Map<string, PermissionNode>;
}

function index(nodes: PermissionNode[], onDataRule?: (n: PermissionNode) => void): Indexed {
  const all: string[] = [];
  const parents: string[] = [];
  const byKey = new Map<string, PermissionNode>();
  const walk = (list: PermissionNode[]): TreeDataNode[] =>
    list.map((n) => {
      const key = String(n.key);
      all.push(key);
      byKey.set(key, n);
      const kids = n.children?.length ? walk(n.children) : undefined;
      if (kids) parents.push(key);
      const name = n.slotTitle ?? n.title ?? '';
      return {
        key,
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
  return { data: walk(nodes), all, parents, byKey };
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
  const idx = useMemo(() => index(treeList, onDataRule), [treeList, onDataRule]);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [linked, setLinked] = useState(false);
  const expandedKeys = expanded ?? idx.data.map((d) => String(d.key));

  return (
    <Spin spinning={!!loading}>
      <Space wrap size={4} style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => setLinked((v) => !v)} disabled={disabled}>
          {linked ? '取消关联' : '父子关联'}
        </Button>
        <Button size="small" onClick={() => onChange(idx.all)} disabled={disabled}>
          全部勾选
        </Button>
        <Button size="small" onClick={() => onChange([])} disabled={disabled}>
          取消全选
        </Button>
        <Button size="small" onClick={() => setExpanded(idx.parents)}>
          展开所有
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          合并所有
        </Button>
      </Space>
      {idx.data.length ? (
        <div style={{ maxHeight: height, overflow: 'auto' }}>
          <Tree
            virtual={false}
            checkable
            selectable={false}
            disabled={disabled}
            checkStrictly={!linked}
            treeData={idx.data}
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
