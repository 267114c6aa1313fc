import { PhoneOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { phoneVerification, sendSms } from '../../../api/auth';
import { paths } from '../../../app/paths';
import { useSmsCode } from '../../../components/CountDown';
import { useFeedback } from '../../../utils/feedback';
import { RULES } from '../../../utils/rules';
import type { AlterationData } from './alteration-data';

/** Step 2: the phone number and the SMS code prove the account (POST /sys/user/phoneVerification). */
export function Step2Phone({ onNext }: { onNext(data: AlterationData): void }) {
  const [form] = Form.useForm<{ phone: string; captcha: string }>();
  const { notification } = useFeedback();
  const [busy, setBusy] = useState(false);

  const failed = (description: string) => notification.error({ message: '验证错误', description, duration: 4 });
  const sms = useSmsCode((mobile) => sendSms(mobile, '2'), failed);

  const getSmsCode = () => sms.request(async () => String((await form.validateFields(['phone'])).phone).trim());

  const next = async (values: { phone: string; captcha: string }) => {
    setBusy(true);
    try {
      const phone = values.phone.trim();
      const res = await phoneVerification(phone, values.captcha.trim());
      if (!res.success) {
        failed(res.message);
        return;
      }
      onNext({ username: res.result.username, phone, smscode: res.result.smscode });
    } catch {
      // reported by the http client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} className="alteration-form" labelCol={{ flex: '72px' }} onFinish={next} requiredMark={false}>
      <Form.Item label="手机" name="phone" rules={RULES.mobile}>
        <Input prefix={<PhoneOutlined className="login-input-icon" />} placeholder="请输入手机号" maxLength={11} />
      </Form.Item>
      <Form.Item label="验证码" required>
        <div className="login-captcha">
          <Form.Item name="captcha" noStyle rules={[{ required: true, message: '请输入短信验证码!' }]}>
            <Input placeholder="手机短信验证码" autoComplete="one-time-code" style={{ flex: 1, minWidth: 0 }} />
          </Form.Item>
          <Button disabled={sms.running} onClick={getSmsCode} style={{ flex: 'none', width: 112 }}>
            {sms.text}
          </Button>
        </div>
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <div className="user-register-actions">
          <Link to={paths.login}>使用已有账户登录</Link>
          <Button type="primary" htmlType="submit" loading={busy} style={{ width: 'auto' }}>
            下一步
          </Button>
        </div>
      </Form.Item>
    </Form>
  );
}
