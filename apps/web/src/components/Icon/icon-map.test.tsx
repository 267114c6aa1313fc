import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ICON_MAP } from './icon-map';
import { ICON_NAMES } from './icon-names';
import { Icon, iconKey, loadIcon, resolveIcon } from './index';

const SEED_MENUS = path.resolve(import.meta.dirname, '../../../../server/src/db/seed/menus.ts');

afterEach(cleanup);

describe('menu icon map', () => {
  it.skipIf(!existsSync(SEED_MENUS))('draws every icon the seeded menus use at once (no wait for the map)', () => {
    const source = readFileSync(SEED_MENUS, 'utf8');
    const used = [...source.matchAll(/\bicon:\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(5);
    expect(used.filter((name) => !resolveIcon(name))).toEqual([]);
  });

  it('has a component for every allowed name', () => {
    expect(Object.keys(ICON_MAP)).toEqual(Object.keys(ICON_NAMES));
    expect(Object.entries(ICON_MAP).filter(([, c]) => !c)).toEqual([]);
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
  ])('maps the JeecgBoot name %s', async (name) => {
    expect(ICON_MAP[name]).toBeDefined();
    expect(await loadIcon(name)).toBe(ICON_MAP[name]);
  });

  it.each([
    ['HomeOutlined', 'home'],
    ['SettingOutlined', 'setting'],
    ['CheckCircleOutlined', 'check-circle'],
    [' Home ', 'home'],
    ['TeamOutlined', 'team'],
  ])('resolves %j', async (name, key) => {
    expect(iconKey(name)).toBe(key);
    expect(await loadIcon(name)).toBe(ICON_MAP[key]);
  });

  it.each([[''], [null], ['icon-custom-font'], ['no-such-icon'], ['NoSuchOutlined']])(
    'answers undefined for %j',
    async (name) => {
      expect(iconKey(name)).toBeUndefined();
      expect(resolveIcon(name)).toBeUndefined();
      expect(await loadIcon(name)).toBeUndefined();
    },
  );

  it('draws a default menu icon at once, another allowed one once the map is in, nothing for an unknown name', async () => {
    const { container } = render(
      <>
        <Icon type="home" className="a" />
        <Icon type="rocket" className="b" />
        <Icon type="icon-custom-font" className="c" />
      </>,
    );
    expect(container.querySelector('.a svg')).not.toBeNull();
    expect(container.querySelector('.c')).toBeNull();
    await waitFor(() => expect(container.querySelector('.b svg')).not.toBeNull());
    expect(container.querySelector('.b')?.getAttribute('aria-label')).toBe('rocket');
  });
});
