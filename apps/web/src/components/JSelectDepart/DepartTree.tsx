import { Empty, Input, Spin, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { type DepartTreeNode, filterTree, rootKeys } from './logic';

export interface DepartTreeProps {
  tree: DepartTreeNode[];
  loading?: boolean;
  /** checkboxes (check-strictly) */
  checkable?: boolean;
  checkedKeys?: string[];
  onCheck?: (keys: string[], info: { key: string; nowChecked: boolean }) => void;
  selectedKeys?: string[];
  onSelect?: (key: string, node: DepartTreeNode) => void;
  /** root nodes expanded at first @default true */
  rootOpened?: boolean;
  /** height of the scrolling tree area */
  height?: number;
  placeholder?: string;
}

function toData(nodes: DepartTreeNode[]): TreeDataNode[] {
  return nodes.map((n) => ({
    key: String(n.key ?? n.id),
    title: String(n.title ?? n.departName ?? ''),
    isLeaf: n.children?.length ? false : n.isLeaf !== false,
    children: n.children?.length ? toData(n.children) : undefined,
  }));
}

/** The department tree with a name search, shared by the department and user pickers and the address book. */
export function DepartTree({
  tree,
  loading,
  checkable,
  checkedKeys,
  onCheck,
  selectedKeys,
  onSelect,
  rootOpened = true,
  height = 360,
  placeholder = '请输入部门名称',
}: DepartTreeProps) {
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const filtered = useMemo(() => filterTree(tree, keyword), [tree, keyword]);
  const data = useMemo(() => toData(filtered.tree), [filtered]);
  const byKey = useMemo(() => {
    const m = new Map<string, DepartTreeNode>();
    const walk = (list: DepartTreeNode[] | null | undefined) => {
      for (const n of list ?? []) {
        m.set(String(n.key ?? n.id), n);
        walk(n.children);
      }
    };
    walk(tree);
    return m;
  }, [tree]);
  const expandedKeys = keyword.trim() ? filtered.expandedKeys : (expanded ?? (rootOpened ? rootKeys(tree) : []));

  return (
    <div>
      <Input.Search
        allowClear
        placeholder={placeholder}
        onSearch={(v) => {
          setKeyword(v);
          setExpanded(null);
        }}
        onChange={(e) => {
          if (!e.target.value) setKeyword('');
        }}
        style={{ marginBottom: 8 }}
      />
      <Spin spinning={!!loading}>
        {data.length ? (
          <Tree
            blockNode
            checkable={checkable}
            checkStrictly
            height={height}
            treeData={data}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpanded(keys.map(String))}
            checkedKeys={checkable ? { checked: checkedKeys ?? [], halfChecked: [] } : undefined}
            onCheck={(_, info) => {
              const checked = Array.isArray(_) ? _ : _.checked;
              onCheck?.(checked.map(String), { key: String(info.node.key), nowChecked: info.checked });
            }}
            selectedKeys={selectedKeys ?? []}
            onSelect={(_, info) => {
              const key = String(info.node.key);
              const n = byKey.get(key);
              if (n) onSelect?.(key, n);
            }}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={loading ? '加载中…' : '暂无数据'} />
        )}
      </Spin>
    </div>
  );
}

export default DepartTree;
