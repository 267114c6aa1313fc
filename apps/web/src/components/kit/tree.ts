import type { Row } from './types';

/**
 * Lazy tree rows (spec 02 §4 "Tree table"): a row with children shows a placeholder child 'loading...' until it is
 * expanded; then its loaded children replace it; none returned makes the row a leaf.
 */

export const LOADING_PREFIX = 'loading-';
export const LOADING_TEXT = 'loading...';

export interface TreeRow extends Row {
  /** the placeholder child of a row not yet expanded */
  kitPlaceholder?: boolean;
  children?: TreeRow[];
}

export function placeholderOf(parentId: string, rowKey = 'id', textField = 'name'): TreeRow {
  return { [rowKey]: `${LOADING_PREFIX}${parentId}`, [textField]: LOADING_TEXT, kitPlaceholder: true };
}

export function isPlaceholder(row: unknown): boolean {
  return Boolean((row as TreeRow | null)?.kitPlaceholder);
}

/** rows with their loaded children (recursively), or a placeholder child when they have unloaded children */
export function buildTreeRows<T>(
  rows: readonly T[],
  loaded: Readonly<Record<string, readonly T[]>>,
  hasChildren: (row: T) => boolean,
  rowKey = 'id',
  textField = 'name',
): TreeRow[] {
  return rows.map((r) => {
    const row = r as Row;
    const id = String(row[rowKey]);
    const kids = loaded[id];
    if (kids)
      return {
        ...row,
        children: kids.length ? buildTreeRows(kids, loaded, hasChildren, rowKey, textField) : undefined,
      };
    return { ...row, children: hasChildren(r) ? [placeholderOf(id, rowKey, textField)] : undefined };
  });
}

/** the parent ids to refresh after a change under `pid`: the parent and its own parent (whose row carries has_child) */
export function parentsToRefresh<T>(
  pid: string | undefined,
  loaded: Readonly<Record<string, readonly T[]>>,
  pidField = 'pid',
  rootPid = '0',
  rowKey = 'id',
): string[] {
  if (!pid || pid === rootPid) return [];
  const out = [pid];
  for (const kids of Object.values(loaded)) {
    const parent = kids.find((k) => String((k as Row)[rowKey]) === pid) as Row | undefined;
    if (parent) {
      const gp = parent[pidField];
      if (gp !== undefined && gp !== null && String(gp) !== rootPid) out.push(String(gp));
      break;
    }
  }
  return out;
}
