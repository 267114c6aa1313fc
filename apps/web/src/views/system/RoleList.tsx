import { RoleTable } from './role/RoleTable';

/** 角色列表 (component system/RoleList; contract §4.2): roles with add/edit, delete, import/export and 授权. */
export default function RoleList() {
  return <RoleTable />;
}
