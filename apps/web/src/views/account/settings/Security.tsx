import { Button, Card, Form } from 'antd';
import { PasswordFields, type PasswordValues, usePasswordSubmit } from '../../../components/UserPasswordModal';
import { useSession } from '../../../stores/session';

/** 安全设置 (component account/settings/Security): change the signed-in user's password. */
export default function Security() {
  const username = useSession((s) => s.userInfo?.username ?? s.username);
  const [form] = Form.useForm<PasswordValues>();
  const { submit, submitting } = usePasswordSubmit(form, username);
  return (
    <Card>
      <Form<PasswordValues> form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={() => void submit()}>
        <PasswordFields />
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={submitting}>
            修改密码
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
