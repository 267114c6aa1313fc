import { index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, idColumn } from './columns.ts';

/**
 * Online low-code (在线开发, contract-2 §4.4): form definitions (onl_cgform_*) that the designer synchronises into real
 * tables, the per-role field/button/data rules of a form (onl_auth_*), and report definitions (onl_cgreport_*).
 * Column names follow JeecgBoot 3.2.0. Enhancement tables (onl_cgform_enhance_js/sql/java) are deliberately absent:
 * no code from a definition is ever executed (issue 13, "safe by construction").
 */

/** A form definition. table_type 1 single, 2 main, 3 sub; theme_template normal | tab | erp | innerTable. */
export const onlCgformHead = pgTable(
  'onl_cgform_head',
  {
    id: idColumn(),
    tableName: varchar('table_name', { length: 63 }).notNull(),
    tableType: integer('table_type').notNull().default(1),
    tableVersion: integer('table_version').notNull().default(1),
    tableTxt: varchar('table_txt', { length: 200 }).notNull(),
    isCheckbox: varchar('is_checkbox', { length: 5 }).notNull().default('Y'),
    isDbSynch: varchar('is_db_synch', { length: 20 }).notNull().default('N'),
    isPage: varchar('is_page', { length: 5 }).notNull().default('Y'),
    isTree: varchar('is_tree', { length: 5 }).notNull().default('N'),
    idSequence: varchar('id_sequence', { length: 200 }),
    idType: varchar('id_type', { length: 100 }).default('UUID'),
    queryMode: varchar('query_mode', { length: 10 }).notNull().default('single'),
    /** sub tables only: 0 one-to-many, 1 one-to-one */
    relationType: integer('relation_type'),
    /** main tables: comma-separated sub table names */
    subTableStr: varchar('sub_table_str', { length: 1000 }),
    tabOrderNum: integer('tab_order_num'),
    treeParentIdField: varchar('tree_parent_id_field', { length: 63 }),
    treeIdField: varchar('tree_id_field', { length: 63 }),
    treeFieldname: varchar('tree_fieldname', { length: 63 }),
    formCategory: varchar('form_category', { length: 50 }).notNull().default('bdfl_include'),
    formTemplate: varchar('form_template', { length: 10 }).default('1'),
    formTemplateMobile: varchar('form_template_mobile', { length: 10 }),
    scroll: integer('scroll').default(1),
    copyVersion: integer('copy_version'),
    /** 1 = this row is a copy (AUTO复制表单) of physic_id */
    copyType: integer('copy_type').notNull().default(0),
    physicId: varchar('physic_id', { length: 36 }),
    extConfigJson: text('ext_config_json'),
    themeTemplate: varchar('theme_template', { length: 20 }).default('normal'),
    isDesForm: varchar('is_des_form', { length: 5 }).default('N'),
    desFormCode: varchar('des_form_code', { length: 50 }),
    lowAppId: varchar('low_app_id', { length: 36 }),
    ...audit,
  },
  (t) => [index('idx_onl_cgform_head_table_name').on(t.tableName), index('idx_onl_cgform_head_physic').on(t.physicId)],
);

/** A field of a form definition (a column of its table). db_field_name_old tracks renames between syncs. */
export const onlCgformField = pgTable(
  'onl_cgform_field',
  {
    id: idColumn(),
    cgformHeadId: varchar('cgform_head_id', { length: 36 }).notNull(),
    dbFieldName: varchar('db_field_name', { length: 63 }).notNull(),
    dbFieldTxt: varchar('db_field_txt', { length: 200 }),
    dbFieldNameOld: varchar('db_field_name_old', { length: 63 }),
    dbIsKey: integer('db_is_key').notNull().default(0),
    dbIsNull: integer('db_is_null').notNull().default(1),
    dbType: varchar('db_type', { length: 32 }).notNull().default('string'),
    dbLength: integer('db_length').notNull().default(32),
    dbPointLength: integer('db_point_length').default(0),
    dbDefaultVal: varchar('db_default_val', { length: 200 }),
    dictField: varchar('dict_field', { length: 100 }),
    dictTable: varchar('dict_table', { length: 255 }),
    dictText: varchar('dict_text', { length: 100 }),
    /** form view (contract-2 §4.2 list: text, list, radio, …) */
    fieldShowType: varchar('field_show_type', { length: 20 }).default('text'),
    fieldHref: varchar('field_href', { length: 200 }),
    fieldLength: integer('field_length').default(120),
    fieldValidType: varchar('field_valid_type', { length: 300 }),
    fieldMustInput: varchar('field_must_input', { length: 2 }).default('0'),
    fieldExtendJson: varchar('field_extend_json', { length: 500 }),
    fieldDefaultValue: varchar('field_default_value', { length: 100 }),
    isQuery: integer('is_query').notNull().default(0),
    isShowForm: integer('is_show_form').notNull().default(1),
    isShowList: integer('is_show_list').notNull().default(1),
    isReadOnly: integer('is_read_only').notNull().default(0),
    queryMode: varchar('query_mode', { length: 10 }).default('single'),
    /** sub tables: the main table and its field this column refers to */
    mainTable: varchar('main_table', { length: 63 }),
    mainField: varchar('main_field', { length: 63 }),
    orderNum: integer('order_num').notNull().default(0),
    converter: varchar('converter', { length: 255 }),
    queryDefVal: varchar('query_def_val', { length: 100 }),
    queryDictText: varchar('query_dict_text', { length: 100 }),
    queryDictField: varchar('query_dict_field', { length: 100 }),
    queryDictTable: varchar('query_dict_table', { length: 500 }),
    queryShowType: varchar('query_show_type', { length: 50 }),
    queryConfigFlag: varchar('query_config_flag', { length: 3 }).default('0'),
    queryValidType: varchar('query_valid_type', { length: 50 }),
    queryMustInput: varchar('query_must_input', { length: 3 }).default('0'),
    sortFlag: varchar('sort_flag', { length: 3 }).default('0'),
    ...audit,
  },
  (t) => [
    index('idx_onl_cgform_field_head').on(t.cgformHeadId),
    uniqueIndex('uq_onl_cgform_field_name').on(t.cgformHeadId, t.dbFieldName),
  ],
);

/** An index of a form table. index_type normal | unique. */
export const onlCgformIndex = pgTable(
  'onl_cgform_index',
  {
    id: idColumn(),
    cgformHeadId: varchar('cgform_head_id', { length: 36 }).notNull(),
    indexName: varchar('index_name', { length: 63 }).notNull(),
    indexField: varchar('index_field', { length: 500 }).notNull(),
    indexType: varchar('index_type', { length: 32 }).notNull().default('normal'),
    isDbSynch: varchar('is_db_synch', { length: 2 }).notNull().default('N'),
    delFlag: integer('del_flag').notNull().default(0),
    ...audit,
  },
  (t) => [index('idx_onl_cgform_index_head').on(t.cgformHeadId)],
);

/** A custom button of a generated list. opt_type js | action; opt_position 1 side, 2 bottom. */
export const onlCgformButton = pgTable(
  'onl_cgform_button',
  {
    id: idColumn(),
    cgformHeadId: varchar('cgform_head_id', { length: 36 }).notNull(),
    buttonCode: varchar('button_code', { length: 50 }).notNull(),
    buttonIcon: varchar('button_icon', { length: 50 }),
    buttonName: varchar('button_name', { length: 50 }).notNull(),
    buttonStatus: varchar('button_status', { length: 2 }).notNull().default('1'),
    buttonStyle: varchar('button_style', { length: 20 }).notNull().default('button'),
    exp: varchar('exp', { length: 255 }),
    optType: varchar('opt_type', { length: 20 }).notNull().default('action'),
    orderNum: integer('order_num').notNull().default(0),
    optPosition: varchar('opt_position', { length: 3 }).notNull().default('2'),
  },
  (t) => [index('idx_onl_cgform_button_head').on(t.cgformHeadId)],
);

/**
 * Field and button rules of a form (online auth): type 1 field / 2 button; control 3 editable / 5 visible;
 * page 3 list / 5 form. A rule exists once per (head, code, type, control, page); which roles it binds is onl_auth_relation.
 */
export const onlAuthPage = pgTable(
  'onl_auth_page',
  {
    id: idColumn(),
    cgformId: varchar('cgform_id', { length: 36 }).notNull(),
    code: varchar('code', { length: 255 }).notNull(),
    type: integer('type').notNull(),
    control: integer('control').notNull(),
    page: integer('page').notNull(),
    status: integer('status').notNull().default(1),
    ...audit,
  },
  (t) => [index('idx_onl_auth_page_form').on(t.cgformId)],
);

/** Data rules of a form: rule_column rule_operator rule_value, like sys_permission_data_rule. */
export const onlAuthData = pgTable(
  'onl_auth_data',
  {
    id: idColumn(),
    cgformId: varchar('cgform_id', { length: 36 }).notNull(),
    ruleName: varchar('rule_name', { length: 50 }),
    ruleColumn: varchar('rule_column', { length: 50 }),
    ruleOperator: varchar('rule_operator', { length: 50 }),
    ruleValue: varchar('rule_value', { length: 255 }),
    status: integer('status').notNull().default(1),
    ...audit,
  },
  (t) => [index('idx_onl_auth_data_form').on(t.cgformId)],
);

/** Which role (role_id) is bound to which rule (auth_id of onl_auth_page or onl_auth_data; type 1 page rule, 2 data rule). */
export const onlAuthRelation = pgTable(
  'onl_auth_relation',
  {
    id: idColumn(),
    roleId: varchar('role_id', { length: 36 }).notNull(),
    authId: varchar('auth_id', { length: 36 }).notNull(),
    type: integer('type').notNull(),
    cgformId: varchar('cgform_id', { length: 36 }).notNull(),
    authMode: varchar('auth_mode', { length: 50 }).default('role'),
  },
  (t) => [index('idx_onl_auth_relation_role').on(t.roleId), index('idx_onl_auth_relation_form').on(t.cgformId)],
);

/** A report definition: one SELECT with named ${params}, run read-only (issue 13). db_source = a 多数据源管理 code or null. */
export const onlCgreportHead = pgTable(
  'onl_cgreport_head',
  {
    id: idColumn(),
    code: varchar('code', { length: 100 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    cgrSql: varchar('cgr_sql', { length: 4000 }).notNull(),
    returnValField: varchar('return_val_field', { length: 100 }),
    returnTxtField: varchar('return_txt_field', { length: 100 }),
    returnType: varchar('return_type', { length: 2 }).default('1'),
    dbSource: varchar('db_source', { length: 100 }),
    content: varchar('content', { length: 1000 }),
    lowAppId: varchar('low_app_id', { length: 36 }),
    /**
     * Why the report may not run (null: it may). Set by the JeecgBoot import for a report whose SQL our report guard
     * refuses; cleared when the designer saves SQL that passes.
     */
    disabledReason: varchar('disabled_reason', { length: 500 }),
    ...audit,
  },
  (t) => [uniqueIndex('uq_onl_cgreport_head_code').on(t.code)],
);

/** A column of a report. */
export const onlCgreportItem = pgTable(
  'onl_cgreport_item',
  {
    id: idColumn(),
    cgrheadId: varchar('cgrhead_id', { length: 36 }).notNull(),
    fieldName: varchar('field_name', { length: 125 }).notNull(),
    fieldTxt: varchar('field_txt', { length: 125 }),
    fieldWidth: integer('field_width'),
    fieldType: varchar('field_type', { length: 10 }).default('String'),
    searchMode: varchar('search_mode', { length: 10 }),
    isOrder: integer('is_order').notNull().default(0),
    isSearch: integer('is_search').notNull().default(0),
    dictCode: varchar('dict_code', { length: 500 }),
    fieldHref: varchar('field_href', { length: 120 }),
    isShow: integer('is_show').notNull().default(1),
    orderNum: integer('order_num').notNull().default(0),
    replaceVal: varchar('replace_val', { length: 200 }),
    isTotal: varchar('is_total', { length: 2 }),
    groupTitle: varchar('group_title', { length: 50 }),
    ...audit,
  },
  (t) => [index('idx_onl_cgreport_item_head').on(t.cgrheadId)],
);

/** A named parameter of a report's SQL (${paramName}); param_value is its default. */
export const onlCgreportParam = pgTable(
  'onl_cgreport_param',
  {
    id: idColumn(),
    cgrheadId: varchar('cgrhead_id', { length: 36 }).notNull(),
    paramName: varchar('param_name', { length: 32 }).notNull(),
    paramTxt: varchar('param_txt', { length: 32 }),
    paramValue: varchar('param_value', { length: 64 }),
    orderNum: integer('order_num').notNull().default(0),
    ...audit,
  },
  (t) => [index('idx_onl_cgreport_param_head').on(t.cgrheadId)],
);
