/**
 * Full-page spinner while the session menu or the first view loads. Plain CSS (the `.app-boot` style of
 * index.html): it looks like the boot screen it replaces and costs the login page no antd code.
 */
export function PageLoading({ tip = '加载中...' }: { tip?: string }) {
  return (
    <div className="app-boot" role="status" aria-live="polite">
      <i />
      <span>{tip}</span>
    </div>
  );
}
