import { HOME_PATH } from '@answer/contract';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** Exception page 404. */
export default function Exception404() {
  const navigate = useNavigate();
  return (
    <div style={{ padding: '48px 16px' }}>
      <Result
        status="404"
        title="404"
        subTitle="抱歉，你访问的页面不存在或仍在开发中"
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
