import { useCallback, useEffect, useMemo } from 'react';
import { loadDictItem, loadTreeData } from '../../api/dict';
import { feedback } from '../../utils/feedback';
import { LazyTreeSelect, type LazyTreeSource, type LazyTreeValueProps } from './LazyTreeSelect';
import { CONDITION_ERROR, isValidCondition, type LazyNode, toLazyNode } from './tree-logic';

export { CONDITION_ERROR, isValidCondition } from './tree-logic';

export interface JTreeSelectProps extends LazyTreeValueProps {
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
}

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
  ...field
}: JTreeSelectProps) {
  const [table, text, code] = dict.split(',').map((s) => s.trim());
  const valid = isValidCondition(condition);

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
    if (!valid) feedback.message.error(CONDITION_ERROR);
  }, [valid]);

  const source: LazyTreeSource = {
    roots: useMemo(() => (valid ? () => fetchLevel(pidValue) : null), [valid, fetchLevel, pidValue]),
    children: fetchLevel,
    names: useMemo(
      () =>
        table && text && code
          ? async (missing: string[]) => {
              const res = await loadDictItem(`${table},${text},${code}`, missing.join(','));
              return res.success && res.result ? res.result : null;
            }
          : null,
      [table, text, code],
    ),
  };

  return (
    <LazyTreeSelect
      source={source}
      {...field}
      treeCheckable={false}
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
    />
  );
}

export default JTreeSelect;
