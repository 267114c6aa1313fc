import { LOGIN_PAUSE_MINUTES, LOGIN_PAUSE_THRESHOLD } from '@answer/contract';
import { LockOutlined, MailOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Checkbox } from 'antd';
// the two input kinds the page shows, not antd's Input index (which brings TextArea, Search and OTP along)
import Input, { type InputProps } from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { getCaptchaImage, login, phoneLogin, sendSms } from '../../api/auth';
import { HttpError, SESSION_EXPIRED_MESSAGE, takeSessionExpiredNotice } from '../../api/http';
import { paths } from '../../app/paths';
import type { BootLogin } from '../../boot-login';
import { useSmsCode } from '../../components/CountDown';
import { useSession } from '../../stores/session';
import { useFeedback } from '../../utils/feedback';
import { RULES } from '../../utils/rules';
import { isLoginOk, type LoginSelection, loginFailureText, loginSelection, needsSelection } from './login-flow';
import { type FieldRule, LoginField, useLoginForm } from './login-form';
import { LoginTabs } from './login-tabs';
import { ThirdLoginButtons } from './third/third-login-buttons';
import { useLoginSuccess } from './use-login-success';

// only needed after a login with several tenants or departments
const LoginSelectTenant = lazy(() => import('./login-select-tenant').then((m) => ({ default: m.LoginSelectTenant })));

type TabKey = 'account' | 'phone';

type FieldName = 'username' | 'password' | 'inputCode' | 'mobile' | 'captcha';

/** what each field shows (all large, with an icon); the password field is masked */
const INPUTS: Record<FieldName, InputProps> = {
  username: {
    prefix: <UserOutlined className="login-input-icon" />,
    placeholder: '请输入帐户名',
    autoComplete: 'username',
    'aria-label': '帐户名',
  },
  password: {
    prefix: <LockOutlined className="login-input-icon" />,
    placeholder: '请输入密码',
    autoComplete: 'current-password',
    'aria-label': '密码',
  },
  inputCode: {
    prefix: <SafetyOutlined className="login-input-icon" />,
    placeholder: '请输入验证码',
    autoComplete: 'off',
    'aria-label': '验证码',
    maxLength: 8,
  },
  mobile: {
    prefix: <MobileOutlined className="login-input-icon" />,
    placeholder: '请输入手机号',
    autoComplete: 'tel',
    inputMode: 'numeric',
    maxLength: 11,
    'aria-label': '手机号',
  },
  captcha: {
    prefix: <MailOutlined className="login-input-icon" />,
    placeholder: '请输入验证码',
    autoComplete: 'one-time-code',
    inputMode: 'numeric',
    'aria-label': '短信验证码',
  },
};

const FIELD_RULES: Record<FieldName, readonly FieldRule[]> = {
  username: [{ required: true, message: '请输入用户名' }],
  password: [{ required: true, message: '请输入密码' }],
  inputCode: [{ required: true, message: '请输入验证码' }],
  mobile: RULES.mobile,
  captcha: [{ required: true, message: '请输入验证码' }],
};

/**
 * The plain form boot-login.ts drew before this code ran (issue 29): what was typed there, the focused field and
 * the captcha already asked for. Taken once per page load (kept through StrictMode's double render).
 */
let bootTaken: BootLogin | null | undefined;
function takeBootLogin(): BootLogin | null {
  if (bootTaken === undefined) bootTaken = window.__bootLogin?.() ?? null;
  return bootTaken;
}

/** Captcha image for a key = Date.now(); the key goes with the login as checkKey. */
function useCaptcha(boot: BootLogin['captcha'] | undefined) {
  const { message } = useFeedback();
  const [state, setState] = useState<{ key: number; image: string | null; loading: boolean }>({
    key: boot?.key ?? Date.now(),
    image: null,
    loading: true,
  });
  const latest = useRef(boot?.key ?? 0);
  const refresh = useCallback(async () => {
    const key = Date.now();
    latest.current = key;
    setState((s) => ({ ...s, key, loading: true }));
    try {
      const res = await getCaptchaImage(key);
      if (latest.current !== key) return;
      if (res.success && typeof res.result === 'string') setState({ key, image: res.result, loading: false });
      else {
        if (res.message) message.error(res.message);
        setState({ key, image: null, loading: false });
      }
    } catch {
      if (latest.current === key) setState({ key, image: null, loading: false });
    }
  }, [message]);
  // the image boot-login.ts asked for, when it arrives (a failed one is asked for again)
  const adopt = useCallback(
    (b: NonNullable<BootLogin['captcha']>) =>
      b.image.then((image) => {
        if (latest.current !== b.key) return;
        if (image) setState({ key: b.key, image, loading: false });
        else void refresh();
      }),
    [refresh],
  );
  return { ...state, refresh, adopt };
}

/** Login page (spec 01 §2.1): account + password + captcha, or mobile + SMS code; then tenant/department choice. */
export default function Login() {
  const { notification, message } = useFeedback();
  const [params] = useSearchParams();
  const location = useLocation();
  const presetUsername =
    params.get('username') ?? (location.state as { username?: string } | null)?.username ?? undefined;
  const [boot] = useState(takeBootLogin);
  const form = useLoginForm<FieldName>(FIELD_RULES, {
    ...boot?.values,
    ...(presetUsername ? { username: presetUsername } : {}),
  });
  const [tab, setTab] = useState<TabKey>('account');
  const [remember, setRemember] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  const [selection, setSelection] = useState<{ sel: LoginSelection; username: string } | null>(null);
  const captcha = useCaptcha(boot?.captcha);
  const sms = useSmsCode(
    (mobile) => sendSms(mobile, '0'),
    (description) => notification.error({ message: '登录失败', description, duration: 4 }),
  );
  const success = useLoginSuccess();
  const { refresh: refreshCaptcha, adopt: adoptCaptcha } = captcha;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount; the boot captcha belongs to this page load
  useEffect(() => {
    bootTaken = null;
    if (boot?.captcha) void adoptCaptcha(boot.captcha);
    else void refreshCaptcha();
  }, []);

  // signed out by an expired session (spec 01 §8, HTTP 401): the reload took the message away, so it shows here
  useEffect(() => {
    if (takeSessionExpiredNotice()) message.warning(SESSION_EXPIRED_MESSAGE, 6);
  }, [message]);

  const newCaptcha = () => {
    form.setFieldValue('inputCode', '');
    void refreshCaptcha();
  };

  const finish = (res: Awaited<ReturnType<typeof login>>) => {
    if (!isLoginOk(res)) throw res;
    const session = useSession.getState();
    session.applyLogin(res.result);
    const sel = loginSelection(res.result);
    if (sel.noDepart) {
      notification.warning({ message: '提示', description: '您尚未归属部门,请确认账号信息', duration: 3 });
    }
    if (needsSelection(sel)) {
      setSelection({ sel, username: res.result.userInfo.username });
      return;
    }
    session.setTenantId(sel.tenantId);
    success();
  };

  const submit = async () => {
    const fields: FieldName[] = tab === 'account' ? ['username', 'password', 'inputCode'] : ['mobile', 'captcha'];
    let values: Partial<Record<FieldName, string>>;
    try {
      values = await form.validateFields(fields);
    } catch {
      return;
    }
    setSubmitting(true);
    try {
      const res =
        tab === 'account'
          ? await login({
              username: (values.username ?? '').trim(),
              password: values.password ?? '',
              captcha: (values.inputCode ?? '').trim(),
              checkKey: captcha.key,
              remember_me: remember,
            })
          : await phoneLogin({
              mobile: (values.mobile ?? '').trim(),
              captcha: (values.captcha ?? '').trim(),
              remember_me: remember,
            });
      finish(res);
      // stays disabled until the next page takes over (no double submit)
    } catch (err) {
      // the http client already reported transport / status errors
      if (!(err instanceof HttpError)) {
        notification.error({ message: '登录失败', description: loginFailureText(err), duration: 4 });
      }
      if (tab === 'account') newCaptcha();
      setSubmitting(false);
    }
  };

  const getSmsCode = () => sms.request(async () => (await form.validateFields(['mobile'])).mobile?.trim() ?? '');

  const field = (name: FieldName) => {
    const Control = name === 'password' ? Password : Input;
    return (
      <LoginField errors={form.errors(name)} helpId={form.helpId(name)}>
        <Control {...form.input(name)} size="large" {...INPUTS[name]} autoFocus={boot?.focused === name} />
      </LoginField>
    );
  };

  const accountTab = (
    <>
      {field('username')}
      {field('password')}
      <div className="login-captcha">
        {field('inputCode')}
        <button
          type="button"
          className="login-captcha-image"
          onClick={newCaptcha}
          title="看不清？换一张"
          aria-label="验证码图片，点击刷新"
        >
          {captcha.image ? <img src={captcha.image} alt="验证码" /> : captcha.loading ? '加载中…' : '点击刷新'}
        </button>
      </div>
    </>
  );

  const phoneTab = (
    <>
      {field('mobile')}
      <div className="login-captcha">
        {field('captcha')}
        <Button className="login-sms-button" size="large" disabled={sms.running} onClick={getSmsCode} tabIndex={-1}>
          {sms.text}
        </Button>
      </div>
    </>
  );

  return (
    <div className="user-layout-login">
      <form
        className="login-form"
        autoComplete="on"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <LoginTabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'account', label: '账号密码登录', children: accountTab },
            { key: 'phone', label: '手机号登录', children: phoneTab },
          ]}
        />
        <div className="login-options">
          <Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)}>
            自动登录
          </Checkbox>
          <span className="links">
            <Link to={paths.register}>注册账户</Link>
            <Link to={paths.alteration}>忘记密码</Link>
          </span>
        </div>
        {/* explicit name: Chromium keeps "loading" in the computed name after antd's loading icon leaves */}
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          className="login-submit"
          loading={submitting}
          aria-label="登录"
        >
          登录
        </Button>
        {tab === 'account' && (
          <p className="login-pause-help" data-testid="login-pause-help">
            连续输错密码 {LOGIN_PAUSE_THRESHOLD} 次将暂停登录 {LOGIN_PAUSE_MINUTES}{' '}
            分钟，期间会一直提示“用户名或密码错误”；急需登录请联系管理员在【用户管理】解除锁定。
          </p>
        )}
      </form>
      <ThirdLoginButtons />
      {selection && (
        <Suspense fallback={null}>
          <LoginSelectTenant
            selection={selection.sel}
            username={selection.username}
            onDone={() => {
              setSelection(null);
              success();
            }}
            onAbort={() => {
              setSelection(null);
              setSubmitting(false);
              newCaptcha();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
