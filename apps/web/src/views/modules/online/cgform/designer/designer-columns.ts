// biome-ignore-all lint/suspicious/noTemplateCurlyInString: JVxeTable placeholders and messages substitute ${title}
import type { JVxeColumn } from '../../../../../components/jvxe/types';
import { DB_TYPES, FIELD_VIEWS, IDENT, VALID_TYPES } from './designer-logic';

/**
 * The column sets of the designer's tabs: every tab edits the same field rows (数据库属性 adds and removes them, the
 * others show one aspect each), 索引 edits the index rows.
 */

export type DesignerTab = 'db' | 'page' | 'check' | 'fk' | 'dict' | 'index';

export const TAB_TITLES: Record<DesignerTab, string> = {
  db: '数据库属性',
  page: '页面属性',
  check: '校验字段',
  fk: '外键',
  dict: '字典',
  index: '索引',
};

const nameColumn = (editable: boolean): JVxeColumn =>
  editable
    ? {
        key: 'dbFieldName',
        title: '字段名称',
        type: 'input',
        width: 160,
        defaultValue: '',
        placeholder: '请输入${title}',
        validateRules: [
          { required: true, message: '${title}不能为空' },
          { unique: true, message: '${title}不能重复' },
          { pattern: IDENT.source, message: '须以小写字母开头，只含小写字母、数字和下划线' },
        ],
      }
    : { key: 'dbFieldName', title: '字段名称', type: 'normal', width: 150 };

const txtColumn = (editable: boolean): JVxeColumn =>
  editable
    ? {
        key: 'dbFieldTxt',
        title: '字段备注',
        type: 'input',
        width: 160,
        defaultValue: '',
        placeholder: '请输入${title}',
        validateRules: [{ required: true, message: '${title}不能为空' }],
      }
    : { key: 'dbFieldTxt', title: '字段备注', type: 'normal', width: 150 };

const check = (key: string, title: string, on: unknown, off: unknown, dflt: boolean, width = 80): JVxeColumn => ({
  key,
  title,
  type: 'checkbox',
  width,
  align: 'center',
  customValue: [on, off],
  defaultChecked: dflt,
});

const options = (list: readonly { value: string | number; text: string }[]) =>
  list.map((o) => ({ value: o.value, text: o.text }));

export const TAB_COLUMNS: Record<Exclude<DesignerTab, 'index'>, JVxeColumn[]> = {
  db: [
    nameColumn(true),
    txtColumn(true),
    {
      key: 'dbLength',
      title: '字段长度',
      type: 'inputNumber',
      width: 100,
      defaultValue: 32,
      validateRules: [{ pattern: 'z', message: '${title}必须是整数' }],
    },
    { key: 'dbPointLength', title: '小数点', type: 'inputNumber', width: 90, defaultValue: 0 },
    { key: 'dbDefaultVal', title: '默认值', type: 'input', width: 130, defaultValue: '' },
    {
      key: 'dbType',
      title: '字段类型',
      type: 'select',
      width: 130,
      options: options(DB_TYPES),
      defaultValue: 'string',
      validateRules: [{ required: true, message: '请选择${title}' }],
    },
    check('dbIsKey', '主键', 1, 0, false, 70),
    check('dbIsNull', '允许空值', 1, 0, true, 90),
  ],
  page: [
    nameColumn(false),
    txtColumn(false),
    check('isShowForm', '表单显示', 1, 0, true),
    check('isShowList', '列表显示', 1, 0, true),
    check('sortFlag', '是否排序', '1', '0', false),
    check('isReadOnly', '是否只读', 1, 0, false),
    {
      key: 'fieldShowType',
      title: '控件类型',
      type: 'select',
      width: 190,
      options: options(FIELD_VIEWS),
      defaultValue: 'text',
    },
    { key: 'fieldLength', title: '控件长度', type: 'inputNumber', width: 100, defaultValue: 120 },
    check('isQuery', '是否查询', 1, 0, false),
    {
      key: 'queryMode',
      title: '查询模式',
      type: 'select',
      width: 110,
      options: [
        { value: 'single', text: '普通查询' },
        { value: 'group', text: '范围查询' },
      ],
      defaultValue: 'single',
    },
    { key: 'fieldDefaultValue', title: '默认值', type: 'input', width: 130, defaultValue: '' },
    { key: 'fieldExtendJson', title: '扩展参数', type: 'input', width: 180, defaultValue: '', placeholder: 'JSON' },
  ],
  check: [
    nameColumn(false),
    txtColumn(false),
    check('fieldMustInput', '是否必填', '1', '0', false, 90),
    {
      key: 'validPreset',
      title: '校验规则',
      type: 'select',
      width: 170,
      options: [...options(VALID_TYPES.filter((v) => v.value !== '')), { value: 'custom', text: '自定义正则' }],
      allowClear: true,
      placeholder: '请选择${title}',
    },
    { key: 'validRegex', title: '自定义正则', type: 'input', width: 220, defaultValue: '', placeholder: '如 ^\\d+$' },
  ],
  fk: fkColumns([]),
  dict: [
    nameColumn(false),
    txtColumn(false),
    { key: 'dictTable', title: '字典Table', type: 'input', width: 180, defaultValue: '' },
    { key: 'dictField', title: '字典Code', type: 'input', width: 180, defaultValue: '' },
    { key: 'dictText', title: '字典Text', type: 'input', width: 180, defaultValue: '' },
  ],
};

/** 外键: the main table picked from the main-table definitions (typed when there are none), its field typed (usually id) */
export function fkColumns(mainTables: readonly string[]): JVxeColumn[] {
  return [
    nameColumn(false),
    txtColumn(false),
    mainTables.length
      ? {
          key: 'mainTable',
          title: '主表名',
          type: 'select',
          width: 200,
          options: mainTables.map((t) => ({ value: t, text: t })),
          allowClear: true,
          placeholder: '请选择${title}',
        }
      : {
          key: 'mainTable',
          title: '主表名',
          type: 'input',
          width: 200,
          defaultValue: '',
          placeholder: '请输入${title}',
        },
    { key: 'mainField', title: '主表字段', type: 'input', width: 180, defaultValue: '', placeholder: '如 id' },
  ];
}

export function indexColumns(fieldNames: readonly string[]): JVxeColumn[] {
  return [
    {
      key: 'indexName',
      title: '索引名称',
      type: 'input',
      width: 200,
      defaultValue: '',
      placeholder: '请输入${title}',
      validateRules: [
        { required: true, message: '${title}不能为空' },
        { unique: true, message: '${title}不能重复' },
        { pattern: IDENT.source, message: '须以小写字母开头，只含小写字母、数字和下划线' },
      ],
    },
    {
      key: 'indexField',
      title: '索引栏位',
      type: 'list_multi',
      width: 300,
      options: fieldNames.map((n) => ({ value: n, text: n })),
      validateRules: [{ required: true, message: '请选择${title}' }],
    },
    {
      key: 'indexType',
      title: '索引类型',
      type: 'select',
      width: 150,
      options: [
        { value: 'normal', text: 'normal' },
        { value: 'unique', text: 'unique' },
      ],
      defaultValue: 'normal',
    },
  ];
}
