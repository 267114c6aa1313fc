import type { Result } from '@answer/contract';
import { useEffect, useState } from 'react';
import type { PermissionNode } from '../../api/depart';
import { runCall } from '../kit';

/**
 * The grants of a permission tree (部门权限, 部门角色授权): the tree and the granted ids, loaded when `key` changes (null:
 * nothing to load); `save(call)` sends the checked ids with the last saved ones (the server applies the difference)
 * and remembers them once saved.
 */
export function useGrants(key: string | null, load: () => Promise<[{ treeList: PermissionNode[] }, string[]]>) {
  const [tree, setTree] = useState<PermissionNode[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [last, setLast] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);

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
        setChecked(ids);
        setLast(ids);
      })
      .catch(() => {})
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [key]);

  const save = async (call: (checked: string[], last: string[]) => Promise<Result<unknown>>): Promise<boolean> => {
    setSaving(true);
    const ok = await runCall(() => call(checked, last));
    if (ok) setLast(checked);
    setSaving(false);
    return ok;
  };

  return { tree, checked, setChecked, loading, saving, save };
}
