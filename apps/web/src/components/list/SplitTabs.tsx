import { Card, Col, Empty, Row, Tabs, type TabsProps } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';

/**
 * Data a page loads on mount and again by `load()` (e.g. the tree of a SplitTabs page); a failed load was shown by
 * the http client and keeps what is shown.
 */
export function useMountLoad(fetch: () => Promise<void>) {
  const [loading, setLoading] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `fetch` only sets the page's state
  const load = useCallback(async () => {
    setLoading(true);
    try {
      await fetch();
    } catch {
      // shown by the http client
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return { loading, load };
}

/**
 * A master / detail page (部门管理, 我的部门): the master (usually a tree card) on the left, the selected record's tabs on
 * the right, `emptyText` while nothing is selected. The active tab is kept across selections.
 */
export function SplitTabs({
  testId,
  treeSpan,
  tree,
  selected,
  header,
  tabs,
  emptyText,
  children,
}: {
  testId: string;
  /** md columns of the master (of 24) */
  treeSpan: number;
  tree: ReactNode;
  /** a record is selected */
  selected: boolean;
  emptyText: string;
  header?: ReactNode;
  tabs: () => NonNullable<TabsProps['items']>;
  children?: ReactNode;
}) {
  const [tab, setTab] = useState<string | undefined>(undefined);
  const items = selected ? tabs() : [];
  return (
    <Row gutter={10} data-testid={testId}>
      <Col xs={24} md={treeSpan} style={{ marginBottom: 10 }}>
        {tree}
      </Col>
      <Col xs={24} md={24 - treeSpan}>
        <Card variant="borderless">
          {selected ? (
            <>
              {header}
              <Tabs activeKey={tab ?? items[0]?.key} onChange={setTab} items={items} />
            </>
          ) : (
            <Empty description={emptyText} style={{ padding: '60px 0' }} />
          )}
        </Card>
      </Col>
      {children}
    </Row>
  );
}
