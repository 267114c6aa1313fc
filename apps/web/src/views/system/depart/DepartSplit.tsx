import { Card, Col, Empty, Row, Tabs, type TabsProps } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';

/**
 * A department tree of a page (部门管理, 我的部门): loaded on mount and by `load()`; a failed load was shown by the
 * http client and keeps what is shown.
 */
export function useDepartTreeLoad(fetch: () => Promise<void>) {
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
 * The department pages' layout: the tree card on the left, the selected department's tabs on the right (or
 * 请先选择一个部门! while none is selected).
 */
export function DepartSplit({
  testId,
  treeSpan,
  tree,
  selected,
  header,
  tabs,
  children,
}: {
  testId: string;
  /** md columns of the tree (of 24) */
  treeSpan: number;
  tree: ReactNode;
  /** a department is selected */
  selected: boolean;
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
            <Empty description="请先选择一个部门!" style={{ padding: '60px 0' }} />
          )}
        </Card>
      </Col>
      {children}
    </Row>
  );
}
