import type { MenuItem } from '@answer/contract';
import { ConfigProvider } from 'antd';
import useAppStyle from 'antd/es/app/style';
import { ConfigContext } from 'antd/es/config-provider';
import { createElement, lazy, type ReactNode, Suspense, useContext, useEffect, useMemo, useState } from 'react';
import { type RouteObject, RouterProvider } from 'react-router';
import { MODAL_BODY_STYLE } from '../components/modal-style';
import { useSession } from '../stores/session';
import { useThemeConfig } from '../stores/settings';
import { onFeedbackRequested } from '../utils/feedback';
import { isRetryableLoadError, LoadFailure } from './LoadFailure';
import { useLocale } from './locale';
import { RouteError } from './RouteError';
import { createAppRouter } from './router';

/**
 * The menu's route builder (and the view registry behind it) loads with the menu, not with the login page. When its
 * code does not arrive, every menu path shows the failure inside the layout and retries; `onRecovered` is called once
 * the code is there, to build the routes again.
 */
export function loadMenuRoutes(menu: readonly MenuItem[], onRecovered: () => void = () => {}): Promise<RouteObject[]> {
  return import('./menu').then(
    (m) => m.routesFromMenu(menu),
    (error: unknown): RouteObject[] => {
      if (!isRetryableLoadError(error)) {
        return [{ path: '*', loader: () => Promise.reject(error), ErrorBoundary: RouteError }];
      }
      const onRetry = () =>
        import('./menu').then(
          () => {
            onRecovered();
            return true;
          },
          () => false,
        );
      return [{ path: '*', element: createElement(LoadFailure, { error, onRetry }) }];
    },
  );
}

/** Routes of the session's menu: null without a menu and while its routes load (the router stays as it is). */
function useMenuRoutes(menu: readonly MenuItem[] | null): RouteObject[] | null {
  const [built, setBuilt] = useState<{ menu: readonly MenuItem[]; routes: RouteObject[] } | null>(null);
  // bumped when the route builder's code arrives after a failure: the routes are built again
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the build on purpose
  useEffect(() => {
    if (!menu) return;
    let live = true;
    void loadMenuRoutes(menu, () => setAttempt((n) => n + 1)).then((routes) => {
      if (live) setBuilt({ menu, routes });
    });
    return () => {
      live = false;
    };
  }, [menu, attempt]);
  return menu && built?.menu === menu ? built.routes : null;
}

/**
 * One router per menu: when the session's menu routes are ready (or the menu goes on logout) the router is
 * rebuilt with them and starts from the current URL.
 */
let routerGeneration = 0;

function AppRouter() {
  const menu = useSession((s) => (s.menuLoaded ? s.permissionList : null));
  const menuRoutes = useMenuRoutes(menu);
  const { router, key } = useMemo(
    () => ({ router: createAppRouter(menuRoutes), key: ++routerGeneration }),
    [menuRoutes],
  );
  useEffect(() => () => router.dispose(), [router]);
  // a new router gets a fresh provider: RouterProvider keeps the state of the router it mounted with
  return <RouterProvider key={key} router={router} />;
}

const FeedbackHost = lazy(() => import('./FeedbackHost'));

/** Mounts antd's message / notification / modal holders when asked: after the first page, or at the first call. */
function DeferredFeedbackHost() {
  const [on, setOn] = useState(false);
  useEffect(() => onFeedbackRequested(() => setOn(true)), []);
  return on ? (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  ) : null;
}

/**
 * antd's <App> wrapper without its message / notification / modal holders (those come with FeedbackHost): the
 * same element and classes, so the base text style and antd's link style (colour, hover) apply to every page.
 */
function AppRoot({ children }: { children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  return <div className={`${hashId} ${prefixCls} ${cssVarCls}`}>{children}</div>;
}

/** modal bodies capped at 80 % of the window (spec 02 §9) */
const MODAL_CONFIG = { styles: { body: MODAL_BODY_STYLE } };

export function App() {
  const themeConfig = useThemeConfig();
  const locale = useLocale((s) => s.locale);
  return (
    <ConfigProvider locale={locale} theme={themeConfig} modal={MODAL_CONFIG}>
      <AppRoot>
        <AppRouter />
        <DeferredFeedbackHost />
      </AppRoot>
    </ConfigProvider>
  );
}
