import { Card, Col, Empty, Pagination, Row, Statistic } from 'antd';
import { useState } from 'react';
import { ItemAvatar, like, useItems } from '../example-items';
import { CategoryFilter, type Filters } from './category-filter';
import { SearchShell, useKeyword } from './search-shell';

function ApplicationCards() {
  const keyword = useKeyword();
  const [filters, setFilters] = useState<Filters>({ categories: [] });
  const [page, setPage] = useState(1);
  const { data } = useItems({
    pageNo: page,
    pageSize: 8,
    title: like(keyword),
    category: filters.categories.join(',') || undefined,
    owner: filters.owner,
    column: 'activeUser',
    order: 'desc',
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
          <Empty description="没有找到相关应用" />
        </Card>
      ) : (
        <Row gutter={[16, 16]} data-testid="application-cards">
          {rows.map((item) => (
            <Col key={item.id} xs={24} sm={12} lg={8} xl={6}>
              <Card hoverable>
                <Card.Meta avatar={<ItemAvatar item={item} size={24} />} title={item.title} />
                <Row style={{ marginTop: 16 }}>
                  <Col span={12}>
                    <Statistic title="活跃用户" value={item.activeUser} valueStyle={{ fontSize: 20 }} />
                  </Col>
                  <Col span={12}>
                    <Statistic title="新增用户" value={item.newUser} valueStyle={{ fontSize: 20 }} />
                  </Col>
                </Row>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <Pagination
        style={{ marginTop: 16 }}
        align="end"
        current={page}
        pageSize={8}
        total={data?.total ?? 0}
        onChange={setPage}
        showTotal={(n) => `共 ${n} 个应用`}
      />
    </>
  );
}

/** 搜索列表（应用） (list/search/Applications): application cards (most active first) with the search filters. */
export default function Applications() {
  return (
    <SearchShell>
      <ApplicationCards />
    </SearchShell>
  );
}
