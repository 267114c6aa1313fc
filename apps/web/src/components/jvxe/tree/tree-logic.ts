/**
 * Lazy tree rows (spec 02 §3 "Tree table row", §4 "Tree table", §7 "tree table configured url", §8): a row whose
 * has-children flag is set shows a 'loading...' placeholder child until it is expanded, then its children are loaded;
 * an empty answer makes it a leaf; an answer that is neither an array nor has `records` fails with 返回数据类型不识别.
 * Framework-free: the table (or any list) renders `flatten()` — rows in display order with their level.
 */

export const TREE_LOADING_TEXT = 'loading...';
export const TREE_BAD_ANSWER = '返回数据类型不识别';
/** the row field telling that a row has children (JeecgBoot default) */
export const DEFAULT_HAS_CHILD_FIELD = 'hasChildren';

export type TreeRow = Record<string, unknown>;

/** true / 1 / '1' / 'true' / 'Y' mean the row has children */
export function hasChildFlag(row: TreeRow, field = DEFAULT_HAS_CHILD_FIELD): boolean {
  const v = row[field];
  return v === true || v === 1 || v === '1' || v === 'true' || v === 'Y';
}

/** The rows of a children answer: a plain array, or an object with a `records` array; anything else throws. */
export function childrenOf(result: unknown): TreeRow[] {
  if (Array.isArray(result)) return result as TreeRow[];
  if (result && typeof result === 'object' && Array.isArray((result as { records?: unknown }).records))
    return (result as { records: TreeRow[] }).records;
  throw new Error(TREE_BAD_ANSWER);
}

export type TreeNodeStatus = 'collapsed' | 'loading' | 'expanded' | 'leaf';

export interface FlatTreeRow {
  /** row id (placeholder rows: `<parentId>__loading`) */
  id: string;
  row: TreeRow;
  /** 0 for the roots */
  level: number;
  parentId: string | null;
  /** the 'loading...' child of a row being loaded */
  placeholder: boolean;
  /** shows an expand toggle */
  hasChildren: boolean;
  status: TreeNodeStatus;
}

export interface LazyTreeOptions {
  rowKey?: string;
  hasChildField?: string;
  /** the children of a row (an answer's rows, already unwrapped by childrenOf, or the raw result) */
  loadChildren: (row: TreeRow) => Promise<unknown>;
  /** a failed load: the message (返回数据类型不识别, the server message …) */
  onError?: (message: string, row: TreeRow) => void;
}

/**
 * The state of a lazy tree: roots, loaded children, expanded / loading / leaf rows. `flatten()` is cached until the
 * next change; `subscribe` tells about changes (useSyncExternalStore).
 */
export class LazyTree {
  private roots: TreeRow[] = [];
  private readonly children = new Map<string, TreeRow[]>();
  private readonly expanded = new Set<string>();
  private readonly loading = new Set<string>();
  private readonly leaves = new Set<string>();
  private readonly rowsById = new Map<string, TreeRow>();
  private readonly listeners = new Set<() => void>();
  private flat: FlatTreeRow[] | null = null;
  private version = 0;
  /** bumped by setRoots: answers for an older set of rows are dropped */
  private generation = 0;
  private opts: LazyTreeOptions;

  constructor(opts: LazyTreeOptions, roots: TreeRow[] = []) {
    this.opts = opts;
    this.setRoots(roots);
  }

  setOptions(opts: LazyTreeOptions): void {
    this.opts = opts;
  }

  private get key() {
    return this.opts.rowKey ?? 'id';
  }
  private get flag() {
    return this.opts.hasChildField ?? DEFAULT_HAS_CHILD_FIELD;
  }

  idOf(row: TreeRow): string {
    const v = row[this.key];
    return v === undefined || v === null ? '' : String(v);
  }

  /** new roots (a reload): loaded children and states are forgotten */
  setRoots(roots: readonly TreeRow[]): void {
    this.generation++;
    this.roots = [...roots];
    this.children.clear();
    this.expanded.clear();
    this.loading.clear();
    this.leaves.clear();
    this.rowsById.clear();
    this.index(this.roots);
    this.changed();
  }

  /** rows given with inline `children` arrays are taken as loaded */
  private index(rows: readonly TreeRow[]) {
    for (const r of rows) {
      const id = this.idOf(r);
      this.rowsById.set(id, r);
      const inline = r.children;
      if (Array.isArray(inline) && inline.length && !inline.every((c) => isPlaceholderRow(c as TreeRow))) {
        this.children.set(id, inline as TreeRow[]);
        this.index(inline as TreeRow[]);
      }
    }
  }

  row(id: string): TreeRow | undefined {
    return this.rowsById.get(id);
  }

  /** can this row be expanded (flag set or children known, and not found empty) */
  hasChildren(row: TreeRow): boolean {
    const id = this.idOf(row);
    if (this.leaves.has(id)) return false;
    const known = this.children.get(id);
    if (known) return known.length > 0;
    return hasChildFlag(row, this.flag) || (Array.isArray(row.children) && row.children.length > 0);
  }

  status(id: string): TreeNodeStatus {
    if (this.leaves.has(id)) return 'leaf';
    if (this.loading.has(id)) return 'loading';
    if (this.expanded.has(id)) return 'expanded';
    const row = this.rowsById.get(id);
    return row && !this.hasChildren(row) ? 'leaf' : 'collapsed';
  }

  isExpanded(id: string): boolean {
    return this.expanded.has(id);
  }

  /** expand or collapse a row; expanding a row whose children are not loaded loads them */
  toggle(id: string): Promise<void> {
    return this.expanded.has(id) ? Promise.resolve(this.collapse(id)) : this.expand(id);
  }

  collapse(id: string): void {
    if (!this.expanded.delete(id)) return;
    this.changed();
  }

  async expand(id: string): Promise<void> {
    const row = this.rowsById.get(id);
    if (!row || !this.hasChildren(row) || this.expanded.has(id)) return;
    this.expanded.add(id);
    if (this.children.has(id)) {
      this.changed();
      return;
    }
    if (this.loading.has(id)) return;
    this.loading.add(id);
    this.changed();
    const gen = this.generation;
    try {
      const rows = childrenOf(await this.opts.loadChildren(row));
      if (gen !== this.generation) return; // roots were replaced meanwhile
      this.loading.delete(id);
      if (!rows.length) {
        // none returned: the row becomes a leaf
        this.leaves.add(id);
        this.expanded.delete(id);
      } else {
        this.children.set(id, rows);
        this.index(rows);
      }
      this.changed();
    } catch (err) {
      if (gen !== this.generation) return;
      this.loading.delete(id);
      this.expanded.delete(id);
      this.changed();
      const message = err instanceof Error && err.message ? err.message : TREE_BAD_ANSWER;
      this.opts.onError?.(message, row);
    }
  }

  /** rows in display order: roots, and below each expanded row its children (or its 'loading...' placeholder) */
  flatten(): FlatTreeRow[] {
    if (this.flat) return this.flat;
    const out: FlatTreeRow[] = [];
    const walk = (rows: readonly TreeRow[], level: number, parentId: string | null) => {
      for (const row of rows) {
        if (isPlaceholderRow(row)) continue;
        const id = this.idOf(row);
        const status = this.status(id);
        out.push({ id, row, level, parentId, placeholder: false, hasChildren: this.hasChildren(row), status });
        if (status === 'loading') {
          out.push({
            id: placeholderId(id),
            row: placeholderRow(id, this.key),
            level: level + 1,
            parentId: id,
            placeholder: true,
            hasChildren: false,
            status: 'leaf',
          });
        } else if (status === 'expanded') {
          walk(this.children.get(id) ?? [], level + 1, id);
        }
      }
    };
    walk(this.roots, 0, null);
    this.flat = out;
    return out;
  }

  /**
   * The rows as a nested tree the way JeecgBoot keeps them: loaded children under `children`, and a not yet loaded
   * row with children holding one 'loading...' placeholder child.
   */
  nested(): TreeRow[] {
    const build = (rows: readonly TreeRow[]): TreeRow[] =>
      rows
        .filter((r) => !isPlaceholderRow(r))
        .map((r) => {
          const id = this.idOf(r);
          const { children: _drop, ...rest } = r;
          const loaded = this.children.get(id);
          if (loaded?.length) return { ...rest, children: build(loaded) };
          if (this.hasChildren(r)) return { ...rest, children: [placeholderRow(id, this.key)] };
          return rest;
        });
    return build(this.roots);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  private changed() {
    this.flat = null;
    this.version++;
    for (const l of this.listeners) l();
  }
}

export function placeholderId(parentId: string): string {
  return `${parentId}__loading`;
}

/** the 'loading...' child row */
export function placeholderRow(parentId: string, rowKey = 'id'): TreeRow {
  return { [rowKey]: placeholderId(parentId), __placeholder: true, title: TREE_LOADING_TEXT, name: TREE_LOADING_TEXT };
}

export function isPlaceholderRow(row: TreeRow | null | undefined): boolean {
  return !!row && row.__placeholder === true;
}

/**
 * Query of a tree table's configured url: the caller's params, the parent key (default parentId) = the parent's id
 * ('' for the roots), and the condition when given (a JSON string).
 */
export function treeQuery(
  parentId: string,
  opts: {
    parentKey?: string;
    params?: Record<string, unknown>;
    condition?: string | Record<string, unknown> | null;
  } = {},
): Record<string, unknown> {
  const q: Record<string, unknown> = { ...(opts.params ?? {}) };
  q[opts.parentKey || 'parentId'] = parentId;
  if (opts.condition)
    q.condition = typeof opts.condition === 'string' ? opts.condition : JSON.stringify(opts.condition);
  return q;
}
