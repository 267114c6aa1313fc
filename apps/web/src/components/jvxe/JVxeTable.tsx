// JVxeTable: virtualised editable table (rows and columns). Non-edited cells are light DOM text; only the edited cell
// mounts an antd editor, whose draft lives in the editor (a keystroke re-renders the editor only).
import { Spin, Tooltip } from 'antd';
import {
  memo,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { feedback } from '../../utils/feedback';
import './cells/basic';
import { useCan } from '../../permission/useCan';
import { fillPlaceholder, textOfValue } from './cells/basic/logic';
import { type ColLayout, layoutColumns, rowAt, rowTops, visibleColumns } from './engine/layout';
import { optionTexts, useResolvedColumns } from './engine/options';
import { GridStore, isTempId } from './engine/store';
import { useVxeSocket } from './socket';
import { Toolbar } from './Toolbar';
import { type FlatTreeRow, TreeToggle, useLazyTree } from './tree';
import './jvxe.css';
import { getCell, onRegister } from './registry';
import type {
  CellDef,
  CellDisplayProps,
  JVxeColumn,
  JVxeRow,
  JVxeTableApi,
  JVxeTableProps,
  JVxeValidationError,
} from './types';

const HEADER_HEIGHT = 40;
const OVERSCAN_ROWS = 4;
const RELOAD_MS = 1400;

interface Active {
  id: string;
  key: string;
  editing: boolean;
  /** first character typed that opened the editor */
  seed?: string;
}

interface RowProps {
  row: JVxeRow;
  rowId: string;
  rowIndex: number;
  top: number;
  height: number;
  fixedCols: ColLayout[];
  cols: ColLayout[];
  spacer: number;
  total: number;
  selected: boolean;
  /** key of the active cell in this row, or '' */
  activeKey: string;
  editing: boolean;
  errors: Map<string, string> | undefined;
  old: JVxeRow | undefined;
  expanded: boolean;
  ctx: RowContext;
  dragOver: boolean;
}

/** stable per table: what cells need besides their row */
interface RowContext {
  api: JVxeTableApi;
  disabled: boolean;
  radio: boolean;
  slots: JVxeTableProps['slots'];
  renderEditor: (row: JVxeRow, rowId: string, rowIndex: number, col: ColLayout) => ReactNode;
  toggleSelect: (id: string) => void;
  toggleExpand: (id: string) => void;
  setValue: (id: string, key: string, value: unknown) => void;
  startDrag: (rowIndex: number, e: React.PointerEvent) => void;
  isDisabled: (col: JVxeColumn) => boolean;
  expandContent: ((row: JVxeRow) => ReactNode) | undefined;
  /** tree rows: the column carrying the toggle, and the nodes */
  tree: (TreeBinding & { key: string }) | undefined;
}

/** one cell (a plain function, not a component: one fiber less per cell; it holds no hooks) */
function renderCell(lay: ColLayout, row: JVxeRow, rowId: string, rowIndex: number, p: RowProps): ReactNode {
  const { col, def } = lay;
  const ctx = p.ctx;
  const isActive = p.activeKey === col.key;
  const err = p.errors?.get(col.key);
  let cls = 'jvxe-cell';
  if (lay.fixed) cls += ' jvxe-fixed';
  if (isActive) cls += ' jvxe-active';
  if (err) cls += ' jvxe-invalid';
  const style: React.CSSProperties = { width: lay.width };
  if (lay.fixed) style.left = lay.x;
  let content: ReactNode;
  switch (col.type) {
    case 'row-number':
      content = rowIndex + 1;
      break;
    case 'row-checkbox':
    case 'row-radio':
      content = (
        <input
          type={ctx.radio ? 'radio' : 'checkbox'}
          className="jvxe-check"
          checked={p.selected}
          onChange={() => ctx.toggleSelect(rowId)}
        />
      );
      break;
    case 'row-drag-sort':
      content = (
        <span className="jvxe-drag" title="拖动排序" onPointerDown={(e) => ctx.startDrag(rowIndex, e)}>
          ⋮⋮
        </span>
      );
      break;
    case 'row-expand':
      content = (
        <button type="button" className="jvxe-expand" onClick={() => ctx.toggleExpand(rowId)}>
          {p.expanded ? '−' : '+'}
        </button>
      );
      break;
    default: {
      if (isActive && p.editing && def?.Editor) {
        content = ctx.renderEditor(row, rowId, rowIndex, lay);
      } else {
        const value = row[col.key];
        const dp: CellDisplayProps = {
          value,
          row,
          column: col,
          rowIndex,
          rowId,
          api: ctx.api,
          options: col.options,
          dictText: col.options ? textOfValue(value, optionTexts(col.options), col.separator ?? ',') : undefined,
          disabled: ctx.isDisabled(col),
        };
        if (def?.alwaysEditor) dp.onChange = (v) => ctx.setValue(rowId, col.key, v);
        if (col.type === 'slot') {
          const render = ctx.slots?.[col.slotName ?? col.key];
          content = render ? render(dp) : null;
        } else {
          content = def ? def.display(dp) : value === undefined || value === null ? '' : String(value);
        }
        const old = p.old;
        if (old && old[col.key] !== value) {
          const prev = old[col.key];
          content = (
            <>
              {content}
              <span className="jvxe-reload-old">
                {col.options
                  ? textOfValue(prev, optionTexts(col.options), col.separator ?? ',')
                  : prev === undefined || prev === null
                    ? ''
                    : String(prev)}
              </span>
            </>
          );
        }
      }
    }
  }
  const node = ctx.tree && ctx.tree.key === col.key ? ctx.tree.nodes.get(rowId) : undefined;
  if (node) {
    content = (
      <TreeToggle node={node} onToggle={ctx.tree?.toggle as (id: string) => void}>
        {node.placeholder ? null : content}
      </TreeToggle>
    );
  }
  return (
    <div key={col.key} className={cls} style={style} data-key={col.key} data-err={err}>
      {content}
    </div>
  );
}

const Row = memo(function Row(p: RowProps) {
  const { row, rowId, rowIndex } = p;
  let cls = 'jvxe-row';
  if (p.selected) cls += ' jvxe-row-selected';
  if (p.dragOver) cls += ' jvxe-row-dragging';
  return (
    <div className={cls} data-row-id={rowId} style={{ top: p.top, height: p.height, width: p.total }}>
      <div className="jvxe-row-cells" style={{ height: p.expanded ? undefined : p.height }}>
        {p.fixedCols.map((lay) => renderCell(lay, row, rowId, rowIndex, p))}
        {p.spacer > 0 && <div className="jvxe-spacer" style={{ width: p.spacer }} />}
        {p.cols.map((lay) => renderCell(lay, row, rowId, rowIndex, p))}
      </div>
      {p.expanded && p.ctx.expandContent && <div className="jvxe-expanded">{p.ctx.expandContent(row)}</div>}
    </div>
  );
});

const NO_MOTION = { motionName: '' };

/** the editor of the active cell: its draft and draft error are local state */
function EditorHost({
  def,
  col,
  row,
  rowId,
  rowIndex,
  api,
  seed,
  draftRef,
  onCommit,
  onCancel,
  check,
}: {
  def: CellDef;
  col: JVxeColumn;
  row: JVxeRow;
  rowId: string;
  rowIndex: number;
  api: JVxeTableApi;
  seed: string | undefined;
  draftRef: React.RefObject<{ value: unknown; dirty: boolean }>;
  onCommit: (v?: unknown) => void;
  onCancel: () => void;
  check: (value: unknown) => string | null | Promise<string | null>;
}) {
  const [err, setErr] = useState<string | null>(null);
  const Editor = def.Editor as NonNullable<CellDef['Editor']>;
  // a draft survives the editor leaving the window and coming back
  const start = seed !== undefined ? seed : draftRef.current.dirty ? draftRef.current.value : row[col.key];
  const onChange = useCallback(
    (v: unknown) => {
      draftRef.current = { value: v, dirty: true };
      const out = check(v);
      if (out && typeof (out as Promise<string | null>).then === 'function') {
        (out as Promise<string | null>).then((m) => draftRef.current.value === v && setErr(m));
      } else setErr(out as string | null);
    },
    [check, draftRef],
  );
  // a typed first character counts as input
  useEffect(() => {
    if (seed !== undefined) onChange(seed);
  }, [seed, onChange]);
  // the caret goes after the text
  const hostRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = hostRef.current?.querySelector('input, textarea') as HTMLInputElement | null;
    if (el && typeof el.setSelectionRange === 'function' && (el.type === 'text' || el.tagName === 'TEXTAREA')) {
      const n = el.value.length;
      el.setSelectionRange(n, n);
    }
  }, []);
  const { placeholder } = useMemo(() => ({ placeholder: placeholderOf(col, def) }), [col, def]);
  return (
    // the message shows and goes without motion: an animating pop-up would make the next keystrokes wait for vsync
    <Tooltip open={Boolean(err)} title={err} color="#ff4d4f" placement="top" motion={NO_MOTION}>
      <div
        ref={hostRef}
        className={`jvxe-editor${err ? ' jvxe-editor-invalid' : ''}`}
        data-editor={`${rowId}:${col.key}`}
      >
        <Editor
          value={start}
          row={row}
          column={col}
          rowId={rowId}
          rowIndex={rowIndex}
          api={api}
          options={col.options}
          placeholder={placeholder}
          onChange={onChange}
          onCommit={onCommit}
          onCancel={onCancel}
          autoFocus
        />
      </div>
    </Tooltip>
  );
}

function placeholderOf(col: JVxeColumn, def: CellDef): string {
  return fillPlaceholder(col, def.usesOptions || def.keepKeys ? 'select' : 'input');
}

/**
 * socketReload: the ids of rows saved in another browser on the same page arrive over /vxeSocket; the rows are
 * reloaded through the API (`load`, the reader's own permissions) and replace the row here with the reload effect.
 * `api.sendRowUpdate(row)` tells the others about a row saved here (its id only).
 */
function SocketBridge({
  pageId,
  load,
  api,
  sender,
}: {
  pageId: string;
  load: (ids: string[]) => Promise<JVxeRow[]>;
  api: JVxeTableApi;
  sender: React.RefObject<((row: JVxeRow) => boolean) | null>;
}) {
  const { sendRowUpdate } = useVxeSocket({
    pageId,
    // rows this table does not hold are ignored by reloadRows
    onRowsChanged: (ids) => {
      load(ids).then(
        (rows) => rows.length && api.reloadRows(rows),
        () => {},
      );
    },
  });
  sender.current = sendRowUpdate;
  return null;
}

/** numbers by value, anything else as text (empty last) */
function compareValues(a: unknown, b: unknown): number {
  const ea = a === undefined || a === null || a === '';
  const eb = b === undefined || b === null || b === '';
  if (ea || eb) return ea === eb ? 0 : ea ? 1 : -1;
  const na = Number(a);
  const nb = Number(b);
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  return String(a).localeCompare(String(b), 'zh-CN');
}

function useRegistryVersion(): number {
  const [v, setV] = useState(0);
  useEffect(() => onRegister(() => setV((x) => x + 1)), []);
  return v;
}

interface TreeBinding {
  nodes: ReadonlyMap<string, FlatTreeRow>;
  toggle: (id: string) => void;
}

type GridProps = JVxeTableProps & { ref?: Ref<JVxeTableApi>; tree?: TreeBinding };

/** The editable table; with `treeConfig` its rows are the lazy tree's rows in display order (C2's useLazyTree). */
export function JVxeTable(props: JVxeTableProps & { ref?: Ref<JVxeTableApi> }) {
  return props.treeConfig ? <TreeGrid {...props} /> : <Grid {...props} />;
}

function TreeGrid(props: JVxeTableProps & { ref?: Ref<JVxeTableApi> }) {
  const treeConfig = props.treeConfig as NonNullable<JVxeTableProps['treeConfig']>;
  const { rows, toggle } = useLazyTree({ rows: props.dataSource ?? [], rowKey: props.rowKey, treeConfig });
  const tree = useMemo<TreeBinding>(() => ({ nodes: new Map(rows.map((f) => [f.id, f])), toggle }), [rows, toggle]);
  const data = useMemo(() => rows.map((f) => f.row), [rows]);
  return <Grid {...props} dataSource={data} tree={tree} />;
}

function Grid(props: GridProps) {
  const {
    rowKey = 'id',
    columns,
    dataSource,
    loading,
    rowNumber,
    rowSelection,
    rowSelectionType = 'checkbox',
    dragSort,
    sortKey = 'orderNum',
    toolbar,
    maxHeight = 400,
    rowHeight = 61,
    statistics,
    disabled = false,
    expand,
    ref,
  } = props;
  const propsRef = useRef(props);
  propsRef.current = props;
  const regVersion = useRegistryVersion();
  // a new function when a cell type registers later (rich cells load lazily): columns resolve again
  const cellOf = useCallback((type: string) => (regVersion >= 0 ? getCell(type) : undefined), [regVersion]);

  const store = useMemo(() => new GridStore({ rowKey, sortKey, cellOf: (t) => getCell(t) }), [rowKey, sortKey]);
  store.sortOn = Boolean(dragSort);
  const decide = useCan();
  const resolvedAll = useResolvedColumns(columns, cellOf);
  // a column's own permission code (authPre): denied → hidden (its values kept), disabled → read-only
  const resolved = useMemo(
    () =>
      resolvedAll.map((c) => {
        if (!c.authPre) return c;
        const d = decide(c.authPre);
        if (d === 'deny') return { ...c, type: 'hidden' };
        return d === 'disabled' ? { ...c, disabled: true } : c;
      }),
    [resolvedAll, decide],
  );
  store.setColumns(resolved);

  // a new dataSource is a data load (read during render: the store belongs to this component)
  const loadedData = useRef<unknown>(null);
  if (loadedData.current !== (dataSource ?? null) || loadedData.current === null) {
    const first = loadedData.current === null;
    loadedData.current = dataSource ?? null;
    // during render: no notification (this component is the one rendering them)
    if (props.tree && !first) store.syncRows(dataSource ?? [], false);
    else store.setData(dataSource ?? [], false);
  }

  useSyncExternalStore(store.subscribe, store.getVersion);
  const rows = store.rows;

  // ------------------------------------------------------------------ columns
  const viewCols = useMemo(() => {
    const out: JVxeColumn[] = [];
    if (dragSort) out.push({ key: '__drag', title: '', type: 'row-drag-sort' });
    if (rowSelection)
      out.push({ key: '__sel', title: '', type: rowSelectionType === 'radio' ? 'row-radio' : 'row-checkbox' });
    if (rowNumber) out.push({ key: '__num', title: '#', type: 'row-number' });
    if (expand) out.push({ key: '__exp', title: '', type: 'row-expand' });
    for (const c of resolved) if (c.type !== 'hidden') out.push(c);
    return out;
  }, [resolved, dragSort, rowSelection, rowSelectionType, rowNumber, expand]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, left: 0, width: 1000, height: maxHeight });
  const layout = useMemo(() => layoutColumns(viewCols, cellOf, view.width), [viewCols, cellOf, view.width]);
  const fixedCols = useMemo(() => layout.cols.filter((c) => c.fixed), [layout]);
  const editable = useCallback(
    (col: JVxeColumn) => {
      const def = cellOf(col.type);
      return Boolean(def && (def.Editor || def.alwaysEditor) && !def.special && !disabled && !col.disabled);
    },
    [cellOf, disabled],
  );
  const navCols = useMemo(() => layout.cols.filter((c) => !c.def?.special), [layout]);

  // ------------------------------------------------------------------ state
  const [active, setActiveState] = useState<Active | null>(null);
  const activeRef = useRef<Active | null>(null);
  const setActive = useCallback((a: Active | null) => {
    activeRef.current = a;
    setActiveState(a);
  }, []);
  const draftRef = useRef<{ value: unknown; dirty: boolean }>({ value: undefined, dirty: false });
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [drag, setDrag] = useState<{ from: number; to: number } | null>(null);
  const expandHeight = props.expandHeight ?? 200;

  // ------------------------------------------------------------------ geometry
  const structure = store.structure;
  const extra = useMemo(() => {
    const m = new Map<number, number>();
    // row indexes move with structural changes
    if (expanded.size && structure >= 0)
      for (const id of expanded) {
        const i = store.indexOf(id);
        if (i >= 0) m.set(i, expandHeight);
      }
    return m;
  }, [expanded, store, expandHeight, structure]);
  const tops = useMemo(() => rowTops(rows.length, rowHeight, extra), [rows.length, rowHeight, extra]);
  const topOf = useCallback((i: number) => (tops ? (tops[i] as number) : i * rowHeight), [tops, rowHeight]);
  const bodyHeight = tops ? (tops[rows.length] as number) : rows.length * rowHeight;
  const statKeys = useMemo(
    () => (statistics ? resolved.filter((c) => c.statistics?.length) : []),
    [statistics, resolved],
  );
  const statKinds = useMemo(() => {
    const kinds: ('sum' | 'average')[] = [];
    for (const c of statKeys) for (const k of c.statistics ?? []) if (!kinds.includes(k)) kinds.push(k);
    return kinds;
  }, [statKeys]);
  const footHeight = statKinds.length * 36;
  // the label goes to the first column without figures wide enough for it (else the first column)
  const statLabelKey = useMemo(() => {
    const free = layout.cols.find((c) => !c.col.statistics?.length && c.width >= 60);
    return (free ?? layout.cols[0])?.col.key ?? '';
  }, [layout]);
  const version = store.version;
  const statValues = useMemo(() => {
    const m = new Map<string, number>();
    if (version >= 0)
      for (const c of statKeys) for (const k of c.statistics ?? []) m.set(`${c.key}:${k}`, store.statistics(c.key, k));
    return m;
  }, [statKeys, store, version]);
  const contentHeight = HEADER_HEIGHT + Math.max(bodyHeight, rows.length ? 0 : 80) + footHeight;
  const height = Math.min(maxHeight, contentHeight + 2);

  const first = rows.length ? rowAt(view.top, rows.length, rowHeight, tops) : 0;
  const last = rows.length ? rowAt(view.top + view.height, rows.length, rowHeight, tops) : -1;
  const start = Math.max(0, first - OVERSCAN_ROWS);
  const end = Math.min(rows.length - 1, last + OVERSCAN_ROWS);
  const scrollLeftContent = view.left + layout.fixedWidth;
  const visCols = useMemo(
    () => visibleColumns(layout.cols, scrollLeftContent, view.width - layout.fixedWidth),
    [layout, scrollLeftContent, view.width],
  );
  // the visible column list keeps its identity while the range is the same (rows stay memoised)
  const visKey = visCols.map((c) => c.index).join(',');
  const colsMemo = useRef<{ key: string; cols: ColLayout[]; layout: unknown }>({ key: '', cols: [], layout: null });
  if (colsMemo.current.key !== visKey || colsMemo.current.layout !== layout) {
    colsMemo.current = { key: visKey, cols: visCols, layout };
  }
  const cols = colsMemo.current.cols;
  const spacer = cols.length ? (cols[0] as ColLayout).x - layout.fixedWidth : 0;

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const v0 = { width: 1000, height: 400 };
    const measure = () => {
      // no layout (hidden, or a DOM without layout): keep the assumed size
      const width = el.clientWidth || v0.width;
      const height = el.clientHeight || v0.height;
      setView((v) => (v.width === width && v.height === height ? v : { ...v, width, height }));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const top = el.scrollTop;
    const left = el.scrollLeft;
    setView((v) => {
      const r = rowHeight;
      // re-render only when the rendered window would change
      const sameRows = Math.floor(v.top / r) === Math.floor(top / r) && !tops;
      const sameCols = Math.abs(v.left - left) < 1;
      if (sameRows && sameCols) return v;
      return { ...v, top, left };
    });
  }, [rowHeight, tops]);

  // ------------------------------------------------------------------ API
  const apiRef = useRef<JVxeTableApi>(null as unknown as JVxeTableApi);
  const socketSender = useRef<((row: JVxeRow) => boolean) | null>(null);
  const notifySelection = useCallback(() => {
    const ids = [...store.selected];
    propsRef.current.onSelectionChange?.({
      selectedIds: ids,
      rows: ids.map((id) => store.rowById(id)).filter(Boolean) as JVxeRow[],
    });
  }, [store]);

  const removeRowsAsync = useCallback(
    async (ids: string[]): Promise<boolean> => {
      const list = ids.map((id) => store.rowById(id)).filter(Boolean) as JVxeRow[];
      if (!list.length) return false;
      const saved = list.filter((r) => !isTempId(store.idOf(r)));
      const asyncRemove = propsRef.current.asyncRemove;
      if (saved.length && asyncRemove) {
        let ok = false;
        try {
          ok = await asyncRemove(saved);
        } catch {
          ok = false;
        }
        if (!ok) return false;
      }
      const removed = store.removeRows(list.map((r) => store.idOf(r)));
      const a = activeRef.current;
      if (a && !store.rowById(a.id)) setActive(null);
      propsRef.current.onRemoved?.({ rows: removed, deletedIds: store.deletedIds(), api: apiRef.current });
      notifySelection();
      return true;
    },
    [store, setActive, notifySelection],
  );

  const scrollToIndex = useCallback(
    (i: number, colKey?: string) => {
      const el = scrollRef.current;
      if (!el) return;
      const t = topOf(i);
      const viewH = el.clientHeight - HEADER_HEIGHT - footHeight;
      if (t < el.scrollTop) el.scrollTop = t;
      else if (t + rowHeight > el.scrollTop + viewH) el.scrollTop = t + rowHeight - viewH;
      if (colKey) {
        const lay = layout.cols.find((c) => c.col.key === colKey);
        if (lay && !lay.fixed) {
          const x = lay.x - layout.fixedWidth;
          const w = el.clientWidth - layout.fixedWidth;
          if (x < el.scrollLeft) el.scrollLeft = x;
          else if (x + lay.width > el.scrollLeft + w) el.scrollLeft = x + lay.width - w;
        }
      }
      onScroll();
    },
    [topOf, rowHeight, footHeight, layout, onScroll],
  );

  const doPaste = useCallback(
    (text: string, at?: { rowId: string; key: string }): number => {
      const a = at ? { id: at.rowId, key: at.key } : activeRef.current;
      const startRow = a ? Math.max(0, store.indexOf(a.id)) : 0;
      const startKey = a?.key ?? navCols[0]?.col.key ?? '';
      const n = store.paste(text, startRow, startKey, editable);
      return n;
    },
    [store, navCols, editable],
  );

  const api = useMemo<JVxeTableApi>(() => {
    const a: JVxeTableApi = {
      async getValues(opts) {
        if (opts?.validate !== false) {
          const err = await a.validateTable();
          if (err) throw err;
        }
        let rowsOut = store.rows;
        if (opts?.rowIds) {
          const want = new Set(opts.rowIds);
          rowsOut = rowsOut.filter((r) => want.has(store.idOf(r)));
        }
        return store.outputRows(rowsOut);
      },
      getTableData: () => store.rows.slice(),
      getDeleteData: () => store.outputRows(store.deleted),
      getDeletedIds: () => store.deletedIds(),
      addRows(input, opts) {
        const added = store.addRows(input, opts?.index);
        propsRef.current.onAdded?.({ rows: added, api: a });
        if (opts?.setActive && added[0]) {
          const key = navCols.find((c) => editable(c.col))?.col.key;
          if (key) a.focusCell(store.idOf(added[0]), key);
        }
        return added;
      },
      removeRows(input) {
        const list = Array.isArray(input) ? input : [input];
        return removeRowsAsync(list.map((x) => (typeof x === 'string' ? x : store.idOf(x))));
      },
      removeSelection: () => removeRowsAsync([...store.selected]),
      setValues(values) {
        for (const v of values) store.patchRow(String(v.rowKey), v.values, false);
        store.emit();
      },
      getCell: (id, key) => store.getCell(id, key),
      setCell: (id, key, value) => store.setCell(id, key, value),
      clearSelection() {
        store.selected.clear();
        store.emit();
        notifySelection();
      },
      getSelection: () => [...store.selected].map((id) => store.rowById(id)).filter(Boolean) as JVxeRow[],
      getSelectedIds: () => [...store.selected],
      async validateTable() {
        const out = store.validateAll();
        const err = (await out) as JVxeValidationError | null;
        if (err) {
          const i = store.indexOf(err.rowId);
          if (i >= 0) {
            scrollToIndex(i, err.key);
            // select the failing cell so its message shows at once (JeecgBoot's tooltip), not only on hover
            setActive({ id: err.rowId, key: err.key, editing: false });
          }
        }
        return err;
      },
      reloadRows(list) {
        store.reloadRows(list, RELOAD_MS);
        setTimeout(() => store.expireReloads(), RELOAD_MS + 20);
      },
      setData(list) {
        store.setData(list);
        setActive(null);
      },
      isTempId,
      focusCell(id, key) {
        const i = store.indexOf(id);
        if (i < 0) return;
        scrollToIndex(i, key);
        const col = resolved.find((c) => c.key === key);
        setActive({ id, key, editing: Boolean(col && editable(col) && !cellOf(col.type)?.alwaysEditor) });
      },
      pasteText: (text, at) => doPaste(text, at),
      scrollToRow(id) {
        const i = store.indexOf(id);
        if (i >= 0) scrollToIndex(i);
      },
      sendRowUpdate: (row) => socketSender.current?.(row) ?? false,
    };
    (a as unknown as { __store: GridStore }).__store = store;
    return a;
  }, [store, navCols, editable, removeRowsAsync, notifySelection, scrollToIndex, setActive, resolved, cellOf, doPaste]);
  apiRef.current = api;
  useImperativeHandle(ref, () => api, [api]);

  // ------------------------------------------------------------------ editing
  const neighbour = useCallback(
    (a: Active, move: 'down' | 'up' | 'next' | 'prev' | 'left' | 'right'): Active | null => {
      const i = store.indexOf(a.id);
      const c = navCols.findIndex((x) => x.col.key === a.key);
      if (i < 0 || c < 0) return null;
      if (move === 'down' || move === 'up') {
        const j = i + (move === 'down' ? 1 : -1);
        if (j < 0 || j >= store.rows.length) return null;
        return { id: store.idOf(store.rows[j] as JVxeRow), key: a.key, editing: false };
      }
      if (move === 'left' || move === 'right') {
        const k = c + (move === 'right' ? 1 : -1);
        if (k < 0 || k >= navCols.length) return null;
        return { id: a.id, key: (navCols[k] as ColLayout).col.key, editing: false };
      }
      // Tab: next / previous editable cell, wrapping rows
      let ri = i;
      let ci = c;
      for (let guard = 0; guard < navCols.length * 2 + 2; guard++) {
        ci += move === 'next' ? 1 : -1;
        if (ci >= navCols.length) {
          ci = 0;
          ri++;
        } else if (ci < 0) {
          ci = navCols.length - 1;
          ri--;
        }
        if (ri < 0 || ri >= store.rows.length) return null;
        const col = (navCols[ci] as ColLayout).col;
        if (editable(col) && !cellOf(col.type)?.alwaysEditor) {
          return { id: store.idOf(store.rows[ri] as JVxeRow), key: col.key, editing: false };
        }
      }
      return null;
    },
    [store, navCols, editable, cellOf],
  );

  const commitEdit = useCallback(
    (value?: unknown, move?: 'down' | 'next' | 'prev' | 'up') => {
      const a = activeRef.current;
      if (!a) return;
      const col = resolved.find((c) => c.key === a.key);
      const def = col ? cellOf(col.type) : undefined;
      if (a.editing && col && def) {
        const raw = value !== undefined ? value : draftRef.current.dirty ? draftRef.current.value : undefined;
        if (value !== undefined || draftRef.current.dirty) {
          const v = def.parse ? def.parse(raw, col) : raw;
          const old = store.getCell(a.id, a.key);
          if (v !== old) {
            store.patchRow(a.id, { [a.key]: v }, false);
            const row = store.rowById(a.id) as JVxeRow;
            propsRef.current.onValueChange?.({
              type: col.type,
              row,
              rowId: a.id,
              column: col,
              key: a.key,
              value: v,
              oldValue: old,
              api: apiRef.current,
            });
          }
          store.validateCell(a.id, a.key);
          if (v !== old) store.recheckUnique(a.key, [String(old ?? ''), String(v ?? '')]);
          store.emit();
        } else {
          // blur without change still validates (trigger: blur)
          store.validateCell(a.id, a.key);
          store.emit();
        }
      }
      draftRef.current = { value: undefined, dirty: false };
      let next: Active = { id: a.id, key: a.key, editing: false };
      if (move) {
        const target = neighbour(a, move);
        if (target) next = { ...target, editing: move === 'next' || move === 'prev' };
      }
      setActive(next);
      if (move) {
        const i = store.indexOf(next.id);
        scrollToIndex(i, next.key);
      }
      scrollRef.current?.focus({ preventScroll: true });
    },
    [resolved, cellOf, store, setActive, scrollToIndex, neighbour],
  );

  const cancelEdit = useCallback(() => {
    const a = activeRef.current;
    draftRef.current = { value: undefined, dirty: false };
    if (a) setActive({ ...a, editing: false, seed: undefined });
    scrollRef.current?.focus({ preventScroll: true });
  }, [setActive]);

  const setValue = useCallback(
    (id: string, key: string, value: unknown) => {
      const col = resolved.find((c) => c.key === key);
      if (!col) return;
      const old = store.getCell(id, key);
      store.patchRow(id, { [key]: value }, false);
      store.validateCell(id, key);
      store.emit();
      propsRef.current.onValueChange?.({
        type: col.type,
        row: store.rowById(id) as JVxeRow,
        rowId: id,
        column: col,
        key,
        value,
        oldValue: old,
        api: apiRef.current,
      });
    },
    [resolved, store],
  );

  // clicks outside the edited cell (and outside its pop-ups) commit
  useEffect(() => {
    if (!active?.editing) return;
    const onDown = (e: MouseEvent) => {
      const t = e.target as HTMLElement | null;
      if (!t?.closest) return;
      if (t.closest('.jvxe-editor')) return;
      if (
        t.closest(
          '.ant-select-dropdown, .ant-picker-dropdown, .ant-picker-panel-container, .ant-tooltip, .ant-popover, .ant-dropdown',
        )
      )
        return;
      commitEdit();
    };
    document.addEventListener('mousedown', onDown, true);
    return () => document.removeEventListener('mousedown', onDown, true);
  }, [active?.editing, commitEdit]);

  const checkDraft = useCallback(
    (v: unknown) => {
      const a = activeRef.current;
      if (!a) return null;
      // the draft is checked as the value it will be stored as: "12." typed on the way to "12.5" is the number 12,
      // not a failed 数字 pattern flashing its message between two keystrokes
      const col = resolved.find((c) => c.key === a.key);
      const def = col ? cellOf(col.type) : undefined;
      return store.checkCell(a.id, a.key, col && def?.parse ? def.parse(v, col) : v);
    },
    [store, resolved, cellOf],
  );

  const renderEditor = useCallback(
    (row: JVxeRow, rowId: string, rowIndex: number, lay: ColLayout) => (
      <EditorHost
        key={`${rowId}:${lay.col.key}`}
        def={lay.def as CellDef}
        col={lay.col}
        row={row}
        rowId={rowId}
        rowIndex={rowIndex}
        api={apiRef.current}
        seed={activeRef.current?.seed}
        draftRef={draftRef}
        onCommit={commitEdit}
        onCancel={cancelEdit}
        check={checkDraft}
      />
    ),
    [commitEdit, cancelEdit, checkDraft],
  );

  // ------------------------------------------------------------------ selection, expand, drag
  const toggleSelect = useCallback(
    (id: string) => {
      if (rowSelectionType === 'radio') {
        store.selected.clear();
        store.selected.add(id);
      } else if (store.selected.has(id)) store.selected.delete(id);
      else store.selected.add(id);
      store.emit();
      notifySelection();
    },
    [store, rowSelectionType, notifySelection],
  );
  const toggleAll = useCallback(() => {
    if (store.selected.size === store.rows.length) store.selected.clear();
    else for (const r of store.rows) store.selected.add(store.idOf(r));
    store.emit();
    notifySelection();
  }, [store, notifySelection]);
  const toggleExpand = useCallback((id: string) => {
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const startDrag = useCallback(
    (from: number, e: React.PointerEvent) => {
      e.preventDefault();
      const el = scrollRef.current;
      const y0 = e.clientY;
      const top0 = el?.scrollTop ?? 0;
      let y = y0;
      let to = from;
      let timer = 0;
      setDrag({ from, to });
      const place = () => {
        const dy = y - y0 + (el?.scrollTop ?? 0) - top0;
        to = Math.max(0, Math.min(store.rows.length - 1, from + Math.round(dy / rowHeight)));
        setDrag((d) => (d && d.to === to ? d : { from, to }));
      };
      // near the top or bottom edge the box scrolls on its own, the drop place follows
      const edgeScroll = () => {
        if (!el) return;
        const r = el.getBoundingClientRect();
        const step = y < r.top + HEADER_HEIGHT + 24 ? -rowHeight / 2 : y > r.bottom - 24 ? rowHeight / 2 : 0;
        if (step) {
          el.scrollTop += step;
          place();
        }
        timer = window.setTimeout(edgeScroll, 50);
      };
      const move = (ev: PointerEvent) => {
        y = ev.clientY;
        place();
      };
      const up = () => {
        window.clearTimeout(timer);
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
        setDrag(null);
        if (to !== from) {
          store.moveRow(from, to);
          propsRef.current.onDragged?.({ rows: store.rows.slice(), api: apiRef.current });
        }
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
      timer = window.setTimeout(edgeScroll, 50);
    },
    [store, rowHeight],
  );

  const [sort, setSort] = useState<{ key: string; dir: 'asc' | 'desc' } | null>(null);
  const sortBy = useCallback(
    (col: JVxeColumn) => {
      const dir = sort?.key === col.key && sort.dir === 'asc' ? 'desc' : 'asc';
      const texts = optionTexts(col.options);
      const custom = typeof col.sorter === 'function' ? col.sorter : null;
      const key = (v: unknown) => (texts ? textOfValue(v, texts, col.separator ?? ',') : v);
      store.sortRows((a, b) => {
        const r = custom ? custom(a, b) : compareValues(key(a[col.key]), key(b[col.key]));
        return dir === 'asc' ? r : -r;
      });
      setSort({ key: col.key, dir });
    },
    [sort, store],
  );

  const isDisabled = useCallback((col: JVxeColumn) => disabled || Boolean(col.disabled), [disabled]);

  const treeBinding = props.tree;
  const treeKey = navCols[0]?.col.key ?? '';
  const ctx = useMemo<RowContext>(
    () => ({
      api,
      disabled,
      radio: rowSelectionType === 'radio',
      slots: props.slots,
      renderEditor,
      toggleSelect,
      toggleExpand,
      setValue,
      startDrag,
      isDisabled,
      expandContent: expand,
      tree: treeBinding ? { ...treeBinding, key: treeKey } : undefined,
    }),
    [
      api,
      disabled,
      rowSelectionType,
      props.slots,
      renderEditor,
      toggleSelect,
      toggleExpand,
      setValue,
      startDrag,
      isDisabled,
      expand,
      treeBinding,
      treeKey,
    ],
  );

  // ------------------------------------------------------------------ events (delegated)
  const cellFromEvent = (target: EventTarget | null): { id: string; key: string } | null => {
    const el = (target as HTMLElement | null)?.closest?.('.jvxe-cell');
    const rowEl = el?.closest('.jvxe-row');
    const key = el?.getAttribute('data-key');
    const id = rowEl?.getAttribute('data-row-id');
    return key && id ? { id, key } : null;
  };

  const onClick = (e: React.MouseEvent) => {
    const t = e.target as HTMLElement;
    const hit = cellFromEvent(t);
    if (hit && props.onRowClick) {
      const row = store.rowById(hit.id);
      if (row) props.onRowClick(row, hit.id, e);
    }
    if (t.closest('.jvxe-editor') || t.tagName === 'INPUT' || t.tagName === 'BUTTON' || t.closest('button')) return;
    if (!hit) return;
    if (store.rowById(hit.id)?.__placeholder) return;
    const col = resolved.find((c) => c.key === hit.key);
    if (!col) return;
    const a = activeRef.current;
    if (a?.editing && a.id === hit.id && a.key === hit.key) return;
    const def = cellOf(col.type);
    const canEdit = editable(col) && !def?.alwaysEditor;
    draftRef.current = { value: undefined, dirty: false };
    setActive({ id: hit.id, key: hit.key, editing: canEdit });
    if (!canEdit) scrollRef.current?.focus({ preventScroll: true });
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    const a = activeRef.current;
    if (!a) return;
    const col = resolved.find((c) => c.key === a.key);
    const def = col ? cellOf(col.type) : undefined;
    if (a.editing) {
      // keys from an editor's pop-up (a portal: modal, picker) stay there
      if (!scrollRef.current?.contains(e.target as Node)) return;
      if (e.key === 'Escape') {
        // Esc ends the edit only: it must not reach a surrounding modal or drawer (which would close)
        e.preventDefault();
        e.stopPropagation();
        cancelEdit();
      } else if (e.key === 'Tab') {
        e.preventDefault();
        commitEdit(undefined, e.shiftKey ? 'prev' : 'next');
      } else if (e.key === 'Enter' && !def?.keepKeys && !e.nativeEvent.isComposing) {
        e.preventDefault();
        commitEdit(undefined, 'down');
      } else if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && !def?.keepKeys) {
        e.preventDefault();
        commitEdit(undefined, e.key === 'ArrowUp' ? 'up' : 'down');
      }
      return;
    }
    if ((e.target as HTMLElement) !== scrollRef.current) return;
    const moves: Record<string, 'up' | 'down' | 'left' | 'right'> = {
      ArrowUp: 'up',
      ArrowDown: 'down',
      ArrowLeft: 'left',
      ArrowRight: 'right',
    };
    const m = moves[e.key];
    if (m || e.key === 'Tab') {
      e.preventDefault();
      const n = neighbour(a, m ?? (e.shiftKey ? 'prev' : 'next'));
      if (n) {
        setActive(n);
        scrollToIndex(store.indexOf(n.id), n.key);
      }
      return;
    }
    if (!col || !editable(col)) return;
    if (e.key === 'Enter' || e.key === 'F2' || (e.key === ' ' && def?.alwaysEditor)) {
      e.preventDefault();
      if (def?.alwaysEditor) {
        if (col.type === 'checkbox' || col.type === 'checkbox_meta') {
          const cur = store.getCell(a.id, a.key);
          const [on, off] = col.customValue ?? [true, false];
          setValue(a.id, a.key, cur === on || String(cur) === String(on) ? off : on);
        }
        return;
      }
      setActive({ ...a, editing: true });
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      setValue(a.id, a.key, def?.parse ? def.parse('', col) : '');
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey && !def?.alwaysEditor) {
      e.preventDefault();
      const seed = def?.keepKeys ? undefined : e.key;
      draftRef.current = { value: seed, dirty: seed !== undefined };
      setActive({ ...a, editing: true, seed });
    }
  };

  // Ctrl+C on the active cell (not editing) copies its text
  const onCopy = (e: React.ClipboardEvent) => {
    const a = activeRef.current;
    if (!a || a.editing) return;
    const col = resolved.find((c) => c.key === a.key);
    if (!col) return;
    const v = store.getCell(a.id, a.key);
    const texts = optionTexts(col.options);
    const text = texts ? textOfValue(v, texts, col.separator ?? ',') : v === undefined || v === null ? '' : String(v);
    e.clipboardData.setData('text/plain', text);
    e.preventDefault();
  };

  const onPaste = (e: React.ClipboardEvent) => {
    if (activeRef.current?.editing) return;
    const text = e.clipboardData.getData('text/plain');
    if (!text) return;
    e.preventDefault();
    doPaste(text);
  };

  // ------------------------------------------------------------------ render
  // rows are recycled by slot while scrolling (a row entering the window reuses the DOM of one that left); with
  // expanded rows (variable heights) they are keyed by id
  const pool = tops ? 0 : Math.ceil(view.height / rowHeight) + 2 * OVERSCAN_ROWS + 2;
  const body: ReactNode[] = [];
  for (let i = start; i <= end; i++) {
    const row = rows[i] as JVxeRow;
    const id = row[rowKey] as string;
    const isAct = active?.id === id;
    const exp = expanded.has(id);
    body.push(
      <Row
        key={pool ? `s${i % pool}` : id}
        row={row}
        rowId={id}
        rowIndex={i}
        top={topOf(i)}
        height={rowHeight + (exp ? expandHeight : 0)}
        fixedCols={fixedCols}
        cols={cols}
        spacer={spacer}
        total={layout.total}
        selected={store.selected.has(id)}
        activeKey={isAct ? (active?.key ?? '') : ''}
        editing={isAct ? Boolean(active?.editing) : false}
        errors={store.errors.get(id)}
        old={store.reloaded.get(id)?.old}
        expanded={exp}
        ctx={ctx}
        dragOver={drag !== null && drag.from === i}
      />,
    );
  }

  const allSelected = rows.length > 0 && store.selected.size === rows.length;
  // header and statistics rows do not change while scrolling: kept as elements
  const header = useMemo(
    () => (
      <div className="jvxe-header" style={{ width: layout.total, height: HEADER_HEIGHT }}>
        {layout.cols.map((lay) => (
          <div
            key={lay.col.key}
            className={`jvxe-hcell${lay.fixed ? ' jvxe-fixed' : ''}${lay.col.sorter || lay.col.isOrder ? ' jvxe-sortable' : ''}`}
            style={{ width: lay.width, left: lay.fixed ? lay.x : undefined }}
            onClick={lay.col.sorter || lay.col.isOrder ? () => sortBy(lay.col) : undefined}
          >
            {lay.col.type === 'row-checkbox' ? (
              <input
                type="checkbox"
                className="jvxe-check"
                checked={allSelected}
                onChange={toggleAll}
                aria-label="全选"
              />
            ) : (
              <>
                {lay.col.validateRules?.some((r) => r.required) && <span className="jvxe-required">*</span>}
                {lay.col.title}
                {sort?.key === lay.col.key && <span className="jvxe-sort">{sort.dir === 'asc' ? '▲' : '▼'}</span>}
              </>
            )}
          </div>
        ))}
      </div>
    ),
    [layout, allSelected, toggleAll, sort, sortBy],
  );
  const stats = useMemo(
    () =>
      statKinds.map((kind) => (
        <div
          key={kind}
          className="jvxe-stat"
          style={{ width: layout.total, bottom: (statKinds.length - 1 - statKinds.indexOf(kind)) * 36 }}
        >
          {layout.cols.map((lay) => (
            <div
              key={lay.col.key}
              className={`jvxe-hcell${lay.fixed ? ' jvxe-fixed' : ''}${lay.col.key === statLabelKey ? ' jvxe-stat-label' : ''}`}
              style={{ width: lay.width, left: lay.fixed ? lay.x : undefined }}
              data-key={lay.col.key}
            >
              {lay.col.key === statLabelKey
                ? kind === 'sum'
                  ? '合计'
                  : '平均值'
                : lay.col.statistics?.includes(kind)
                  ? statValues.get(`${lay.col.key}:${kind}`)
                  : ''}
            </div>
          ))}
        </div>
      )),
    [statKinds, layout, statLabelKey, statValues],
  );
  const confirmRemove = useCallback(
    (n: number) =>
      new Promise<boolean>((resolve) => {
        feedback.modal.confirm({
          title: '确认删除',
          content: `确定要删除这 ${n} 项吗?`,
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [],
  );
  return (
    <div className={`jvxe-table${props.className ? ` ${props.className}` : ''}`} style={props.style}>
      {toolbar && (
        <Toolbar
          api={api}
          rowCount={rows.length}
          selectedCount={store.selected.size}
          config={props.toolbarConfig}
          authPre={props.authPre}
          disabled={disabled}
          settingsKey={props.settingsKey ?? `jvxe-add-setting:${resolved.map((c) => c.key).join(',')}`}
          suffix={props.toolbarSuffix}
          confirmRemove={confirmRemove}
        />
      )}
      {props.socketReload?.pageId && (
        <SocketBridge
          pageId={props.socketReload.pageId}
          load={props.socketReload.load}
          api={api}
          sender={socketSender}
        />
      )}
      <Spin spinning={Boolean(loading)}>
        {/* biome-ignore lint/a11y/useSemanticElements: a virtualised grid (rows positioned absolutely) cannot be a <table> */}
        <div
          ref={scrollRef}
          className="jvxe-scroll"
          tabIndex={0}
          role="grid"
          aria-label="可编辑表格"
          aria-rowcount={rows.length}
          style={{ height, maxHeight }}
          onScroll={onScroll}
          onClick={onClick}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onCopy={onCopy}
        >
          {header}
          <div className="jvxe-body" style={{ height: bodyHeight, width: layout.total }}>
            {body}
            {drag && drag.to !== drag.from && (
              <div
                className="jvxe-drop-line"
                style={{ top: topOf(drag.to) + (drag.to > drag.from ? rowHeight : 0) - 1, width: layout.total }}
              />
            )}
            {!rows.length && <div className="jvxe-empty">暂无数据</div>}
          </div>
          {stats}
        </div>
      </Spin>
    </div>
  );
}
