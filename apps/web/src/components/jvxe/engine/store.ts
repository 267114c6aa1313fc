// Row model of the editable table: plain TypeScript, outside React. Rows are immutable objects (an edit replaces the
// row object), so memoised row components re-render only for the rows that changed. Listeners are told of every change.
import { getCell } from '../registry';
import type { CellDef, JVxeColumn, JVxeRow, JVxeValidationError } from '../types';
import { isEmptyValue, validateValue, valueText } from './validate';

export const TEMP_SUFFIX = '_temp';

export function isTempId(id: unknown): boolean {
  return typeof id === 'string' && id.endsWith(TEMP_SUFFIX);
}

function randomCase(): string {
  const chars = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let s = '';
  for (let i = 0; i < 8; i++) s += chars[Math.floor(Math.random() * chars.length)];
  return `_jvxe${s}_`;
}

export interface StoreOptions {
  rowKey?: string;
  sortKey?: string;
  cellOf?: (type: string) => CellDef | undefined;
}

export type StatKind = 'sum' | 'average';

export class GridStore {
  readonly rowKey: string;
  sortKey: string;
  readonly caseId = randomCase();
  private seq = 0;
  private cellOf: (type: string) => CellDef | undefined;
  columns: JVxeColumn[] = [];
  rows: JVxeRow[] = [];
  private index: Map<string, number> | null = null;
  deleted: JVxeRow[] = [];
  selected = new Set<string>();
  /** rowId → key → message */
  errors = new Map<string, Map<string, string>>();
  /** rowId → previous row, shown as overlay until the time (reload effect) */
  reloaded = new Map<string, { old: JVxeRow; until: number }>();
  version = 0;
  /** bumps only on structural change (rows added/removed/moved, data replaced) */
  structure = 0;
  private listeners = new Set<() => void>();

  constructor(opts: StoreOptions = {}) {
    this.rowKey = opts.rowKey ?? 'id';
    this.sortKey = opts.sortKey ?? 'orderNum';
    this.cellOf = opts.cellOf ?? getCell;
  }

  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  getVersion = (): number => this.version;

  emit(structural = false, notify = true): void {
    this.version++;
    if (structural) {
      this.structure++;
      this.index = null;
    }
    if (notify) for (const l of this.listeners) l();
  }

  setColumns(columns: JVxeColumn[]): void {
    this.columns = columns;
  }

  cell(column: JVxeColumn): CellDef | undefined {
    return this.cellOf(column.type);
  }

  /** data columns: those that hold a value in the row */
  dataColumns(): JVxeColumn[] {
    return this.columns.filter((c) => !this.cellOf(c.type)?.special && c.type !== 'slot');
  }

  newTempId(): string {
    this.seq++;
    return `${this.caseId}${this.seq}${TEMP_SUFFIX}`;
  }

  idOf(row: JVxeRow): string {
    return row[this.rowKey] as string;
  }

  indexOf(id: string): number {
    if (!this.index) {
      this.index = new Map();
      for (let i = 0; i < this.rows.length; i++) this.index.set(this.rows[i]?.[this.rowKey] as string, i);
    }
    return this.index.get(id) ?? -1;
  }

  rowById(id: string): JVxeRow | undefined {
    const i = this.indexOf(id);
    return i < 0 ? undefined : this.rows[i];
  }

  /** a loaded row: id as string (temporary when absent) */
  private adopt(row: JVxeRow): JVxeRow {
    const id = row[this.rowKey];
    if (id === undefined || id === null || id === '') return { ...row, [this.rowKey]: this.newTempId() };
    if (typeof id !== 'string') return { ...row, [this.rowKey]: String(id) };
    return row;
  }

  /** replace all rows (a data load): deleted list, selection, errors cleared */
  setData(rows: readonly JVxeRow[], notify = true): void {
    const out = new Array<JVxeRow>(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = this.adopt(rows[i] as JVxeRow);
    this.rows = out;
    this.deleted = [];
    this.selected.clear();
    this.errors.clear();
    this.reloaded.clear();
    this.emit(true, notify);
  }

  /**
   * replace the shown rows keeping the edited version of rows already held (tree rows expanding / collapsing);
   * deleted list and selection stay
   */
  syncRows(rows: readonly JVxeRow[], notify = true): void {
    const held = new Map<string, JVxeRow>();
    for (const r of this.rows) held.set(this.idOf(r), r);
    const out = new Array<JVxeRow>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] as JVxeRow;
      const id = r[this.rowKey];
      out[i] = (id !== undefined && id !== null ? held.get(String(id)) : undefined) ?? this.adopt(r);
    }
    this.rows = out;
    this.emit(true, notify);
  }

  /** the values of a new row: defaultValue, defaultChecked / customValue, the cell's initial value */
  newRow(values: JVxeRow = {}): JVxeRow {
    const row: JVxeRow = {};
    for (const col of this.columns) {
      const def = this.cellOf(col.type);
      if (def?.special) continue;
      if (col.defaultValue !== undefined) row[col.key] = col.defaultValue;
      else if (col.defaultChecked !== undefined && (col.type === 'checkbox' || col.type === 'checkbox_meta')) {
        row[col.key] = col.customValue ? col.customValue[col.defaultChecked ? 0 : 1] : col.defaultChecked;
      } else if (def?.initialValue) {
        const v = def.initialValue(col);
        if (v !== undefined) row[col.key] = v;
      }
    }
    Object.assign(row, values);
    const id = row[this.rowKey];
    row[this.rowKey] = id === undefined || id === null || id === '' ? this.newTempId() : String(id);
    return row;
  }

  /** insert rows (or n new rows) at index (default: end); returns the inserted rows */
  addRows(input?: JVxeRow[] | JVxeRow | number, index?: number): JVxeRow[] {
    let added: JVxeRow[];
    if (typeof input === 'number' || input === undefined) {
      const n = Math.max(1, Math.floor(typeof input === 'number' ? input : 1));
      added = Array.from({ length: n }, () => this.newRow());
    } else {
      const list = Array.isArray(input) ? input : [input];
      added = list.map((r) => this.newRow(r));
    }
    const at = index === undefined || index < 0 || index > this.rows.length ? this.rows.length : Math.floor(index);
    const next = this.rows.slice(0, at);
    next.push(...added, ...this.rows.slice(at));
    this.rows = next;
    if (this.hasSortKey()) this.renumber();
    this.emit(true);
    return added;
  }

  /** the sort key is rewritten only when drag sort is on (a plain orderNum column stays the user's) */
  private hasSortKey(): boolean {
    return this.sortOn;
  }

  /** drag sort on: the sort key is kept even without a column */
  sortOn = false;

  /** rewrite the sort key 1..n in row order */
  renumber(): void {
    const key = this.sortKey;
    for (let i = 0; i < this.rows.length; i++) {
      const row = this.rows[i] as JVxeRow;
      if (row[key] !== i + 1) this.rows[i] = { ...row, [key]: i + 1 };
    }
  }

  /** remove rows by id now (confirmations are the caller's); saved rows are kept as deleted */
  removeRows(ids: readonly string[]): JVxeRow[] {
    const drop = new Set(ids);
    const removed: JVxeRow[] = [];
    const kept: JVxeRow[] = [];
    for (const row of this.rows) {
      if (drop.has(this.idOf(row))) removed.push(row);
      else kept.push(row);
    }
    if (!removed.length) return removed;
    this.rows = kept;
    for (const row of removed) {
      const id = this.idOf(row);
      this.selected.delete(id);
      this.errors.delete(id);
      if (!isTempId(id)) this.deleted.push(row);
    }
    if (this.hasSortKey()) this.renumber();
    this.emit(true);
    return removed;
  }

  /** move a row from one index to another; the sort key is recalculated */
  moveRow(from: number, to: number): void {
    if (from === to || from < 0 || from >= this.rows.length) return;
    const next = this.rows.slice();
    const [row] = next.splice(from, 1);
    next.splice(Math.max(0, Math.min(to, next.length)), 0, row as JVxeRow);
    this.rows = next;
    this.renumber();
    this.emit(true);
  }

  /** reorder the rows (header sorter); the sort key follows when drag sort is on */
  sortRows(compare: (a: JVxeRow, b: JVxeRow) => number): void {
    this.rows = this.rows.slice().sort(compare);
    if (this.hasSortKey()) this.renumber();
    this.emit(true);
  }

  getCell(id: string, key: string): unknown {
    return this.rowById(id)?.[key];
  }

  /** write values into a row (no validation); returns the new row */
  patchRow(id: string, values: JVxeRow, notify = true): JVxeRow | undefined {
    const i = this.indexOf(id);
    if (i < 0) return undefined;
    const row = { ...(this.rows[i] as JVxeRow), ...values, [this.rowKey]: id };
    this.rows[i] = row;
    if (notify) this.emit();
    return row;
  }

  setCell(id: string, key: string, value: unknown): void {
    this.patchRow(id, { [key]: value });
  }

  // ------------------------------------------------------------------ errors

  /** the text of a column's values for checks (CellDef.toText, else plain text) */
  textFn(column: JVxeColumn): (v: unknown) => string {
    const t = this.cellOf(column.type)?.toText;
    return t ? (v) => t(v, column) : valueText;
  }

  errorOf(id: string, key: string): string | undefined {
    return this.errors.get(id)?.get(key);
  }

  /** set or clear one cell's error; the row's error map is replaced (memoised rows see the change) */
  setError(id: string, key: string, message: string | null): boolean {
    const m = this.errors.get(id);
    const had = m?.get(key);
    if (message) {
      if (had === message) return false;
      const next = new Map(m);
      next.set(key, message);
      this.errors.set(id, next);
      return true;
    }
    if (had === undefined || !m) return false;
    const next = new Map(m);
    next.delete(key);
    if (next.size) this.errors.set(id, next);
    else this.errors.delete(id);
    return true;
  }

  /** the first failing message of a value for a cell, without recording it (the editor's draft) */
  checkCell(id: string, key: string, value: unknown): string | null | Promise<string | null> {
    const i = this.indexOf(id);
    const column = this.columns.find((c) => c.key === key);
    if (i < 0 || !column) return null;
    const row = this.rows[i] as JVxeRow;
    const rows = this.rows;
    const toText = this.textFn(column);
    const countOf = (text: string) => {
      let n = 1;
      for (const r of rows) if (r !== row && toText(r[key]) === text) n++;
      return n;
    };
    return validateValue(value, column, { row: { ...row, [key]: value }, rowIndex: i, rows, countOf, toText });
  }

  /** count of each value text of a column (unique rules) */
  private counts(column: JVxeColumn): Map<string, number> {
    const key = column.key;
    const text = this.textFn(column);
    const map = new Map<string, number>();
    for (const row of this.rows) {
      const v = row[key];
      if (isEmptyValue(v)) continue;
      const t = text(v);
      map.set(t, (map.get(t) ?? 0) + 1);
    }
    return map;
  }

  /**
   * Validate one cell (value: a draft instead of the stored value). Sets the error; returns the message (or a
   * promise of it when a handler is asynchronous).
   */
  validateCell(id: string, key: string, value?: unknown, useDraft = false): string | null | Promise<string | null> {
    const i = this.indexOf(id);
    const column = this.columns.find((c) => c.key === key);
    if (i < 0 || !column) return null;
    const row = this.rows[i] as JVxeRow;
    const v = useDraft ? value : row[key];
    const rows = this.rows;
    const toText = this.textFn(column);
    const countOf = (text: string) => {
      let n = 0;
      for (const r of rows) {
        if (r === row) continue;
        if (toText(r[key]) === text) n++;
      }
      return n + 1;
    };
    const out = validateValue(v, column, { row, rowIndex: i, rows, countOf, toText });
    if (out && typeof (out as Promise<string | null>).then === 'function') {
      return (out as Promise<string | null>).then((msg) => {
        if (this.setError(id, key, msg)) this.emit();
        return msg;
      });
    }
    this.setError(id, key, out as string | null);
    return out as string | null;
  }

  /** after a unique column changed: re-check the other cells holding the old or the new value */
  recheckUnique(key: string, texts: string[]): void {
    const column = this.columns.find((c) => c.key === key);
    if (!column?.validateRules?.some((r) => r.unique)) return;
    const want = new Set(texts.filter((t) => t !== ''));
    const text = this.textFn(column);
    for (const row of this.rows) {
      const id = this.idOf(row);
      if (want.has(text(row[key])) || this.errorOf(id, key)) this.validateCell(id, key);
    }
  }

  /** validate every cell; marks all invalid cells; resolves with the first error in row order or null */
  validateAll(): JVxeValidationError | null | Promise<JVxeValidationError | null> {
    const cols = this.columns.filter((c) => c.validateRules?.length);
    const rows = this.rows;
    const counts = new Map<string, Map<string, number>>();
    for (const c of cols) if (c.validateRules?.some((r) => r.unique)) counts.set(c.key, this.counts(c));
    const pending: Promise<unknown>[] = [];
    this.errors.clear();
    const found: { i: number; c: number; err: JVxeValidationError }[] = [];
    const texts = cols.map((c) => (this.cellOf(c.type)?.toText ? this.textFn(c) : undefined));
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as JVxeRow;
      if (row.__placeholder) continue;
      const id = row[this.rowKey] as string;
      for (let c = 0; c < cols.length; c++) {
        const col = cols[c] as JVxeColumn;
        const cnt = counts.get(col.key);
        const out = validateValue(row[col.key], col, {
          row,
          rowIndex: i,
          rows,
          countOf: cnt ? (t) => cnt.get(t) ?? 0 : undefined,
          toText: texts[c],
        });
        const record = (msg: string | null) => {
          if (!msg) return;
          this.setError(id, col.key, msg);
          found.push({ i, c, err: { rowId: id, rowIndex: i, key: col.key, title: col.title, message: msg } });
        };
        if (out && typeof (out as Promise<string | null>).then === 'function')
          pending.push((out as Promise<string | null>).then(record));
        else record(out as string | null);
      }
    }
    const finish = () => {
      this.emit();
      found.sort((a, b) => a.i - b.i || a.c - b.c);
      return found[0]?.err ?? null;
    };
    if (pending.length) return Promise.all(pending).then(finish);
    return finish();
  }

  // ------------------------------------------------------------------ output

  /** rows for output: cell formats applied, temporary ids removed */
  outputRows(rows: readonly JVxeRow[] = this.rows): JVxeRow[] {
    const formats: { key: string; col: JVxeColumn; fmt: NonNullable<CellDef['format']> }[] = [];
    for (const col of this.columns) {
      const fmt = this.cellOf(col.type)?.format;
      if (fmt) formats.push({ key: col.key, col, fmt });
    }
    const out: JVxeRow[] = [];
    for (const row of rows) {
      if (row.__placeholder) continue;
      const o: JVxeRow = { ...row };
      for (const f of formats) if (f.key in o) o[f.key] = f.fmt(o[f.key], f.col);
      if (isTempId(o[this.rowKey])) delete o[this.rowKey];
      out.push(o);
    }
    return out;
  }

  deletedIds(): string[] {
    return this.deleted.map((r) => this.idOf(r));
  }

  // ------------------------------------------------------------------ statistics

  statistics(key: string, kind: StatKind): number {
    let sum = 0;
    let n = 0;
    for (const row of this.rows) {
      const v = row[key];
      if (v === undefined || v === null || v === '') {
        n++;
        continue;
      }
      const x = Number(v);
      if (!Number.isNaN(x)) sum += x;
      n++;
    }
    if (kind === 'sum') return round(sum);
    return n ? round(sum / n) : 0;
  }

  // ------------------------------------------------------------------ paste

  /**
   * Paste tab-separated text (lines = rows) from a cell on: values go through each cell's parse; read-only and
   * special columns are skipped (the text column still advances); rows are added when the text runs past the end.
   * Returns the number of rows written.
   */
  paste(text: string, startRow: number, startKey: string, editable: (col: JVxeColumn) => boolean): number {
    const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
    if (!lines.length) return 0;
    const cols = this.columns.filter((c) => !this.cellOf(c.type)?.special && c.type !== 'hidden');
    const c0 = Math.max(
      0,
      cols.findIndex((c) => c.key === startKey),
    );
    const need = startRow + lines.length - this.rows.length;
    if (need > 0) {
      const extra = Array.from({ length: need }, () => this.newRow());
      this.rows = this.rows.concat(extra);
      this.index = null;
    }
    const plan = cols.slice(c0).map((col) => ({ col, ok: editable(col), parse: this.cellOf(col.type)?.parse }));
    for (let l = 0; l < lines.length; l++) {
      const parts = (lines[l] as string).split('\t');
      const i = startRow + l;
      const row = { ...(this.rows[i] as JVxeRow) };
      const id = row[this.rowKey] as string;
      for (let p = 0; p < parts.length && p < plan.length; p++) {
        const { col, ok, parse } = plan[p] as (typeof plan)[number];
        if (!ok) continue;
        const raw = parts[p] as string;
        row[col.key] = parse ? parse(raw, col) : raw;
        if (this.errors.has(id)) this.setError(id, col.key, null);
      }
      this.rows[i] = row;
    }
    if (this.hasSortKey()) this.renumber();
    this.emit(true);
    return lines.length;
  }

  // ------------------------------------------------------------------ reload effect

  /** replace rows by id; the previous values show as an overlay for ms (1 400) */
  reloadRows(rows: readonly JVxeRow[], ms = 1400, now = Date.now()): void {
    for (const r of rows) {
      const id = String(r[this.rowKey] ?? '');
      const i = this.indexOf(id);
      if (i < 0) continue;
      const old = this.rows[i] as JVxeRow;
      this.rows[i] = { ...old, ...r, [this.rowKey]: id };
      this.reloaded.set(id, { old, until: now + ms });
    }
    this.emit();
  }

  expireReloads(now = Date.now()): boolean {
    let changed = false;
    for (const [id, r] of this.reloaded) {
      if (r.until <= now) {
        this.reloaded.delete(id);
        changed = true;
      }
    }
    if (changed) this.emit();
    return changed;
  }
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
