import { isSafeLink, type MenuItem } from '@answer/contract';
import { createElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { runtimeConfig } from './config';
import { FALLBACK_ROUTES } from './paths';
import { RouteError } from './RouteError';
import { hasView, lazyView, normalizeComponent } from './views';

/**
 * Menu data → routes (spec 01 §2.3). All routable items become flat children of the main layout route with
 * absolute paths (the server does not guarantee that a child's path starts with its parent's), so the
 * breadcrumb reads the ancestors from `handle.parents`.
 */

/** What a dynamic route carries in `handle` (read by the layout, tabs, breadcrumb and title). */
export interface MenuRouteHandle {
  title: string;
  menu: MenuItem;
  /** keep the page alive between tabs: meta.keepAlive and meta.componentName both set */
  keepAlive: boolean;
  componentName?: string;
  /** the path has a parameter: the full path (not the pattern) is the selected menu / tab key */
  fullPathKey?: true;
  /** ancestor menu items, outermost first */
  parents: MenuItem[];
  /** how the page is rendered */
  view: 'view' | 'online' | 'iframe' | 'missing';
  /** online screen kind (view 'online') */
  online?: OnlineScreen;
  /** resolved URL of an iframe page (view 'iframe'); null when the menu URL cannot be resolved */
  url?: string | null;
}

/** componentName values served by the built-in online form and report screens */
export const ONLINE_SCREENS = {
  OnlCgformHeadList: 'Online表单开发',
  OnlCgformCopyList: 'Online表单复制',
  OnlCgformAutoList: 'Online表单',
  OnlCgformTreeList: 'Online树表单',
  OnlCgformErpList: 'Online ERP表单',
  OnlCgformTabList: 'Online Tab表单',
  OnlCgformInnerTableList: 'Online内嵌子表表单',
  OnlCgreportHeadList: 'Online报表配置',
  OnlCgreportAutoList: 'Online报表',
} as const;
export type OnlineScreen = keyof typeof ONLINE_SCREENS;

/** the view of each online screen (JeecgBoot's component paths, contract-2 §4) */
export const ONLINE_VIEWS: Record<OnlineScreen, string> = {
  OnlCgformHeadList: 'modules/online/cgform/OnlCgformHeadList',
  OnlCgformCopyList: 'modules/online/cgform/OnlCgformCopyList',
  OnlCgformAutoList: 'modules/online/cgform/auto/OnlCgformAutoList',
  OnlCgformTreeList: 'modules/online/cgform/auto/OnlCgformTreeList',
  OnlCgformErpList: 'modules/online/cgform/auto/erp/OnlCgformErpList',
  OnlCgformTabList: 'modules/online/cgform/auto/tab/OnlCgformTabList',
  OnlCgformInnerTableList: 'modules/online/cgform/auto/innerTable/OnlCgformInnerTableList',
  OnlCgreportHeadList: 'modules/online/cgreport/OnlCgreportHeadList',
  OnlCgreportAutoList: 'modules/online/cgreport/auto/OnlCgreportAutoList',
};

/** the online screen of a menu item whose url carries the head id (`/online/cgformList/<id>`, no parameter) */
function onlineIdScreen(item: MenuItem): OnlineScreen | null {
  if (normalizePath(item.path).includes(':')) return null;
  const component = normalizeComponent(item.component);
  const name = item.meta?.componentName;
  for (const [screen, view] of Object.entries(ONLINE_VIEWS) as [OnlineScreen, string][]) {
    if (screen === 'OnlCgformHeadList' || screen === 'OnlCgreportHeadList') continue;
    if (component === view || name === screen) return screen;
  }
  return null;
}

/** layout components that only group children (no page of their own) */
const CONTAINERS = new Set([
  'layouts/RouteView',
  'layouts/PageView',
  'layouts/TabLayout',
  'layouts/BasicLayout',
  'layouts/BlankLayout',
  'layouts/UserLayout',
]);
const IFRAME = 'layouts/IframePageView';

export type RouteSpec =
  | { kind: 'page'; path: string; component: string; handle: MenuRouteHandle }
  | { kind: 'redirect'; path: string; to: string; handle: MenuRouteHandle };

/** leading slash, no trailing slash, no repeated slashes */
export function normalizePath(path: string | null | undefined): string {
  const p = `/${(path ?? '').trim()}`.replace(/\/{2,}/g, '/');
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/** every item of the tree, parents before children */
export function flattenMenu(menu: readonly MenuItem[] | null | undefined): MenuItem[] {
  const out: MenuItem[] = [];
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      out.push(item);
      if (item.children?.length) walk(item.children);
    }
  };
  walk(menu ?? []);
  return out;
}

export function isExternalMenu(item: MenuItem): boolean {
  return item.meta?.internalOrExternal === true;
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const CONFIG_REF = /^window\._CONFIG\s*(?:\[\s*(['"])(\w+)\1\s*\]|\.(\w+))$/;

/**
 * Resolves `{{ window._CONFIG['key'] }}` placeholders from an allow-list of configuration values.
 * Anything else inside `{{ }}` is not evaluated: the URL is then unusable (null). A result must be an
 * http(s) URL or a site path.
 */
export function resolveMenuUrl(
  url: string | null | undefined,
  config: Record<string, string> = runtimeConfig(),
): string | null {
  if (!url) return null;
  let unresolved = false;
  const out = url.replace(PLACEHOLDER, (_all, expr: string) => {
    const m = CONFIG_REF.exec(expr.trim());
    const key = m ? (m[2] ?? m[3]) : undefined;
    if (key && Object.hasOwn(config, key)) return config[key];
    unresolved = true;
    return '';
  });
  if (unresolved) return null;
  const trimmed = out.trim();
  // security rule 16, checked again when rendering: the stored value and the resolved one alike
  if (!isSafeLink(url) || !isSafeLink(trimmed)) return null;
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  return null;
}

/**
 * Where a menu entry leads: its route path, or for an external entry its resolved URL ('' if unresolvable).
 * (JeecgBoot links by route name, or by path when route is '0'; routes here are addressed by path only.)
 */
export function menuPathFor(item: MenuItem, config?: Record<string, string>): string {
  if (isExternalMenu(item)) return resolveMenuUrl(item.meta?.url ?? item.path, config) ?? '';
  return normalizePath(item.path);
}

function titleOf(item: MenuItem): string {
  return item.meta?.title || item.name || item.path || '';
}

function handleFor(item: MenuItem, parents: MenuItem[], view: MenuRouteHandle['view']): MenuRouteHandle {
  const path = normalizePath(item.path);
  const componentName = item.meta?.componentName || undefined;
  const handle: MenuRouteHandle = {
    title: titleOf(item),
    menu: item,
    keepAlive: Boolean(item.meta?.keepAlive && componentName),
    parents,
    view,
  };
  if (componentName) handle.componentName = componentName;
  if (path.includes(':')) handle.fullPathKey = true;
  return handle;
}

function firstPagePath(items: readonly MenuItem[] | undefined): string | null {
  for (const item of items ?? []) {
    if (item.route === '0' || isExternalMenu(item)) continue;
    const c = normalizeComponent(item.component);
    if (c && !CONTAINERS.has(c)) return normalizePath(item.path);
    const inner = firstPagePath(item.children);
    if (inner) return inner;
  }
  return null;
}

export interface BuildOptions {
  /** whether a view file exists for a component string */
  hasView?: (component: string) => boolean;
  config?: Record<string, string>;
  /** add the FALLBACK_ROUTES the menu lacks @default true */
  fallbacks?: boolean;
}

/**
 * The pure part: one spec per routable item. Items with route "0" are left out with their subtree (JeecgBoot
 * nests children inside the skipped route); external items open outside and get no route; hidden items keep
 * their route (hidden only affects the menu); the first item wins a duplicated path.
 */
export function buildRouteSpecs(menu: readonly MenuItem[] | null | undefined, opts: BuildOptions = {}): RouteSpec[] {
  const exists = opts.hasView ?? hasView;
  const config = opts.config ?? runtimeConfig();
  const specs: RouteSpec[] = [];
  const seen = new Set<string>();
  const add = (spec: RouteSpec) => {
    if (seen.has(spec.path) || spec.path === '/') return;
    seen.add(spec.path);
    specs.push(spec);
  };

  const walk = (items: readonly MenuItem[], parents: MenuItem[]) => {
    for (const item of items) {
      if (!item) continue;
      if (item.route === '0') {
        // JeecgBoot's online menu entries carry the head id in their url and are no route of their own (the `:code`
        // route serves them); they open the same screen even when that route is missing from the menu
        const screen = isExternalMenu(item) ? null : onlineIdScreen(item);
        if (screen) {
          const handle = handleFor(item, parents, 'online');
          handle.online = screen;
          add({ kind: 'page', path: normalizePath(item.path), component: ONLINE_VIEWS[screen], handle });
        }
        continue;
      }
      const chain = [...parents, item];
      if (!isExternalMenu(item)) {
        const path = normalizePath(item.path);
        const component = normalizeComponent(item.component);
        if (CONTAINERS.has(component) || (!component && item.children?.length)) {
          const to = item.redirect ? normalizePath(item.redirect) : firstPagePath(item.children);
          if (to && to !== path) add({ kind: 'redirect', path, to, handle: handleFor(item, parents, 'view') });
        } else if (component === IFRAME) {
          const handle = handleFor(item, parents, 'iframe');
          handle.url = resolveMenuUrl(item.meta?.url, config);
          add({ kind: 'page', path, component, handle });
        } else if (component && exists(component)) {
          add({ kind: 'page', path, component, handle: handleFor(item, parents, 'view') });
        } else if (item.meta?.componentName && item.meta.componentName in ONLINE_SCREENS) {
          const handle = handleFor(item, parents, 'online');
          handle.online = item.meta.componentName as OnlineScreen;
          add({ kind: 'page', path, component, handle });
        } else {
          add({ kind: 'page', path, component, handle: handleFor(item, parents, 'missing') });
        }
      }
      if (item.children?.length) walk(item.children, chain);
    }
  };
  walk(menu ?? [], []);

  if (opts.fallbacks !== false) {
    for (const f of FALLBACK_ROUTES) {
      if (seen.has(f.path)) continue;
      const item: MenuItem = {
        id: `fallback:${f.path}`,
        route: '1',
        path: f.path,
        name: f.path.slice(1).replace(/\//g, '-'),
        component: f.component,
        hidden: true,
        meta: { title: f.title, ...(f.componentName ? { componentName: f.componentName } : {}) },
      };
      add({
        kind: 'page',
        path: f.path,
        component: f.component,
        handle: handleFor(item, [], exists(f.component) ? 'view' : 'missing'),
      });
    }
  }
  return specs;
}

function lazyFor(spec: Extract<RouteSpec, { kind: 'page' }>): RouteObject['lazy'] {
  switch (spec.handle.view) {
    case 'iframe':
      return async () => ({ Component: (await import('./IframePage')).IframePage });
    case 'online': {
      const view = spec.handle.online ? ONLINE_VIEWS[spec.handle.online] : undefined;
      return lazyView(view && hasView(view) ? view : 'online/OnlinePlaceholder');
    }
    case 'missing':
      return lazyView('ModuleNotFound');
    default:
      return lazyView(spec.component);
  }
}

/** Route objects for the children of the main layout route. */
export function routesFromMenu(menu: readonly MenuItem[] | null | undefined, opts: BuildOptions = {}): RouteObject[] {
  return buildRouteSpecs(menu, opts).map((spec): RouteObject => {
    if (spec.kind === 'redirect') {
      return { path: spec.path, handle: spec.handle, element: createElement(Navigate, { to: spec.to, replace: true }) };
    }
    return {
      id: `menu:${spec.path}`,
      path: spec.path,
      handle: spec.handle,
      lazy: lazyFor(spec),
      ErrorBoundary: RouteError,
    };
  });
}
