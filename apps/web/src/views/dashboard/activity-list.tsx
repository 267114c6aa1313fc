import { ApartmentOutlined, UserOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Avatar, Empty, List, Skeleton, Tag, Typography } from 'antd';
import { fileUrl } from '../../api/http';
import type { Activity, Team } from '../../api/workplace';

/** Lists shared by 工作台 and 个人中心: the user's recent activity and their departments (teams). */

const ACTION_COLOR: Record<string, string> = {
  登录: 'blue',
  退出: 'default',
  登录失败: 'red',
  添加: 'green',
  编辑: 'orange',
  删除: 'red',
  导入: 'purple',
  导出: 'purple',
};

function Failed({ error }: { error: unknown }) {
  return <Alert type="error" showIcon title={error instanceof Error ? error.message : '加载失败'} />;
}

export function ActivityList({ query, limit }: { query: UseQueryResult<Activity[]>; limit?: number }) {
  if (query.isPending) return <Skeleton active avatar paragraph={{ rows: 4 }} />;
  if (query.isError) return <Failed error={query.error} />;
  const rows = limit ? query.data.slice(0, limit) : query.data;
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无动态" />;
  return (
    <List
      size="small"
      className="answer-activity"
      dataSource={rows}
      renderItem={(a) => (
        <List.Item key={a.id}>
          <List.Item.Meta
            avatar={
              <Avatar size="small" src={a.user.avatar ? fileUrl(a.user.avatar) : undefined} icon={<UserOutlined />} />
            }
            title={
              <span style={{ overflowWrap: 'anywhere' }}>
                {a.user.nickname} 在 <Typography.Text code>{a.project.name}</Typography.Text>{' '}
                <Tag color={ACTION_COLOR[a.project.action] ?? 'default'}>{a.project.action}</Tag>
                <Typography.Text type="secondary">{a.project.event}</Typography.Text>
              </span>
            }
            description={a.time}
          />
        </List.Item>
      )}
    />
  );
}

export function TeamList({ query }: { query: UseQueryResult<Team[]> }) {
  if (query.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (query.isError) return <Failed error={query.error} />;
  if (!query.data.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未加入任何部门" />;
  return (
    <List
      size="small"
      dataSource={query.data}
      renderItem={(t) => (
        <List.Item key={t.id} extra={<Typography.Text type="secondary">{t.memberCount} 人</Typography.Text>}>
          <List.Item.Meta
            avatar={<Avatar size="small" style={{ background: '#1890FF' }} icon={<ApartmentOutlined />} />}
            title={t.name}
            description={t.parentName ? `上级：${t.parentName}` : t.orgCode}
          />
        </List.Item>
      )}
    />
  );
}
