import { eq, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, UserRow } from '../../context.ts';
import { sysDict, sysDictItem } from '../../db/schema/index.ts';
import { invalidateDictCache } from '../../platform/dict-cache.ts';
import { badRequest } from '../../platform/errors.ts';
import { type ExcelColumn, exportXlsx, importAnswer, readImport } from '../../platform/excel.ts';
import { newId } from '../../platform/ids.ts';
import { listOrderBy, listWhere } from '../../platform/list-query.ts';
import { DICT_CODE_MESSAGE, DICT_CODE_PATTERN } from './admin-schema.ts';
import { DICT_MSG, dictEntity, itemsOfDicts } from './admin-service.ts';

/**
 * Excel layout of 数据字典 export/import (one sheet, one row per dictionary item):
 *
 *   字典名称 | 字典编码 | 字典描述 | 字典类型 | 名称 | 数据值 | 描述 | 排序值 | 是否启用
 *
 * The first four columns repeat the dictionary on each of its item rows; a dictionary without items is one row with
 * the item columns empty. 字典类型 is 0 (字符串) or 1 (数字); 是否启用 is the text of dictionary dict_item_status
 * (启用 / 不启用). Import groups rows by 字典编码: an unknown code creates the dictionary (字典名称 required), a known
 * one receives the rows' items (its name and description are left as they are); a code in the recycle bin, a value
 * already present in the dictionary (or twice in the file) and malformed cells are reported per row.
 */
export const DICT_EXCEL_COLUMNS: readonly ExcelColumn[] = [
  { key: 'dictName', title: '字典名称', width: 20 },
  { key: 'dictCode', title: '字典编码', width: 20 },
  { key: 'dictDescription', title: '字典描述', width: 24 },
  { key: 'dictType', title: '字典类型', width: 10 },
  { key: 'itemText', title: '名称', width: 20 },
  { key: 'itemValue', title: '数据值', width: 16 },
  { key: 'itemDescription', title: '描述', width: 24 },
  { key: 'sortOrder', title: '排序值', width: 10 },
  { key: 'status', title: '是否启用', dict: 'dict_item_status', width: 10 },
];

export async function exportDicts(app: { ctx: AppContext }, req: FastifyRequest, reply: FastifyReply) {
  const q = (req.query && typeof req.query === 'object' ? req.query : {}) as Record<string, unknown>;
  const raw = q.selections;
  const selections = (typeof raw === 'string' ? raw : '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (selections.length > 5000) throw badRequest('参数 selections 有误：最多 5000 个');
  const where = listWhere(dictEntity, q, {
    where: selections.length ? inArray(sysDict.id, selections) : undefined,
  });
  const dicts = await app.ctx.db
    .select()
    .from(sysDict)
    .where(where)
    .orderBy(...listOrderBy(dictEntity, q));
  const items = await itemsOfDicts(
    app.ctx.db,
    dicts.map((d) => d.id),
  );
  const byDict = new Map<string, typeof items>();
  for (const it of items) {
    const list = byDict.get(it.dictId) ?? [];
    list.push(it);
    byDict.set(it.dictId, list);
  }
  const rows: Record<string, unknown>[] = [];
  for (const d of dicts) {
    const head = {
      dictName: d.dictName,
      dictCode: d.dictCode,
      dictDescription: d.description,
      dictType: d.type,
    };
    const list = byDict.get(d.id) ?? [];
    if (list.length === 0) rows.push(head);
    for (const it of list) {
      rows.push({
        ...head,
        itemText: it.itemText,
        itemValue: it.itemValue,
        itemDescription: it.description,
        sortOrder: it.sortOrder,
        status: it.status,
      });
    }
  }
  return exportXlsx(reply, { fileName: '数据字典', columns: DICT_EXCEL_COLUMNS, rows });
}

const tooLong = (v: string, max: number) => [...v].length > max;

export async function importDicts(app: { ctx: AppContext }, req: FastifyRequest, user: UserRow) {
  const { rows } = await readImport(req, { columns: DICT_EXCEL_COLUMNS });
  const ctx = app.ctx;
  const errors: { rowNo: number; message: string }[] = [];
  let imported = 0;

  await ctx.db.transaction(async (tx) => {
    const codes = [...new Set(rows.map((r) => r.values.dictCode).filter(Boolean))];
    const existing = codes.length
      ? await tx
          .select({ id: sysDict.id, code: sysDict.dictCode, delFlag: sysDict.delFlag })
          .from(sysDict)
          .where(inArray(sysDict.dictCode, codes))
      : [];
    const dictByCode = new Map(existing.map((d) => [d.code, d]));
    const values = new Map<string, Set<string>>();
    const valuesOf = async (dictId: string) => {
      let set = values.get(dictId);
      if (!set) {
        const taken = await tx
          .select({ v: sysDictItem.itemValue })
          .from(sysDictItem)
          .where(eq(sysDictItem.dictId, dictId));
        set = new Set(taken.map((t) => t.v));
        values.set(dictId, set);
      }
      return set;
    };

    for (const { rowNo, values: v } of rows) {
      const fail = (message: string) => errors.push({ rowNo, message });
      const code = v.dictCode;
      if (!code) {
        fail('字典编码不能为空');
        continue;
      }
      if (tooLong(code, 100) || !DICT_CODE_PATTERN.test(code)) {
        fail(tooLong(code, 100) ? '字典编码长度不能超过 100 个字符' : DICT_CODE_MESSAGE);
        continue;
      }
      const hasItem = v.itemText !== '' || v.itemValue !== '';
      if (hasItem) {
        if (!v.itemText) {
          fail('名称不能为空');
          continue;
        }
        if (!v.itemValue) {
          fail('数据值不能为空');
          continue;
        }
        if (tooLong(v.itemText, 100) || tooLong(v.itemValue, 100)) {
          fail('名称和数据值长度不能超过 100 个字符');
          continue;
        }
        if (tooLong(v.itemDescription, 255)) {
          fail('描述长度不能超过 255 个字符');
          continue;
        }
        if (v.sortOrder !== '' && !/^-?\d{1,9}$/.test(v.sortOrder)) {
          fail('排序值必须是整数');
          continue;
        }
        if (v.status !== '' && v.status !== '0' && v.status !== '1') {
          fail('是否启用只能是 启用 或 不启用');
          continue;
        }
      }
      let dict = dictByCode.get(code);
      if (dict && dict.delFlag !== 0) {
        fail(`字典【${code}】在回收站中，请先还原`);
        continue;
      }
      if (!dict) {
        if (!v.dictName) {
          fail('字典名称不能为空');
          continue;
        }
        if (tooLong(v.dictName, 100) || tooLong(v.dictDescription, 255)) {
          fail('字典名称或描述过长');
          continue;
        }
        if (v.dictType !== '' && v.dictType !== '0' && v.dictType !== '1') {
          fail('字典类型只能是 0 或 1');
          continue;
        }
        const id = newId();
        await tx.insert(sysDict).values({
          id,
          dictName: v.dictName,
          dictCode: code,
          description: v.dictDescription || null,
          type: v.dictType === '1' ? 1 : 0,
          delFlag: 0,
          createBy: user.username,
          createTime: new Date(),
        });
        dict = { id, code, delFlag: 0 };
        dictByCode.set(code, dict);
        values.set(id, new Set());
      }
      if (hasItem) {
        const taken = await valuesOf(dict.id);
        if (taken.has(v.itemValue)) {
          fail(`数据值【${v.itemValue}】${DICT_MSG.valueTaken}`);
          continue;
        }
        await tx.insert(sysDictItem).values({
          id: newId(),
          dictId: dict.id,
          itemText: v.itemText,
          itemValue: v.itemValue,
          description: v.itemDescription || null,
          sortOrder: v.sortOrder === '' ? 0 : Number(v.sortOrder),
          status: v.status === '0' ? 0 : 1,
          createBy: user.username,
          createTime: new Date(),
        });
        taken.add(v.itemValue);
      }
      imported++;
    }
  });
  if (imported > 0) await invalidateDictCache(ctx);
  return importAnswer(app, { total: rows.length, imported, errors });
}
