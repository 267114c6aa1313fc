import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import {
  onlAuthData,
  onlAuthPage,
  onlAuthRelation,
  onlCgformButton,
  onlCgformField,
  onlCgformHead,
  onlCgformIndex,
} from '../../../db/schema/index.ts';
import { bizError } from '../../../platform/errors.ts';
import { newId } from '../../../platform/ids.ts';
import { assertIdent, IDENT_RE, isReservedTable, quoteIdent } from '../ident.ts';
import {
  COPY_NAME_RE,
  checkDefinition,
  columnSignature,
  type DefinitionIn,
  DefinitionInput,
  type FieldIn,
  FieldInput,
  normalizeDefinition,
} from './definition.ts';
import {
  currentColumns,
  loadDefinition,
  lockDdl,
  mainDefinitions,
  type StoredDefinition,
  tableExists,
} from './sync.ts';

/**
 * Writes of form definitions (designer save, copy, remove/delete, import from the database). Each runs inside the
 * caller's transaction after taking the same advisory lock as a sync, so name checks and writes cannot interleave.
 */

type HeadRow = StoredDefinition['head'];

const HEAD_KEYS = [
  'tableTxt',
  'tableType',
  'isCheckbox',
  'isPage',
  'isTree',
  'idType',
  'idSequence',
  'queryMode',
  'relationType',
  'tabOrderNum',
  'treeParentIdField',
  'treeIdField',
  'treeFieldname',
  'formCategory',
  'formTemplate',
  'formTemplateMobile',
  'scroll',
  'themeTemplate',
  'extConfigJson',
  'isDesForm',
  'desFormCode',
] as const;

const FIELD_KEYS = [
  'dbFieldName',
  'dbFieldTxt',
  'dbIsKey',
  'dbIsNull',
  'dbType',
  'dbLength',
  'dbPointLength',
  'dbDefaultVal',
  'dictField',
  'dictTable',
  'dictText',
  'fieldShowType',
  'fieldHref',
  'fieldLength',
  'fieldValidType',
  'fieldMustInput',
  'fieldExtendJson',
  'fieldDefaultValue',
  'isQuery',
  'isShowForm',
  'isShowList',
  'isReadOnly',
  'queryMode',
  'mainTable',
  'mainField',
  'orderNum',
  'converter',
  'queryDefVal',
  'queryDictText',
  'queryDictField',
  'queryDictTable',
  'queryShowType',
  'queryConfigFlag',
  'queryValidType',
  'queryMustInput',
  'sortFlag',
] as const;

const pick = <K extends string>(o: Record<string, unknown>, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, o[k] ?? null])) as Record<K, unknown>;

function fieldRow(f: FieldIn, headId: string, id: string, old: string | null, by: string, at: Date) {
  const v = pick(f as Record<string, unknown>, FIELD_KEYS);
  // columns with a NOT NULL default in the schema must not receive null
  return {
    ...v,
    dbIsKey: f.dbIsKey,
    dbIsNull: f.dbIsNull,
    dbLength: f.dbLength,
    isQuery: f.isQuery,
    isShowForm: f.isShowForm,
    isShowList: f.isShowList,
    isReadOnly: f.isReadOnly,
    orderNum: f.orderNum ?? 0,
    id,
    cgformHeadId: headId,
    dbFieldNameOld: old,
    createBy: by,
    createTime: at,
  } as typeof onlCgformField.$inferInsert;
}

/** Is `name` taken by another definition (copies included)? */
async function nameTaken(tx: Db, name: string, exceptId?: string): Promise<boolean> {
  const [hit] = await tx
    .select({ id: onlCgformHead.id })
    .from(onlCgformHead)
    .where(and(eq(onlCgformHead.tableName, name), exceptId ? ne(onlCgformHead.id, exceptId) : undefined))
    .limit(1);
  return !!hit;
}

/** The foreign keys of sub definitions (not copies) naming one of `mains`. */
async function subReferences(
  tx: Db,
  mains: string[],
): Promise<Array<{ main: string; sub: string; mainField: string }>> {
  if (!mains.length) return [];
  const rows = await tx
    .select({ main: onlCgformField.mainTable, sub: onlCgformHead.tableName, mainField: onlCgformField.mainField })
    .from(onlCgformField)
    .innerJoin(onlCgformHead, eq(onlCgformHead.id, onlCgformField.cgformHeadId))
    .where(
      and(inArray(onlCgformField.mainTable, mains), eq(onlCgformHead.copyType, 0), eq(onlCgformHead.tableType, 3)),
    );
  return rows.map((r) => ({ main: r.main ?? '', sub: r.sub, mainField: r.mainField ?? '' }));
}

/** Recomputes every main definition's sub_table_str from the sub definitions' foreign keys. */
export async function refreshSubTables(tx: Db): Promise<void> {
  const subs = await queryRows<{ main_table: string; table_name: string; tab_order_num: number | null }>(
    tx,
    sql`select distinct f.main_table, h.table_name, h.tab_order_num
        from ${onlCgformHead} h join ${onlCgformField} f on f.cgform_head_id = h.id
        where h.table_type = 3 and h.copy_type = 0 and f.main_table is not null and f.main_table <> ''`,
  );
  const byMain = new Map<string, Array<{ name: string; order: number }>>();
  for (const s of subs) {
    if (!byMain.has(s.main_table)) byMain.set(s.main_table, []);
    byMain.get(s.main_table)!.push({ name: s.table_name, order: s.tab_order_num ?? 0 });
  }
  const mains = await tx
    .select({ id: onlCgformHead.id, tableName: onlCgformHead.tableName, subTableStr: onlCgformHead.subTableStr })
    .from(onlCgformHead)
    .where(and(eq(onlCgformHead.tableType, 2), eq(onlCgformHead.copyType, 0)));
  for (const m of mains) {
    const list = (byMain.get(m.tableName) ?? [])
      .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
      .map((s) => s.name);
    const value = list.length ? [...new Set(list)].join(',') : null;
    if (value !== (m.subTableStr || null)) {
      await tx.update(onlCgformHead).set({ subTableStr: value }).where(eq(onlCgformHead.id, m.id));
    }
  }
}

export interface SaveResult {
  headId: string;
}

/**
 * api/addAll (no head.id) and api/editAll: validates the whole definition as it will be stored, then replaces the
 * head's fields and indexes. Field ids of the body that belong to the head are kept (so renames are tracked through
 * db_field_name_old); anything else is new. A change to a column, an index or the table name makes the form 未同步.
 */
export async function saveDefinition(
  tx: Db,
  raw: DefinitionIn,
  mode: 'add' | 'edit',
  by: string,
  /** seeds: the id of a new head (JeecgBoot's well-known ids) */
  opts: { newHeadId?: string } = {},
): Promise<SaveResult> {
  await lockDdl(tx);
  const at = new Date();
  let existing: StoredDefinition | null = null;
  if (mode === 'edit') {
    if (!raw.head.id) throw bizError('参数 head.id 不能为空');
    existing = await loadDefinition(tx, raw.head.id);
    if (!existing) throw bizError('实体不存在');
  }
  if (mode === 'add' && !raw.fields.length) throw bizError('字段列表不能为空');
  const isCopy = existing?.head.copyType === 1;
  const def = normalizeDefinition(raw, { addConventionFields: mode === 'add' });
  if (isCopy) def.head.tableName = existing!.head.tableName;
  const table = assertIdent(def.head.tableName, '表名');

  // edit: fields not in the body stay unless deleted; body fields with a known id replace theirs
  const deleted = new Set(def.deleteFieldIds);
  const known = new Map((existing?.fields ?? []).map((f) => [f.id, f]));
  const bodyIds = new Set(def.fields.map((f) => f.id).filter((id): id is string => !!id && known.has(id)));
  const kept: FieldIn[] = (existing?.fields ?? [])
    .filter((f) => !deleted.has(f.id) && !bodyIds.has(f.id))
    .map((f) => ({ ...FieldInput.parse(f), id: f.id }));
  const fields = [...kept, ...def.fields.filter((f) => !(f.id && deleted.has(f.id) && known.has(f.id)))];
  const full: DefinitionIn = { ...def, fields };

  let physicFields: Set<string> | undefined;
  if (isCopy) {
    const physic = existing!.head.physicId ? await loadDefinition(tx, existing!.head.physicId) : null;
    physicFields = new Set((physic?.fields ?? []).map((f) => f.dbFieldName));
  }
  checkDefinition(full, { mains: await mainDefinitions(tx), physicFields }, { copy: isCopy });

  // a main table its sub tables refer to keeps its name, its type and the fields their foreign keys name
  if (existing && !isCopy && existing.head.tableType === 2) {
    const refs = await subReferences(tx, [existing.head.tableName]);
    if (refs.length) {
      const subs = [...new Set(refs.map((r) => r.sub))].join('、');
      if (existing.head.tableName !== table || def.head.tableType !== 2) {
        throw bizError(`主表「${existing.head.tableName}」仍有附表「${subs}」，不能修改表名或表类型`);
      }
      const names = new Set(fields.map((f) => f.dbFieldName));
      const lost = refs.find((r) => !names.has(r.mainField));
      if (lost) throw bizError(`字段「${lost.mainField}」被附表「${lost.sub}」的外键引用，不能删除或改名`);
    }
  }

  // the table name
  const renamed = existing && existing.head.tableName !== table;
  if (!existing || renamed) {
    if (await nameTaken(tx, table, existing?.head.id)) throw bizError(`表名「${table}」已存在`);
    if (await tableExists(tx, table)) {
      throw bizError(`数据库中已存在表「${table}」，请使用“从数据库导入表单”`);
    }
  }
  if (renamed && (await tableExists(tx, existing!.head.tableName))) {
    throw bizError(`表「${existing!.head.tableName}」已同步到数据库，不能修改表名（可复制或删除后重建）`);
  }

  const headId = existing?.head.id ?? opts.newHeadId ?? newId();
  const headValues = pick(def.head as Record<string, unknown>, HEAD_KEYS);
  const usedIds = new Set<string>();
  const fieldRows = fields.map((f) => {
    // an id sent twice is one field: the second one is new
    const prev = f.id && !usedIds.has(f.id) ? known.get(f.id) : undefined;
    if (prev) usedIds.add(prev.id);
    return fieldRow(f, headId, prev ? prev.id : newId(), prev?.dbFieldNameOld ?? null, by, at);
  });

  // indexes: removed ones that exist in the database are kept with del_flag 1 until the next sync drops them
  const defined = new Set(def.indexs.map((x) => x.indexName));
  const removedIndexes = (existing?.indexes ?? []).filter(
    (x) => !defined.has(x.indexName) && (x.delFlag !== 0 || x.isDbSynch === 'Y'),
  );
  const indexRows = [
    ...def.indexs.map((x) => ({
      id: newId(),
      cgformHeadId: headId,
      indexName: x.indexName,
      indexField: x.indexField,
      indexType: x.indexType ?? 'normal',
      isDbSynch: 'N',
      delFlag: 0,
      createBy: by,
      createTime: at,
    })),
    ...removedIndexes.map((x) => ({ ...x, delFlag: 1 })),
  ];

  let isDbSynch = 'N';
  if (existing && !renamed && existing.head.isDbSynch === 'Y') {
    const sig = (rows: Array<Parameters<typeof columnSignature>[0]>) => rows.map(columnSignature).sort().join('\n');
    const idxSig = (rows: Array<{ indexName: string; indexField: string; indexType: string | null }>) =>
      rows
        .map((x) => `${x.indexName}:${x.indexField}:${x.indexType ?? 'normal'}`)
        .sort()
        .join('\n');
    const before = existing.indexes.filter((x) => x.delFlag === 0);
    const sameCols = sig(existing.fields) === sig(fieldRows as never);
    const sameIdx = idxSig(before) === idxSig(def.indexs as never) && !removedIndexes.some((x) => x.delFlag === 0);
    const renames = fieldRows.some((f) => f.dbFieldNameOld && f.dbFieldNameOld !== f.dbFieldName);
    if (sameCols && sameIdx && !renames) isDbSynch = 'Y';
  }
  if (isCopy) {
    // a copy has no table of its own: its sync state is its original's (ADR 031)
    const [orig] = existing!.head.physicId
      ? await tx
          .select({ s: onlCgformHead.isDbSynch })
          .from(onlCgformHead)
          .where(eq(onlCgformHead.id, existing!.head.physicId))
      : [];
    isDbSynch = orig?.s === 'Y' ? 'Y' : 'N';
  }

  if (existing) {
    await tx
      .update(onlCgformHead)
      .set({ ...headValues, tableName: table, isDbSynch, updateBy: by, updateTime: at } as never)
      .where(eq(onlCgformHead.id, headId));
    if (!isCopy)
      await tx
        .update(onlCgformHead)
        .set({ isDbSynch })
        .where(and(eq(onlCgformHead.physicId, headId), eq(onlCgformHead.copyType, 1)));
    await tx.delete(onlCgformField).where(eq(onlCgformField.cgformHeadId, headId));
    await tx.delete(onlCgformIndex).where(eq(onlCgformIndex.cgformHeadId, headId));
  } else {
    await tx.insert(onlCgformHead).values({
      ...headValues,
      id: headId,
      tableName: table,
      tableVersion: 1,
      isDbSynch,
      copyType: 0,
      createBy: by,
      createTime: at,
    } as never);
  }
  await tx.insert(onlCgformField).values(fieldRows);
  if (indexRows.length) await tx.insert(onlCgformIndex).values(indexRows as never);
  await refreshSubTables(tx);
  return { headId };
}

/** head/copyOnline: a copy of a definition's head and fields, named `<table>__<n>`, sharing the physical table. */
export async function copyDefinition(
  tx: Db,
  headId: string,
  by: string,
): Promise<{ headId: string; tableName: string }> {
  await lockDdl(tx);
  const src = await loadDefinition(tx, headId);
  if (!src) throw bizError('实体不存在');
  if (src.head.copyType === 1) throw bizError('复制的表单不能再复制，请复制原表单');
  const [{ max }] = await queryRows<{ max: number | null }>(
    tx,
    sql`select max(copy_version)::int as max from ${onlCgformHead} where physic_id = ${headId}`,
  );
  let n = Number(max ?? 0) + 1;
  let name: string;
  for (;;) {
    const suffix = `__${n}`;
    name = `${src.head.tableName.slice(0, 63 - suffix.length)}${suffix}`;
    if (!(await nameTaken(tx, name)) && !(await tableExists(tx, name))) break;
    n++;
  }
  const at = new Date();
  const id = newId();
  const { id: _id, createTime: _c, updateTime: _u, updateBy: _ub, ...rest } = src.head;
  await tx.insert(onlCgformHead).values({
    ...rest,
    id,
    tableName: name,
    copyType: 1,
    physicId: headId,
    copyVersion: n,
    subTableStr: null,
    createBy: by,
    createTime: at,
  });
  if (src.fields.length) {
    await tx.insert(onlCgformField).values(
      src.fields.map(({ id: _fid, updateBy: _a, updateTime: _b, ...f }) => ({
        ...f,
        id: newId(),
        cgformHeadId: id,
        createBy: by,
        createTime: at,
      })),
    );
  }
  return { headId: id, tableName: name };
}

/**
 * head/delete (dropTable) and head/removeRecord: the definitions, their copies, fields, indexes, buttons and online
 * auth rules; with dropTable also the physical table of each non-copy definition.
 */
export async function removeDefinitions(tx: Db, ids: readonly string[], dropTable: boolean): Promise<string[]> {
  await lockDdl(tx);
  if (!ids.length) return [];
  const heads = await tx
    .select()
    .from(onlCgformHead)
    .where(inArray(onlCgformHead.id, [...ids]));
  if (!heads.length) return [];
  const gone = new Set(heads.filter((h) => h.copyType === 0).map((h) => h.tableName));
  const refs = (await subReferences(tx, [...gone])).filter((r) => !gone.has(r.sub));
  if (refs.length) {
    const r = refs[0];
    throw bizError(`主表「${r.main}」仍有附表「${r.sub}」，请先删除附表（或一起删除）`);
  }
  const copies = await tx
    .select({ id: onlCgformHead.id })
    .from(onlCgformHead)
    .where(
      and(
        inArray(
          onlCgformHead.physicId,
          heads.map((h) => h.id),
        ),
        eq(onlCgformHead.copyType, 1),
      ),
    );
  if (dropTable) {
    for (const h of heads as HeadRow[]) {
      if (h.copyType === 1) continue;
      if (!IDENT_RE.test(h.tableName) || isReservedTable(h.tableName)) continue;
      await tx.execute(sql.raw(`DROP TABLE IF EXISTS ${quoteIdent(h.tableName)}`));
    }
  }
  const all = [...new Set([...heads.map((h) => h.id), ...copies.map((c) => c.id)])];
  await tx.delete(onlCgformField).where(inArray(onlCgformField.cgformHeadId, all));
  await tx.delete(onlCgformIndex).where(inArray(onlCgformIndex.cgformHeadId, all));
  await tx.delete(onlCgformButton).where(inArray(onlCgformButton.cgformHeadId, all));
  await tx.delete(onlAuthPage).where(inArray(onlAuthPage.cgformId, all));
  await tx.delete(onlAuthData).where(inArray(onlAuthData.cgformId, all));
  await tx.delete(onlAuthRelation).where(inArray(onlAuthRelation.cgformId, all));
  await tx.delete(onlCgformHead).where(inArray(onlCgformHead.id, all));
  await refreshSubTables(tx);
  return all;
}

/** Tables of this schema a form could be made from: not reserved, safely named, not defined yet. */
export async function importableTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select t.table_name as name from information_schema.tables t
        where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
          and not exists (select 1 from ${onlCgformHead} h where h.table_name = t.table_name)
        order by t.table_name`,
  );
  return rows.map((r) => r.name).filter((n) => IDENT_RE.test(n) && !isReservedTable(n) && !COPY_NAME_RE.test(n));
}

interface CatalogIndex {
  name: string;
  uniq: boolean;
  cols: string[] | string;
  has_expr: boolean;
}

/** head/transTables/{names}: each table becomes a synchronised single-table definition of its columns. */
export async function importTable(tx: Db, rawName: string, by: string): Promise<string> {
  await lockDdl(tx);
  const table = assertIdent(rawName.trim(), '表名');
  if (isReservedTable(table) || COPY_NAME_RE.test(table)) throw bizError(`表「${table}」是系统保留的表，不能导入`);
  if (await nameTaken(tx, table)) throw bizError(`表「${table}」已有表单定义`);
  if (!(await tableExists(tx, table))) throw bizError(`数据库中不存在表「${table}」`);
  const cols = await currentColumns(tx, table);
  // comments become labels, as JeecgBoot's import does (the table's comment is the form's description)
  const comments = await queryRows<{ name: string | null; comment: string | null }>(
    tx,
    sql`select a.attname::text as name, col_description(c.oid, a.attnum) as comment
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = current_schema() and c.relname = ${table}
        union all
        select null, obj_description(c.oid, 'pg_class') from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relname = ${table}`,
  );
  const label = (name: string | null) =>
    comments
      .find((c) => c.name === name)
      ?.comment?.trim()
      .slice(0, 200) || null;
  const conventions = new Set(['create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code']);
  const fields: Array<Record<string, unknown>> = [];
  cols.forEach((c, i) => {
    const name = assertIdent(c.name, '字段名');
    const hidden = name === 'id' || conventions.has(name);
    const f: Record<string, unknown> = {
      dbFieldName: name,
      dbFieldTxt: label(name) ?? name,
      dbIsNull: c.nullable ? 1 : 0,
      dbIsKey: name === 'id' ? 1 : 0,
      isReadOnly: name === 'id' ? 1 : 0,
      isShowForm: hidden ? 0 : 1,
      isShowList: hidden ? 0 : 1,
      orderNum: i,
    };
    const m = /^(?:varchar|char)\((\d+)\)$/.exec(c.type) ?? /^numeric\((\d+),(\d+)\)$/.exec(c.type);
    if (/^(?:varchar|char)/.test(c.type) && m) Object.assign(f, { dbType: 'string', dbLength: Number(m[1]) });
    else if (c.type.startsWith('numeric(') && m) {
      Object.assign(f, { dbType: 'BigDecimal', dbLength: Number(m[1]), dbPointLength: Number(m[2]) });
    } else if (c.type === 'integer' || c.type === 'smallint') Object.assign(f, { dbType: 'int', dbLength: 10 });
    else if (c.type === 'bigint') Object.assign(f, { dbType: 'BigDecimal', dbLength: 19, dbPointLength: 0 });
    else if (c.type === 'double precision' || c.type === 'real') Object.assign(f, { dbType: 'double', dbLength: 15 });
    else if (c.type === 'numeric') Object.assign(f, { dbType: 'BigDecimal', dbLength: 30, dbPointLength: 8 });
    else if (c.type === 'date') Object.assign(f, { dbType: 'Date', fieldShowType: 'date' });
    else if (c.type.startsWith('timestamp')) Object.assign(f, { dbType: 'Datetime', fieldShowType: 'datetime' });
    else if (c.type.startsWith('time')) Object.assign(f, { dbType: 'Time', fieldShowType: 'time' });
    else if (c.type === 'bytea') Object.assign(f, { dbType: 'Blob', isShowList: 0, isShowForm: 0 });
    else if (c.type === 'text') Object.assign(f, { dbType: 'Text', fieldShowType: 'textarea' });
    else throw bizError(`表「${table}」的字段「${name}」类型 ${c.type} 不在支持的类型之内，不能导入`);
    fields.push(f);
  });
  const idCol = cols.find((c) => c.name === 'id');
  if (!idCol) throw bizError(`表「${table}」没有 id 字段，不能导入（表单要求主键为 id）`);
  const key = fields.find((f) => f.dbFieldName === 'id')!;
  if (key.dbType !== 'string') throw bizError(`表「${table}」的 id 字段须为字符串类型才能导入`);
  if (Number(key.dbLength) < 32) throw bizError(`表「${table}」的 id 字段长度须不小于 32 才能导入`);

  const idx = await queryRows<CatalogIndex>(
    tx,
    sql`select i.relname as name, x.indisunique as uniq,
               array_agg(a.attname::text order by k.ord) as cols, bool_or(k.attnum = 0) as has_expr
        from pg_index x
        join pg_class i on i.oid = x.indexrelid
        join pg_class t on t.oid = x.indrelid
        join pg_namespace n on n.oid = t.relnamespace
        cross join lateral unnest(x.indkey::int2[]) with ordinality as k(attnum, ord)
        left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
        where n.nspname = current_schema() and t.relname = ${table} and not x.indisprimary
          and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
        group by i.relname, x.indisunique`,
  );
  const indexs = idx
    .filter((x) => !x.has_expr && IDENT_RE.test(x.name))
    .map((x) => ({
      indexName: x.name,
      indexField: (Array.isArray(x.cols) ? x.cols : String(x.cols).replace(/[{}]/g, '').split(',')).join(','),
      indexType: x.uniq ? 'unique' : 'normal',
    }))
    .filter((x) => x.indexField.split(',').every((c) => IDENT_RE.test(c)));

  // through the designer's schemas, so stored rows look like designer-made ones
  const parsed = normalizeDefinition(
    DefinitionInput.parse({
      head: { tableName: table, tableTxt: label(null) ?? table, tableType: 1, queryMode: 'group' },
      fields,
      indexs,
    }),
    { addConventionFields: false },
  );
  checkDefinition(parsed, { mains: await mainDefinitions(tx) });
  const headId = newId();
  const at = new Date();
  await tx.insert(onlCgformHead).values({
    ...pick(parsed.head as Record<string, unknown>, HEAD_KEYS),
    id: headId,
    tableName: table,
    tableVersion: 1,
    isDbSynch: 'Y',
    copyType: 0,
    createBy: by,
    createTime: at,
  } as never);
  await tx.insert(onlCgformField).values(parsed.fields.map((f) => fieldRow(f, headId, newId(), f.dbFieldName, by, at)));
  if (parsed.indexs.length) {
    await tx.insert(onlCgformIndex).values(
      parsed.indexs.map((x) => ({
        id: newId(),
        cgformHeadId: headId,
        indexName: x.indexName,
        indexField: x.indexField,
        indexType: x.indexType ?? 'normal',
        isDbSynch: 'Y',
        delFlag: 0,
        createBy: by,
        createTime: at,
      })),
    );
  }
  return headId;
}

/** buttons of a head must have unique codes */
export async function buttonCodeTaken(db: Db, headId: string, code: string, exceptId?: string): Promise<boolean> {
  const [hit] = await db
    .select({ id: onlCgformButton.id })
    .from(onlCgformButton)
    .where(
      and(
        eq(onlCgformButton.cgformHeadId, headId),
        eq(onlCgformButton.buttonCode, code),
        exceptId ? ne(onlCgformButton.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!hit;
}
