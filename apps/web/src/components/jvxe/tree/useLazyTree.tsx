import { CaretDownOutlined, CaretRightOutlined, LoadingOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { http } from '../../../api/http';
import { feedback } from '../../../utils/feedback';
import type { JVxeRow, JVxeTableProps } from '../types';
import {
  childrenOf,
  type FlatTreeRow,
  LazyTree,
  type LazyTreeOptions,
  TREE_BAD_ANSWER,
  TREE_LOADING_TEXT,
  type TreeRow,
  treeQuery,
} from './tree-logic';
import '../cells/rich/rich.css';

export interface UseLazyTreeOptions {
  rows: readonly JVxeRow[];
  rowKey?: string;
  treeConfig: NonNullable<JVxeTableProps['treeConfig']>;
  /** default: the error as a message (返回数据类型不识别 / the server message) */
  onError?: LazyTreeOptions['onError'];
}

/**
 * Tree rows for a flat grid (JVxeTable treeConfig): the rows in display order with their level, the 'loading...'
 * placeholder under a row being loaded, and `toggle(id)`. New `rows` (a reload) reset the tree.
 */
export function useLazyTree({ rows, rowKey = 'id', treeConfig, onError }: UseLazyTreeOptions) {
  const opts: LazyTreeOptions = {
    rowKey,
    hasChildField: treeConfig.hasChildField,
    loadChildren: async (row) => (treeConfig.loadChildren ? treeConfig.loadChildren(row) : []),
    onError: onError ?? ((message) => feedback.message.error(message)),
  };
  const tree = useRef<LazyTree | null>(null);
  if (!tree.current) tree.current = new LazyTree(opts, [...rows]);
  tree.current.setOptions(opts);
  const seen = useRef(rows);
  useEffect(() => {
    if (seen.current === rows) return;
    seen.current = rows;
    tree.current?.setRoots([...rows]);
  }, [rows]);
  const t = tree.current;
  useSyncExternalStore(t.subscribe, t.getVersion, t.getVersion);
  const toggle = useCallback((id: string) => t.toggle(id), [t]);
  return { tree: t, rows: t.flatten(), toggle };
}

/**
 * Loader of a tree table's configured url (spec 02 §7): GET url with the query params, the parent key (default
 * parentId) and the optional condition; the envelope's result must be an array or have `records`, else
 * 返回数据类型不识别; a refused answer rejects with the server message.
 */
export function urlTreeLoader(
  url: string,
  opts: {
    rowKey?: string;
    parentKey?: string;
    params?: Record<string, unknown>;
    condition?: string | Record<string, unknown> | null;
  } = {},
) {
  return async (parent: TreeRow | null): Promise<TreeRow[]> => {
    const pid = parent ? String(parent[opts.rowKey ?? 'id'] ?? '') : '';
    const res = await http.get<unknown>(url, treeQuery(pid, opts), { silent: true });
    if (!res.success) throw new Error(res.message || TREE_BAD_ANSWER);
    return childrenOf(res.result);
  };
}

/**
 * The light expand toggle of a tree row, indented by level (plain DOM: it is in every visible row). Placeholder rows
 * show 'loading...'.
 */
export function TreeToggle({
  node,
  onToggle,
  indent = 16,
  children,
}: {
  node: Pick<FlatTreeRow, 'id' | 'level' | 'hasChildren' | 'status' | 'placeholder'>;
  onToggle: (id: string) => void;
  indent?: number;
  children?: React.ReactNode;
}) {
  const pad = { paddingLeft: node.level * indent };
  if (node.placeholder)
    return (
      <span className="jvxe-tree-cell" style={pad}>
        <span className="jvxe-tree-toggle-space" />
        <span className="jvxe-tree-loading">{TREE_LOADING_TEXT}</span>
      </span>
    );
  return (
    <span className="jvxe-tree-cell" style={pad}>
      {node.hasChildren ? (
        <button
          type="button"
          className="jvxe-tree-toggle"
          aria-label={node.status === 'expanded' ? '收起' : '展开'}
          aria-expanded={node.status === 'expanded' || node.status === 'loading'}
          onClick={(e) => {
            e.stopPropagation();
            onToggle(node.id);
          }}
        >
          {node.status === 'loading' ? (
            <LoadingOutlined />
          ) : node.status === 'expanded' ? (
            <CaretDownOutlined />
          ) : (
            <CaretRightOutlined />
          )}
        </button>
      ) : (
        <span className="jvxe-tree-toggle-space" />
      )}
      {children}
    </span>
  );
}
