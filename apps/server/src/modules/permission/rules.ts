import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sysDict, sysDictItem, sysPermission, sysPermissionDataRule } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { defineListEntity, listWhere, resolveRuleValue } from '../../platform/list-query.ts';
import { formatDateTime } from '../../platform/serialize.ts';
import { MENU_TYPE } from './manage.ts';
import type { DataRuleInput } from './schema.ts';

/**
 * Data-permission rules of a menu (sys_permission_data_rule, contract §4.3 / §5.1). A rule is `column condition value`
 * applied to the page's list query (platform/data-rules.ts). We never run SQL from a rule: USE_SQL_RULES is refused,
 * the column must be an identifier (the list entity checks it against its own fields when applied), the condition must
 * be an item of the rule_conditions dictionary and the value may use only the known system variables.
 */

export type DataRuleRow = typeof sysPermissionDataRule.$inferSelect;

export function ruleJson(r: DataRuleRow) {
  return {
    id: r.id,
    permissionId: r.permissionId,
    ruleName: r.ruleName,
    ruleColumn: r.ruleColumn,
    ruleConditions: r.ruleConditions,
    ruleValue: r.ruleValue,
    status: r.status,
    createBy: r.createBy,
    createTime: formatDateTime(r.createTime),
    updateBy: r.updateBy,
    updateTime: formatDateTime(r.updateTime),
  };
}

export const USE_SQL_RULES = 'USE_SQL_RULES';

const ruleEntity = defineListEntity({
  table: sysPermissionDataRule,
  sortable: ['createTime'],
  defaultSort: { column: 'createTime', order: 'asc' },
  searchable: ['permissionId', 'ruleName', 'ruleColumn', 'ruleConditions', 'ruleValue', 'status'],
});

const RULE_ORDER = [asc(sysPermissionDataRule.createTime), asc(sysPermissionDataRule.id)] as const;

export async function rulesOfPermission(db: Db, permissionId: string): Promise<DataRuleRow[]> {
  return db
    .select()
    .from(sysPermissionDataRule)
    .where(eq(sysPermissionDataRule.permissionId, permissionId))
    .orderBy(...RULE_ORDER);
}

/** queryPermissionRule: the rule fields as filters (QueryGenerator value rules), an array */
export async function queryRules(db: Db, query: Record<string, unknown>): Promise<DataRuleRow[]> {
  return db
    .select()
    .from(sysPermissionDataRule)
    .where(listWhere(ruleEntity, query))
    .orderBy(...RULE_ORDER)
    .limit(1000);
}

async function allowedConditions(db: Db): Promise<Set<string>> {
  const rows = await db
    .select({ v: sysDictItem.itemValue })
    .from(sysDictItem)
    .innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId))
    .where(and(eq(sysDict.dictCode, 'rule_conditions'), eq(sysDict.delFlag, 0), eq(sysDictItem.status, 1)));
  return new Set(rows.map((r) => r.v));
}

async function checkRule(db: Db, input: DataRuleInput) {
  if (input.ruleConditions === USE_SQL_RULES) throw bizError('不支持自定义SQL表达式规则');
  const allowed = await allowedConditions(db);
  if (!allowed.has(input.ruleConditions)) throw bizError('条件规则不正确，请从字典“条件规则”中选择');
  // unknown #{…} variables fail here (resolveRuleValue throws), not later on every list request
  resolveRuleValue(input.ruleValue, { username: 'x', realname: 'x', orgCode: 'x' });
}

async function menuOf(db: Db, permissionId: string) {
  const [row] = await db
    .select({ id: sysPermission.id, menuType: sysPermission.menuType })
    .from(sysPermission)
    .where(and(eq(sysPermission.id, permissionId), eq(sysPermission.delFlag, 0)));
  if (!row) throw bizError('未找到菜单信息');
  if (row.menuType === MENU_TYPE.button) throw bizError('按钮权限不能配置数据规则');
  return row;
}

export async function addRule(db: Db, input: DataRuleInput, by: string): Promise<string> {
  await checkRule(db, input);
  return db.transaction(async (tx) => {
    await menuOf(tx, input.permissionId);
    const id = newId();
    await tx.insert(sysPermissionDataRule).values({
      id,
      permissionId: input.permissionId,
      ruleName: input.ruleName,
      ruleColumn: input.ruleColumn,
      ruleConditions: input.ruleConditions,
      ruleValue: input.ruleValue,
      status: input.status === '0' ? '0' : '1',
      createBy: by,
      createTime: new Date(),
    });
    await tx.update(sysPermission).set({ ruleFlag: 1 }).where(eq(sysPermission.id, input.permissionId));
    return id;
  });
}

export async function editRule(db: Db, input: DataRuleInput, by: string): Promise<void> {
  if (!input.id) throw bizError('未找到对应实体');
  await checkRule(db, input);
  await db.transaction(async (tx) => {
    const [old] = await tx.select().from(sysPermissionDataRule).where(eq(sysPermissionDataRule.id, input.id!));
    if (!old) throw bizError('未找到对应实体');
    // a rule stays on its menu (role grants refer to it by id under that menu)
    await tx
      .update(sysPermissionDataRule)
      .set({
        ruleName: input.ruleName,
        ruleColumn: input.ruleColumn,
        ruleConditions: input.ruleConditions,
        ruleValue: input.ruleValue,
        status: input.status === '0' ? '0' : (input.status ?? old.status ?? '1'),
        updateBy: by,
        updateTime: new Date(),
      })
      .where(eq(sysPermissionDataRule.id, input.id!));
  });
}

/** deletes a rule, drops its id from every grant, clears rule_flag when the menu has no rule left */
export async function deleteRule(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [old] = await tx.select().from(sysPermissionDataRule).where(eq(sysPermissionDataRule.id, id));
    if (!old) throw bizError('未找到对应实体');
    await tx.delete(sysPermissionDataRule).where(eq(sysPermissionDataRule.id, id));
    for (const table of ['sys_role_permission', 'sys_depart_permission', 'sys_depart_role_permission'] as const) {
      await tx.execute(sql`
        update ${sql.identifier(table)}
           set data_rule_ids = nullif(array_to_string(array_remove(string_to_array(data_rule_ids, ','), ${id}), ','), '')
         where permission_id = ${old.permissionId} and data_rule_ids is not null`);
    }
    const left = await rulesOfPermission(tx, old.permissionId ?? '');
    if (left.length === 0 && old.permissionId) {
      await tx.update(sysPermission).set({ ruleFlag: 0 }).where(eq(sysPermission.id, old.permissionId));
    }
  });
}
