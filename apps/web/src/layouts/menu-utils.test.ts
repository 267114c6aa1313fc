import type { MenuItem } from '@answer/contract';
import { describe, expect, it } from 'vitest';
import {
  accordionOpenKeys,
  filterSearchEntries,
  findMenuTrail,
  menuSearchEntries,
  menuTarget,
  selectedMenuKey,
  submenuParents,
  visibleMenu,
} from './menu-utils';

function m(path: string, title: string, extra: Partial<MenuItem> = {}): MenuItem {
  return {
    id: path,
    route: '1',
    path,
    name: path.slice(1).replace(/\//g, '-'),
    component: 'x/Y',
    meta: { title },
    ...extra,
  };
}

const MENU: MenuItem[] = [
  m('/dashboard/analysis', '首页', { component: 'dashboard/Analysis' }),
  m('/isystem', '系统管理', {
    component: 'layouts/RouteView',
    children: [
      m('/isystem/user', '用户管理'),
      m('/isystem/role', '角色管理'),
      m('/isystem/secret', '隐藏页', { hidden: true }),
      m('/isystem/detail/:id', '详情'),
    ],
  }),
  m('/hiddenroot', '隐藏目录', {
    hidden: true,
    component: 'layouts/RouteView',
    children: [m('/hiddenroot/child', '隐藏目录的子页')],
  }),
  m('/ext', '外部文档', { meta: { title: '外部文档', internalOrExternal: true, url: 'https://example.org/doc' } }),
  m('/iframe', '监控', { component: 'layouts/IframePageView', route: '0' }),
];

describe('visibleMenu', () => {
  it('skips hidden items and their subtrees, keeps order', () => {
    const v = visibleMenu(MENU);
    expect(v.map((i) => i.path)).toEqual(['/dashboard/analysis', '/isystem', '/ext', '/iframe']);
    expect(v[1].children?.map((i) => i.path)).toEqual(['/isystem/user', '/isystem/role', '/isystem/detail/:id']);
  });
  it('skips items whose meta says hideMenu (3.x all-children-hidden rule)', () => {
    expect(visibleMenu([m('/a', 'A', { meta: { hideMenu: true } })])).toEqual([]);
  });
});

describe('menu search entries', () => {
  const entries = menuSearchEntries(MENU);
  const titles = entries.map((e) => e.title);

  it('lists every non-hidden entry except route-view containers', () => {
    expect(titles).toEqual(['首页', '用户管理', '角色管理', '详情', '隐藏目录的子页', '外部文档', '监控']);
  });
  it('skips hidden entries', () => {
    expect(titles).not.toContain('隐藏页');
    expect(titles).not.toContain('隐藏目录');
  });
  it('skips pure RouteView containers but keeps their children with a trail', () => {
    expect(titles).not.toContain('系统管理');
    expect(entries.find((e) => e.title === '用户管理')?.trail).toEqual(['系统管理']);
  });
  it.each([
    ['用户', ['用户管理']],
    ['系统', ['用户管理', '角色管理', '详情']],
    ['  ', ['首页', '用户管理', '角色管理', '详情', '隐藏目录的子页', '外部文档', '监控']],
    ['不存在', []],
  ])('filters on %j', (q, expected) => {
    expect(filterSearchEntries(entries, q).map((e) => e.title)).toEqual(expected);
  });
});

describe('menu targets', () => {
  it.each<[string, MenuItem, ReturnType<typeof menuTarget>]>([
    ['internal by path', m('/isystem/user', 'U'), { kind: 'internal', path: '/isystem/user' }],
    ['route 0 entries by path', m('/iframe', 'I', { route: '0' }), { kind: 'internal', path: '/iframe' }],
    [
      'internalOrExternal opens meta.url',
      m('/5d41402abc4b2a76b9719d911017c592', 'E', { meta: { internalOrExternal: true, url: 'https://x.org/' } }),
      { kind: 'external', url: 'https://x.org/' },
    ],
    ['http paths open outside', m('https://y.org/a', 'Y'), { kind: 'external', url: 'https://y.org/a' }],
  ])('%s', (_n, item, expected) => {
    expect(menuTarget(item)).toEqual(expected);
  });

  it('resolves the domianURL placeholder of an external entry against this deployment', () => {
    const t = menuTarget(
      m('/x', 'D', { meta: { internalOrExternal: true, url: "{{ window._CONFIG['domianURL'] }}/druid/" } }),
    );
    expect(t).toEqual({ kind: 'external', url: `${window.location.origin}/jeecg-boot/druid/` });
  });
});

describe('menu trail and selected key', () => {
  it('finds the chain of ancestors', () => {
    expect(findMenuTrail(MENU, '/isystem/role').map((i) => i.meta.title)).toEqual(['系统管理', '角色管理']);
  });
  it('keeps the full pattern as the selected key of a route with a parameter', () => {
    expect(selectedMenuKey(MENU, '/isystem/detail/42')).toBe('/isystem/detail/:id');
  });
  it('answers nothing for unknown paths', () => {
    expect(findMenuTrail(MENU, '/nope')).toEqual([]);
  });
});

describe('accordionOpenKeys (one open section at a time)', () => {
  const tree = [
    m('/system', '系统管理', {
      children: [m('/system/user', '用户管理'), m('/system/sub', '子菜单', { children: [m('/system/sub/a', 'A')] })],
    }),
    m('/monitor', '系统监控', { children: [m('/monitor/redis', 'Redis')] }),
    m('/online', '在线开发', { children: [m('/online/form', '表单')] }),
  ];
  const parents = submenuParents(tree);
  it.each([
    [[], ['/system'], ['/system']],
    [['/system'], ['/system', '/monitor'], ['/monitor']],
    [['/system'], ['/system', '/system/sub'], ['/system', '/system/sub']],
    [['/system', '/system/sub'], ['/system', '/system/sub', '/online'], ['/online']],
    [['/monitor', '/online'], ['/monitor'], ['/monitor']],
    [['/system', '/system/sub'], ['/system'], ['/system']],
  ])('%j then %j → %j', (prev, next, want) => {
    expect(accordionOpenKeys(prev, next, parents)).toEqual(want);
  });
});
