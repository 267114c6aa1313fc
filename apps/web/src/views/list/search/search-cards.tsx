import { Card, Col, Empty, Pagination, Row } from 'antd';
import { type ReactNode, useState } from 'react';
import type { Item } from '../../../api/examples';
import { like, useItems } from '../example-items';
import { CategoryFilter, type Filters } from './category-filter';
import { useKeyword } from './search-shell';

const PAGE_SIZE = 8;

/**
 * The card grid of 搜索列表（应用 / 项目）: the keyword and category filters over /example/item, a page of 8 cards
 * (a filter change goes back to page 1), 没有找到相关{noun} when nothing matches and 共 n 个{noun}.
 */
export function SearchCards({
  noun,
  testId,
  sort,
  renderCard,
}: {
  noun: string;
  testId: string;
  sort?: { column: string; order: 'asc' | 'desc' };
  renderCard: (item: Item) => ReactNode;
}) {
  const keyword = useKeyword();
  const [filters, setFilters] = useState<Filters>({ categories: [] });
  const [page, setPage] = useState(1);
  const { data } = useItems({
    pageNo: page,
    pageSize: PAGE_SIZE,
    title: like(keyword),
    category: filters.categories.join(',') || undefined,
    owner: filters.owner,
    ...sort,
  });
  const rows = data?.records ?? [];
  return (
    <>
      <CategoryFilter
        value={filters}
        onChange={(f) => {
          setFilters(f);
          setPage(1);
        }}
      />
      {rows.length === 0 ? (
        <Card variant="borderless">
          <Empty description={`没有找到相关${noun}`} />
        </Card>
      ) : (
        <Row gutter={[16, 16]} data-testid={testId}>
          {rows.map((item) => (
            <Col key={item.id} xs={24} sm={12} lg={8} xl={6}>
              {renderCard(item)}
            </Col>
          ))}
        </Row>
      )}
      <Pagination
        style={{ marginTop: 16 }}
        align="end"
        current={page}
        pageSize={PAGE_SIZE}
        total={data?.total ?? 0}
        onChange={setPage}
        showTotal={(n) => `共 ${n} 个${noun}`}
      />
    </>
  );
}
