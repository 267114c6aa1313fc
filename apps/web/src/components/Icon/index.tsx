import type { ComponentType, CSSProperties } from 'react';
import { ICON_MAP } from './icon-map';

export { ICON_MAP };

/**
 * Resolves a menu icon name to its component. Accepts JeecgBoot's names (`home`, `check-circle-o`) and, for menus edited
 * with a newer client, antd v4+ component names (`HomeOutlined`, `SettingFilled`). Unknown names resolve to undefined.
 */
export function resolveIcon(name: string | null | undefined): ComponentType | undefined {
  if (!name) return undefined;
  const trimmed = name.trim();
  const direct = ICON_MAP[trimmed] ?? ICON_MAP[trimmed.toLowerCase()];
  if (direct) return direct;
  const v4 = /^([A-Z][A-Za-z0-9]*?)(Outlined|Filled|TwoTone)$/.exec(trimmed);
  if (v4) {
    const kebab = v4[1].replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
    return ICON_MAP[v4[2] === 'Filled' ? `${kebab}-filled` : kebab] ?? ICON_MAP[kebab];
  }
  return undefined;
}

export interface IconProps {
  /** icon name as stored in menu data */
  type?: string | null;
  style?: CSSProperties;
  className?: string;
}

/** Renders a menu icon by name; renders nothing for unknown names (e.g. iconfont `icon-*` names). */
export function Icon({ type, style, className }: IconProps) {
  const Cmp = resolveIcon(type) as ComponentType<{ style?: CSSProperties; className?: string }> | undefined;
  return Cmp ? <Cmp style={style} className={className} /> : null;
}

export default Icon;
