import { type ComponentType, createElement, useEffect } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import UserLayout from '../layouts/UserLayout';
import Login from '../views/user/Login';
import { lazyWithRetry } from './LoadFailure';
import { loadWithTimeout } from './load';
import { loadLocale } from './locale';
import { PageLoading } from './PageLoading';
import { paths } from './paths';
import { RootGuard } from './RootGuard';
import { RouteError } from './RouteError';

/**
 * The route tree (spec 01 §2.1): open pages under the login layout, the OAuth2 and test pages, the 404 page,
 * and the main layout at "/" whose children are the menu routes. Without a loaded menu the layout has no
 * children: the guard never lets a session reach it before the menu is in.
 *
 * The open pages are imported by name here (not through the view registry): the registry and the menu's route
 * builder load with the menu, so the login page does not carry them.
 */

type Load = () => Promise<{ default: ComponentType }>;

function page(path: string, load: Load, title: string, what: string): RouteObject {
  return {
    path,
    lazy: lazyWithRetry(() => loadWithTimeout(load, what)),
    handle: { title },
    ErrorBoundary: RouteError,
  };
}

/** leaves the console for the answering page (a full load of its own entry) */
function ExamPageRedirect() {
  useEffect(() => {
    // a server that answers the console for /exam would bring us back here: once, then the 404 page
    const key = 'answer:exam-redirect';
    const last = Number(sessionStorage.getItem(key) ?? 0);
    if (Date.now() - last < 5000) {
      window.location.replace(paths.notFound);
      return;
    }
    sessionStorage.setItem(key, String(Date.now()));
    window.location.replace(window.location.pathname + window.location.search);
  }, []);
  return createElement(PageLoading);
}

function redirect(to: string) {
  return createElement(Navigate, { to, replace: true });
}

/** `menuRoutes`: the children of the main layout built from the session's menu (null: no menu yet). */
export function buildRoutes(menuRoutes: RouteObject[] | null): RouteObject[] {
  return [
    {
      id: 'root',
      element: createElement(RootGuard),
      errorElement: createElement(RouteError),
      hydrateFallbackElement: createElement(PageLoading),
      children: [
        {
          path: paths.user,
          Component: UserLayout,
          ErrorBoundary: RouteError,
          children: [
            { index: true, element: redirect(paths.login) },
            { path: paths.login, Component: Login, handle: { title: '登录' }, ErrorBoundary: RouteError },
            page(paths.register, () => import('../views/user/register/Register'), '注册', 'user/register/Register'),
            page(
              paths.registerResult,
              () => import('../views/user/register/RegisterResult'),
              '注册结果',
              'user/register/RegisterResult',
            ),
            page(
              paths.alteration,
              () => import('../views/user/alteration/Alteration'),
              '密码找回',
              'user/alteration/Alteration',
            ),
            page(
              paths.thirdLogin,
              () => import('../views/user/third/ThirdLoginCallback'),
              '第三方登录',
              'user/third/ThirdLoginCallback',
            ),
          ],
        },
        { path: paths.oauth2App, element: redirect(paths.oauth2Login) },
        page(paths.oauth2Login, () => import('../views/user/oauth2/OAuth2Login'), '登录', 'user/oauth2/OAuth2Login'),
        page(paths.testHome, () => import('../views/test/Home'), '测试主页', 'test/Home'),
        page(paths.notFound, () => import('../views/exception/404'), '404', 'exception/404'),
        {
          path: paths.root,
          // the shell's code and the zh-CN locale load together: no screen behind the login shows antd's English
          // (code that fails to arrive: a retry in its place, see LoadFailure)
          lazy: lazyWithRetry(async () => {
            const [shell] = await Promise.all([loadWithTimeout(() => import('./Shell'), 'BasicLayout'), loadLocale()]);
            return shell;
          }),
          handle: { title: '首页' },
          ErrorBoundary: RouteError,
          children: menuRoutes ? [{ index: true, element: redirect(paths.home) }, ...menuRoutes] : [],
        },
        // the answering page is a page of its own (exam.html, ADR 071): a link or a sign-in redirect to it loads it
        { path: `${paths.exam}/*`, Component: ExamPageRedirect },
        { path: '*', element: redirect(paths.notFound) },
      ],
    },
  ];
}

export function createAppRouter(menuRoutes: RouteObject[] | null) {
  return createBrowserRouter(buildRoutes(menuRoutes), { basename: '/' });
}
