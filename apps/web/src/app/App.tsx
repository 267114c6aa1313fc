import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { useSession } from '../stores/session';
import { useThemeConfig } from '../stores/settings';
import { bindFeedback } from '../utils/feedback';
import { createAppRouter } from './router';

dayjs.locale('zh-cn');

const queryClient = new QueryClient({
  defaultOptions: {
    // the http client already shows every failure; a retry would show it again
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** Hands the context-aware message / notification / modal to code outside React (the http client). */
function FeedbackBinder() {
  const api = AntApp.useApp();
  useEffect(() => bindFeedback(api), [api]);
  return null;
}

/**
 * One router per menu: when the session's menu arrives (or goes on logout) the router is rebuilt with the
 * matching routes and starts from the current URL.
 */
let routerGeneration = 0;

function AppRouter() {
  const menu = useSession((s) => (s.menuLoaded ? s.permissionList : null));
  const { router, key } = useMemo(() => ({ router: createAppRouter(menu), key: ++routerGeneration }), [menu]);
  useEffect(() => () => router.dispose(), [router]);
  // a new router gets a fresh provider: RouterProvider keeps the state of the router it mounted with
  return <RouterProvider key={key} router={router} />;
}

export function App() {
  const themeConfig = useThemeConfig();
  return (
    <ConfigProvider locale={zhCN} theme={themeConfig}>
      <AntApp>
        <FeedbackBinder />
        <QueryClientProvider client={queryClient}>
          <AppRouter />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
