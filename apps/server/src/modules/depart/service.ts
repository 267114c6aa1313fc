import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { UserRow } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import {
  sysDepart,
  sysDepartPermission,
  sysDepartRole,
  sysDepartRolePermission,
  sysDepartRoleUser,
  sysUser,
  sysUserDepart,
} from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { allocateCode, isOrgCode } from '../../platform/org-code.ts';
import { stampTenantId, type Tenancy, tenantWhere } from '../../platform/tenant-scope.ts';
import type { DepartAdd, DepartEdit } from './schema.ts';
import {
  type DepartJson,
  type DepartSnapshot,
  type DepartTreeNode,
  departJson,
  departSnapshot,
  invalidateDepartCache,
  parentKey,
  subtreeIds,
  subtrees,
  treeNode,
} from './tree-cache.ts';

export const DEPART_MESSAGES = {
  added: '添加成功！',
  edited: '修改成功!',
  deleted: '删除成功!',
  notFound: '未找到对应实体',
  parentMissing: '上级部门不存在！',
  noMatch: '未查询匹配数据！',
  idsEmpty: '参数不识别！',
} as const;

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string } | null)?.code === '23505' ||
  (err as { cause?: { code?: string } } | null)?.cause?.code === '23505';

/** managed department ids of a superior (user_identity 2), else [] */
export function managedDepartIds(user: UserRow): string[] {
  if (user.userIdentity !== 2) return [];
  return (user.departIds ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** One level below `pid` ('' → roots), each with its leaf flag (queryDepartTreeSync). */
export function treeLevel(snap: DepartSnapshot, pid: string): DepartTreeNode[] {
  return (snap.childrenOf.get(pid) ?? []).map((d) => {
    const leaf = !(snap.childrenOf.get(d.id)?.length ?? 0);
    return treeNode(d, null, leaf);
  });
}

/** queryMyDeptTreeList: the subtrees of the departments a superior is in charge of */
export function myDeptTree(snap: DepartSnapshot, user: UserRow): DepartTreeNode[] {
  return subtrees(snap, managedDepartIds(user));
}

/** searchBy: flat list of departments whose name contains the keyword (within the managed subtrees for 我的部门) */
export function searchDeparts(snap: DepartSnapshot, keyWord: string, scopeIds: string[] | null): DepartTreeNode[] {
  const kw = keyWord.toLowerCase();
  const scope = scopeIds ? new Set(subtreeIds(snap, scopeIds)) : null;
  return snap.rows
    .filter((d) => (!scope || scope.has(d.id)) && d.departName.toLowerCase().includes(kw))
    .map((d) => treeNode(d, null, true));
}

/** queryTreeByKeyWord: the tree pruned to branches holding a match (ancestors kept, matches keep their subtree) */
export function treeByKeyWord(snap: DepartSnapshot, keyWord: string): DepartTreeNode[] {
  const kw = keyWord.toLowerCase();
  if (!kw) return [...snap.tree];
  const prune = (nodes: readonly DepartTreeNode[]): DepartTreeNode[] => {
    const out: DepartTreeNode[] = [];
    for (const n of nodes) {
      if (n.departName.toLowerCase().includes(kw)) out.push(n);
      else {
        const kids = prune(n.children ?? []);
        if (kids.length) out.push({ ...n, children: kids, isLeaf: false });
      }
    }
    return out;
  };
  return prune(snap.tree);
}

/** queryAllParentId: per department `{parentIds: [root … self], parentMap: {id: SysDepart}}` */
export function allParentIds(snap: DepartSnapshot, start: DepartJson[]) {
  const out: Record<string, { parentIds: string[]; parentMap: Record<string, DepartJson> }> = {};
  for (const d of start) {
    const parentIds: string[] = [];
    const parentMap: Record<string, DepartJson> = {};
    let cur: DepartJson | undefined = d;
    while (cur && !(cur.id in parentMap)) {
      parentIds.unshift(cur.id);
      parentMap[cur.id] = cur;
      cur = cur.parentId ? snap.byId.get(cur.parentId) : undefined;
    }
    out[d.id] = { parentIds, parentMap };
  }
  return out;
}

// ---------------------------------------------------------------- writes

type AddInput = z.output<typeof DepartAdd>;
type EditInput = z.output<typeof DepartEdit>;

const nn = <T>(v: T | null | undefined): T | null => (v === undefined ? null : v);

/**
 * Adds a department: server id, org_code (contract §5.4) and org_type (depth). Code allocation is serialized by a
 * transaction-scoped advisory lock (both drivers), so two concurrent adds never compute the same code; the unique
 * index stays the last guard and a conflict there is retried.
 */
export async function addDepart(
  app: FastifyInstance,
  input: AddInput,
  username: string,
  tenancy: Tenancy,
): Promise<DepartJson> {
  const parentId = parentKey(input.parentId);
  let saved: DepartJson | undefined;
  for (let attempt = 0; attempt < 3 && !saved; attempt++) {
    try {
      saved = await app.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sys_depart.org_code'))`);
        let parentCode: string | null = null;
        let depth = 1;
        if (parentId) {
          const [parent] = await tx
            .select({ orgCode: sysDepart.orgCode, orgType: sysDepart.orgType })
            .from(sysDepart)
            .where(and(eq(sysDepart.id, parentId), eq(sysDepart.delFlag, '0'), tenantWhere(sysDepart, tenancy)));
          if (!parent) throw bizError(DEPART_MESSAGES.parentMissing);
          if (!isOrgCode(parent.orgCode)) throw bizError('上级部门的机构编码格式不正确，无法生成下级编码');
          parentCode = parent.orgCode;
          depth = (Number.parseInt(parent.orgType ?? '', 10) || parent.orgCode.length / 3) + 1;
        }
        const siblings = await tx
          .select({ orgCode: sysDepart.orgCode })
          .from(sysDepart)
          .where(parentId ? eq(sysDepart.parentId, parentId) : sql`coalesce(${sysDepart.parentId}, '') = ''`);
        const prefix = parentCode ?? '';
        let max: string | null = null;
        for (const s of siblings) {
          const c = s.orgCode;
          if (isOrgCode(c) && c.startsWith(prefix) && c.length > prefix.length && (max === null || c > max)) max = c;
        }
        const code = await allocateCode(max, parentCode, async (candidate) => {
          const hit = await tx
            .select({ id: sysDepart.id })
            .from(sysDepart)
            .where(eq(sysDepart.orgCode, candidate))
            .limit(1);
          return hit.length > 0;
        });
        const now = new Date();
        const [row] = await tx
          .insert(sysDepart)
          .values({
            id: newId(),
            parentId,
            departName: input.departName,
            departNameEn: nn(input.departNameEn),
            departNameAbbr: nn(input.departNameAbbr),
            departOrder: input.departOrder ?? 0,
            description: nn(input.description),
            orgCategory: input.orgCategory ?? (parentId ? '2' : '1'),
            orgType: String(depth),
            orgCode: code,
            mobile: nn(input.mobile),
            fax: nn(input.fax),
            address: nn(input.address),
            memo: nn(input.memo),
            status: input.status ?? '1',
            delFlag: '0',
            tenantId: stampTenantId(tenancy),
            createBy: username,
            createTime: now,
          })
          .returning();
        return departJson(row);
      });
    } catch (err) {
      if (!isUniqueViolation(err) || attempt === 2) throw err;
    }
  }
  await invalidateDepartCache(app);
  return saved!;
}

/** Edits a department's own fields; parent, org_code and org_type stay as they are (departments are not moved). */
export async function editDepart(
  app: FastifyInstance,
  input: EditInput,
  username: string,
  tenancy: Tenancy,
): Promise<void> {
  const [cur] = await app.ctx.db
    .select({ id: sysDepart.id })
    .from(sysDepart)
    .where(and(eq(sysDepart.id, input.id), eq(sysDepart.delFlag, '0'), tenantWhere(sysDepart, tenancy)));
  if (!cur) throw bizError(DEPART_MESSAGES.notFound);
  const set: Partial<typeof sysDepart.$inferInsert> = {
    departName: input.departName,
    updateBy: username,
    updateTime: new Date(),
  };
  // absent fields are kept, explicit nulls clear (the edit form sends the whole model)
  if (input.departNameEn !== undefined) set.departNameEn = input.departNameEn;
  if (input.departNameAbbr !== undefined) set.departNameAbbr = input.departNameAbbr;
  if (input.departOrder !== undefined) set.departOrder = input.departOrder ?? 0;
  if (input.description !== undefined) set.description = input.description;
  if (input.orgCategory) set.orgCategory = input.orgCategory;
  if (input.mobile !== undefined) set.mobile = input.mobile;
  if (input.fax !== undefined) set.fax = input.fax;
  if (input.address !== undefined) set.address = input.address;
  if (input.memo !== undefined) set.memo = input.memo;
  if (input.status) set.status = input.status;
  await app.ctx.db.update(sysDepart).set(set).where(eq(sysDepart.id, input.id));
  await invalidateDepartCache(app);
}

/**
 * Physical delete of the departments and every descendant, with their user links, depart permissions, depart roles
 * and those roles' permissions and members — one transaction. Users whose selected org_code or managed depart_ids
 * pointed at a deleted department are cleaned. Returns the number of departments removed.
 */
export async function deleteDeparts(app: FastifyInstance, requested: string[], tenancy: Tenancy): Promise<number> {
  const { db } = app.ctx;
  // only the tenant's departments (and so their subtrees) can be deleted; other ids are unknown ones
  const ids = (
    await db
      .select({ id: sysDepart.id })
      .from(sysDepart)
      .where(and(inArray(sysDepart.id, requested), tenantWhere(sysDepart, tenancy)))
  ).map((r) => r.id);
  if (!ids.length) return 0;
  const affectedUsers = new Set<string>();
  const removed = await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string; org_code: string }>(
      tx as unknown as Db,
      sql`with recursive t as (
            select id, org_code from sys_depart where id in (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )})
            union
            select d.id, d.org_code from sys_depart d join t on d.parent_id = t.id
          ) select id, org_code from t`,
    );
    if (!rows.length) return 0;
    const all = rows.map((r) => r.id);
    const codes = rows.map((r) => r.org_code);
    const roles = await tx
      .select({ id: sysDepartRole.id })
      .from(sysDepartRole)
      .where(inArray(sysDepartRole.departId, all));
    const roleIds = roles.map((r) => r.id);
    if (roleIds.length) {
      const members = await tx
        .delete(sysDepartRoleUser)
        .where(inArray(sysDepartRoleUser.droleId, roleIds))
        .returning({ userId: sysDepartRoleUser.userId });
      for (const m of members) affectedUsers.add(m.userId);
      await tx.delete(sysDepartRolePermission).where(inArray(sysDepartRolePermission.roleId, roleIds));
      await tx.delete(sysDepartRole).where(inArray(sysDepartRole.id, roleIds));
    }
    await tx.delete(sysDepartRolePermission).where(inArray(sysDepartRolePermission.departId, all));
    await tx.delete(sysDepartPermission).where(inArray(sysDepartPermission.departId, all));
    await tx.delete(sysUserDepart).where(inArray(sysUserDepart.depId, all));
    await tx.update(sysUser).set({ orgCode: null }).where(inArray(sysUser.orgCode, codes));
    // superiors in charge of a removed department
    const superiors = await tx
      .select({ id: sysUser.id, departIds: sysUser.departIds })
      .from(sysUser)
      .where(sql`${sysUser.departIds} is not null and ${sysUser.departIds} <> ''`);
    const gone = new Set(all);
    for (const u of superiors) {
      const list = (u.departIds ?? '').split(',').map((s) => s.trim());
      const kept = list.filter((x) => x && !gone.has(x));
      if (kept.length !== list.filter(Boolean).length) {
        await tx
          .update(sysUser)
          .set({ departIds: kept.join(',') })
          .where(eq(sysUser.id, u.id));
      }
    }
    await tx.delete(sysDepart).where(inArray(sysDepart.id, all));
    return all.length;
  });
  if (removed) await invalidateDepartCache(app);
  // org_code / depart_ids of some users were cleared above
  if (removed) await app.ctx.userChanged();
  for (const u of affectedUsers) await app.ctx.perms.invalidate(u);
  return removed;
}

/** Departments (by id) that exist and are not deleted */
/** a department, given a tenancy only one of that tenant (another tenant's id answers not found; ADR 017) */
export async function existingDepart(db: Db, id: string, tenancy?: Tenancy): Promise<DepartJson | undefined> {
  const [row] = await db
    .select()
    .from(sysDepart)
    .where(
      and(eq(sysDepart.id, id), eq(sysDepart.delFlag, '0'), tenancy ? tenantWhere(sysDepart, tenancy) : undefined),
    );
  return row ? departJson(row) : undefined;
}

export { departSnapshot };
