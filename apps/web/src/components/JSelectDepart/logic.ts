/**
 * Pure logic of the department picker (spec 02 §3 Department, §4, §9): comma values, the tree from
 * `/sys/sysDepart/queryTreeList`, the stored / displayed fields, search filtering and the check rules.
 */

/** A node of `GET /sys/sysDepart/queryTreeList` (SysDepartTreeModel: key = value = id, title = departName, all columns). */
export interface DepartTreeNode {
  id: string;
  key: string;
  value?: string;
  title: string;
  parentId?: string | null;
  orgCode?: string | null;
  departName?: string | null;
  orgCategory?: string | null;
  isLeaf?: boolean;
  children?: DepartTreeNode[] | null;
  [field: string]: unknown;
}

/** One picked department as the back event yields it. */
export interface PickedItem {
  value: string;
  text: string;
}

/** `'a, b,,c'` → `['a','b','c']` (trimmed, empties dropped, duplicates kept once, order kept). */
export function splitValue(value: string | readonly string[] | null | undefined): string[] {
  if (value === null || value === undefined) return [];
  const parts = Array.isArray(value) ? value : String(value).split(',');
  const out: string[] = [];
  for (const p of parts) {
    const s = String(p).trim();
    if (s && !out.includes(s)) out.push(s);
  }
  return out;
}

export function joinValue(values: readonly string[]): string {
  return values.join(',');
}

/** Depth-first list of every node. */
export function flattenTree(nodes: readonly DepartTreeNode[] | null | undefined): DepartTreeNode[] {
  const out: DepartTreeNode[] = [];
  const walk = (list: readonly DepartTreeNode[] | null | undefined) => {
    for (const n of list ?? []) {
      out.push(n);
      walk(n.children);
    }
  };
  walk(nodes);
  return out;
}

/** The text of a node's field (`id` falls back to key, `departName` to title). */
export function fieldOf(node: DepartTreeNode, field: string): string {
  const v = node[field];
  if (v !== undefined && v !== null && v !== '') return String(v);
  if (field === 'id') return String(node.key ?? '');
  if (field === 'departName') return String(node.title ?? '');
  return '';
}

export interface FieldOptions {
  /** stored field @default 'id' */
  storeField?: string;
  /** displayed field @default 'departName' */
  textField?: string;
}

/** `customReturnField` overrides the stored field (JeecgBoot: e.g. `orgCode`). */
export function storeFieldOf(opts: { storeField?: string; customReturnField?: string }): string {
  return opts.customReturnField || opts.storeField || 'id';
}

/**
 * The picked items of a stored value, in the value's order. Values not found in the tree keep their raw value as
 * text (so an unknown id never disappears silently from the input).
 */
export function resolveItems(
  tree: readonly DepartTreeNode[] | null | undefined,
  value: string | null | undefined,
  opts: FieldOptions = {},
): PickedItem[] {
  const store = opts.storeField || 'id';
  const text = opts.textField || 'departName';
  const byValue = new Map<string, DepartTreeNode>();
  for (const n of flattenTree(tree)) {
    const v = fieldOf(n, store);
    if (v && !byValue.has(v)) byValue.set(v, n);
  }
  return splitValue(value).map((v) => {
    const n = byValue.get(v);
    return { value: v, text: n ? fieldOf(n, text) : v };
  });
}

/** Node keys (ids) of a stored value, for the tree's checked keys. */
export function keysForValue(
  tree: readonly DepartTreeNode[] | null | undefined,
  value: string | null | undefined,
  storeField = 'id',
): string[] {
  const wanted = new Set(splitValue(value));
  if (!wanted.size) return [];
  return flattenTree(tree)
    .filter((n) => wanted.has(fieldOf(n, storeField)))
    .map((n) => String(n.key ?? n.id));
}

/** The picked items for checked node keys, in tree order. */
export function itemsForKeys(
  tree: readonly DepartTreeNode[] | null | undefined,
  keys: readonly string[],
  opts: FieldOptions = {},
): PickedItem[] {
  const wanted = new Set(keys);
  const store = opts.storeField || 'id';
  const text = opts.textField || 'departName';
  return flattenTree(tree)
    .filter((n) => wanted.has(String(n.key ?? n.id)))
    .map((n) => ({ value: fieldOf(n, store), text: fieldOf(n, text) }));
}

/**
 * New checked keys after a check event: multiple mode takes the tree's list (check-strictly, so no parent/child
 * cascade); single mode keeps only the node just checked (or nothing when it was unchecked).
 */
export function nextCheckedKeys(
  multiple: boolean,
  treeChecked: readonly string[],
  node: { key: string; nowChecked: boolean },
): string[] {
  if (multiple) return [...treeChecked];
  return node.nowChecked ? [node.key] : [];
}

/** A title click toggles the node's check (JeecgBoot: selecting a title checks it). */
export function toggleKey(multiple: boolean, checked: readonly string[], key: string): string[] {
  if (checked.includes(key)) return checked.filter((k) => k !== key);
  return multiple ? [...checked, key] : [key];
}

/**
 * Search by name: the nodes whose title contains the keyword, with their ancestors (and the matches' own
 * sub-trees), plus the keys to expand so every match is visible. An empty keyword keeps the whole tree.
 */
export function filterTree(
  nodes: readonly DepartTreeNode[] | null | undefined,
  keyword: string,
): { tree: DepartTreeNode[]; expandedKeys: string[] } {
  const kw = keyword.trim().toLowerCase();
  if (!kw) return { tree: [...(nodes ?? [])], expandedKeys: [] };
  const expanded: string[] = [];
  const visit = (list: readonly DepartTreeNode[] | null | undefined): DepartTreeNode[] => {
    const out: DepartTreeNode[] = [];
    for (const n of list ?? []) {
      const title = String(n.title ?? n.departName ?? '').toLowerCase();
      if (title.includes(kw)) {
        out.push(n);
        continue;
      }
      const kids = visit(n.children);
      if (kids.length) {
        expanded.push(String(n.key ?? n.id));
        out.push({ ...n, children: kids });
      }
    }
    return out;
  };
  const tree = visit(nodes);
  return { tree, expandedKeys: expanded };
}

/** Keys of the root nodes (opened by default: `rootOpened`). */
export function rootKeys(nodes: readonly DepartTreeNode[] | null | undefined): string[] {
  return (nodes ?? []).map((n) => String(n.key ?? n.id));
}
