import { describe, expect, it } from 'vitest';
import type { SysPermission } from '../../../api/permission';
import { descendantCount, expandableIds, newRowDefaults, parentOptions, permsTaken } from './menu-logic';

const row = (id: string, menuType: 0 | 1 | 2, extra: Partial<SysPermission> = {}) =>
  ({ id, key: id, name: id, menuType, parentId: '', perms: null, ...extra }) as SysPermission;

const tree: SysPermission[] = [
  row('sys', 0, {
    children: [
      row('user', 1, { children: [row('add', 2, { perms: 'user:add' }), row('edit', 2, { perms: 'user:edit' })] }),
      row('role', 1),
    ],
  }),
  row('home', 0),
];

describe('menu page helpers', () => {
  it('parentOptions: menus only, without the row and its subtree', () => {
    expect(parentOptions(tree)).toEqual([
      {
        value: 'sys',
        title: 'sys',
        children: [
          { value: 'user', title: 'user' },
          { value: 'role', title: 'role' },
        ],
      },
      { value: 'home', title: 'home' },
    ]);
    expect(parentOptions(tree, 'user')[0].children).toEqual([{ value: 'role', title: 'role' }]);
  });
  it('permsTaken skips the row itself', () => {
    expect([...permsTaken(tree)]).toEqual(['user:add', 'user:edit']);
    expect([...permsTaken(tree, 'add')]).toEqual(['user:edit']);
  });
  it('expandableIds / descendantCount', () => {
    expect(expandableIds(tree)).toEqual(['sys', 'user']);
    expect(descendantCount(tree[0])).toBe(4);
  });
  it('newRowDefaults: top menu, sub menu, button', () => {
    expect(newRowDefaults().menuType).toBe(0);
    expect(newRowDefaults(tree[0]).menuType).toBe(1);
    expect(newRowDefaults(tree[0].children![0], true)).toMatchObject({ menuType: 2, parentId: 'user', permsType: '1' });
  });
});
