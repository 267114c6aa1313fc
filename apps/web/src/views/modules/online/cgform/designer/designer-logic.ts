import type { CgformField, CgformHead, CgformIndex, CgformSaveBody } from '../../../../../api/cgform-design';

/**
 * The pure part of Online表单开发: JeecgBoot's default system columns of a new definition, the fixed type and view
 * lists, identifier checks (Chinese messages), the route a definition's generated screen lives at, and the
 * addAll/editAll body with the ids of removed fields and indexes.
 */

/** identifiers of tables, columns and indexes (issue 13, "safe by construction") */
export const IDENT = /^[a-z][a-z0-9_]{0,62}$/;

/** database types (the fixed list the server accepts) */
export const DB_TYPES = [
  { value: 'string', text: 'String' },
  { value: 'int', text: 'Integer' },
  { value: 'double', text: 'Double' },
  { value: 'Date', text: 'Date' },
  { value: 'Datetime', text: 'Datetime' },
  { value: 'Time', text: 'Time' },
  { value: 'BigDecimal', text: 'BigDecimal' },
  { value: 'Text', text: 'Text' },
  { value: 'Blob', text: 'Blob' },
] as const;

/** form views of contract-2 §4.2 with JeecgBoot's designer labels */
export const FIELD_VIEWS = [
  { value: 'text', text: '文本框' },
  { value: 'password', text: '密码' },
  { value: 'list', text: '下拉框' },
  { value: 'radio', text: '单选框' },
  { value: 'checkbox', text: '多选框' },
  { value: 'switch', text: '开关' },
  { value: 'date', text: '日期(yyyy-MM-dd)' },
  { value: 'datetime', text: '日期(yyyy-MM-dd HH:mm:ss)' },
  { value: 'time', text: '时间(HH:mm:ss)' },
  { value: 'file', text: '文件' },
  { value: 'image', text: '图片' },
  { value: 'textarea', text: '多行文本' },
  { value: 'list_multi', text: '下拉多选框' },
  { value: 'sel_search', text: '下拉搜索框' },
  { value: 'popup', text: 'Popup弹框' },
  { value: 'cat_tree', text: '分类字典树' },
  { value: 'sel_depart', text: '部门选择' },
  { value: 'sel_user', text: '用户选择' },
  { value: 'pca', text: '省市区组件' },
  { value: 'link_down', text: '联动组件' },
  { value: 'sel_tree', text: '自定义树控件' },
  { value: 'umeditor', text: '富文本' },
  { value: 'markdown', text: 'MarkDown' },
  { value: 'rate', text: '评分' },
  { value: 'number', text: '数值' },
  { value: 'integer', text: '整数' },
  { value: 'hidden', text: '隐藏' },
] as const;

/** views whose options come from a dictionary (dict code, or table + text + code) */
export const DICT_VIEWS = new Set(['list', 'radio', 'checkbox', 'list_multi', 'sel_search', 'cat_tree', 'sel_tree']);

/** 校验字段 presets (spec 02 §5) */
export const VALID_TYPES = [
  { value: '', text: '空' },
  { value: 'only', text: '唯一校验' },
  { value: 'n6-16', text: '6到16位数字' },
  { value: '*6-16', text: '6到16位任意字符' },
  { value: 's6-18', text: '6到18位字母' },
  { value: 'url', text: '网址' },
  { value: 'e', text: '电子邮件' },
  { value: 'm', text: '手机号码' },
  { value: 'p', text: '邮政编码' },
  { value: 's', text: '字母' },
  { value: 'n', text: '数字' },
  { value: 'z', text: '整数' },
  { value: '*', text: '非空' },
  { value: 'money', text: '金额' },
] as const;

export const TABLE_TYPES = [
  { value: 1, label: '单表' },
  { value: 2, label: '主表' },
  { value: 3, label: '附表' },
] as const;

export const THEMES = [
  { value: 'normal', label: '默认主题' },
  { value: 'erp', label: 'ERP主题(一对多)' },
  { value: 'innerTable', label: '内嵌子表主题(一对多)' },
  { value: 'tab', label: 'TAB主题(一对多)' },
] as const;

export function tableTypeText(t: unknown): string {
  return TABLE_TYPES.find((x) => x.value === Number(t))?.label ?? '';
}

/** a field with the designer's defaults (a new row of 数据库属性) */
export function newField(orderNum: number, over: Partial<CgformField> = {}): CgformField {
  return {
    dbFieldName: '',
    dbFieldTxt: '',
    dbIsKey: 0,
    dbIsNull: 1,
    dbType: 'string',
    dbLength: 32,
    dbPointLength: 0,
    dbDefaultVal: '',
    dictField: '',
    dictTable: '',
    dictText: '',
    fieldShowType: 'text',
    fieldHref: '',
    fieldLength: 120,
    fieldValidType: '',
    fieldMustInput: '0',
    fieldExtendJson: '',
    fieldDefaultValue: '',
    isQuery: 0,
    isShowForm: 1,
    isShowList: 1,
    isReadOnly: 0,
    queryMode: 'single',
    mainTable: '',
    mainField: '',
    orderNum,
    sortFlag: '0',
    ...over,
  };
}

/** JeecgBoot's system columns of a new definition: id, create_by, create_time, update_by, update_time, sys_org_code */
export function defaultFields(): CgformField[] {
  const hidden = { isShowForm: 0, isShowList: 0 };
  return [
    newField(0, {
      dbFieldName: 'id',
      dbFieldTxt: '主键',
      dbIsKey: 1,
      dbIsNull: 0,
      dbLength: 36,
      ...hidden,
      isReadOnly: 1,
    }),
    newField(1, { dbFieldName: 'create_by', dbFieldTxt: '创建人', dbLength: 50, ...hidden }),
    newField(2, {
      dbFieldName: 'create_time',
      dbFieldTxt: '创建日期',
      dbType: 'Datetime',
      dbLength: 20,
      fieldShowType: 'datetime',
      ...hidden,
    }),
    newField(3, { dbFieldName: 'update_by', dbFieldTxt: '更新人', dbLength: 50, ...hidden }),
    newField(4, {
      dbFieldName: 'update_time',
      dbFieldTxt: '更新日期',
      dbType: 'Datetime',
      dbLength: 20,
      fieldShowType: 'datetime',
      ...hidden,
    }),
    newField(5, { dbFieldName: 'sys_org_code', dbFieldTxt: '所属部门', dbLength: 64, ...hidden }),
  ];
}

/** a new definition's head values */
export function defaultHead(): Partial<CgformHead> {
  return {
    tableName: '',
    tableTxt: '',
    tableType: 1,
    isCheckbox: 'Y',
    isPage: 'Y',
    isTree: 'N',
    queryMode: 'single',
    themeTemplate: 'normal',
    formTemplate: '1',
    relationType: 0,
    tabOrderNum: 1,
    idType: 'UUID',
    scroll: 1,
  };
}

/** the route of the generated screen (功能测试): tree → tree list, a main table by theme, else the auto list */
export function themeRoute(head: Pick<CgformHead, 'id' | 'tableType' | 'isTree' | 'themeTemplate'>): string {
  const id = encodeURIComponent(head.id);
  if (head.isTree === 'Y') return `/online/cgformTreeList/${id}`;
  if (Number(head.tableType) === 2) {
    switch (head.themeTemplate) {
      case 'erp':
        return `/online/cgformErpList/${id}`;
      case 'tab':
        return `/online/cgformTabList/${id}`;
      case 'innerTable':
        return `/online/cgformInnerTableList/${id}`;
    }
  }
  return `/online/cgformList/${id}`;
}

/** a check of an identifier (null when fine) */
export function identError(kind: '表名' | '字段名' | '索引名', v: unknown): string | null {
  const s = typeof v === 'string' ? v : '';
  if (!s.trim()) return `${kind}不能为空`;
  if (!IDENT.test(s)) return `${kind}「${s}」须以小写字母开头，只含小写字母、数字和下划线，最长63位`;
  return null;
}

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** client-side checks of a whole design before saving; the first problems in the order a user fixes them */
export function validateDesign(
  head: Partial<CgformHead>,
  fields: readonly Partial<CgformField>[],
  indexes: readonly Partial<CgformIndex>[],
): string[] {
  const errors: string[] = [];
  const t = identError('表名', head.tableName);
  if (t) errors.push(t);
  if (blank(head.tableTxt)) errors.push('表描述不能为空');
  if (!fields.length) errors.push('请至少添加一个字段');
  const names = new Set<string>();
  for (const [i, f] of fields.entries()) {
    const e = identError('字段名', f.dbFieldName);
    if (e) errors.push(`第${i + 1}行：${e}`);
    else if (names.has(String(f.dbFieldName))) errors.push(`字段名「${f.dbFieldName}」重复`);
    names.add(String(f.dbFieldName));
    if (blank(f.dbFieldTxt)) errors.push(`第${i + 1}行：字段备注不能为空`);
    const len = Number(f.dbLength);
    if (!Number.isInteger(len) || len < 0) errors.push(`第${i + 1}行：字段长度须为非负整数`);
    if (f.fieldExtendJson && !blank(f.fieldExtendJson)) {
      try {
        JSON.parse(String(f.fieldExtendJson));
      } catch {
        errors.push(`第${i + 1}行：扩展参数不是合法的JSON`);
      }
    }
  }
  if (!fields.some((f) => f.dbFieldName === 'id' && Number(f.dbIsKey) === 1)) errors.push('必须有主键字段 id');
  if (Number(head.tableType) === 3 && !fields.some((f) => !blank(f.mainTable) && !blank(f.mainField)))
    errors.push('附表须在「外键」中设置主表和主表字段');
  if (head.isTree === 'Y') {
    if (blank(head.treeParentIdField)) errors.push('请选择树的父ID字段');
    if (blank(head.treeIdField)) errors.push('请选择树的是否有子节点字段');
    if (blank(head.treeFieldname)) errors.push('请选择树的显示字段');
  }
  const indexNames = new Set<string>();
  for (const [i, x] of indexes.entries()) {
    const e = identError('索引名', x.indexName);
    if (e) errors.push(`索引第${i + 1}行：${e}`);
    else if (indexNames.has(String(x.indexName))) errors.push(`索引名「${x.indexName}」重复`);
    indexNames.add(String(x.indexName));
    const cols = String(x.indexField ?? '')
      .split(',')
      .filter(Boolean);
    if (!cols.length) errors.push(`索引第${i + 1}行：请选择索引栏位`);
    for (const c of cols) if (!names.has(c)) errors.push(`索引第${i + 1}行：字段「${c}」不存在`);
  }
  return errors;
}

/** a temporary id of the editable table (rows not saved yet) */
export const isTempRowId = (id: unknown) => typeof id !== 'string' || id === '' || id.endsWith('_temp');

const FIELD_KEYS = Object.keys(newField(0)) as (keyof CgformField)[];
const nullIfBlank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** a field row of the table as the server's field (only known keys, blanks as null, numbers as numbers) */
export function cleanField(input: Record<string, unknown>, orderNum: number): Partial<CgformField> {
  const row: Record<string, unknown> = { ...newField(orderNum) };
  for (const [k, v] of Object.entries(input)) if (v !== undefined) row[k] = v;
  const out: Record<string, unknown> = {};
  if (!isTempRowId(row.id)) out.id = row.id;
  for (const k of FIELD_KEYS) {
    let v = row[k];
    if (typeof v === 'string') v = v.trim();
    out[k] = nullIfBlank(v);
  }
  for (const k of ['dbIsKey', 'dbIsNull', 'isQuery', 'isShowForm', 'isShowList', 'isReadOnly'] as const)
    out[k] = Number(row[k]) === 1 ? 1 : 0;
  for (const k of ['dbLength', 'dbPointLength', 'fieldLength'] as const) {
    const n = Number(row[k]);
    out[k] = blank(row[k]) || Number.isNaN(n) ? (k === 'fieldLength' ? 120 : 0) : n;
  }
  out.fieldMustInput = String(row.fieldMustInput) === '1' ? '1' : '0';
  out.sortFlag = String(row.sortFlag) === '1' ? '1' : '0';
  out.fieldShowType = row.fieldShowType || 'text';
  out.queryMode = row.queryMode || 'single';
  out.dbType = row.dbType || 'string';
  out.orderNum = orderNum;
  return out as Partial<CgformField>;
}

export function cleanIndex(row: Record<string, unknown>): Partial<CgformIndex> {
  const fields = Array.isArray(row.indexField) ? row.indexField.join(',') : String(row.indexField ?? '');
  return {
    ...(isTempRowId(row.id) ? {} : { id: String(row.id) }),
    indexName: String(row.indexName ?? '').trim(),
    indexField: fields
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .join(','),
    indexType: row.indexType === 'unique' ? 'unique' : 'normal',
  };
}

/** ids present in `before` but not in `after` (removed rows) */
export function removedIds(
  before: readonly { id?: string | null }[],
  after: readonly Record<string, unknown>[],
): string[] {
  const kept = new Set(after.map((r) => r.id).filter((id) => !isTempRowId(id)));
  return before.map((r) => r.id).filter((id): id is string => !!id && !kept.has(id));
}

/** the head of a save: only what the designer edits, flags normalised */
export function cleanHead(values: Record<string, unknown>, id?: string): Partial<CgformHead> {
  const yn = (v: unknown, d: 'Y' | 'N') => (v === 'Y' || v === 'N' ? v : d);
  const tableType = Number(values.tableType) || 1;
  const isTree = tableType === 1 ? yn(values.isTree, 'N') : 'N';
  const head: Partial<CgformHead> = {
    ...(id ? { id } : {}),
    tableName: String(values.tableName ?? '').trim(),
    tableTxt: String(values.tableTxt ?? '').trim(),
    tableType,
    isCheckbox: yn(values.isCheckbox, 'Y'),
    isPage: yn(values.isPage, 'Y'),
    isTree,
    queryMode: values.queryMode === 'group' ? 'group' : 'single',
    themeTemplate: tableType === 2 ? String(values.themeTemplate || 'normal') : 'normal',
    formTemplate: String(values.formTemplate || '1'),
    idType: 'UUID',
    scroll: 1,
    relationType: tableType === 3 ? Number(values.relationType ?? 0) : null,
    tabOrderNum: tableType === 3 ? Number(values.tabOrderNum ?? 1) || 1 : null,
    treeParentIdField: isTree === 'Y' ? String(values.treeParentIdField ?? '') || null : null,
    treeIdField: isTree === 'Y' ? String(values.treeIdField ?? '') || null : null,
    treeFieldname: isTree === 'Y' ? String(values.treeFieldname ?? '') || null : null,
  };
  if (values.extConfigJson !== undefined) head.extConfigJson = (values.extConfigJson as string) || null;
  return head;
}

/** the addAll / editAll body; on edit the ids of fields and indexes the user removed */
export function buildSaveBody(
  headValues: Record<string, unknown>,
  fieldRows: readonly Record<string, unknown>[],
  indexRows: readonly Record<string, unknown>[],
  original?: { id: string; fields: readonly CgformField[]; indexes: readonly CgformIndex[] },
): CgformSaveBody {
  const body: CgformSaveBody = {
    head: cleanHead(headValues, original?.id),
    fields: fieldRows.map((r, i) => cleanField(r, i)),
    indexs: indexRows.map(cleanIndex),
  };
  if (original) {
    const df = removedIds(original.fields, fieldRows);
    const di = removedIds(original.indexes, indexRows);
    if (df.length) body.deleteFieldIds = df.join(',');
    if (di.length) body.deleteIndexIds = di.join(',');
  }
  return body;
}

/** the menu URL of a definition (配置地址) */
export function menuUrl(head: Pick<CgformHead, 'id' | 'tableType' | 'isTree' | 'themeTemplate'>): string {
  return themeRoute(head);
}

const PRESET_CODES = new Set<string>(VALID_TYPES.map((v) => v.value).filter(Boolean));

/** a stored field_valid_type as the 校验字段 tab's two cells: a preset, or 'custom' with the regex */
export function splitValidType(v: unknown): { validPreset: string; validRegex: string } {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) return { validPreset: '', validRegex: '' };
  if (PRESET_CODES.has(s)) return { validPreset: s, validRegex: '' };
  return { validPreset: 'custom', validRegex: s };
}

/** the two cells back to field_valid_type (a custom regex that does not compile is an error message) */
export function joinValidType(preset: unknown, regex: unknown): { value: string; error?: string } {
  const p = typeof preset === 'string' ? preset : '';
  const r = typeof regex === 'string' ? regex.trim() : '';
  if (p === 'custom' || (!p && r)) {
    if (!r) return { value: '', error: '自定义正则不能为空' };
    try {
      new RegExp(r);
    } catch {
      return { value: r, error: `正则表达式「${r}」不正确` };
    }
    return { value: r };
  }
  return { value: PRESET_CODES.has(p) ? p : '' };
}

/** server fields as rows of the designer's tables (with the 校验字段 helper cells) */
export function fieldsToRows(fields: readonly Partial<CgformField>[]): Record<string, unknown>[] {
  return [...fields]
    .sort((a, b) => Number(a.orderNum ?? 0) - Number(b.orderNum ?? 0))
    .map((f, i) => ({ ...newField(i), ...stripNulls(f), ...splitValidType(f.fieldValidType) }));
}

function stripNulls(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== null && v !== undefined) out[k] = v;
  return out;
}

/** rows of the tables back to fields: the valid type joined, errors of custom regexes collected */
export function rowsToFieldRows(rows: readonly Record<string, unknown>[]): {
  rows: Record<string, unknown>[];
  errors: string[];
} {
  const errors: string[] = [];
  const out = rows.map((r, i) => {
    const { value, error } = joinValidType(r.validPreset, r.validRegex);
    if (error) errors.push(`第${i + 1}行：${error}`);
    const { validPreset: _p, validRegex: _r, ...rest } = r;
    return { ...rest, fieldValidType: value };
  });
  return { rows: out, errors };
}

/** a tree definition needs a parent-id and a has-child column: added when missing (JeecgBoot adds pid / has_child) */
export function ensureTreeFields(rows: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  const names = new Set(rows.map((r) => r.dbFieldName));
  const out = [...rows];
  if (!names.has('pid'))
    out.push({ ...newField(out.length, { dbFieldName: 'pid', dbFieldTxt: '父级节点', isShowList: 0 }) });
  if (!names.has('has_child'))
    out.push({
      ...newField(out.length, {
        dbFieldName: 'has_child',
        dbFieldTxt: '是否有子节点',
        dbLength: 3,
        isShowForm: 0,
        isShowList: 0,
      }),
    });
  return out;
}

/**
 * What a refused sync would lose (a destructive change sent without `confirm`): the lines the server lists in its
 * result (strings, or objects with a description), else null (a plain error).
 */
export function syncLosses(result: unknown): string[] | null {
  const list = Array.isArray(result)
    ? result
    : result && typeof result === 'object'
      ? (['lost', 'losses', 'changes', 'destructive', 'items'] as const)
          .map((k) => (result as Record<string, unknown>)[k])
          .find(Array.isArray)
      : undefined;
  if (!Array.isArray(list) || !list.length) return null;
  return list.map((x) => {
    if (typeof x === 'string') return x;
    if (x && typeof x === 'object') {
      const o = x as Record<string, unknown>;
      const text = o.message ?? o.text ?? o.description ?? o.desc;
      if (typeof text === 'string') return text;
    }
    return JSON.stringify(x);
  });
}

/** the operators of online data rules (the server refuses the others, e.g. custom SQL) */
export const AUTH_OPERATORS = [
  { value: '=', label: '等于' },
  { value: '!=', label: '不等于' },
  { value: '>', label: '大于' },
  { value: '>=', label: '大于等于' },
  { value: '<', label: '小于' },
  { value: '<=', label: '小于等于' },
  { value: 'LIKE', label: '包含' },
  { value: 'LEFT_LIKE', label: '以..结尾' },
  { value: 'RIGHT_LIKE', label: '以..开始' },
  { value: 'IN', label: '在...中' },
] as const;

/** the label of a rule in 角色授权: field rules say what they control, data rules their name */
export function authRuleLabel(
  kind: 'Column' | 'Button' | 'Data',
  a: { code: string; title?: string; control?: number; page?: number },
): string {
  if (kind === 'Data') return `${a.title ?? a.code}（${a.code}）`;
  if (kind === 'Button') return a.code;
  const what = a.control === 3 ? '可编辑' : '可见';
  const where = a.page === 3 ? '列表' : '表单';
  return `${a.code} · ${where}${what}`;
}
