import { z } from 'zod';
import { demo } from '../../db/schema/index.ts';
import { defineCrud } from '../../platform/crud.ts';
import type { ExcelColumn } from '../../platform/excel.ts';
import { requiredStr } from '../../platform/validation.ts';
import { sanitizeRichText } from '../announcement/sanitize.ts';
import {
  defined,
  optCleanText,
  optDate,
  optDateTime,
  optEmail,
  optFileList,
  optIds,
  optNumber,
  optOneOf,
  optSex,
  optText,
  optYesNo,
} from './fields.ts';
import { sanitizeMarkdown } from './sanitize-markdown.ts';

/** JeecgDemoController's texts (contract-2 §5). */
export const DEMO_MESSAGES = {
  added: '添加成功！',
  edited: '更新成功！',
  deleted: '删除成功!',
  batchDeleted: '批量删除成功！',
} as const;

/** the page whose menu grants reading, and whose data rules narrow the list (JeecgBoot: pageComponent) */
export const DEMO_PAGE = 'jeecg/JeecgDemoList';

export const DEMO_EXCEL_COLUMNS: readonly ExcelColumn[] = [
  { key: 'name', title: '姓名', width: 16 },
  { key: 'keyWord', title: '关键词', width: 20 },
  { key: 'punchTime', title: '打卡时间', width: 20 },
  { key: 'salaryMoney', title: '工资', width: 14 },
  { key: 'bonusMoney', title: '奖金', width: 14 },
  { key: 'sex', title: '性别', dict: 'sex', width: 8 },
  { key: 'age', title: '年龄', width: 8 },
  { key: 'birthday', title: '生日', width: 14 },
  { key: 'email', title: '邮箱', width: 24 },
  { key: 'content', title: '个人简介', width: 40 },
];

/** the code editor's twelve languages (spec 02 §9) */
export const DEMO_CODE_LANGUAGES = [
  'css',
  'javascript',
  'html',
  'java',
  'objectivec',
  'python',
  'r',
  'shell',
  'sql',
  'swift',
  'vue',
  'markdown',
] as const;

const demoFields = {
  keyWord: optText('关键词', 255),
  punchTime: optDateTime('打卡时间'),
  salaryMoney: optNumber('工资', { min: -9_999_999.999, max: 9_999_999.999 }),
  bonusMoney: optNumber('奖金'),
  sex: optSex(),
  age: optNumber('年龄', { min: 0, max: 200, integer: true }),
  birthday: optDate('生日'),
  email: optEmail('邮箱', 50),
  content: optText('个人简介', 1000),
  // the widgets of the demo form (spec 02); markdown and rich text are shown to other users: sanitised on save
  dictSelect: optText('字典下拉', 32),
  dictCheckbox: optIds('字典多选框', 255),
  dictMulti: optIds('字典多选', 255),
  dictSearch: optText('字典搜索', 64),
  treeSelect: optIds('树选择', 64),
  categoryCode: optIds('分类字典', 255),
  departIds: optIds('部门', 1000),
  userNames: optIds('用户', 1000),
  postCodes: optIds('职务', 1000),
  roleIds: optIds('角色', 1000),
  areaCode: optIds('省市区', 32),
  yesNo: optYesNo('是否启用'),
  files: optFileList('附件', 2000),
  images: optFileList('图片', 2000),
  markdown: optCleanText('Markdown', 100_000, sanitizeMarkdown),
  richText: optCleanText('富文本', 100_000, sanitizeRichText),
  codeLang: optOneOf('代码语言', DEMO_CODE_LANGUAGES),
  codeText: optCleanText('代码', 100_000, (s) => s),
  remark: optText('备注', 500),
};

export const DemoAdd = z.object({ name: requiredStr('姓名', 30), ...demoFields }).loose();
export const DemoEdit = z
  .object({ id: requiredStr('id', 36), name: requiredStr('姓名', 30).optional(), ...demoFields })
  .loose();

const columnsOf = (p: Omit<z.output<typeof DemoEdit>, 'id'>) => ({
  name: p.name,
  keyWord: p.keyWord,
  punchTime: p.punchTime,
  salaryMoney: p.salaryMoney,
  bonusMoney: p.bonusMoney,
  sex: p.sex,
  age: p.age,
  birthday: p.birthday,
  email: p.email,
  content: p.content,
  dictSelect: p.dictSelect,
  dictCheckbox: p.dictCheckbox,
  dictMulti: p.dictMulti,
  dictSearch: p.dictSearch,
  treeSelect: p.treeSelect,
  categoryCode: p.categoryCode,
  departIds: p.departIds,
  userNames: p.userNames,
  postCodes: p.postCodes,
  roleIds: p.roleIds,
  areaCode: p.areaCode,
  yesNo: p.yesNo,
  files: p.files,
  images: p.images,
  markdown: p.markdown,
  richText: p.richText,
  codeLang: p.codeLang,
  codeText: p.codeText,
  remark: p.remark,
});

/**
 * 单表模型示例 (`/test/jeecgDemo`, table `demo`): JeecgBoot's list (QueryGenerator, newest first, data rules of the
 * page), add / edit (a partial edit changes only the fields sent) / delete / deleteBatch / queryById / Excel.
 * Tenant-scoped like JeecgBoot's SaaS table list.
 */
export const jeecgDemo = defineCrud({
  base: '/test/jeecgDemo',
  table: demo,
  listCode200: true,
  tenantScoped: true,
  list: {
    sortable: ['createTime', 'updateTime', 'name', 'keyWord', 'punchTime', 'salaryMoney', 'bonusMoney', 'sex', 'age'],
    defaultSort: { column: 'createTime', order: 'desc' },
    // labels of every picked code, for the list and 详情 (`<field>_dictText`, comma values translated one by one)
    dictFields: {
      sex: 'sex',
      dictSelect: 'priority',
      dictCheckbox: 'msg_category',
      dictMulti: 'priority',
      dictSearch: 'sys_user,realname,username',
      treeSelect: 'sys_depart,depart_name,id',
      categoryCode: 'sys_category,name,id',
      departIds: 'sys_depart,depart_name,id',
      userNames: 'sys_user,realname,username',
      postCodes: 'sys_position,name,code',
      roleIds: 'sys_role,role_name,id',
    },
  },
  dataRules: DEMO_PAGE,
  access: {
    list: { menu: DEMO_PAGE },
    add: { perm: 'demo:add' },
    edit: { perm: 'demo:edit' },
    delete: { perm: 'demo:delete' },
    deleteBatch: { perm: ['demo:deleteBatch', 'demo:delete'] },
    exportXls: { perm: 'demo:exportXls' },
    importExcel: { perm: 'demo:importExcel' },
  },
  messages: DEMO_MESSAGES,
  add: {
    schema: DemoAdd,
    toRow: (p) => ({ ...columnsOf(p), name: p.name }),
  },
  edit: {
    schema: DemoEdit,
    toRow: (p) => defined(columnsOf(p)),
  },
  exportXls: { columns: DEMO_EXCEL_COLUMNS, fileName: '单表模型示例' },
  importExcel: { columns: DEMO_EXCEL_COLUMNS },
});
