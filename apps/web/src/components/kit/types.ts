import type { Result } from '@answer/contract';
import type { FormInstance, FormRule } from 'antd';
import type { ReactNode } from 'react';
import type { ListSort, SearchRule, UseListPageResult } from '../list';

/**
 * The declarations of a page (docs/web-list-pages.md, ADR 023): a page is a `PageSchema` in a `*.data.ts(x)` file
 * and a view of a few lines that hands it to `<CrudPage>`. Everything here is plain data plus small callbacks.
 */

export type Row = Record<string, unknown>;

/** how a column shows its value */
export type ColumnType =
  | 'text'
  /** `${field}_dictText` from the server, else the dictionary text of `dictCode` */
  | 'dict'
  /** `YYYY-MM-DD` */
  | 'date'
  /** `YYYY-MM-DD HH:mm:ss`, never wrapped */
  | 'datetime'
  /** a user name, truncated with a tooltip */
  | 'user'
  /** department names, truncated with a tooltip */
  | 'depart'
  /** the first image of a comma path list as a thumbnail */
  | 'image'
  /** a 下载 link to the first file */
  | 'file'
  /** each comma value (dictionary text) as a tag */
  | 'tag'
  /** two decimals */
  | 'money'
  /** a badge: `status` = the value for the green dot */
  | 'badge'
  /** one line, never wrapped (phone numbers, codes) */
  | 'nowrap';

export interface ColumnSchema<T = Row> {
  /** the row field (also the `column` sent when sorting) */
  field: string;
  title: ReactNode;
  type?: ColumnType;
  dictCode?: string;
  sorter?: boolean;
  width?: number;
  /** a minimum width (spec 02 §9 defaults: date 135, datetime/user/depart 190) */
  minWidth?: number;
  align?: 'left' | 'center' | 'right';
  /** truncate with a tooltip (default on for user/depart columns) */
  ellipsis?: boolean;
  fixed?: 'left' | 'right';
  /** the value of the green dot of a `badge` column; texts from `_dictText` or `badgeText` */
  badgeOn?: unknown;
  badgeText?: [ReactNode, ReactNode];
  /** custom cell (wins over `type`); on a page it gets the page context (e.g. a title that opens the row) */
  render?: (value: unknown, row: T, index: number, ctx?: ActionContext<T>) => ReactNode;
  /** left out of the table (e.g. a permission) */
  hidden?: boolean;
}

/** a widget name of the registry (widgets.tsx) */
export type WidgetName = string;

export interface QueryFieldSchema {
  field: string;
  label: ReactNode;
  /** @default 'input' */
  widget?: WidgetName;
  /** props handed to the widget (dictCode, options, placeholder …) */
  props?: Record<string, unknown>;
  /** value wrapping of spec 02 §5: like → *v*, ne → !v, ge → >=v, le → <=v */
  rule?: SearchRule;
  /** a date range sent as `${field}_begin` / `${field}_end` (or these names) */
  range?: boolean | { begin: string; end: string };
  /** date format sent for a date (range) widget @default 'YYYY-MM-DD' (time: 'YYYY-MM-DD HH:mm:ss') */
  format?: string;
  initialValue?: unknown;
}

/** a rule preset of spec 02 §5 ('*', 'm', 'e', 'n6-16' …) or of utils/rules (RULES keys), or an antd rule */
export type RuleSpec = string | FormRule;

export interface FormContext<T = Row> {
  /** the row being edited (null when adding) */
  record: T | null;
  mode: EditorMode;
  /** the fixed parameters of an embedded (detail) page, e.g. `{ dictId }` */
  fixed: Record<string, unknown>;
  /** initial values the editor was opened with (e.g. the parent of 添加下级) */
  init?: Row;
  /** the rows the page has loaded (e.g. a whole tree the form picks a parent from) */
  rows?: readonly T[];
}

export type EditorMode = 'add' | 'edit' | 'detail';

export interface FormFieldSchema<T = Row> {
  field: string;
  label: ReactNode;
  /** @default 'input' */
  widget?: WidgetName;
  props?: Record<string, unknown> | ((ctx: FormContext<T>) => Record<string, unknown>);
  /** true or a message: required (message default 请输入{label}! / 请选择{label}!) */
  required?: boolean | string;
  rules?: RuleSpec[];
  /** unique check: GET /sys/duplicate/check?tableName&fieldName&fieldVal&dataId */
  duplicate?: { tableName: string; fieldName: string };
  /** server check rule: GET /sys/checkRule/checkByCode?ruleCode&value */
  checkRule?: string;
  /** a custom async check (server message on failure), e.g. a per-parent uniqueness check */
  validate?: (value: unknown, ctx: FormContext<T>) => Promise<string | null | undefined>;
  /** shown only when true (re-evaluated as the form changes) */
  show?: (values: Row, ctx: FormContext<T>) => boolean;
  /** read-only: true, or when true for the values / context (e.g. `({}, c) => c.mode === 'edit'`) */
  readOnly?: boolean | ((values: Row, ctx: FormContext<T>) => boolean);
  /** 24 = one column (default), 12 = half */
  span?: number;
  /** help text under the field */
  extra?: ReactNode | ((ctx: FormContext<T>) => ReactNode);
  /** the value of a new record */
  initialValue?: unknown;
  /** sent with a save (default true); false for display-only fields */
  submit?: boolean;
  /** field permission code: the field is disabled unless the user is allowed it (JeecgBoot disabledAuth) */
  disabledAuth?: string;
}

/** a view's handler of a declared action (`run: 'name'`): the row (none for a toolbar button) and the page context */
export type PageHandler<T = Row> = (row?: T, ctx?: ActionContext<T>) => void;

export interface ActionContext<T = Row> {
  list: UseListPageResult<T>;
  /** open the editor: add (with optional initial values), edit or detail */
  openEditor(mode: EditorMode, record?: Partial<T> | null, init?: Row): void;
  /** reload the list (and loaded tree children) */
  reload(): void;
  /** handlers the view passes to `<CrudPage handlers>` */
  handlers: Record<string, PageHandler<T>>;
  /** open the detail (master–detail) drawer for a row */
  openDetail(row: T): void;
  /** the page's fixed parameters (e.g. the master key of a detail list) */
  fixed: Record<string, unknown>;
  /** expanded rows of a `treeData` page: ids, or 'all' */
  setExpanded(keys: string[] | 'all'): void;
}

export interface RowActionSchema<T = Row> {
  key: string;
  label: ReactNode;
  /** permission code; denied → hidden (spec 02 §6), 'disabled' → hidden too (row links have no disabled look) */
  auth?: string;
  /** put into the 更多 dropdown instead of the link row */
  more?: boolean;
  /** a popconfirm title */
  confirm?: ReactNode | ((row: T) => ReactNode);
  danger?: boolean;
  /** only for rows where this is true */
  show?: (row: T) => boolean;
  /** a built-in: edit, detail, delete, addChild (tree), detailList (master–detail drawer), or a view handler name */
  run?: 'edit' | 'detail' | 'delete' | 'addChild' | 'detailList' | string;
  onClick?: (row: T, ctx: ActionContext<T>) => void;
}

export interface ToolbarActionSchema<T = Row> {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  auth?: string;
  primary?: boolean;
  /** a red (dangerous) button, e.g. 清空日志 */
  danger?: boolean;
  /** a view handler name (`<CrudPage handlers>`) */
  run?: string;
  onClick?: (ctx: ActionContext<T>) => void | Promise<void>;
}

/** a confirmation dialog for n rows */
export interface ConfirmSpec {
  title: ReactNode;
  content: (n: number) => ReactNode;
  danger?: boolean;
}

export interface RecycleBinSchema<T = Row> {
  title: ReactNode;
  auth?: string;
  columns: ColumnSchema<T>[];
  list: () => Promise<Result<T[]>>;
  restore: (ids: string[]) => Promise<Result<unknown>>;
  purge: (ids: string[]) => Promise<Result<unknown>>;
  /** 彻底删除: a popconfirm title (default) or a confirmation dialog */
  purgeConfirm?: ReactNode | ConfirmSpec;
  /** 还原: a confirmation dialog (default none) */
  restoreConfirm?: ConfirmSpec;
  /** success messages instead of the server's */
  restoredMessage?: (n: number) => string;
  purgedMessage?: (n: number) => string;
  /** batch 还原 / 彻底删除 of the selected rows (the server takes comma ids) */
  batch?: boolean;
  /** pages of 10 @default false (all rows, scrolling) */
  paged?: boolean;
  width?: number;
}

export interface BatchActionSchema<T = Row> {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  auth?: string;
  onClick: (ctx: ActionContext<T>) => void;
}

export interface TreeSchema<T = Row> {
  /** children of a node: GET childList?pid */
  children: (pid: string) => Promise<Result<T[]>>;
  /** whether a row has children to load */
  hasChildren: (row: T) => boolean;
  /** the parent field of a row @default 'pid' */
  pidField?: string;
  /** the parent of a root row @default '0' */
  rootPid?: string;
  /** the form field a new child takes its parent id in @default pidField */
  parentFormField?: string;
}

export interface DetailSchema<T = Row> {
  /** drawer title for a master row */
  title: (row: T) => ReactNode;
  /** the detail page declaration */
  // biome-ignore lint/suspicious/noExplicitAny: the detail rows are of their own type
  page: PageSchema<any>;
  /** its fixed parameters (the master key) */
  params: (row: T) => Record<string, unknown>;
  /** @default 760 */
  width?: number;
}

export interface EditorSchema<T = Row> {
  /** @default 'modal'; 'page' replaces the list by the form until it is closed */
  mode?: 'modal' | 'drawer' | 'page';
  /** @default '60%' (spec 02 §9); a number is px */
  width?: number | string;
  /** titles @default 新增 / 编辑 / 详情 */
  title?: (mode: EditorMode, record: T | null) => ReactNode;
  /** label column of the form @default 5 */
  labelSpan?: number;
  /** control column of a full-width field @default 16 */
  wrapperSpan?: number;
  /** after a value changed (e.g. keep dependent fields consistent) */
  onValuesChange?: (changed: Row, all: Row, form: FormInstance) => void;
  /** form values of a record (default: the form fields of the row) */
  toForm?: (record: T, ctx: FormContext<T>) => Row;
  /** body of a save (default: the values with strings trimmed, `id` on edit, fixed parameters on add) */
  toSave?: (values: Row, ctx: FormContext<T>) => Row;
  /** load the full record before editing (e.g. GET queryById) */
  load?: (record: T) => Promise<T>;
  /** a custom save call instead of POST urls.add / PUT urls.edit */
  save?: (body: Row, ctx: FormContext<T>) => Promise<Result<unknown>>;
  /** after a successful save (e.g. refresh a parent) */
  afterSave?: (body: Row, ctx: FormContext<T>, page?: ActionContext<T>) => void;
  /** tells the outcome of a successful save instead of the server message as a success (e.g. saved, not sent) */
  notify?: (res: Result<unknown>) => void;
  /** form name (data-testid `${name}-form`) */
  name?: string;
  /** the save button @default 确定 (by mode, e.g. 保存并发送 when adding) */
  okText?: string | ((mode: EditorMode) => string);
}

export interface PageUrls {
  list?: string;
  add?: string;
  edit?: string;
  delete?: string;
  deleteBatch?: string;
  exportXls?: string;
  importExcel?: string;
}

export interface PageSchema<T = Row> {
  /** a short name (data-testid `${name}-table`, form `${name}-form`) */
  name: string;
  urls: PageUrls;
  /** permission prefix: `${auth}:add`, `:edit`, `:delete`, `:deleteBatch`, `:import`, `:export` */
  auth?: string;
  /** explicit permission codes (win over the prefix); '' = no check */
  authCodes?: Partial<Record<'add' | 'edit' | 'delete' | 'deleteBatch' | 'import' | 'export', string>>;
  columns: ColumnSchema<T>[];
  /** a `#` column @default true */
  rowNumber?: boolean;
  query?: QueryFieldSchema[];
  /** query fields shown while collapsed @default 3 */
  queryVisible?: number;
  /** the query fields and buttons on one line (narrow panels) */
  queryInline?: boolean;
  /** pages @default true; false shows every row the list answers */
  paged?: boolean;
  /** rows arrive as a whole tree (`children`): expandable, 'all' expanded after a search with values */
  treeData?: boolean;
  form?: FormFieldSchema<T>[];
  editor?: EditorSchema<T>;
  /** row actions; default: 编辑 and 更多 ▸ 删除 */
  rowActions?: RowActionSchema<T>[];
  /** width of the 操作 column @default 147 */
  actionWidth?: number;
  /** toolbar: built-ins add/export/import/batch plus these */
  toolbar?: ToolbarActionSchema<T>[];
  /** more entries of the 批量操作 dropdown (after 删除) */
  batch?: BatchActionSchema<T>[];
  /** built-in toolbar buttons to show @default add, export/import when the urls exist, batch delete */
  builtins?: { add?: boolean | string; export?: boolean; import?: boolean; batchDelete?: boolean };
  exportName?: string;
  defaultSort?: ListSort;
  rowKey?: string;
  /** checkbox selection @default true */
  selectable?: boolean;
  recycleBin?: RecycleBinSchema<T>;
  tree?: TreeSchema<T>;
  detail?: DetailSchema<T>;
  /** content under a row, opened by its expand icon (e.g. the request of a log row); not with `tree` */
  expandedRow?: (row: T) => ReactNode;
  /** antd Table `scroll.x` @default 'max-content' */
  scrollX?: number | string | false;
  /** a card title */
  title?: ReactNode;
  /**
   * the advanced-query slot (a registered builder, see `registerSuperQuery`) @default true; a list names the fields it
   * offers (else they come from the columns and query fields; components/SuperQuery)
   */
  superQuery?:
    | boolean
    | readonly {
        field: string;
        label: string;
        /** dict: a dictionary select; sel_search: a searchable remote select; popup: the report record picker */
        type?: 'string' | 'number' | 'date' | 'datetime' | 'dict' | 'sel_search' | 'popup' | 'user' | 'depart';
        /** a dictionary code or a table dictionary `table,text,code[,condition]` */
        dictCode?: string;
        options?: readonly { value: string; label: string }[];
        /** the stored field of a department / user picker (e.g. orgCode) */
        customReturnField?: string;
        /** a popup field's report: code, its column(s) `orgFields` filling the field(s) `destFields` */
        popup?: { code: string; orgFields: string; destFields: string };
      }[];
}

/** Typed identity: `export const positionPage = definePage<SysPosition>({...})`. */
export function definePage<T>(schema: PageSchema<T>): PageSchema<T> {
  return schema;
}
