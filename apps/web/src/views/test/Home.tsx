import { HOME_PATH } from '@answer/contract';
import { Button, Card, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../app/config';
import { paths } from '../../app/paths';

/** Test page (/test/home, no session needed): a quick check that the app is served and routes work. */
export default function Home() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 480 }}>
        <Typography.Title level={3}>{PRODUCT_NAME}</Typography.Title>
        <Typography.Paragraph type="secondary">测试主页：前端已正常加载。</Typography.Paragraph>
        <Space wrap>
          <Link to={paths.login}>
            <Button type="primary">去登录</Button>
          </Link>
          <Link to={HOME_PATH}>
            <Button>进入首页</Button>
          </Link>
        </Space>
      </Card>
    </div>
  );
}
