import { Alert, Button, Card, Dropdown, Empty, Input, Space, Spin, Tree, type TreeDataNode, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface TreeCardProps {
  /** test id prefix: `${testId}-current`, `${testId}-search`, `${testId}-tree` */
  testId: string;
  /** buttons above the tree */
  toolbar?: ReactNode;
  /** name of the selected node (当前选择), null = none */
  current: string | null;
  onClearCurrent: () => void;
  searchPlaceholder: string;
  keyword: string;
  onKeyword: (keyword: string) => void;
  onSearch: (keyword: string) => void;
  loading: boolean;
  treeData: TreeDataNode[];
  /** controlled expansion; undefined = all expanded once (search results) */
  expandedKeys?: string[];
  onExpand: (keys: string[]) => void;
  selectedKey: string | null;
  onSelect: (key: string) => void;
  /** checked keys (strict: a parent and its children are checked apart) */
  checked: string[];
  onCheck: (keys: string[]) => void;
  /** right-click menu of a node (none when empty) */
  contextItems: { key: string; label: string; danger?: boolean }[];
  onContext: (action: string, key: string) => void;
  height?: number;
}

/**
 * The tree card of a tree page (部门管理): a toolbar, 当前选择 with 取消选择, a name search and a checkable tree whose
 * nodes open a right-click menu. State stays with the page.
 */
export function TreeCard({
  testId,
  toolbar,
  current,
  onClearCurrent,
  searchPlaceholder,
  keyword,
  onKeyword,
  onSearch,
  loading,
  treeData,
  expandedKeys,
  onExpand,
  selectedKey,
  onSelect,
  checked,
  onCheck,
  contextItems,
  onContext,
  height = 520,
}: TreeCardProps) {
  return (
    <Card variant="borderless">
      {toolbar && (
        <Space wrap style={{ marginBottom: 12 }}>
          {toolbar}
        </Space>
      )}
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={
          <span>
            当前选择：
            {current !== null ? (
              <>
                <Typography.Text strong data-testid={`${testId}-current`}>
                  {current}
                </Typography.Text>
                <Button type="link" size="small" onClick={onClearCurrent}>
                  取消选择
                </Button>
              </>
            ) : (
              <span style={{ color: '#999' }}>无</span>
            )}
          </span>
        }
      />
      <Input.Search
        placeholder={searchPlaceholder}
        allowClear
        value={keyword}
        onChange={(e) => onKeyword(e.target.value)}
        onSearch={onSearch}
        style={{ marginBottom: 8 }}
        data-testid={`${testId}-search`}
      />
      <Spin spinning={loading}>
        {treeData.length ? (
          <Tree
            checkable
            checkStrictly
            blockNode
            treeData={treeData}
            height={height}
            expandedKeys={expandedKeys}
            defaultExpandAll={!expandedKeys}
            onExpand={(keys) => onExpand(keys.map(String))}
            selectedKeys={selectedKey ? [selectedKey] : []}
            onSelect={(keys) => {
              if (keys.length) onSelect(String(keys[0]));
            }}
            checkedKeys={{ checked, halfChecked: [] }}
            onCheck={(keys) => onCheck((Array.isArray(keys) ? keys : keys.checked).map(String))}
            titleRender={(node) => {
              const title = <span>{String(node.title)}</span>;
              return contextItems.length ? (
                <Dropdown
                  trigger={['contextMenu']}
                  menu={{ items: contextItems, onClick: ({ key }) => onContext(key, String(node.key)) }}
                >
                  {title}
                </Dropdown>
              ) : (
                title
              );
            }}
            data-testid={`${testId}-tree`}
          />
        ) : (
          !loading && <Empty />
        )}
      </Spin>
    </Card>
  );
}
