/**
 * Runs `run` once the browser is idle (at the latest after `timeout` ms): for code the current screen does not
 * need to appear, so it does not compete with it. Returns a cancel function.
 */
export function whenIdle(run: () => void, timeout = 1500): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}
