import type { MenuItem } from '@answer/contract';
import { createElement } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { routesFromMenu } from './menu';
import { PageLoading } from './PageLoading';
import { paths } from './paths';
import { RootGuard } from './RootGuard';
import { RouteError } from './RouteError';
import { lazyView, loadWithTimeout } from './views';

/**
 * The route tree (spec 01 §2.1): open pages under the login layout, the OAuth2 and test pages, the 404 page,
 * and the main layout at "/" whose children are the menu routes. Without a loaded menu the layout has no
 * children: the guard never lets a session reach it before the menu is in.
 */

function page(path: string, component: string, title: string): RouteObject {
  return { path, lazy: lazyView(component), handle: { title }, ErrorBoundary: RouteError };
}

function redirect(to: string) {
  return createElement(Navigate, { to, replace: true });
}

export function buildRoutes(menu: readonly MenuItem[] | null): RouteObject[] {
  return [
    {
      id: 'root',
      element: createElement(RootGuard),
      errorElement: createElement(RouteError),
      hydrateFallbackElement: createElement(PageLoading),
      children: [
        {
          path: paths.user,
          lazy: async () => ({
            Component: (await loadWithTimeout(() => import('../layouts/UserLayout'), 'UserLayout')).default,
          }),
          ErrorBoundary: RouteError,
          children: [
            { index: true, element: redirect(paths.login) },
            page(paths.login, 'user/Login', '登录'),
            page(paths.register, 'user/register/Register', '注册'),
            page(paths.registerResult, 'user/register/RegisterResult', '注册结果'),
            page(paths.alteration, 'user/alteration/Alteration', '密码找回'),
            page(paths.thirdLogin, 'user/third/ThirdLoginCallback', '第三方登录'),
          ],
        },
        { path: paths.oauth2App, element: redirect(paths.oauth2Login) },
        page(paths.oauth2Login, 'user/oauth2/OAuth2Login', '登录'),
        page(paths.testHome, 'test/Home', '测试主页'),
        page(paths.notFound, 'exception/404', '404'),
        {
          path: paths.root,
          lazy: async () => ({
            Component: (await loadWithTimeout(() => import('../layouts/BasicLayout'), 'BasicLayout')).default,
          }),
          handle: { title: '首页' },
          ErrorBoundary: RouteError,
          children: menu ? [{ index: true, element: redirect(paths.home) }, ...routesFromMenu(menu)] : [],
        },
        { path: '*', element: redirect(paths.notFound) },
      ],
    },
  ];
}

export function createAppRouter(menu: readonly MenuItem[] | null) {
  return createBrowserRouter(buildRoutes(menu), { basename: '/' });
}
