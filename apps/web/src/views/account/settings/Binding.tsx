import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { Card, List, Typography } from 'antd';
import { useSession } from '../../../stores/session';

/**
 * 账户绑定 (component account/settings/Binding): the phone number and e-mail address bound to the signed-in
 * account, from the session. There is no self-service change: administrators edit them in 用户管理.
 */
export default function Binding() {
  const user = useSession((s) => s.userInfo);
  const items = [
    { key: 'phone', title: '绑定手机', icon: <MobileOutlined />, value: user?.phone, empty: '当前未绑定手机号' },
    { key: 'email', title: '绑定邮箱', icon: <MailOutlined />, value: user?.email, empty: '当前未绑定邮箱' },
  ];
  return (
    <Card>
      <List
        itemLayout="horizontal"
        dataSource={items}
        renderItem={(item) => (
          <List.Item key={item.key} data-testid={`binding-${item.key}`}>
            <List.Item.Meta
              avatar={<span style={{ fontSize: 24, color: 'var(--answer-primary, #1890ff)' }}>{item.icon}</span>}
              title={item.title}
              description={item.value ? `已绑定：${item.value}` : item.empty}
            />
          </List.Item>
        )}
      />
      <Typography.Text type="secondary">手机号和邮箱由管理员在“用户管理”中维护。</Typography.Text>
    </Card>
  );
}
