import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { useThirdLogin } from './use-third-login';

/** Third-party login landing: /user/third-login?token=…&thirdType=… signs in with the issued token. */
export default function ThirdLoginCallback() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const thirdType = params.get('thirdType') ?? '';
  const [error, setError] = useState<string | null>(token && thirdType ? null : '缺少第三方登录凭证');
  const doLogin = useThirdLogin(setError);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token || !thirdType) return;
    started.current = true;
    void doLogin(token, thirdType);
  }, [doLogin, token, thirdType]);

  if (error) {
    return (
      <Result
        status="error"
        title="登录失败"
        subTitle={error}
        extra={
          <Link to={paths.login}>
            <Button type="primary">返回登录</Button>
          </Link>
        }
      />
    );
  }
  return (
    <div style={{ textAlign: 'center', padding: '48px 0' }}>
      <Spin size="large" />
      <div style={{ marginTop: 16, color: 'rgba(0,0,0,0.45)' }}>正在登录，请稍候…</div>
    </div>
  );
}
