// The routed leaves of the menu answer, in menu order: walked by the menu-leaves browser test and by bench:heap.

/** the part of the menu answer (contract §3.1) the menu walks read */
export interface MenuItem {
  route: '0' | '1';
  path: string;
  name: string;
  component?: string | null;
  meta?: { title?: string; internalOrExternal?: boolean };
  children?: MenuItem[];
}

const IFRAME = 'layouts/IframePageView';
const CONTAINERS = new Set(['layouts/RouteView', 'layouts/PageView', 'layouts/TabLayout', 'layouts/BasicLayout']);

export interface Leaf {
  path: string;
  title: string;
  component: string;
}

/** the leaves the app routes, in menu order, each path once */
export function leavesOf(menu: readonly MenuItem[]): Leaf[] {
  const out = new Map<string, Leaf>();
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      const component = (item.component ?? '').replace(/^\/+/, '');
      const external = item.meta?.internalOrExternal === true || /^https?:|\{\{/.test(item.path);
      if (item.children?.length) {
        // a route "0" item is left out of the router with its subtree, as the app does
        if (item.route !== '0') walk(item.children);
        continue;
      }
      if (external || component === IFRAME || CONTAINERS.has(component) || item.path.includes(':')) continue;
      // route "0" leaves are served by a `:code` route only when they are online screens (/online/...)
      if (item.route === '0' && !item.path.startsWith('/online/')) continue;
      if (!out.has(item.path)) out.set(item.path, { path: item.path, title: item.meta?.title ?? item.name, component });
    }
  };
  walk(menu);
  return [...out.values()];
}
