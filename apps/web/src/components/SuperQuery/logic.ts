import type { SavedConditionRecord, SavedSuperQuery } from '../../api/super-query';
import type { ColumnSchema, PageSchema, QueryFieldSchema, Row } from '../kit/types';

/**
 * The advanced query (高级查询) without the view (spec 02 §3, §4, §5, §9): the condition model, the field list of a
 * page, `superQueryParams` as JeecgBoot's client sends them, and the saved-query rules.
 */

export const SUPER_QUERY_MESSAGES = {
  emptySearch: '不能查询空条件',
  emptySave: '空条件不能保存',
  nameRequired: '保存名称不能为空',
  exists: (name: string) => `${name} 已存在，是否覆盖？`,
  deleteConfirm: '是否删除当前查询？',
} as const;

export const SUPER_RULES = ['eq', 'like', 'right_like', 'left_like', 'in', 'ne', 'gt', 'ge', 'lt', 'le'] as const;
export type SuperRule = (typeof SUPER_RULES)[number];

export const RULE_LABELS: Record<SuperRule, string> = {
  eq: '等于',
  like: '包含',
  right_like: '以..开始',
  left_like: '以..结尾',
  in: '在...中',
  ne: '不等于',
  gt: '大于',
  ge: '大于等于',
  lt: '小于',
  le: '小于等于',
};

export const MATCH_TYPES = [
  { value: 'and', label: 'AND（所有条件都要求匹配）' },
  { value: 'or', label: 'OR（条件中的任意一个匹配）' },
] as const;
export type MatchType = 'and' | 'or';

/**
 * how a field's value is entered: `dict` a select of a dictionary's items (a plain code or a table dictionary
 * `table,text,code`) or of fixed options, `sel_search` a searchable remote select of a (table) dictionary, `popup`
 * the report record picker
 */
export type FieldType = 'string' | 'number' | 'date' | 'datetime' | 'dict' | 'sel_search' | 'popup' | 'user' | 'depart';

/** a popup field's report picker: the report `code`, and which report column fills the field (`orgFields`) */
export interface PopupConfig {
  code: string;
  /** the report column(s), comma list */
  orgFields: string;
  /** the form field(s) they fill, comma list of the same length (the queried field among them) */
  destFields: string;
}

export interface OptionItem {
  value: string;
  label: string;
}

export interface SuperField {
  field: string;
  label: string;
  type: FieldType;
  /** a dictionary code, or a table dictionary `table,text,code[,condition]` (dict, sel_search) */
  dictCode?: string;
  dbType?: string;
  /** a fixed option list (a select without a dictionary) */
  options?: readonly OptionItem[];
  /** the stored field of a department / user picker (e.g. orgCode) */
  customReturnField?: string;
  /** the report picker of a popup field */
  popup?: PopupConfig;
}

export type ConditionValue = string | number | string[] | undefined;

export interface Condition {
  /** a row key for the view */
  key: string;
  field?: string;
  rule: SuperRule;
  val?: ConditionValue;
  type?: FieldType;
  dbType?: string;
  dictCode?: string;
  options?: readonly OptionItem[];
  customReturnField?: string;
  popup?: PopupConfig;
}

let seq = 0;
export const blankCondition = (): Condition => ({ key: `c${++seq}`, rule: 'eq' });

/** the rules offered for a field type */
export function rulesFor(type: FieldType | undefined): SuperRule[] {
  switch (type) {
    case 'number':
    case 'date':
    case 'datetime':
      return ['eq', 'ne', 'gt', 'ge', 'lt', 'le'];
    case 'dict':
    case 'sel_search':
    case 'user':
    case 'depart':
      return ['eq', 'in', 'ne'];
    case 'popup':
      return ['eq', 'like', 'right_like', 'left_like', 'in', 'ne'];
    default:
      return [...SUPER_RULES];
  }
}

/** the input widget (kit registry name) for a condition's field type and rule */
export function widgetFor(c: Pick<Condition, 'type' | 'rule' | 'options' | 'popup'>): string {
  switch (c.type) {
    case 'number':
      return 'number';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'dict':
      if (c.options) return c.rule === 'in' ? 'select-multi' : 'select';
      return c.rule === 'in' ? 'dict-multi' : 'dict';
    // several values of a search select: the dictionary's multi select (table dictionaries load their items)
    case 'sel_search':
      return c.rule === 'in' ? 'dict-multi' : 'dict-search';
    case 'popup':
      return c.popup ? 'popup' : 'input';
    case 'user':
      return 'user';
    case 'depart':
      return 'depart';
    default:
      return 'input';
  }
}

const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** a row lacking field, rule or value */
export function isEmptyCondition(c: Pick<Condition, 'field' | 'rule' | 'val'>): boolean {
  return !c.field || !c.rule || isBlank(c.val);
}

/** choosing another field clears the value and copies the field's metadata */
export function changeField(c: Condition, field: SuperField | undefined): Condition {
  const rules = rulesFor(field?.type);
  return {
    key: c.key,
    field: field?.field,
    rule: rules.includes(c.rule) ? c.rule : 'eq',
    val: undefined,
    type: field?.type,
    dbType: field?.dbType,
    dictCode: field?.dictCode,
    options: field?.options,
    customReturnField: field?.customReturnField,
    popup: field?.popup,
  };
}

/** rows again with the metadata of the (newly loaded) field list; values and rules are kept */
export function withFieldsOf(conds: readonly Condition[], fields: readonly SuperField[]): Condition[] {
  return conds.map((c) => {
    const f = fields.find((x) => x.field === c.field);
    if (!f) return c;
    return { ...changeField(c, f), val: c.val };
  });
}

/** a condition whose several values are picked (comma joined) rather than typed */
const picksValues = (c: Pick<Condition, 'type' | 'options'>) =>
  c.type === 'dict' || c.type === 'sel_search' || c.type === 'popup' || Boolean(c.options);

/** changing the rule away from 'in' on a dictionary / option field keeps only the first of several values */
export function changeRule(c: Condition, rule: SuperRule): Condition {
  let val = c.val;
  if (c.rule === 'in' && rule !== 'in' && picksValues(c) && !isBlank(val)) {
    val = Array.isArray(val) ? val[0] : typeof val === 'string' ? val.split(',')[0] : val;
  }
  return { ...c, rule, val };
}

/** a condition as JeecgBoot's client sends (and saves) it: no option list, multi-values comma joined */
export function toRecord(c: Condition): SavedConditionRecord {
  const val = Array.isArray(c.val) ? c.val.join(',') : typeof c.val === 'string' ? c.val.trim() : c.val;
  const r: SavedConditionRecord = { field: c.field ?? '', rule: c.rule, val, type: c.type ?? 'string' };
  if (c.dbType) r.dbType = c.dbType;
  if (c.dictCode) Object.assign(r, dictParts(c.dictCode));
  if (c.customReturnField) r.customReturnField = c.customReturnField;
  return r;
}

/** a table dictionary `table,text,code[,condition]` as JeecgBoot's conditions carry it (dictTable / dictText / dictCode) */
export function dictParts(spec: string): Pick<SavedConditionRecord, 'dictCode' | 'dictTable' | 'dictText'> {
  const parts = spec.split(',');
  if (parts.length < 3) return { dictCode: spec };
  return { dictTable: parts[0], dictText: parts[1], dictCode: parts[2] };
}

/** back from dictTable / dictText / dictCode to the widgets' dictionary spec */
function dictSpecOf(r: Pick<SavedConditionRecord, 'dictCode' | 'dictTable' | 'dictText'>): string | undefined {
  if (r.dictTable) return `${r.dictTable},${r.dictText ?? ''},${r.dictCode ?? ''}`;
  return r.dictCode || undefined;
}

/** the conditions a search sends; `error` when nothing is left to search with */
export function searchParams(conds: readonly Condition[]): { params: SavedConditionRecord[] } | { error: string } {
  const full = conds.filter((c) => !isEmptyCondition(c));
  if (full.length === 0) return { error: SUPER_QUERY_MESSAGES.emptySearch };
  return { params: full.map(toRecord) };
}

/** `superQueryParams` as it goes on the wire (URL-encoded JSON; the list query adds the URL's own encoding) */
export function encodeSuperQueryParams(params: readonly SavedConditionRecord[]): string {
  return encodeURI(JSON.stringify(params));
}

/** back from a saved record to an editable row (option lists come again from the field list) */
export function fromRecord(r: SavedConditionRecord, fields: readonly SuperField[]): Condition {
  const f = fields.find((x) => x.field === r.field);
  const rule = (SUPER_RULES as readonly string[]).includes(r.rule) ? (r.rule as SuperRule) : 'eq';
  // multi-values are kept comma joined, as the multi-select widgets take them
  const raw = Array.isArray(r.val) ? r.val.join(',') : r.val === undefined ? undefined : String(r.val);
  const val = f?.type === 'number' && raw !== undefined && raw !== '' ? Number(raw) : raw;
  return {
    ...blankCondition(),
    field: r.field,
    rule,
    val: val as ConditionValue,
    type: f?.type ?? (r.type as FieldType | undefined),
    dbType: r.dbType,
    dictCode: f?.dictCode ?? dictSpecOf(r),
    options: f?.options,
    customReturnField: f?.customReturnField ?? r.customReturnField,
    popup: f?.popup,
  };
}

export type SavePlan = { error: string } | { confirm: string; query: SavedSuperQuery } | { query: SavedSuperQuery };

/** what saving under `name` does: refuse, ask to overwrite, or save */
export function planSave(
  saved: readonly SavedSuperQuery[],
  name: string,
  matchType: MatchType,
  conds: readonly Condition[],
): SavePlan {
  const records = conds.filter((c) => !isEmptyCondition(c)).map(toRecord);
  if (records.length === 0) return { error: SUPER_QUERY_MESSAGES.emptySave };
  const title = name.trim();
  if (!title) return { error: SUPER_QUERY_MESSAGES.nameRequired };
  const query: SavedSuperQuery = { title, matchType, records };
  if (saved.some((s) => s.title === title)) return { confirm: SUPER_QUERY_MESSAGES.exists(title), query };
  return { query };
}

/** the list after saving `q` (replacing one of the same title) */
export function upsertSaved(saved: readonly SavedSuperQuery[], q: SavedSuperQuery): SavedSuperQuery[] {
  const i = saved.findIndex((s) => s.title === q.title);
  if (i < 0) return [...saved, q];
  const next = [...saved];
  next[i] = q;
  return next;
}

// ---------------------------------------------------------------- local copy

export const LOCAL_KEY_PREFIX = 'JSuperQuerySaved_';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

export function readLocal(
  pageKey: string,
  store: StorageLike | undefined = globalThis.localStorage,
): SavedSuperQuery[] {
  try {
    const raw = store?.getItem(LOCAL_KEY_PREFIX + pageKey);
    const data: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(data) ? (data as SavedSuperQuery[]) : [];
  } catch {
    return [];
  }
}

export function writeLocal(
  pageKey: string,
  saved: readonly SavedSuperQuery[],
  store: StorageLike | undefined = globalThis.localStorage,
): void {
  try {
    // option lists never go into storage
    const clean = saved.map((s) => ({ ...s, records: s.records.map(({ ...r }) => stripOptions(r)) }));
    store?.setItem(LOCAL_KEY_PREFIX + pageKey, JSON.stringify(clean));
  } catch {
    /* storage full or blocked: the server copy still holds it */
  }
}

function stripOptions(r: SavedConditionRecord & { options?: unknown }): SavedConditionRecord {
  const { options: _o, ...rest } = r;
  return rest;
}

// ---------------------------------------------------------------- fields of a page

function columnType(c: ColumnSchema<Row>): FieldType | null {
  switch (c.type) {
    case 'dict':
    case 'tag':
    case 'badge':
      return c.dictCode ? 'dict' : 'string';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'money':
      return 'number';
    // a user column shows a name; the picker (usernames) only fits the audit fields
    case 'user':
      return c.field === 'createBy' || c.field === 'updateBy' ? 'user' : 'string';
    // department columns show names: a picker needs a declared field (ids / orgCode)
    case 'depart':
      return null;
    case 'image':
    case 'file':
      return null;
    default:
      return 'string';
  }
}

function queryType(q: QueryFieldSchema): FieldType {
  const w = q.widget ?? 'input';
  if (w === 'number') return 'number';
  if (w.startsWith('datetime')) return 'datetime';
  if (w.startsWith('date')) return 'date';
  if (w === 'dict-search') return 'sel_search';
  if (w === 'popup' || w === 'online-popup') return 'popup';
  if (w.startsWith('dict') || w === 'switch') return 'dict';
  if (w === 'select' || w === 'radio') return 'dict';
  if (w === 'user') return 'user';
  if (w === 'depart') return 'depart';
  return 'string';
}

type PageSuperField = Omit<SuperField, 'type'> & { type?: FieldType };

/** the report picker of a popup widget's props (code, orgFields, destFields); undefined when incomplete */
export function popupOf(props: Record<string, unknown> | undefined): PopupConfig | undefined {
  const str = (x: unknown) => (typeof x === 'string' ? x.trim() : '');
  const code = str(props?.code);
  const orgFields = str(props?.orgFields);
  const destFields = str(props?.destFields);
  if (!code || !orgFields || !destFields) return undefined;
  return { code, orgFields, destFields };
}

const textOf = (n: unknown): string | null => (typeof n === 'string' ? n : typeof n === 'number' ? String(n) : null);

/**
 * The fields a page's advanced query offers: its shown columns (in order) and its query-form fields, each once, typed
 * from the column / widget (dictionary, date, number, user, department, text).
 */
export function fieldsOfPage(schema: Pick<PageSchema<Row>, 'columns' | 'query' | 'superQuery'>): SuperField[] {
  if (Array.isArray(schema.superQuery)) {
    return (schema.superQuery as PageSuperField[]).map((f) => ({
      ...f,
      type: f.type ?? (f.popup ? 'popup' : f.dictCode || f.options ? 'dict' : 'string'),
    }));
  }
  const out = new Map<string, SuperField>();
  for (const c of schema.columns) {
    const label = textOf(c.title);
    const type = columnType(c);
    if (c.hidden || !label || !type || c.field.includes('.') || /(_dictText|Txt)$/.test(c.field)) continue;
    out.set(c.field, { field: c.field, label, type, ...(type === 'dict' ? { dictCode: c.dictCode } : {}) });
  }
  for (const q of schema.query ?? []) {
    const label = textOf(q.label);
    if (!label) continue;
    const type = queryType(q);
    // a search select names its dictionary `dict`
    const dictProp = type === 'sel_search' ? q.props?.dict : q.props?.dictCode;
    const dictCode = typeof dictProp === 'string' && dictProp ? dictProp : undefined;
    const popup = type === 'popup' ? popupOf(q.props) : undefined;
    const rawOptions = Array.isArray(q.props?.options) ? (q.props.options as Record<string, unknown>[]) : undefined;
    const options = rawOptions?.map((o) => ({ value: String(o.value), label: String(o.label ?? o.text ?? o.value) }));
    const known = out.get(q.field);
    if (known && known.type !== 'string') continue;
    if (((type === 'dict' || type === 'sel_search') && !dictCode && !options) || (type === 'popup' && !popup)) {
      out.set(q.field, { field: q.field, label: known?.label ?? label, type: 'string' });
      continue;
    }
    out.set(q.field, {
      field: q.field,
      label: known?.label ?? label,
      type: type === 'sel_search' && !dictCode ? 'dict' : type,
      ...(dictCode ? { dictCode } : {}),
      ...(options ? { options } : {}),
      ...(popup ? { popup } : {}),
    });
  }
  return [...out.values()];
}
