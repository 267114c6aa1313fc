import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { type DataRule, type RuleUser, resolveRuleValue } from './list-query.ts';

/**
 * The data-permission rules (sys_permission_data_rule) a user carries on a page, JeecgBoot style: the page is the menu
 * row whose component is `component`; each of the user's roles (and department roles) that is granted that menu lists
 * the rule ids it applies in `data_rule_ids`; every enabled rule listed by any of them applies (AND), with its system
 * variables (`#{sys_user_code}`, `#{sys_org_code}`, …) substituted for this user. No rules → an empty list (no filter).
 *
 *   const rules = await dataRulesFor(app.ctx.db, req.auth!.user, 'system/UserList');
 *   return okCode0(await listPage(app.ctx.db, users, req.query, { dataRules: rules }));
 */
export async function dataRulesFor(
  db: Db,
  user: RuleUser & { id: string },
  component: string,
  now: Date = new Date(),
): Promise<DataRule[]> {
  const rows = await queryRows<{
    rule_column: string | null;
    rule_conditions: string | null;
    rule_value: string | null;
  }>(
    db,
    sql`
    with page as (
      select id from sys_permission where component = ${component} and del_flag = 0 and menu_type <> 2
    ), grants as (
      select rp.data_rule_ids from sys_role_permission rp
        join sys_user_role ur on ur.role_id = rp.role_id
       where ur.user_id = ${user.id} and rp.permission_id in (select id from page)
      union all
      select drp.data_rule_ids from sys_depart_role_permission drp
        join sys_depart_role_user dru on dru.drole_id = drp.role_id
       where dru.user_id = ${user.id} and drp.permission_id in (select id from page)
    ), ids as (
      select distinct trim(x) as id
        from grants, unnest(string_to_array(coalesce(grants.data_rule_ids, ''), ',')) as x
       where trim(x) <> ''
    )
    select r.rule_column, r.rule_conditions, r.rule_value
      from sys_permission_data_rule r
     where r.id in (select id from ids)
       and r.permission_id in (select id from page)
       and coalesce(r.status, '1') = '1'
     order by r.id`,
  );
  return rows.map((r) => ({
    column: r.rule_column ?? '',
    condition: r.rule_conditions ?? '',
    value: resolveRuleValue(r.rule_value ?? '', user, now),
  }));
}
