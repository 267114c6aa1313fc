import type { MenuItem } from '@answer/contract';
import type { UIMatch } from 'react-router';

/** What the router puts on each authenticated child route (`handle`). */
export interface RouteHandle {
  title?: string;
  menu?: MenuItem;
  keepAlive?: boolean;
  componentName?: string;
  /** ancestor menu items, outermost first */
  parents?: MenuItem[];
}

export function handleOf(match: UIMatch | undefined): RouteHandle | undefined {
  const h = match?.handle;
  return h && typeof h === 'object' ? (h as RouteHandle) : undefined;
}

/** Title of the deepest matched route that has one. */
export function currentTitle(matches: readonly UIMatch[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = handleOf(matches[i]);
    const t = h?.title || h?.menu?.meta?.title;
    if (t) return t;
  }
  return undefined;
}

/**
 * Keep-alive rule (spec 01 §2.3): a page stays mounted while its tab is in the background only when its menu
 * entry has both meta.keepAlive and meta.componentName.
 */
export function isKeptAlive(handle: RouteHandle | undefined): boolean {
  return Boolean(handle?.keepAlive && handle.componentName);
}
