import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { quizQuestion, quizSubject } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { rowJson } from '../../platform/serialize.ts';
import { stampTenantId, type Tenancy, tenantWhere } from '../../platform/tenant-scope.ts';
import type { Actor } from './actor.ts';

/**
 * 题目分类 (quiz-contract §4): a tree per tenant. `parent_id` '0' = root. A move is an edit of parentId (no cycles);
 * a delete is refused while the subject has children or questions (deleted questions do not count).
 */

export const ROOT = '0';
export const MAX_SUBJECTS = 2000;
export const MAX_DEPTH = 10;

export type SubjectRow = typeof quizSubject.$inferSelect;

export interface SubjectNode {
  id: string;
  name: string;
  code: string | null;
  parentId: string;
  sortNo: number;
  questionCount: number;
  createBy: string | null;
  createTime: string | null;
  children: SubjectNode[];
}

export async function subjectRows(db: Db, tenancy: Tenancy): Promise<SubjectRow[]> {
  return db
    .select()
    .from(quizSubject)
    .where(tenantWhere(quizSubject, tenancy))
    .orderBy(asc(quizSubject.sortNo), asc(quizSubject.createTime), asc(quizSubject.id));
}

/** the whole tree, with each subject's own question count (deleted questions excluded) */
export async function subjectTreeJson(db: Db, tenancy: Tenancy): Promise<SubjectNode[]> {
  const rows = await subjectRows(db, tenancy);
  const counts = await db
    .select({ subjectId: quizQuestion.subjectId, n: count() })
    .from(quizQuestion)
    .where(and(eq(quizQuestion.delFlag, 0), tenantWhere(quizQuestion, tenancy)))
    .groupBy(quizQuestion.subjectId);
  const byId = new Map<string, SubjectNode>();
  const n = new Map(counts.map((c) => [c.subjectId, Number(c.n)]));
  for (const r of rows) {
    const j = rowJson(r);
    byId.set(r.id, {
      id: r.id,
      name: r.name,
      code: r.code,
      parentId: r.parentId,
      sortNo: r.sortNo,
      questionCount: n.get(r.id) ?? 0,
      createBy: r.createBy,
      createTime: j.createTime,
      children: [],
    });
  }
  const roots: SubjectNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId !== ROOT ? byId.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export async function findSubject(db: Db, id: string, tenancy: Tenancy): Promise<SubjectRow> {
  const [row] = await db
    .select()
    .from(quizSubject)
    .where(and(eq(quizSubject.id, id), tenantWhere(quizSubject, tenancy)));
  if (!row) throw bizError('题目分类不存在');
  return row;
}

export interface SubjectFields {
  name: string;
  code?: string | null;
  parentId?: string | null;
  sortNo?: number | null;
}

const rootOf = (p: string | null | undefined) => (!p || p === ROOT ? ROOT : p);

async function checkName(db: Db, tenantId: number, parentId: string, name: string, selfId?: string) {
  const where = [eq(quizSubject.tenantId, tenantId), eq(quizSubject.parentId, parentId), eq(quizSubject.name, name)];
  if (selfId) where.push(ne(quizSubject.id, selfId));
  const [dup] = await db
    .select({ id: quizSubject.id })
    .from(quizSubject)
    .where(and(...where))
    .limit(1);
  if (dup) throw bizError(`同一上级分类下已有名为「${name}」的分类`);
}

async function checkCode(db: Db, tenantId: number, code: string | null, selfId?: string) {
  if (!code) return;
  const where = [eq(quizSubject.tenantId, tenantId), eq(quizSubject.code, code)];
  if (selfId) where.push(ne(quizSubject.id, selfId));
  const [dup] = await db
    .select({ id: quizSubject.id })
    .from(quizSubject)
    .where(and(...where))
    .limit(1);
  if (dup) throw bizError(`分类编码「${code}」已被使用`);
}

/** depth of a subject (1 = root level), walking parents within the tenant */
function depthOf(rows: Map<string, SubjectRow>, id: string): number {
  let d = 0;
  for (let cur: string | undefined = id; cur && cur !== ROOT && d <= MAX_DEPTH + 1; d++) cur = rows.get(cur)?.parentId;
  return d;
}

export async function addSubject(db: Db, actor: Actor, f: SubjectFields): Promise<SubjectRow> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const parentId = rootOf(f.parentId);
    let tenantId = stampTenantId(actor.tenancy);
    if (parentId !== ROOT) {
      const parent = await findSubject(t, parentId, actor.tenancy);
      tenantId = parent.tenantId;
      const all = new Map((await subjectRows(t, { kind: 'tenant', id: tenantId })).map((r) => [r.id, r]));
      if (depthOf(all, parentId) >= MAX_DEPTH) throw bizError(`分类最多 ${MAX_DEPTH} 级`);
    }
    const [{ n }] = await t.select({ n: count() }).from(quizSubject).where(eq(quizSubject.tenantId, tenantId));
    if (Number(n) >= MAX_SUBJECTS) throw bizError(`分类最多 ${MAX_SUBJECTS} 个`);
    await checkName(t, tenantId, parentId, f.name);
    await checkCode(t, tenantId, f.code ?? null);
    const [row] = await t
      .insert(quizSubject)
      .values({
        id: newId(),
        parentId,
        name: f.name,
        code: f.code || null,
        sortNo: f.sortNo ?? 0,
        createBy: actor.user.username,
        createTime: new Date(),
        sysOrgCode: actor.user.orgCode ?? null,
        tenantId,
      })
      .returning();
    return row;
  });
}

export async function editSubject(db: Db, actor: Actor, id: string, f: Partial<SubjectFields>): Promise<SubjectRow> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const cur = await findSubject(t, id, actor.tenancy);
    const parentId = f.parentId === undefined ? cur.parentId : rootOf(f.parentId);
    const name = f.name ?? cur.name;
    const code = f.code === undefined ? cur.code : f.code || null;
    if (parentId !== cur.parentId && parentId !== ROOT) {
      if (parentId === id) throw bizError('不能把分类移动到它自己下面');
      const parent = await findSubject(t, parentId, actor.tenancy);
      if (parent.tenantId !== cur.tenantId) throw bizError('题目分类不存在');
      const all = new Map((await subjectRows(t, { kind: 'tenant', id: cur.tenantId })).map((r) => [r.id, r]));
      // walking up from the new parent must not meet the subject itself
      for (let p: string | undefined = parentId, i = 0; p && p !== ROOT && i <= MAX_SUBJECTS; i++) {
        if (p === id) throw bizError('不能把分类移动到它自己的下级分类下面');
        p = all.get(p)?.parentId;
      }
      const below = subtreeHeight(all, id);
      if (depthOf(all, parentId) + below > MAX_DEPTH) throw bizError(`分类最多 ${MAX_DEPTH} 级`);
    }
    if (name !== cur.name || parentId !== cur.parentId) await checkName(t, cur.tenantId, parentId, name, id);
    if (code !== cur.code) await checkCode(t, cur.tenantId, code, id);
    const [row] = await t
      .update(quizSubject)
      .set({
        parentId,
        name,
        code,
        sortNo: f.sortNo ?? cur.sortNo,
        updateBy: actor.user.username,
        updateTime: new Date(),
      })
      .where(eq(quizSubject.id, id))
      .returning();
    return row;
  });
}

/** levels of the subtree under (and including) `id` */
function subtreeHeight(all: Map<string, SubjectRow>, id: string): number {
  const children = new Map<string, string[]>();
  for (const r of all.values()) {
    const l = children.get(r.parentId);
    if (l) l.push(r.id);
    else children.set(r.parentId, [r.id]);
  }
  const walk = (n: string, depth: number): number =>
    depth > MAX_DEPTH + 1 ? depth : Math.max(depth, ...(children.get(n) ?? []).map((c) => walk(c, depth + 1)));
  return walk(id, 1);
}

export async function deleteSubject(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const cur = await findSubject(t, id, actor.tenancy);
    const [child] = await t
      .select({ id: quizSubject.id })
      .from(quizSubject)
      .where(and(eq(quizSubject.parentId, id), eq(quizSubject.tenantId, cur.tenantId)))
      .limit(1);
    if (child) throw bizError('该分类下还有子分类，不能删除');
    const [q] = await t
      .select({ id: quizQuestion.id })
      .from(quizQuestion)
      .where(and(eq(quizQuestion.subjectId, id), eq(quizQuestion.delFlag, 0)))
      .limit(1);
    if (q) throw bizError('该分类下还有题目，不能删除');
    await t.delete(quizSubject).where(eq(quizSubject.id, id));
  });
}

/** ids of the given subjects that exist in the tenant */
export async function existingSubjects(db: Db, tenancy: Tenancy, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: quizSubject.id })
    .from(quizSubject)
    .where(and(inArray(quizSubject.id, ids), tenantWhere(quizSubject, tenancy)));
  return new Set(rows.map((r) => r.id));
}
