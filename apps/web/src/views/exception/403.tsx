import { HOME_PATH } from '@answer/contract';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** Exception page 403. */
export default function Exception403() {
  const navigate = useNavigate();
  return (
    <div style={{ padding: '48px 16px' }}>
      <Result
        status="403"
        title="403"
        subTitle="抱歉，你无权访问该页面"
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
