/**
 * Permission trees and their data rules (角色授权, 部门权限, 部门角色授权 …): the checkable tree with its toolbar, the pure
 * tree helpers, the grants hook (load + diff save) and the 数据规则 drawer.
 */
export { DataRuleDrawer, type DataRuleTarget, useDataRules } from './DataRuleDrawer';
export * from './logic';
export { PermissionTree, type PermissionTreeProps } from './PermissionTree';
export { useGrants } from './use-grants';
