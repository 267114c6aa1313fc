import type { ComponentType } from 'react';
import * as ICONS from './icon-components';
import { ICON_NAMES } from './icon-names';

const COMPONENTS: Readonly<Record<string, ComponentType>> = ICONS;

/**
 * Every allowed menu icon name (`icon-names.ts`) → its component. A chunk of its own (~20 kB): the shell draws the
 * default menus' icons without it and loads it only for a menu with another icon; the icon picker uses it whole.
 */
export const ICON_MAP: Readonly<Record<string, ComponentType>> = Object.fromEntries(
  Object.entries(ICON_NAMES).map(([name, component]) => [name, COMPONENTS[component]]),
);
