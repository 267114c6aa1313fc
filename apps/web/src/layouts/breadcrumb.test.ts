import type { MenuItem } from '@answer/contract';
import { describe, expect, it } from 'vitest';
import { buildCrumbs } from './breadcrumb';

const menu: MenuItem[] = [
  {
    id: '1',
    route: '1',
    path: '/dashboard/analysis',
    name: 'dashboard-analysis',
    component: 'dashboard/Analysis',
    meta: { title: '首页' },
  },
  {
    id: '2',
    route: '1',
    path: '/isystem',
    name: 'isystem',
    component: 'layouts/RouteView',
    meta: { title: '系统管理' },
    children: [
      {
        id: '3',
        route: '1',
        path: '/isystem/user',
        name: 'isystem-user',
        component: 'system/UserList',
        meta: { title: '用户管理' },
      },
    ],
  },
];

describe('buildCrumbs', () => {
  it('on home shows only 首页 as plain text', () => {
    expect(buildCrumbs(menu, '/dashboard/analysis', ['首页'])).toEqual([{ title: '首页' }]);
  });
  it('starts with 首页 linking home, then the menu trail, the current page plain', () => {
    expect(buildCrumbs(menu, '/isystem/user', ['用户管理'])).toEqual([
      { title: '首页', path: '/dashboard/analysis' },
      { title: '系统管理', path: undefined },
      { title: '用户管理' },
    ]);
  });
  it('falls back to the matched route titles for pages outside the menu', () => {
    expect(buildCrumbs(menu, '/isps/userAnnouncement', ['我的消息'])).toEqual([
      { title: '首页', path: '/dashboard/analysis' },
      { title: '我的消息' },
    ]);
  });

  it('prefers the route’s own menu chain', () => {
    const [, sys] = menu;
    const user = sys.children![0];
    expect(buildCrumbs([], '/isystem/user', ['用户管理'], [sys, user]).map((c) => c.title)).toEqual([
      '首页',
      '系统管理',
      '用户管理',
    ]);
  });
});
