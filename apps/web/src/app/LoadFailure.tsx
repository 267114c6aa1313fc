import { Button } from 'antd';
import { type ComponentType, createElement, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { classifyLoadError, type LoadFailure as Failure } from './errors';
import { deploymentChanged, reloadOnceForDeployment } from './recover';
import './load-failure.css';

/** While a page's code cannot be loaded, it is tried again this often (and whenever the browser is back online). */
export const LOAD_RETRY_MS = 5000;

/** A load failure a retry can cure: the code or style file did not arrive (spec 01 §8). */
export function isRetryableLoadError(error: unknown): boolean {
  const kind = classifyLoadError(error);
  return kind === 'ChunkLoadError' || kind === 'CSS_CHUNK_LOAD_FAILED';
}

/**
 * Calls `retry` every LOAD_RETRY_MS, when the browser comes back online and when the tab becomes visible again,
 * until the component goes away; never two at once. Returns whether a retry is running and a manual trigger.
 */
export function useAutoRetry(retry: () => Promise<void>): { retrying: boolean; retryNow: () => void } {
  const [retrying, setRetrying] = useState(false);
  const running = useRef(false);
  const latest = useRef(retry);
  latest.current = retry;
  const retryNow = useCallback(() => {
    if (running.current) return;
    running.current = true;
    setRetrying(true);
    void latest.current().finally(() => {
      running.current = false;
      setRetrying(false);
    });
  }, []);
  useEffect(() => {
    const timer = window.setInterval(retryNow, LOAD_RETRY_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') retryNow();
    };
    window.addEventListener('online', retryNow);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', retryNow);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [retryNow]);
  return { retrying, retryNow };
}

export interface LoadFailureProps {
  error: unknown;
  /** one more attempt; resolves to whether it succeeded (the caller then renders what it loaded) */
  onRetry: () => Promise<boolean>;
}

/**
 * What a page whose code failed to load shows in its place (inside the layout when the layout is up): the failure's
 * name (spec 01 §8), what happened, and a retry that loads the page without reloading the app. It retries by itself
 * while shown, so the page appears once the server is reachable again. When the server has a new deployment (the old
 * file names are gone) the app reloads once to take it.
 * Plain markup and the Button every screen already has: nothing more to download while the network is failing.
 */
export function LoadFailure({ error, onRetry }: LoadFailureProps) {
  const failure: Failure =
    classifyLoadError(error) === 'CSS_CHUNK_LOAD_FAILED' ? 'CSS_CHUNK_LOAD_FAILED' : 'ChunkLoadError';
  const retry = useCallback(async () => {
    if (await onRetry()) return;
    const next = await deploymentChanged();
    if (next) reloadOnceForDeployment(next);
  }, [onRetry]);
  const { retrying, retryNow } = useAutoRetry(retry);
  return (
    <div className="answer-load-failure" role="alert">
      <div className="answer-load-failure-icon" aria-hidden>
        !
      </div>
      <div className="answer-load-failure-title">页面加载失败</div>
      <div className="answer-load-failure-code">{failure}</div>
      <div className="answer-load-failure-text">
        {failure === 'CSS_CHUNK_LOAD_FAILED' ? '页面样式文件加载失败' : '页面代码加载失败'}
        ，可能是网络中断或系统刚刚更新。网络恢复后将自动重试。
      </div>
      <div className="answer-load-failure-actions">
        <Button type="primary" loading={retrying} onClick={retryNow}>
          重试
        </Button>
        <Button onClick={() => window.location.reload()}>刷新页面</Button>
      </div>
    </div>
  );
}

type Loaded<P> = { default: ComponentType<P> };

/**
 * A component that shows LoadFailure until `load` succeeds, then renders what it loaded (and keeps it: later
 * renders and visits of the route use it directly).
 */
export function recoveringComponent<P extends object>(
  load: () => Promise<Loaded<P>>,
  firstError: unknown,
): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let lastError = firstError;
  function Recovering(props: P) {
    const [, rerender] = useReducer((n: number) => n + 1, 0);
    const onRetry = useCallback(async () => {
      if (!loaded) {
        try {
          loaded = (await load()).default;
        } catch (error) {
          lastError = error;
        }
      }
      rerender();
      return loaded !== null;
    }, []);
    if (loaded) return createElement(loaded, props);
    return <LoadFailure error={lastError} onRetry={onRetry} />;
  }
  return Recovering;
}

/**
 * `lazy` of a route whose code may fail to arrive: a failed load (network down, server restarting) does not end in
 * the router's error page — React Router keeps a rejected `lazy` for good — but gives the route a component that
 * shows the failure in the page's place and retries until the code arrives. Other errors reject as before.
 */
export function lazyWithRetry<P extends object>(load: () => Promise<Loaded<P>>) {
  return async (): Promise<{ Component: ComponentType<P> }> => {
    try {
      return { Component: (await load()).default };
    } catch (error) {
      if (!isRetryableLoadError(error)) throw error;
      return { Component: recoveringComponent(load, error) };
    }
  };
}
