import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICON_MAP, resolveIcon } from './index';

const SEED_MENUS = path.resolve(import.meta.dirname, '../../../../server/src/db/seed/menus.ts');

describe('menu icon map', () => {
  it.skipIf(!existsSync(SEED_MENUS))('has every icon the seeded menus use', () => {
    const source = readFileSync(SEED_MENUS, 'utf8');
    const used = [...source.matchAll(/\bicon:\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(5);
    const missing = used.filter((name) => !resolveIcon(name));
    expect(missing).toEqual([]);
  });

  it.each([
    'home',
    'setting',
    'user',
    'team',
    'dashboard',
    'form',
    'table',
    'profile',
    'check-circle-o',
    'warning',
    'bars',
    'message',
    'desktop',
    'tool',
    'database',
    'cluster',
    'file',
    'appstore',
    'solution',
  ])('maps the JeecgBoot name %s', (name) => {
    expect(ICON_MAP[name]).toBeDefined();
  });

  it.each([
    ['HomeOutlined', ICON_MAP.home],
    ['SettingOutlined', ICON_MAP.setting],
    ['CheckCircleOutlined', ICON_MAP['check-circle']],
    [' Home ', ICON_MAP.home],
  ])('resolves %j', (name, expected) => {
    expect(resolveIcon(name)).toBe(expected);
  });

  it.each([[''], [null], ['icon-custom-font'], ['no-such-icon']])('answers undefined for %j', (name) => {
    expect(resolveIcon(name)).toBeUndefined();
  });
});
