import { seedId } from './ids.ts';

/**
 * The seeded menu tree (sys_permission), grouped the way JeecgBoot 2.4.6 / 3.x groups its demo menu.
 *
 * - Roots become menu_type 0, deeper menus menu_type 1, `buttons` become menu_type 2 rows (children of their page).
 * - `url` / `component` / `componentName` follow contract §3: the route name is `componentName` when set, otherwise the url
 *   without its leading "/" with "/"→"-" and ":"→"@" (so /account/center → account-center).
 * - `component` is a view path without leading slash or ".vue"; the web app maps it to src/views/<component>.tsx.
 *   Containers use `layouts/RouteView`; external links use `layouts/IframePageView`.
 * - Hidden detail routes (forms, drawers, online `:code` routes) are siblings of their list page, never its children,
 *   so that a list page does not turn into a sub menu.
 * - `id` is set where JeecgBoot's seed data has a well-known id for the same page; other ids are derived from the url
 *   (menus) or the perms string (buttons) with {@link seedId}, so seeding is reproducible.
 */

export interface MenuButton {
  /** permission code, e.g. `user:add` */
  perms: string;
  /** row name (shown in the menu-management tree and as `describe` in auth/allAuth) */
  name: string;
  /** '1' show/hide strategy (default), '2' disable strategy */
  permsType?: '1' | '2';
  id?: string;
}

export interface MenuNode {
  name: string;
  /** route path; absolute, or an http(s) url for external links */
  url: string;
  component: string;
  componentName?: string;
  redirect?: string;
  icon?: string;
  hidden?: boolean;
  keepAlive?: boolean;
  alwaysShow?: boolean;
  /** internal_or_external: open outside the app */
  external?: boolean;
  /** is_route; default true */
  route?: boolean;
  id?: string;
  children?: MenuNode[];
  buttons?: MenuButton[];
}

const ROUTE_VIEW = 'layouts/RouteView';

const crud = (code: string, label: string, extra: MenuButton[] = []): MenuButton[] => [
  { perms: `${code}:add`, name: `添加${label}` },
  { perms: `${code}:edit`, name: `编辑${label}` },
  { perms: `${code}:delete`, name: `删除${label}` },
  ...extra,
];

export const HOME_URL = '/dashboard/analysis';

export const MENU_TREE: readonly MenuNode[] = [
  {
    id: '9502685863ab87f0ad1134142788a385',
    name: '首页',
    url: HOME_URL,
    component: 'dashboard/Analysis',
    icon: 'home',
  },
  {
    name: '答题管理',
    url: '/answer',
    component: ROUTE_VIEW,
    icon: 'solution',
    children: [
      {
        name: '答题预约',
        url: '/answer/reservation',
        component: 'answer/ReservationList',
        keepAlive: true,
        buttons: crud('reservation', '预约', [
          { perms: 'reservation:export', name: '导出预约' },
          { perms: 'reservation:import', name: '导入预约' },
          { perms: 'reservation:confirm', name: '确认预约' },
          { perms: 'reservation:cancel', name: '取消预约' },
          { perms: 'reservation:checkin', name: '预约签到' },
          { perms: 'reservation:sensitive', name: '查看完整证件号和手机号' },
        ]),
      },
      { name: '预约表单', url: '/answer/reservation/form', component: 'answer/ReservationForm', hidden: true },
      {
        name: '答题场次',
        url: '/answer/session',
        component: 'answer/SessionList',
        keepAlive: true,
        buttons: crud('session', '场次', [{ perms: 'session:cancel', name: '取消场次' }]),
      },
      // the quiz (issues 24/25, ../shared/reference/quiz-contract.md §4)
      {
        name: '题目分类',
        url: '/answer/subject',
        component: 'answer/SubjectList',
        keepAlive: true,
        buttons: crud('subject', '分类'),
      },
      {
        name: '题库管理',
        url: '/answer/question',
        component: 'answer/QuestionList',
        keepAlive: true,
        buttons: crud('question', '题目', [
          { perms: 'question:import', name: '导入题目' },
          { perms: 'question:export', name: '导出题目' },
        ]),
      },
      {
        name: '试卷管理',
        url: '/answer/paper',
        component: 'answer/PaperList',
        keepAlive: true,
        buttons: crud('paper', '试卷'),
      },
      { name: '试卷编辑', url: '/answer/paper/form', component: 'answer/PaperForm', hidden: true },
      {
        name: '考试管理',
        url: '/answer/exam',
        component: 'answer/ExamList',
        keepAlive: true,
        buttons: crud('exam', '考试', [
          { perms: 'exam:publish', name: '发布考试' },
          { perms: 'exam:close', name: '结束考试' },
          { perms: 'exam:publishResult', name: '发布成绩' },
        ]),
      },
      {
        name: '阅卷',
        url: '/answer/grading',
        component: 'answer/GradingList',
        keepAlive: true,
        buttons: [{ perms: 'grading:grade', name: '阅卷评分' }],
      },
      {
        name: '成绩',
        url: '/answer/result',
        component: 'answer/ResultList',
        keepAlive: true,
        buttons: [
          { perms: 'result:export', name: '导出成绩' },
          { perms: 'result:statistics', name: '成绩统计' },
        ],
      },
    ],
  },
  {
    // not "/dashboard": the static "/" route is already named "dashboard" (spec 01 §2.1), route names must stay unique
    name: '仪表盘',
    url: '/dashboards',
    component: ROUTE_VIEW,
    icon: 'dashboard',
    children: [
      { name: '图表', url: '/dashboard/chart', component: 'dashboard/IndexChart' },
      { name: '任务', url: '/dashboard/task', component: 'dashboard/IndexTask' },
      { name: '监控', url: '/dashboard/monitor', component: 'dashboard/Monitor' },
      {
        id: '8fb8172747a78756c11916216b8b8066',
        name: '工作台',
        url: '/dashboard/workplace',
        component: 'dashboard/Workplace',
      },
    ],
  },
  {
    id: 'd7d6e2e4e2934f2c9385a623fd98c6f3',
    name: '系统管理',
    url: '/isystem',
    component: ROUTE_VIEW,
    icon: 'setting',
    children: [
      {
        id: '3f915b2769fc80648e92d04e84ca059d',
        name: '用户管理',
        url: '/isystem/user',
        component: 'system/UserList',
        keepAlive: true,
        buttons: [
          { perms: 'user:add', name: '添加用户' },
          { perms: 'user:edit', name: '编辑用户' },
          { perms: 'user:delete', name: '删除用户' },
          { perms: 'user:deleteBatch', name: '批量删除用户' },
          { perms: 'user:frozen', name: '冻结/解冻用户' },
          { perms: 'user:password', name: '修改密码' },
          { perms: 'user:import', name: '导入用户' },
          { perms: 'user:export', name: '导出用户' },
          { perms: 'user:recycle', name: '用户回收站' },
          { perms: 'user:sex', name: '表单性别可见', permsType: '1' },
          { perms: 'user:form:birthday', name: '禁用生日字段', permsType: '2' },
          { perms: 'user:form:phone', name: '手机号禁用', permsType: '2', id: '1a0811914300741f4e11838ff37a1d3a' },
        ],
      },
      {
        id: '190c2b43bec6a5f7a4194a85db67d96a',
        name: '角色管理',
        url: '/isystem/roleUserList',
        component: 'system/RoleUserList',
        keepAlive: true,
        buttons: [
          { perms: 'role:add', name: '添加角色' },
          { perms: 'role:edit', name: '编辑角色' },
          { perms: 'role:delete', name: '删除角色' },
          { perms: 'role:deleteBatch', name: '批量删除角色' },
          { perms: 'role:authorize', name: '角色授权' },
          { perms: 'role:users', name: '角色用户' },
          { perms: 'role:import', name: '导入角色' },
          { perms: 'role:export', name: '导出角色' },
        ],
      },
      {
        id: '54dd5457a3190740005c1bfec55b1c34',
        name: '菜单管理',
        url: '/isystem/permission',
        component: 'system/PermissionList',
        keepAlive: true,
        buttons: crud('permission', '菜单', [
          { perms: 'permission:deleteBatch', name: '批量删除菜单' },
          { perms: 'permission:datarule', name: '数据规则' },
        ]),
      },
      {
        id: '45c966826eeff4c99b8f8ebfe74511fc',
        name: '部门管理',
        url: '/isystem/depart',
        component: 'system/DepartList',
        keepAlive: true,
        buttons: crud('depart', '部门', [
          { perms: 'depart:deleteBatch', name: '批量删除部门' },
          { perms: 'depart:permission', name: '部门权限' },
          { perms: 'depart:role', name: '部门角色' },
          { perms: 'depart:users', name: '部门用户' },
        ]),
      },
      {
        id: '5c2f42277948043026b7a14692456828',
        name: '我的部门',
        url: '/isystem/departUserList',
        component: 'system/DepartUserList',
        keepAlive: true,
      },
      {
        id: 'f1cb187abf927c88b89470d08615f5ac',
        name: '数据字典',
        url: '/isystem/dict',
        component: 'system/DictList',
        keepAlive: true,
        buttons: crud('dict', '字典', [
          { perms: 'dict:items', name: '字典配置' },
          { perms: 'dict:refresh', name: '刷新缓存' },
          { perms: 'dict:recycle', name: '字典回收站' },
          { perms: 'dict:import', name: '导入字典' },
          { perms: 'dict:export', name: '导出字典' },
        ]),
      },
      {
        id: 'ebb9d82ea16ad864071158e0c449d186',
        name: '分类字典',
        url: '/isys/category',
        component: 'system/SysCategoryList',
        keepAlive: true,
        buttons: crud('category', '分类'),
      },
      {
        id: '1174590283938041857',
        name: '通讯录',
        url: '/isystem/addressList',
        component: 'system/AddressList',
        keepAlive: true,
      },
      {
        id: '1174506953255182338',
        name: '职务管理',
        url: '/isystem/position',
        component: 'system/SysPositionList',
        keepAlive: true,
        buttons: crud('position', '职务', [
          { perms: 'position:deleteBatch', name: '批量删除职务' },
          { perms: 'position:import', name: '导入职务' },
          { perms: 'position:export', name: '导出职务' },
        ]),
      },
      {
        id: '1280350452934307841',
        name: '租户管理',
        url: '/isys/tenant',
        component: 'system/TenantList',
        keepAlive: true,
        buttons: crud('tenant', '租户', [{ perms: 'tenant:deleteBatch', name: '批量删除租户' }]),
      },
      {
        id: 'e08cb190ef230d5d4f03824198773950',
        name: '系统通告',
        url: '/isystem/annountCement',
        component: 'system/SysAnnouncementList',
        keepAlive: true,
        buttons: crud('announcement', '通告', [
          { perms: 'announcement:release', name: '发布通告' },
          { perms: 'announcement:revoke', name: '撤销通告' },
        ]),
      },
      {
        name: '在线用户',
        url: '/isystem/online',
        component: 'system/SysUserOnlineList',
        keepAlive: true,
        buttons: [{ perms: 'online:forceLogout', name: '强制退出' }],
      },
      {
        id: '53a9230444d33de28aa11cc108fb1dba',
        name: '我的消息',
        url: '/isps/userAnnouncement',
        component: 'system/UserAnnouncementList',
        keepAlive: true,
      },
      // hidden routes opened from the pages above
      { name: '角色列表', url: '/isystem/role', component: 'system/RoleList', hidden: true },
      { name: '字典项', url: '/isystem/dictItem', component: 'system/DictItemList', hidden: true },
      {
        name: '数据规则',
        url: '/isystem/permissionDataRule',
        component: 'system/PermissionDataRuleList',
        hidden: true,
      },
    ],
  },
  {
    id: '5c8042bd6c601270b2bbd9b20bccc68b',
    name: '消息中心',
    url: '/message',
    component: ROUTE_VIEW,
    icon: 'message',
    children: [
      {
        id: '944abf0a8fc22fe1f1154a389a574154',
        name: '消息管理',
        url: '/modules/message/sysMessageList',
        component: 'modules/message/SysMessageList',
        keepAlive: true,
        buttons: crud('message', '消息', [{ perms: 'message:deleteBatch', name: '批量删除消息' }]),
      },
      {
        id: 'f780d0d3083d849ccbdb1b1baee4911d',
        name: '模板管理',
        url: '/modules/message/sysMessageTemplateList',
        component: 'modules/message/SysMessageTemplateList',
        keepAlive: true,
        buttons: crud('msgTemplate', '模板', [{ perms: 'msgTemplate:test', name: '发送测试' }]),
      },
    ],
  },
  {
    id: '08e6b9dc3c04489c8e1ff2ce6f105aa4',
    name: '系统监控',
    url: '/monitor',
    component: ROUTE_VIEW,
    icon: 'desktop',
    children: [
      {
        id: 'b1cb0a3fedf7ed0e4653cb5a229837ee',
        name: '定时任务',
        url: '/isystem/QuartzJobList',
        component: 'system/QuartzJobList',
        keepAlive: true,
        buttons: crud('quartz', '任务', [
          { perms: 'quartz:pause', name: '暂停任务' },
          { perms: 'quartz:resume', name: '启动任务' },
          { perms: 'quartz:execute', name: '立即执行' },
        ]),
      },
      {
        id: '58857ff846e61794c69208e9d3a85466',
        name: '日志管理',
        url: '/isystem/log',
        component: 'system/LogList',
        keepAlive: true,
        buttons: [
          { perms: 'log:delete', name: '删除日志' },
          { perms: 'log:clear', name: '清空日志' },
        ],
      },
      {
        id: '841057b8a1bef8f6b4b20f9a618a7fa6',
        name: '数据日志',
        url: '/sys/dataLog-list',
        component: 'system/DataLogList',
        keepAlive: true,
        buttons: [{ perms: 'dataLog:compare', name: '数据比较' }],
      },
      {
        id: '1265162119913824258',
        name: '路由网关',
        url: '/isystem/gatewayroute',
        component: 'system/SysGatewayRouteList',
        keepAlive: true,
        buttons: crud('gateway', '路由', [{ perms: 'gateway:clearCache', name: '清除路由缓存' }]),
      },
      {
        id: '1209731624921534465',
        name: '多数据源管理',
        url: '/isystem/dataSource',
        component: 'system/SysDataSourceList',
        keepAlive: true,
        buttons: crud('dataSource', '数据源', [{ perms: 'dataSource:test', name: '测试连接' }]),
      },
      {
        id: '700b7f95165c46cc7a78bf227aa8fed3',
        name: '性能监控',
        url: '/monitor/performance',
        component: ROUTE_VIEW,
        children: [
          {
            id: '8d1ebd663688965f1fd86a2f0ead3416',
            name: 'Redis监控',
            url: '/monitor/redis',
            component: 'modules/monitor/RedisInfo',
          },
          {
            name: 'Redis终端',
            url: '/monitor/redisTerminal',
            component: 'modules/monitor/RedisTerminal',
            buttons: [{ perms: 'monitor:redis:terminal', name: '执行Redis命令' }],
          },
          {
            id: 'd07a2c87a451434c99ab06296727ec4f',
            name: 'JVM信息',
            url: '/monitor/jvm',
            component: 'modules/monitor/JvmInfo',
          },
          {
            id: '024f1fd1283dc632458976463d8984e1',
            name: 'Tomcat信息',
            url: '/monitor/tomcat',
            component: 'modules/monitor/TomcatInfo',
          },
          {
            id: '8b3bff2eee6f1939147f5c68292a1642',
            name: '服务器信息',
            url: '/monitor/system',
            component: 'modules/monitor/SystemInfo',
          },
          {
            id: '97c8629abc7848eccdb6d77c24bb3ebb',
            name: '磁盘监控',
            url: '/monitor/disk',
            component: 'modules/monitor/DiskMonitoring',
          },
          {
            id: 'fc810a2267dd183e4ef7c71cc60f4670',
            name: '请求追踪',
            url: '/monitor/httpTrace',
            component: 'modules/monitor/HttpTrace',
          },
          { name: 'PostgreSQL监控', url: '/monitor/postgres', component: 'modules/monitor/PostgresInfo' },
        ],
      },
    ],
  },
  {
    name: '开发工具',
    url: '/devtools',
    component: ROUTE_VIEW,
    icon: 'tool',
    children: [
      {
        id: '1224641973866467330',
        name: '校验规则',
        url: '/isystem/checkRule',
        component: 'system/SysCheckRuleList',
        keepAlive: true,
        buttons: crud('checkRule', '校验规则', [{ perms: 'checkRule:test', name: '测试校验规则' }]),
      },
      {
        id: '1192318987661234177',
        name: '填值规则',
        url: '/isystem/fillRule',
        component: 'system/SysFillRuleList',
        keepAlive: true,
        buttons: crud('fillRule', '填值规则', [{ perms: 'fillRule:test', name: '测试填值规则' }]),
      },
      {
        id: '1166535831146504193',
        name: '文件存储',
        url: '/oss/file',
        component: 'modules/oss/OSSFileList',
        keepAlive: true,
        buttons: [
          { perms: 'oss:upload', name: '上传文件' },
          { perms: 'oss:delete', name: '删除文件' },
        ],
      },
    ],
  },
  {
    id: 'e41b69c57a941a3bbcce45032fe57605',
    name: '在线开发',
    url: '/online',
    component: ROUTE_VIEW,
    icon: 'cloud',
    children: [
      {
        id: '8d4683aacaa997ab86b966b464360338',
        name: 'Online表单开发',
        url: '/online/cgform',
        component: 'modules/online/cgform/OnlCgformHeadList',
        componentName: 'OnlCgformHeadList',
        keepAlive: true,
        buttons: [
          { perms: 'online:cgform:add', name: '新增表单' },
          { perms: 'online:cgform:edit', name: '编辑表单' },
          { perms: 'online:cgform:delete', name: '删除/移除表单' },
          { perms: 'online:cgform:dbSynch', name: '同步数据库' },
          { perms: 'online:cgform:copy', name: '复制表单' },
          { perms: 'online:cgform:importTable', name: '从数据库导入表单' },
          { perms: 'online:cgform:button', name: '自定义按钮' },
          { perms: 'online:goGenerateCode', name: '代码生成按钮' },
        ],
      },
      {
        id: '109c78a583d4693ce2f16551b7786786',
        name: 'Online报表配置',
        url: '/online/cgreport',
        component: 'modules/online/cgreport/OnlCgreportHeadList',
        componentName: 'OnlCgreportHeadList',
        keepAlive: true,
        buttons: [
          { perms: 'online:report:add', name: '添加报表' },
          { perms: 'online:report:edit', name: '编辑报表' },
          { perms: 'online:report:delete', name: '删除报表' },
        ],
      },
      {
        // JeecgBoot's Online报表示例 (contract-2 §7): the url carries the report id; the :code route serves it
        name: 'Online报表示例',
        url: '/online/cgreport/6c7f59741c814347905a938f06ee003c',
        component: 'modules/online/cgreport/auto/OnlCgreportAutoList',
        route: false,
      },
      {
        id: '54097c6a3cf50fad0793a34beff1efdf',
        name: 'AUTO在线表单',
        url: '/online/cgformList/:code',
        component: 'modules/online/cgform/auto/OnlCgformAutoList',
        componentName: 'OnlCgformAutoList',
        hidden: true,
      },
      {
        id: 'fba41089766888023411a978d13c0aa4',
        name: 'AUTO树表单列表',
        url: '/online/cgformTreeList/:code',
        component: 'modules/online/cgform/auto/OnlCgformTreeList',
        componentName: 'OnlCgformTreeList',
        hidden: true,
      },
      {
        id: '1229674163694841857',
        name: 'AUTO在线表单ERP',
        url: '/online/cgformErpList/:code',
        component: 'modules/online/cgform/auto/erp/OnlCgformErpList',
        componentName: 'OnlCgformErpList',
        hidden: true,
      },
      {
        name: 'AUTO在线表单TAB',
        url: '/online/cgformTabList/:code',
        component: 'modules/online/cgform/auto/tab/OnlCgformTabList',
        componentName: 'OnlCgformTabList',
        hidden: true,
      },
      {
        id: '1235823781053313025',
        name: 'AUTO在线内嵌子表',
        url: '/online/cgformInnerTableList/:code',
        component: 'modules/online/cgform/auto/innerTable/OnlCgformInnerTableList',
        componentName: 'OnlCgformInnerTableList',
        hidden: true,
      },
      {
        id: 'f2849d3814fc97993bfc519ae6bbf049',
        name: 'AUTO复制表单',
        url: '/online/copyform/:code',
        component: 'modules/online/cgform/OnlCgformCopyList',
        componentName: 'OnlCgformCopyList',
        hidden: true,
      },
      {
        id: '9fe26464838de2ea5e90f2367e35efa0',
        name: 'AUTO在线报表',
        url: '/online/cgreport/:code',
        component: 'modules/online/cgreport/auto/OnlCgreportAutoList',
        componentName: 'OnlCgreportAutoList',
        hidden: true,
      },
    ],
  },
  {
    id: '2a470fc0c3954d9dbb61de6d80846549',
    name: '常见案例',
    url: '/jeecg',
    component: ROUTE_VIEW,
    icon: 'qrcode',
    children: [
      {
        id: '4148ec82b6acd69f470bea75fe41c357',
        name: '单表模型示例',
        url: '/jeecg/jeecgDemoList',
        component: 'jeecg/JeecgDemoList',
        keepAlive: true,
        buttons: crud('demo', '示例', [
          { perms: 'demo:deleteBatch', name: '批量删除示例' },
          { perms: 'demo:exportXls', name: '导出示例' },
          { perms: 'demo:importExcel', name: '导入示例' },
        ]),
      },
      {
        id: 'fb367426764077dcf94640c843733985',
        name: '一对多示例',
        url: '/jeecg/JeecgOrderMainList',
        component: 'jeecg/JeecgOrderMainList',
        keepAlive: true,
        buttons: crud('order', '订单', [
          { perms: 'order:deleteBatch', name: '批量删除订单' },
          { perms: 'order:exportXls', name: '导出订单' },
          { perms: 'order:importExcel', name: '导入订单' },
        ]),
      },
      {
        id: '4356a1a67b564f0988a484f5531fd4d9',
        name: '内嵌Table',
        url: '/jeecg/TableExpandeSub',
        component: 'jeecg/TableExpandeSub',
      },
      {
        id: '7960961b0063228937da5fa8dd73d371',
        name: 'JEditableTable示例',
        url: '/jeecg/JEditableTable',
        component: 'jeecg/JeecgEditableTableExample',
      },
      { name: 'JVxeTable示例', url: '/jeecg/j-vxe-table-demo', component: 'jeecg/JVxeDemo/JVxeDemo1' },
      {
        id: 'e6bfd1fcabfd7942fdd05f076d1dad38',
        name: '打印测试',
        url: '/jeecg/PrintDemo',
        component: 'jeecg/PrintDemo',
      },
      {
        id: 'e1979bb53e9ea51cecc74d86fd9d2f64',
        name: 'PDF预览',
        url: '/jeecg/jeecgPdfView',
        component: 'jeecg/JeecgPdfView',
      },
      {
        id: '3fac0d3c9cd40fa53ab70d4c583821f8',
        name: '分屏',
        url: '/jeecg/splitPanel',
        component: 'jeecg/SplitPanel',
      },
      // online forms seeded by db/seed/online-area.ts; JeecgBoot's rows are no route of their own (the `:code` route serves them)
      {
        name: 'online订单管理',
        url: '/online/cgformInnerTableList/56efb74326e74064b60933f6f8af30ea',
        component: 'modules/online/cgform/auto/innerTable/OnlCgformInnerTableList',
        route: false,
      },
      {
        name: 'online单表示例',
        url: `/online/cgformList/${seedId('cgform:test_demo')}`,
        component: 'modules/online/cgform/auto/OnlCgformAutoList',
        route: false,
      },
      {
        name: 'online树表示例',
        url: `/online/cgformTreeList/${seedId('cgform:test_shoptype_tree')}`,
        component: 'modules/online/cgform/auto/OnlCgformTreeList',
        route: false,
      },
    ],
  },
  {
    id: 'e3c13679c73a4f829bcff2aba8fd68b1',
    name: '表单页',
    url: '/form',
    component: ROUTE_VIEW,
    icon: 'form',
    children: [
      {
        id: '277bfabef7d76e89b33062b16a9a5020',
        name: '基础表单',
        url: '/form/base-form',
        component: 'form/BasicForm',
        buttons: [{ perms: 'example:form:add', name: '提交基础表单' }],
      },
      {
        id: '6531cf3421b1265aeeeabaab5e176e6d',
        name: '分步表单',
        url: '/form/step-form',
        component: 'form/stepForm/StepForm',
        buttons: [{ perms: 'example:transfer:add', name: '提交转账' }],
      },
      {
        id: 'e5973686ed495c379d829ea8b2881fc6',
        name: '高级表单',
        url: '/form/advanced-form',
        component: 'form/advancedForm/AdvancedForm',
        buttons: [{ perms: 'example:project:add', name: '提交仓库' }],
      },
    ],
  },
  {
    id: '540a2936940846cb98114ffb0d145cb8',
    name: '列表页',
    url: '/list',
    component: ROUTE_VIEW,
    redirect: '/list/query-list',
    icon: 'table',
    children: [
      {
        id: '418964ba087b90a84897b62474496b93',
        name: '查询表格',
        url: '/list/query-list',
        component: 'list/TableList',
        buttons: crud('example:rule', '规则'),
        keepAlive: true,
      },
      {
        id: 'f23d9bfff4d9aa6b68569ba2cff38415',
        name: '标准列表',
        url: '/list/basic-list',
        component: 'list/StandardList',
        buttons: crud('example:item', '列表项'),
        keepAlive: true,
      },
      {
        id: '7ac9eb9ccbde2f7a033cd4944272bf1e',
        name: '卡片列表',
        url: '/list/card',
        component: 'list/CardList',
        keepAlive: true,
      },
      {
        id: 'fb07ca05a3e13674dbf6d3245956da2e',
        name: '搜索列表',
        url: '/list/search',
        component: 'list/search/SearchLayout',
        children: [
          {
            id: '078f9558cdeab239aecb2bda1a8ed0d1',
            name: '搜索列表（文章）',
            url: '/list/search/article',
            component: 'list/search/Article',
          },
          {
            id: 'de13e0f6328c069748de7399fcc1dbbd',
            name: '搜索列表（项目）',
            url: '/list/search/project',
            component: 'list/search/Projects',
          },
          {
            id: '200006f0edf145a2b50eacca07585451',
            name: '搜索列表（应用）',
            url: '/list/search/application',
            component: 'list/search/Applications',
          },
        ],
      },
    ],
  },
  {
    id: '4875ebe289344e14844d8e3ea1edd73f',
    name: '详情页',
    url: '/profile',
    component: ROUTE_VIEW,
    icon: 'profile',
    children: [
      {
        id: 'cc50656cf9ca528e6f2150eba4714ad2',
        name: '基础详情页',
        url: '/profile/basic',
        component: 'profile/basic/Index',
      },
      {
        id: 'b3c824fc22bd953e2eb16ae6914ac8f9',
        name: '高级详情页',
        url: '/profile/advanced',
        component: 'profile/advanced/Advanced',
      },
    ],
  },
  {
    id: '2e42e3835c2b44ec9f7bc26c146ee531',
    name: '结果页',
    url: '/result',
    component: ROUTE_VIEW,
    icon: 'check-circle-o',
    children: [
      { id: '00a2a0ae65cdca5e93209cdbde97cbe6', name: '成功', url: '/result/success', component: 'result/Success' },
      { id: '13212d3416eb690c2e1d5033166ff47a', name: '失败', url: '/result/fail', component: 'result/Error' },
    ],
  },
  {
    id: 'c65321e57b7949b7a975313220de0422',
    name: '异常页',
    url: '/exception',
    component: ROUTE_VIEW,
    icon: 'warning',
    children: [
      { id: '65a8f489f25a345836b7f44b1181197a', name: '403', url: '/exception/403', component: 'exception/403' },
      { id: 'd2bbf9ebca5a8fa2e227af97d2da7548', name: '404', url: '/exception/404', component: 'exception/404' },
      { id: 'b4dfc7d5dd9e8d5b6dd6d4579b1aa559', name: '500', url: '/exception/500', component: 'exception/500' },
    ],
  },
  {
    // reached from the user dropdown (routes account-center / account-settings-base), hidden in the side menu like JeecgBoot
    id: '717f6bee46f44a3897eca9abd6e2ec44',
    name: '个人页',
    url: '/account',
    component: ROUTE_VIEW,
    icon: 'user',
    hidden: true,
    children: [
      {
        id: 'd86f58e7ab516d3bc6bfb1fe10585f97',
        name: '个人中心',
        url: '/account/center',
        component: 'account/center/Index',
      },
      {
        id: '6e73eb3c26099c191bf03852ee1310a1',
        name: '个人设置',
        url: '/account/settings',
        component: 'account/settings/Index',
        alwaysShow: true,
        children: [
          {
            id: '1367a93f2c410b169faa7abcbad2f77c',
            name: '基本设置',
            url: '/account/settings/base',
            component: 'account/settings/BaseSetting',
          },
          {
            id: 'ec8d607d0156e198b11853760319c646',
            name: '安全设置',
            url: '/account/settings/security',
            component: 'account/settings/Security',
          },
          {
            id: '882a73768cfd7f78f3a37584f7299656',
            name: '个性化设置',
            url: '/account/settings/custom',
            component: 'account/settings/Custom',
          },
          {
            id: '4f66409ef3bbd69c1d80469d6e2a885e',
            name: '账户绑定',
            url: '/account/settings/binding',
            component: 'account/settings/Binding',
          },
          {
            id: 'fedfbf4420536cacc0218557d263dfea',
            name: '新消息通知',
            url: '/account/settings/notification',
            component: 'account/settings/Notification',
          },
          {
            name: '头像设置',
            url: '/account/settings/avatar',
            component: 'account/settings/AvatarSetting',
            hidden: true,
          },
        ],
      },
    ],
  },
  {
    name: '帮助',
    url: '/help',
    component: ROUTE_VIEW,
    icon: 'question-circle',
    children: [
      {
        name: 'JeecgBoot 文档',
        url: 'https://help.jeecg.com',
        component: 'layouts/IframePageView',
        external: true,
      },
    ],
  },
];

/** One sys_permission row as the seed writes it (a subset of the insert shape, all keys present). */
export interface PermissionSeedRow {
  id: string;
  parentId: string;
  name: string;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  menuType: 0 | 1 | 2;
  perms: string | null;
  permsType: string;
  sortNo: number;
  alwaysShow: boolean;
  icon: string | null;
  isRoute: boolean;
  isLeaf: boolean;
  keepAlive: boolean;
  hidden: number;
  status: string;
  internalOrExternal: boolean;
}

export function menuId(node: MenuNode): string {
  return node.id ?? seedId(`menu:${node.url}`);
}

export function buttonId(button: MenuButton): string {
  return button.id ?? seedId(`perm:${button.perms}`);
}

/**
 * Flattens {@link MENU_TREE} into sys_permission rows, parents before children.
 * sort_no: roots use their index (首页 = 0), children and buttons index + 1 within their siblings.
 * is_leaf is false for every row that has child rows, buttons included (JeecgBoot's tree queries only descend into non-leaf rows).
 */
export function flattenMenuTree(tree: readonly MenuNode[] = MENU_TREE): PermissionSeedRow[] {
  const rows: PermissionSeedRow[] = [];
  const walk = (nodes: readonly MenuNode[], parentId: string) => {
    nodes.forEach((node, index) => {
      const id = menuId(node);
      const root = parentId === '';
      const hasChildren = (node.children?.length ?? 0) + (node.buttons?.length ?? 0) > 0;
      rows.push({
        id,
        parentId,
        name: node.name,
        url: node.url,
        component: node.component,
        componentName: node.componentName ?? null,
        redirect: root ? (node.redirect ?? null) : null,
        menuType: root ? 0 : 1,
        perms: null,
        permsType: '0',
        sortNo: root ? index : index + 1,
        alwaysShow: node.alwaysShow ?? false,
        icon: node.icon ?? null,
        isRoute: node.route ?? true,
        isLeaf: !hasChildren,
        keepAlive: node.keepAlive ?? false,
        hidden: node.hidden ? 1 : 0,
        status: '1',
        internalOrExternal: node.external ?? false,
      });
      node.buttons?.forEach((button, bIndex) => {
        rows.push({
          id: buttonId(button),
          parentId: id,
          name: button.name,
          url: null,
          component: null,
          componentName: null,
          redirect: null,
          menuType: 2,
          perms: button.perms,
          permsType: button.permsType ?? '1',
          sortNo: bIndex + 1,
          alwaysShow: false,
          icon: null,
          isRoute: false,
          isLeaf: true,
          keepAlive: false,
          hidden: 0,
          status: '1',
          internalOrExternal: false,
        });
      });
      if (node.children) walk(node.children, id);
    });
  };
  walk(tree, '');
  return rows;
}

function collectPerms(nodes: readonly MenuNode[], out: string[]): string[] {
  for (const node of nodes) {
    for (const b of node.buttons ?? []) out.push(b.perms);
    if (node.children) collectPerms(node.children, out);
  }
  return out;
}

/** Every button permission code of the seeded menu, in tree order. */
export const ALL_PERMS: readonly string[] = collectPerms(MENU_TREE, []);

/** Finds a node of {@link MENU_TREE} by url. */
export function findMenu(url: string, nodes: readonly MenuNode[] = MENU_TREE): MenuNode | undefined {
  for (const node of nodes) {
    if (node.url === url) return node;
    const hit = node.children && findMenu(url, node.children);
    if (hit) return hit;
  }
  return undefined;
}

/** The node of {@link MENU_TREE} at `url`; the seed is broken when it is missing. */
function need(url: string): MenuNode {
  const node = findMenu(url);
  if (!node) throw new Error(`seed menu ${url} missing`);
  return node;
}

function subtreeMenuIds(node: MenuNode, out: string[] = []): string[] {
  out.push(menuId(node));
  for (const child of node.children ?? []) subtreeMenuIds(child, out);
  return out;
}

/**
 * Rows granted to role `test`: 首页, the 系统管理 container with only 用户管理 (no buttons) and 我的消息,
 * and the whole 个人页 subtree (menus only). A user holding only this role can list users and nothing more.
 */
export function testRolePermissionIds(): string[] {
  return [
    menuId(need(HOME_URL)),
    menuId(need('/isystem')),
    menuId(need('/isystem/user')),
    menuId(need('/isps/userAnnouncement')),
    ...subtreeMenuIds(need('/account')),
  ];
}

/**
 * Rows granted to role `register_default` (self-registered users, issue 10 §4): 首页, 我的消息 (with the 系统管理
 * container that holds it) and the 个人页 subtree. No user list, address book or any other page that shows other
 * users' data.
 */
export function registerRolePermissionIds(): string[] {
  return [
    menuId(need(HOME_URL)),
    menuId(need('/isystem')),
    menuId(need('/isps/userAnnouncement')),
    ...subtreeMenuIds(need('/account')),
  ];
}
