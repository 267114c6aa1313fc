import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysDepartPermission, sysPermission, sysPermissionDataRule, sysRolePermission } from '../../db/schema/index.ts';
import { DEPART_IDS, findMenu, ROLE_IDS } from '../../db/seed/index.ts';
import { menuId } from '../../db/seed/menus.ts';
import { newId } from '../../platform/ids.ts';
import { normalizeComponent, normalizeUrl } from './manage.ts';
import { findByTitle } from './testing.ts';

const B = '/jeecg-boot/sys/permission';
let t: TestApp;
let admin: string;
let jeecg: string;

const SYSTEM = menuId(findMenu('/isystem')!);
const USER_PAGE = menuId(findMenu('/isystem/user')!);

async function row(id: string) {
  const [r] = await t.app.ctx.db.select().from(sysPermission).where(eq(sysPermission.id, id));
  return r;
}
async function byName(name: string) {
  const [r] = await t.app.ctx.db.select().from(sysPermission).where(eq(sysPermission.name, name));
  return r;
}
async function add(payload: Record<string, unknown>, token = admin) {
  return t.req({ method: 'POST', url: `${B}/add`, payload, token });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  jeecg = await t.login('jeecg');
});
afterAll(async () => {
  await t?.close();
});

describe('normalisation (contract §3.2)', () => {
  it('component drops a leading /, views/, src/views/ and .vue', () => {
    expect(normalizeComponent('/views/system/UserList.vue')).toBe('system/UserList');
    expect(normalizeComponent('src/views/system/UserList')).toBe('system/UserList');
    expect(normalizeComponent('system/UserList.tsx')).toBe('system/UserList');
    expect(normalizeComponent('layouts/RouteView')).toBe('layouts/RouteView');
  });
  it('url drops .vue and gets a leading / unless http or {{', () => {
    expect(normalizeUrl('isystem/x.vue')).toBe('/isystem/x');
    expect(normalizeUrl('/isystem/x')).toBe('/isystem/x');
    expect(normalizeUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(normalizeUrl("{{ window._CONFIG['domianURL'] }}/druid/")).toBe("{{ window._CONFIG['domianURL'] }}/druid/");
  });
});

describe('reads', () => {
  it('list: the full tree of SysPermissionTree nodes (code 0), buttons under their page', async () => {
    const res = await t.req({ method: 'GET', url: `${B}/list`, token: admin });
    expect(res.json).toMatchObject({ success: true, code: 0 });
    const roots = res.json.result as any[];
    expect(roots[0].name).toBe('首页');
    const sys = roots.find((r) => r.id === SYSTEM);
    expect(sys).toMatchObject({ key: SYSTEM, title: '系统管理', menuType: 0, leaf: false, isLeaf: false, route: true });
    const users = sys.children.find((c: any) => c.id === USER_PAGE);
    expect(users).toMatchObject({ component: 'system/UserList', url: '/isystem/user', menuType: 1, keepAlive: true });
    expect(users.hidden).toBe(false);
    const addBtn = users.children.find((c: any) => c.perms === 'user:add');
    expect(addBtn).toMatchObject({ menuType: 2, name: '添加用户', permsType: '1', status: '1', leaf: true });
    expect(addBtn.children).toBeUndefined();
  });

  it('list?name= keeps the hits and their ancestors', async () => {
    const res = await t.req({ method: 'GET', url: `${B}/list?name=${encodeURIComponent('添加用户')}`, token: admin });
    const roots = res.json.result as any[];
    expect(roots.map((r) => r.name)).toEqual(['系统管理']);
    expect(roots[0].children.map((c: any) => c.name)).toEqual(['用户管理']);
    expect(roots[0].children[0].children.map((c: any) => c.name)).toEqual(['添加用户']);
  });

  it('getSystemMenuList: flat menu_type 0 rows; getSystemSubmenu / Batch: children', async () => {
    const top = await t.req({ method: 'GET', url: `${B}/getSystemMenuList`, token: admin });
    expect(top.json.result.every((r: any) => r.menuType === 0 && r.children === undefined)).toBe(true);
    const sub = await t.req({ method: 'GET', url: `${B}/getSystemSubmenu?parentId=${SYSTEM}`, token: admin });
    expect(sub.json.result.map((r: any) => r.name)).toContain('用户管理');
    const batch = await t.req({
      method: 'GET',
      url: `${B}/getSystemSubmenuBatch?parentIds=${SYSTEM},${USER_PAGE},nope`,
      token: admin,
    });
    expect(Object.keys(batch.json.result).sort()).toEqual([SYSTEM, USER_PAGE, 'nope'].sort());
    expect(batch.json.result[USER_PAGE].map((r: any) => r.perms)).toContain('user:add');
    expect(batch.json.result.nope).toEqual([]);
  });

  it('queryTreeList: {treeList, ids} of TreeModel; queryListAsync: one level', async () => {
    const res = await t.req({ method: 'GET', url: `${B}/queryTreeList`, token: admin });
    const { treeList, ids } = res.json.result;
    const count = (await t.app.ctx.db.select().from(sysPermission).where(eq(sysPermission.delFlag, 0))).length;
    expect(ids).toHaveLength(count);
    const sys = treeList.find((n: any) => n.key === SYSTEM);
    expect(sys).toMatchObject({
      title: '系统管理',
      slotTitle: '系统管理',
      value: SYSTEM,
      label: '系统管理',
      icon: 'setting',
    });
    const roots = await t.req({ method: 'GET', url: `${B}/queryListAsync`, token: admin });
    expect(roots.json.result.map((n: any) => n.key)).toContain(SYSTEM);
    const kids = await t.req({ method: 'GET', url: `${B}/queryListAsync?pid=${SYSTEM}`, token: admin });
    expect(kids.json.result.map((n: any) => n.key)).toContain(USER_PAGE);
  });

  it('reads need the menu page: jeecg gets 403', async () => {
    for (const url of ['list', 'getSystemMenuList', `getSystemSubmenu?parentId=${SYSTEM}`, 'queryTreeList']) {
      const res = await t.req({ method: 'GET', url: `${B}/${url}`, token: jeecg });
      expect(res.statusCode, url).toBe(403);
    }
  });
});

describe('add / edit / delete', () => {
  it('a top menu: parent cleared, default component layouts/RouteView, url normalised; appears in the admin menu', async () => {
    const res = await add({
      name: '测试一级',
      menuType: 0,
      parentId: USER_PAGE,
      url: 'itest',
      icon: 'appstore',
      sortNo: 99,
    });
    expect(res.json).toMatchObject({ success: true, code: 200, message: '添加成功！' });
    const r = await byName('测试一级');
    expect(r).toMatchObject({
      parentId: '',
      component: 'layouts/RouteView',
      url: '/itest',
      isLeaf: true,
      icon: 'appstore',
    });
    const perm = await t.req({ method: 'GET', url: `${B}/getUserPermissionByToken`, token: admin });
    expect(findByTitle(perm.json.result.menu, '测试一级')?.meta.icon).toBe('appstore');
  });

  it('a sub menu makes its parent a non-leaf and shows in the menu; a button needs a unique perms string', async () => {
    const top = await byName('测试一级');
    const res = await add({
      name: '测试子菜单',
      menuType: 1,
      parentId: top.id,
      url: '/itest/page',
      component: '/views/test/Page.vue',
      componentName: 'TestPage',
      keepAlive: true,
      hidden: 0,
    });
    expect(res.json.success).toBe(true);
    expect((await row(top.id)).isLeaf).toBe(false);
    const sub = await byName('测试子菜单');
    expect(sub).toMatchObject({ component: 'test/Page', componentName: 'TestPage', keepAlive: true, menuType: 1 });
    const perm = await t.req({ method: 'GET', url: `${B}/getUserPermissionByToken`, token: admin });
    expect(findByTitle(perm.json.result.menu, '测试子菜单')?.path).toBe('/itest/page');

    const btn = await add({ name: '测试按钮', menuType: 2, parentId: sub.id, perms: 'itest:add', permsType: '2' });
    expect(btn.json.success).toBe(true);
    expect(await byName('测试按钮')).toMatchObject({ perms: 'itest:add', permsType: '2', url: null, component: null });
    expect((await row(sub.id)).isLeaf).toBe(false);

    const dup = await add({ name: '重复按钮', menuType: 2, parentId: sub.id, perms: 'user:add' });
    expect(dup.json).toMatchObject({ success: false, message: '授权标识已存在!' });
    expect(await byName('重复按钮')).toBeUndefined();
  });

  it('rejects bad input with a Chinese message and changes nothing', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ menuType: 1, parentId: SYSTEM, url: '/a', component: 'a/A' }, /菜单名称不能为空/],
      [{ name: 'x', menuType: 1, url: '/a', component: 'a/A' }, /请选择上级菜单/],
      [{ name: 'x', menuType: 1, parentId: 'nope', url: '/a', component: 'a/A' }, /上级菜单不存在/],
      [{ name: 'x', menuType: 1, parentId: SYSTEM, url: '/a' }, /前端组件不能为空/],
      [{ name: 'x', menuType: 1, parentId: SYSTEM, component: 'a/A' }, /菜单路径不能为空/],
      [{ name: 'x', menuType: 2, parentId: USER_PAGE }, /授权标识不能为空/],
      [{ name: 'x', menuType: 9 }, /menuType/],
      [{ name: 'x', menuType: 1, parentId: SYSTEM, url: '/a', component: '../../etc' }, /前端组件/],
      [{ name: 'x', menuType: 2, parentId: (await byName('添加用户')).id, perms: 'zz:z' }, /上级菜单不能是按钮/],
    ];
    for (const [payload, msg] of cases) {
      const res = await add(payload);
      expect(res.json.success, JSON.stringify(payload)).toBe(false);
      expect(res.json.message).toMatch(msg);
    }
    expect(await byName('x')).toBeUndefined();
  });

  it('edit: moving a row updates is_leaf of the new and the old parent; a row cannot move below itself', async () => {
    const top = await byName('测试一级');
    const sub = await byName('测试子菜单');
    const moved = await t.req({
      method: 'PUT',
      url: `${B}/edit`,
      token: admin,
      payload: { ...sub, parentId: SYSTEM, route: true, hidden: false, name: '测试子菜单改' },
    });
    expect(moved.json).toMatchObject({ success: true, message: '修改成功！' });
    expect((await row(sub.id)).name).toBe('测试子菜单改');
    expect((await row(top.id)).isLeaf).toBe(true);

    const cycle = await t.req({
      method: 'POST',
      url: `${B}/edit`,
      token: admin,
      payload: { id: SYSTEM, name: '系统管理', menuType: 1, parentId: USER_PAGE, url: '/isystem', component: 'x/Y' },
    });
    expect(cycle.json).toMatchObject({ success: false, message: '上级菜单不能是自己的下级' });
    const missing = await t.req({
      method: 'PUT',
      url: `${B}/edit`,
      token: admin,
      payload: { id: 'nope', name: 'n', menuType: 0, url: '/n' },
    });
    expect(missing.json).toMatchObject({ success: false, message: '未找到菜单信息' });
  });

  it('delete: the row, its descendants, their grants and data rules, in one go; the parent becomes a leaf', async () => {
    const db = t.app.ctx.db;
    const sub = await byName('测试子菜单改');
    const btn = await byName('测试按钮');
    await db.insert(sysRolePermission).values([
      { id: newId(), roleId: ROLE_IDS.test, permissionId: sub.id },
      { id: newId(), roleId: ROLE_IDS.test, permissionId: btn.id },
    ]);
    await db.insert(sysDepartPermission).values({ id: newId(), departId: DEPART_IDS.A01, permissionId: btn.id });
    await db.insert(sysPermissionDataRule).values({
      id: newId(),
      permissionId: sub.id,
      ruleName: 'r',
      ruleColumn: 'a',
      ruleConditions: '=',
      ruleValue: '1',
    });

    const res = await t.req({ method: 'DELETE', url: `${B}/delete?id=${sub.id}`, token: admin });
    expect(res.json).toMatchObject({ success: true, message: '删除成功!' });
    expect(await row(sub.id)).toBeUndefined();
    expect(await row(btn.id)).toBeUndefined();
    expect(await db.select().from(sysRolePermission).where(eq(sysRolePermission.permissionId, btn.id))).toEqual([]);
    expect(await db.select().from(sysDepartPermission).where(eq(sysDepartPermission.permissionId, btn.id))).toEqual([]);
    expect(await db.select().from(sysPermissionDataRule).where(eq(sysPermissionDataRule.permissionId, sub.id))).toEqual(
      [],
    );
    // 系统管理 still has children
    expect((await row(SYSTEM)).isLeaf).toBe(false);

    const again = await t.req({ method: 'DELETE', url: `${B}/delete?id=${sub.id}`, token: admin });
    expect(again.json).toMatchObject({ success: false, message: '未找到菜单信息' });
  });

  it('deleteBatch takes ?ids=a,b, (trailing comma) and refuses unknown ids as a whole', async () => {
    const top = await byName('测试一级');
    const bad = await t.req({ method: 'DELETE', url: `${B}/deleteBatch?ids=${top.id},nope,`, token: admin });
    expect(bad.json.success).toBe(false);
    expect(await row(top.id)).toBeDefined();
    const res = await t.req({ method: 'DELETE', url: `${B}/deleteBatch?ids=${top.id},`, token: admin });
    expect(res.json).toMatchObject({ success: true, message: '删除成功!' });
    expect(await row(top.id)).toBeUndefined();
  });

  it('deleting the last button of a page makes the page a leaf again', async () => {
    const page = await add({ name: '叶子页', menuType: 1, parentId: SYSTEM, url: '/leaf', component: 'a/Leaf' });
    expect(page.json.success).toBe(true);
    const p = await byName('叶子页');
    await add({ name: '叶子按钮', menuType: 2, parentId: p.id, perms: 'leaf:x' });
    expect((await row(p.id)).isLeaf).toBe(false);
    const b = await byName('叶子按钮');
    await t.req({ method: 'DELETE', url: `${B}/delete?id=${b.id}`, token: admin });
    expect((await row(p.id)).isLeaf).toBe(true);
  });

  it('a user with only the page menu cannot change anything (403), nothing changes', async () => {
    const before = await t.app.ctx.db.select().from(sysPermission);
    const calls: Array<[string, string, unknown?]> = [
      ['POST', `${B}/add`, { name: 'h', menuType: 0, url: '/h' }],
      ['PUT', `${B}/edit`, { id: SYSTEM, name: 'h', menuType: 0, url: '/h' }],
      ['DELETE', `${B}/delete?id=${SYSTEM}`],
      ['DELETE', `${B}/deleteBatch?ids=${SYSTEM}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.req({ method: method as 'POST', url, payload: payload as object, token: jeecg });
      expect(res.statusCode, url).toBe(403);
    }
    expect(await t.app.ctx.db.select().from(sysPermission)).toHaveLength(before.length);
    const [sys] = await t.app.ctx.db
      .select()
      .from(sysPermission)
      .where(and(eq(sysPermission.id, SYSTEM), eq(sysPermission.name, '系统管理')));
    expect(sys).toBeDefined();
  });
});

describe('component and url checks (issue 28 security 9)', () => {
  it('refuses file-system components and url expressions other than the config placeholders', async () => {
    const { componentProblem, urlTemplateProblem } = await import('./manage.ts');
    for (const c of ['etc/passwd', 'proc/self/environ', 'system//x', 'system/1x'])
      expect(componentProblem(c), c).not.toBe(null);
    for (const c of ['system/UserList', 'layouts/RouteView', 'modules/online/cgform/auto/OnlCgformAutoList'])
      expect(componentProblem(c), c).toBe(null);
    expect(urlTemplateProblem("{{ window._CONFIG['domianURL'] }}/druid/")).toBe(null);
    expect(urlTemplateProblem('{{ window._CONFIG["onlinePreviewDomainURL"] }}?url=1')).toBe(null);
    for (const u of [
      '{{ alert(document.cookie) }}',
      "{{ window._CONFIG['domianURL'] }}{{ constructor.constructor('x')() }}",
      "{{ window._CONFIG['a'] + fetch('//x') }}",
      '/a}}',
    ])
      expect(urlTemplateProblem(u), u).not.toBe(null);
  });

  it('the add endpoint stores neither (nothing written)', async () => {
    for (const [component, url, message] of [
      ['/etc/passwd', '/ipasswd', /前端组件必须是页面组件的路径/],
      ['../../x', '/ix', /前端组件只能包含/],
      ['test/Page', '{{ alert(1) }}', /配置占位符/],
    ] as const) {
      const res = await add({ name: `坏菜单${component}`, menuType: 0, url, component });
      expect(res.json.success, component).toBe(false);
      expect(res.json.message).toMatch(message);
      expect(await byName(`坏菜单${component}`)).toBeUndefined();
    }
  });
});
