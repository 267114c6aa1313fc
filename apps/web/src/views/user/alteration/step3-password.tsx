import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { passwordChange } from '../../../api/auth';
import { useFeedback } from '../../../utils/feedback';
import { STRONG_PASSWORD } from '../../../utils/password';
import type { AlterationData } from './alteration-data';

/** Step 3: the new password (GET /sys/user/passwordChange with the verified phone and SMS code). */
export function Step3Password({ data, onPrev, onNext }: { data: AlterationData; onPrev(): void; onNext(): void }) {
  const [form] = Form.useForm<{ password: string; confirmPassword: string }>();
  const { notification } = useFeedback();
  const [busy, setBusy] = useState(false);

  const submit = async (values: { password: string }) => {
    setBusy(true);
    try {
      const res = await passwordChange({
        username: data.username,
        password: values.password,
        smscode: data.smscode,
        phone: data.phone,
      });
      if (!res.success) {
        notification.error({ message: '更改密码失败', description: res.message, duration: 4 });
        setBusy(false);
        return;
      }
      setTimeout(onNext, 1500);
    } catch {
      setBusy(false);
    }
  };

  return (
    <Form form={form} className="alteration-form" labelCol={{ flex: '72px' }} onFinish={submit} requiredMark={false}>
      <Form.Item label="账号名">
        <Input value={data.username} disabled />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="password"
        rules={[{ required: true, pattern: STRONG_PASSWORD, message: '密码由8位数字、大小写字母和特殊符号组成!!' }]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认密码"
        name="confirmPassword"
        dependencies={['password']}
        rules={[
          { required: true, message: '密码不能为空!' },
          ({ getFieldValue }) => ({
            validator: async (_r, v: string) => {
              const p = getFieldValue('password') as string | undefined;
              if (v && p && v.trim() !== p.trim()) throw new Error('两次密码不一致');
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space>
          <Button onClick={onPrev}>上一步</Button>
          <Button type="primary" htmlType="submit" loading={busy}>
            提交
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
