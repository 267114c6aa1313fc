import { Spin } from 'antd';

/** Full-page spinner while the session menu or the first view loads. */
export function PageLoading({ tip = '加载中...' }: { tip?: string }) {
  return (
    <div
      style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      role="status"
      aria-live="polite"
    >
      <Spin size="large" tip={tip}>
        <div style={{ width: 120, height: 80 }} />
      </Spin>
    </div>
  );
}
