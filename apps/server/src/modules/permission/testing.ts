import type { MenuItem } from '@answer/contract';

/** Every item of a menu tree, depth first. */
export function flatMenu(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((i) => [i, ...flatMenu(i.children ?? [])]);
}

export function findByTitle(items: readonly MenuItem[], title: string): MenuItem | undefined {
  return flatMenu(items).find((i) => i.meta.title === title);
}
