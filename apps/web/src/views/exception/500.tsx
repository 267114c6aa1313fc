import { HOME_PATH } from '@answer/contract';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** Exception page 500. */
export default function Exception500() {
  const navigate = useNavigate();
  return (
    <div style={{ padding: '48px 16px' }}>
      <Result
        status="500"
        title="500"
        subTitle="抱歉，服务器出错了"
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
