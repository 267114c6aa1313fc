import type { PermissionResult } from '@answer/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  sysDepartRole,
  sysDepartRolePermission,
  sysDepartRoleUser,
  sysPermission,
  sysRolePermission,
  sysUserRole,
} from '../../db/schema/index.ts';
import { DEPART_IDS, findMenu, ROLE_IDS, USER_IDS } from '../../db/seed/index.ts';
import { menuId } from '../../db/seed/menus.ts';
import { newId } from '../../platform/ids.ts';
import { userMenuRows, userPermissionResult } from './service.ts';
import { findByTitle, flatMenu } from './testing.ts';

const URL = '/jeecg-boot/sys/permission/getUserPermissionByToken';

let t: TestApp;
let adminToken: string;
let jeecgToken: string;
let zhangsanToken: string;

async function perms(token: string): Promise<PermissionResult> {
  const res = await t.req({ method: 'GET', url: URL, token });
  expect(res.statusCode).toBe(200);
  expect(res.json.success).toBe(true);
  return res.json.result;
}

async function buttonId(perms: string): Promise<string> {
  const [row] = await t.app.ctx.db.select().from(sysPermission).where(eq(sysPermission.perms, perms));
  return row.id;
}

const menuRow = (over: Partial<typeof sysPermission.$inferInsert>): typeof sysPermission.$inferInsert => ({
  id: newId(),
  parentId: '',
  name: 'x',
  url: '/x',
  component: 'x/X',
  menuType: 0,
  sortNo: 500,
  isLeaf: true,
  isRoute: true,
  delFlag: 0,
  status: '1',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login('admin');
  jeecgToken = await t.login('jeecg');
  zhangsanToken = await t.login('zhangsan');
});

afterAll(async () => {
  await t?.close();
});

/**
 * Every writer of roles, grants, menus and memberships (the role, menu, department and user endpoints) calls this after
 * its change; these tests write the tables directly, so they call it too. The answers are cached until then (ADR 014).
 */
const changed = () => t.app.ctx.perms.invalidate();

describe('role / grant changes apply on the next call after the invalidation, without a new login', () => {
  it('a new sys_role_permission row shows at once (menu and auth); the guard cache after invalidate()', async () => {
    const db = t.app.ctx.db;
    const before = await perms(jeecgToken);
    expect(findByTitle(before.menu, '角色管理')).toBeUndefined();
    expect(before.auth.map((a) => a.action)).not.toContain('user:add');
    // prime the guard's per-user cache
    expect((await t.app.ctx.perms.of(USER_IDS.jeecg)).has('user:add')).toBe(false);

    const roleMenu = menuId(findMenu('/isystem/roleUserList')!);
    await db.insert(sysRolePermission).values([
      { id: newId(), roleId: ROLE_IDS.test, permissionId: roleMenu },
      { id: newId(), roleId: ROLE_IDS.test, permissionId: await buttonId('user:add') },
    ]);

    // cached until the writer's invalidation
    expect(findByTitle((await perms(jeecgToken)).menu, '角色管理')).toBeUndefined();
    await changed();
    const after = await perms(jeecgToken);
    const sys = after.menu.find((i) => i.path === '/isystem')!;
    expect(sys.children!.map((c) => c.meta.title)).toEqual(['用户管理', '角色管理', '我的消息']);
    expect(after.auth).toContainEqual({ action: 'user:add', type: '1', describe: '添加用户' });

    // the guard's set was dropped by the same invalidation
    expect((await t.app.ctx.perms.of(USER_IDS.jeecg)).has('user:add')).toBe(true);

    // revoking works the same way
    for (const permissionId of [roleMenu, await buttonId('user:add')]) {
      await db
        .delete(sysRolePermission)
        .where(and(eq(sysRolePermission.roleId, ROLE_IDS.test), eq(sysRolePermission.permissionId, permissionId)));
    }
    await changed();
    const revoked = await perms(jeecgToken);
    expect(findByTitle(revoked.menu, '角色管理')).toBeUndefined();
    expect(revoked.auth).toEqual([]);
  });

  it('a new role membership (sys_user_role) applies at once', async () => {
    const db = t.app.ctx.db;
    const row = { id: newId(), userId: USER_IDS.zhangsan, roleId: ROLE_IDS.admin };
    await db.insert(sysUserRole).values(row);
    await changed();
    const asAdmin = await perms(zhangsanToken);
    expect(findByTitle(asAdmin.menu, '菜单管理')).toBeDefined();
    expect(asAdmin.auth.length).toBeGreaterThan(20);
    await db.delete(sysUserRole).where(eq(sysUserRole.id, row.id));
    await changed();
    const back = await perms(zhangsanToken);
    expect(findByTitle(back.menu, '菜单管理')).toBeUndefined();
  });

  it('grants through a department role count too (sys_depart_role_permission → sys_depart_role_user)', async () => {
    const db = t.app.ctx.db;
    const droleId = newId();
    await db
      .insert(sysDepartRole)
      .values({ id: droleId, departId: DEPART_IDS.A02A02, roleName: '研发', roleCode: 'dev' });
    await db.insert(sysDepartRolePermission).values([
      { id: newId(), departId: DEPART_IDS.A02A02, roleId: droleId, permissionId: menuId(findMenu('/isystem/dict')!) },
      { id: newId(), departId: DEPART_IDS.A02A02, roleId: droleId, permissionId: await buttonId('dict:items') },
    ]);
    await db.insert(sysDepartRoleUser).values({ id: newId(), userId: USER_IDS.zhangsan, droleId });
    await changed();

    const r = await perms(zhangsanToken);
    const sys = r.menu.find((i) => i.path === '/isystem')!;
    expect(sys.children!.map((c) => c.path)).toContain('/isystem/dict');
    expect(r.auth.map((a) => a.action)).toEqual(['dict:items']);
    // jeecg is not in that department role
    expect(findByTitle((await perms(jeecgToken)).menu, '数据字典')).toBeUndefined();
  });

  it('deleted rows (del_flag 1) leave the menu, auth and allAuth; inactive buttons stay in allAuth only', async () => {
    const db = t.app.ctx.db;
    const msgId = menuId(findMenu('/isps/userAnnouncement')!);
    await db.update(sysPermission).set({ delFlag: 1 }).where(eq(sysPermission.id, msgId));
    await db.update(sysPermission).set({ delFlag: 1 }).where(eq(sysPermission.perms, 'user:delete'));
    await db.update(sysPermission).set({ status: '0' }).where(eq(sysPermission.perms, 'user:edit'));
    await changed();

    const r = await perms(adminToken);
    expect(findByTitle(r.menu, '我的消息')).toBeUndefined();
    const actions = r.auth.map((a) => a.action);
    expect(actions).not.toContain('user:delete');
    expect(actions).not.toContain('user:edit');
    expect(r.allAuth.map((a) => a.action)).not.toContain('user:delete');
    expect(r.allAuth).toContainEqual({ action: 'user:edit', status: '0', type: '1', describe: '编辑用户' });

    await db.update(sysPermission).set({ delFlag: 0 }).where(eq(sysPermission.id, msgId));
    await db.update(sysPermission).set({ delFlag: 0 }).where(eq(sysPermission.perms, 'user:delete'));
    await db.update(sysPermission).set({ status: '1' }).where(eq(sysPermission.perms, 'user:edit'));
    await changed();
  });
});

describe('home fallback', () => {
  it('a user without the 首页 grant still gets 首页 first', async () => {
    const db = t.app.ctx.db;
    const homeId = menuId(findMenu('/dashboard/analysis')!);
    await db
      .delete(sysRolePermission)
      .where(and(eq(sysRolePermission.roleId, ROLE_IDS.test), eq(sysRolePermission.permissionId, homeId)));
    await changed();

    const r = await perms(jeecgToken);
    expect(r.menu[0]).toMatchObject({ id: homeId, path: '/dashboard/analysis', component: 'dashboard/Analysis' });
    expect(r.menu.filter((i) => i.meta.title === '首页')).toHaveLength(1);

    const rows = await userMenuRows(db, USER_IDS.jeecg);
    expect(rows[0].id).toBe(homeId);
    expect(rows.filter((x) => x.id === homeId)).toHaveLength(1);

    await db.insert(sysRolePermission).values({ id: newId(), roleId: ROLE_IDS.test, permissionId: homeId });
    await changed();
  });
});

describe('external and {{ }} urls', () => {
  it('an inserted {{ js }} row gets the md5 path and meta.url; an http row likewise', async () => {
    const db = t.app.ctx.db;
    const monitor = menuId(findMenu('/monitor')!);
    const druid = menuRow({
      parentId: monitor,
      menuType: 1,
      name: 'SQL监控',
      url: "{{ window._CONFIG['domianURL'] }}/druid/",
      component: 'layouts/IframePageView',
      sortNo: 99,
    });
    const site = menuRow({
      name: '官网',
      url: 'http://www.jeecg.com',
      component: 'layouts/IframePageView',
      internalOrExternal: true,
      icon: 'link',
      sortNo: 999,
    });
    await db.insert(sysPermission).values([druid, site]);
    await db.insert(sysRolePermission).values([
      { id: newId(), roleId: ROLE_IDS.admin, permissionId: druid.id! },
      { id: newId(), roleId: ROLE_IDS.admin, permissionId: site.id! },
    ]);
    await changed();

    const r = await perms(adminToken);
    const d = findByTitle(r.menu, 'SQL监控')!;
    expect(d).toMatchObject({
      path: '5f22d2592b01c9e964efe70040162b83',
      component: 'layouts/IframePageView',
      meta: {
        url: "{{ window._CONFIG['domianURL'] }}/druid/",
        internalOrExternal: false,
        componentName: 'IframePageView',
      },
    });
    expect('redirect' in d).toBe(false);
    expect(r.menu.find((i) => i.meta.title === '系统监控')!.children!.map((c) => c.id)).toContain(druid.id);

    const s = r.menu.at(-1)!;
    expect(s).toMatchObject({
      id: site.id,
      path: '74a0de2b8385834b9085876f6f5a6392',
      redirect: null,
      meta: { url: 'http://www.jeecg.com', internalOrExternal: true, icon: 'link' },
    });
  });
});

describe('a large menu (300 extra rows)', () => {
  it('builds the whole tree correctly with two queries', async () => {
    const db = t.app.ctx.db;
    const rows: (typeof sysPermission.$inferInsert)[] = [];
    // 20 containers + 20 × 14 pages = 300 menu rows, plus one button per page; inserted in reverse sort order
    for (let c = 0; c < 20; c++) {
      const parentId = `bulk-c${String(c).padStart(2, '0')}`;
      rows.push(menuRow({ id: parentId, name: `批量${c}`, url: `/bulk${c}`, isLeaf: false, sortNo: 1000 + (19 - c) }));
      for (let p = 0; p < 14; p++) {
        const id = `${parentId}-p${String(p).padStart(2, '0')}`;
        rows.push(
          menuRow({
            id,
            parentId,
            menuType: 1,
            name: `批量${c}-${p}`,
            url: `/bulk${c}/page${p}`,
            component: `bulk/Page${p}`,
            sortNo: 14 - p,
            isLeaf: false,
          }),
        );
        rows.push({
          ...menuRow({ id: `${id}-btn`, parentId: id, menuType: 2, name: `按钮${c}-${p}`, url: null, component: null }),
          perms: `bulk:${c}:${p}`,
          permsType: '1',
        });
      }
    }
    await db.insert(sysPermission).values(rows);
    await db
      .insert(sysRolePermission)
      .values(rows.map((r) => ({ id: newId(), roleId: ROLE_IDS.admin, permissionId: r.id! })));
    await changed();

    const r = await perms(adminToken);
    const bulk = r.menu.filter((i) => i.path.startsWith('/bulk'));
    expect(bulk).toHaveLength(20);
    // sort_no descends with c, so the containers come out reversed
    expect(bulk.map((i) => i.id)).toEqual(
      Array.from({ length: 20 }, (_, k) => `bulk-c${String(19 - k).padStart(2, '0')}`),
    );
    for (const container of bulk) {
      expect(container.children).toHaveLength(14);
      expect(container.children!.map((i) => i.id)).toEqual(
        Array.from({ length: 14 }, (_, k) => `${container.id}-p${String(13 - k).padStart(2, '0')}`),
      );
      for (const page of container.children!) expect('children' in page).toBe(false);
    }
    const flat = flatMenu(r.menu);
    expect(flat.filter((i) => i.path.startsWith('/bulk'))).toHaveLength(300);
    expect(new Set(flat.map((i) => i.id)).size).toBe(flat.length);
    expect(r.auth.filter((a) => a.action.startsWith('bulk:'))).toHaveLength(280);
    expect(r.allAuth.filter((a) => a.action.startsWith('bulk:'))).toHaveLength(280);

    // no N+1: the whole answer is two queries whatever the size of the menu
    const select = vi.spyOn(db, 'select');
    const execute = vi.spyOn(db, 'execute');
    try {
      const direct = await userPermissionResult(db, USER_IDS.admin, false);
      expect(direct.menu).toEqual(r.menu);
      expect(select.mock.calls.length + execute.mock.calls.length).toBe(2);
    } finally {
      select.mockRestore();
      execute.mockRestore();
    }
  });
});
