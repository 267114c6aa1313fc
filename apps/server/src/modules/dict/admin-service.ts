import { and, asc, desc, eq, ilike, inArray, ne } from 'drizzle-orm';
import type { AppContext, UserRow } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { sysDict, sysDictItem } from '../../db/schema/index.ts';
import { writeDataLog } from '../../platform/data-log.ts';
import { invalidateDictCache } from '../../platform/dict-cache.ts';
import { bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { defineListEntity, escapeLike } from '../../platform/list-query.ts';
import { rowJson } from '../../platform/serialize.ts';
import type { DictBody, DictItemBody } from './admin-schema.ts';

/**
 * Dictionary management (contract §4.5): sys_dict with logical delete (recycle bin) and its items.
 * Every committed change calls invalidateDictCache, which bumps the cache generation in the shared KV and publishes on
 * the dict-cache channel — no node serves the old items afterwards (platform/dict-cache.ts).
 */

export const DICT_MSG = {
  saved: '保存成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  restored: '操作成功!',
  notFound: '未找到对应实体',
  badIds: '参数不识别！',
  codeTaken: '字典编码已存在！',
  valueFree: '该值可用！',
  valueTaken: '该值不可用，系统中已存在！',
  dictMissing: '字典不存在或已删除',
} as const;

export const dictEntity = defineListEntity({
  table: sysDict,
  sortable: ['createTime', 'updateTime', 'dictName', 'dictCode', 'type'],
  defaultSort: { column: 'createTime', order: 'desc' },
  searchable: ['dictName', 'dictCode', 'description', 'type'],
  where: () => eq(sysDict.delFlag, 0),
});

export const dictItemEntity = defineListEntity({
  table: sysDictItem,
  sortable: ['sortOrder', 'createTime', 'updateTime', 'itemText', 'itemValue', 'status'],
  defaultSort: { column: 'sortOrder', order: 'asc' },
  dictFields: { status: 'dict_item_status' },
  searchable: ['dictId', 'itemText', 'itemValue', 'description', 'status'],
});

/** sys_data_log snapshot of a dictionary after a change (platform/data-log.ts). */
async function logDict(ctx: AppContext, id: string, by: string): Promise<void> {
  const [row] = await ctx.db.select().from(sysDict).where(eq(sysDict.id, id));
  if (!row) return;
  try {
    await writeDataLog(ctx.db, { table: 'sys_dict', id, row, by });
  } catch (err) {
    // the data log is a history aid: a failure there must not fail the committed edit
    ctx.log.warn({ err }, 'dict data log failed');
  }
}

const now = () => new Date();

async function activeDict(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(sysDict)
    .where(and(eq(sysDict.id, id), eq(sysDict.delFlag, 0)));
  return row;
}

async function codeTaken(db: Db, code: string, exceptId?: string): Promise<boolean> {
  // deleted dictionaries keep their code (unique index): a restore must never collide
  const rows = await db
    .select({ id: sysDict.id })
    .from(sysDict)
    .where(exceptId ? and(eq(sysDict.dictCode, code), ne(sysDict.id, exceptId)) : eq(sysDict.dictCode, code))
    .limit(1);
  return rows.length > 0;
}

export async function addDict(ctx: AppContext, user: UserRow, body: DictBody): Promise<string> {
  if (await codeTaken(ctx.db, body.dictCode)) throw bizError(DICT_MSG.codeTaken);
  const id = newId();
  await ctx.db.insert(sysDict).values({
    id,
    dictName: body.dictName,
    dictCode: body.dictCode,
    description: body.description,
    type: body.type,
    delFlag: 0,
    createBy: user.username,
    createTime: now(),
  });
  await invalidateDictCache(ctx);
  await logDict(ctx, id, user.username);
  return id;
}

export async function editDict(ctx: AppContext, user: UserRow, id: string, body: DictBody): Promise<void> {
  const current = await activeDict(ctx.db, id);
  if (!current) throw bizError(DICT_MSG.notFound);
  if (body.dictCode !== current.dictCode && (await codeTaken(ctx.db, body.dictCode, id))) {
    throw bizError(DICT_MSG.codeTaken);
  }
  await ctx.db
    .update(sysDict)
    .set({
      dictName: body.dictName,
      dictCode: body.dictCode,
      description: body.description,
      type: body.type,
      updateBy: user.username,
      updateTime: now(),
    })
    .where(eq(sysDict.id, id));
  await invalidateDictCache(ctx);
  await logDict(ctx, id, user.username);
}

/** logical delete (recycle bin); answers how many rows moved */
export async function deleteDicts(ctx: AppContext, user: UserRow, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await ctx.db
    .update(sysDict)
    .set({ delFlag: 1, updateBy: user.username, updateTime: now() })
    .where(and(inArray(sysDict.id, ids), eq(sysDict.delFlag, 0)))
    .returning({ id: sysDict.id });
  if (res.length) await invalidateDictCache(ctx);
  return res.length;
}

export async function deletedDicts(ctx: AppContext) {
  const rows = await ctx.db
    .select()
    .from(sysDict)
    .where(eq(sysDict.delFlag, 1))
    .orderBy(desc(sysDict.updateTime), asc(sysDict.dictCode))
    .limit(1000);
  return rows.map((r) => rowJson(r));
}

/** purge one dictionary of the recycle bin with its items */
export async function purgeDict(ctx: AppContext, id: string): Promise<void> {
  const done = await ctx.db.transaction(async (tx) => {
    const gone = await tx
      .delete(sysDict)
      .where(and(eq(sysDict.id, id), eq(sysDict.delFlag, 1)))
      .returning({ id: sysDict.id });
    if (gone.length === 0) return false;
    await tx.delete(sysDictItem).where(eq(sysDictItem.dictId, id));
    return true;
  });
  if (!done) throw bizError(DICT_MSG.notFound);
  await invalidateDictCache(ctx);
}

export async function restoreDict(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const res = await ctx.db
    .update(sysDict)
    .set({ delFlag: 0, updateBy: user.username, updateTime: now() })
    .where(and(eq(sysDict.id, id), eq(sysDict.delFlag, 1)))
    .returning({ id: sysDict.id });
  if (res.length === 0) throw bizError(DICT_MSG.notFound);
  await invalidateDictCache(ctx);
}

/** GET /sys/dict/treeList: every non-deleted dictionary as SysDictTree (name filter = contains) */
export async function dictTreeList(ctx: AppContext, dictName?: string) {
  const name = dictName?.trim();
  const rows = await ctx.db
    .select()
    .from(sysDict)
    .where(and(eq(sysDict.delFlag, 0), name ? ilike(sysDict.dictName, `%${escapeLike(name)}%`) : undefined))
    .orderBy(desc(sysDict.createTime), asc(sysDict.dictCode))
    .limit(10_000);
  return rows.map((r) => ({
    key: r.id,
    title: r.dictName,
    id: r.id,
    dictName: r.dictName,
    dictCode: r.dictCode,
    type: r.type,
    description: r.description,
    children: null,
  }));
}

// ---------------------------------------------------------------- items

async function valueTaken(db: Db, dictId: string, value: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: sysDictItem.id })
    .from(sysDictItem)
    .where(
      and(
        eq(sysDictItem.dictId, dictId),
        eq(sysDictItem.itemValue, value),
        exceptId ? ne(sysDictItem.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** GET /sys/dictItem/dictItemCheck: is `itemValue` free in the dictionary (excluding the edited item)? */
export async function itemValueFree(ctx: AppContext, dictId: string, value: string, exceptId?: string) {
  return !(await valueTaken(ctx.db, dictId, value, exceptId || undefined));
}

export async function addDictItem(ctx: AppContext, user: UserRow, body: DictItemBody): Promise<string> {
  if (!(await activeDict(ctx.db, body.dictId))) throw bizError(DICT_MSG.dictMissing);
  if (await valueTaken(ctx.db, body.dictId, body.itemValue)) throw bizError(DICT_MSG.valueTaken);
  const id = newId();
  await ctx.db.insert(sysDictItem).values({
    id,
    dictId: body.dictId,
    itemText: body.itemText,
    itemValue: body.itemValue,
    description: body.description,
    sortOrder: body.sortOrder,
    status: body.status,
    createBy: user.username,
    createTime: now(),
  });
  await invalidateDictCache(ctx);
  return id;
}

export async function editDictItem(ctx: AppContext, user: UserRow, id: string, body: DictItemBody): Promise<void> {
  const [current] = await ctx.db.select().from(sysDictItem).where(eq(sysDictItem.id, id));
  if (!current) throw bizError(DICT_MSG.notFound);
  // an item never moves to another dictionary
  if (body.dictId !== current.dictId) throw bizError(DICT_MSG.notFound);
  if (await valueTaken(ctx.db, current.dictId, body.itemValue, id)) throw bizError(DICT_MSG.valueTaken);
  await ctx.db
    .update(sysDictItem)
    .set({
      itemText: body.itemText,
      itemValue: body.itemValue,
      description: body.description,
      sortOrder: body.sortOrder,
      status: body.status,
      updateBy: user.username,
      updateTime: now(),
    })
    .where(eq(sysDictItem.id, id));
  await invalidateDictCache(ctx);
}

export async function deleteDictItems(ctx: AppContext, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await ctx.db.delete(sysDictItem).where(inArray(sysDictItem.id, ids)).returning({ id: sysDictItem.id });
  if (res.length) await invalidateDictCache(ctx);
  return res.length;
}

/** number of items per dictionary id (for the export) */
export async function itemsOfDicts(db: Db, dictIds: string[]) {
  if (dictIds.length === 0) return [];
  return db
    .select()
    .from(sysDictItem)
    .where(inArray(sysDictItem.dictId, dictIds))
    .orderBy(asc(sysDictItem.dictId), asc(sysDictItem.sortOrder), asc(sysDictItem.itemValue));
}
