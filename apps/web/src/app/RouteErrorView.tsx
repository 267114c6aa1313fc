import { Button, Result } from 'antd';
import { isRouteErrorResponse } from 'react-router';
import { classifyLoadError } from './errors';

/**
 * What a route error shows: a failed chunk gets a clear retry page (the usual cause is a new deployment or a
 * dropped connection) instead of a blank screen.
 */
export default function RouteErrorView({ error }: { error: unknown }) {
  const failure = classifyLoadError(error);
  if (failure === 'ChunkLoadError' || failure === 'CSS_CHUNK_LOAD_FAILED') {
    return (
      <Result
        status="warning"
        title="页面加载失败"
        subTitle={
          <>
            <div>{failure}</div>
            <div>
              {failure === 'CSS_CHUNK_LOAD_FAILED' ? '页面样式文件加载失败' : '页面代码加载失败'}
              ，可能是网络中断或系统刚刚更新，请重试。
            </div>
          </>
        }
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            重新加载
          </Button>
        }
      />
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <Result status="404" title="404" subTitle="抱歉，你访问的页面不存在" />;
  }
  const detail = error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : '';
  return (
    <Result
      status="error"
      title="页面出错了"
      subTitle={detail || '页面渲染时发生错误'}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          重新加载
        </Button>
      }
    />
  );
}
