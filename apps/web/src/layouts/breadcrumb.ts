import { HOME_PATH, type MenuItem } from '@answer/contract';
import { findMenuTrail, isContainer, menuTitle } from './menu-utils';

export interface Crumb {
  title: string;
  /** a link target; the current page and pure containers have none */
  path?: string;
}

/**
 * Breadcrumb (spec §2.5 page layout): 首页 → /dashboard/analysis first, then each level of the current page by
 * title (its menu trail, or the matched route titles when the page is not in the menu); the last one is plain text.
 */
export function buildCrumbs(
  menu: readonly MenuItem[] | null | undefined,
  pathname: string,
  matchedTitles: readonly string[],
  /** the route's own menu chain (handle.parents + handle.menu), preferred over a lookup by path */
  routeTrail?: readonly MenuItem[],
): Crumb[] {
  const crumbs: Crumb[] = [{ title: '首页', path: HOME_PATH }];
  if (pathname === HOME_PATH) return [{ title: '首页' }];
  const trail = routeTrail?.length ? routeTrail : findMenuTrail(menu, pathname);
  const levels: Crumb[] = trail.length
    ? trail.map((item) => ({ title: menuTitle(item), path: isContainer(item) ? undefined : item.path }))
    : matchedTitles.map((title) => ({ title }));
  for (const level of levels) {
    if (level.title === '首页' && (level.path === HOME_PATH || !level.path)) continue;
    crumbs.push(level);
  }
  const last = crumbs[crumbs.length - 1];
  crumbs[crumbs.length - 1] = { title: last.title };
  return crumbs;
}
