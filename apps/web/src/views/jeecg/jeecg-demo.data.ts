import { DEMO_URLS, type JeecgDemo } from '../../api/demo';
import { definePage } from '../../components/kit';

/**
 * 单表模型示例 (JeecgBoot jeecg/JeecgDemoList, contract-2 §5): the demo entity `demo` on the page kit — query by name,
 * sex and an age range; add / edit in the 60 % modal; delete, batch delete, export and import.
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
  ],
  editor: { width: 800 },
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
  ],
});
