import { useMemo } from 'react';
import type { DepartNode } from '../../../api/depart';
import { CrudEditor } from '../../../components/kit';
import { departAddPage } from './depart.data';

export interface DepartModalProps {
  /** open with the parent (null → a top-level department) */
  target: { parent: DepartNode | null } | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增 (添加部门 / 添加下级) of 部门管理: the department fields of depart.data.tsx in the kit's editor. */
export function DepartModal({ target, onClose, onSaved }: DepartModalProps) {
  const state = useMemo(() => {
    if (!target) return null;
    const p = target.parent;
    const init = { parentId: p?.id, parentName: p?.departName, orgCategory: p ? '2' : '1' };
    return { mode: 'add' as const, record: null, init };
  }, [target]);
  return <CrudEditor schema={departAddPage} state={state} fixed={{}} onClose={onClose} onSaved={onSaved} />;
}
