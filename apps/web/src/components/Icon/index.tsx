import {
  CheckCircleOutlined,
  CloudOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FormOutlined,
  HomeOutlined,
  MessageOutlined,
  ProfileOutlined,
  QrcodeOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  SolutionOutlined,
  TableOutlined,
  ToolOutlined,
  UserOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { type ComponentType, type CSSProperties, useEffect, useState } from 'react';
import { ICON_NAMES } from './icon-names';

/**
 * The icons of the default menus, drawn at once. Every other allowed icon comes with `icon-map.ts`, a chunk loaded the
 * first time a menu needs one (ADR 022: the whole map cost the signed-in shell ~20 kB for icons no menu showed).
 */
const COMMON: Readonly<Record<string, ComponentType>> = {
  CheckCircleOutlined,
  CloudOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FormOutlined,
  HomeOutlined,
  MessageOutlined,
  ProfileOutlined,
  QrcodeOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  SolutionOutlined,
  TableOutlined,
  ToolOutlined,
  UserOutlined,
  WarningOutlined,
};

let all: Readonly<Record<string, ComponentType>> | undefined;
let loading: Promise<Readonly<Record<string, ComponentType>>> | undefined;

/** the whole icon map, loaded once (a failed load is tried again next time) */
function loadAll(): Promise<Readonly<Record<string, ComponentType>>> {
  loading ??= import('./icon-map').then(
    (m) => {
      all = m.ICON_MAP;
      return m.ICON_MAP;
    },
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/**
 * The allowed name a menu icon name stands for: JeecgBoot's names (`home`, `check-circle-o`, any case) and, for menus
 * edited with a newer client, antd v4+ component names of allowed icons (`HomeOutlined`, `SettingFilled`). Undefined
 * for a name outside the allow-list (e.g. iconfont `icon-*` names).
 */
export function iconKey(name: string | null | undefined): string | undefined {
  if (!name) return undefined;
  const trimmed = name.trim();
  if (ICON_NAMES[trimmed]) return trimmed;
  if (ICON_NAMES[trimmed.toLowerCase()]) return trimmed.toLowerCase();
  const v4 = /^([A-Z][A-Za-z0-9]*?)(Outlined|Filled|TwoTone)$/.exec(trimmed);
  if (!v4) return undefined;
  const kebab = v4[1].replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
  if (v4[2] === 'Filled' && ICON_NAMES[`${kebab}-filled`]) return `${kebab}-filled`;
  return ICON_NAMES[kebab] ? kebab : undefined;
}

/** the component of a menu icon name when it is at hand (a default menu's icon, or any once the map has loaded) */
export function resolveIcon(name: string | null | undefined): ComponentType | undefined {
  const key = iconKey(name);
  return key === undefined ? undefined : (COMMON[ICON_NAMES[key]] ?? all?.[key]);
}

/** the component of a menu icon name, loading the icon map when needed; undefined for names outside the list */
export async function loadIcon(name: string | null | undefined): Promise<ComponentType | undefined> {
  const key = iconKey(name);
  if (key === undefined) return undefined;
  return resolveIcon(key) ?? (await loadAll())[key];
}

export interface IconProps {
  /** icon name as stored in menu data */
  type?: string | null;
  style?: CSSProperties;
  className?: string;
}

/**
 * Renders a menu icon by name; renders nothing for unknown names (e.g. iconfont `icon-*` names). An allowed icon
 * whose code has not arrived yet holds its place (an empty 1em square) until the icon map has loaded.
 */
export function Icon({ type, style, className }: IconProps) {
  const key = iconKey(type);
  const Cmp = resolveIcon(key) as ComponentType<{ style?: CSSProperties; className?: string }> | undefined;
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (key === undefined || Cmp) return;
    let alive = true;
    loadAll().then(
      () => alive && setLoaded((n) => n + 1),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [key, Cmp]);
  if (key === undefined) return null;
  if (!Cmp) {
    return (
      <span
        aria-hidden
        data-icon-pending={key}
        className={className ? `anticon ${className}` : 'anticon'}
        style={{ width: '1em', height: '1em', ...style }}
      />
    );
  }
  return <Cmp style={style} className={className} />;
}

export default Icon;
