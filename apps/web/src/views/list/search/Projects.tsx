import { Card, Col, Empty, Pagination, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { like, useItems } from '../example-items';
import { CategoryFilter, type Filters } from './category-filter';
import { SearchShell, useKeyword } from './search-shell';

function ProjectCards() {
  const keyword = useKeyword();
  const [filters, setFilters] = useState<Filters>({ categories: [] });
  const [page, setPage] = useState(1);
  const { data } = useItems({
    pageNo: page,
    pageSize: 8,
    title: like(keyword),
    category: filters.categories.join(',') || undefined,
    owner: filters.owner,
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
          <Empty description="没有找到相关项目" />
        </Card>
      ) : (
        <Row gutter={[16, 16]} data-testid="project-cards">
          {rows.map((item) => (
            <Col key={item.id} xs={24} sm={12} lg={8} xl={6}>
              <Card
                hoverable
                cover={
                  <div
                    style={{
                      height: 120,
                      background: `linear-gradient(135deg, ${item.avatar ?? '#1677ff'}, #f0f5ff)`,
                    }}
                  />
                }
              >
                <Card.Meta
                  title={item.title}
                  description={
                    <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                      {item.description}
                    </Typography.Paragraph>
                  }
                />
                <div style={{ marginTop: 12, color: 'rgba(0,0,0,.45)', fontSize: 12 }}>
                  {item.owner} · {item.startAt ? dayjs(item.startAt).format('YYYY-MM-DD') : ''}
                </div>
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
        showTotal={(n) => `共 ${n} 个项目`}
      />
    </>
  );
}

/** 搜索列表（项目） (list/search/Projects): project cards over /example/item with the search filters, paged. */
export default function Projects() {
  return (
    <SearchShell>
      <ProjectCards />
    </SearchShell>
  );
}
