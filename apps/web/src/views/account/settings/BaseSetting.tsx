import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Col, Form, Input, Row, Typography } from 'antd';
import { fileUrl } from '../../../api/http';
import { useSession } from '../../../stores/session';
import { userRows } from '../user-fields';

/**
 * 基本设置 (component account/settings/BaseSetting). The server has no self-service profile update, so the
 * information is shown read-only; administrators change it in 用户管理.
 */
export default function BaseSetting() {
  const user = useSession((s) => s.userInfo);
  const rows = userRows(user).filter((r) => r.key !== 'createTime');
  return (
    <Card>
      <Row gutter={[24, 16]}>
        <Col xs={{ span: 24, order: 2 }} md={{ span: 16, order: 1 }}>
          <Form layout="vertical" disabled>
            <Row gutter={16}>
              {rows.map((r) => (
                <Col key={r.key} xs={24} sm={12}>
                  <Form.Item label={r.label}>
                    <Input value={r.value === '-' ? '' : r.value} placeholder="未设置" readOnly />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </Form>
          <Typography.Text type="secondary">
            个人信息由管理员在“用户管理”中维护；密码可在右上角菜单“密码修改”中修改。
          </Typography.Text>
        </Col>
        <Col xs={{ span: 24, order: 1 }} md={{ span: 8, order: 2 }} style={{ textAlign: 'center' }}>
          <Typography.Paragraph strong>头像</Typography.Paragraph>
          <Avatar size={120} src={user?.avatar ? fileUrl(user.avatar) : undefined} icon={<UserOutlined />} />
        </Col>
      </Row>
    </Card>
  );
}
