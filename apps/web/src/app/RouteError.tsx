import { lazy, Suspense } from 'react';
import { useRouteError } from 'react-router';
import { classifyLoadError } from './errors';

/** Without antd (its code may be what failed to load): the failure's name, a line and a reload button. */
function PlainRouteError({ error }: { error: unknown }) {
  return (
    <div className="app-boot" role="alert">
      <span>{classifyLoadError(error) ?? '页面出错了'}</span>
      <span>页面加载失败，可能是网络中断或系统刚刚更新，请重试。</span>
      <button type="button" onClick={() => window.location.reload()}>
        重新加载
      </button>
    </div>
  );
}

// the antd view of the error loads only when an error happens
const RouteErrorView = lazy(() => import('./RouteErrorView').catch(() => ({ default: PlainRouteError })));

/** Error boundary of every lazily loaded route (see RouteErrorView). */
export function RouteError() {
  const error = useRouteError();
  return (
    <Suspense fallback={null}>
      <RouteErrorView error={error} />
    </Suspense>
  );
}
