import type { FormRule } from 'antd';
import type {
  OnlButton,
  OnlColumn,
  OnlColumnsInfo,
  OnlDictOption,
  OnlFieldSchema,
  OnlFormItem,
  OnlQueryItem,
} from '../../api/cgform-runtime';
import { NO_PAGING_SIZE } from '../../api/cgform-runtime';
import { PATTERN_PRESETS } from '../kit/rules';
import type { FormFieldSchema, PageSchema, QueryFieldSchema, Row } from '../kit/types';
import { buildListQuery, type ListQuery, type ListSort, type SuperQuery } from '../list/list-core';

/**
 * Pure logic of the generated online screens (contract-2 §4.1, §4.2): the stored form schema → form fields and
 * rules, the query info → query fields, list cells (dictionary texts, dates, `_replace_text_`), link templates
 * (`{{ }}` substituted as text, never evaluated), the list query (no paging = -521), tree placeholders, the
 * buttons a definition hides. No React, no http.
 */

// ---------------------------------------------------------------- options and dictionaries

export interface Option {
  value: string;
  label: string;
}

export function toOptions(list: readonly OnlDictOption[] | null | undefined): Option[] {
  return (list ?? []).map((o) => ({ value: String(o.value), label: String(o.text ?? o.label ?? o.title ?? o.value) }));
}

/** the dictionary code of a field: `dictCode`, or `table,text,code` of a table dictionary */
export function dictOf(f: { dictCode?: string | null; dictTable?: string | null; dictText?: string | null }): string {
  const code = (f.dictCode ?? '').trim();
  const table = (f.dictTable ?? '').trim();
  if (table) return `${table},${(f.dictText ?? '').trim()},${code}`;
  return code;
}

// ---------------------------------------------------------------- form views

/** every form view of contract-2 §4.2 (one list, in @answer/contract) */
export { FORM_VIEWS } from '@answer/contract';

export interface WidgetChoice {
  widget: string;
  props: Record<string, unknown>;
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string' || !text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** the two stored values of a switch: fieldExtendJson `["1","0"]`, else Y / N */
export function switchOptions(extendJson: unknown): [unknown, unknown] {
  const v = parseJson(extendJson);
  if (Array.isArray(v) && v.length === 2) return [v[0], v[1]];
  return ['Y', 'N'];
}

/** a link_down's dictTable: `{table, txt, key, linkField, idField, pidField, condition}` */
export function linkDownConfig(dictTable: string | null | undefined): {
  table: string;
  txt: string;
  key: string;
  pidField: string;
  condition?: string;
} | null {
  const v = parseJson(dictTable) as Record<string, unknown> | undefined;
  if (!v || typeof v !== 'object' || typeof v.table !== 'string') return null;
  return {
    table: v.table,
    txt: String(v.txt ?? ''),
    key: String(v.key ?? 'id'),
    pidField: String(v.pidField ?? 'pid'),
    condition: typeof v.condition === 'string' && v.condition ? v.condition : undefined,
  };
}

/**
 * The registry widget (components/kit/widgets) and its props for a form view of a field. Options come from the
 * schema's `enum` (list / radio / checkbox / list_multi) or its dictionary.
 */
export function widgetForView(view: string | null | undefined, f: OnlFieldSchema): WidgetChoice {
  const options = f.enum?.length ? toOptions(f.enum) : null;
  const dict = dictOf(f);
  switch (view ?? 'text') {
    case 'list':
      return options || !dict
        ? { widget: 'select', props: { options: options ?? [] } }
        : { widget: 'dict', props: { dictCode: dict } };
    case 'radio':
      return options || !dict
        ? { widget: 'radio', props: { options: options ?? [] } }
        : { widget: 'dict-radio', props: { dictCode: dict } };
    case 'checkbox':
      return options || !dict
        ? { widget: 'checkbox', props: { options: options ?? [] } }
        : { widget: 'dict-checkbox', props: { dictCode: dict } };
    case 'list_multi':
      return options || !dict
        ? { widget: 'select-multi', props: { options: options ?? [] } }
        : { widget: 'dict-multi', props: { dictCode: dict } };
    case 'sel_search':
      return { widget: 'dict-search', props: { dict } };
    case 'sel_tree':
      return { widget: 'tree', props: treeProps(f) };
    case 'cat_tree':
      return { widget: 'category', props: { pcode: (f.pcode as string | undefined) ?? f.pidValue ?? '' } };
    case 'link_down': {
      const cfg = linkDownConfig(f.dictTable);
      if (!cfg) return { widget: 'input', props: {} };
      return {
        widget: 'tree',
        props: {
          dict: `${cfg.table},${cfg.txt},${cfg.key}`,
          pidField: cfg.pidField,
          pidValue: '',
          ...(cfg.condition ? { condition: cfg.condition } : {}),
        },
      };
    }
    case 'popup':
      return {
        widget: 'online-popup',
        props: {
          code: f.code ?? '',
          orgFields: f.orgFields ?? '',
          destFields: f.destFields ?? '',
          multi: Boolean(f.popupMulti),
        },
      };
    case 'sel_user':
      return { widget: 'user', props: {} };
    case 'sel_depart':
      return { widget: 'depart', props: {} };
    case 'switch':
      return { widget: 'switch', props: { options: switchOptions(f.fieldExtendJson) } };
    case 'date':
      return { widget: 'date', props: {} };
    case 'datetime':
      return { widget: 'datetime', props: {} };
    case 'time':
      return { widget: 'time', props: {} };
    case 'file':
      return { widget: 'file', props: {} };
    case 'image':
      return { widget: 'image', props: {} };
    case 'textarea':
      return { widget: 'textarea', props: {} };
    case 'password':
      return { widget: 'password', props: {} };
    case 'umeditor':
      return { widget: 'editor', props: {} };
    case 'markdown':
      return { widget: 'markdown', props: {} };
    case 'pca':
      return { widget: 'pca', props: {} };
    case 'rate':
      return { widget: 'online-rate', props: {} };
    case 'number':
      return {
        widget: 'number',
        props: numberProps(f, f.dbPointLength ?? undefined),
      };
    case 'integer':
      return { widget: 'number', props: numberProps(f, 0) };
    case 'hidden':
      return { widget: 'input', props: {} };
    default:
      return { widget: 'input', props: {} };
  }
}

/**
 * A sel_tree's JTreeSelect props: `dict` ("table,text,code", as the schema gives it) or one made of the dictionary
 * fields, the parent column, the root's parent value and the has-children column.
 */
export function treeProps(f: {
  dict?: unknown;
  dictTable?: string | null;
  dictText?: string | null;
  dictCode?: string | null;
  pidField?: unknown;
  pidValue?: unknown;
  hasChildField?: unknown;
}): Record<string, string> {
  const dict =
    typeof f.dict === 'string' && f.dict ? f.dict : `${f.dictTable ?? ''},${f.dictText ?? ''},${f.dictCode ?? ''}`;
  return {
    dict,
    pidField: typeof f.pidField === 'string' && f.pidField ? f.pidField : 'pid',
    pidValue: f.pidValue === undefined || f.pidValue === null ? '' : String(f.pidValue),
    hasChildField: typeof f.hasChildField === 'string' ? f.hasChildField : '',
  };
}

function numberProps(f: OnlFieldSchema, precision: number | undefined): Record<string, unknown> {
  const p: Record<string, unknown> = {};
  if (precision !== undefined && precision !== null) p.precision = precision;
  if (typeof f.minimum === 'number') p.min = f.minimum;
  if (typeof f.maximum === 'number') p.max = f.maximum;
  return p;
}

// ---------------------------------------------------------------- form schema → fields

export const DEFAULT_PATTERN_ERROR = '正则表达式不正确';

/** the rules of a field's `pattern` (besides "only", the unique check the caller wires up) */
export function patternRules(pattern: string | null | undefined, errorInfo?: string | null): FormRule[] {
  const p = (pattern ?? '').trim();
  if (!p || p === 'only' || p === '*') return [];
  if (p === 'z') return [{ pattern: /^-?\d+$/, message: errorInfo || '请输入整数' }];
  const preset = PATTERN_PRESETS[p];
  if (preset) return [{ pattern: preset.pattern, message: errorInfo || `请输入正确的${preset.title}` }];
  let re: RegExp;
  try {
    re = new RegExp(p);
  } catch {
    // an unusable stored pattern: never block the form on it
    return [];
  }
  return [{ pattern: re, message: errorInfo || DEFAULT_PATTERN_ERROR }];
}

export interface SubTableSchema {
  /** the sub table name (the body key of its rows) */
  key: string;
  title: string;
  order: number;
  /** 0 one-to-many (editable table), 1 one-to-one (nested form) */
  relationType: 0 | 1;
  /** one-to-many: the editable-table columns as the server gives them */
  columns: Record<string, unknown>[];
  /** one-to-one: the nested form */
  fields: FormFieldSchema[];
  hidden: string[];
}

export interface OnlineFormModel {
  table: string;
  /** the definition's description (the main tab of the Tab theme) */
  title: string;
  fields: FormFieldSchema[];
  /** hidden fields: kept in the values, never shown */
  hidden: string[];
  subs: SubTableSchema[];
  /** the form's columns: formTemplate "1".."4" */
  columns: number;
}

const isTab = (f: OnlFieldSchema) => f.view === 'tab';

/** the form template's number of columns ("1".."4", default 1) */
export function templateColumns(formTemplate: string | number | null | undefined): number {
  const n = Number(formTemplate);
  return n >= 1 && n <= 4 ? Math.floor(n) : 1;
}

/** a JSON-schema object (main form or one-to-one sub) → form fields, in `order` */
export function schemaFields(
  properties: Record<string, OnlFieldSchema>,
  required: readonly string[] | null | undefined,
  table: string,
  columns = 1,
): { fields: FormFieldSchema[]; hidden: string[] } {
  const req = new Set(required ?? []);
  const entries = Object.entries(properties)
    .filter(([, f]) => f && !isTab(f))
    .sort(([, a], [, b]) => (a.order ?? 0) - (b.order ?? 0));
  const fields: FormFieldSchema[] = [];
  const hidden: string[] = [];
  const span = Math.floor(24 / columns);
  for (const [name, f] of entries) {
    if (f.view === 'hidden' || f.hidden === true) {
      hidden.push(name);
      continue;
    }
    const { widget, props } = widgetForView(f.view, f);
    if (widget === 'online-popup') props.field = name;
    const label = f.title ?? name;
    const field: FormFieldSchema = {
      field: name,
      label,
      widget,
      props,
      span: widget === 'editor' || widget === 'markdown' ? 24 : span,
      rules: patternRules(f.pattern, f.errorInfo),
    };
    if (req.has(name)) field.required = true;
    if (f.pattern === 'only' && table) field.duplicate = { tableName: table, fieldName: name };
    if (f.ui?.widgetattrs?.disabled) field.readOnly = true;
    if (f.defVal !== undefined && f.defVal !== null && f.defVal !== '') field.initialValue = f.defVal;
    fields.push(field);
  }
  return { fields, hidden };
}

/**
 * The parent field of a tree form (head.treeParentIdField) picks among the form's own rows: `online-tree-parent`
 * over getTreeData of the head (text = treeFieldname, has-children flag = treeIdField).
 */
export function treeParentField(field: FormFieldSchema, head: OnlFormItem['head'] | undefined): FormFieldSchema {
  const h = (head ?? {}) as Record<string, unknown>;
  if (h.isTree !== 'Y' || !h.id || field.field !== h.treeParentIdField) return field;
  return {
    ...field,
    widget: 'online-tree-parent',
    props: {
      headId: String(h.id),
      pidField: String(h.treeParentIdField),
      textField: String(h.treeFieldname ?? 'name'),
      hasChildField: String(h.treeIdField ?? 'has_child'),
    },
  };
}

/** getFormItem → the main form, hidden fields, the sub tables in `order` */
export function formModel(
  item: Pick<OnlFormItem, 'schema' | 'formTemplate'> & { head?: OnlFormItem['head'] },
): OnlineFormModel {
  const schema = item.schema ?? { properties: {} };
  const props = schema.properties ?? {};
  const table = schema.table ?? '';
  const columns = templateColumns(item.formTemplate);
  const main = schemaFields(props, schema.required, table, columns);
  const subs: SubTableSchema[] = Object.entries(props)
    .filter(([, f]) => f && isTab(f))
    .map(([key, f]) => {
      const one = Number(f.relationType) === 1;
      const nested = one ? schemaFields(f.properties ?? {}, f.required, key, columns) : { fields: [], hidden: [] };
      return {
        key: String(f.key ?? key),
        title: String(f.describe ?? f.title ?? key),
        order: f.order ?? 0,
        relationType: one ? 1 : 0,
        columns: one ? [] : (f.columns ?? []),
        fields: nested.fields,
        hidden: nested.hidden,
      } satisfies SubTableSchema;
    })
    .sort((a, b) => a.order - b.order);
  const title = String(item.head?.tableTxt ?? (schema as { title?: unknown }).title ?? '');
  const fields = main.fields.map((f) => treeParentField(f, item.head));
  return { table, title, fields, hidden: main.hidden, subs, columns };
}

/** an editable-table column of a sub table, as the JVxeTable takes it (server keys kept; unknown types → input) */
export function subColumn(col: Record<string, unknown>): Record<string, unknown> & {
  key: string;
  title: string;
  type: string;
} {
  const key = String(col.key ?? col.dataIndex ?? '');
  const title = String(col.title ?? key);
  const raw = String(col.type ?? 'input');
  const TYPE_MAP: Record<string, string> = {
    text: 'input',
    list: 'select',
    sel_search: 'sel_search',
    number: 'inputNumber',
    integer: 'inputNumber',
    umeditor: 'textarea',
    markdown: 'textarea',
    link_down: 'input',
    pca: 'input',
    rate: 'inputNumber',
    cat_tree: 'input',
    sel_tree: 'input',
    switch: 'checkbox',
  };
  const type = TYPE_MAP[raw] ?? raw;
  const out: Record<string, unknown> & { key: string; title: string; type: string } = { ...col, key, title, type };
  if (Array.isArray(col.options))
    out.options = toOptions(col.options as OnlDictOption[]).map((o) => ({ ...o, text: o.label }));
  if ((raw === 'switch' || col.view === 'switch') && !col.customValue)
    out.customValue = switchOptions(col.fieldExtendJson);
  if (!out.minWidth && !out.width) out.minWidth = 140;
  return out;
}

/**
 * The body of a save (contract-2 §4.2): the main values (text trimmed, `id` when editing), each one-to-many sub's
 * rows, each one-to-one sub's record as a one-row array; an empty sub list is sent as "".
 */
export function formBody(
  main: Row,
  subs: Readonly<Record<string, Row[] | Row | null | undefined>>,
  id?: string | null,
): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(main)) {
    if (v === undefined) continue;
    out[k] = typeof v === 'string' ? v.trim() : v;
  }
  if (id) out.id = id;
  for (const [key, rows] of Object.entries(subs)) {
    const list = Array.isArray(rows) ? rows : rows ? [rows] : [];
    out[key] = list.length ? list : '';
  }
  return out;
}

/** a record's sub rows (an array under the sub table name), or none */
export function subRowsOf(record: Row | null | undefined, key: string): Row[] {
  const v = record?.[key];
  if (Array.isArray(v)) return v as Row[];
  if (v && typeof v === 'object') {
    const r = v as { records?: unknown };
    if (Array.isArray(r.records)) return r.records as Row[];
    return [v as Row];
  }
  return [];
}

// ---------------------------------------------------------------- query info → query fields

/** the query form of getQueryInfo: fields (single / group mode) and their defaults (single mode) */
export function queryFields(items: readonly OnlQueryItem[] | null | undefined): {
  fields: QueryFieldSchema[];
  initial: Row;
} {
  const fields: QueryFieldSchema[] = [];
  const initial: Row = {};
  for (const q of items ?? []) {
    if (!q?.field) continue;
    const group = q.mode === 'group';
    const view = q.view ?? 'text';
    const options = q.dictList?.length ? toOptions(q.dictList) : q.options?.length ? toOptions(q.options) : null;
    const dict = dictOf(q);
    const f: QueryFieldSchema = { field: q.field, label: q.label ?? q.field };
    switch (view) {
      case 'date':
      case 'datetime':
        f.widget = group ? `${view}-range` : view;
        if (group) f.range = true;
        f.format = view === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss';
        break;
      case 'time':
        f.widget = 'time';
        break;
      case 'number':
      case 'integer':
        if (group) {
          f.widget = 'online-number-range';
          f.range = true;
        } else f.widget = 'number';
        break;
      case 'list':
      case 'radio':
      case 'checkbox':
      case 'list_multi':
        if (options || !dict) {
          f.widget = view === 'list' || view === 'radio' ? 'select' : 'select-multi';
          f.props = { options: options ?? [] };
        } else {
          f.widget = view === 'list' || view === 'radio' ? 'dict' : 'dict-multi';
          f.props = { dictCode: dict };
        }
        break;
      case 'sel_search':
        f.widget = 'dict-search';
        f.props = { dict };
        break;
      case 'sel_tree':
        f.widget = 'tree';
        f.props = treeProps(q);
        break;
      case 'cat_tree':
        f.widget = 'category';
        f.props = { pcode: q.pcode ?? '' };
        break;
      case 'sel_user':
        f.widget = 'user';
        break;
      case 'sel_depart':
        f.widget = 'depart';
        break;
      case 'switch':
        f.widget = 'switch';
        f.props = { options: switchOptions(q.fieldExtendJson) };
        break;
      case 'pca':
        f.widget = 'pca';
        break;
      case 'popup': {
        // the report picker, as in the form; only the pair that fills this query field (a pick sets no other field)
        const dest = String(q.destFields ?? '').split(',');
        const org = String(q.orgFields ?? '').split(',');
        const at = Math.max(0, dest.indexOf(q.field));
        const code = String(q.code ?? '');
        if (!code || !org[at]) {
          f.widget = 'input';
          break;
        }
        f.widget = 'online-popup';
        f.props = { code, field: q.field, orgFields: org[at], destFields: q.field, multi: false };
        break;
      }
      default:
        f.widget = 'input';
    }
    if (!group && q.defValue !== undefined && q.defValue !== null && q.defValue !== '') {
      initial[q.field] = q.defValue;
      f.initialValue = q.defValue;
    }
    fields.push(f);
  }
  return { fields, initial };
}

// ---------------------------------------------------------------- list query

export interface OnlineListState {
  query: Row;
  sort: ListSort;
  pageNo: number;
  pageSize: number;
  superQuery: SuperQuery | null;
  /** no paging: pageSize -521 */
  paged: boolean;
  fixed?: Row;
}

/** the default sort of a generated list: id desc */
export const ONLINE_DEFAULT_SORT: ListSort = { column: 'id', order: 'desc' };

/** getData parameters: the query, column/order, pageNo/pageSize (-521 without paging), the advanced query */
export function listParams(s: OnlineListState): ListQuery {
  const q = buildListQuery({
    queryParams: s.query,
    fixedParams: s.fixed,
    sort: s.sort,
    defaultSort: ONLINE_DEFAULT_SORT,
    pageNo: s.paged ? s.pageNo : 1,
    pageSize: s.paged ? s.pageSize : 1,
    superQuery: s.superQuery,
  });
  if (!s.paged) q.pageSize = NO_PAGING_SIZE;
  return q;
}

/** whether any query value is set (getTreeData `hasQuery`) */
export function hasQueryValues(query: Row): boolean {
  return Object.values(query).some(
    (v) => !(v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)),
  );
}

// ---------------------------------------------------------------- cells

/** a cell's text (contract-2 §4.1): `_replace_text_<other>`, dictionary texts (comma values), Date → yyyy-MM-dd */
export function cellText(
  col: Pick<OnlColumn, 'dataIndex' | 'customRender' | 'fieldType'>,
  row: Row,
  dictOptions: Readonly<Record<string, readonly OnlDictOption[]>>,
): string {
  const render = col.customRender ?? '';
  if (render.startsWith('_replace_text_')) {
    const other = row[render.slice('_replace_text_'.length)];
    return other === undefined || other === null ? '' : String(other);
  }
  const raw = row[col.dataIndex];
  if (raw === undefined || raw === null) return '';
  const value = String(raw);
  const options = render ? dictOptions[render] : undefined;
  if (options) {
    const text = value
      .split(',')
      .filter((v) => v !== '')
      .map((v) => {
        const o = options.find((x) => String(x.value) === v);
        return o ? String(o.text ?? o.label ?? o.title ?? v) : v;
      });
    return text.join(',');
  }
  if (col.fieldType === 'Date') return value.slice(0, 10);
  return value;
}

/** image / file columns: customRender names them in JeecgBoot (`_img_` style slots) or the scoped slot does */
export function cellKind(col: Pick<OnlColumn, 'scopedSlots' | 'customRender'>): 'image' | 'file' | 'pca' | 'text' {
  const slot = col.scopedSlots?.customRender ?? '';
  if (slot === 'imgSlot' || slot === 'imageSlot') return 'image';
  if (slot === 'fileSlot') return 'file';
  if (slot === 'pcaSlot') return 'pca';
  return 'text';
}

// ---------------------------------------------------------------- link templates

const PATH = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

/**
 * A link template with its `{{ … }}` parts replaced by TEXT (never evaluated): `{{ id }}` / `{{ record.id }}` /
 * `{{ row.id }}` → the row's value, URL-encoded; any other expression → empty.
 */
export function substituteHref(template: string, row: Row): string {
  return template.replace(/\{\{\s*([^}]*?)\s*\}\}/g, (_m, expr: string) => {
    if (!PATH.test(expr)) return '';
    const parts = expr.split('.');
    if (parts.length > 1 && (parts[0] === 'record' || parts[0] === 'row' || parts[0] === 'text')) parts.shift();
    if (parts.length !== 1) return '';
    const v = row[parts[0] as string];
    return v === undefined || v === null ? '' : encodeURIComponent(String(v));
  });
}

/** where a substituted link goes: an http(s) address (new window), an app path (router), or nowhere */
export function hrefTarget(href: string): { kind: 'external' | 'route'; to: string } | null {
  const h = href.trim();
  if (/^https?:\/\//i.test(h)) return { kind: 'external', to: h };
  if (h.startsWith('/') && !h.startsWith('//')) return { kind: 'route', to: h };
  return null;
}

// ---------------------------------------------------------------- buttons

export type BuiltinButton =
  | 'add'
  | 'update'
  | 'delete'
  | 'batch_delete'
  | 'import'
  | 'export'
  | 'detail'
  | 'super_query';

/** whether a built-in button is shown (not in the definition's hideColumns) */
export function buttonShown(
  info: Pick<OnlColumnsInfo, 'hideColumns'> | null | undefined,
  code: BuiltinButton,
): boolean {
  return !(info?.hideColumns ?? []).includes(code);
}

/** custom buttons: `button` style in the toolbar, `link` style in the row's 更多 */
export function splitButtons(list: readonly OnlButton[] | null | undefined): {
  toolbar: OnlButton[];
  row: OnlButton[];
} {
  const toolbar: OnlButton[] = [];
  const row: OnlButton[] = [];
  for (const b of list ?? []) {
    if (!b?.buttonCode) continue;
    (b.buttonStyle === 'link' ? row : toolbar).push(b);
  }
  return { toolbar, row };
}

/** JavaScript buttons run code from the definition: never here (shown disabled) */
export const isJsButton = (b: OnlButton) => (b.optType ?? 'js') !== 'action';

export const JS_BUTTON_TIP = '不支持：本系统不执行表单定义中的JS增强';
export const SELECT_ONE = '请先选中一条记录';

// ---------------------------------------------------------------- tree

/** a tree row has children to load: hasChild true / "1" / "true" */
export function hasChildFlag(v: unknown): boolean {
  return v === true || v === 1 || v === '1' || v === 'true' || v === 'Y';
}

/** the placeholder child of a row not yet expanded: a key that never collides with a record id */
export const TREE_PLACEHOLDER_PREFIX = 'loading-';

// ---------------------------------------------------------------- ERP

/**
 * An ERP sub list of the chosen main row: getData parameters (`tabletype` and each foreign key = the main row's
 * value), the values a new sub record starts with (the foreign keys), and the tabletype of its saves.
 */
export function erpSubParams(
  sub: Pick<OnlColumnsInfo, 'foreignKeys' | 'tableType'>,
  main: Row | null,
): { params: Row; init: Row; tabletype: number } {
  const tabletype = Number(sub.tableType) || 3;
  const params: Row = { tabletype };
  const init: Row = {};
  for (const fk of sub.foreignKeys ?? []) {
    if (!fk?.field) continue;
    const v = main?.[fk.key || 'id'];
    params[fk.field] = v ?? '';
    init[fk.field] = v;
  }
  return { params, init, tabletype };
}

// ---------------------------------------------------------------- advanced query fields

/** one field of the advanced query, as a page declares it (kit `superQuery`) */
export type OnlineSuperField = Exclude<PageSchema<Row>['superQuery'], boolean | undefined>[number];

const NUMBER_TYPES = new Set(['int', 'integer', 'double', 'bigdecimal', 'number', 'long']);
const DICT_VIEWS = new Set(['list', 'radio', 'checkbox', 'list_multi', 'switch']);

/**
 * The advanced query's fields of a generated list: its columns, each typed from the column (plain dictionary options,
 * date, number) and — where the query info (getQueryInfo) or the form schema (getFormItem `properties`) describes the
 * field — its view: a table dictionary gets a select of the dictionary's items, a search select (`sel_search`) the
 * searchable remote select, a popup field the report picker, a user or department field (`sel_user`, `sel_depart`)
 * the user or department picker. A column shown through `_replace_text_` is offered only
 * once its dictionary is known.
 */
export function onlineSuperFields(
  info: Pick<OnlColumnsInfo, 'columns' | 'dictOptions'>,
  queryItems: readonly OnlQueryItem[] = [],
  properties?: Record<string, OnlFieldSchema> | null,
): OnlineSuperField[] {
  const out: OnlineSuperField[] = [];
  for (const c of info.columns) {
    if (!c.dataIndex) continue;
    const q = queryItems.find((x) => x.field === c.dataIndex);
    const desc: Pick<OnlQueryItem, 'view' | 'dictCode' | 'dictTable' | 'dictText'> & Record<string, unknown> =
      properties?.[c.dataIndex] ?? q ?? {};
    const view = String(desc.view ?? '');
    const dict = dictOf(desc);
    const base = { field: c.dataIndex, label: c.title };
    const options = c.customRender ? info.dictOptions?.[c.customRender] : undefined;
    const replaced = (c.customRender ?? '').startsWith('_replace_text_');
    if (view === 'popup') {
      const popup = {
        code: String(desc.code ?? '').trim(),
        orgFields: String(desc.orgFields ?? '').trim(),
        destFields: String(desc.destFields ?? '').trim(),
      };
      if (popup.code && popup.orgFields && popup.destFields) out.push({ ...base, type: 'popup', popup });
      else out.push({ ...base, type: 'string' });
    } else if (view === 'sel_user' || view === 'sel_depart') {
      // the pickers of the form, storing what the field stores: usernames, department ids
      out.push({ ...base, type: view === 'sel_user' ? 'user' : 'depart' });
    } else if (view === 'sel_search' && dict) {
      out.push({ ...base, type: 'sel_search', dictCode: dict });
    } else if (options) {
      out.push({ ...base, type: 'dict', options: toOptions(options) });
    } else if (dict && (replaced || DICT_VIEWS.has(view))) {
      out.push({ ...base, type: 'dict', dictCode: dict });
    } else if (!replaced) {
      const t = (c.fieldType ?? '').toLowerCase();
      const type = t === 'date' || t === 'datetime' ? 'date' : NUMBER_TYPES.has(t) ? 'number' : 'string';
      out.push({ ...base, type });
    }
  }
  return out;
}
