import { HOME_PATH } from '@answer/contract';
import { Button, Result, Typography } from 'antd';
import { useMatches, useNavigate } from 'react-router';
import type { MenuRouteHandle } from '../app/menu';

/** A menu entry whose component has no view file: says so (MODULE_NOT_FOUND) instead of a blank page. */
export default function ModuleNotFound() {
  const matches = useMatches();
  const navigate = useNavigate();
  const handle = matches[matches.length - 1]?.handle as Partial<MenuRouteHandle> | undefined;
  const component = handle?.menu?.component || '（未配置）';
  return (
    <Result
      status="warning"
      title="MODULE_NOT_FOUND"
      subTitle={
        <>
          <div>页面「{handle?.title ?? '未知页面'}」的组件尚未提供</div>
          <Typography.Text type="secondary" code>
            {component}
          </Typography.Text>
        </>
      }
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          返回首页
        </Button>
      }
    />
  );
}
