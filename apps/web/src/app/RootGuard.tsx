import { useEffect, useMemo, useRef } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { useSession } from '../stores/session';
import { requestFeedbackHost } from '../utils/feedback';
import { whenIdle } from '../utils/idle';
import { isOAuth2AppEnv } from './config';
import { decideGuard, pageTitle } from './guard';
import { loadLocale } from './locale';
import { PageLoading } from './PageLoading';

// A reload or navigation away aborts the menu request; that is not a failed menu load and must not log out.
let unloading = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    unloading = true;
  });
  window.addEventListener('beforeunload', () => {
    unloading = true;
  });
  window.addEventListener('pageshow', () => {
    unloading = false;
  });
}

/**
 * Root route element: applies the guard once per navigation (not on every session change, so the login page
 * can finish its tenant/department step after the token is stored), sets the page title and scrolls to top.
 */
export function RootGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: evaluated per navigation on purpose
  const decision = useMemo(() => {
    const s = useSession.getState();
    return decideGuard({
      pathname: location.pathname,
      search: location.search,
      hasToken: Boolean(s.token),
      menuLoaded: s.menuLoaded,
      oauth2Env: isOAuth2AppEnv(),
    });
  }, [location.key, location.pathname, location.search]);

  const startedFor = useRef<unknown>(null);
  useEffect(() => {
    // once per navigation, also under StrictMode's double effects
    if (decision.action !== 'load-menu' || startedFor.current === decision) return;
    startedFor.current = decision;
    const current = location.pathname + location.search;
    // Once the menu is in the store the app builds a new router (with the menu routes) that starts from the
    // browser URL, so the redirect target is put there first; this router does not observe replaceState.
    if (decision.next !== current) window.history.replaceState(window.history.state, '', decision.next);
    // the route builder's code loads while the menu is fetched
    import('./menu').catch(() => undefined);
    useSession
      .getState()
      .loadPermissions()
      .catch(() => {
        if (unloading) return;
        void useSession.getState().logout();
        navigate(decision.onFail, { replace: true });
      });
  }, [decision, location.pathname, location.search, navigate]);

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.action === 'load-menu') return <PageLoading />;
  return (
    <>
      <RouteEffects />
      <Outlet />
    </>
  );
}

function RouteEffects() {
  const { pathname } = useLocation();
  const matches = useMatches();
  let title: string | undefined;
  for (let i = matches.length - 1; i >= 0 && !title; i--) {
    const h = matches[i].handle as { title?: string } | undefined;
    if (h?.title) title = h.title;
  }
  useEffect(() => {
    document.title = pageTitle(pathname, title);
  }, [pathname, title]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to top on every new path
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(() => whenIdle(loadDeferred), []);
  return null;
}

/**
 * What the first page does not need to appear but the next interactions do: antd's feedback holders and the
 * zh-CN locale. Loaded once the first page is on screen, so they do not compete with its code.
 */
function loadDeferred() {
  requestFeedbackHost();
  loadLocale().catch(() => {
    // retried by the next screen that needs it
  });
}
