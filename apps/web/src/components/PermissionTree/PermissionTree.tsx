import { DownOutlined, FilterOutlined } from '@ant-design/icons';
import { Button, Dropdown, Empty, Input, Space, Spin, Tooltip, Tree, type TreeDataNode, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { DataRuleDrawer, type DataRuleTarget } from './DataRuleDrawer';
import { matchingKeys, parentKeys } from './logic';
import type { GrantNode } from './use-grants';
import type { TreeChecks } from './use-tree-checks';

export interface PermissionTreeProps {
  treeList: GrantNode[];
  checks: TreeChecks;
  loading?: boolean;
  /** offers the data rules of rows that carry them (ruleFlag 1) */
  onDataRule?: (node: GrantNode) => void;
  /** …or opens the 数据规则 drawer of this grant for them */
  ruleTarget?: (node: GrantNode) => DataRuleTarget | null;
  /** the data rules as a 数据规则 link (role authorisation) instead of a filter icon (department pages) */
  ruleLink?: boolean;
  /** the 树操作 as a row of buttons above the tree @default true (else the page shows `<TreeOpsMenu>`) */
  buttons?: boolean;
  /** a search box: matching titles highlighted, their ancestors expanded */
  search?: boolean;
  /** all parents expanded at first (else the top level) */
  expandAll?: boolean;
  /** text above the search and the tree */
  header?: ReactNode;
  emptyText?: string;
  /** scroll height of the tree */
  height?: number;
}

function label(name: string, highlight: string) {
  const i = highlight ? name.indexOf(highlight) : -1;
  if (i < 0) return <span>{name}</span>;
  return (
    <span>
      {name.slice(0, i)}
      <span style={{ color: '#f50' }}>{highlight}</span>
      {name.slice(i + highlight.length)}
    </span>
  );
}

/** the 数据规则 entry of a row that carries data rules */
function ruleEntry(n: GrantNode, onDataRule: (n: GrantNode) => void, ruleLink: boolean) {
  const open = (e: { stopPropagation: () => void }) => {
    e.stopPropagation();
    onDataRule(n);
  };
  return ruleLink ? (
    <Typography.Link style={{ marginLeft: 8, fontSize: 12 }} onClick={open}>
      数据规则
    </Typography.Link>
  ) : (
    <Tooltip title="数据规则">
      <FilterOutlined data-testid="data-rule-icon" style={{ marginLeft: 6, color: '#1677ff' }} onClick={open} />
    </Tooltip>
  );
}

function toData(
  list: readonly GrantNode[],
  highlight: string,
  onDataRule: ((n: GrantNode) => void) | undefined,
  ruleLink: boolean,
): TreeDataNode[] {
  return list.map((n) => {
    const name = label(n.slotTitle ?? n.title ?? '', highlight);
    const kids = n.children?.length ? toData(n.children, highlight, onDataRule, ruleLink) : undefined;
    const rule = onDataRule && n.ruleFlag === 1 ? ruleEntry(n, onDataRule, ruleLink) : null;
    return {
      key: n.key,
      isLeaf: !kids,
      children: kids,
      title: rule ? (
        <span>
          {name}
          {rule}
        </span>
      ) : (
        name
      ),
    };
  });
}

const OPS = (checks: TreeChecks) => [
  { key: 'strict', label: checks.linked ? '取消关联' : '父子关联', run: checks.toggleLinked },
  { key: 'all', label: '全部勾选', run: checks.checkAll },
  { key: 'none', label: '取消全选', run: checks.clear },
  { key: 'expand', label: '展开所有', run: checks.expandAll },
  { key: 'collapse', label: '合并所有', run: checks.collapse },
];

/** the 树操作 of a permission tree as a dropdown (the role drawer's footer) */
export function TreeOpsMenu({ checks }: { checks: TreeChecks }) {
  const ops = OPS(checks);
  return (
    <Dropdown
      placement="topLeft"
      menu={{
        items: ops.map(({ key, label }) => ({ key, label })),
        onClick: ({ key }) => ops.find((o) => o.key === key)?.run(),
      }}
    >
      <Button>
        树操作 <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/**
 * The authorisation tree (JeecgBoot RoleModal's tree, DepartAuthModal, DeptRoleAuth): checkable, check-strictly at
 * first (父子关联 switches cascading on), 全部勾选 / 取消全选 / 展开所有 / 合并所有, optionally a search; rows with data
 * rules open them. The check state lives in `checks` (useGrants).
 */
export function PermissionTree({
  treeList,
  checks,
  loading,
  onDataRule,
  ruleTarget,
  ruleLink = false,
  buttons = true,
  search = false,
  expandAll = false,
  header,
  emptyText,
  height,
}: PermissionTreeProps) {
  const [highlight, setHighlight] = useState('');
  const [rule, setRule] = useState<DataRuleTarget | null>(null);
  const openRule = onDataRule ?? (ruleTarget && ((n: GrantNode) => setRule(ruleTarget(n))));
  const data = toData(treeList, highlight, openRule, ruleLink);
  const initial = useMemo(() => (expandAll ? parentKeys(treeList) : treeList.map((n) => n.key)), [treeList, expandAll]);
  const { checked, linked } = checks;

  return (
    <Spin spinning={!!loading}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {buttons && (
          <Space wrap size={4}>
            {OPS(checks).map((o) => (
              <Button key={o.key} size="small" onClick={o.run}>
                {o.label}
              </Button>
            ))}
          </Space>
        )}
        {header}
        {search && (
          <Input.Search
            placeholder="搜索菜单或按钮"
            allowClear
            onSearch={(text) => {
              setHighlight(text.trim());
              const keys = matchingKeys(treeList, text.trim());
              if (keys.length) checks.setExpanded(keys);
            }}
          />
        )}
        {data.length ? (
          <div style={height ? { maxHeight: height, overflow: 'auto' } : undefined}>
            <Tree
              virtual={false}
              checkable
              selectable={false}
              checkStrictly={!linked}
              treeData={data}
              expandedKeys={checks.expanded ?? initial}
              onExpand={(keys) => checks.setExpanded(keys.map(String))}
              checkedKeys={linked ? checked : { checked, halfChecked: [] }}
              onCheck={checks.onCheck}
              data-testid="permission-tree"
            />
          </div>
        ) : (
          !loading && <Empty description={emptyText} />
        )}
      </Space>
      {ruleTarget && <DataRuleDrawer target={rule} onClose={() => setRule(null)} />}
    </Spin>
  );
}
