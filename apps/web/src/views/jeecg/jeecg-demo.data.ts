import { DEMO_URLS, type JeecgDemo } from '../../api/demo';
import { CODE_LANGUAGES } from '../../components/JCodeEditor/code-languages';
import { definePage } from '../../components/kit';
import { SLIDER_REQUIRED } from './jeecg-demo-widgets';

/** the code editor's languages (spec 02 §9), as the server accepts them */
export const DEMO_CODE_LANGUAGES = CODE_LANGUAGES.map((l) => ({ value: l.key, label: l.label }));

/**
 * 单表模型示例 (JeecgBoot jeecg/JeecgDemoList, contract-2 §5): the demo entity `demo` on the page kit — query by name,
 * sex, an age range and the Y/N switch (是/否); add / edit in the fullscreen-capable 60 % modal whose form uses every
 * form widget of spec 02 (the demo ones of ./jeecg-demo-widgets.tsx compose shared components); delete, batch
 * delete, export, import and 详情 (a detail list of at most 4 columns).
 */
export const jeecgDemoPage = definePage<JeecgDemo>({
  name: 'jeecg-demo',
  auth: 'demo',
  authCodes: { export: 'demo:exportXls', import: 'demo:importExcel' },
  urls: DEMO_URLS,
  exportName: '单表模型示例',
  columns: [
    { field: 'name', title: '用户名', sorter: true, width: 120 },
    { field: 'keyWord', title: '关键词', width: 120 },
    { field: 'punchTime', title: '打卡时间', type: 'datetime', sorter: true },
    { field: 'salaryMoney', title: '工资', type: 'money', width: 100 },
    { field: 'bonusMoney', title: '奖金', type: 'money', width: 100 },
    { field: 'sex', title: '性别', type: 'dict', dictCode: 'sex', width: 70 },
    { field: 'age', title: '年龄', sorter: true, width: 70 },
    { field: 'birthday', title: '生日', type: 'date', sorter: true },
    { field: 'email', title: '邮箱', type: 'nowrap' },
    { field: 'content', title: '个人简介', ellipsis: true, width: 160 },
  ],
  query: [
    { field: 'name', label: '用户名', rule: 'like' },
    { field: 'sex', label: '性别', widget: 'dict', props: { dictCode: 'sex' } },
    { field: 'age', label: '年龄', rule: 'ge', widget: 'number', props: { placeholder: '最小年龄', min: 0 } },
    { field: 'birthday', label: '生日', widget: 'date-range', range: true },
    { field: 'keyWord', label: '关键词', rule: 'like' },
    { field: 'yesNo', label: '是否启用', widget: 'switch' },
  ],
  rowActions: [
    { key: 'edit', label: '编辑', run: 'edit' },
    { key: 'detail', label: '详情', run: 'demoDetail', auth: '' },
    { key: 'delete', label: '删除', run: 'delete', more: true },
  ],
  editor: { width: 900 },
  form: [
    { field: 'name', label: '用户名', required: true, props: { maxLength: 50 } },
    { field: 'keyWord', label: '关键词', props: { maxLength: 255 } },
    { field: 'punchTime', label: '打卡时间', widget: 'datetime' },
    { field: 'salaryMoney', label: '工资', widget: 'number', rules: ['money'], props: { min: 0, precision: 2 } },
    { field: 'bonusMoney', label: '奖金', widget: 'number', rules: ['money'], props: { min: 0, precision: 2 } },
    { field: 'sex', label: '性别', widget: 'dict-radio', props: { dictCode: 'sex' } },
    {
      field: 'age',
      label: '年龄',
      widget: 'number',
      rules: [{ type: 'integer', min: 0, max: 200, message: '年龄必须是0到200的整数' }],
      props: { precision: 0 },
    },
    { field: 'birthday', label: '生日', widget: 'date' },
    { field: 'email', label: '邮箱', rules: ['e'], props: { maxLength: 255 } },
    { field: 'content', label: '个人简介', widget: 'textarea', props: { maxLength: 1000, rows: 4 } },
    { field: 'dictSelect', label: '字典下拉', widget: 'dict', span: 12, props: { dictCode: 'priority' } },
    {
      field: 'dictCheckbox',
      label: '字典多选框',
      widget: 'dict-checkbox',
      span: 12,
      props: { dictCode: 'msg_category' },
    },
    { field: 'dictMulti', label: '字典多选', widget: 'dict-multi', span: 12, props: { dictCode: 'priority' } },
    {
      field: 'dictSearch',
      label: '字典搜索',
      widget: 'dict-search',
      span: 12,
      props: { dict: 'sys_user,realname,username' },
    },
    {
      field: 'treeSelect',
      label: '树选择',
      widget: 'tree',
      span: 12,
      props: { dict: 'sys_depart,depart_name,id', pidField: 'parent_id', pidValue: '' },
    },
    { field: 'categoryCode', label: '分类字典', widget: 'category', span: 12, props: { pcode: 'A01', multiple: true } },
    { field: 'departIds', label: '部门', widget: 'depart', span: 12, props: { multiple: true } },
    { field: 'userNames', label: '用户', widget: 'user', span: 12, props: { multiple: true } },
    { field: 'postCodes', label: '职务', widget: 'position', span: 12, props: { multiple: true } },
    { field: 'roleIds', label: '角色', widget: 'role', span: 12, props: { multiple: true } },
    { field: 'areaCode', label: '省市区', widget: 'pca', span: 12 },
    { field: 'yesNo', label: '是否启用', widget: 'switch', span: 12, initialValue: 'N' },
    { field: 'files', label: '附件', widget: 'file', props: { number: 5, biz: 'temp', multiple: true } },
    { field: 'images', label: '图片', widget: 'demo-images' },
    { field: 'markdown', label: 'Markdown', widget: 'markdown', props: { height: '240px' } },
    { field: 'richText', label: '富文本', widget: 'editor', props: { height: 200 } },
    {
      field: 'codeLang',
      label: '代码语言',
      widget: 'select',
      span: 12,
      initialValue: 'javascript',
      props: { options: DEMO_CODE_LANGUAGES, allowClear: false },
    },
    { field: 'codeText', label: '代码', widget: 'demo-code' },
    { field: 'remark', label: '备注', widget: 'demo-prompt' },
    {
      field: '_verified',
      label: '滑块验证',
      widget: 'demo-slider',
      submit: false,
      required: SLIDER_REQUIRED,
      show: (_v, ctx) => ctx.mode !== 'detail',
    },
  ],
});
