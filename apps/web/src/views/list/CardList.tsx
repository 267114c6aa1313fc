import { Card, Col, Pagination, Row, Typography } from 'antd';
import { useState } from 'react';
import { ItemAvatar, useItems } from './example-items';

/** 卡片列表 (list/CardList): the template's product cards over /example/item, paged. */
export default function CardList() {
  const [page, setPage] = useState(1);
  const { data, isFetching } = useItems({ pageNo: page, pageSize: 8 });
  return (
    <div>
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          卡片列表
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          段落示意：蚂蚁金服务设计平台
          ant.design，用最小的工作量，无缝接入蚂蚁金服生态，提供跨越设计与开发的体验解决方案。
        </Typography.Paragraph>
      </Card>
      <Row gutter={[16, 16]} data-testid="card-list">
        {(data?.records ?? []).map((item) => (
          <Col key={item.id} xs={24} sm={12} lg={8} xl={6}>
            <Card
              hoverable
              loading={isFetching}
              actions={[<span key="op1">操作一</span>, <span key="op2">操作二</span>]}
            >
              <Card.Meta
                avatar={<ItemAvatar item={item} size={48} />}
                title={item.title}
                description={
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }} style={{ marginBottom: 0, height: 66 }}>
                    {item.description}
                  </Typography.Paragraph>
                }
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Pagination
        style={{ marginTop: 16, textAlign: 'right' }}
        align="end"
        current={page}
        pageSize={8}
        total={data?.total ?? 0}
        onChange={setPage}
        showTotal={(n) => `共 ${n} 条`}
      />
    </div>
  );
}
