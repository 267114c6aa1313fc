import type { MenuItem } from '@answer/contract';
import { describe, expect, it } from 'vitest';
import {
  buildAllAuth,
  buildAuth,
  buildCodeList,
  buildMenu,
  bySortNo,
  isExternalUrl,
  type MenuSourceRow,
  md5Hex,
  toMenuItem,
  urlToRouteName,
} from './menu-builder.ts';

let seq = 0;
/** A sys_permission row with the seed's defaults: a root leaf menu (menu_type 0). */
function row(over: Partial<MenuSourceRow> = {}): MenuSourceRow {
  seq += 1;
  return {
    id: `id${seq}`,
    parentId: '',
    name: `菜单${seq}`,
    url: `/page${seq}`,
    component: `pages/Page${seq}`,
    componentName: null,
    redirect: null,
    menuType: 0,
    perms: null,
    permsType: '0',
    sortNo: seq,
    alwaysShow: false,
    icon: null,
    isRoute: true,
    isLeaf: true,
    keepAlive: false,
    hidden: 0,
    hideTab: 0,
    status: '1',
    delFlag: 0,
    internalOrExternal: false,
    ...over,
  };
}

const button = (over: Partial<MenuSourceRow> = {}) =>
  row({ menuType: 2, url: null, component: null, isRoute: false, permsType: '1', parentId: 'pX', ...over });

/** Every item of a tree, depth first. */
function flat(items: MenuItem[]): MenuItem[] {
  return items.flatMap((i) => [i, ...flat(i.children ?? [])]);
}

describe('toMenuItem: route flag', () => {
  it.each([
    [true, '1'],
    [false, '0'],
  ] as const)('is_route %s → route %j (a string)', (isRoute, route) => {
    expect(toMenuItem(row({ isRoute })).route).toBe(route);
  });
});

describe('toMenuItem: path', () => {
  it.each([
    ['/isystem/user', '/isystem/user', undefined],
    ['/online/cgformList/:code', '/online/cgformList/:code', undefined],
    ['http://www.jeecg.com', '74a0de2b8385834b9085876f6f5a6392', 'http://www.jeecg.com'],
    ['https://help.jeecg.com', 'f5c3048db2a55c762f36e523fd552c2d', 'https://help.jeecg.com'],
    [
      "{{ window._CONFIG['domianURL'] }}/druid/",
      '5f22d2592b01c9e964efe70040162b83',
      "{{ window._CONFIG['domianURL'] }}/druid/",
    ],
    // only these three prefixes count as external
    ['ftp://x', 'ftp://x', undefined],
    ['/http://x', '/http://x', undefined],
  ])('url %j → path %j, meta.url %j', (url, path, metaUrl) => {
    const item = toMenuItem(row({ url }));
    expect(item.path).toBe(path);
    expect(item.meta.url).toBe(metaUrl);
    expect('url' in item.meta).toBe(metaUrl !== undefined);
  });

  it('md5 is lowercase hex of the UTF-8 bytes', () => {
    expect(md5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex('https://help.jeecg.com')).toMatch(/^[0-9a-f]{32}$/);
    expect(isExternalUrl(null)).toBe(false);
    expect(isExternalUrl('{{x}}')).toBe(true);
  });
});

describe('toMenuItem: name', () => {
  it.each([
    [null, '/isystem/user', 'isystem-user'],
    ['', '/isystem/user', 'isystem-user'],
    [null, '/online/cgformList/:code', 'online-cgformList-@code'],
    [null, 'dashboard/analysis', 'dashboard-analysis'],
    [null, '/account/settings/base', 'account-settings-base'],
    ['OnlCgformAutoList', '/online/cgformList/:code', 'OnlCgformAutoList'],
    [null, null, ''],
  ])('component_name %j, url %j → name %j', (componentName, url, name) => {
    expect(toMenuItem(row({ componentName, url })).name).toBe(name);
  });

  it('urlToRouteName only drops one leading slash', () => {
    expect(urlToRouteName('//a/b')).toBe('-a-b');
    expect(urlToRouteName(undefined)).toBe('');
  });
});

describe('toMenuItem: flags present only when set', () => {
  it.each([
    ['hidden', { hidden: 1 }, 'hidden', true],
    ['hidden', { hidden: 0 }, 'hidden', undefined],
    ['alwaysShow', { alwaysShow: true }, 'alwaysShow', true],
    ['alwaysShow', { alwaysShow: false }, 'alwaysShow', undefined],
  ] as const)('%s with %j', (_label, over, key, value) => {
    const item = toMenuItem(row(over));
    expect(item[key]).toBe(value);
    expect(key in item).toBe(value !== undefined);
    // and never emitted as false
    expect(JSON.parse(JSON.stringify(item))[key]).toBe(value);
  });

  it.each([
    [1, true],
    [0, undefined],
  ])('hide_tab %j → meta.hideTab %j', (hideTab, value) => {
    const meta = toMenuItem(row({ hideTab })).meta;
    expect(meta.hideTab).toBe(value);
    expect('hideTab' in meta).toBe(value !== undefined);
  });
});

describe('toMenuItem: component and redirect', () => {
  it('component is copied (null stays null)', () => {
    expect(toMenuItem(row({ component: 'system/UserList' })).component).toBe('system/UserList');
    const item = toMenuItem(row({ component: null }));
    expect('component' in item && item.component === null).toBe(true);
  });

  it.each([
    ['', '/list/query-list', '/list/query-list'],
    [null, '/list/query-list', '/list/query-list'],
    ['', null, null],
  ])('top-level (parent_id %j) carries redirect %j even when null', (parentId, redirect, expected) => {
    const item = toMenuItem(row({ parentId, redirect }));
    expect('redirect' in item).toBe(true);
    expect(item.redirect).toBe(expected);
  });

  it('a child never carries redirect', () => {
    const item = toMenuItem(row({ parentId: 'p1', redirect: '/somewhere', menuType: 1 }));
    expect('redirect' in item).toBe(false);
  });
});

describe('toMenuItem: meta', () => {
  it.each([
    [
      { keepAlive: true, internalOrExternal: false },
      { keepAlive: true, internalOrExternal: false },
    ],
    [
      { keepAlive: false, internalOrExternal: true },
      { keepAlive: false, internalOrExternal: true },
    ],
    [
      { keepAlive: false, internalOrExternal: false },
      { keepAlive: false, internalOrExternal: false },
    ],
  ])('booleans %j always present', (over, expected) => {
    const meta = toMenuItem(row(over)).meta;
    expect(meta.keepAlive).toBe(expected.keepAlive);
    expect(meta.internalOrExternal).toBe(expected.internalOrExternal);
  });

  it('title is the row name', () => {
    expect(toMenuItem(row({ name: '用户管理' })).meta.title).toBe('用户管理');
  });

  it.each([
    ['UserList', 'system/UserList', 'UserList'],
    [null, 'system/UserList', 'UserList'],
    ['', 'modules/online/cgform/OnlCgformHeadList', 'OnlCgformHeadList'],
    [null, 'Analysis', 'Analysis'],
    [' Padded ', 'x/Y', 'Padded'],
    ['OnlyName', null, 'OnlyName'],
    [null, null, undefined],
    ['', '', undefined],
  ])('component_name %j, component %j → meta.componentName %j', (componentName, component, expected) => {
    const meta = toMenuItem(row({ componentName, component })).meta;
    expect(meta.componentName).toBe(expected);
    expect('componentName' in meta).toBe(expected !== undefined);
  });

  it.each([
    ['setting', 'setting'],
    ['', undefined],
    [null, undefined],
  ])('icon %j → meta.icon %j', (icon, expected) => {
    for (const parentId of ['', 'p1']) {
      const meta = toMenuItem(row({ icon, parentId })).meta;
      expect(meta.icon).toBe(expected);
      expect('icon' in meta).toBe(expected !== undefined);
    }
  });

  it('never emits permissionList or hideMenu on a normal item', () => {
    const meta = toMenuItem(row()).meta as Record<string, unknown>;
    expect(meta.permissionList).toBeUndefined();
    expect(meta.hideMenu).toBeUndefined();
  });
});

describe('buildMenu: tree', () => {
  it('only menu_type 0/1 rows; buttons (2) and rows without a type are left out', () => {
    const top = row({ id: 'top', isLeaf: false, sortNo: 1 });
    const page = row({ id: 'page', parentId: 'top', menuType: 1, isLeaf: false });
    const btn = button({ id: 'btn', parentId: 'page', perms: 'user:add' });
    const rootBtn = button({ id: 'rootBtn', parentId: '' });
    const odd = row({ id: 'odd', menuType: null });
    const menu = buildMenu([top, page, btn, rootBtn, odd]);
    expect(flat(menu).map((i) => i.id)).toEqual(['top', 'page']);
    // the page has only a button below it: no children key, no permissionList
    const p = menu[0].children![0];
    expect('children' in p).toBe(false);
    expect((p.meta as Record<string, unknown>).permissionList).toBeUndefined();
  });

  it.each([
    ['', true],
    [null, true],
    ['missing-parent', false],
  ])('parent_id %j → root: %s (rows under an absent parent are dropped)', (parentId, isRoot) => {
    const r = row({ id: 'r', parentId, menuType: 1 });
    expect(buildMenu([r]).map((i) => i.id)).toEqual(isRoot ? ['r'] : []);
  });

  it('recurses only into rows with is_leaf = false', () => {
    const a = row({ id: 'a', isLeaf: false });
    const aChild = row({ id: 'a1', parentId: 'a', menuType: 1 });
    const b = row({ id: 'b', isLeaf: true }); // flagged leaf although it has a child row
    const bChild = row({ id: 'b1', parentId: 'b', menuType: 1 });
    const menu = buildMenu([a, aChild, b, bChild]);
    expect(menu.find((i) => i.id === 'a')!.children!.map((i) => i.id)).toEqual(['a1']);
    const bItem = menu.find((i) => i.id === 'b')!;
    expect('children' in bItem).toBe(false);
    expect(flat(menu).some((i) => i.id === 'b1')).toBe(false);
  });

  it('a non-leaf row with no child rows gets no children key', () => {
    const [item] = buildMenu([row({ id: 'lonely', isLeaf: false })]);
    expect('children' in item).toBe(false);
  });

  it('nests several levels (top → sub → sub)', () => {
    const rows = [
      row({ id: 't', isLeaf: false, sortNo: 1 }),
      row({ id: 's', parentId: 't', menuType: 1, isLeaf: false, sortNo: 1 }),
      row({ id: 'ss', parentId: 's', menuType: 1, sortNo: 1 }),
    ];
    const menu = buildMenu(rows);
    expect(menu[0].children![0].children![0].id).toBe('ss');
    // only the top item carries redirect
    expect('redirect' in menu[0]).toBe(true);
    expect('redirect' in menu[0].children![0]).toBe(false);
    expect('redirect' in menu[0].children![0].children![0]).toBe(false);
  });

  it('orders roots and children by sort_no ascending (nulls first, stable for ties)', () => {
    const rows = [
      row({ id: 'r3', sortNo: 3 }),
      row({ id: 'top', sortNo: 2, isLeaf: false }),
      row({ id: 'c2', parentId: 'top', menuType: 1, sortNo: 2.5 }),
      row({ id: 'c1', parentId: 'top', menuType: 1, sortNo: 1 }),
      row({ id: 'rNull', sortNo: null }),
      row({ id: 'r1a', sortNo: 1 }),
      row({ id: 'r1b', sortNo: 1 }),
      row({ id: 'c0', parentId: 'top', menuType: 1, sortNo: 0 }),
    ];
    const menu = buildMenu(rows);
    expect(menu.map((i) => i.id)).toEqual(['rNull', 'r1a', 'r1b', 'top', 'r3']);
    expect(menu.find((i) => i.id === 'top')!.children!.map((i) => i.id)).toEqual(['c0', 'c1', 'c2']);
    expect(bySortNo([{ sortNo: 2 }, { sortNo: null }, { sortNo: -1 }]).map((r) => r.sortNo)).toEqual([null, -1, 2]);
  });

  it('does not loop on a corrupted parent chain', () => {
    const rows = [
      row({ id: 'root', isLeaf: false }),
      row({ id: 'x', parentId: 'root', menuType: 1, isLeaf: false }),
      row({ id: 'y', parentId: 'x', menuType: 1, isLeaf: false }),
      row({ id: 'x2', parentId: 'y', menuType: 1, isLeaf: false }),
      row({ id: 'self', parentId: 'self', menuType: 1, isLeaf: false }),
    ];
    // ids are unique in the table, so only a duplicated id (x also under y) can form a reachable cycle x → y → x
    rows.push(row({ id: 'x', parentId: 'y', menuType: 1, isLeaf: false }));
    const menu = buildMenu(rows);
    expect(flat(menu).length).toBeLessThan(20);
  });
});

describe('buildMenu: (3.x) top-level item whose children are all hidden', () => {
  const tree = (childHidden: number[], over: Partial<MenuSourceRow> = {}) => [
    row({ id: 'top', isLeaf: false, icon: 'cloud', ...over }),
    ...childHidden.map((hidden, i) => row({ id: `c${i}`, parentId: 'top', menuType: 1, hidden })),
  ];

  it.each([
    [[1], true],
    [[1, 1, 1], true],
    [[1, 0], false],
    [[0], false],
  ])('children hidden %j → hideMenu %s', (childHidden, hides) => {
    const [top] = buildMenu(tree(childHidden));
    if (hides) {
      expect(top.hidden).toBe(true);
      expect(top.meta).toEqual({ hideMenu: true });
    } else {
      expect('hidden' in top).toBe(false);
      expect(top.meta).toMatchObject({ title: expect.any(String), icon: 'cloud', keepAlive: false });
      expect('hideMenu' in top.meta).toBe(false);
    }
    expect(top.children).toHaveLength(childHidden.length);
  });

  it('does not apply to items without children, nor below the top level', () => {
    const rows = [
      row({ id: 'leafTop' }),
      row({ id: 'top', isLeaf: false }),
      row({ id: 'mid', parentId: 'top', menuType: 1, isLeaf: false }),
      row({ id: 'deep', parentId: 'mid', menuType: 1, hidden: 1 }),
    ];
    const menu = buildMenu(rows);
    expect('hidden' in menu[0]).toBe(false);
    const mid = menu[1].children![0];
    expect('hidden' in mid).toBe(false);
    expect('hideMenu' in mid.meta).toBe(false);
    // top's only child (mid) is visible
    expect('hidden' in menu[1]).toBe(false);
  });

  it('children that are only buttons do not count', () => {
    const rows = [row({ id: 'top', isLeaf: false }), button({ parentId: 'top' })];
    const [top] = buildMenu(rows);
    expect('hidden' in top).toBe(false);
  });
});

describe('buildMenu: home fallback', () => {
  const home = row({
    id: 'home',
    name: '首页',
    url: '/dashboard/analysis',
    component: 'dashboard/Analysis',
    sortNo: 50,
  });

  it('puts the home row first when no row is named 首页', () => {
    const rows = [row({ id: 'a', sortNo: 0 }), row({ id: 'b', sortNo: 100 })];
    expect(buildMenu(rows, { home }).map((i) => i.id)).toEqual(['home', 'a', 'b']);
  });

  it('leaves the rows alone when one is named 首页 already (any id)', () => {
    const own = row({ id: 'own', name: '首页', sortNo: 5 });
    expect(buildMenu([row({ id: 'a', sortNo: 1 }), own], { home }).map((i) => i.id)).toEqual(['a', 'own']);
  });

  it('ignores a missing fallback', () => {
    expect(buildMenu([row({ id: 'a' })], { home: null }).map((i) => i.id)).toEqual(['a']);
  });
});

describe('auth / allAuth / codeList', () => {
  const rows = [
    row({ id: 'page', menuType: 1, parentId: 'x', perms: 'menu:perm' }),
    button({ perms: 'user:add', name: '添加用户', permsType: '1', status: '1' }),
    button({ perms: 'user:form:phone', name: '手机号禁用', permsType: '2', status: '1' }),
    button({ perms: 'user:off', name: '停用的按钮', permsType: '1', status: '0' }),
    button({ perms: null, name: '无编码', permsType: '1', status: '1' }),
    button({ perms: 'user:gone', name: '已删除', delFlag: 1, status: '1' }),
  ];

  it('auth: the user’s button rows with status 1 as {action, type, describe}', () => {
    const auth = buildAuth(rows.filter((r) => r.delFlag === 0));
    expect(auth).toEqual([
      { action: 'user:add', type: '1', describe: '添加用户' },
      { action: 'user:form:phone', type: '2', describe: '手机号禁用' },
      { action: '', type: '1', describe: '无编码' },
    ]);
    for (const a of auth) expect(Object.keys(a).sort()).toEqual(['action', 'describe', 'type']);
  });

  it('allAuth: every non-deleted button row, any status, as {action, status, type, describe}', () => {
    const all = buildAllAuth(rows);
    expect(all).toEqual([
      { action: 'user:add', status: '1', type: '1', describe: '添加用户' },
      { action: 'user:form:phone', status: '1', type: '2', describe: '手机号禁用' },
      { action: 'user:off', status: '0', type: '1', describe: '停用的按钮' },
      { action: '', status: '1', type: '1', describe: '无编码' },
    ]);
  });

  it('codeList: perms strings of active buttons', () => {
    expect(buildCodeList(rows.filter((r) => r.delFlag === 0))).toEqual(['user:add', 'user:form:phone']);
  });
});
