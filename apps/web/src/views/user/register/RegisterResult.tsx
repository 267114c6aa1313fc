import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';

/** Registration result: 你的账户：<name> 注册成功, with a way back to the login page (user name filled in). */
export default function RegisterResult() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as { username?: string; mobile?: string };
  const account = state.username || state.mobile || ' XXX ';
  return (
    <Result
      status="success"
      title={`你的账户：${account} 注册成功`}
      extra={
        <Button
          size="large"
          type="primary"
          onClick={() => navigate(paths.login, { state: { username: state.username ?? state.mobile } })}
        >
          返回登录
        </Button>
      }
    />
  );
}
