import { Result } from 'antd';
import { useMatches } from 'react-router';

/** the part of a menu route's handle (app/menu.ts MenuRouteHandle) this page reads; menu.ts loads this file lazily */
interface IframeHandle {
  title?: string;
  /** resolved URL of the iframe page; null when the menu URL cannot be resolved */
  url?: string | null;
}

/** A menu entry with component layouts/IframePageView: its resolved URL inside the content area. */
export function IframePage() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as IframeHandle | undefined;
  const url = handle?.url;
  if (!url) {
    return <Result status="warning" title="无法打开该页面" subTitle="菜单地址无效或未配置" />;
  }
  return (
    <iframe
      title={handle?.title ?? url}
      src={url}
      style={{ width: '100%', height: 'calc(100vh - 160px)', minHeight: 400, border: 0, display: 'block' }}
    />
  );
}
