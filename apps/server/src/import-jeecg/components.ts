import fs from 'node:fs';
import path from 'node:path';
import { flattenMenuTree } from '../db/seed/menus.ts';

/**
 * Menu component strings of a JeecgBoot 3.0–3.4 menu → the component our web app opens. Our views mirror JeecgBoot's
 * component paths (apps/web/src/views/<component>.tsx), so most strings are kept after normalising (no leading "/",
 * no "views/" prefix, no ".vue"); the few 3.x pages that live elsewhere here are renamed; anything else is imported
 * unchanged — it opens the 页面不存在 page — and listed in the report.
 */

/** JeecgBoot component → ours, where the page exists under another name */
export const RENAMED_COMPONENTS: Readonly<Record<string, string>> = {
  'modules/online/cgform/auto/OnlineDynamicForm': 'modules/online/cgform/auto/OnlCgformAutoList',
  'system/UserRoleList': 'system/RoleUserList',
  'jeecg/JVXETableDemo': 'jeecg/JVxeDemo/JVxeDemo1',
  'modules/monitor/RedisTerminal': 'modules/monitor/RedisTerminal',
  'dashboard/IndexBdc': 'dashboard/IndexTask',
};

/** components that are layouts or placeholders rather than pages (never reported) */
const LAYOUTS = new Set([
  'layouts/RouteView',
  'layouts/PageView',
  'layouts/IframePageView',
  'layouts/TabLayout',
  'layouts/BlankLayout',
  'layouts/UserLayout',
]);

export function normalizeComponent(component: string | null | undefined): string {
  if (!component) return '';
  return component
    .trim()
    .replace(/^\/+/, '')
    .replace(/^src\/views\//, '')
    .replace(/^views\//, '')
    .replace(/\.(vue|tsx|jsx|ts|js)$/, '')
    .replace(/\/+$/, '');
}

let known: Set<string> | undefined;

/** every component our web app can open: the seeded menu's and the page files under apps/web/src/views */
export function knownComponents(): Set<string> {
  if (known) return known;
  const set = new Set<string>(LAYOUTS);
  for (const row of flattenMenuTree()) if (row.component) set.add(normalizeComponent(row.component));
  const views = path.resolve(import.meta.dirname, '../../../web/src/views');
  const walk = (dir: string, prefix: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory()) walk(path.join(dir, e.name), `${prefix}${e.name}/`);
      else if (/^[A-Z0-9].*\.tsx$/.test(e.name) && !e.name.endsWith('.test.tsx')) {
        const name = e.name.replace(/\.tsx$/, '');
        set.add(`${prefix}${name}`);
        if (name === 'index' || name === 'Index') set.add(prefix.replace(/\/$/, ''));
      }
    }
  };
  walk(views, '');
  known = set;
  return set;
}

export interface MappedComponent {
  component: string | null;
  /** true when our web app has no page for it (reported) */
  unknown: boolean;
}

/**
 * Maps a menu row's component. Buttons (menu_type 2), rows that are not routes (is_route 0: JeecgBoot resolves them by
 * url, their component is a placeholder) and external links are never reported.
 */
export function mapComponent(
  component: string | null,
  row: { menuType: number | null; isRoute: boolean | null; external: boolean | null; url: string | null },
): MappedComponent {
  if (component === null || component === '') return { component, unknown: false };
  const norm = normalizeComponent(component);
  const renamed = RENAMED_COMPONENTS[norm] ?? norm;
  if (row.menuType === 2 || row.isRoute === false || row.external) return { component: renamed, unknown: false };
  if (/^https?:\/\//.test(row.url ?? '') || (row.url ?? '').includes('{{'))
    return { component: renamed, unknown: false };
  return { component: renamed, unknown: !knownComponents().has(renamed) };
}
