import { Drawer } from 'antd';
import { DataRulePanel } from './DataRulePanel';

export interface DataRuleDrawerProps {
  permission: { id: string; name: string } | null;
  onClose: () => void;
  onChanged?: () => void;
}

/** 数据权限规则 of a menu, opened from the menu list's row action. */
export function DataRuleDrawer({ permission, onClose, onChanged }: DataRuleDrawerProps) {
  return (
    <Drawer
      title={`数据权限规则${permission ? `（${permission.name}）` : ''}`}
      width={760}
      open={!!permission}
      onClose={onClose}
      destroyOnHidden
    >
      {permission && <DataRulePanel permissionId={permission.id} onChanged={onChanged} />}
    </Drawer>
  );
}
