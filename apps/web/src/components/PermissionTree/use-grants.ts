import type { Result } from '@answer/contract';
import { useEffect, useState } from 'react';
import { runCall } from '../kit';
import { type TreeChecks, useTreeChecks } from './use-tree-checks';

/** a node of a permission tree (TreeModel: key = permission id) */
export interface GrantNode {
  key: string;
  title?: string | null;
  slotTitle?: string | null;
  /** 1: the permission carries data rules */
  ruleFlag?: number;
  children?: GrantNode[] | null;
}

/**
 * The grants of a permission tree (角色授权, 部门权限, 部门角色授权): the tree and the granted ids, loaded when `key`
 * changes (null: nothing to load; a rejected load leaves the tree empty); `checks` is the tree's check state;
 * `save(call, okText)` sends the ids to save with the last saved ones (the server applies the difference) and
 * remembers them once saved.
 */
export function useGrants(key: string | null, load: () => Promise<[{ treeList: GrantNode[] }, string[]]>) {
  const [tree, setTree] = useState<GrantNode[]>([]);
  const [last, setLast] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const checks: TreeChecks = useTreeChecks(tree);
  const { reset } = checks;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` belongs to `key` (a new key, a new load)
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setLoading(true);
    setTree([]);
    load()
      .then(([t, ids]) => {
        if (!live) return;
        setTree(t.treeList);
        reset(ids);
        setLast(ids);
      })
      .catch(() => {})
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [key]);

  const save = async (call: (ids: string[], last: string[]) => Promise<Result<unknown>>, okText?: string) => {
    const now = checks.ids();
    setSaving(true);
    const ok = await runCall(() => call(now, last), undefined, okText);
    if (ok) setLast(now);
    setSaving(false);
    return ok;
  };

  return { tree, checks, loading, saving, save };
}
