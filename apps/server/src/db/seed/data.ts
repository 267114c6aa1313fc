import { seedId } from './ids.ts';

/** Demo credentials of the seeded super user; the server refuses to start in production while admin still has them. */
export const DEMO_ADMIN = { username: 'admin', password: '123456' } as const;

/** Password of every seeded demo user (contract §7: admin and jeecg use 123456 upstream). */
export const DEMO_PASSWORD = '123456';

// ---------- roles ----------

export const ROLE_IDS = {
  admin: 'f6817f48af4fb3af11b9e8bf182f618b',
  test: 'ee8626f80f7c2619917b6236f3a7f02b',
  hr: seedId('role:hr'),
  caiwu: seedId('role:caiwu'),
  /** the minimal role of self-registered users (config REGISTER_DEFAULT_ROLE, issue 10 §4) */
  registerDefault: seedId('role:register_default'),
} as const;

export const SEED_ROLES = [
  { id: ROLE_IDS.admin, roleCode: 'admin', roleName: '管理员', description: '管理员' },
  { id: ROLE_IDS.test, roleCode: 'test', roleName: '临时角色', description: null },
  { id: ROLE_IDS.hr, roleCode: 'hr', roleName: '人力资源部', description: null },
  { id: ROLE_IDS.caiwu, roleCode: 'caiwu', roleName: '财务出纳', description: null },
  {
    id: ROLE_IDS.registerDefault,
    roleCode: 'register_default',
    roleName: '注册用户',
    description: '自注册用户默认角色：首页、我的消息和个人页，看不到其他用户',
  },
] as const;

// ---------- departments (contract §5.2, §5.4, §7) ----------

export const DEPART_IDS = {
  A01: 'c6d7cb4deeac411cb3384b1b31278596',
  A01A03: '4f1765520d6346f9bd9c79e2479e5b12',
  A01A04: '67fc001af12a4f9b8458005d3f19934a',
  A01A05: '57197590443c44f083d42ae24ef26a2c',
  A01A05A01: '63775228b7b041a99825f79760590b7d',
  A02: '6d35e179cd814e3299bd588ea7daed3f',
  A02A01: seedId('depart:A02A01'),
  A02A02: '5159cde220114246b045e574adceafe9',
} as const;

export type OrgCode = keyof typeof DEPART_IDS;

interface DepartSeed {
  orgCode: OrgCode;
  parent: OrgCode | null;
  departName: string;
  departNameAbbr?: string;
  /** '1' company, '2' department, '3' post */
  orgCategory: '1' | '2' | '3';
  mobile?: string;
  address?: string;
}

/** Parents before children; depart_order follows this order. org_type is the depth ('1' for roots). */
export const SEED_DEPARTS: readonly DepartSeed[] = [
  {
    orgCode: 'A01',
    parent: null,
    departName: '北京国炬软件',
    departNameAbbr: '国炬软件',
    orgCategory: '1',
    mobile: '010-88888888',
    address: '北京市海淀区',
  },
  { orgCode: 'A01A03', parent: 'A01', departName: '市场部', orgCategory: '2' },
  { orgCode: 'A01A04', parent: 'A01', departName: '财务部', orgCategory: '2' },
  { orgCode: 'A01A05', parent: 'A01', departName: '研发部', orgCategory: '2' },
  { orgCode: 'A01A05A01', parent: 'A01A05', departName: '研发经理', orgCategory: '3' },
  { orgCode: 'A02', parent: null, departName: '北京卓尔互动', departNameAbbr: '卓尔互动', orgCategory: '1' },
  { orgCode: 'A02A01', parent: 'A02', departName: '财务部', orgCategory: '2' },
  { orgCode: 'A02A02', parent: 'A02', departName: '研发部', orgCategory: '2' },
];

// ---------- users ----------

export const USER_IDS = {
  admin: 'e9ca23d68d884d4ebb19d07889727dae',
  jeecg: 'a75d45a015c44384a04449ee80dc3503',
  zhangsan: seedId('user:zhangsan'),
} as const;

interface UserSeed {
  id: string;
  username: string;
  realname: string;
  phone: string;
  email: string;
  workNo: string;
  sex: 1 | 2;
  birthday: string | null;
  post: string | null;
  /** the department the user belongs to (sys_user_depart) and the selected org_code */
  depart: OrgCode;
  /** 1 ordinary, 2 superior */
  userIdentity: 1 | 2;
  /** departments a superior is in charge of (depart_ids) */
  managedDeparts: OrgCode[];
  roles: (keyof typeof ROLE_IDS)[];
}

export const SEED_USERS: readonly UserSeed[] = [
  {
    id: USER_IDS.admin,
    username: DEMO_ADMIN.username,
    realname: '管理员',
    phone: '18611111111',
    email: 'jeecg@163.com',
    workNo: '00001',
    sex: 1,
    birthday: '2018-12-05',
    post: 'manager',
    depart: 'A01',
    userIdentity: 2,
    managedDeparts: ['A01'],
    roles: ['admin'],
  },
  {
    id: USER_IDS.jeecg,
    username: 'jeecg',
    realname: 'jeecg',
    phone: '18622222222',
    email: 'jeecg@qq.com',
    workNo: '00002',
    sex: 1,
    birthday: '2019-02-15',
    post: 'devleader',
    depart: 'A01A05',
    userIdentity: 1,
    managedDeparts: [],
    roles: ['test'],
  },
  {
    id: USER_IDS.zhangsan,
    username: 'zhangsan',
    realname: '张三',
    phone: '18633333333',
    email: 'zhangsan@qq.com',
    workNo: '00003',
    sex: 1,
    birthday: '1990-06-18',
    post: 'staff',
    depart: 'A02A02',
    userIdentity: 1,
    managedDeparts: [],
    roles: ['test'],
  },
];

// ---------- tenant, positions ----------

export const SEED_TENANT = { id: 1, name: '北京租户001', status: 1 } as const;

export const SEED_POSITIONS = [
  { code: 'staff', name: '职员', postRank: '1' },
  { code: 'devleader', name: '研发组长', postRank: '3' },
  { code: 'manager', name: '部门经理', postRank: '4' },
] as const;

// ---------- dictionaries (contract §5.6 plus the codes the pages use) ----------

export interface DictSeed {
  code: string;
  name: string;
  description?: string;
  /** [item_value, item_text] in sort order */
  items: readonly (readonly [string, string])[];
}

export const SEED_DICTS: readonly DictSeed[] = [
  {
    code: 'sex',
    name: '性别',
    items: [
      ['1', '男'],
      ['2', '女'],
    ],
  },
  {
    code: 'user_status',
    name: '用户状态',
    items: [
      ['1', '正常'],
      ['2', '冻结'],
    ],
  },
  {
    code: 'priority',
    name: '优先级',
    items: [
      ['L', '低'],
      ['M', '中'],
      ['H', '高'],
    ],
  },
  {
    code: 'send_status',
    name: '发布状态',
    items: [
      ['0', '未发布'],
      ['1', '已发布'],
      ['2', '已撤销'],
    ],
  },
  {
    code: 'msg_category',
    name: '消息类型',
    items: [
      ['1', '通知公告'],
      ['2', '系统消息'],
    ],
  },
  {
    code: 'msg_type',
    name: '通告对象类型',
    items: [
      ['USER', '指定用户'],
      ['ALL', '全体用户'],
    ],
  },
  {
    code: 'del_flag',
    name: '删除状态',
    items: [
      ['0', '正常'],
      ['1', '已删除'],
    ],
  },
  {
    code: 'menu_type',
    name: '菜单类型',
    items: [
      ['0', '一级菜单'],
      ['1', '子菜单'],
      ['2', '按钮权限'],
    ],
  },
  {
    code: 'log_type',
    name: '日志类型',
    items: [
      ['1', '登录日志'],
      ['2', '操作日志'],
    ],
  },
  {
    code: 'operate_type',
    name: '操作类型',
    items: [
      ['1', '查询'],
      ['2', '添加'],
      ['3', '修改'],
      ['4', '删除'],
      ['5', '导入'],
      ['6', '导出'],
    ],
  },
  {
    code: 'quartz_status',
    name: '定时任务状态',
    items: [
      ['0', '正常'],
      ['-1', '停止'],
    ],
  },
  {
    code: 'tenant_status',
    name: '租户状态',
    items: [
      ['1', '正常'],
      ['0', '冻结'],
    ],
  },
  {
    code: 'depart_status',
    name: '部门状态',
    items: [
      ['1', '启用'],
      ['0', '不启用'],
    ],
  },
  {
    code: 'dict_item_status',
    name: '字典项状态',
    items: [
      ['1', '启用'],
      ['0', '不启用'],
    ],
  },
  {
    code: 'perms_type',
    name: '权限策略',
    items: [
      ['1', '显示'],
      ['2', '禁用'],
    ],
  },
  {
    code: 'valid_status',
    name: '有效无效状态',
    items: [
      ['1', '有效'],
      ['0', '无效'],
    ],
  },
  {
    code: 'yn',
    name: '是否',
    items: [
      ['1', '是'],
      ['0', '否'],
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    items: [
      ['1', '公司'],
      ['2', '部门'],
      ['3', '岗位'],
    ],
  },
  {
    code: 'position_rank',
    name: '职务职级',
    items: [
      ['1', '员级'],
      ['2', '助级'],
      ['3', '中级'],
      ['4', '副高级'],
      ['5', '正高级'],
    ],
  },
  {
    code: 'rule_conditions',
    name: '条件规则',
    items: [
      ['>', '大于'],
      ['<', '小于'],
      ['!=', '不等于'],
      ['=', '等于'],
      ['>=', '大于等于'],
      ['<=', '小于等于'],
      ['LEFT_LIKE', '左模糊'],
      ['RIGHT_LIKE', '右模糊'],
      ['LIKE', '模糊'],
      ['IN', '包含'],
      ['USE_SQL_RULES', '自定义SQL表达式'],
    ],
  },
  {
    code: 'database_type',
    name: '数据库类型',
    // the 3.2.0 codes (round 2 §3.2); the server connects to 1, 4, 5 and 6 only (docs/decisions/029-data-sources.md)
    items: [
      ['1', 'MySQL5.5'],
      ['4', 'MySQL5.7+'],
      ['2', 'Oracle'],
      ['3', 'SQLServer'],
      ['5', 'MariaDB'],
      ['6', 'PostgreSQL'],
      ['7', '达梦'],
      ['8', '人大金仓'],
      ['9', '神通'],
      ['10', 'SQLite'],
      ['11', 'DB2'],
      ['12', 'Hsqldb'],
      ['13', 'Derby'],
      ['14', 'H2'],
      ['15', '其他数据库'],
    ],
  },
  // message center (消息管理 / 模板管理)
  {
    code: 'msgType',
    name: '推送类别',
    items: [
      ['1', '短信'],
      ['2', '邮件'],
      ['3', '微信'],
    ],
  },
  {
    code: 'msgSendStatus',
    name: '推送状态',
    items: [
      ['0', '未推送'],
      ['1', '推送成功'],
      ['2', '推送失败'],
    ],
  },
];
