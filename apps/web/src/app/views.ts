import type { ComponentType } from 'react';
import { lazyWithRetry } from './LoadFailure';
import { loadWithTimeout } from './load';

export { loadWithTimeout, VIEW_LOAD_TIMEOUT_MS, ViewLoadTimeoutError } from './load';

/**
 * View registry: every page file under src/views whose name starts with a capital letter or digit
 * (the server's component strings name them: "system/UserList" → src/views/system/UserList.tsx), loaded lazily.
 * Helper modules inside views use kebab-case names and stay out of the registry.
 */

type ViewModule = { default: ComponentType };
type Loader = () => Promise<ViewModule>;

// Folders that hold a page's parts (dialogs, drawers, designers) are left out: every registry entry costs the shell
// chunk a loader and its preload list (the sign-in → home → user list budget, issue 9).
const modules = import.meta.glob<ViewModule>([
  '../views/**/[A-Z0-9]*.tsx',
  '!../views/**/*.test.tsx',
  '!../views/**/designer/**',
  '!../views/system/{role,permission,depart,quartz}/**',
]);

export const MODULE_NOT_FOUND_VIEW = 'ModuleNotFound';

/** "/views/system/UserList.vue" → "system/UserList" (the server normalises the same way on write) */
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

/** registry key of a component string in a given key set, or null */
export function findViewKey(component: string, keys: ReadonlySet<string> | Record<string, unknown>): string | null {
  const c = normalizeComponent(component);
  if (!c || c.includes('..')) return null;
  const has = (k: string) => (keys instanceof Set ? keys.has(k) : Object.hasOwn(keys, k));
  for (const key of [`../views/${c}.tsx`, `../views/${c}/index.tsx`, `../views/${c}/Index.tsx`]) {
    if (has(key)) return key;
  }
  return null;
}

export function hasView(component: string): boolean {
  return findViewKey(component, modules) !== null;
}

/** loader for a component string; an unknown one loads the MODULE_NOT_FOUND page instead of a blank screen */
export function viewLoader(component: string): Loader {
  const key = findViewKey(component, modules) ?? findViewKey(MODULE_NOT_FOUND_VIEW, modules);
  const load = key ? modules[key] : undefined;
  if (!load) return () => Promise.reject(new Error(`MODULE_NOT_FOUND: ${component}`));
  return () => loadWithTimeout(load, normalizeComponent(component));
}

/** `lazy` of a route object for a view; code that fails to arrive shows a retry in the page's place (LoadFailure) */
export function lazyView(component: string) {
  return lazyWithRetry(viewLoader(component));
}
