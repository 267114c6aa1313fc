import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sysDepartPermission, sysPermission, sysPermissionDataRule } from '../../db/schema/index.ts';
import { splitIds } from './schema.ts';

/** JeecgBoot TreeModel of a permission row (role / depart-role authorization trees). */
export interface PermissionTreeModel {
  key: string;
  value: string;
  title: string;
  slotTitle: string;
  label: string;
  icon: string | null;
  parentId: string | null;
  isLeaf: boolean;
  ruleFlag: number;
  scopedSlots: { title: string };
  children: PermissionTreeModel[] | null;
}

type PermRow = Pick<
  typeof sysPermission.$inferSelect,
  'id' | 'parentId' | 'name' | 'icon' | 'isLeaf' | 'ruleFlag' | 'sortNo'
>;

/**
 * Tree of the given permission rows: roots are rows without a parent; a row whose parent is not in the list is left
 * out with its subtree (JeecgBoot getTreeModelList behaves the same way). Rows are expected ordered by sort_no.
 */
export function buildPermissionTree(rows: readonly PermRow[]): PermissionTreeModel[] {
  const byParent = new Map<string, PermRow[]>();
  for (const r of rows) {
    const p = (r.parentId ?? '').trim();
    const l = byParent.get(p);
    if (l) l.push(r);
    else byParent.set(p, [r]);
  }
  const seen = new Set<string>();
  const build = (r: PermRow): PermissionTreeModel => {
    seen.add(r.id);
    const kids = (byParent.get(r.id) ?? []).filter((k) => !seen.has(k.id));
    const name = r.name ?? '';
    return {
      key: r.id,
      value: r.id,
      title: name,
      slotTitle: name,
      label: name,
      icon: r.icon ?? null,
      parentId: r.parentId ?? null,
      isLeaf: kids.length === 0,
      ruleFlag: r.ruleFlag ?? 0,
      scopedSlots: { title: 'hasDatarule' },
      children: kids.length ? kids.map(build) : null,
    };
  };
  return (byParent.get('') ?? []).map(build);
}

/** the non-deleted permission rows granted to a department, ordered by sort_no */
export async function departPermissionRows(db: Db, departId: string): Promise<PermRow[]> {
  return db
    .select({
      id: sysPermission.id,
      parentId: sysPermission.parentId,
      name: sysPermission.name,
      icon: sysPermission.icon,
      isLeaf: sysPermission.isLeaf,
      ruleFlag: sysPermission.ruleFlag,
      sortNo: sysPermission.sortNo,
    })
    .from(sysPermission)
    .innerJoin(sysDepartPermission, eq(sysDepartPermission.permissionId, sysPermission.id))
    .where(and(eq(sysDepartPermission.departId, departId), eq(sysPermission.delFlag, 0)))
    .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
}

/** enabled data rules of a permission, limited to `ids` when given */
export async function dataRulesOf(db: Db, permissionId: string, ids?: readonly string[]) {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select()
    .from(sysPermissionDataRule)
    .where(
      and(
        eq(sysPermissionDataRule.permissionId, permissionId),
        ids ? inArray(sysPermissionDataRule.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(sysPermissionDataRule.id));
  return rows;
}

/** rule ids the department itself was given for the permission */
export async function departRuleIds(db: Db, departId: string, permissionId: string): Promise<string[]> {
  const [grant] = await db
    .select({ dataRuleIds: sysDepartPermission.dataRuleIds })
    .from(sysDepartPermission)
    .where(and(eq(sysDepartPermission.departId, departId), eq(sysDepartPermission.permissionId, permissionId)));
  return splitIds(grant?.dataRuleIds);
}

/** `a,b,` → `a,b` (drChecked is answered without the trailing comma) */
export const trimComma = (s: string | null | undefined) => (s ?? '').replace(/,+$/, '');
