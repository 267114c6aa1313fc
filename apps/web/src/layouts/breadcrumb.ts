import { HOME_PATH, type MenuItem } from '@answer/contract';
import { normalizePath } from '../app/menu';
import { isContainer, menuTitle } from './menu-utils';
import type { RouteHandle } from './route-handle';

export interface Crumb {
  title: string;
  /** a link target; the current page and pure containers have none */
  path?: string;
}

/** A menu level that only groups pages (RouteView and friends, or no component of its own): plain text. */
function isGroup(item: MenuItem): boolean {
  return isContainer(item) || (!item.component && Boolean(item.children?.length));
}

/**
 * Breadcrumb (spec 01 §2.5 page layout): 首页 → /dashboard/analysis first, then the current page's menu ancestors
 * as the router put them in its handle (`parents`), then the page itself — 首页 / 系统管理 / 用户管理. Groups and the
 * current page are plain text; an ancestor that is a page of its own links to it. A route without menu data
 * (handle.menu) falls back to the matched route titles.
 */
export function buildCrumbs(
  pathname: string,
  handle: RouteHandle | undefined,
  /** titles of the matched routes, outermost first (the fallback) */
  matchedTitles: readonly string[],
): Crumb[] {
  if (normalizePath(pathname) === HOME_PATH) return [{ title: '首页' }];
  const crumbs: Crumb[] = [{ title: '首页', path: HOME_PATH }];
  const levels: Crumb[] = handle?.menu
    ? [...(handle.parents ?? []), handle.menu].map((item) => ({
        title: menuTitle(item),
        path: isGroup(item) ? undefined : normalizePath(item.path),
      }))
    : matchedTitles.map((title) => ({ title }));
  for (const level of levels) {
    // the home entry is already first
    if (level.title === '首页' && (!level.path || level.path === HOME_PATH)) continue;
    crumbs.push(level);
  }
  const last = crumbs[crumbs.length - 1];
  crumbs[crumbs.length - 1] = { title: last.title };
  return crumbs;
}
