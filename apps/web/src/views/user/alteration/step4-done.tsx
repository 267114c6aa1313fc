import { Result } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';

/** Step 4: done; back to the login page (user name filled in) after 5 seconds. */
export function Step4Done({ username }: { username: string }) {
  const navigate = useNavigate();
  const [left, setLeft] = useState(5);
  useEffect(() => {
    const id = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => clearInterval(id);
  }, []);
  useEffect(() => {
    if (left === 0) navigate(paths.login, { state: { username } });
  }, [left, navigate, username]);
  return (
    <Result
      status="success"
      title="更改密码成功"
      subTitle={
        <h3 style={{ fontWeight: 400 }}>
          将在<span>{left}</span>秒后返回登录页面.
        </h3>
      }
    />
  );
}
