import type { MenuItem } from '@answer/contract';
import { describe, expect, it } from 'vitest';
import { buildCrumbs } from './breadcrumb';

const item = (path: string, title: string, component: string | null, children?: MenuItem[]): MenuItem => ({
  id: path,
  route: '1',
  path,
  name: path.slice(1).replace(/\//g, '-'),
  component,
  meta: { title },
  ...(children ? { children } : {}),
});

const user = item('/isystem/user', '用户管理', 'system/UserList');
const system = item('/isystem', '系统管理', 'layouts/RouteView', [user]);
const security = item('/account/settings/security', '安全设置', 'account/settings/Security');
const settings = item('/account/settings', '个人设置', 'account/settings/Index', [security]);
const account = item('/account', '个人页', 'layouts/RouteView', [settings]);
const bare = item('/bare', '无组件分组', null, [user]);

describe('buildCrumbs (spec 01 §2.5: 首页 first, then the route’s menu ancestors, current page plain)', () => {
  it.each([
    ['/isystem/user', { menu: user, parents: [system] }, ['首页→/dashboard/analysis', '系统管理', '用户管理']],
    [
      '/account/settings/security',
      { menu: security, parents: [account, settings] },
      ['首页→/dashboard/analysis', '个人页', '个人设置→/account/settings', '安全设置'],
    ],
    ['/isystem/user', { menu: user, parents: [bare] }, ['首页→/dashboard/analysis', '无组件分组', '用户管理']],
    [
      '/isps/userAnnouncement',
      { menu: item('/isps/userAnnouncement', '我的消息', 'x/Y'), parents: [] },
      ['首页→/dashboard/analysis', '我的消息'],
    ],
  ])('%s', (pathname, handle, expected) => {
    const crumbs = buildCrumbs(pathname, handle, []);
    expect(crumbs.map((c) => (c.path ? `${c.title}→${c.path}` : c.title))).toEqual(expected);
  });

  it('on home shows only 首页 as plain text', () => {
    expect(
      buildCrumbs('/dashboard/analysis', { menu: item('/dashboard/analysis', '首页', 'dashboard/Analysis') }, []),
    ).toEqual([{ title: '首页' }]);
  });

  it('a route without menu data falls back to the matched route titles', () => {
    expect(buildCrumbs('/somewhere', { title: '某页' }, ['首页', '某页'])).toEqual([
      { title: '首页', path: '/dashboard/analysis' },
      { title: '某页' },
    ]);
  });
});
