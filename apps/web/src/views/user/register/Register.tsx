import { MailOutlined } from '@ant-design/icons';
import { Button, Form, Input, Popover, Progress } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { checkOnlyUser, register, sendSms } from '../../../api/auth';
import { paths } from '../../../app/paths';
import { useSmsCode } from '../../../components/CountDown';
import { useFeedback } from '../../../utils/feedback';
import {
  PASSWORD_LEVEL_COLOR,
  PASSWORD_LEVEL_NAME,
  type PasswordLevel,
  passwordLevel,
  STRONG_PASSWORD,
} from '../../../utils/password';
import { RULES } from '../../../utils/rules';

interface RegisterValues {
  username: string;
  password: string;
  password2: string;
  mobile: string;
  email?: string;
  captcha: string;
}

/** a rule: the value must be unique on the server (`taken` otherwise); a failed check call does not block the form */
const unique = (field: 'username' | 'phone', taken: string) => ({
  validator: async (_r: unknown, v: string) => {
    const res = v ? await checkOnlyUser({ [field]: v.trim() }).catch(() => null) : null;
    if (res && !res.success) throw new Error(taken);
  },
});

/** Registration (spec 01 §2.1): user name, password with strength, mobile + SMS code, optional e-mail. */
export default function Register() {
  const [form] = Form.useForm<RegisterValues>();
  const { notification } = useFeedback();
  const navigate = useNavigate();
  const sms = useSmsCode(
    (mobile) => sendSms(mobile, '1'),
    (description) => notification.error({ message: '注册失败', description, duration: 2 }),
    3,
  );
  const [submitting, setSubmitting] = useState(false);
  const [level, setLevel] = useState<PasswordLevel>(0);
  const [levelOpen, setLevelOpen] = useState(false);

  const getSmsCode = () => sms.request(async () => String((await form.validateFields(['mobile'])).mobile).trim());

  const submit = async (values: RegisterValues) => {
    setSubmitting(true);
    try {
      const res = await register({
        username: values.username.trim(),
        password: values.password,
        phone: values.mobile.trim(),
        smscode: values.captcha.trim(),
        email: values.email?.trim() || undefined,
      });
      if (!res.success) {
        notification.error({ message: '注册失败', description: res.message, duration: 2 });
        return;
      }
      navigate(paths.registerResult, { state: { username: values.username.trim(), mobile: values.mobile.trim() } });
    } catch {
      // reported by the http client
    } finally {
      setSubmitting(false);
    }
  };

  const percent = level >= 3 ? 100 : level === 0 ? 10 : level * 30;

  return (
    <div className="user-layout-register">
      <h3 className="user-register-title">注册</h3>
      <Form form={form} onFinish={submit} size="large" requiredMark={false} validateTrigger={['onChange', 'onBlur']}>
        <Form.Item
          name="username"
          validateFirst
          validateDebounce={300}
          rules={[...RULES.userName, unique('username', '用户名已存在!')]}
        >
          <Input placeholder="请输入用户名" autoComplete="username" aria-label="用户名" />
        </Form.Item>
        <Popover
          placement="rightTop"
          open={levelOpen}
          content={
            <div style={{ width: 240 }}>
              <div className={`password-level is-${level}`}>强度：{PASSWORD_LEVEL_NAME[level]}</div>
              <Progress percent={percent} showInfo={false} strokeColor={PASSWORD_LEVEL_COLOR[level]} />
              <div style={{ marginTop: 10 }}>请至少输入 8 个字符。请不要使用容易被猜到的密码。</div>
            </div>
          }
        >
          <Form.Item
            name="password"
            validateFirst
            rules={[
              { required: true, message: '请输入密码' },
              { pattern: STRONG_PASSWORD, message: '密码由8位数字、大小写字母和特殊符号组成!' },
            ]}
          >
            <Input.Password
              placeholder="至少8位密码，区分大小写"
              autoComplete="new-password"
              aria-label="密码"
              onFocus={() => setLevelOpen(window.innerWidth >= 768)}
              onBlur={() => setLevelOpen(false)}
              onChange={(e) => setLevel(passwordLevel(e.target.value))}
            />
          </Form.Item>
        </Popover>
        <Form.Item
          name="password2"
          dependencies={['password']}
          validateFirst
          rules={[
            { required: true, message: '请输入密码' },
            ({ getFieldValue }) => ({
              validator: async (_r, v: string) => {
                const p = getFieldValue('password') as string | undefined;
                if (v && p && v.trim() !== p.trim()) throw new Error('两次密码不一致');
              },
            }),
          ]}
        >
          <Input.Password placeholder="确认密码" autoComplete="new-password" aria-label="确认密码" />
        </Form.Item>
        <Form.Item
          name="mobile"
          validateFirst
          validateDebounce={300}
          rules={[...RULES.mobile, unique('phone', '手机号已存在!')]}
        >
          <Input
            prefix={<span className="login-input-icon">+86</span>}
            placeholder="11 位手机号"
            inputMode="numeric"
            maxLength={11}
            aria-label="手机号"
          />
        </Form.Item>
        <Form.Item name="email" rules={RULES.email}>
          <Input placeholder="邮箱（选填）" autoComplete="email" aria-label="邮箱" />
        </Form.Item>
        <div className="login-captcha">
          <Form.Item name="captcha" rules={[{ required: true, message: '请输入验证码' }]}>
            <Input
              prefix={<MailOutlined className="login-input-icon" />}
              placeholder="验证码"
              autoComplete="one-time-code"
              aria-label="短信验证码"
            />
          </Form.Item>
          <Button className="login-sms-button" disabled={sms.running} onClick={getSmsCode}>
            {sms.text}
          </Button>
        </div>
        <div className="user-register-actions">
          <Button type="primary" htmlType="submit" loading={submitting}>
            注册
          </Button>
          <Link to={paths.login}>使用已有账户登录</Link>
        </div>
      </Form>
    </div>
  );
}
