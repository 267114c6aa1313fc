// biome-ignore-all lint/suspicious/noTemplateCurlyInString: JVxeTable messages substitute ${title}
import type { CgreportHead, CgreportItem, CgreportParam, ReportSave } from '../../../../../api/cgreport';
import type { JVxeColumn } from '../../../../../components/jvxe/types';

/** Online报表配置's designer: the grids' columns, 解析SQL merging and the save body (contract-2 §4.3, §4.4). */

export const FIELD_TYPES = ['String', 'Integer', 'Long', 'Double', 'BigDecimal', 'Date', 'Datetime'].map((t) => ({
  value: t,
  text: t,
}));
export const SEARCH_MODES = [
  { value: 'single', text: '单条件查询' },
  { value: 'group', text: '范围查询' },
];

const check = (key: string, title: string, on: unknown, off: unknown, dflt: boolean, width = 80): JVxeColumn => ({
  key,
  title,
  type: 'checkbox',
  width,
  align: 'center',
  customValue: [on, off],
  defaultChecked: dflt,
});

export const ITEM_COLUMNS: JVxeColumn[] = [
  {
    key: 'fieldName',
    title: '字段名',
    type: 'input',
    width: 150,
    defaultValue: '',
    validateRules: [
      { required: true, message: '${title}不能为空' },
      { unique: true, message: '${title}不能重复' },
    ],
  },
  { key: 'fieldTxt', title: '字段文本', type: 'input', width: 140, defaultValue: '' },
  { key: 'fieldWidth', title: '宽度', type: 'inputNumber', width: 90 },
  { key: 'fieldType', title: '类型', type: 'select', width: 120, options: FIELD_TYPES, defaultValue: 'String' },
  check('isShow', '是否显示', 1, 0, true),
  check('isSearch', '是否查询', 1, 0, false),
  { key: 'searchMode', title: '查询模式', type: 'select', width: 130, options: SEARCH_MODES, defaultValue: 'single' },
  check('isOrder', '是否排序', 1, 0, false),
  { key: 'dictCode', title: '字典code', type: 'input', width: 130, defaultValue: '' },
  check('isTotal', '是否合计', '1', '0', false),
  { key: 'groupTitle', title: '分组标题', type: 'input', width: 120, defaultValue: '' },
  { key: 'fieldHref', title: '字段链接', type: 'input', width: 180, defaultValue: '' },
];

export const PARAM_COLUMNS: JVxeColumn[] = [
  {
    key: 'paramName',
    title: '参数',
    type: 'input',
    width: 200,
    defaultValue: '',
    validateRules: [
      { required: true, message: '${title}不能为空' },
      { unique: true, message: '${title}不能重复' },
      { pattern: '^[A-Za-z_][A-Za-z0-9_]*$', message: '${title}只能包含字母、数字、下划线' },
    ],
  },
  { key: 'paramTxt', title: '参数文本', type: 'input', width: 200, defaultValue: '' },
  { key: 'paramValue', title: '默认值', type: 'input', width: 200, defaultValue: '' },
];

type Rec = Record<string, unknown>;

/**
 * 解析SQL: the parsed columns in the SQL's order; a column already configured keeps its settings, new ones start
 * shown with their name as text; columns gone from the SQL are dropped.
 */
export function mergeParsed<T extends Rec>(current: readonly Rec[], parsed: readonly T[], key: string): Rec[] {
  const byName = new Map(current.map((r) => [String(r[key] ?? ''), r]));
  return parsed.map((p, i) => {
    const had = byName.get(String(p[key] ?? ''));
    const { id: _id, ...rest } = (had ?? {}) as Rec;
    return had ? { ...rest, orderNum: i } : { ...p, orderNum: i };
  });
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());
const intOr = (v: unknown, d: number | null) => {
  const n = Number(v);
  return v === '' || v === null || v === undefined || !Number.isFinite(n) ? d : Math.trunc(n);
};

/** the body of head/add or head/editAll from the form values and the grids' rows */
export function buildSave(head: Partial<CgreportHead>, items: readonly Rec[], params: readonly Rec[]): ReportSave {
  return {
    head: {
      ...(head.id ? { id: head.id } : {}),
      code: text(head.code),
      name: text(head.name),
      cgrSql: text(head.cgrSql),
      dbSource: text(head.dbSource) || null,
    },
    items: items.map(
      (r, i): CgreportItem => ({
        fieldName: text(r.fieldName),
        fieldTxt: text(r.fieldTxt) || text(r.fieldName),
        fieldWidth: intOr(r.fieldWidth, null),
        fieldType: text(r.fieldType) || 'String',
        isShow: intOr(r.isShow, 1),
        isSearch: intOr(r.isSearch, 0),
        searchMode: text(r.searchMode) || null,
        isOrder: intOr(r.isOrder, 0),
        dictCode: text(r.dictCode) || null,
        isTotal: text(r.isTotal) === '1' ? '1' : '0',
        groupTitle: text(r.groupTitle) || null,
        fieldHref: text(r.fieldHref) || null,
        orderNum: i,
      }),
    ),
    params: params.map(
      (r, i): CgreportParam => ({
        paramName: text(r.paramName),
        paramTxt: text(r.paramTxt) || null,
        paramValue: text(r.paramValue) || null,
        orderNum: i,
      }),
    ),
  };
}

/** the report screen of a definition (功能测试, 配置地址) */
export const reportRoute = (id: string) => `/online/cgreport/${encodeURIComponent(id)}`;
