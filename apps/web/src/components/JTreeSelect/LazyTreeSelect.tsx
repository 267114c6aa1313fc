import { TreeSelect, type TreeSelectProps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type LazyNode, splitIds, titlesOf, withChildren } from './tree-logic';

type Labeled = { value: string; label: string };
type LoadNode = Parameters<NonNullable<TreeSelectProps['loadData']>>[0];

/** The value props JTreeSelect and JCategorySelect share. */
export interface LazyTreeValueProps {
  multiple?: boolean;
  /** id(s) / code(s), comma separated when multiple */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
}

export interface LazyTreeSource {
  /** the first level; null when there is no tree to load (the caller has said why). Keep it stable (useCallback). */
  roots: (() => Promise<LazyNode[]>) | null;
  /** the children of an expanded node; null leaves the node as it is (a failed load) */
  children: (key: string) => Promise<LazyNode[] | null>;
  /** labels of ids the loaded tree does not show, in their order; null = unknown. Keep it stable (useCallback). */
  names: ((ids: string[]) => Promise<string[] | null>) | null;
}

export interface LazyTreeSelectProps
  extends Omit<TreeSelectProps<Labeled | Labeled[]>, 'value' | 'onChange' | 'treeData' | 'loadData'> {
  source: LazyTreeSource;
  /** id(s), comma separated when multiple */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** marks nodes before they are shown (e.g. disabled ones) */
  mapTree?: (tree: LazyNode[]) => LazyNode[];
  'data-testid'?: string;
}

/**
 * A tree select that loads one level per expansion (JTreeSelect, JCategorySelect): the value is a comma string of
 * keys, the labels of keys the tree has not loaded yet come from `source.names`.
 */
export function LazyTreeSelect({
  source,
  value,
  onChange,
  mapTree,
  multiple,
  placeholder = '请选择',
  allowClear = true,
  ...rest
}: LazyTreeSelectProps) {
  const { roots, children, names } = source;
  const [tree, setTree] = useState<LazyNode[]>([]);
  const [labels, setLabels] = useState<Map<string, string>>(new Map());
  const [loading, setLoading] = useState(false);
  const treeRef = useRef(tree);
  treeRef.current = tree;

  useEffect(() => {
    if (!roots) {
      setTree([]);
      return;
    }
    let live = true;
    setLoading(true);
    roots()
      .then((first) => live && setTree(first))
      .catch(() => {})
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [roots]);

  // labels of the current value(s) that the loaded tree does not show yet
  const ids = useMemo(() => splitIds(value), [value]);
  useEffect(() => {
    const known = titlesOf(treeRef.current);
    const missing = ids.filter((id) => !known.has(id) && !labels.has(id));
    if (!missing.length || !names) return;
    let live = true;
    names(missing)
      .then((found) => {
        if (!live || !found) return;
        const next = new Map(labels);
        for (const [i, id] of missing.entries()) next.set(id, found[i] ?? id);
        setLabels(next);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [ids, labels, names]);

  const known = titlesOf(tree, new Map(labels));
  const selected: Labeled[] = ids.map((id) => ({ value: id, label: known.get(id) ?? id }));

  const loadData = async (node: LoadNode) => {
    const key = node.key ?? node.value;
    if (node.isLeaf || node.children?.length || key === undefined || key === null) return;
    const kids = await children(String(key));
    if (kids) setTree((t) => withChildren(t, String(key), kids));
  };

  return (
    <TreeSelect<Labeled | Labeled[]>
      style={{ width: '100%' }}
      treeData={mapTree ? mapTree(tree) : tree}
      loadData={loadData}
      labelInValue
      multiple={multiple}
      value={multiple ? selected : selected[0]}
      onChange={(v) => {
        const list = Array.isArray(v) ? v : v ? [v] : [];
        const next = list.map((x) => x.value).join(',');
        onChange?.(next === '' ? undefined : next);
      }}
      loading={loading}
      showSearch={false}
      placeholder={placeholder}
      allowClear={allowClear}
      {...rest}
    />
  );
}
