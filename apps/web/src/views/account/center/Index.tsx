import { ApartmentOutlined, IdcardOutlined, MailOutlined, PhoneOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Col, Descriptions, Divider, Row, Space, Tabs, Tag, Typography } from 'antd';
import { fileUrl } from '../../../api/http';
import { useActivity, useProfile, useTeams } from '../../../api/workplace';
import { useSession } from '../../../stores/session';
import { ActivityList, TeamList } from '../../dashboard/activity-list';
import { userRows } from '../user-fields';

/**
 * 个人中心 (component account/center/Index): the signed-in user's profile — avatar, name, position, departments and
 * roles (/dashboard/profile) — with tabs of their recent activity and their teams (`/mock/api/workplace/activity`,
 * `/mock/api/workplace/teams`, the original client's call) and their own information.
 */
export default function AccountCenter() {
  const user = useSession((s) => s.userInfo);
  const profile = useProfile();
  const activity = useActivity();
  const teams = useTeams();
  const rows = userRows(user);
  const posts = profile.data?.posts.map((p) => p.name).join('、');

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <Card>
          <div style={{ textAlign: 'center' }}>
            <Avatar size={96} src={user?.avatar ? fileUrl(user.avatar) : undefined} icon={<UserOutlined />} />
            <Typography.Title level={4} style={{ margin: '12px 0 4px' }}>
              {user?.realname || user?.username || '-'}
            </Typography.Title>
            <Typography.Text type="secondary">{user?.username}</Typography.Text>
          </div>
          <Space direction="vertical" style={{ marginTop: 20, width: '100%' }}>
            <Typography.Text>
              <IdcardOutlined style={{ marginInlineEnd: 8 }} />
              {posts || '未设置职务'}
            </Typography.Text>
            <Typography.Text>
              <ApartmentOutlined style={{ marginInlineEnd: 8 }} />
              {profile.data?.departs.map((d) => d.name).join('、') || '未加入部门'}
            </Typography.Text>
            <Typography.Text>
              <PhoneOutlined style={{ marginInlineEnd: 8 }} />
              {user?.phone || '未设置手机号'}
            </Typography.Text>
            <Typography.Text style={{ overflowWrap: 'anywhere' }}>
              <MailOutlined style={{ marginInlineEnd: 8 }} />
              {user?.email || '未设置邮箱'}
            </Typography.Text>
          </Space>
          <Divider dashed />
          <Typography.Text strong>角色</Typography.Text>
          <div style={{ marginTop: 8 }} data-testid="account-roles">
            {profile.data?.roles.length ? (
              profile.data.roles.map((r) => (
                <Tag key={r.id} color="blue" style={{ marginBottom: 4 }}>
                  {r.roleName || r.roleCode}
                </Tag>
              ))
            ) : (
              <Typography.Text type="secondary">{profile.isPending ? '加载中…' : '无'}</Typography.Text>
            )}
          </div>
          <Divider dashed />
          <Typography.Text strong>团队</Typography.Text>
          <TeamList query={teams} />
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card>
          <Tabs
            items={[
              { key: 'activity', label: '最近动态', children: <ActivityList query={activity} /> },
              { key: 'teams', label: '我的团队', children: <TeamList query={teams} /> },
              {
                key: 'info',
                label: '基本信息',
                children: (
                  <Descriptions
                    column={{ xs: 1, sm: 2 }}
                    items={rows.map((r) => ({ key: r.key, label: r.label, children: r.value }))}
                  />
                ),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
