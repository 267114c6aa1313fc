import { type ThemeConfig, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { create } from 'zustand';

/**
 * Appearance settings (spec 01 §2.5 settings drawer, §3 appearance settings), saved in localStorage under one explicit
 * key. Colours apply instantly through antd design tokens: there is no theme compile step, so the old
 * 正在编译主题！ / Failed to update theme messages have nothing to report.
 */

export const SETTINGS_STORAGE_KEY = 'answer.settings.v1';

export type NavTheme = 'light' | 'dark';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';

export interface Settings {
  /** menu (navigation) theme */
  navTheme: NavTheme;
  /** whole-app dark mode (an addition to the original template) */
  darkMode: boolean;
  primaryColor: string;
  layout: LayoutMode;
  /** Fluid only exists for the top menu */
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  /** hide header on scroll; needs fixedHeader */
  autoHideHeader: boolean;
  /** fixed sidebar; not available with the top menu */
  fixSiderbar: boolean;
  colorWeak: boolean;
  multipage: boolean;
  /** sidebar collapsed on desktop (persisted, spec §2.5) */
  sidebarCollapsed: boolean;
}

export const DEFAULT_PRIMARY = '#1890FF';

/** The 8 swatches of the settings drawer. */
export const COLOR_PALETTE: ReadonlyArray<{ key: string; color: string }> = [
  { key: '拂晓蓝（默认）', color: '#1890FF' },
  { key: '薄暮', color: '#F5222D' },
  { key: '火山', color: '#FA541C' },
  { key: '日暮', color: '#FAAD14' },
  { key: '明青', color: '#13C2C2' },
  { key: '极光绿', color: '#52C41A' },
  { key: '极客蓝', color: '#2F54EB' },
  { key: '酱紫', color: '#722ED1' },
];

export const DEFAULT_SETTINGS: Readonly<Settings> = {
  navTheme: 'light',
  darkMode: false,
  primaryColor: DEFAULT_PRIMARY,
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: true,
  autoHideHeader: false,
  fixSiderbar: true,
  colorWeak: false,
  multipage: true,
  sidebarCollapsed: false,
};

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * Applies the dependencies between options to any (possibly stored, possibly hand-edited) value:
 * Fluid width only with the top menu, auto-hide header only with a fixed header, no fixed sidebar in top-menu mode.
 */
export function normaliseSettings(input: unknown): Settings {
  const raw = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  const pick = <K extends keyof Settings>(k: K, ok: (v: unknown) => boolean): Settings[K] =>
    ok(raw[k]) ? (raw[k] as Settings[K]) : DEFAULT_SETTINGS[k];
  const bool = (v: unknown) => typeof v === 'boolean';
  const s: Settings = {
    navTheme: pick('navTheme', (v) => v === 'light' || v === 'dark'),
    darkMode: pick('darkMode', bool),
    primaryColor: pick('primaryColor', (v) => typeof v === 'string' && HEX.test(v)),
    layout: pick('layout', (v) => v === 'sidemenu' || v === 'topmenu'),
    contentWidth: pick('contentWidth', (v) => v === 'Fixed' || v === 'Fluid'),
    fixedHeader: pick('fixedHeader', bool),
    autoHideHeader: pick('autoHideHeader', bool),
    fixSiderbar: pick('fixSiderbar', bool),
    colorWeak: pick('colorWeak', bool),
    multipage: pick('multipage', bool),
    sidebarCollapsed: pick('sidebarCollapsed', bool),
  };
  if (s.layout !== 'topmenu') s.contentWidth = 'Fixed';
  if (s.layout === 'topmenu') s.fixSiderbar = false;
  if (!s.fixedHeader) s.autoHideHeader = false;
  return s;
}

/** Merges a change and re-applies the constraints. */
export function applySettingsChange(current: Settings, change: Partial<Settings>): Settings {
  const next = normaliseSettings({ ...current, ...change });
  // leaving the top menu brings back the fixed sidebar the mode had forced off
  if (change.layout === 'sidemenu' && current.layout === 'topmenu' && change.fixSiderbar === undefined) {
    next.fixSiderbar = DEFAULT_SETTINGS.fixSiderbar;
  }
  return next;
}

function load(): Settings {
  try {
    const raw = globalThis.localStorage?.getItem(SETTINGS_STORAGE_KEY);
    return normaliseSettings(raw ? JSON.parse(raw) : null);
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

function save(s: Settings): void {
  try {
    globalThis.localStorage?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(s));
  } catch {
    // storage disabled: settings last for this page only
  }
}

interface SettingsStore extends Settings {
  update: (change: Partial<Settings>) => void;
  reset: () => void;
}

export const useSettings = create<SettingsStore>((set, get) => ({
  ...load(),
  update: (change) => {
    const next = applySettingsChange(get(), change);
    set(next);
    save(next);
  },
  reset: () => {
    const next = { ...DEFAULT_SETTINGS };
    set(next);
    save(next);
  },
}));

export function buildThemeConfig(
  s: Pick<Settings, 'darkMode' | 'primaryColor' | 'navTheme'>,
  reducedMotion = false,
): ThemeConfig {
  return {
    algorithm: s.darkMode ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      // the system's "reduce motion" setting: dialogs, drawers and menus appear and go without zooming or sliding
      motion: !reducedMotion,
      colorPrimary: s.primaryColor,
      colorInfo: s.primaryColor,
      colorLink: s.primaryColor,
      borderRadius: 4,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Zen Hei', 'Helvetica Neue', Helvetica, Arial, sans-serif",
    },
    components: {
      Layout: {
        headerHeight: 56,
        headerPadding: '0 12px',
        ...(s.darkMode ? {} : { headerBg: '#ffffff', bodyBg: '#f0f2f5' }),
        siderBg: s.navTheme === 'dark' || s.darkMode ? '#001529' : '#ffffff',
      },
      Menu: s.darkMode ? {} : { darkItemBg: '#001529', darkSubMenuItemBg: '#000c17' },
    },
  };
}

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** whether the system asks for reduced motion (false where matchMedia is missing) */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(REDUCED_MOTION_QUERY).matches
    : false;
}

export const COLOR_WEAK_CLASS = 'answer-color-weak';

/**
 * The antd ThemeConfig for the app's ConfigProvider, rebuilt from the settings (primary colour, dark/light), with the
 * system's reduced-motion preference as it was when the app started (ADR 048). It also applies colour-weak mode as a CSS filter on the root element, which
 * tokens cannot express.
 */
export function useThemeConfig(): ThemeConfig {
  const darkMode = useSettings((s) => s.darkMode);
  const primaryColor = useSettings((s) => s.primaryColor);
  const navTheme = useSettings((s) => s.navTheme);
  const colorWeak = useSettings((s) => s.colorWeak);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle(COLOR_WEAK_CLASS, colorWeak);
    root.style.filter = colorWeak ? 'invert(80%)' : '';
    root.style.colorScheme = darkMode ? 'dark' : 'light';
  }, [colorWeak, darkMode]);
  // read once, when the app starts: antd wraps the tree in a motion provider the first time motion differs from its
  // default, so switching it while the app runs would remount every page and lose what was typed
  const [reducedMotion] = useState(prefersReducedMotion);
  return useMemo(
    () => buildThemeConfig({ darkMode, primaryColor, navTheme }, reducedMotion),
    [darkMode, primaryColor, navTheme, reducedMotion],
  );
}
