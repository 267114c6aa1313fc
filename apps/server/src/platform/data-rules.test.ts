import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  sysDepartRole,
  sysDepartRolePermission,
  sysDepartRoleUser,
  sysPermissionDataRule,
  sysRolePermission,
  sysUser,
  sysUserRole,
} from '../db/schema/index.ts';
import { DEPART_IDS, findMenu, ROLE_IDS, USER_IDS } from '../db/seed/index.ts';
import { menuId } from '../db/seed/menus.ts';
import { dataRulesFor } from './data-rules.ts';
import { newId } from './ids.ts';
import { defineListEntity, listPage } from './list-query.ts';
import { ALL_TENANTS } from './tenant-scope.ts';

const USER_PAGE = menuId(findMenu('/isystem/user')!);
const DICT_PAGE = menuId(findMenu('/isystem/dict')!);
const NOW = new Date('2024-05-06T04:00:00Z'); // 12:00 GMT+8

let t: TestApp;
let admin: string;
let jeecg: string;

const users = defineListEntity({
  table: sysUser,
  sortable: ['username'],
  defaultSort: { column: 'username', order: 'asc' },
  where: () => eq(sysUser.delFlag, 0),
});

async function user(id: string) {
  const [u] = await t.app.ctx.db.select().from(sysUser).where(eq(sysUser.id, id));
  return u;
}

/** a rule on a menu (inserted directly: the admin endpoints are tested in modules/permission) */
async function rule(permissionId: string, column: string, condition: string, value: string, status = '1') {
  const id = newId();
  await t.app.ctx.db.insert(sysPermissionDataRule).values({
    id,
    permissionId,
    ruleName: `${column} ${condition}`,
    ruleColumn: column,
    ruleConditions: condition,
    ruleValue: value,
    status,
  });
  // what every writer of rules and grants does (the permission routes): cached permissions and rules are dropped
  await t.app.ctx.perms.invalidate();
  return id;
}

async function applyToTestRole(ids: string[]) {
  await t.app.ctx.db
    .update(sysRolePermission)
    .set({ dataRuleIds: ids.length ? `${ids.join(',')},` : null })
    .where(and(eq(sysRolePermission.roleId, ROLE_IDS.test), eq(sysRolePermission.permissionId, USER_PAGE)));
  await t.app.ctx.perms.invalidate();
}

async function usernamesFor(userId: string): Promise<string[]> {
  const rules = await dataRulesFor(t.app.ctx.db, await user(userId), 'system/UserList', NOW);
  // as the platform administrator sees sys_user (every tenant): data rules narrow further
  const page = await listPage(t.app.ctx.db, users, { pageSize: '100' }, { dataRules: rules, tenant: ALL_TENANTS });
  return page.records.map((r) => String(r.username));
}

async function listViaApi(token: string) {
  const res = await t.req({ method: 'GET', url: '/jeecg-boot/sys/user/list?pageSize=100', token });
  return res;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  jeecg = await t.login('jeecg');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.app.ctx.db.delete(sysPermissionDataRule);
  await applyToTestRole([]);
});

describe('dataRulesFor', () => {
  it('no rules → [] (no filter): jeecg sees every user', async () => {
    expect(await dataRulesFor(t.app.ctx.db, await user(USER_IDS.jeecg), 'system/UserList')).toEqual([]);
    expect(await usernamesFor(USER_IDS.jeecg)).toEqual(['admin', 'jeecg', 'zhangsan']);
  });

  it('a rule only applies when the role lists it in data_rule_ids; variables resolved for the user', async () => {
    const r = await rule(USER_PAGE, 'username', '=', '#{sys_user_code}');
    expect(await dataRulesFor(t.app.ctx.db, await user(USER_IDS.jeecg), 'system/UserList')).toEqual([]);
    await applyToTestRole([r]);
    expect(await dataRulesFor(t.app.ctx.db, await user(USER_IDS.jeecg), 'system/UserList', NOW)).toEqual([
      { column: 'username', condition: '=', value: 'jeecg' },
    ]);
    expect(await usernamesFor(USER_IDS.jeecg)).toEqual(['jeecg']);
    // zhangsan holds role test too: the same rule, his own name
    expect(await usernamesFor(USER_IDS.zhangsan)).toEqual(['zhangsan']);
    // admin's role has the page without rules
    expect(await dataRulesFor(t.app.ctx.db, await user(USER_IDS.admin), 'system/UserList')).toEqual([]);
    // another page is not affected
    expect(await dataRulesFor(t.app.ctx.db, await user(USER_IDS.jeecg), 'system/DictList')).toEqual([]);
  });

  it('org code RIGHT_LIKE #{sys_org_code}: the user’s department and below', async () => {
    const r = await rule(USER_PAGE, 'orgCode', 'RIGHT_LIKE', '#{sys_org_code}');
    await applyToTestRole([r]);
    const j = await user(USER_IDS.jeecg);
    expect(await usernamesFor(USER_IDS.jeecg)).toEqual(
      (await t.app.ctx.db.select().from(sysUser))
        .filter((u) => u.delFlag === 0 && (u.orgCode ?? '').startsWith(j.orgCode!))
        .map((u) => u.username)
        .sort(),
    );
    expect(await usernamesFor(USER_IDS.jeecg)).toContain('jeecg');
    expect(await usernamesFor(USER_IDS.jeecg)).not.toContain('admin');
  });

  it('several rules are ANDed; disabled rules and rules of other menus listed by mistake are ignored', async () => {
    const a = await rule(USER_PAGE, 'username', 'IN', 'jeecg,zhangsan');
    const b = await rule(USER_PAGE, 'username', '!=', '#{sys_user_code}');
    const off = await rule(USER_PAGE, 'username', '=', 'nobody', '0');
    const other = await rule(DICT_PAGE, 'username', '=', 'nobody');
    await applyToTestRole([a, b, off, other]);
    const rules = await dataRulesFor(t.app.ctx.db, await user(USER_IDS.jeecg), 'system/UserList');
    expect(rules).toHaveLength(2);
    expect(await usernamesFor(USER_IDS.jeecg)).toEqual(['zhangsan']);
  });

  it('rules reach the user through a department role as well, and through several roles (union of rule ids)', async () => {
    const db = t.app.ctx.db;
    const a = await rule(USER_PAGE, 'username', 'LIKE', 'a');
    const b = await rule(USER_PAGE, 'realname', '!=', '管理员');
    await applyToTestRole([a]);
    const droleId = newId();
    await db.insert(sysDepartRole).values({ id: droleId, departId: DEPART_IDS.A01A05, roleName: 'd', roleCode: 'd' });
    await db
      .insert(sysDepartRolePermission)
      .values({ id: newId(), departId: DEPART_IDS.A01A05, roleId: droleId, permissionId: USER_PAGE, dataRuleIds: b });
    await db.insert(sysDepartRoleUser).values({ id: newId(), userId: USER_IDS.jeecg, droleId });
    const rules = await dataRulesFor(db, await user(USER_IDS.jeecg), 'system/UserList');
    expect(rules.map((r) => r.column).sort()).toEqual(['realname', 'username']);
    expect(await usernamesFor(USER_IDS.jeecg)).toEqual(['zhangsan']);
    await db.delete(sysDepartRoleUser).where(eq(sysDepartRoleUser.droleId, droleId));
  });

  it('#{sys_date} / #{sys_time} resolve in GMT+8', async () => {
    const r = await rule(USER_PAGE, 'createTime', '<=', '#{sys_time}');
    const d = await rule(USER_PAGE, 'birthday', '<=', '#{sys_date}');
    await applyToTestRole([r, d]);
    const rules = await dataRulesFor(t.app.ctx.db, await user(USER_IDS.jeecg), 'system/UserList', NOW);
    expect(rules.map((x) => x.value).sort()).toEqual(['2024-05-06', '2024-05-06 12:00:00']);
  });

  it('fails closed: a USE_SQL_RULES row, an unknown column or variable answers an error, never all rows', async () => {
    for (const [col, cond, val, msg] of [
      ['username', 'USE_SQL_RULES', "1=1 or username='admin'", /不支持自定义SQL表达式规则/],
      ['no_such_column', '=', 'x', /未知的字段/],
      ['password', '=', 'x', /未知的字段/],
      ['username', '=', '#{sys_secret}', /未知的系统变量/],
    ] as const) {
      await t.app.ctx.db.delete(sysPermissionDataRule);
      const id = await rule(USER_PAGE, col, cond, val);
      await applyToTestRole([id]);
      await expect(usernamesFor(USER_IDS.jeecg), `${col} ${cond}`).rejects.toThrow(msg);
      const res = await listViaApi(jeecg);
      expect(res.json.success).toBe(false);
      expect(res.json.message).toMatch(msg);
    }
  });
});

describe('/sys/user/list applies the rules of the user’s roles', () => {
  it('username = #{sys_user_code} on 用户管理 for role test: jeecg sees only jeecg; admin is unaffected', async () => {
    const r = await rule(USER_PAGE, 'username', '=', '#{sys_user_code}');
    await applyToTestRole([r]);
    const mine = await listViaApi(jeecg);
    expect(mine.json.success).toBe(true);
    expect(mine.json.result.records.map((u: any) => u.username)).toEqual(['jeecg']);
    expect(mine.json.result.total).toBe(1);
    const all = await listViaApi(admin);
    expect(all.json.result.total).toBeGreaterThanOrEqual(3);

    // the rule is set through the role endpoint as the UI does; clearing it there lifts the filter at once
    const clear = await t.req({
      method: 'POST',
      url: '/jeecg-boot/sys/role/datarule',
      token: admin,
      payload: { permissionId: USER_PAGE, roleId: ROLE_IDS.test, dataRuleIds: '' },
    });
    expect(clear.json.success).toBe(true);
    expect((await listViaApi(jeecg)).json.result.total).toBe(all.json.result.total);
    const set = await t.req({
      method: 'POST',
      url: '/jeecg-boot/sys/role/datarule',
      token: admin,
      payload: { permissionId: USER_PAGE, roleId: ROLE_IDS.test, dataRuleIds: r },
    });
    expect(set.json.success).toBe(true);
    expect((await listViaApi(jeecg)).json.result.records.map((u: any) => u.username)).toEqual(['jeecg']);
  });

  it('a user who also holds a role granting the page without rules still gets the rules (JeecgBoot: union of rule ids)', async () => {
    const r = await rule(USER_PAGE, 'username', '=', '#{sys_user_code}');
    await applyToTestRole([r]);
    const link = { id: newId(), userId: USER_IDS.jeecg, roleId: ROLE_IDS.admin };
    await t.app.ctx.db.insert(sysUserRole).values(link);
    expect(await usernamesFor(USER_IDS.jeecg)).toEqual(['jeecg']);
    await t.app.ctx.db.delete(sysUserRole).where(eq(sysUserRole.id, link.id));
  });
});
