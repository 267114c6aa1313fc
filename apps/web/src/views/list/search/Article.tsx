import { LikeOutlined, MessageOutlined, StarOutlined } from '@ant-design/icons';
import { Button, Card, List, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { Item } from '../../../api/examples';
import { ItemAvatar, like, useItems } from '../example-items';
import { CategoryFilter, type Filters } from './category-filter';
import { SearchShell, useKeyword } from './search-shell';

const STEP = 5;

function ArticleList() {
  const keyword = useKeyword();
  const [filters, setFilters] = useState<Filters>({ categories: [] });
  const [size, setSize] = useState(STEP);
  const { data, isFetching } = useItems({
    pageNo: 1,
    pageSize: size,
    title: like(keyword),
    category: filters.categories.join(',') || undefined,
    owner: filters.owner,
  });
  const rows = data?.records ?? [];
  const more = rows.length < (data?.total ?? 0);
  return (
    <>
      <CategoryFilter
        value={filters}
        onChange={(f) => {
          setFilters(f);
          setSize(STEP);
        }}
      />
      <Card variant="borderless">
        <div data-testid="article-list">
          <List<Item>
            itemLayout="vertical"
            loading={isFetching && !rows.length}
            dataSource={rows}
            locale={{ emptyText: '没有找到相关文章' }}
            loadMore={
              rows.length > 0 && (
                <div style={{ textAlign: 'center', marginTop: 16 }}>
                  <Button disabled={!more} loading={isFetching} onClick={() => setSize((n) => n + STEP)}>
                    {more ? '加载更多' : '没有更多了'}
                  </Button>
                </div>
              )
            }
            renderItem={(item) => (
              <List.Item
                actions={[
                  <Space key="star">
                    <StarOutlined />
                    {item.star}
                  </Space>,
                  <Space key="like">
                    <LikeOutlined />
                    {item.likes}
                  </Space>,
                  <Space key="msg">
                    <MessageOutlined />
                    {item.messages}
                  </Space>,
                ]}
              >
                <List.Item.Meta
                  title={<a href={item.href ?? undefined}>{item.title}</a>}
                  description={(item.tags ?? '')
                    .split(',')
                    .filter(Boolean)
                    .map((t) => <Tag key={t}>{t}</Tag>)}
                />
                <div>{item.content}</div>
                <div style={{ marginTop: 12, color: 'rgba(0,0,0,.45)' }}>
                  <ItemAvatar item={item} size={20} /> <b>{item.owner}</b> 发布在 {item.href}
                  <span style={{ marginLeft: 16 }}>
                    {item.startAt ? dayjs(item.startAt).format('YYYY-MM-DD HH:mm') : ''}
                  </span>
                </div>
              </List.Item>
            )}
          />
        </div>
      </Card>
    </>
  );
}

/** 搜索列表（文章） (list/search/Article): keyword + 类目 / 负责人 filters over /example/item, 加载更多. */
export default function Article() {
  return (
    <SearchShell>
      <ArticleList />
    </SearchShell>
  );
}
