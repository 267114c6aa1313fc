import type { TreeProps } from 'antd';
import { useCallback, useState } from 'react';
import { allKeys, idsToSave, type KeyNode, linkedCheckedKeys, parentKeys } from './logic';

/** the check state of a permission tree and its operations (树操作) */
export interface TreeChecks {
  /** keys shown checked */
  checked: string[];
  /** 父子关联: checking a node checks its subtree */
  linked: boolean;
  /** expanded keys; null = the initial expansion */
  expanded: string[] | null;
  setExpanded: (keys: string[]) => void;
  onCheck: NonNullable<TreeProps['onCheck']>;
  toggleLinked: () => void;
  checkAll: () => void;
  clear: () => void;
  expandAll: () => void;
  collapse: () => void;
  /** the ids to save: with 父子关联 the half-checked ancestors too (a page is reached through its parents) */
  ids: () => string[];
  /** back to `granted`, unlinked, initial expansion (a new load) */
  reset: (granted: string[]) => void;
}

/**
 * The check state of a permission tree over `nodes`. Unlinked (check-strictly) at first; switching 父子关联 on keeps
 * only the grants antd can show (leaves and fully granted parents), switching it off keeps what was saved-equivalent.
 */
export function useTreeChecks(nodes: readonly KeyNode[]): TreeChecks {
  const [checked, setChecked] = useState<string[]>([]);
  const [half, setHalf] = useState<string[]>([]);
  const [linked, setLinked] = useState(false);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const reset = useCallback((granted: string[]) => {
    setChecked(granted);
    setHalf([]);
    setLinked(false);
    setExpanded(null);
  }, []);
  const set = (keys: string[], halfKeys: string[] = []) => {
    setChecked(keys);
    setHalf(halfKeys);
  };
  return {
    checked,
    linked,
    expanded,
    setExpanded,
    onCheck: (keys, info) =>
      Array.isArray(keys)
        ? set(keys.map(String), (info.halfCheckedKeys ?? []).map(String))
        : set(keys.checked.map(String)),
    toggleLinked: () => {
      set(linked ? idsToSave(checked, half, true) : linkedCheckedKeys(nodes, new Set(checked)));
      setLinked(!linked);
    },
    checkAll: () => set(allKeys(nodes)),
    clear: () => set([]),
    expandAll: () => setExpanded(parentKeys(nodes)),
    collapse: () => setExpanded([]),
    ids: () => idsToSave(checked, half, linked),
    reset,
  };
}
