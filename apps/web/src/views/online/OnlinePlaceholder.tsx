import { Card, Descriptions, Result } from 'antd';
import { useMatches, useParams } from 'react-router';
import { type MenuRouteHandle, ONLINE_SCREENS } from '../../app/menu';

/**
 * Built-in online form / report screens (componentName OnlCgform…, OnlCgreport…) whose view file is missing from the
 * build (app/menu.ts ONLINE_VIEWS): a placeholder that names the screen and its code instead of a blank page.
 */
export default function OnlinePlaceholder() {
  const matches = useMatches();
  const params = useParams();
  const handle = matches[matches.length - 1]?.handle as Partial<MenuRouteHandle> | undefined;
  const kind = handle?.online;
  const screen = kind ? ONLINE_SCREENS[kind] : '在线开发';
  const code = Object.values(params).filter(Boolean).join(' / ');
  return (
    <Card variant="borderless">
      <Result
        status="info"
        title={handle?.title ?? screen}
        subTitle={`${screen}功能暂未开放`}
        extra={
          <Descriptions
            size="small"
            column={1}
            bordered
            style={{ maxWidth: 480, margin: '0 auto', textAlign: 'left' }}
            items={[
              { key: 'screen', label: '页面类型', children: screen },
              { key: 'component', label: '组件', children: handle?.componentName ?? '-' },
              { key: 'code', label: '编码', children: code || '-' },
            ]}
          />
        }
      />
    </Card>
  );
}
