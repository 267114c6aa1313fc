import { type MenuItem, safeLink } from '@answer/contract';
import { isExternalMenu, menuPathFor } from '../app/menu';

/**
 * Pure menu rules of the layout (spec 01 §2.3, §2.5): which entries show, where they lead, what the search lists.
 */

/** Components that only nest child routes; they are never a destination of their own. */
const CONTAINER_COMPONENTS = new Set([
  'layouts/RouteView',
  'layouts/PageView',
  'layouts/TabLayout',
  'layouts/BasicLayout',
]);

export function isContainer(item: MenuItem): boolean {
  const c = (item.component ?? '').replace(/^\/+/, '');
  return CONTAINER_COMPONENTS.has(c);
}

export function isHidden(item: MenuItem): boolean {
  return item.hidden === true || item.meta?.hideMenu === true;
}

/** The menu as drawn: hidden items (and their subtrees) are skipped. */
export function visibleMenu(items: readonly MenuItem[] | null | undefined): MenuItem[] {
  if (!items) return [];
  return items
    .filter((i) => !isHidden(i))
    .map((i) => (i.children?.length ? { ...i, children: visibleMenu(i.children) } : i));
}

export function menuTitle(item: MenuItem): string {
  return item.meta?.title || item.name || item.path;
}

const HTTP = /^https?:\/\//i;

export type MenuTarget = { kind: 'external'; url: string } | { kind: 'internal'; path: string };

/**
 * Where a menu entry leads. Entries flagged internalOrExternal open in a new window at their resolved URL
 * (meta.url, `{{ }}` placeholders from the config allow-list); entries whose path itself is an http URL do too.
 * Everything else is a route of this app, linked by path (route-'0' entries included). An external URL that is not
 * http(s) (security rule 16: `javascript:`, `data:` … in any spelling) becomes '' — nothing is opened.
 */
export function menuTarget(item: MenuItem): MenuTarget {
  if (isExternalMenu(item)) return { kind: 'external', url: menuPathFor(item) };
  if (HTTP.test(item.path)) return { kind: 'external', url: safeLink(item.path) ?? '' };
  return { kind: 'internal', path: menuPathFor(item) };
}

export interface SearchEntry {
  key: string;
  title: string;
  /** ancestor titles, for display */
  trail: string[];
  item: MenuItem;
}

/**
 * Entries the header menu search offers: every non-hidden entry except pure route-view containers. As in JeecgBoot,
 * children of a container are still searched.
 */
export function menuSearchEntries(items: readonly MenuItem[] | null | undefined, trail: string[] = []): SearchEntry[] {
  const out: SearchEntry[] = [];
  for (const item of items ?? []) {
    const title = menuTitle(item);
    if (!isHidden(item) && !isContainer(item)) out.push({ key: item.id || item.path, title, trail, item });
    if (item.children?.length) out.push(...menuSearchEntries(item.children, [...trail, title]));
  }
  return out;
}

/** Case-insensitive match on the title or its trail. */
export function filterSearchEntries(entries: readonly SearchEntry[], text: string): SearchEntry[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...entries];
  return entries.filter((e) => e.title.toLowerCase().includes(q) || e.trail.some((t) => t.toLowerCase().includes(q)));
}

/** Normalises a menu path for comparison with a location pathname. */
function norm(p: string): string {
  const s = p.startsWith('/') ? p : `/${p}`;
  return s.length > 1 ? s.replace(/\/+$/, '') : s;
}

/** `/a/:id` matches `/a/42`. */
export function pathMatches(pattern: string, pathname: string): boolean {
  const a = norm(pattern).split('/');
  const b = norm(pathname).split('/');
  if (a.length !== b.length) return false;
  return a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

/** The chain of menu items from the root to the entry matching pathname (empty when none matches). */
export function findMenuTrail(items: readonly MenuItem[] | null | undefined, pathname: string): MenuItem[] {
  for (const item of items ?? []) {
    if (item.children?.length) {
      const sub = findMenuTrail(item.children, pathname);
      if (sub.length) return [item, ...sub];
    }
    if (!HTTP.test(item.path) && pathMatches(item.path, pathname)) return [item];
  }
  return [];
}

/** The selected key of the side menu: the matched entry's own path (so `/a/:id` keeps its full pattern). */
export function selectedMenuKey(items: readonly MenuItem[] | null | undefined, pathname: string): string | undefined {
  const trail = findMenuTrail(items, pathname);
  return trail.length ? trail[trail.length - 1].path : undefined;
}

/** each submenu key → its parent submenu key (top-level sections map to null) */
export function submenuParents(
  items: readonly MenuItem[],
  parent: string | null = null,
  into = new Map<string, string | null>(),
) {
  for (const i of items) {
    if (i.children?.length) {
      into.set(i.path, parent);
      submenuParents(i.children, i.path, into);
    }
  }
  return into;
}

/**
 * Accordion opening of the inline menu (issue 29; antd's and JeecgBoot's menus do the same): when a section opens,
 * every section that is not on its own branch closes, so the menu never grows taller than one open branch. Closing a
 * section passes through unchanged.
 */
export function accordionOpenKeys(
  prev: readonly string[],
  next: readonly string[],
  parents: ReadonlyMap<string, string | null>,
): string[] {
  const opened = next.find((k) => !prev.includes(k));
  if (opened === undefined) return [...next];
  const branch: string[] = [];
  for (let k: string | null | undefined = opened; k; k = parents.get(k)) branch.unshift(k);
  return branch;
}
