/**
 * Permission trees and their data rules (角色授权, 部门权限, 部门角色授权 …): the checkable tree with its 树操作, the pure
 * tree helpers, the check state, the grants hook (load + diff save) and the 数据规则 drawer.
 */

export { DataRuleDrawer, type DataRuleTarget, useDataRules } from './DataRuleDrawer';
export { GrantDrawer } from './GrantDrawer';
export * from './logic';
export { PermissionTree, type PermissionTreeProps, TreeOpsMenu } from './PermissionTree';
export { type GrantNode, useGrants } from './use-grants';
export { type TreeChecks, useTreeChecks } from './use-tree-checks';
