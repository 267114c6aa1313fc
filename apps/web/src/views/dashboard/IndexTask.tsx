import {
  AlertOutlined,
  BellOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  ReloadOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { Alert, Badge, Button, Card, Col, Empty, List, Row, Skeleton, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { type TaskCard, useTasks } from '../../api/workplace';

const LOOK: Record<TaskCard['key'], { icon: ReactNode; color: string; empty: string }> = {
  reservations: { icon: <CheckSquareOutlined />, color: '#1890FF', empty: '没有待确认的预约' },
  sessions: { icon: <CalendarOutlined />, color: '#52C41A', empty: '今天没有答题场次' },
  notices: { icon: <BellOutlined />, color: '#FA8C16', empty: '没有未读消息' },
  jobs: { icon: <AlertOutlined />, color: '#F5222D', empty: '近7天没有失败的任务执行' },
};

/** today's calendar day in GMT+8 (the server's 今日), yyyy-MM-dd */
function gmt8Today(now = Date.now()): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * where a card drills down: its page, for 今日场次 with the filter that gives the counted sessions (that day, not
 * cancelled), which 答题场次 reads into its query form (?date=&status=); a link that already has a query keeps it
 */
function drillDown(card: TaskCard): string | null {
  if (!card.link) return null;
  if (card.key === 'sessions' && !card.link.includes('?')) return `${card.link}?date=${gmt8Today()}&status=0,1,2`;
  return card.link;
}

/**
 * 任务 (component `dashboard/IndexTask`): the operator's own pending work from /dashboard/tasks — reservations to
 * confirm, today's sessions, unread notices, failed job runs (the last two by grant) — each card drilling down to its
 * page.
 */
export default function IndexTask() {
  const tasks = useTasks();
  const navigate = useNavigate();
  const total = (tasks.data ?? []).reduce((n, c) => n + (c.key === 'sessions' ? 0 : c.count), 0);

  return (
    <div className="answer-dashboard">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          我的待办{tasks.data ? <Typography.Text type="secondary">（共 {total} 项待处理）</Typography.Text> : null}
        </Typography.Title>
        <Button size="small" icon={<ReloadOutlined />} loading={tasks.isFetching} onClick={() => void tasks.refetch()}>
          刷新
        </Button>
      </Space>
      {tasks.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={tasks.error instanceof Error ? tasks.error.message : '待办任务加载失败'}
          action={
            <Button size="small" onClick={() => void tasks.refetch()}>
              重试
            </Button>
          }
        />
      ) : null}
      {tasks.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      <Row gutter={[16, 16]}>
        {(tasks.data ?? []).map((card) => {
          const look = LOOK[card.key];
          const link = drillDown(card);
          return (
            <Col xs={24} md={12} key={card.key}>
              <Card
                size="small"
                data-task={card.key}
                title={
                  <Space>
                    <span style={{ color: look.color }}>{look.icon}</span>
                    {card.title}
                    <Badge
                      count={card.count}
                      showZero
                      overflowCount={999}
                      color={card.count ? look.color : '#bfbfbf'}
                    />
                  </Space>
                }
                extra={
                  link ? (
                    <Button type="link" size="small" onClick={() => navigate(link)}>
                      查看全部 <RightOutlined />
                    </Button>
                  ) : null
                }
              >
                {card.items.length ? (
                  <List
                    size="small"
                    dataSource={card.items}
                    renderItem={(item) => (
                      <List.Item
                        key={item.id}
                        extra={<Typography.Text type="secondary">{item.time?.slice(5, 16)}</Typography.Text>}
                      >
                        <List.Item.Meta
                          title={
                            link ? (
                              <Typography.Link onClick={() => navigate(link)} ellipsis>
                                {item.title}
                              </Typography.Link>
                            ) : (
                              <Typography.Text ellipsis>{item.title}</Typography.Text>
                            )
                          }
                          description={
                            item.description ? (
                              <Typography.Text type="secondary" ellipsis style={{ maxWidth: '100%' }}>
                                {item.description}
                              </Typography.Text>
                            ) : null
                          }
                        />
                      </List.Item>
                    )}
                  />
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={look.empty} />
                )}
              </Card>
            </Col>
          );
        })}
      </Row>
    </div>
  );
}
