import type { MenuItem, PermissionResult } from '@answer/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysPermission } from '../../db/schema/index.ts';
import { findByTitle, flatMenu } from './testing.ts';

const URL = '/jeecg-boot/sys/permission/getUserPermissionByToken';
const PERM_CODE_URL = '/jeecg-boot/sys/permission/getPermCode';

let t: TestApp;
let adminToken: string;
let jeecgToken: string;
let admin: PermissionResult;
let jeecg: PermissionResult;

async function fetchPerms(token: string): Promise<PermissionResult> {
  const res = await t.req({ method: 'GET', url: URL, token });
  expect(res.statusCode).toBe(200);
  expect(res.json).toMatchObject({ success: true, code: 200, message: '查询成功' });
  return res.json.result;
}

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login('admin');
  jeecgToken = await t.login('jeecg');
  admin = await fetchPerms(adminToken);
  jeecg = await fetchPerms(jeecgToken);
});

afterAll(async () => {
  await t?.close();
});

describe('getUserPermissionByToken: admin (every row)', () => {
  it('answers the contract shape', () => {
    expect(Object.keys(admin).sort()).toEqual(['allAuth', 'auth', 'menu', 'sysSafeMode']);
    expect(admin.sysSafeMode).toBe(false);
    expect(admin.menu.length).toBeGreaterThan(5);
  });

  it('starts with 首页', () => {
    const [home] = admin.menu;
    expect(home).toMatchObject({
      route: '1',
      path: '/dashboard/analysis',
      name: 'dashboard-analysis',
      component: 'dashboard/Analysis',
      redirect: null,
      meta: { title: '首页', icon: 'home', keepAlive: false, internalOrExternal: false, componentName: 'Analysis' },
    });
    expect('hidden' in home).toBe(false);
    expect('children' in home).toBe(false);
  });

  it('contains 系统管理 with 用户管理 and its siblings', () => {
    const sys = admin.menu.find((i) => i.meta.title === '系统管理')!;
    expect(sys).toMatchObject({ path: '/isystem', component: 'layouts/RouteView', meta: { icon: 'setting' } });
    expect('redirect' in sys).toBe(true);
    const user = sys.children!.find((i) => i.meta.title === '用户管理')!;
    expect(user).toMatchObject({
      path: '/isystem/user',
      name: 'isystem-user',
      component: 'system/UserList',
      route: '1',
      meta: { componentName: 'UserList' },
    });
    expect('redirect' in user).toBe(false);
    const titles = sys.children!.map((i) => i.meta.title);
    expect(titles).toEqual(
      expect.arrayContaining(['用户管理', '角色管理', '菜单管理', '部门管理', '数据字典', '我的消息']),
    );
    expect(titles.indexOf('用户管理')).toBeLessThan(titles.indexOf('角色管理'));
  });

  it('has no button row (menu_type 2) anywhere in the tree', async () => {
    const ids = flatMenu(admin.menu).map((i) => i.id);
    const rows = await t.app.ctx.db
      .select({ id: sysPermission.id, menuType: sysPermission.menuType })
      .from(sysPermission)
      .where(inArray(sysPermission.id, ids));
    expect(rows).toHaveLength(ids.length);
    expect(rows.every((r) => r.menuType === 0 || r.menuType === 1)).toBe(true);
    const everyMenuRow = await t.app.ctx.db
      .select({ id: sysPermission.id, menuType: sysPermission.menuType })
      .from(sysPermission);
    // admin holds every row: the tree shows every menu row and nothing else
    expect(new Set(ids)).toEqual(new Set(everyMenuRow.filter((r) => r.menuType !== 2).map((r) => r.id)));
  });

  it('orders the roots by sort_no', async () => {
    const roots = await t.app.ctx.db.select().from(sysPermission);
    const sortOf = new Map(roots.map((r) => [r.id, r.sortNo ?? Number.NEGATIVE_INFINITY]));
    const sorts = admin.menu.map((i) => sortOf.get(i.id)!);
    expect([...sorts].sort((a, b) => a - b)).toEqual(sorts);
  });

  it('auth holds the buttons with their strategy type; allAuth every button with its status', () => {
    expect(admin.auth).toContainEqual({ action: 'user:add', type: '1', describe: '添加用户' });
    expect(admin.auth).toContainEqual({ action: 'user:form:phone', type: '2', describe: '手机号禁用' });
    expect(admin.allAuth).toContainEqual({ action: 'user:add', status: '1', type: '1', describe: '添加用户' });
    expect(admin.allAuth).toContainEqual({ action: 'user:form:phone', status: '1', type: '2', describe: '手机号禁用' });
    for (const a of admin.auth) expect(Object.keys(a).sort()).toEqual(['action', 'describe', 'type']);
    for (const a of admin.allAuth) expect(Object.keys(a).sort()).toEqual(['action', 'describe', 'status', 'type']);
    expect(admin.auth.length).toBe(admin.allAuth.length);
  });

  it('external link: path is the md5 of the url, meta.url the raw url', () => {
    const doc = findByTitle(admin.menu, 'JeecgBoot 文档')!;
    expect(doc.path).toBe('f5c3048db2a55c762f36e523fd552c2d');
    expect(doc.meta).toMatchObject({ url: 'https://help.jeecg.com', internalOrExternal: true });
    const user = findByTitle(admin.menu, '用户管理')!;
    expect('url' in user.meta).toBe(false);
  });

  it('hidden routes carry hidden:true, online :code routes get an @ name', () => {
    const auto = findByTitle(admin.menu, 'AUTO在线表单')!;
    expect(auto).toMatchObject({ hidden: true, path: '/online/cgformList/:code', name: 'OnlCgformAutoList' });
    const online = admin.menu.find((i) => i.meta.title === '在线开发')!;
    // 在线开发 has visible children for admin: not collapsed into hideMenu
    expect('hidden' in online).toBe(false);
    expect(online.meta.title).toBe('在线开发');
  });

  it('个人设置 has alwaysShow; hidden 个人页 keeps its meta (its children are visible)', () => {
    const account = admin.menu.find((i) => i.meta.title === '个人页')!;
    expect(account.hidden).toBe(true);
    expect(account.meta.title).toBe('个人页');
    const settings = findByTitle(admin.menu, '个人设置')!;
    expect(settings.alwaysShow).toBe(true);
    expect(settings.children!.map((c) => c.name)).toContain('account-settings-base');
  });
});

describe('getUserPermissionByToken: jeecg (role test)', () => {
  const titles = (items: MenuItem[]) => items.map((i) => i.meta.title ?? (i.meta.hideMenu ? `(${i.name})` : ''));

  it('sees only the granted menus plus the always-included online rows', () => {
    expect(jeecg.menu[0]).toMatchObject({ path: '/dashboard/analysis', meta: { title: '首页' } });
    const sys = jeecg.menu.find((i) => i.path === '/isystem')!;
    expect(titles(sys.children!)).toEqual(['用户管理', '我的消息']);
    expect(jeecg.menu.map((i) => i.path)).toEqual(['/dashboard/analysis', '/isystem', '/online', '/account']);
    const all = flatMenu(jeecg.menu).map((i) => i.path);
    expect(all).not.toContain('/isystem/roleUserList');
    expect(all).not.toContain('/isystem/permission');
  });

  it('the online container (only hidden :code children) collapses into hideMenu', () => {
    const online = jeecg.menu.find((i) => i.path === '/online')!;
    expect(online.hidden).toBe(true);
    expect(online.meta).toEqual({ hideMenu: true });
    expect(online.children!.length).toBeGreaterThan(0);
    expect(online.children!.every((c) => c.hidden === true && c.path.endsWith(':code'))).toBe(true);
  });

  it('has no user:add in auth, but allAuth lists every button', () => {
    expect(jeecg.auth.map((a) => a.action)).not.toContain('user:add');
    expect(jeecg.auth).toEqual([]);
    expect(jeecg.allAuth).toEqual(admin.allAuth);
  });
});

describe('getPermCode (3.x)', () => {
  it('admin: codeList of the granted button perms, auth, allAuth, sysSafeMode', async () => {
    const res = await t.req({ method: 'GET', url: PERM_CODE_URL, token: adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ success: true, code: 200 });
    const r = res.json.result;
    expect(Object.keys(r).sort()).toEqual(['allAuth', 'auth', 'codeList', 'sysSafeMode']);
    expect(r.codeList).toContain('user:add');
    expect(r.codeList).toContain('user:form:phone');
    expect(r.codeList).toEqual(admin.auth.map((a) => a.action));
    expect(r.auth).toEqual(admin.auth);
    expect(r.allAuth).toEqual(admin.allAuth);
    expect(r.sysSafeMode).toBe(false);
  });

  it('jeecg: no codes', async () => {
    const res = await t.req({ method: 'GET', url: PERM_CODE_URL, token: jeecgToken });
    expect(res.json.result.codeList).toEqual([]);
  });
});

describe('authentication', () => {
  it.each([URL, PERM_CODE_URL])('%s without a token → 401 Token失效', async (url) => {
    const res = await t.req({ method: 'GET', url });
    expect(res.statusCode).toBe(401);
    expect(res.json).toMatchObject({ success: false, code: 401 });
    expect(res.json.message).toContain('Token失效');
  });

  it('with an unknown token → 401', async () => {
    const res = await t.req({ method: 'GET', url: URL, token: 'x'.repeat(43) });
    expect(res.statusCode).toBe(401);
    expect(res.json.message).toContain('Token失效');
  });

  it.each([
    ['logged out', (t: TestApp, token: string) => t.req({ method: 'POST', url: '/jeecg-boot/sys/logout', token })],
    ['revoked in the store', (t: TestApp, token: string) => t.app.ctx.sessions.revoke(token)],
  ])('with a token that was %s → 401', async (_label, revoke) => {
    const token = await t.login('zhangsan');
    expect((await t.req({ method: 'GET', url: URL, token })).statusCode).toBe(200);
    await revoke(t, token);
    const res = await t.req({ method: 'GET', url: URL, token });
    expect(res.statusCode).toBe(401);
    expect(res.json.message).toContain('Token失效');
  });
});

describe('sysSafeMode follows the config', () => {
  it('SAFE_MODE=on → true', async () => {
    const t2 = await createTestApp({ SAFE_MODE: 'on' });
    try {
      const token = await t2.login('admin');
      const res = await t2.req({ method: 'GET', url: URL, token });
      expect(res.json.result.sysSafeMode).toBe(true);
      const code = await t2.req({ method: 'GET', url: PERM_CODE_URL, token });
      expect(code.json.result.sysSafeMode).toBe(true);
    } finally {
      await t2.close();
    }
  });
});
