import { sql } from 'drizzle-orm';
import { DefinitionInput } from '../../modules/cgform/design/definition.ts';
import { saveDefinition } from '../../modules/cgform/design/store.ts';
import { syncDefinition } from '../../modules/cgform/design/sync.ts';
import { assertIdent, quoteIdent } from '../../modules/cgform/ident.ts';
import type { Db } from '../client.ts';
import type { AreaSeedContext } from './area-seed.ts';
import { DEPART_IDS } from './data.ts';
import { seedId } from './ids.ts';

/**
 * Online表单开发 demo definitions (JeecgBoot's demo forms): a single table with many form views, an order main with a
 * one-to-many and a one-to-one sub (head id 56efb74326e74064b60933f6f8af30ea, inner-table theme) and a tree. They are
 * saved and synchronised through the designer's own code (the same checks and DDL as a user's 同步数据库), then get a
 * few rows. Menu entries under 常见案例 open them (db/seed/menus.ts).
 */

export const SEED_FORMS = {
  single: seedId('cgform:test_demo'),
  orderMain: '56efb74326e74064b60933f6f8af30ea',
  orderProduct: seedId('cgform:test_order_product'),
  orderCustomer: seedId('cgform:test_order_customer'),
  tree: seedId('cgform:test_shoptype_tree'),
} as const;

type F = Record<string, unknown>;

const field = (dbFieldName: string, dbFieldTxt: string, more: F = {}): F => ({
  dbFieldName,
  dbFieldTxt,
  dbType: 'string',
  dbLength: 32,
  isShowForm: 1,
  isShowList: 1,
  ...more,
});

const SINGLE = {
  head: {
    tableName: 'test_demo',
    tableTxt: '单表示例（Online）',
    tableType: 1,
    isCheckbox: 'Y',
    isPage: 'Y',
    isTree: 'N',
    queryMode: 'single',
    formTemplate: '2',
    themeTemplate: 'normal',
  },
  fields: [
    field('name', '姓名', { isQuery: 1, fieldMustInput: '1', dbIsNull: 0 }),
    field('sex', '性别', { fieldShowType: 'list', dictField: 'sex', isQuery: 1 }),
    field('age', '年龄', { dbType: 'int', dbLength: 10, fieldShowType: 'integer', queryMode: 'group', isQuery: 1 }),
    field('birthday', '生日', { dbType: 'Date', dbLength: 10, fieldShowType: 'date' }),
    field('punch_time', '打卡时间', { dbType: 'Datetime', dbLength: 20, fieldShowType: 'datetime' }),
    field('salary', '工资', { dbType: 'BigDecimal', dbLength: 10, dbPointLength: 2, fieldShowType: 'number' }),
    field('is_open', '是否启用', {
      dbLength: 2,
      fieldShowType: 'switch',
      fieldExtendJson: '["Y","N"]',
      dbDefaultVal: 'N',
    }),
    field('focus_level', '关注级别', { dbLength: 100, fieldShowType: 'checkbox', dictField: 'priority' }),
    field('user_code', '负责人', { dbLength: 100, fieldShowType: 'sel_user' }),
    // sel_depart stores the department id (JeecgBoot's JSelectDept default); the list shows its name
    field('depart', '所属部门', { dbLength: 100, fieldShowType: 'sel_depart' }),
    field('pop', '用户弹框', {
      dbLength: 100,
      fieldShowType: 'popup',
      dictTable: 'report_user',
      dictField: 'username',
      dictText: 'pop',
    }),
    field('descc', '描述', { dbType: 'Text', dbLength: 0, fieldShowType: 'textarea', isShowList: 0 }),
  ],
  indexs: [{ indexName: 'idx_test_demo_name', indexField: 'name', indexType: 'normal' }],
};

const ORDER_MAIN = {
  head: {
    tableName: 'test_order_main',
    tableTxt: '订单主表（Online）',
    tableType: 2,
    themeTemplate: 'innerTable',
    formTemplate: '1',
  },
  fields: [
    field('order_code', '订单编码', { dbLength: 50, isQuery: 1, dbIsNull: 0, fieldMustInput: '1' }),
    field('order_date', '下单时间', { dbType: 'Datetime', dbLength: 20, fieldShowType: 'datetime' }),
    field('order_money', '订单金额', { dbType: 'BigDecimal', dbLength: 10, dbPointLength: 2, fieldShowType: 'number' }),
    field('descc', '备注', { dbLength: 500, fieldShowType: 'textarea' }),
  ],
  indexs: [{ indexName: 'uk_test_order_main_code', indexField: 'order_code', indexType: 'unique' }],
};

const ORDER_PRODUCT = {
  head: {
    tableName: 'test_order_product',
    tableTxt: '订单商品（一对多）',
    tableType: 3,
    relationType: 0,
    tabOrderNum: 1,
  },
  fields: [
    field('product_name', '商品名称', { dbLength: 100, dbIsNull: 0, fieldMustInput: '1' }),
    field('price', '价格', { dbType: 'BigDecimal', dbLength: 10, dbPointLength: 2, fieldShowType: 'number' }),
    field('num', '数量', { dbType: 'int', dbLength: 10, fieldShowType: 'integer', dbDefaultVal: '1' }),
    field('order_fk_id', '订单ID', {
      dbLength: 36,
      isShowForm: 0,
      isShowList: 0,
      mainTable: 'test_order_main',
      mainField: 'id',
    }),
  ],
  indexs: [{ indexName: 'idx_test_order_product_fk', indexField: 'order_fk_id', indexType: 'normal' }],
};

const ORDER_CUSTOMER = {
  head: {
    tableName: 'test_order_customer',
    tableTxt: '订单客户（一对一）',
    tableType: 3,
    relationType: 1,
    tabOrderNum: 2,
  },
  fields: [
    field('customer_name', '客户名', { dbLength: 50 }),
    field('sex', '性别', { fieldShowType: 'radio', dictField: 'sex' }),
    field('telphone', '电话', { dbLength: 20, fieldValidType: 'm' }),
    field('order_id', '订单ID', {
      dbLength: 36,
      isShowForm: 0,
      isShowList: 0,
      mainTable: 'test_order_main',
      mainField: 'id',
    }),
  ],
  indexs: [{ indexName: 'uk_test_order_customer_order', indexField: 'order_id', indexType: 'unique' }],
};

const TREE = {
  head: {
    tableName: 'test_shoptype_tree',
    tableTxt: '商品分类（树）',
    tableType: 1,
    isTree: 'Y',
    isPage: 'N',
    treeParentIdField: 'pid',
    treeIdField: 'has_child',
    treeFieldname: 'type_name',
  },
  fields: [
    field('type_name', '分类名称', { dbLength: 50, isQuery: 1, dbIsNull: 0 }),
    field('pic', '分类图片', { dbLength: 500, fieldShowType: 'image', isShowList: 0 }),
    field('pid', '父级节点', { dbLength: 36, fieldShowType: 'sel_tree', isShowList: 0, dbDefaultVal: '0' }),
    field('has_child', '是否有子节点', { dbLength: 3, isShowForm: 0, isShowList: 0, dbDefaultVal: '0' }),
  ],
  indexs: [{ indexName: 'idx_test_shoptype_tree_pid', indexField: 'pid', indexType: 'normal' }],
};

/**
 * timestamp columns hold UTC (as the platform's own tables do); the seed's wall-clock times are Beijing time. Values go
 * as ISO strings in UTC: the cast to `timestamp` keeps the wall clock of the string whatever the process time zone is.
 */
const gmt8 = (local: string) => new Date(`${local}+08:00`).toISOString();

async function insertRows(tx: Db, table: string, rows: F[]): Promise<void> {
  const t = quoteIdent(assertIdent(table, '表名'));
  for (const row of rows) {
    const cols = Object.keys(row).map((c) => quoteIdent(c));
    const vals = Object.values(row).map((v) => sql`${v}`);
    await tx.execute(sql`insert into ${sql.raw(t)} (${sql.raw(cols.join(', '))}) values (${sql.join(vals, sql`, `)})`);
  }
}

export async function seedOnlineArea({ tx, audit }: AreaSeedContext): Promise<void> {
  const by = audit.createBy;
  const forms: Array<[string, unknown]> = [
    [SEED_FORMS.single, SINGLE],
    [SEED_FORMS.orderMain, ORDER_MAIN],
    [SEED_FORMS.orderProduct, ORDER_PRODUCT],
    [SEED_FORMS.orderCustomer, ORDER_CUSTOMER],
    [SEED_FORMS.tree, TREE],
  ];
  for (const [id, body] of forms) {
    await saveDefinition(tx, DefinitionInput.parse(body), 'add', by, { newHeadId: id });
    await syncDefinition(tx, id, { method: 'normal', confirm: false, user: by });
  }

  const at = audit.createTime;
  const day = 86_400_000;
  const stamp = (i: number) => ({
    create_by: by,
    create_time: new Date(at.getTime() - i * day).toISOString(),
    sys_org_code: 'A01',
  });
  await insertRows(tx, 'test_demo', [
    {
      id: seedId('test_demo:1'),
      name: '张小明',
      sex: '1',
      age: 26,
      birthday: '1998-04-12',
      punch_time: gmt8('2030-01-02T09:01:00'),
      salary: 8800.5,
      is_open: 'Y',
      focus_level: 'H',
      user_code: 'admin',
      depart: DEPART_IDS.A01,
      pop: 'admin',
      descc: '在线表单的示例数据',
      ...stamp(1),
    },
    {
      id: seedId('test_demo:2'),
      name: '李小红',
      sex: '2',
      age: 31,
      birthday: '1993-09-30',
      punch_time: gmt8('2030-01-02T08:55:00'),
      salary: 12000,
      is_open: 'N',
      focus_level: 'M,L',
      user_code: 'jeecg',
      depart: DEPART_IDS.A01A03,
      pop: 'jeecg',
      descc: '第二条数据',
      ...stamp(2),
    },
    {
      id: seedId('test_demo:3'),
      name: '王大力',
      sex: '1',
      age: 45,
      birthday: '1979-01-05',
      punch_time: gmt8('2030-01-03T09:20:00'),
      salary: 15600.75,
      is_open: 'Y',
      focus_level: 'L',
      user_code: 'admin',
      depart: DEPART_IDS.A01,
      pop: 'admin',
      descc: null,
      ...stamp(3),
    },
  ]);

  const o1 = seedId('test_order_main:1');
  const o2 = seedId('test_order_main:2');
  await insertRows(tx, 'test_order_main', [
    {
      id: o1,
      order_code: 'ON-2030-001',
      order_date: gmt8('2030-01-05T10:30:00'),
      order_money: 356.8,
      descc: '首单',
      ...stamp(1),
    },
    {
      id: o2,
      order_code: 'ON-2030-002',
      order_date: gmt8('2030-01-06T15:12:00'),
      order_money: 99,
      descc: null,
      ...stamp(2),
    },
  ]);
  await insertRows(tx, 'test_order_product', [
    { id: seedId('test_order_product:1'), product_name: '答题卡', price: 2.4, num: 100, order_fk_id: o1, ...stamp(1) },
    { id: seedId('test_order_product:2'), product_name: '2B铅笔', price: 1.2, num: 97, order_fk_id: o1, ...stamp(1) },
    { id: seedId('test_order_product:3'), product_name: '草稿纸', price: 9.9, num: 10, order_fk_id: o2, ...stamp(2) },
  ]);
  await insertRows(tx, 'test_order_customer', [
    {
      id: seedId('test_order_customer:1'),
      customer_name: '张三',
      sex: '1',
      telphone: '13800000001',
      order_id: o1,
      ...stamp(1),
    },
    {
      id: seedId('test_order_customer:2'),
      customer_name: '李四',
      sex: '2',
      telphone: '13800000002',
      order_id: o2,
      ...stamp(2),
    },
  ]);

  const t = (k: string) => seedId(`test_shoptype_tree:${k}`);
  await insertRows(tx, 'test_shoptype_tree', [
    { id: t('office'), type_name: '办公用品', pid: '0', has_child: '1', ...stamp(1) },
    { id: t('pen'), type_name: '书写工具', pid: t('office'), has_child: '1', ...stamp(1) },
    { id: t('pencil'), type_name: '铅笔', pid: t('pen'), has_child: '0', ...stamp(1) },
    { id: t('paper'), type_name: '纸张', pid: t('office'), has_child: '0', ...stamp(1) },
    { id: t('digital'), type_name: '数码产品', pid: '0', has_child: '0', ...stamp(2) },
  ]);
}
