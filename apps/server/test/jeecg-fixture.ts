import { createCipheriv } from 'node:crypto';
import mysql from 'mysql2/promise';
import { legacyJeecgHash } from '../src/modules/auth/password.ts';

/**
 * A JeecgBoot 3.2-shaped MySQL database, written from the table facts of contract §5 and contract-2 §1–§4 (not from
 * JeecgBoot's dump), with awkward rows on purpose: legacy password hashes of known passwords, usernames differing only
 * in case, zero dates, a broken parent id, orphan links, non-UTF-8 text in a latin1 table, a deep menu tree, an online
 * form with a sub-table and data, a report the guard accepts and one it refuses, a job class we do not have, and a data
 * source password encrypted with JeecgBoot's key.
 */

const AUD = 'create_by varchar(32), create_time datetime, update_by varchar(32), update_time datetime';

const DDL = [
  `create table sys_tenant (id int primary key, name varchar(100), create_time datetime, create_by varchar(100), begin_date datetime, end_date datetime, status int)`,
  `create table sys_position (id varchar(32) primary key, code varchar(100), name varchar(100), post_rank varchar(2), company_id varchar(255), ${AUD}, sys_org_code varchar(50)) default charset latin1`,
  `create table sys_depart (id varchar(32) primary key, parent_id varchar(32), depart_name varchar(100), depart_name_en varchar(500), depart_name_abbr varchar(500), depart_order int, description text, org_category varchar(10), org_type varchar(10), org_code varchar(64), mobile varchar(32), fax varchar(32), address varchar(100), memo varchar(500), status varchar(1), del_flag varchar(1), qywx_identifier varchar(100), ${AUD}) default charset utf8mb4`,
  `create table sys_depart_role (id varchar(32) primary key, depart_id varchar(32), role_name varchar(200), role_code varchar(100), description varchar(255), ${AUD})`,
  `create table sys_role (id varchar(32) primary key, role_name varchar(200), role_code varchar(100), description varchar(255), ${AUD})`,
  `create table sys_user (id varchar(32) primary key, username varchar(100), realname varchar(100), password varchar(255), salt varchar(45), avatar varchar(255), birthday datetime, sex tinyint(1), email varchar(45), phone varchar(45), org_code varchar(64), status tinyint(1), del_flag tinyint(1), third_id varchar(100), third_type varchar(100), activiti_sync tinyint(1), work_no varchar(100), post varchar(100), telephone varchar(45), ${AUD}, user_identity tinyint(1), depart_ids longtext, rel_tenant_ids varchar(100), client_id varchar(64)) default charset utf8mb4`,
  `create table sys_user_depart (ID varchar(32) primary key, user_id varchar(32), dep_id varchar(32))`,
  `create table sys_user_role (id varchar(32) primary key, user_id varchar(32), role_id varchar(32))`,
  `create table sys_depart_role_user (id varchar(32) primary key, user_id varchar(32), drole_id varchar(32))`,
  `create table sys_permission (id varchar(32) primary key, parent_id varchar(32), name varchar(100), url varchar(255), component varchar(255), component_name varchar(100), redirect varchar(255), menu_type int, perms varchar(255), perms_type varchar(10), sort_no double(8,2), always_show tinyint(1), icon varchar(100), is_route tinyint(1), is_leaf tinyint(1), keep_alive tinyint(1), hidden int, hide_tab int, description varchar(255), ${AUD}, del_flag int, rule_flag int, status varchar(2), internal_or_external tinyint(1))`,
  `create table sys_permission_data_rule (id varchar(32) primary key, permission_id varchar(32), rule_name varchar(50), rule_column varchar(50), rule_conditions varchar(50), rule_value varchar(300), status varchar(3), create_time datetime, create_by varchar(32), update_time datetime, update_by varchar(32))`,
  `create table sys_role_permission (id varchar(32) primary key, role_id varchar(32), permission_id varchar(32), data_rule_ids varchar(1000), operate_date datetime, operate_ip varchar(100))`,
  `create table sys_depart_permission (id varchar(32) primary key, depart_id varchar(32), permission_id varchar(32), data_rule_ids varchar(1000))`,
  `create table sys_depart_role_permission (id varchar(32) primary key, depart_id varchar(32), role_id varchar(32), permission_id varchar(32), data_rule_ids varchar(1000), operate_date datetime, operate_ip varchar(20))`,
  `create table sys_dict (id varchar(32) primary key, dict_name varchar(100), dict_code varchar(100), description varchar(255), del_flag int, ${AUD}, type int(1) unsigned zerofill default 0)`,
  `create table sys_dict_item (id varchar(32) primary key, dict_id varchar(32), item_text varchar(100), item_value varchar(100), description varchar(255), sort_order int, status int, ${AUD})`,
  `create table sys_category (id varchar(36) primary key, pid varchar(36), name varchar(100), code varchar(100), ${AUD}, sys_org_code varchar(64), has_child varchar(3))`,
  `create table sys_fill_rule (id varchar(32) primary key, rule_name varchar(100), rule_code varchar(100), rule_class varchar(100), rule_params varchar(200), ${AUD})`,
  `create table sys_check_rule (id varchar(32) primary key, rule_name varchar(100), rule_code varchar(100), rule_json varchar(1024), rule_description varchar(200), ${AUD})`,
  `create table sys_announcement (id varchar(32) primary key, titile varchar(100), msg_content text, start_time datetime, end_time datetime, sender varchar(100), priority varchar(255), msg_category varchar(10), msg_type varchar(10), send_status varchar(10), send_time datetime, cancel_time datetime, del_flag varchar(1), bus_type varchar(20), bus_id varchar(50), open_type varchar(20), open_page varchar(255), ${AUD}, user_ids text, msg_abstract text, dt_task_id varchar(100))`,
  `create table sys_announcement_send (id varchar(32), annt_id varchar(32), user_id varchar(32), read_flag varchar(10), read_time datetime, ${AUD})`,
  `create table sys_sms_template (id varchar(32) primary key, template_name varchar(50), template_code varchar(32), template_type varchar(1), template_content varchar(1000), template_test_json varchar(1000), ${AUD})`,
  `create table sys_quartz_job (id varchar(32) primary key, create_by varchar(32), create_time datetime, del_flag int, update_by varchar(32), update_time datetime, job_class_name varchar(255), cron_expression varchar(255), parameter varchar(255), description varchar(255), status int)`,
  `create table sys_data_source (id varchar(36) primary key, code varchar(100), name varchar(100), remark varchar(200), db_type varchar(10), db_driver varchar(100), db_url varchar(500), db_name varchar(255), db_username varchar(100), db_password varchar(100), ${AUD}, sys_org_code varchar(64))`,
  `create table sys_gateway_route (id varchar(36) primary key, router_id varchar(50), name varchar(32), uri varchar(32), predicates text, filters text, retryable int, strip_prefix int, persistable int, show_api int, status int, ${AUD}, sys_org_code varchar(64))`,
  `create table onl_cgform_head (id varchar(32) primary key, table_name varchar(50), table_type int, table_version int, table_txt varchar(200), is_checkbox varchar(5), is_db_synch varchar(20), is_page varchar(5), is_tree varchar(5), id_sequence varchar(200), id_type varchar(100), query_mode varchar(10), relation_type int, sub_table_str varchar(1000), tab_order_num int, tree_parent_id_field varchar(50), tree_id_field varchar(50), tree_fieldname varchar(50), form_category varchar(50), form_template varchar(10), form_template_mobile varchar(10), scroll int, copy_version int, copy_type int, physic_id varchar(32), ext_config_json varchar(1000), theme_template varchar(50), is_des_form varchar(2), des_form_code varchar(50), low_app_id varchar(32), ${AUD})`,
  `create table onl_cgform_field (id varchar(32) primary key, cgform_head_id varchar(32), db_field_name varchar(32), db_field_txt varchar(200), db_field_name_old varchar(32), db_is_key tinyint(1), db_is_null tinyint(1), db_type varchar(32), db_length int, db_point_length int, db_default_val varchar(20), dict_field varchar(100), dict_table varchar(255), dict_text varchar(100), field_show_type varchar(10), field_href varchar(200), field_length int, field_valid_type varchar(300), field_must_input varchar(2), field_extend_json varchar(500), field_default_value varchar(100), is_query tinyint(1), is_show_form tinyint(1), is_show_list tinyint(1), is_read_only tinyint(1), query_mode varchar(10), main_table varchar(50), main_field varchar(50), order_num int, converter varchar(255), query_def_val varchar(50), query_dict_text varchar(100), query_dict_field varchar(100), query_dict_table varchar(500), query_show_type varchar(50), query_config_flag varchar(3), query_valid_type varchar(50), query_must_input varchar(3), sort_flag varchar(3), ${AUD})`,
  `create table onl_cgform_index (id varchar(32) primary key, cgform_head_id varchar(32), index_name varchar(100), index_field varchar(500), index_type varchar(32), is_db_synch varchar(2), del_flag int, ${AUD})`,
  `create table onl_cgform_button (ID varchar(32) primary key, BUTTON_CODE varchar(50), BUTTON_ICON varchar(20), BUTTON_NAME varchar(50), BUTTON_STATUS varchar(2), BUTTON_STYLE varchar(20), EXP varchar(255), CGFORM_HEAD_ID varchar(32), OPT_TYPE varchar(20), ORDER_NUM int, OPT_POSITION varchar(3))`,
  `create table onl_cgreport_head (id varchar(36) primary key, code varchar(100), name varchar(100), cgr_sql varchar(1000), return_val_field varchar(100), return_txt_field varchar(100), return_type varchar(2), db_source varchar(100), content varchar(1000), low_app_id varchar(32), ${AUD})`,
  `create table onl_cgreport_item (id varchar(36) primary key, cgrhead_id varchar(36), field_name varchar(36), field_txt text, field_width int, field_type varchar(10), search_mode varchar(10), is_order int, is_search int, dict_code varchar(500), field_href varchar(120), is_show int, order_num int, replace_val varchar(200), is_total varchar(2), group_title varchar(50), ${AUD})`,
  `create table onl_cgreport_param (id varchar(36) primary key, cgrhead_id varchar(36), param_name varchar(32), param_txt varchar(32), param_value varchar(32), order_num int, ${AUD})`,
  `create table oss_file (id varchar(32) primary key, file_name varchar(255), url varchar(1000), ${AUD})`,
  `create table sys_log (id varchar(32) primary key, log_type int, log_content varchar(1000), operate_type int, userid varchar(32), username varchar(100), ip varchar(100), method varchar(500), request_url varchar(255), request_param longtext, request_type varchar(10), cost_time bigint, ${AUD})`,
  // the online form's data tables (test_order main, test_order_item sub)
  `create table test_order (id varchar(36) primary key, create_by varchar(50), create_time datetime, order_no varchar(32), amount double(10,2), order_date date)`,
  `create table test_order_item (id varchar(36) primary key, create_by varchar(50), create_time datetime, order_id varchar(36), goods varchar(100), qty int)`,
];

export const FIXTURE_TABLES = DDL.map((d) => /create table (\w+)/.exec(d)![1]);

/** users the tests sign in as, with their JeecgBoot passwords */
export const FIXTURE_USERS = {
  admin: { id: 'e9ca23d68d884d4ebb19d07889727dae', password: '123456', salt: 'RCGTeGiH' },
  manager: { id: '1500000000000000001', password: 'Mgr#2022pass', salt: 'aB3dE5gH' },
  staff: { id: '1500000000000000002', password: '员工口令-9', salt: 'Zz9Yy8Xx' },
  frozen: { id: '1500000000000000003', password: 'frozen1', salt: 'Qw3rTy12' },
  gone: { id: '1500000000000000004', password: 'gone123', salt: 'Gg0nE123' },
  /** same username as staff's but upper case, created later: skipped */
  staffUpper: { id: '1500000000000000005', password: 'x', salt: 'Aa1Bb2Cc' },
} as const;

export const ROLE = {
  admin: 'f6817f48af4fb3af11b9e8bf182f618b',
  manager: '1500000000000000101',
  staff: '1500000000000000102',
};

/** the deep menu (6 levels) of the fixture, granted to manager; ids are JeecgBoot-style 32-hex */
export const MENU = {
  home: '9502685863ab87f0ad1134142788a385',
  sys: 'd7d6e2e4e2934f2c9385a623fd98c6f3',
  user: '3f915b2769fc80648e92d04e84ca059d',
  userAdd: 'f9d3f4f27653a71c52faa9fb8070956c',
  userEdit: 'ed68a1d83bcf2a2ddf02dd84e48d6d6a',
  l1: 'aa00000000000000000000000000000a',
  l2: 'aa00000000000000000000000000000b',
  l3: 'aa00000000000000000000000000000c',
  l4: 'aa00000000000000000000000000000d',
  l5: 'aa00000000000000000000000000000e',
  l6: 'aa00000000000000000000000000000f',
  l6btn: 'aa000000000000000000000000000010',
  orphan: 'aa000000000000000000000000000011',
  staffOnly: 'aa000000000000000000000000000012',
};

/** JeecgBoot's data-source password encryption (AES/ECB, key JEECGBOOT1423670, hex) */
export function jeecgEncrypt(plain: string): string {
  const c = createCipheriv('aes-128-ecb', Buffer.from('JEECGBOOT1423670', 'latin1'), null);
  return Buffer.concat([c.update(plain, 'utf8'), c.final()]).toString('hex');
}

type V = string | number | null | { raw: string };

function insert(table: string, rows: Record<string, V>[]): { sql: string; values: unknown[] } {
  const cols = Object.keys(rows[0]);
  const values: unknown[] = [];
  const tuples = rows.map(
    (r) =>
      `(${cols
        .map((c) => {
          const v = r[c];
          if (v && typeof v === 'object') return v.raw;
          values.push(v);
          return '?';
        })
        .join(', ')})`,
  );
  return { sql: `insert into ${table} (${cols.join(', ')}) values ${tuples.join(', ')}`, values };
}

const T = '2022-04-01 09:30:00';

/** Builds the fixture into the (empty or former fixture) database of `url`. */
export async function buildFixture(url: string): Promise<void> {
  const c = await mysql.createConnection({ uri: url, charset: 'utf8mb4', multipleStatements: false });
  try {
    // zero dates are what old installs hold: allow them for this session
    await c.query(`set session sql_mode = ''`);
    await c.query('set foreign_key_checks = 0');
    for (const t of FIXTURE_TABLES) await c.query(`drop table if exists ${t}`);
    for (const d of DDL) await c.query(d);
    const run = async (table: string, rows: Record<string, V>[]) => {
      const q = insert(table, rows);
      await c.query(q.sql, q.values);
    };
    const hash = (u: string, p: { password: string; salt: string }) => legacyJeecgHash(u, p.password, p.salt);
    const U = FIXTURE_USERS;

    await run('sys_tenant', [
      {
        id: 1,
        name: '北京租户001',
        create_time: T,
        create_by: 'admin',
        begin_date: T,
        end_date: '2030-12-31 00:00:00',
        status: 1,
      },
      {
        id: 2,
        name: '上海租户',
        create_time: '0000-00-00 00:00:00',
        create_by: 'admin',
        begin_date: null,
        end_date: null,
        status: 0,
      },
    ]);
    await run('sys_position', [
      {
        id: 'p1',
        code: 'CEO',
        name: { raw: `unhex('${Buffer.from('总经理', 'utf8').toString('hex')}')` } as V,
        post_rank: '5',
        company_id: null,
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
        sys_org_code: 'A01',
      },
      // GBK bytes of 总监 in a latin1 column: not UTF-8
      {
        id: 'p2',
        code: 'CTO',
        name: { raw: `unhex('d7dcbce0')` } as V,
        post_rank: '4',
        company_id: null,
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
        sys_org_code: 'A01',
      },
    ]);
    const dep = (id: string, parent: string, name: string, code: string, type: string) => ({
      id,
      parent_id: parent,
      depart_name: name,
      depart_name_en: null,
      depart_name_abbr: null,
      depart_order: 0,
      description: null,
      org_category: parent ? '2' : '1',
      org_type: type,
      org_code: code,
      mobile: null,
      fax: null,
      address: null,
      memo: null,
      status: '1',
      del_flag: '0',
      qywx_identifier: null,
      create_by: 'admin',
      create_time: T,
      update_by: null,
      update_time: null,
    });
    await run('sys_depart', [
      dep('c6d7cb4deeac411cb3384b1b31278596', '', '北京国炬软件', 'A01', '1'),
      dep('dd000000000000000000000000000001', 'c6d7cb4deeac411cb3384b1b31278596', '研发中心', 'A01A01', '2'),
      dep('dd000000000000000000000000000002', 'dd000000000000000000000000000001', '平台组', 'A01A01A01', '3'),
      // broken parent id: imported as a root
      dep('dd000000000000000000000000000003', 'no-such-depart', '孤立部门', 'A09', '2'),
    ]);
    await run('sys_depart_role', [
      {
        id: 'dr1',
        depart_id: 'dd000000000000000000000000000001',
        role_name: '研发部门角色',
        role_code: 'dev_role',
        description: null,
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
      },
    ]);
    await run('sys_role', [
      {
        id: ROLE.admin,
        role_name: '管理员',
        role_code: 'admin',
        description: '管理员',
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
      },
      {
        id: ROLE.manager,
        role_name: '经理',
        role_code: 'manager',
        description: null,
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
      },
      {
        id: ROLE.staff,
        role_name: '员工',
        role_code: 'staff',
        description: null,
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
      },
    ]);
    const user = (
      id: string,
      username: string,
      realname: string,
      p: { password: string; salt: string },
      extra: Record<string, V> = {},
    ) => ({
      id,
      username,
      realname,
      password: hash(username, p),
      salt: p.salt,
      avatar: null,
      birthday: null,
      sex: 1,
      email: null,
      phone: '',
      org_code: 'A01',
      status: 1,
      del_flag: 0,
      third_id: null,
      third_type: null,
      activiti_sync: 1,
      work_no: null,
      post: null,
      telephone: null,
      create_by: 'admin',
      create_time: T,
      update_by: null,
      update_time: null,
      user_identity: 1,
      depart_ids: null,
      rel_tenant_ids: '',
      client_id: null,
      ...extra,
    });
    await run('sys_user', [
      user(U.admin.id, 'admin', '管理员', U.admin, {
        phone: '18611111111',
        email: 'jeecg@163.com',
        user_identity: 2,
        work_no: '001',
      }),
      user(U.manager.id, 'manager', '王经理', U.manager, {
        birthday: '0000-00-00 00:00:00',
        email: 'wang@example.com',
        work_no: '002',
      }),
      user(U.staff.id, 'staff', '李员工', U.staff, {
        birthday: '1990-05-06 00:00:00',
        org_code: 'A01A01',
        create_time: '2022-04-02 10:00:00',
        work_no: '003',
      }),
      user(U.frozen.id, 'frozen', '冻结用户', U.frozen, { status: 2 }),
      user(U.gone.id, 'gone', '已删除用户', U.gone, { del_flag: 1 }),
      user(U.staffUpper.id, 'Staff', '重复用户', U.staffUpper, { create_time: '2022-05-01 10:00:00', work_no: '003' }),
    ]);
    await run('sys_user_depart', [
      { ID: 'ud1', user_id: U.admin.id, dep_id: 'c6d7cb4deeac411cb3384b1b31278596' },
      { ID: 'ud2', user_id: U.staff.id, dep_id: 'dd000000000000000000000000000002' },
      { ID: 'ud3', user_id: U.manager.id, dep_id: 'dd000000000000000000000000000001' },
      // orphan links
      { ID: 'ud4', user_id: 'no-such-user', dep_id: 'dd000000000000000000000000000001' },
      { ID: 'ud5', user_id: U.staff.id, dep_id: 'no-such-depart' },
    ]);
    await run('sys_user_role', [
      { id: 'ur1', user_id: U.admin.id, role_id: ROLE.admin },
      { id: 'ur2', user_id: U.manager.id, role_id: ROLE.manager },
      { id: 'ur3', user_id: U.staff.id, role_id: ROLE.staff },
      { id: 'ur4', user_id: U.frozen.id, role_id: ROLE.staff },
      { id: 'ur5', user_id: U.staff.id, role_id: 'no-such-role' },
    ]);
    await run('sys_depart_role_user', [{ id: 'dru1', user_id: U.manager.id, drole_id: 'dr1' }]);

    const menu = (
      id: string,
      parent: string,
      name: string,
      url: string | null,
      component: string | null,
      menuType: number,
      extra: Record<string, V> = {},
    ) => ({
      id,
      parent_id: parent,
      name,
      url,
      component,
      component_name: null,
      redirect: null,
      menu_type: menuType,
      perms: null,
      perms_type: '1',
      sort_no: 1,
      always_show: 0,
      icon: null,
      is_route: 1,
      is_leaf: 0,
      keep_alive: 0,
      hidden: 0,
      hide_tab: 0,
      description: null,
      create_by: 'admin',
      create_time: T,
      update_by: null,
      update_time: null,
      del_flag: 0,
      rule_flag: 0,
      status: '1',
      internal_or_external: 0,
      ...extra,
    });
    const btn = (id: string, parent: string, name: string, perms: string) =>
      menu(id, parent, name, null, null, 2, { perms, is_route: 0, is_leaf: 1 });
    await run('sys_permission', [
      menu(MENU.home, '', '首页', '/dashboard/analysis', 'dashboard/Analysis', 0, { sort_no: 0, is_leaf: 1 }),
      menu(MENU.sys, '', '系统管理', '/isystem', 'layouts/RouteView', 0, { sort_no: 4 }),
      menu(MENU.user, MENU.sys, '用户管理', '/isystem/user', 'system/UserList', 1, { is_leaf: 1 }),
      btn(MENU.userAdd, MENU.user, '添加用户', 'user:add'),
      btn(MENU.userEdit, MENU.user, '编辑用户', 'user:edit'),
      menu(MENU.l1, '', '业务中心', '/biz', 'layouts/RouteView', 0, { sort_no: 20 }),
      menu(MENU.l2, MENU.l1, '二级', '/biz/l2', 'layouts/RouteView', 1),
      menu(MENU.l3, MENU.l2, '三级', '/biz/l2/l3', 'layouts/RouteView', 1),
      menu(MENU.l4, MENU.l3, '四级', '/biz/l2/l3/l4', 'layouts/RouteView', 1),
      menu(MENU.l5, MENU.l4, '五级', '/biz/l2/l3/l4/l5', 'layouts/RouteView', 1),
      menu(MENU.l6, MENU.l5, '合同台账', '/biz/l2/l3/l4/l5/contract', 'biz/ContractList', 1, { is_leaf: 1 }),
      btn(MENU.l6btn, MENU.l6, '合同审批', 'contract:approve'),
      // broken parent: imported as a top-level menu
      menu(MENU.orphan, 'no-such-menu', '孤儿菜单', '/orphan', 'jeecg/JeecgDemoList', 1, { is_leaf: 1 }),
      menu(MENU.staffOnly, '', '我的任务', '/mytask', '/views/system/SysAnnouncementList.vue', 0, {
        is_leaf: 1,
        sort_no: 30,
      }),
    ]);
    await run('sys_permission_data_rule', [
      {
        id: 'rule1',
        permission_id: MENU.user,
        rule_name: '本部门',
        rule_column: 'org_code',
        rule_conditions: '=',
        rule_value: '#{sys_org_code}',
        status: '1',
        create_time: T,
        create_by: 'admin',
        update_time: null,
        update_by: null,
      },
    ]);
    const grant = (id: string, role: string, perm: string) => ({
      id,
      role_id: role,
      permission_id: perm,
      data_rule_ids: null,
      operate_date: T,
      operate_ip: null,
    });
    const adminGrants = [
      MENU.home,
      MENU.sys,
      MENU.user,
      MENU.userAdd,
      MENU.userEdit,
      MENU.l1,
      MENU.l2,
      MENU.l3,
      MENU.l4,
      MENU.l5,
      MENU.l6,
      MENU.l6btn,
    ];
    await run('sys_role_permission', [
      ...adminGrants.map((p, i) => grant(`rpa${i}`, ROLE.admin, p)),
      ...[
        MENU.home,
        MENU.sys,
        MENU.user,
        MENU.userAdd,
        MENU.l1,
        MENU.l2,
        MENU.l3,
        MENU.l4,
        MENU.l5,
        MENU.l6,
        MENU.l6btn,
        MENU.orphan,
      ].map((p, i) => grant(`rpm${i}`, ROLE.manager, p)),
      ...[MENU.home, MENU.staffOnly].map((p, i) => grant(`rps${i}`, ROLE.staff, p)),
      grant('rpx1', ROLE.staff, 'no-such-menu'),
    ]);
    await run('sys_depart_permission', [
      { id: 'dp1', depart_id: 'dd000000000000000000000000000001', permission_id: MENU.user, data_rule_ids: null },
    ]);
    await run('sys_depart_role_permission', [
      {
        id: 'drp1',
        depart_id: 'dd000000000000000000000000000001',
        role_id: 'dr1',
        permission_id: MENU.user,
        data_rule_ids: null,
        operate_date: T,
        operate_ip: null,
      },
    ]);
    await run('sys_dict', [
      {
        id: '4d7fec1a7799a436d26d02325eff295e',
        dict_name: '性别',
        dict_code: 'sex',
        description: null,
        del_flag: 0,
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
        type: 0,
      },
      {
        id: 'dict_contract',
        dict_name: '合同状态',
        dict_code: 'contract_status',
        description: null,
        del_flag: 0,
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
        type: 0,
      },
    ]);
    const item = (id: string, dict: string, text: string, value: string, n: number) => ({
      id,
      dict_id: dict,
      item_text: text,
      item_value: value,
      description: null,
      sort_order: n,
      status: 1,
      create_by: 'admin',
      create_time: T,
      update_by: null,
      update_time: null,
    });
    await run('sys_dict_item', [
      item('di1', '4d7fec1a7799a436d26d02325eff295e', '男', '1', 1),
      item('di2', '4d7fec1a7799a436d26d02325eff295e', '女', '2', 2),
      item('di3', 'dict_contract', '草稿', 'draft', 1),
      item('di4', 'dict_contract', '已签', 'signed', 2),
      item('di5', 'no-such-dict', '孤儿', 'x', 1),
    ]);
    await run('sys_category', [
      {
        id: 'cat1',
        pid: '0',
        name: '合同分类',
        code: 'B01',
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
        sys_org_code: 'A01',
        has_child: '1',
      },
      {
        id: 'cat2',
        pid: 'cat1',
        name: '采购合同',
        code: 'B01A01',
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
        sys_org_code: 'A01',
        has_child: '0',
      },
    ]);
    await run('sys_fill_rule', [
      {
        id: 'fr1',
        rule_name: '合同编号',
        rule_code: 'contract_no',
        rule_class: 'com.acme.rule.ContractNoRule',
        rule_params: '{}',
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
      },
    ]);
    await run('sys_check_rule', [
      {
        id: 'cr1',
        rule_name: '合同编号校验',
        rule_code: 'contract_check',
        rule_json: '[{"digits":"*","pattern":"^HT","message":"以HT开头"}]',
        rule_description: null,
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
      },
    ]);
    await run('sys_announcement', [
      {
        id: 'ann1',
        titile: '系统切换通知',
        msg_content: '<p>下周切换到新系统</p>',
        start_time: T,
        end_time: '2030-01-01 00:00:00',
        sender: 'admin',
        priority: 'H',
        msg_category: '1',
        msg_type: 'USER',
        send_status: '1',
        send_time: T,
        cancel_time: '0000-00-00 00:00:00',
        del_flag: '0',
        bus_type: null,
        bus_id: null,
        open_type: null,
        open_page: null,
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
        user_ids: `${U.staff.id},`,
        msg_abstract: null,
        dt_task_id: null,
      },
    ]);
    await run('sys_announcement_send', [
      {
        id: 'as1',
        annt_id: 'ann1',
        user_id: U.staff.id,
        read_flag: '0',
        read_time: null,
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
      },
      {
        id: 'as2',
        annt_id: 'ann1',
        user_id: 'no-such-user',
        read_flag: '0',
        read_time: null,
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
      },
    ]);
    await run('sys_sms_template', [
      {
        id: 'tpl1',
        template_name: '合同到期',
        template_code: 'contract_due',
        template_type: '3',
        template_content: `合同\${no}即将到期`,
        template_test_json: null,
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
      },
    ]);
    await run('sys_quartz_job', [
      {
        id: 'job1',
        create_by: 'admin',
        create_time: T,
        del_flag: 0,
        update_by: null,
        update_time: null,
        job_class_name: 'org.jeecg.modules.quartz.job.SampleJob',
        cron_expression: '0 0 1 * * ?',
        parameter: null,
        description: '示例',
        status: -1,
      },
      {
        id: 'job2',
        create_by: 'admin',
        create_time: T,
        del_flag: 0,
        update_by: null,
        update_time: null,
        job_class_name: 'com.acme.job.ContractMailJob',
        cron_expression: '0 0 8 * * ?',
        parameter: null,
        description: '合同到期邮件',
        status: 0,
      },
    ]);
    await run('sys_data_source', [
      {
        id: 'ds1',
        code: 'erp_mysql',
        name: 'ERP库',
        remark: null,
        db_type: '4',
        db_driver: 'com.mysql.cj.jdbc.Driver',
        db_url: 'jdbc:mysql://127.0.0.1:3306/erp',
        db_name: 'erp',
        db_username: 'erp',
        db_password: jeecgEncrypt('erp-secret'),
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
        sys_org_code: 'A01',
      },
    ]);
    await run('sys_gateway_route', [
      {
        id: 'gw1',
        router_id: 'jeecg-system',
        name: 'jeecg-system',
        uri: 'lb://jeecg-system',
        predicates: '[{"name":"Path","args":["/sys/**"]}]',
        filters: '[]',
        retryable: null,
        strip_prefix: null,
        persistable: null,
        show_api: null,
        status: 1,
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
        sys_org_code: null,
      },
    ]);
    const head = (id: string, table: string, txt: string, type: number, extra: Record<string, V> = {}) => ({
      id,
      table_name: table,
      table_type: type,
      table_version: 1,
      table_txt: txt,
      is_checkbox: 'Y',
      is_db_synch: 'Y',
      is_page: 'Y',
      is_tree: 'N',
      id_sequence: null,
      id_type: 'UUID',
      query_mode: 'single',
      relation_type: null,
      sub_table_str: null,
      tab_order_num: null,
      tree_parent_id_field: null,
      tree_id_field: null,
      tree_fieldname: null,
      form_category: 'bdfl_include',
      form_template: '1',
      form_template_mobile: null,
      scroll: 1,
      copy_version: null,
      copy_type: 0,
      physic_id: null,
      ext_config_json: null,
      theme_template: 'normal',
      is_des_form: 'N',
      des_form_code: null,
      low_app_id: null,
      create_by: 'admin',
      create_time: T,
      update_by: null,
      update_time: null,
      ...extra,
    });
    await run('onl_cgform_head', [
      head('form_main', 'test_order', '测试订单', 2, { sub_table_str: 'test_order_item' }),
      head('form_sub', 'test_order_item', '订单明细', 3, { relation_type: 0, tab_order_num: 1 }),
    ]);
    let n = 0;
    const field = (
      headId: string,
      name: string,
      txt: string,
      type: string,
      len: number,
      extra: Record<string, V> = {},
    ) => ({
      id: `f${++n}`,
      cgform_head_id: headId,
      db_field_name: name,
      db_field_txt: txt,
      db_field_name_old: null,
      db_is_key: name === 'id' ? 1 : 0,
      db_is_null: name === 'id' ? 0 : 1,
      db_type: type,
      db_length: len,
      db_point_length: type === 'double' ? 2 : 0,
      db_default_val: null,
      dict_field: null,
      dict_table: null,
      dict_text: null,
      field_show_type: 'text',
      field_href: null,
      field_length: 120,
      field_valid_type: null,
      field_must_input: '0',
      field_extend_json: null,
      field_default_value: null,
      is_query: 0,
      is_show_form: name === 'id' ? 0 : 1,
      is_show_list: name === 'id' ? 0 : 1,
      is_read_only: 0,
      query_mode: 'single',
      main_table: null,
      main_field: null,
      order_num: n,
      converter: null,
      query_def_val: null,
      query_dict_text: null,
      query_dict_field: null,
      query_dict_table: null,
      query_show_type: null,
      query_config_flag: '0',
      query_valid_type: null,
      query_must_input: '0',
      sort_flag: '0',
      create_by: 'admin',
      create_time: T,
      update_by: null,
      update_time: null,
      ...extra,
    });
    await run('onl_cgform_field', [
      field('form_main', 'id', '主键', 'string', 36),
      field('form_main', 'create_by', '创建人', 'string', 50),
      field('form_main', 'create_time', '创建日期', 'Datetime', 0),
      field('form_main', 'order_no', '订单号', 'string', 32),
      field('form_main', 'amount', '金额', 'double', 10),
      field('form_main', 'order_date', '下单日期', 'Date', 0, { field_show_type: 'date' }),
      field('form_sub', 'id', '主键', 'string', 36),
      field('form_sub', 'create_by', '创建人', 'string', 50),
      field('form_sub', 'create_time', '创建日期', 'Datetime', 0),
      field('form_sub', 'order_id', '订单', 'string', 36, { main_table: 'test_order', main_field: 'id' }),
      field('form_sub', 'goods', '商品', 'string', 100),
      field('form_sub', 'qty', '数量', 'int', 10),
    ]);
    await run('onl_cgform_button', [
      {
        ID: 'b1',
        BUTTON_CODE: 'approve',
        BUTTON_ICON: null,
        BUTTON_NAME: '审批',
        BUTTON_STATUS: '1',
        BUTTON_STYLE: 'button',
        EXP: null,
        CGFORM_HEAD_ID: 'form_main',
        OPT_TYPE: 'js',
        ORDER_NUM: 1,
        OPT_POSITION: '2',
      },
    ]);
    await run('test_order', [
      { id: 'o1', create_by: 'admin', create_time: T, order_no: 'HT-001', amount: 99.5, order_date: '2022-03-01' },
      { id: 'o2', create_by: 'admin', create_time: T, order_no: 'HT-002', amount: 10, order_date: '0000-00-00' },
    ]);
    await run('test_order_item', [
      { id: 'i1', create_by: 'admin', create_time: T, order_id: 'o1', goods: '笔记本', qty: 2 },
      { id: 'i2', create_by: 'admin', create_time: T, order_id: 'o1', goods: '鼠标', qty: 1 },
    ]);
    await run('onl_cgreport_head', [
      {
        id: 'rep1',
        code: 'user_report',
        name: '用户报表',
        cgr_sql: 'select username, realname from sys_user',
        return_val_field: null,
        return_txt_field: null,
        return_type: '1',
        db_source: null,
        content: null,
        low_app_id: null,
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
      },
      {
        id: 'rep2',
        code: 'danger_report',
        name: '危险报表',
        cgr_sql: 'delete from sys_user',
        return_val_field: null,
        return_txt_field: null,
        return_type: '1',
        db_source: null,
        content: null,
        low_app_id: null,
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
      },
    ]);
    await run('onl_cgreport_item', [
      {
        id: 'ri1',
        cgrhead_id: 'rep1',
        field_name: 'username',
        field_txt: '用户名',
        field_width: null,
        field_type: 'String',
        search_mode: 'single',
        is_order: 1,
        is_search: 1,
        dict_code: null,
        field_href: null,
        is_show: 1,
        order_num: 1,
        replace_val: null,
        is_total: null,
        group_title: null,
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
      },
    ]);
    await run('onl_cgreport_param', [
      {
        id: 'rp1',
        cgrhead_id: 'rep1',
        param_name: 'name',
        param_txt: '名字',
        param_value: null,
        order_num: 1,
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
      },
    ]);
    await run('oss_file', [
      {
        id: 'oss1',
        file_name: '合同.pdf',
        url: 'https://oss.example.com/upload/合同.pdf',
        create_by: 'admin',
        create_time: T,
        update_by: null,
        update_time: null,
      },
    ]);
    await run('sys_log', [
      {
        id: 'log1',
        log_type: 1,
        log_content: '用户名: admin,登录成功！',
        operate_type: null,
        userid: 'admin',
        username: '管理员',
        ip: '127.0.0.1',
        method: null,
        request_url: null,
        request_param: null,
        request_type: null,
        cost_time: 5,
        create_by: null,
        create_time: T,
        update_by: null,
        update_time: null,
      },
    ]);
  } finally {
    await c.end();
  }
}
