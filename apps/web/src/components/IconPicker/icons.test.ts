import { describe, expect, it } from 'vitest';
import { ICON_MAP } from '../Icon/icon-map';
import { filterIcons, pickableIcons } from './icons';

describe('IconPicker icon list', () => {
  it('offers each allowed icon once, by its first (JeecgBoot) name', () => {
    const names = pickableIcons();
    expect(names).toContain('setting');
    expect(names).toContain('user');
    expect(names).not.toContain('user-o');
    expect(names.every((n) => ICON_MAP[n])).toBe(true);
    expect(new Set(names.map((n) => ICON_MAP[n])).size).toBe(names.length);
  });
  it('filters by a case-insensitive part of the name', () => {
    expect(filterIcons(['home', 'user', 'user-add'], 'USER')).toEqual(['user', 'user-add']);
    expect(filterIcons(['home'], ' ')).toEqual(['home']);
  });
});
