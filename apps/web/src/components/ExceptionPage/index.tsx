import { HOME_PATH } from '@answer/contract';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

const SUB_TITLES = {
  '403': '抱歉，你无权访问该页面',
  '404': '抱歉，你访问的页面不存在或仍在开发中',
  '500': '抱歉，服务器出错了',
} as const;

/** An exception page (views/exception/403, 404, 500): the status, its message and 返回首页. */
export function ExceptionPage({ status }: { status: keyof typeof SUB_TITLES }) {
  const navigate = useNavigate();
  return (
    <div style={{ padding: '48px 16px' }}>
      <Result
        status={status}
        title={status}
        subTitle={SUB_TITLES[status]}
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
