import { MailOutlined, PhoneOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Col, Descriptions, Row, Space, Typography } from 'antd';
import { fileUrl } from '../../../api/http';
import { useSession } from '../../../stores/session';
import { userRows } from '../user-fields';

/** 个人中心 (component account/center/Index): the signed-in user's own information. */
export default function AccountCenter() {
  const user = useSession((s) => s.userInfo);
  const rows = userRows(user);
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
              <PhoneOutlined style={{ marginInlineEnd: 8 }} />
              {user?.phone || '未设置手机号'}
            </Typography.Text>
            <Typography.Text style={{ overflowWrap: 'anywhere' }}>
              <MailOutlined style={{ marginInlineEnd: 8 }} />
              {user?.email || '未设置邮箱'}
            </Typography.Text>
          </Space>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card title="基本信息">
          <Descriptions
            column={{ xs: 1, sm: 2 }}
            items={rows.map((r) => ({ key: r.key, label: r.label, children: r.value }))}
          />
        </Card>
      </Col>
    </Row>
  );
}
