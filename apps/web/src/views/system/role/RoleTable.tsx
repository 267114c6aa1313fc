import { useState } from 'react';
import type { SysRole } from '../../../api/role';
import { CrudPage } from '../../../components/kit';
import { RolePermissionDrawer } from './RolePermissionDrawer';
import { roleCompactPage, rolePage, roleWithUsersPage } from './role.data';

export interface RoleTableProps {
  /** the 用户 row action (role page with members); absent on the plain role list */
  onUsers?: (role: SysRole) => void;
  /** highlighted row */
  selectedId?: string;
  /** fewer columns (narrow left side of 角色管理) */
  compact?: boolean;
  /** a role was deleted (the member panel closes when it showed that role) */
  onDeleted?: (ids: string[]) => void;
}

/** The role list (declarations in role.data.tsx) with the 授权 drawer; 用户 and row highlighting on 角色管理. */
export function RoleTable({ onUsers, selectedId, compact, onDeleted }: RoleTableProps) {
  const [authorising, setAuthorising] = useState<SysRole | null>(null);
  const schema = !onUsers ? rolePage : compact ? roleCompactPage : roleWithUsersPage;
  return (
    <CrudPage
      schema={schema}
      onRemoved={onDeleted}
      handlers={{ authorize: (r) => setAuthorising(r ?? null), users: (r) => r && onUsers?.(r) }}
      tableProps={() => ({
        rowClassName: (r: SysRole) => (r.id === selectedId ? 'ant-table-row-selected' : ''),
        onRow: (r: SysRole) => (onUsers ? { onDoubleClick: () => onUsers(r) } : {}),
      })}
    >
      {() => <RolePermissionDrawer role={authorising} onClose={() => setAuthorising(null)} />}
    </CrudPage>
  );
}
