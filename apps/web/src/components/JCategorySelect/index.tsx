import { TreeSelect, type TreeSelectProps } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { loadCategoryNames, loadTreeChildren, loadTreeRoot } from '../../api/category';
import { feedback } from '../../utils/feedback';
import { type LazyNode, splitIds, titlesOf, toLazyNode, withChildren } from '../JTreeSelect/tree-logic';

export interface JCategorySelectProps {
  /** code of the category whose children are the roots of this select ('' = the whole tree) */
  pcode?: string;
  multiple?: boolean;
  /** category id(s), comma separated when multiple */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  /** ids that may not be chosen (e.g. the node being edited) */
  disabledIds?: readonly string[];
}

type Labeled = { value: string; label: string };
type LoadNode = Parameters<NonNullable<TreeSelectProps['loadData']>>[0];

/**
 * JeecgBoot JCategorySelect: the category tree (分类字典) under `pcode`, loaded level by level through
 * GET /sys/category/loadTreeRoot (async, pcode) and loadTreeChildren (pid). The value is the chosen id(s); their names
 * come from /sys/category/loadDictItem/{ids} until the tree shows them.
 */
export function JCategorySelect({
  pcode = '',
  multiple = false,
  value,
  onChange,
  placeholder = '请选择',
  disabled,
  allowClear = true,
  disabledIds,
}: JCategorySelectProps) {
  const [tree, setTree] = useState<LazyNode[]>([]);
  const [labels, setLabels] = useState<Map<string, string>>(new Map());
  const [loading, setLoading] = useState(false);
  const treeRef = useRef(tree);
  treeRef.current = tree;

  useEffect(() => {
    let live = true;
    setLoading(true);
    loadTreeRoot(pcode, true)
      .then((res) => {
        if (!live) return;
        if (res.success) setTree((res.result ?? []).map(toLazyNode));
        else feedback.message.error(res.message);
      })
      .catch(() => {})
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [pcode]);

  const ids = useMemo(() => splitIds(value), [value]);
  useEffect(() => {
    const known = titlesOf(treeRef.current);
    const missing = ids.filter((id) => !known.has(id) && !labels.has(id));
    if (!missing.length) return;
    let live = true;
    loadCategoryNames(missing.join(','))
      .then((res) => {
        if (!live || !res.success) return;
        const next = new Map(labels);
        // delNotExist (default true) drops unknown ids: only a complete answer maps one to one
        if ((res.result ?? []).length === missing.length) {
          for (const [i, id] of missing.entries()) next.set(id, res.result![i]);
        } else for (const id of missing) next.set(id, id);
        setLabels(next);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [ids, labels]);

  const mark = useCallback(
    (nodes: LazyNode[]): LazyNode[] =>
      disabledIds?.length
        ? nodes.map((n) => ({
            ...n,
            disabled: disabledIds.includes(n.key),
            children: n.children ? mark(n.children) : undefined,
          }))
        : nodes,
    [disabledIds],
  );

  const known = titlesOf(tree, new Map(labels));
  const selected: Labeled[] = ids.map((id) => ({ value: id, label: known.get(id) ?? id }));

  const loadData = async (node: LoadNode) => {
    const key = node.key ?? node.value;
    if (node.isLeaf || node.children?.length || key === undefined || key === null) return;
    const res = await loadTreeChildren(String(key));
    if (!res.success) {
      feedback.message.error(res.message);
      return;
    }
    setTree((t) => withChildren(t, String(key), (res.result ?? []).map(toLazyNode)));
  };

  return (
    <TreeSelect<Labeled | Labeled[]>
      style={{ width: '100%' }}
      treeData={mark(tree)}
      loadData={loadData}
      labelInValue
      multiple={multiple}
      value={multiple ? selected : selected[0]}
      onChange={(v) => {
        const list = Array.isArray(v) ? v : v ? [v] : [];
        const next = list.map((x) => x.value).join(',');
        onChange?.(next === '' ? undefined : next);
      }}
      placeholder={placeholder}
      disabled={disabled}
      allowClear={allowClear}
      loading={loading}
      showSearch={false}
      data-testid="j-category-select"
    />
  );
}

export default JCategorySelect;
