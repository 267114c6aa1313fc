import { Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { isOAuth2AppEnv, PRODUCT_NAME, runtimeConfig } from '../../../app/config';
import { paths } from '../../../app/paths';
import { useFeedback } from '../../../utils/feedback';
import { useThirdLogin } from '../third/use-third-login';

/**
 * OAuth2 app login (inside WeCom or DingTalk): with an oauth2LoginToken in the query it signs in, otherwise it
 * sends the browser to the server's OAuth2 entry for the current app. Outside those apps it is the normal login.
 */
export default function OAuth2Login() {
  const [params] = useSearchParams();
  const { modal } = useFeedback();
  const env = isOAuth2AppEnv();
  const reloadOnFail = (text: string) => {
    modal.error({
      title: '登录失败',
      content: text,
      okText: '重新登陆',
      onOk: () => window.location.reload(),
      onCancel: () => window.location.reload(),
    });
  };
  const doLogin = useThirdLogin(reloadOnFail);
  const started = useRef(false);

  useEffect(() => {
    if (!env || started.current) return;
    started.current = true;
    const token = params.get('oauth2LoginToken');
    if (token) {
      void doLogin(token, params.get('thirdType') ?? '');
      return;
    }
    const source = /wxwork/i.test(navigator.userAgent) ? 'wechat_enterprise' : 'dingtalk';
    const { domianURL } = runtimeConfig();
    window.location.href = `${domianURL}/sys/thirdLogin/oauth2/${source}/login?state=${encodeURIComponent(window.location.origin)}`;
  }, [env, params, doLogin]);

  if (!env) return <Navigate to={paths.login} replace />;
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 16,
      }}
    >
      <Spin size="large" />
      <div style={{ color: 'rgba(0,0,0,0.65)' }}>正在登录 {PRODUCT_NAME}，请耐心等待</div>
    </div>
  );
}
