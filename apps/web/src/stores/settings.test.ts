import { theme } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  applySettingsChange,
  buildThemeConfig,
  COLOR_PALETTE,
  DEFAULT_SETTINGS,
  normaliseSettings,
  SETTINGS_STORAGE_KEY,
  type Settings,
  useSettings,
} from './settings';

describe('settings defaults', () => {
  it('match the spec: #1890FF, light nav, side menu, fixed width, multipage', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      primaryColor: '#1890FF',
      navTheme: 'light',
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      multipage: true,
      colorWeak: false,
      darkMode: false,
    });
  });

  it('offers a palette of 8 distinct colours starting with the default', () => {
    expect(COLOR_PALETTE).toHaveLength(8);
    expect(new Set(COLOR_PALETTE.map((c) => c.color)).size).toBe(8);
    expect(COLOR_PALETTE[0].color).toBe('#1890FF');
  });

  it.each([
    ['nothing stored', null],
    ['garbage', 'x'],
    ['wrong types', { primaryColor: 'red', layout: 'grid', multipage: 'yes' }],
  ])('falls back to the defaults for %s', (_n, raw) => {
    expect(normaliseSettings(raw)).toEqual(DEFAULT_SETTINGS);
  });
});

describe('settings constraints', () => {
  const base: Settings = { ...DEFAULT_SETTINGS };
  const cases: Array<[string, Partial<Settings>, Partial<Settings>]> = [
    ['Fluid is refused with the side menu', { contentWidth: 'Fluid' }, { contentWidth: 'Fixed' }],
    ['Fluid is allowed with the top menu', { layout: 'topmenu', contentWidth: 'Fluid' }, { contentWidth: 'Fluid' }],
    ['auto-hide header needs a fixed header', { fixedHeader: false, autoHideHeader: true }, { autoHideHeader: false }],
    [
      'auto-hide header works with a fixed header',
      { fixedHeader: true, autoHideHeader: true },
      { autoHideHeader: true },
    ],
    ['fixed sidebar is disabled in top-menu mode', { layout: 'topmenu', fixSiderbar: true }, { fixSiderbar: false }],
  ];
  it.each(cases)('%s', (_n, change, expected) => {
    expect(applySettingsChange(base, change)).toMatchObject(expected);
  });

  it('turning the fixed header off also turns auto-hide off', () => {
    const s = applySettingsChange({ ...base, fixedHeader: true, autoHideHeader: true }, { fixedHeader: false });
    expect(s).toMatchObject({ fixedHeader: false, autoHideHeader: false });
  });

  it('going back to the side menu resets the width to Fixed and restores the fixed sidebar', () => {
    const top = applySettingsChange(base, { layout: 'topmenu', contentWidth: 'Fluid' });
    const side = applySettingsChange(top, { layout: 'sidemenu' });
    expect(side).toMatchObject({ layout: 'sidemenu', contentWidth: 'Fixed', fixSiderbar: true });
  });
});

describe('settings store', () => {
  beforeEach(() => {
    localStorage.clear();
    useSettings.getState().reset();
  });

  it('persists changes under its explicit key', () => {
    useSettings.getState().update({ primaryColor: '#722ED1', sidebarCollapsed: true });
    const saved = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}');
    expect(saved).toMatchObject({ primaryColor: '#722ED1', sidebarCollapsed: true });
    expect(useSettings.getState().primaryColor).toBe('#722ED1');
  });
});

describe('theme config', () => {
  it('carries the primary colour as a token and switches the algorithm for dark mode', () => {
    const light = buildThemeConfig({ darkMode: false, primaryColor: '#F5222D', navTheme: 'light' });
    expect(light.token?.colorPrimary).toBe('#F5222D');
    expect(light.algorithm).toBe(theme.defaultAlgorithm);
    const dark = buildThemeConfig({ darkMode: true, primaryColor: '#F5222D', navTheme: 'light' });
    expect(dark.algorithm).toBe(theme.darkAlgorithm);
  });

  it('keeps antd motion on, and turns it off when the system asks for reduced motion', () => {
    const s = { darkMode: false, primaryColor: '#1890FF', navTheme: 'light' } as const;
    expect(buildThemeConfig(s).token?.motion).toBe(true);
    expect(buildThemeConfig(s, true).token?.motion).toBe(false);
  });
});
