import { TreeSelect, type TreeSelectProps } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { loadDictItem, loadTreeData } from '../../api/dict';
import { feedback } from '../../utils/feedback';
import {
  CONDITION_ERROR,
  isValidCondition,
  type LazyNode,
  splitIds,
  titlesOf,
  toLazyNode,
  withChildren,
} from './tree-logic';

export { CONDITION_ERROR, isValidCondition } from './tree-logic';

export interface JTreeSelectProps {
  /** `table,text,code` of a registered table */
  dict: string;
  /** column holding the parent's code */
  pidField: string;
  /** the root's parent value ('' = rows whose pidField is empty or NULL) */
  pidValue?: string;
  /** column that is '1' when a row has children ('' = every node may have children) */
  hasChildField?: string;
  /** extra `column = value` filters, as a JSON object string */
  condition?: string;
  multiple?: boolean;
  /** code value(s), comma separated when multiple */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
}

type Labeled = { value: string; label: string };
type LoadNode = Parameters<NonNullable<TreeSelectProps['loadData']>>[0];

/**
 * JeecgBoot JTreeSelect: a lazy tree over GET /sys/dict/loadTreeData (one level per expansion), value = the code
 * column, labels of the current value from loadDictItem. A condition that is not a JSON object string is refused
 * with 组件JTreeSelect-condition传值有误，需要一个json字符串!
 */
export function JTreeSelect({
  dict,
  pidField,
  pidValue = '',
  hasChildField = '',
  condition = '',
  multiple = false,
  value,
  onChange,
  placeholder = '请选择',
  disabled,
  allowClear = true,
}: JTreeSelectProps) {
  const [tree, setTree] = useState<LazyNode[]>([]);
  const [labels, setLabels] = useState<Map<string, string>>(new Map());
  const [loading, setLoading] = useState(false);
  const [table, text, code] = dict.split(',').map((s) => s.trim());
  const valid = isValidCondition(condition);
  const treeRef = useRef(tree);
  treeRef.current = tree;

  const fetchLevel = useCallback(
    async (pid: string): Promise<LazyNode[]> => {
      const res = await loadTreeData({
        pid,
        pidField,
        tableName: table ?? '',
        text: text ?? '',
        code: code ?? '',
        hasChildField,
        condition: condition ?? '',
      });
      if (!res.success) {
        feedback.message.error(res.message);
        return [];
      }
      return (res.result ?? []).map((n) =>
        toLazyNode(n as unknown as { key: string; title: string | null; leaf?: boolean }),
      );
    },
    [table, text, code, pidField, hasChildField, condition],
  );

  useEffect(() => {
    if (!valid) {
      feedback.message.error(CONDITION_ERROR);
      setTree([]);
      return;
    }
    let live = true;
    setLoading(true);
    fetchLevel(pidValue)
      .then((roots) => live && setTree(roots))
      .catch(() => {})
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [fetchLevel, pidValue, valid]);

  // labels of the current value(s) that the loaded tree does not show yet
  const ids = useMemo(() => splitIds(value), [value]);
  useEffect(() => {
    const known = titlesOf(treeRef.current);
    const missing = ids.filter((id) => !known.has(id) && !labels.has(id));
    if (!missing.length || !table || !text || !code) return;
    let live = true;
    loadDictItem(`${table},${text},${code}`, missing.join(','))
      .then((res) => {
        if (!live || !res.success || !res.result) return;
        const next = new Map(labels);
        for (const [i, id] of missing.entries()) next.set(id, res.result?.[i] ?? id);
        setLabels(next);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [ids, labels, table, text, code]);

  const known = titlesOf(tree, new Map(labels));
  const selected: Labeled[] = ids.map((id) => ({ value: id, label: known.get(id) ?? id }));

  const loadData = async (node: LoadNode) => {
    const key = node.key ?? node.value;
    if (node.isLeaf || node.children?.length || key === undefined || key === null) return;
    const kids = await fetchLevel(String(key));
    setTree((t) => withChildren(t, String(key), kids));
  };

  return (
    <TreeSelect<Labeled | Labeled[]>
      style={{ width: '100%' }}
      treeData={tree}
      loadData={loadData}
      labelInValue
      multiple={multiple}
      treeCheckable={false}
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
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
    />
  );
}

export default JTreeSelect;
