import type { MenuItem } from '@answer/contract';
import { describe, expect, it } from 'vitest';
import { buildRouteSpecs, flattenMenu, menuPathFor, normalizePath, resolveMenuUrl, routesFromMenu } from './menu';

const config = { domianURL: 'http://host/jeecg-boot', staticDomainURL: 'http://host/jeecg-boot/sys/common/static' };
const views = new Set(['dashboard/Analysis', 'system/UserList', 'system/RoleList', 'isps/ReservationForm']);
const opts = { hasView: (c: string) => views.has(c), config, fallbacks: false };

function item(path: string, extra: Partial<MenuItem> = {}, meta: MenuItem['meta'] = {}): MenuItem {
  return {
    id: path,
    route: '1',
    path,
    name: path.slice(1).replace(/\//g, '-'),
    component: null,
    meta: { title: path, ...meta },
    ...extra,
  };
}

const menu: MenuItem[] = [
  item(
    '/dashboard/analysis',
    { component: 'dashboard/Analysis' },
    { title: '首页', keepAlive: true, componentName: 'Analysis' },
  ),
  item(
    '/isystem',
    {
      component: 'layouts/RouteView',
      redirect: null,
      children: [
        item(
          '/isystem/user',
          { component: 'system/UserList' },
          { title: '用户管理', keepAlive: false, componentName: 'UserList' },
        ),
        item('/isystem/role', { component: 'system/RoleList', hidden: true }, { title: '角色管理', keepAlive: true }),
        item('/isystem/skipped', { component: 'system/UserList', route: '0' }, { title: '不生成路由' }),
        item('/isystem/unknown', { component: 'system/NoSuchView' }, { title: '未实现' }),
      ],
    },
    { title: '系统管理' },
  ),
  item('/online', {
    component: 'layouts/RouteView',
    route: '0',
    children: [item('/online/hidden-by-parent', { component: 'system/UserList' }, { title: '父级不生成' })],
  }),
  item(
    '/isps/reservation/:id',
    { component: 'isps/ReservationForm' },
    { title: '预约表单', keepAlive: true, componentName: 'ReservationForm' },
  ),
  item(
    '/online/cgformList/:code',
    { component: 'modules/online/cgform/auto/OnlCgformAutoList' },
    { title: 'Online表单', componentName: 'OnlCgformAutoList' },
  ),
  item(
    'b0a4d6b8a8a1d6b3e4f1a2b3c4d5e6f7',
    { component: 'layouts/IframePageView' },
    { title: '监控', url: "{{ window._CONFIG['domianURL'] }}/druid/" },
  ),
  item(
    '0123456789abcdef0123456789abcdef',
    { component: 'layouts/IframePageView' },
    { title: '外部', url: 'https://doc.example.com', internalOrExternal: true },
  ),
  item('/evil', { component: 'layouts/IframePageView' }, { title: '恶意', url: '{{ alert(document.cookie) }}' }),
  item('/dup', { component: 'system/UserList' }, { title: 'dup1' }),
  item('/dup/', { component: 'system/RoleList' }, { title: 'dup2' }),
];

describe('buildRouteSpecs', () => {
  const specs = buildRouteSpecs(menu, opts);
  const byPath = new Map(specs.map((s) => [s.path, s]));

  it('builds one flat route per routable item, absolute paths', () => {
    expect(specs.map((s) => s.path)).toEqual([
      '/dashboard/analysis',
      '/isystem',
      '/isystem/user',
      '/isystem/role',
      '/isystem/unknown',
      '/isps/reservation/:id',
      '/online/cgformList/:code',
      '/b0a4d6b8a8a1d6b3e4f1a2b3c4d5e6f7',
      '/evil',
      '/dup',
    ]);
  });

  it('skips route "0" items together with their subtree', () => {
    expect(byPath.has('/isystem/skipped')).toBe(false);
    expect(byPath.has('/online')).toBe(false);
    expect(byPath.has('/online/hidden-by-parent')).toBe(false);
  });

  it('skips external items (they open outside)', () => {
    expect(byPath.has('/0123456789abcdef0123456789abcdef')).toBe(false);
  });

  it('keeps hidden items routable', () => {
    expect(byPath.get('/isystem/role')?.kind).toBe('page');
  });

  it('a container redirects to its first page', () => {
    expect(byPath.get('/isystem')).toMatchObject({ kind: 'redirect', to: '/isystem/user' });
  });

  it('keepAlive needs both meta.keepAlive and componentName', () => {
    expect(byPath.get('/dashboard/analysis')?.handle.keepAlive).toBe(true);
    expect(byPath.get('/isystem/user')?.handle.keepAlive).toBe(false);
    expect(byPath.get('/isystem/role')?.handle.keepAlive).toBe(false);
  });

  it('param routes keep the full path as key', () => {
    expect(byPath.get('/isps/reservation/:id')?.handle.fullPathKey).toBe(true);
    expect(byPath.get('/isystem/user')?.handle.fullPathKey).toBeUndefined();
  });

  it('records the ancestors for the breadcrumb', () => {
    expect(byPath.get('/isystem/user')?.handle.parents.map((p) => p.meta.title)).toEqual(['系统管理']);
  });

  it('unknown components become the MODULE_NOT_FOUND page', () => {
    expect(byPath.get('/isystem/unknown')?.handle.view).toBe('missing');
    expect(byPath.get('/isystem/user')?.handle.view).toBe('view');
  });

  it('online componentNames map to the built-in screens', () => {
    const spec = byPath.get('/online/cgformList/:code');
    expect(spec?.handle.view).toBe('online');
    expect(spec?.handle.online).toBe('OnlCgformAutoList');
  });

  it('iframe pages resolve {{ }} from the config allow-list and never evaluate other expressions', () => {
    expect(byPath.get('/b0a4d6b8a8a1d6b3e4f1a2b3c4d5e6f7')?.handle).toMatchObject({
      view: 'iframe',
      url: 'http://host/jeecg-boot/druid/',
    });
    expect(byPath.get('/evil')?.handle).toMatchObject({ view: 'iframe', url: null });
  });

  it('the first item wins a duplicated path', () => {
    expect(byPath.get('/dup')?.handle.title).toBe('dup1');
  });

  it('adds the fallback routes the menu lacks', () => {
    const withFallbacks = buildRouteSpecs([], { ...opts, fallbacks: true }).map((s) => s.path);
    expect(withFallbacks).toContain('/dashboard/analysis');
    expect(withFallbacks).toContain('/isps/userAnnouncement');
    const once = buildRouteSpecs(menu, { ...opts, fallbacks: true }).filter((s) => s.path === '/dashboard/analysis');
    expect(once).toHaveLength(1);
    expect(once[0].handle.title).toBe('首页');
  });
});

describe('routesFromMenu', () => {
  it('gives lazy page routes with handle and error boundary, redirect routes with an element', () => {
    const routes = routesFromMenu(menu, opts);
    const user = routes.find((r) => r.path === '/isystem/user');
    expect(user?.lazy).toBeTypeOf('function');
    expect(user?.ErrorBoundary).toBeTypeOf('function');
    expect(user?.handle).toMatchObject({ title: '用户管理', menu: { path: '/isystem/user' } });
    const container = routes.find((r) => r.path === '/isystem');
    expect(container?.element).toBeTruthy();
  });

  it('an unknown component still loads a page (MODULE_NOT_FOUND), not a blank route', async () => {
    const routes = routesFromMenu(menu, opts);
    const unknown = routes.find((r) => r.path === '/isystem/unknown');
    const lazy = unknown?.lazy as () => Promise<{ Component: unknown }>;
    const loaded = await lazy();
    expect(loaded.Component).toBeTypeOf('function');
    expect((loaded.Component as { name: string }).name).toBe('ModuleNotFound');
  });
});

describe('helpers', () => {
  it.each([
    ['/a/b', '/a/b'],
    ['a/b', '/a/b'],
    ['/a/b/', '/a/b'],
    ['//a//b', '/a/b'],
    ['', '/'],
    [null, '/'],
  ])('normalizePath %j → %j', (input, out) => {
    expect(normalizePath(input)).toBe(out);
  });

  it('flattenMenu lists every item, parents first', () => {
    expect(
      flattenMenu(menu)
        .map((m) => m.path)
        .slice(0, 4),
    ).toEqual(['/dashboard/analysis', '/isystem', '/isystem/user', '/isystem/role']);
    expect(flattenMenu(menu)).toHaveLength(15);
    expect(flattenMenu(null)).toEqual([]);
  });

  it('menuPathFor: route path, or the resolved URL of an external entry', () => {
    expect(menuPathFor(menu[1].children![0], config)).toBe('/isystem/user');
    expect(
      menuPathFor(
        item('abc', { component: 'x' }, { internalOrExternal: true, url: "{{ window._CONFIG['domianURL'] }}/doc" }),
        config,
      ),
    ).toBe('http://host/jeecg-boot/doc');
    expect(menuPathFor(item('abc', {}, { internalOrExternal: true, url: '{{ location.href }}' }), config)).toBe('');
  });

  it.each([
    ["{{ window._CONFIG['domianURL'] }}/druid/", 'http://host/jeecg-boot/druid/'],
    ['{{window._CONFIG["staticDomainURL"]}}/a.png', 'http://host/jeecg-boot/sys/common/static/a.png'],
    ['{{ window._CONFIG.domianURL }}/x', 'http://host/jeecg-boot/x'],
    ["{{ window._CONFIG['secret'] }}/x", null],
    ['{{ fetch("//evil") }}', null],
    ['https://ok.example/a', 'https://ok.example/a'],
    ['javascript:alert(1)', null],
    ['/internal/path', '/internal/path'],
    ['//evil.example', null],
    [undefined, null],
  ])('resolveMenuUrl %j → %j', (url, out) => {
    expect(resolveMenuUrl(url, config)).toBe(out);
  });
});

describe('online menu entries that carry the head id', () => {
  const idMenu: MenuItem[] = [
    item(
      '/online/cgformList/56efb74326e74064b60933f6f8af30ea',
      { component: 'modules/online/cgform/auto/OnlCgformAutoList', route: '0' },
      { title: '订单管理' },
    ),
    item(
      '/online/cgformTreeList/abc',
      { component: 'modules/online/cgform/auto/OnlCgformTreeList', route: '0', children: [item('/online/under-id')] },
      { title: '分类树' },
    ),
    item('/online/skipped-plain', { component: 'system/UserList', route: '0' }, { title: '普通不生成' }),
  ];
  const specs = buildRouteSpecs(idMenu, opts);
  const byPath = new Map(specs.map((s) => [s.path, s]));

  it('route "0" entries of a generated screen still open that screen (JeecgBoot serves them by the :code route)', () => {
    expect(byPath.get('/online/cgformList/56efb74326e74064b60933f6f8af30ea')?.handle).toMatchObject({
      view: 'online',
      online: 'OnlCgformAutoList',
    });
    expect(byPath.get('/online/cgformTreeList/abc')?.handle.online).toBe('OnlCgformTreeList');
  });

  it('other route "0" entries and the subtree of an online entry stay out', () => {
    expect(byPath.has('/online/skipped-plain')).toBe(false);
    expect(byPath.has('/online/under-id')).toBe(false);
  });
});
