// Editable table (JVxeTable) — shared types. Agreed API of issue 12 (see README.md in this folder).
import type { ComponentType, ReactNode } from 'react';

/** One row of the table. The key field (rowKey, default 'id') is a string; temporary ids are made by the table. */
export type JVxeRow = Record<string, unknown>;

/** Built-in column types (spec 02 §3). Rich types (upload, popup, sel_user …) register themselves under the same names. */
export const JVxeTypes = {
  rowNumber: 'row-number',
  rowCheckbox: 'row-checkbox',
  rowRadio: 'row-radio',
  rowExpand: 'row-expand',
  rowDragSort: 'row-drag-sort',
  normal: 'normal',
  hidden: 'hidden',
  slot: 'slot',
  input: 'input',
  inputNumber: 'inputNumber',
  textarea: 'textarea',
  input_pop: 'input_pop',
  select: 'select',
  date: 'date',
  datetime: 'datetime',
  time: 'time',
  checkbox: 'checkbox',
  checkbox_meta: 'checkbox_meta',
  radio: 'radio',
  upload: 'upload',
  file: 'file',
  image: 'image',
  popup: 'popup',
  list_multi: 'list_multi',
  selectSearch: 'select-search',
  sel_search: 'sel_search',
  sel_search_async: 'sel_search_async',
  selectMultiple: 'select-multiple',
  progress: 'progress',
  sel_depart: 'sel_depart',
  sel_user: 'sel_user',
  tags: 'tags',
} as const;
export type JVxeType = (typeof JVxeTypes)[keyof typeof JVxeTypes] | (string & {});

export interface JVxeOption {
  value: string | number;
  text?: string;
  title?: string;
  label?: string;
  disabled?: boolean;
}

/** Context given to a custom rule handler. */
export interface JVxeRuleContext {
  value: unknown;
  row: JVxeRow;
  column: JVxeColumn;
  rowIndex: number;
  /** all current rows (for cross-row checks) */
  rows: readonly JVxeRow[];
}

export interface JVxeRule {
  required?: boolean;
  /** fails if the value occurs twice in the column */
  unique?: boolean;
  /** preset code ('*', 'n6-16', '*6-16', 's6-18', 'url', 'e', 'm', 'p', 's', 'n', 'z', 'money') or a regex source */
  pattern?: string | RegExp;
  /** the error message (or a promise of it; a throw / rejection counts as its message) when invalid; nothing when valid */
  handler?: (ctx: JVxeRuleContext) => unknown;
  /** message; '${title}' is replaced by the column title */
  message?: string;
}

export interface JVxeColumn {
  key: string;
  title: string;
  type: JVxeType;
  width?: number | string;
  minWidth?: number;
  fixed?: 'left' | 'right';
  align?: 'left' | 'center' | 'right';
  options?: JVxeOption[];
  dictCode?: string;
  defaultValue?: unknown;
  defaultChecked?: boolean;
  /** [checked, unchecked] values of a checkbox cell */
  customValue?: [unknown, unknown];
  validateRules?: JVxeRule[];
  statistics?: ('sum' | 'average')[];
  isOrder?: boolean;
  allowDownload?: boolean;
  allowRemove?: boolean;
  allowInput?: boolean;
  allowSearch?: boolean;
  allowClear?: boolean;
  /** '${title}', '${key}', '${defaultValue}' are substituted */
  placeholder?: string;
  fieldExtendJson?: string;
  popupCode?: string;
  orgFields?: string;
  destFields?: string;
  param?: Record<string, unknown>;
  /** upload URL of file/image cells */
  action?: string;
  token?: boolean;
  responseName?: string;
  sorter?: boolean | ((a: JVxeRow, b: JVxeRow) => number);
  disabled?: boolean;
  /** permission code of this column (hidden/disabled when not granted); prefix of the table when absent */
  authPre?: string;
  /** extra props handed to the editor component (antd props) */
  props?: Record<string, unknown>;
  /** slot cells: name of the render function in JVxeTableProps.slots */
  slotName?: string;
  /** date/datetime/time display format */
  format?: string;
  /** select-multiple / list_multi / checkbox_meta separator (default ',') */
  separator?: string;
  /** progress cells and others may carry any extra settings */
  [extra: string]: unknown;
}

export interface JVxeTableApi {
  /** all rows, validated first unless validate is false; rejects with the first error; temp ids stripped */
  getValues(opts?: { validate?: boolean; rowIds?: string[] }): Promise<JVxeRow[]>;
  /** current rows as kept (with temporary ids) */
  getTableData(): JVxeRow[];
  /** rows removed since the data was loaded (saved rows only) */
  getDeleteData(): JVxeRow[];
  getDeletedIds(): string[];
  /** add rows (or n empty rows) at index (default: end); returns the added rows (with their temp ids) */
  addRows(rows?: JVxeRow[] | JVxeRow | number, opts?: { index?: number; setActive?: boolean }): JVxeRow[];
  removeRows(rowsOrIds: (JVxeRow | string)[] | JVxeRow | string): Promise<boolean>;
  removeSelection(): Promise<boolean>;
  setValues(values: { rowKey: string; values: JVxeRow }[]): void;
  getCell(rowId: string, key: string): unknown;
  setCell(rowId: string, key: string, value: unknown): void;
  clearSelection(): void;
  getSelection(): JVxeRow[];
  getSelectedIds(): string[];
  /** validate every cell; resolves with the first error (and marks all invalid cells) or null */
  validateTable(): Promise<JVxeValidationError | null>;
  /** replace rows with new values and show the old ones as overlay for 1 400 ms (reload effect) */
  reloadRows(rows: JVxeRow[]): void;
  /** replace all rows (data reload; clears the deleted list) */
  setData(rows: JVxeRow[]): void;
  /** is the id a temporary (unsaved) one */
  isTempId(id: unknown): boolean;
  /** open the editor of a cell */
  focusCell(rowId: string, key: string): void;
  /** paste tab-separated text (rows separated by newlines) starting at a cell */
  pasteText(text: string, at?: { rowId: string; key: string }): number;
  /** scroll so that a row is visible */
  scrollToRow(rowId: string): void;
  /** socketReload: tell the other browsers on this page that a row was saved, by its id (false when not connected) */
  sendRowUpdate(row: JVxeRow): boolean;
}

export interface JVxeValidationError {
  rowId: string;
  rowIndex: number;
  key: string;
  title: string;
  message: string;
}

export interface JVxeValueChangeEvent {
  type: string;
  row: JVxeRow;
  rowId: string;
  column: JVxeColumn;
  key: string;
  value: unknown;
  oldValue: unknown;
  api: JVxeTableApi;
}

export type JVxeToolbarButton = 'add' | 'remove' | 'clearSelection';

export interface JVxeTableProps {
  rowKey?: string;
  columns: JVxeColumn[];
  dataSource?: JVxeRow[];
  loading?: boolean;
  rowNumber?: boolean;
  rowSelection?: boolean;
  rowSelectionType?: 'checkbox' | 'radio';
  dragSort?: boolean;
  /** sort key rewritten 1..n after a drag (default 'orderNum') */
  sortKey?: string;
  toolbar?: boolean;
  toolbarConfig?: { btn?: JVxeToolbarButton[]; slots?: ('prefix' | 'suffix')[] };
  /** extra toolbar content (after the buttons) */
  toolbarSuffix?: ReactNode;
  /** permission prefix: `${authPre}add`, `${authPre}batch_delete` hide the toolbar buttons when not granted */
  authPre?: string;
  maxHeight?: number;
  /** body row height in px (spec §9: 61) */
  rowHeight?: number;
  /** show a statistics row for columns with `statistics` */
  statistics?: boolean;
  disabled?: boolean;
  /** called before saved rows are removed; resolve false to cancel */
  asyncRemove?: (rows: JVxeRow[]) => Promise<boolean>;
  treeConfig?: {
    lazy?: boolean;
    hasChildField?: string;
    parentField?: string;
    loadChildren?: (row: JVxeRow) => Promise<JVxeRow[]>;
  };
  expand?: (row: JVxeRow) => ReactNode;
  slots?: Record<string, (props: CellDisplayProps) => ReactNode>;
  onValueChange?: (e: JVxeValueChangeEvent) => void;
  onAdded?: (e: { rows: JVxeRow[]; api: JVxeTableApi }) => void;
  onRemoved?: (e: { rows: JVxeRow[]; deletedIds: string[]; api: JVxeTableApi }) => void;
  onSelectionChange?: (e: { selectedIds: string[]; rows: JVxeRow[] }) => void;
  onDragged?: (e: { rows: JVxeRow[]; api: JVxeTableApi }) => void;
  /** a click anywhere in a row (before the cell reacts) */
  onRowClick?: (row: JVxeRow, rowId: string, event: React.MouseEvent) => void;
  /** height of an expanded row's content (expand), px; default 200 */
  expandHeight?: number;
  /**
   * rows saved elsewhere on the page: their ids arrive over /vxeSocket and `load(ids)` reads them through the API (the
   * reader's own permissions; the socket never carries row values, ADR 076)
   */
  socketReload?: { pageId: string; load(ids: string[]): Promise<JVxeRow[]> };
  className?: string;
  style?: React.CSSProperties;
  /** add-row settings storage key (localStorage); default derived from the columns */
  settingsKey?: string;
}

/** Props of the light display of a cell (every non-edited cell). No antd component here. */
export interface CellDisplayProps {
  value: unknown;
  row: JVxeRow;
  column: JVxeColumn;
  rowIndex: number;
  rowId: string;
  api: JVxeTableApi;
  /** resolved option text for dictionary/options cells */
  dictText?: string;
  /** resolved options (dictCode or options) */
  options?: JVxeOption[];
  disabled?: boolean;
  /** for alwaysEditor cells: change the value in place */
  onChange?: (value: unknown) => void;
}

/** Props of the editor (mounted only for the cell being edited). */
export interface CellEditorProps {
  value: unknown;
  row: JVxeRow;
  column: JVxeColumn;
  rowIndex: number;
  rowId: string;
  api: JVxeTableApi;
  options?: JVxeOption[];
  placeholder?: string;
  /** keep the editor's draft (validated 'input' trigger); does not re-render the table */
  onChange: (value: unknown) => void;
  /** write the value (draft when omitted) into the row and close the editor */
  onCommit: (value?: unknown) => void;
  /** discard the draft and close */
  onCancel: () => void;
  autoFocus?: boolean;
}

export interface CellDef {
  type: string;
  /** minimum width (spec §9: date 135, datetime/user/department 190) */
  minWidth?: number;
  defaultWidth?: number;
  /** light display of a non-edited cell */
  display: (props: CellDisplayProps) => ReactNode;
  /** editor mounted only for the cell being edited; absent = not editable */
  Editor?: ComponentType<CellEditorProps>;
  /** normalise raw input (on commit/paste) */
  parse?: (raw: unknown, column: JVxeColumn) => unknown;
  /** value for output (getValues) */
  format?: (value: unknown, column: JVxeColumn) => unknown;
  /** text used for unique checks, statistics and copy (default String(value)) */
  toText?: (value: unknown, column: JVxeColumn) => string;
  /** display renders its own inline control (checkbox, upload …); clicks do not open an editor */
  alwaysEditor?: boolean;
  /** the cell uses options (dictCode/options) */
  usesOptions?: boolean;
  /** initial value of a new row when the column has no defaultValue */
  initialValue?: (column: JVxeColumn) => unknown;
  /** the cell is not a data column (row-number, row-checkbox …) */
  special?: boolean;
  /** editor pops something up: Enter/arrow keys are left to the editor */
  keepKeys?: boolean;
}
