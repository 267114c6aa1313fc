import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysPermission, sysPermissionDataRule, sysRolePermission } from '../../db/schema/index.ts';
import { findMenu, ROLE_IDS } from '../../db/seed/index.ts';
import { menuId } from '../../db/seed/menus.ts';

const B = '/jeecg-boot/sys/permission';
const USER_PAGE = menuId(findMenu('/isystem/user')!);
const DICT_PAGE = menuId(findMenu('/isystem/dict')!);
let t: TestApp;
let admin: string;
let jeecg: string;

const ruleFlag = async (id: string) =>
  (await t.app.ctx.db.select().from(sysPermission).where(eq(sysPermission.id, id)))[0].ruleFlag;
const rules = async (permissionId = USER_PAGE) =>
  (await t.req({ method: 'GET', url: `${B}/getPermRuleListByPermId?permissionId=${permissionId}`, token: admin })).json
    .result as any[];
const addRule = (payload: Record<string, unknown>, token = admin) =>
  t.req({ method: 'POST', url: `${B}/addPermissionRule`, payload, token });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  jeecg = await t.login('jeecg');
});
afterAll(async () => {
  await t?.close();
});

describe('data rules of a menu', () => {
  it('add sets rule_flag on the menu; list and query answer the rules', async () => {
    expect(await ruleFlag(USER_PAGE)).toBe(0);
    const res = await addRule({
      permissionId: USER_PAGE,
      ruleName: '只看自己',
      ruleColumn: 'username',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
      status: '1',
    });
    expect(res.json).toMatchObject({ success: true, code: 200, message: '添加成功!' });
    expect(await ruleFlag(USER_PAGE)).toBe(1);
    const list = await rules();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      permissionId: USER_PAGE,
      ruleName: '只看自己',
      ruleColumn: 'username',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
      status: '1',
      createBy: 'admin',
    });
    await addRule({
      permissionId: USER_PAGE,
      ruleName: '本部门',
      ruleColumn: 'orgCode',
      ruleConditions: 'RIGHT_LIKE',
      ruleValue: '#{sys_org_code}',
    });
    const q = await t.req({
      method: 'GET',
      url: `${B}/queryPermissionRule?permissionId=${USER_PAGE}&ruleConditions=RIGHT_LIKE`,
      token: admin,
    });
    expect(q.json.result.map((r: any) => r.ruleName)).toEqual(['本部门']);
    const like = await t.req({
      method: 'GET',
      url: `${B}/queryPermissionRule?ruleName=${encodeURIComponent('*自己*')}`,
      token: admin,
    });
    expect(like.json.result.map((r: any) => r.ruleName)).toEqual(['只看自己']);
  });

  it('refuses SQL rules, non-identifier columns, conditions outside the dictionary, unknown variables and buttons', async () => {
    const base = {
      permissionId: USER_PAGE,
      ruleName: 'bad',
      ruleColumn: 'username',
      ruleConditions: '=',
      ruleValue: 'x',
    };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ruleConditions: 'USE_SQL_RULES', ruleValue: '1=1' }, /不支持自定义SQL表达式规则/],
      [{ ruleColumn: 'username; drop table sys_user' }, /规则字段只能是/],
      [{ ruleColumn: '1abc' }, /规则字段只能是/],
      [{ ruleConditions: 'BETWEEN' }, /条件规则不正确/],
      [{ ruleValue: '#{sys_password}' }, /未知的系统变量/],
      [{ ruleValue: '' }, /规则值不能为空/],
      [{ ruleName: '' }, /规则名称不能为空/],
      [{ permissionId: 'nope' }, /未找到菜单信息/],
    ];
    for (const [over, msg] of cases) {
      const res = await addRule({ ...base, ...over });
      expect(res.json.success, JSON.stringify(over)).toBe(false);
      expect(res.json.message).toMatch(msg);
    }
    const [btn] = await t.app.ctx.db.select().from(sysPermission).where(eq(sysPermission.perms, 'user:add'));
    const onButton = await addRule({ ...base, permissionId: btn.id });
    expect(onButton.json.message).toBe('按钮权限不能配置数据规则');
    expect(await rules()).toHaveLength(2);
  });

  it('edit changes the rule (it stays on its menu), with the same checks', async () => {
    const [r] = await rules();
    const res = await t.req({
      method: 'PUT',
      url: `${B}/editPermissionRule`,
      token: admin,
      payload: { ...r, permissionId: DICT_PAGE, ruleValue: 'admin', status: '0' },
    });
    expect(res.json).toMatchObject({ success: true, message: '修改成功!' });
    const [after] = await rules();
    expect(after).toMatchObject({
      id: r.id,
      ruleValue: 'admin',
      status: '0',
      permissionId: USER_PAGE,
      updateBy: 'admin',
    });
    const bad = await t.req({
      method: 'POST',
      url: `${B}/editPermissionRule`,
      token: admin,
      payload: { ...r, ruleConditions: 'USE_SQL_RULES' },
    });
    expect(bad.json.success).toBe(false);
    const missing = await t.req({
      method: 'PUT',
      url: `${B}/editPermissionRule`,
      token: admin,
      payload: { ...r, id: 'nope' },
    });
    expect(missing.json).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('delete drops the rule from role grants and clears rule_flag with the last rule', async () => {
    const [r1, r2] = await rules();
    await t.app.ctx.db
      .update(sysRolePermission)
      .set({ dataRuleIds: `${r1.id},${r2.id}` })
      .where(and(eq(sysRolePermission.roleId, ROLE_IDS.test), eq(sysRolePermission.permissionId, USER_PAGE)));
    let res = await t.req({ method: 'DELETE', url: `${B}/deletePermissionRule?id=${r1.id}`, token: admin });
    expect(res.json).toMatchObject({ success: true, message: '删除成功!' });
    const [grant] = await t.app.ctx.db
      .select()
      .from(sysRolePermission)
      .where(and(eq(sysRolePermission.roleId, ROLE_IDS.test), eq(sysRolePermission.permissionId, USER_PAGE)));
    expect(grant.dataRuleIds).toBe(r2.id);
    expect(await ruleFlag(USER_PAGE)).toBe(1);
    res = await t.req({ method: 'DELETE', url: `${B}/deletePermissionRule?id=${r2.id}`, token: admin });
    expect(res.json.success).toBe(true);
    expect(await ruleFlag(USER_PAGE)).toBe(0);
    const [cleared] = await t.app.ctx.db
      .select()
      .from(sysRolePermission)
      .where(and(eq(sysRolePermission.roleId, ROLE_IDS.test), eq(sysRolePermission.permissionId, USER_PAGE)));
    expect(cleared.dataRuleIds).toBeNull();
    res = await t.req({ method: 'DELETE', url: `${B}/deletePermissionRule?id=${r2.id}`, token: admin });
    expect(res.json).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('jeecg (page menu only, no permission:datarule) can neither read nor change rules', async () => {
    const base = {
      permissionId: USER_PAGE,
      ruleName: 'x',
      ruleColumn: 'username',
      ruleConditions: '=',
      ruleValue: 'x',
    };
    expect((await addRule(base, jeecg)).statusCode).toBe(403);
    expect(
      (await t.req({ method: 'PUT', url: `${B}/editPermissionRule`, token: jeecg, payload: { ...base, id: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect((await t.req({ method: 'DELETE', url: `${B}/deletePermissionRule?id=x`, token: jeecg })).statusCode).toBe(
      403,
    );
    expect(
      (await t.req({ method: 'GET', url: `${B}/getPermRuleListByPermId?permissionId=${USER_PAGE}`, token: jeecg }))
        .statusCode,
    ).toBe(403);
    // (the seed offers 本部门预约 on the reservation page; nothing was written on the user page)
    expect(
      await t.app.ctx.db.select().from(sysPermissionDataRule).where(eq(sysPermissionDataRule.permissionId, USER_PAGE)),
    ).toEqual([]);
  });
});
