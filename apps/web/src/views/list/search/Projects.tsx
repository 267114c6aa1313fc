import { Card, Typography } from 'antd';
import dayjs from 'dayjs';
import { SearchCards } from './search-cards';
import { SearchShell } from './search-shell';

/** 搜索列表（项目） (list/search/Projects): project cards over /example/item with the search filters, paged. */
export default function Projects() {
  return (
    <SearchShell>
      <SearchCards
        noun="项目"
        testId="project-cards"
        renderCard={(item) => (
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
        )}
      />
    </SearchShell>
  );
}
