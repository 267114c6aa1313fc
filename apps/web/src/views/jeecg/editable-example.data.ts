// biome-ignore-all lint/suspicious/noTemplateCurlyInString: JVxeTable placeholders and messages substitute ${title}
import type { VxeDemoRow } from '../../api/demo';
import type { JVxeColumn, JVxeRow, JVxeValidationError } from '../../components/jvxe/types';

/**
 * JEditableTable示例 (JeecgBoot jeecg/JeecgEditableTableExample): the columns of the 普通列表 demo (a table of
 * database fields, as JeecgBoot's DefaultTable), its starting rows, and the columns of the 实时同步 demo (rows of
 * `/mock/vxe/getData`, saved one at a time and pushed to the other browsers on the same page through /vxeSocket).
 */

export const FIELD_TYPES = [
  { value: 'string', text: 'String' },
  { value: 'int', text: 'Integer' },
  { value: 'double', text: 'Double' },
  { value: 'Date', text: 'Date' },
  { value: 'BigDecimal', text: 'BigDecimal' },
  { value: 'Text', text: 'Text' },
  { value: 'Blob', text: 'Blob' },
];

export const FIELD_COLUMNS: JVxeColumn[] = [
  {
    key: 'dbFieldName',
    title: '字段名称',
    type: 'input',
    width: 160,
    defaultValue: '',
    placeholder: '请输入${title}',
    validateRules: [
      { required: true, message: '${title}不能为空' },
      { unique: true, message: '${title}不能重复' },
      { pattern: '^[a-zA-Z][a-zA-Z0-9_-]*$', message: '${title}必须以字母开头，可包含数字、下划线、横杠' },
    ],
  },
  { key: 'dbFieldTxt', title: '字段备注', type: 'input', width: 160, placeholder: '请输入${title}' },
  {
    key: 'dbFieldType',
    title: '字段类型',
    type: 'select',
    width: 130,
    options: FIELD_TYPES,
    defaultValue: 'string',
    placeholder: '请选择${title}',
    validateRules: [{ required: true, message: '请选择${title}' }],
  },
  {
    key: 'dbLength',
    title: '字段长度',
    type: 'inputNumber',
    width: 110,
    defaultValue: 32,
    statistics: ['sum', 'average'],
    validateRules: [{ pattern: 'z', message: '${title}必须是整数' }],
  },
  { key: 'dbPointLength', title: '小数点', type: 'inputNumber', width: 100, defaultValue: 0 },
  { key: 'dbIsKey', title: '主键', type: 'checkbox', width: 70, customValue: ['1', '0'], defaultChecked: false },
  { key: 'dbIsNull', title: '允许空值', type: 'checkbox', width: 90, customValue: ['1', '0'], defaultChecked: true },
  { key: 'createDate', title: '创建日期', type: 'date', width: 140 },
  { key: 'updateTime', title: '更新时间', type: 'datetime', width: 190 },
  { key: 'sex', title: '性别', type: 'select', dictCode: 'sex', width: 100, placeholder: '请选择${title}' },
];

/** the starting rows of 普通列表 (saved-looking ids, so removing them goes through the confirmation) */
export function initialFieldRows(): JVxeRow[] {
  const today = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  return [
    ['id', '主键', 'string', 36, '1', '0'],
    ['create_by', '创建人', 'string', 50, '0', '1'],
    ['create_time', '创建日期', 'Date', 20, '0', '1'],
    ['order_money', '订单金额', 'BigDecimal', 10, '0', '1'],
  ].map(([name, txt, type, len, key, nul], i) => ({
    id: `field-${i + 1}`,
    dbFieldName: name,
    dbFieldTxt: txt,
    dbFieldType: type,
    dbLength: len,
    dbPointLength: type === 'BigDecimal' ? 2 : 0,
    dbIsKey: key,
    dbIsNull: nul,
    createDate: date,
    updateTime: `${date} 09:00:00`,
    sex: null,
  }));
}

/** what 获取值 tells of a failed collection: the row (1-based), the column title and the message */
export function describeError(e: unknown): string {
  const err = e as Partial<JVxeValidationError> | null;
  if (err && typeof err.message === 'string' && typeof err.rowIndex === 'number') {
    return `第${err.rowIndex + 1}行「${err.title ?? err.key}」：${err.message}`;
  }
  return e instanceof Error ? e.message : String(e);
}

/** the 实时同步 demo: the page every browser opens the socket for */
export const LIVE_PAGE_ID = 'jeecg-editable-table-example';

export const LIVE_COLUMNS: JVxeColumn[] = [
  { key: 'num', title: '序号', type: 'normal', minWidth: 70 },
  {
    key: 'ship_name',
    title: '船名',
    type: 'input',
    minWidth: 160,
    validateRules: [{ required: true, message: '${title}不能为空' }],
  },
  { key: 'call', title: '呼叫', type: 'input', minWidth: 100 },
  { key: 'len', title: '长', type: 'inputNumber', minWidth: 90 },
  { key: 'ton', title: '吨', type: 'inputNumber', minWidth: 90 },
  { key: 'payer', title: '付款方', type: 'input', minWidth: 120 },
  { key: 'count', title: '数', type: 'inputNumber', minWidth: 80 },
  { key: 'company', title: '公司', type: 'input', minWidth: 160 },
  { key: 'trend', title: '动向', type: 'input', minWidth: 120 },
];

const LIVE_KEYS = ['id', ...LIVE_COLUMNS.filter((c) => c.type !== 'normal').map((c) => c.key)];

/** the body of one row saved by the live demo: its id and editable fields */
export function liveRowBody(row: JVxeRow): Partial<VxeDemoRow> & { id: string } {
  const out: Record<string, unknown> = {};
  for (const k of LIVE_KEYS) if (k in row) out[k] = row[k];
  return out as Partial<VxeDemoRow> & { id: string };
}
