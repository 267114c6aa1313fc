// biome-ignore-all lint/suspicious/noTemplateCurlyInString: JVxeTable placeholders and messages substitute ${title}
// Columns and rows of the JVxeTable示例 page: every basic cell type, and the rich types once registered.
import { getCell, type JVxeColumn, type JVxeRow } from '../../../components/jvxe';

const OPTIONS = [
  { value: '1', text: '苹果' },
  { value: '2', text: '香蕉' },
  { value: '3', text: '橘子' },
  { value: '4', text: '葡萄' },
];

/** an asynchronous custom rule: 'admin' is taken (stands for a server-side check) */
const notTaken = async ({ value }: { value: unknown }) => {
  await new Promise((r) => setTimeout(r, 50));
  return value === 'admin' ? '该名称已被占用' : undefined;
};

export const BASIC_COLUMNS: JVxeColumn[] = [
  {
    key: 'name',
    title: '名称',
    type: 'input',
    width: 160,
    placeholder: '请输入${title}',
    defaultValue: '',
    validateRules: [{ required: true }, { handler: notTaken }],
  },
  {
    key: 'code',
    title: '编码',
    type: 'input',
    width: 140,
    validateRules: [{ unique: true }, { pattern: 's', message: '${title}只能是字母' }],
  },
  {
    key: 'mobile',
    title: '手机号',
    type: 'input',
    width: 140,
    validateRules: [{ pattern: 'm', message: '请输入正确手机号' }],
  },
  { key: 'email', title: '邮箱', type: 'input', width: 180, validateRules: [{ pattern: 'e' }] },
  {
    key: 'num',
    title: '数量',
    type: 'inputNumber',
    width: 110,
    statistics: ['sum', 'average'],
    defaultValue: 1,
    validateRules: [{ required: true }, { pattern: 'z', message: '${title}必须是整数' }],
  },
  {
    key: 'price',
    title: '单价',
    type: 'inputNumber',
    width: 110,
    statistics: ['sum'],
    validateRules: [{ pattern: 'money' }],
  },
  { key: 'remark', title: '描述', type: 'textarea', width: 200 },
  { key: 'sex', title: '性别', type: 'select', width: 120, dictCode: 'sex', placeholder: '请选择${title}' },
  { key: 'fruit', title: '水果', type: 'select-search', width: 140, options: OPTIONS },
  { key: 'fruits', title: '多选水果', type: 'select-multiple', width: 200, options: OPTIONS },
  { key: 'fruitList', title: '多选列表', type: 'list_multi', width: 200, options: OPTIONS },
  { key: 'level', title: '级别', type: 'radio', width: 200, options: OPTIONS.slice(0, 3) },
  { key: 'day', title: '日期', type: 'date', width: 135 },
  { key: 'at', title: '时间日期', type: 'datetime', width: 190 },
  { key: 'clock', title: '时间', type: 'time', width: 120 },
  { key: 'enabled', title: '启用', type: 'checkbox', width: 80, customValue: ['Y', 'N'], defaultChecked: true },
  { key: 'flag', title: '标记', type: 'checkbox_meta', width: 80 },
  { key: 'progress', title: '进度', type: 'progress', width: 150, defaultValue: 0 },
  { key: 'tags', title: '标签', type: 'tags', width: 180 },
  { key: 'creator', title: '创建人(只读)', type: 'normal', width: 120, defaultValue: 'admin' },
  { key: 'secret', title: '隐藏列', type: 'hidden', defaultValue: 'x' },
  { key: 'orderNum', title: '排序', type: 'normal', width: 70 },
];

/** rich cells (C2) — listed only when their type has registered */
const RICH_COLUMNS: JVxeColumn[] = [
  {
    key: 'file',
    title: '文件',
    type: 'file',
    width: 180,
    action: '/sys/common/upload',
    token: true,
    allowDownload: true,
    allowRemove: true,
  },
  { key: 'image', title: '图片', type: 'image', width: 180, action: '/sys/common/upload', token: true },
  { key: 'upload', title: '上传', type: 'upload', width: 180, action: '/sys/common/upload', token: true },
  { key: 'user', title: '用户', type: 'sel_user', width: 190 },
  { key: 'depart', title: '部门', type: 'sel_depart', width: 190 },
  { key: 'search', title: '字典搜索', type: 'sel_search', width: 160, dictCode: 'sys_user,realname,username' },
  { key: 'pop', title: '弹出输入', type: 'input_pop', width: 160 },
  {
    key: 'popup',
    title: 'Popup',
    type: 'popup',
    width: 160,
    popupCode: 'demo',
    orgFields: 'name',
    destFields: 'popup',
  },
];

export function demoColumns(): JVxeColumn[] {
  return [...BASIC_COLUMNS, ...RICH_COLUMNS.filter((c) => getCell(c.type))];
}

export function demoRows(): JVxeRow[] {
  const names = ['张三', '李四', '王五', '赵六', '钱七'];
  return names.map((name, i) => ({
    id: `demo-${i + 1}`,
    name,
    code: `code${String.fromCharCode(97 + i)}`,
    mobile: `1380000000${i}`,
    email: `user${i}@example.com`,
    num: i + 1,
    price: 10 + i * 2.5,
    remark: i === 0 ? '第一行' : '',
    sex: String((i % 2) + 1),
    fruit: String((i % 4) + 1),
    fruits: '1,2',
    fruitList: '3',
    level: String((i % 3) + 1),
    day: `2024-03-0${i + 1}`,
    at: `2024-03-0${i + 1} 10:30:00`,
    clock: '08:00:00',
    enabled: i % 2 ? 'N' : 'Y',
    flag: i % 2 === 0,
    progress: (i + 1) * 18,
    tags: 'ab;cd;',
    creator: 'admin',
    secret: 's',
    orderNum: i + 1,
  }));
}
