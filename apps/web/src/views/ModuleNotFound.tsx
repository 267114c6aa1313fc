import { HOME_PATH } from '@answer/contract';
import { Button, Result, Typography } from 'antd';
import { useMatches, useNavigate } from 'react-router';
import type { MenuRouteHandle } from '../app/menu';

export interface ModuleNotFoundProps {
  /** the component string that has no view (default: the current route's menu component) */
  component?: string;
  /** the page's name (default: the current route's title) */
  title?: string;
  /** inside a dialog: no 返回首页 button (the dialog has its own close) */
  embedded?: boolean;
}

/** A menu entry (or a notice's openPage) whose component has no view file: says so (MODULE_NOT_FOUND). */
export default function ModuleNotFound({ component, title, embedded = false }: ModuleNotFoundProps) {
  const matches = useMatches();
  const navigate = useNavigate();
  const handle = matches[matches.length - 1]?.handle as Partial<MenuRouteHandle> | undefined;
  const code = component ?? (handle?.menu?.component || '（未配置）');
  const name = title ?? handle?.title ?? '未知页面';
  return (
    <Result
      status="warning"
      title="MODULE_NOT_FOUND"
      subTitle={
        <>
          <div>页面「{name}」的组件尚未提供</div>
          <Typography.Text type="secondary" code>
            {code}
          </Typography.Text>
        </>
      }
      extra={
        embedded ? null : (
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            返回首页
          </Button>
        )
      }
    />
  );
}
