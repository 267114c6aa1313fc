import type { CategoryTreeNode } from '@answer/contract';
import { and, asc, eq, inArray, like, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AppContext, UserRow } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { sysCategory } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { defineListEntity, escapeLike } from '../../platform/list-query.ts';
import { allocateCode, isOrgCode } from '../../platform/org-code.ts';
import { rowJson } from '../../platform/serialize.ts';
import { allow, jsonConditionSql, RegistryError, type RegistryTable } from '../../platform/table-registry.ts';

/**
 * Category tree (分类字典, contract §4.6). pid '0' = root; has_child '1' when a node has children. Codes follow the
 * letter+2-digit scheme of contract §5.4 (`category_code_rule`): roots A01, A02…, children of A01 are A01A01…
 */

export const ROOT_PID = '0';
/** rows a tree answer carries at most */
const TREE_MAX = 10_000;

export const CATEGORY_MSG = {
  added: '添加成功！',
  edited: '修改成功!',
  deleted: '删除成功!',
  notFound: '未找到对应实体',
  badIds: '参数不识别！',
  parentMissing: '上级分类不存在',
  refused: '操作失败',
  badCondition: '操作失败，condition 不是合法的 JSON 对象',
} as const;

/** Columns a client may name (loadOne `field`, loadTreeData `condition`) — security rule 4. */
export const CATEGORY_REGISTRY: RegistryTable = allow(sysCategory, [
  'id',
  'pid',
  'name',
  'code',
  'has_child',
  'sys_org_code',
]);

export const categoryEntity = defineListEntity({
  table: sysCategory,
  sortable: ['createTime', 'updateTime', 'code', 'name'],
  defaultSort: { column: 'createTime', order: 'desc' },
  searchable: ['pid', 'name', 'code', 'hasChild', 'sysOrgCode'],
});

export type CategoryRow = typeof sysCategory.$inferSelect;

/** JeecgBoot TreeSelectModel of a category */
export type CategoryNode = CategoryTreeNode;

function node(r: Pick<CategoryRow, 'id' | 'name' | 'code' | 'pid' | 'hasChild'>): CategoryNode {
  return {
    key: r.id,
    title: r.name,
    code: r.code,
    parentId: r.pid,
    leaf: r.hasChild !== '1',
    value: null,
    icon: null,
    children: null,
  };
}

export function categoryJson(r: CategoryRow) {
  return rowJson(r);
}

async function byId(db: Db, id: string): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(sysCategory).where(eq(sysCategory.id, id));
  return row;
}

async function idByCode(db: Db, code: string): Promise<string | undefined> {
  const [row] = await db.select({ id: sysCategory.id }).from(sysCategory).where(eq(sysCategory.code, code));
  return row?.id;
}

/** children of one pid, with extra (bound) conditions, ordered by code */
export async function childrenOf(db: Db, pid: string, extra: SQL[] = []): Promise<CategoryNode[]> {
  const rows = await db
    .select()
    .from(sysCategory)
    .where(and(eq(sysCategory.pid, pid), ...extra))
    .orderBy(asc(sysCategory.code))
    .limit(TREE_MAX);
  return rows.map(node);
}

/** GET loadTreeRoot: children of the node with code `pcode` ('' = roots); async=false nests every descendant */
export async function loadTreeRoot(ctx: AppContext, async: boolean, pcode: string): Promise<CategoryNode[]> {
  let pid = ROOT_PID;
  if (pcode !== '') {
    const id = await idByCode(ctx.db, pcode);
    if (!id) throw bizError(`该编码【${pcode}】不存在，请核实!`);
    pid = id;
  }
  if (async) return childrenOf(ctx.db, pid);
  const all = await ctx.db.select().from(sysCategory).orderBy(asc(sysCategory.code)).limit(TREE_MAX);
  const byPid = new Map<string, CategoryRow[]>();
  for (const r of all) {
    const list = byPid.get(r.pid) ?? [];
    list.push(r);
    byPid.set(r.pid, list);
  }
  const seen = new Set<string>();
  const build = (parent: string): CategoryNode[] =>
    (byPid.get(parent) ?? [])
      .filter((r) => !seen.has(r.id) && seen.add(r.id))
      .map((r) => {
        const n = node(r);
        const kids = build(r.id);
        n.children = kids.length ? kids : null;
        n.leaf = kids.length === 0;
        return n;
      });
  return build(pid);
}

function conditionOf(ctx: AppContext, condition: string | undefined): SQL[] {
  if (!condition || condition.trim() === '') return [];
  try {
    return jsonConditionSql(CATEGORY_REGISTRY, condition);
  } catch (e) {
    if (e instanceof RegistryError) {
      ctx.log.warn({ reason: e.message }, 'category condition refused');
      throw bizError(/not JSON|not an object/.test(e.message) ? CATEGORY_MSG.badCondition : CATEGORY_MSG.refused);
    }
    throw e;
  }
}

/** GET loadTreeData: pid wins over pcode ('0' = roots) */
export async function loadTreeData(
  ctx: AppContext,
  q: { pid?: string; pcode?: string; condition?: string },
): Promise<CategoryNode[]> {
  let pid = q.pid?.trim() ?? '';
  if (pid === '') {
    const pcode = q.pcode?.trim() ?? '';
    if (pcode === '') throw bizError('加载分类字典树参数有误.[null]!');
    pid = pcode === ROOT_PID ? ROOT_PID : ((await idByCode(ctx.db, pcode)) ?? '');
    if (pid === '') throw bizError('加载分类字典树参数有误.[code]!');
  }
  return childrenOf(ctx.db, pid, conditionOf(ctx, q.condition));
}

/** a client-named column of sys_category (snake_case or camelCase) through the registry */
export function categoryColumn(field: string): PgColumn | undefined {
  const snake = field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return CATEGORY_REGISTRY.columns.get(field) ?? CATEGORY_REGISTRY.columns.get(snake);
}

/** GET loadOne ?field&val: exactly one row */
export async function loadOne(ctx: AppContext, field: string, val: string) {
  const col = categoryColumn(field);
  if (!col) {
    ctx.log.warn({ field: field.slice(0, 80) }, 'category loadOne: field refused');
    throw bizError(CATEGORY_MSG.refused);
  }
  const rows = await ctx.db.select().from(sysCategory).where(eq(col, val)).limit(2);
  if (rows.length === 0) throw bizError('查询无果');
  if (rows.length > 1) throw bizError(`查询数据异常,[${field}]存在多个值:${val}`);
  return categoryJson(rows[0]);
}

/** GET loadDictItem: names of the ids in their order; unknown ids dropped or echoed */
export async function loadDictItem(ctx: AppContext, ids: string, delNotExist: boolean): Promise<string[]> {
  const list = ids.split(',').map((s) => s.trim());
  if (list.length > 1000) throw bizError('ids 过多，最多 1000 个');
  const wanted = [...new Set(list.filter(Boolean))];
  const rows = wanted.length
    ? await ctx.db
        .select({ id: sysCategory.id, name: sysCategory.name })
        .from(sysCategory)
        .where(inArray(sysCategory.id, wanted))
    : [];
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const out: string[] = [];
  for (const id of list) {
    const n = names.get(id);
    if (n !== undefined) out.push(n);
    else if (!delNotExist) out.push(id);
  }
  return out;
}

/** GET loadAllData ?code: every category whose code starts with `code` ('0' = all) as DictModel */
export async function loadAllData(ctx: AppContext, code: string) {
  const rows = await ctx.db
    .select({ id: sysCategory.id, name: sysCategory.name })
    .from(sysCategory)
    .where(code && code !== ROOT_PID ? like(sysCategory.code, `${escapeLike(code)}%`) : undefined)
    .orderBy(asc(sysCategory.code))
    .limit(TREE_MAX);
  if (rows.length === 0) throw bizError('无数据,参数有误.[code]');
  return rows.map((r) => ({ value: r.id, text: r.name, title: r.name, label: r.name }));
}

/** GET checkCode ?pid&code: a code must start with its parent's code */
export async function checkCode(ctx: AppContext, pid: string, code: string): Promise<void> {
  if (code === '') throw bizError('错误,类型编码为空!');
  if (pid === '' || pid === ROOT_PID) return;
  const parent = await byId(ctx.db, pid);
  if (!parent) throw bizError(CATEGORY_MSG.parentMissing);
  if (!code.startsWith(parent.code)) throw bizError(`编码不符合规范,须以"${parent.code}"开头!`);
}

// ---------------------------------------------------------------- codes

/**
 * The next free code under `pid` (fill rule category_code_rule): the greatest well-formed sibling code + 1, or the
 * parent's code + A01 for a first child. Read-only: callers insert and retry on a unique violation.
 */
export async function nextCategoryCode(db: Db, pid: string): Promise<string> {
  let parentCode: string | null = null;
  if (pid !== ROOT_PID) {
    const parent = await byId(db, pid);
    if (!parent) throw bizError(CATEGORY_MSG.parentMissing);
    if (!isOrgCode(parent.code)) throw bizError(`上级分类编码【${parent.code}】不符合规范，无法生成编码`);
    parentCode = parent.code;
  }
  const siblings = await db
    .select({ code: sysCategory.code })
    .from(sysCategory)
    .where(and(eq(sysCategory.pid, pid), like(sysCategory.code, `${parentCode ?? ''}___`)))
    .orderBy(sql`${sysCategory.code} desc`)
    .limit(50);
  const max = siblings.map((s) => s.code).find((c) => isOrgCode(c)) ?? null;
  try {
    return await allocateCode(max, parentCode, async (candidate) => (await idByCode(db, candidate)) !== undefined);
  } catch {
    throw bizError('分类编码已用尽，无法生成新的编码');
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | null, i = 0; e && i < 5; e = e.cause as never, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

export interface CategoryInput {
  pid?: string | null;
  name: string;
}

/** POST add: the code is always generated; the parent gets has_child '1' */
export async function addCategory(ctx: AppContext, user: UserRow, input: CategoryInput): Promise<CategoryRow> {
  const pid = input.pid && input.pid.trim() !== '' ? input.pid.trim() : ROOT_PID;
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => {
        // adds under one parent take their codes one after another (held until commit): parallel adds never
        // collide, however many there are; the unique index + retry below stays as the safety net
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sys_category:${pid}`}))`);
        const code = await nextCategoryCode(tx as unknown as Db, pid);
        const id = newId();
        const [row] = await tx
          .insert(sysCategory)
          .values({
            id,
            pid,
            name: input.name,
            code,
            hasChild: '0',
            sysOrgCode: user.orgCode ?? null,
            createBy: user.username,
            createTime: new Date(),
          })
          .returning();
        if (pid !== ROOT_PID) {
          await tx
            .update(sysCategory)
            .set({ hasChild: '1' })
            .where(
              and(eq(sysCategory.id, pid), or(ne(sysCategory.hasChild, '1'), sql`${sysCategory.hasChild} is null`)),
            );
        }
        return row;
      });
    } catch (err) {
      // two adds under the same parent took the same code: the loser takes the next one
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
    }
  }
}

/** PUT edit: the name (a node keeps its place in the tree and its code) */
export async function editCategory(ctx: AppContext, user: UserRow, id: string, input: CategoryInput): Promise<void> {
  const current = await byId(ctx.db, id);
  if (!current) throw bizError(CATEGORY_MSG.notFound);
  const pid = input.pid && input.pid.trim() !== '' ? input.pid.trim() : current.pid;
  if (pid !== current.pid) throw bizError('不支持修改上级分类，请删除后在新的上级下重新添加');
  await ctx.db
    .update(sysCategory)
    .set({ name: input.name, updateBy: user.username, updateTime: new Date() })
    .where(eq(sysCategory.id, id));
}

/** DELETE delete / deleteBatch: the nodes and their subtrees; parents left without children get has_child '0' */
export async function deleteCategories(ctx: AppContext, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return ctx.db.transaction(async (tx) => {
    const roots = await tx
      .select({ id: sysCategory.id, pid: sysCategory.pid })
      .from(sysCategory)
      .where(inArray(sysCategory.id, ids));
    if (roots.length === 0) return 0;
    const sub = await queryRows<{ id: string }>(
      tx as unknown as Db,
      sql`with recursive sub(id) as (
            select id from sys_category where id in (${sql.join(
              roots.map((r) => sql`${r.id}`),
              sql`, `,
            )})
            union
            select c.id from sys_category c join sub on c.pid = sub.id
          ) select id from sub`,
    );
    const all = sub.map((r) => r.id);
    for (let i = 0; i < all.length; i += 1000) {
      await tx.delete(sysCategory).where(inArray(sysCategory.id, all.slice(i, i + 1000)));
    }
    const parents = [...new Set(roots.map((r) => r.pid))].filter((p) => p !== ROOT_PID);
    if (parents.length) {
      await tx
        .update(sysCategory)
        .set({ hasChild: '0' })
        .where(
          and(
            inArray(sysCategory.id, parents),
            sql`not exists (select 1 from sys_category c where c.pid = ${sysCategory.id})`,
          ),
        );
    }
    return roots.length;
  });
}

export async function queryById(ctx: AppContext, id: string) {
  const row = await byId(ctx.db, id);
  if (!row) throw bizError(CATEGORY_MSG.notFound);
  return categoryJson(row);
}

/** GET childList: the children of pid (all categories matching the filters), ordered by code */
export async function childList(ctx: AppContext, where: SQL | undefined) {
  const rows = await ctx.db.select().from(sysCategory).where(where).orderBy(asc(sysCategory.code)).limit(TREE_MAX);
  return rows.map(categoryJson);
}

/** GET getChildListBatch ?parentIds: the children of several parents, as a one-page answer */
export async function childListBatch(ctx: AppContext, parentIds: string[]) {
  const rows = parentIds.length
    ? await ctx.db
        .select()
        .from(sysCategory)
        .where(inArray(sysCategory.pid, parentIds))
        .orderBy(asc(sysCategory.code))
        .limit(TREE_MAX)
    : [];
  return {
    records: rows.map(categoryJson),
    total: rows.length,
    size: 10,
    current: 1,
    orders: [],
    optimizeCountSql: true,
    searchCount: true,
    countId: null,
    maxLimit: null,
    pages: Math.ceil(rows.length / 10),
  };
}
