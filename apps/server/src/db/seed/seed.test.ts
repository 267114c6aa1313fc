import argon2 from 'argon2';
import { asc, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../client.ts';
import { migrateAndSeed } from '../migrate.ts';
import {
  sysDepart,
  sysDict,
  sysDictItem,
  sysPermission,
  sysPosition,
  sysRole,
  sysRolePermission,
  sysTenant,
  sysUser,
  sysUserDepart,
  sysUserRole,
} from '../schema/index.ts';
import { ANSWER_DICTS } from './answer-area.ts';
import { DEMO_ADMIN, DEPART_IDS, ROLE_IDS, SEED_DICTS, USER_IDS } from './data.ts';
import { seed } from './index.ts';
import { ALL_PERMS, findMenu, flattenMenuTree, MENU_TREE, menuId } from './menus.ts';
import { QUIZ_DICTS } from './quiz-area.ts';

/** contract §5.6 plus the extra codes the brief asks for */
const REQUIRED_DICTS = [
  'sex',
  'user_status',
  'priority',
  'send_status',
  'msg_category',
  'msg_type',
  'del_flag',
  'menu_type',
  'log_type',
  'operate_type',
  'quartz_status',
  'tenant_status',
  'depart_status',
  'dict_item_status',
  'perms_type',
  'valid_status',
  'yn',
  'org_category',
  'position_rank',
  'rule_conditions',
  'database_type',
];

/** pages that manage records and therefore must carry button rows */
const MANAGEMENT_PAGES = [
  '/isystem/user',
  '/isystem/roleUserList',
  '/isystem/permission',
  '/isystem/depart',
  '/isystem/dict',
  '/isys/category',
  '/isystem/position',
  '/isys/tenant',
  '/isystem/annountCement',
  '/isystem/online',
  '/isystem/log',
  '/isystem/QuartzJobList',
  '/isystem/checkRule',
  '/isystem/fillRule',
  '/isystem/dataSource',
  '/isystem/gatewayroute',
  '/modules/message/sysMessageList',
  '/modules/message/sysMessageTemplateList',
  '/sys/dataLog-list',
  '/oss/file',
  '/answer/reservation',
];

/** every view of spec 01 §2.2 that is reached through the menu (login/register pages are static routes) */
const REQUIRED_COMPONENTS = [
  'dashboard/Analysis',
  'account/center/Index',
  'account/settings/BaseSetting',
  'account/settings/Binding',
  'account/settings/Custom',
  'account/settings/Notification',
  'account/settings/Security',
  'account/settings/AvatarSetting',
  'answer/ReservationList',
  'answer/ReservationForm',
  'dashboard/IndexChart',
  'dashboard/IndexTask',
  'dashboard/Monitor',
  'dashboard/Workplace',
  'exception/403',
  'exception/404',
  'exception/500',
  'modules/message/SysMessageList',
  'modules/message/SysMessageTemplateList',
  'modules/monitor/DiskMonitoring',
  'modules/monitor/HttpTrace',
  'modules/monitor/JvmInfo',
  'modules/monitor/RedisInfo',
  'modules/monitor/RedisTerminal',
  'modules/monitor/SystemInfo',
  'modules/monitor/TomcatInfo',
  'modules/oss/OSSFileList',
  'result/Success',
  'result/Error',
  'system/AddressList',
  'system/DataLogList',
  'system/DepartList',
  'system/DictList',
  'system/DictItemList',
  'system/LogList',
  'system/PermissionList',
  'system/PermissionDataRuleList',
  'system/QuartzJobList',
  'system/RoleList',
  'system/RoleUserList',
  'system/SysAnnouncementList',
  'system/SysCategoryList',
  'system/SysCheckRuleList',
  'system/SysDataSourceList',
  'system/SysFillRuleList',
  'system/SysGatewayRouteList',
  'system/SysPositionList',
  'system/SysUserOnlineList',
  'system/TenantList',
  'system/UserAnnouncementList',
  'system/UserList',
];

/** route name rule of contract §3.1 */
function routeName(p: { url: string | null; componentName: string | null }): string {
  if (p.componentName) return p.componentName;
  return (p.url ?? '').replace(/^\//, '').replaceAll('/', '-').replaceAll(':', '@');
}

let database: Database;

async function counts() {
  const { db } = database;
  const n = async (table: PgTable) => (await db.select({ c: sql<number>`count(*)::int` }).from(table))[0].c;
  return {
    users: await n(sysUser),
    roles: await n(sysRole),
    userRoles: await n(sysUserRole),
    departs: await n(sysDepart),
    userDeparts: await n(sysUserDepart),
    dicts: await n(sysDict),
    dictItems: await n(sysDictItem),
    permissions: await n(sysPermission),
    rolePermissions: await n(sysRolePermission),
    tenants: await n(sysTenant),
    positions: await n(sysPosition),
  };
}

describe('database seed', () => {
  beforeAll(async () => {
    database = await connect({});
    await migrateAndSeed(database, { seed: false });
    await seed(database.db);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('writes the demo users, roles, departments, tenant and positions', async () => {
    const c = await counts();
    expect(c).toMatchObject({ users: 3, roles: 5, userRoles: 3, departs: 8, userDeparts: 3, tenants: 1, positions: 3 });
    expect(c.dicts).toBe(SEED_DICTS.length + ANSWER_DICTS.length + QUIZ_DICTS.length);
    expect(c.permissions).toBe(flattenMenuTree().length);
  });

  it('seeds admin as in contract §7 with an argon2id hash of 123456', async () => {
    const [admin] = await database.db.select().from(sysUser).where(eq(sysUser.username, DEMO_ADMIN.username));
    expect(admin).toMatchObject({
      id: USER_IDS.admin,
      realname: '管理员',
      orgCode: 'A01',
      userIdentity: 2,
      departIds: DEPART_IDS.A01,
      phone: '18611111111',
      email: 'jeecg@163.com',
      sex: 1,
      status: 1,
      delFlag: 0,
      avatar: null,
      workNo: '00001',
      relTenantIds: '',
    });
    expect(admin.password).toMatch(/^\$argon2id\$/);
    expect(admin.salt).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(await argon2.verify(admin.password!, DEMO_ADMIN.password)).toBe(true);
    expect(await argon2.verify(admin.password!, 'wrong')).toBe(false);

    const users = await database.db.select().from(sysUser);
    for (const u of users) expect(await argon2.verify(u.password!, '123456')).toBe(true);
    expect(new Set(users.map((u) => u.salt)).size).toBe(users.length);
  });

  it('links users to roles and departments', async () => {
    const ur = await database.db.select().from(sysUserRole);
    expect(ur).toContainEqual(expect.objectContaining({ userId: USER_IDS.admin, roleId: ROLE_IDS.admin }));
    expect(ur).toContainEqual(expect.objectContaining({ userId: USER_IDS.jeecg, roleId: ROLE_IDS.test }));
    const ud = await database.db.select().from(sysUserDepart);
    expect(ud).toContainEqual(expect.objectContaining({ userId: USER_IDS.admin, depId: DEPART_IDS.A01 }));
    expect(ud).toContainEqual(expect.objectContaining({ userId: USER_IDS.jeecg, depId: DEPART_IDS.A01A05 }));
    const roles = await database.db.select().from(sysRole);
    expect(roles.map((r) => r.roleCode).sort()).toEqual(['admin', 'caiwu', 'hr', 'register_default', 'test']);
    expect(roles.find((r) => r.roleCode === 'test')?.id).toBe('ee8626f80f7c2619917b6236f3a7f02b');
    const [tenant] = await database.db.select().from(sysTenant);
    expect(tenant).toMatchObject({ id: 1, name: '北京租户001', status: 1 });
    expect(tenant.beginDate!.getTime()).toBeLessThan(Date.now());
    expect(tenant.endDate!.getTime()).toBeGreaterThan(Date.now());
  });

  it('builds department codes with the A01 / A01A01 scheme', async () => {
    const departs = await database.db.select().from(sysDepart).orderBy(asc(sysDepart.orgCode));
    const byId = new Map(departs.map((d) => [d.id, d]));
    for (const d of departs) {
      expect(d.orgCode).toMatch(/^([A-Z]\d{2})+$/);
      const depth = d.orgCode.length / 3;
      expect(d.orgType).toBe(String(depth));
      if (d.parentId === '') {
        expect(depth).toBe(1);
        expect(d.orgCategory).toBe('1');
      } else {
        const parent = byId.get(d.parentId!);
        expect(parent).toBeDefined();
        expect(d.orgCode.slice(0, -3)).toBe(parent!.orgCode);
      }
    }
    expect(departs.find((d) => d.orgCode === 'A01')).toMatchObject({ id: DEPART_IDS.A01, departName: '北京国炬软件' });
    expect(departs.find((d) => d.orgCode === 'A01A05A01')).toMatchObject({ departName: '研发经理', orgCategory: '3' });
  });

  it('has every dictionary with enabled, ordered items', async () => {
    const dicts = await database.db.select().from(sysDict);
    const items = await database.db.select().from(sysDictItem);
    for (const code of REQUIRED_DICTS) {
      const dict = dicts.find((d) => d.dictCode === code);
      expect(dict, code).toBeDefined();
      const its = items.filter((i) => i.dictId === dict!.id);
      expect(its.length, code).toBeGreaterThan(0);
      expect(its.every((i) => i.status === 1)).toBe(true);
      expect(its.map((i) => i.sortOrder).sort((a, b) => a! - b!)).toEqual(its.map((_, i) => i + 1));
    }
    const textOf = (code: string, value: string) => {
      const dict = dicts.find((d) => d.dictCode === code)!;
      return items.find((i) => i.dictId === dict.id && i.itemValue === value)?.itemText;
    };
    expect(textOf('send_status', '2')).toBe('已撤销');
    expect(textOf('menu_type', '2')).toBe('按钮权限');
    expect(textOf('operate_type', '6')).toBe('导出');
    expect(textOf('position_rank', '5')).toBe('正高级');
    expect(textOf('database_type', '4')).toBe('MySQL5.7+');
    expect(textOf('database_type', '6')).toBe('PostgreSQL');
    expect(textOf('quartz_status', '-1')).toBe('停止');
  });

  describe('menu tree', () => {
    let rows: (typeof sysPermission.$inferSelect)[];
    beforeAll(async () => {
      rows = await database.db.select().from(sysPermission).orderBy(asc(sysPermission.sortNo));
    });
    const menus = () => rows.filter((r) => r.menuType !== 2);
    const buttons = () => rows.filter((r) => r.menuType === 2);
    const childrenOf = (id: string) => rows.filter((r) => r.parentId === id);

    it('starts with 首页 at sort_no 0', () => {
      const roots = menus()
        .filter((r) => !r.parentId)
        .sort((a, b) => a.sortNo! - b.sortNo!);
      expect(roots[0]).toMatchObject({
        name: '首页',
        url: '/dashboard/analysis',
        component: 'dashboard/Analysis',
        icon: 'home',
        sortNo: 0,
        menuType: 0,
      });
      expect(roots.slice(1).every((r) => r.sortNo! > 0)).toBe(true);
      expect(roots.every((r) => r.menuType === 0)).toBe(true);
    });

    it('keeps is_leaf consistent with the rows below each row', () => {
      for (const r of rows) expect(r.isLeaf, r.name!).toBe(childrenOf(r.id).length === 0);
      for (const r of rows.filter((x) => x.parentId)) {
        const parent = rows.find((p) => p.id === r.parentId);
        expect(parent, r.name!).toBeDefined();
        if (r.menuType !== 2) expect(r.menuType).toBe(1);
        expect(parent!.menuType).not.toBe(2);
      }
    });

    it('has unique sort numbers among siblings and unique urls', () => {
      const parents = new Set(rows.map((r) => r.parentId ?? ''));
      for (const p of parents) {
        const sib = rows.filter((r) => (r.parentId ?? '') === p);
        expect(new Set(sib.map((s) => s.sortNo)).size, `siblings of ${p}`).toBe(sib.length);
      }
      const urls = menus().map((r) => r.url);
      expect(new Set(urls).size).toBe(urls.length);
    });

    it('gives every routed menu a unique route name and every page its own component', () => {
      const routed = menus().filter((r) => r.isRoute && !r.internalOrExternal);
      const names = routed.map(routeName);
      expect(new Set(names).size).toBe(names.length);
      // the static "/" route is named "dashboard"
      expect(names).not.toContain('dashboard');
      expect(routeName(rows.find((r) => r.url === '/account/center')!)).toBe('account-center');
      expect(routeName(rows.find((r) => r.url === '/account/settings/base')!)).toBe('account-settings-base');

      // rows that are no route of their own (JeecgBoot's online entries carrying a head id) reuse their screen's component
      const pages = menus().filter((r) => !r.component?.startsWith('layouts/') && r.isRoute);
      const comps = pages.map((r) => r.component);
      expect(new Set(comps).size).toBe(comps.length);
      for (const r of menus()) {
        expect(r.component, r.name!).toBeTruthy();
        expect(r.component).not.toMatch(/^\/|\.vue$|^views\//);
        if (r.component === 'layouts/RouteView') expect(r.isLeaf, r.name!).toBe(false);
      }
    });

    it('covers every view of spec 01 §2.2', () => {
      const comps = new Set(menus().map((r) => r.component));
      for (const c of REQUIRED_COMPONENTS) expect(comps.has(c), c).toBe(true);
      for (const prefix of ['form/', 'list/', 'profile/', 'jeecg/']) {
        expect(
          [...comps].some((c) => c?.startsWith(prefix)),
          prefix,
        ).toBe(true);
      }
    });

    it('has the online routes the UI maps by component name', () => {
      for (const [url, componentName] of [
        ['/online/cgform', 'OnlCgformHeadList'],
        ['/online/cgreport', 'OnlCgreportHeadList'],
        ['/online/cgformList/:code', 'OnlCgformAutoList'],
        ['/online/cgformTreeList/:code', 'OnlCgformTreeList'],
        ['/online/cgformErpList/:code', 'OnlCgformErpList'],
        ['/online/cgformTabList/:code', 'OnlCgformTabList'],
        ['/online/cgformInnerTableList/:code', 'OnlCgformInnerTableList'],
        ['/online/copyform/:code', 'OnlCgformCopyList'],
        ['/online/cgreport/:code', 'OnlCgreportAutoList'],
      ]) {
        const row = rows.find((r) => r.url === url);
        expect(row, url).toMatchObject({ componentName, isRoute: true, hidden: url.endsWith(':code') ? 1 : 0 });
      }
    });

    it('has one plain external link and no {{ }} urls', () => {
      const ext = menus().filter((r) => r.internalOrExternal);
      expect(ext).toHaveLength(1);
      expect(ext[0]).toMatchObject({ url: 'https://help.jeecg.com', menuType: 1 });
      expect(menus().some((r) => r.url?.includes('{{'))).toBe(false);
    });

    it('puts buttons with perms under every management page', () => {
      for (const url of MANAGEMENT_PAGES) {
        const page = rows.find((r) => r.url === url);
        expect(page, url).toBeDefined();
        const btns = childrenOf(page!.id).filter((r) => r.menuType === 2);
        expect(btns.length, url).toBeGreaterThan(0);
      }
      for (const b of buttons()) {
        expect(b).toMatchObject({ isLeaf: true, isRoute: false, status: '1' });
        expect(b.perms).toMatch(/^[a-zA-Z]+(:[a-zA-Z]+)+$/);
        expect(['1', '2']).toContain(b.permsType);
      }
      const perms = buttons().map((b) => b.perms);
      expect(new Set(perms).size).toBe(perms.length);
      expect([...perms].sort()).toEqual([...ALL_PERMS].sort());
      const byPerm = (p: string) => buttons().find((b) => b.perms === p);
      expect(byPerm('user:sex')?.permsType).toBe('1');
      expect(byPerm('user:form:birthday')?.permsType).toBe('2');
      expect(byPerm('user:form:phone')?.permsType).toBe('2');
      for (const p of ['user:add', 'role:authorize', 'msgTemplate:test', 'dataLog:compare', 'reservation:export']) {
        expect(byPerm(p), p).toBeDefined();
      }
    });

    it('grants admin every row and test only home, user list, my messages and the personal pages', async () => {
      const grants = await database.db.select().from(sysRolePermission);
      const adminIds = new Set(grants.filter((g) => g.roleId === ROLE_IDS.admin).map((g) => g.permissionId));
      expect(adminIds.size).toBe(rows.length);
      for (const r of rows) expect(adminIds.has(r.id)).toBe(true);

      const testRows = grants
        .filter((g) => g.roleId === ROLE_IDS.test)
        .map((g) => rows.find((r) => r.id === g.permissionId)!);
      expect(testRows.every((r) => r && r.menuType !== 2)).toBe(true);
      const urls = testRows.map((r) => r.url);
      expect(urls).toEqual(
        expect.arrayContaining([
          '/dashboard/analysis',
          '/isystem',
          '/isystem/user',
          '/isps/userAnnouncement',
          '/account',
        ]),
      );
      expect(urls).toContain('/account/settings/base');
      expect(urls).not.toContain('/isystem/roleUserList');
      expect(
        testRows
          .filter((r) => r.parentId === menuId(findMenu('/isystem')!))
          .map((r) => r.url)
          .sort(),
      ).toEqual(['/isps/userAnnouncement', '/isystem/user']);
      expect(grants.filter((g) => g.roleId === ROLE_IDS.caiwu || g.roleId === ROLE_IDS.hr)).toEqual([]);

      // register_default (issue 10 §4): home, 我的消息 and the personal pages only — no page listing users
      const regRows = grants
        .filter((g) => g.roleId === ROLE_IDS.registerDefault)
        .map((g) => rows.find((r) => r.id === g.permissionId)!);
      expect(regRows.every((r) => r && r.menuType !== 2)).toBe(true);
      const regUrls = regRows.map((r) => r.url);
      expect(regUrls).toEqual(expect.arrayContaining(['/dashboard/analysis', '/isps/userAnnouncement', '/account']));
      expect(regRows.map((r) => r.component)).not.toContain('system/UserList');
      expect(regRows.map((r) => r.component)).not.toContain('system/AddressList');
      expect(regRows.filter((r) => r.parentId === menuId(findMenu('/isystem')!)).map((r) => r.url)).toEqual([
        '/isps/userAnnouncement',
      ]);
    });

    it('matches the exported MENU_TREE', () => {
      expect(MENU_TREE[0].url).toBe('/dashboard/analysis');
      const flat = flattenMenuTree();
      expect(new Set(flat.map((r) => r.id)).size).toBe(flat.length);
      expect(rows.map((r) => r.id).sort()).toEqual(flat.map((r) => r.id).sort());
    });
  });

  it('does nothing on a second run', async () => {
    const before = await counts();
    const [adminBefore] = await database.db.select().from(sysUser).where(eq(sysUser.id, USER_IDS.admin));
    await migrateAndSeed(database);
    await seed(database.db);
    expect(await counts()).toEqual(before);
    const [adminAfter] = await database.db.select().from(sysUser).where(eq(sysUser.id, USER_IDS.admin));
    expect(adminAfter.password).toBe(adminBefore.password);
  });
});
