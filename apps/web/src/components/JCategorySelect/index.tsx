import { useCallback } from 'react';
import { loadCategoryNames, loadTreeChildren, loadTreeRoot } from '../../api/category';
import { feedback } from '../../utils/feedback';
import { LazyTreeSelect, type LazyTreeSource, type LazyTreeValueProps } from '../JTreeSelect/LazyTreeSelect';
import { type LazyNode, toLazyNode } from '../JTreeSelect/tree-logic';

export interface JCategorySelectProps extends LazyTreeValueProps {
  /** code of the category whose children are the roots of this select ('' = the whole tree) */
  pcode?: string;
  /** ids that may not be chosen (e.g. the node being edited) */
  disabledIds?: readonly string[];
}

/**
 * JeecgBoot JCategorySelect: the category tree (分类字典) under `pcode`, loaded level by level through
 * GET /sys/category/loadTreeRoot (async, pcode) and loadTreeChildren (pid). The value is the chosen id(s); their names
 * come from /sys/category/loadDictItem/{ids} until the tree shows them.
 */
export function JCategorySelect({ pcode = '', disabledIds, ...field }: JCategorySelectProps) {
  const source: LazyTreeSource = {
    roots: useCallback(async () => {
      const res = await loadTreeRoot(pcode, true);
      if (!res.success) feedback.message.error(res.message);
      return res.success ? (res.result ?? []).map(toLazyNode) : [];
    }, [pcode]),
    children: async (key) => {
      const res = await loadTreeChildren(key);
      if (!res.success) feedback.message.error(res.message);
      return res.success ? (res.result ?? []).map(toLazyNode) : null;
    },
    names: useCallback(async (missing: string[]) => {
      const res = await loadCategoryNames(missing.join(','));
      if (!res.success) return null;
      // delNotExist (default true) drops unknown ids: only a complete answer maps one to one
      const found = res.result ?? [];
      return found.length === missing.length ? found : missing;
    }, []),
  };

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

  return <LazyTreeSelect source={source} mapTree={mark} {...field} data-testid="j-category-select" />;
}

export default JCategorySelect;
