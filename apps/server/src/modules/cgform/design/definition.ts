import { FORM_VIEWS } from '@answer/contract';
import { z } from 'zod';
import { bizError } from '../../../platform/errors.ts';
import { assertIdent, dbTypeOf, defaultLiteral, isReservedTable, pgTypeOf } from '../ident.ts';

/**
 * The body of the designer's 保存 (api/addAll, api/editAll): `{head, fields, indexs, deleteFieldIds?, deleteIndexIds?}`
 * as JeecgBoot's OnlCgformHeadList sends it. zod checks shapes and lengths (HTTP 400 naming the field); checkDefinition
 * checks what makes a definition safe and synchronisable (business errors in Chinese). Nothing is written before both
 * have passed.
 */

/** form views of contract-2 §4.2: one list, in @answer/contract */
export { FORM_VIEWS };

export const THEMES = ['normal', 'tab', 'erp', 'innerTable'] as const;

/** Columns every generated table carries (JeecgBoot's designer adds them to a new form). */
export const CONVENTION_FIELDS = [
  {
    dbFieldName: 'id',
    dbFieldTxt: '主键',
    dbType: 'string',
    dbLength: 36,
    dbIsKey: 1,
    dbIsNull: 0,
    isShowForm: 0,
    isShowList: 0,
  },
  { dbFieldName: 'create_by', dbFieldTxt: '创建人', dbType: 'string', dbLength: 50, isShowForm: 0, isShowList: 0 },
  {
    dbFieldName: 'create_time',
    dbFieldTxt: '创建日期',
    dbType: 'Datetime',
    dbLength: 20,
    fieldShowType: 'datetime',
    isShowForm: 0,
    isShowList: 0,
  },
  { dbFieldName: 'update_by', dbFieldTxt: '更新人', dbType: 'string', dbLength: 50, isShowForm: 0, isShowList: 0 },
  {
    dbFieldName: 'update_time',
    dbFieldTxt: '更新日期',
    dbType: 'Datetime',
    dbLength: 20,
    fieldShowType: 'datetime',
    isShowForm: 0,
    isShowList: 0,
  },
  { dbFieldName: 'sys_org_code', dbFieldTxt: '所属部门', dbType: 'string', dbLength: 64, isShowForm: 0, isShowList: 0 },
] as const;

/** A copy (AUTO复制表单) is named `<physic table>__<n>`; other definitions may not end that way. */
export const COPY_NAME_RE = /__\d+$/;

// ------------------------------------------------------------------ zod pieces

const text = (max: number) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? null : String(v)))
    .pipe(z.string().max(max, `长度不能超过 ${max} 个字符`).nullable());

/** 0/1 flags arrive as numbers, strings or booleans from the JVxe table */
const flag = (def: 0 | 1) =>
  z
    .union([z.number(), z.string(), z.boolean()])
    .nullish()
    .transform((v) => {
      if (v === null || v === undefined || v === '') return def;
      return v === true || v === 1 || v === '1' || v === 'true' || v === 'Y' ? 1 : 0;
    });

const yn = (def: 'Y' | 'N') =>
  z
    .union([z.string(), z.boolean()])
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return def;
      if (v === true || v === 'Y' || v === 'y' || v === '1') return 'Y';
      if (v === false || v === 'N' || v === 'n' || v === '0') return 'N';
      ctx.addIssue({ code: 'custom', message: '只能是 Y 或 N' });
      return z.NEVER;
    });

const int = (min: number, max: number) =>
  z
    .union([z.number(), z.string()])
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `须为 ${min}～${max} 之间的整数` });
        return z.NEVER;
      }
      return n;
    });

const oneOf = <T extends string>(values: readonly T[], def: T | null) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return def;
      const s = String(v);
      if (!(values as readonly string[]).includes(s)) {
        ctx.addIssue({ code: 'custom', message: `只能是 ${values.join('、')} 之一` });
        return z.NEVER;
      }
      return s as T;
    });

const requiredText = (label: string, max: number) =>
  z
    .string({ message: `${label}不能为空` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(max, `${label}长度不能超过 ${max} 个字符`);

export const HeadInput = z
  .object({
    id: text(36),
    tableName: requiredText('表名', 100),
    tableTxt: requiredText('表描述', 200),
    tableType: int(1, 3).transform((v) => v ?? 1),
    isCheckbox: yn('Y'),
    isPage: yn('Y'),
    isTree: yn('N'),
    idType: oneOf(['UUID', 'SEQUENCE', 'NATIVE'], 'UUID'),
    idSequence: text(200),
    queryMode: oneOf(['single', 'group'], 'single'),
    relationType: int(0, 1),
    tabOrderNum: int(0, 9999),
    treeParentIdField: text(63),
    treeIdField: text(63),
    treeFieldname: text(63),
    formCategory: text(50).transform((v) => v || 'bdfl_include'),
    formTemplate: oneOf(['1', '2', '3', '4'], '1'),
    formTemplateMobile: text(10),
    scroll: int(0, 1).transform((v) => v ?? 1),
    themeTemplate: oneOf(THEMES, 'normal'),
    extConfigJson: text(2000),
    isDesForm: yn('N'),
    desFormCode: text(50),
  })
  .loose();

export const FieldInput = z
  .object({
    id: text(64),
    dbFieldName: requiredText('字段名', 100),
    dbFieldTxt: text(200),
    dbIsKey: flag(0),
    dbIsNull: flag(1),
    dbType: requiredText('数据库类型', 32),
    dbLength: int(0, 100000).transform((v) => v ?? 32),
    dbPointLength: int(0, 1000).transform((v) => v ?? 0),
    dbDefaultVal: text(200),
    dictField: text(100),
    dictTable: text(255),
    dictText: text(100),
    fieldShowType: oneOf(FORM_VIEWS, 'text'),
    fieldHref: text(200),
    fieldLength: int(0, 10000).transform((v) => v ?? 120),
    fieldValidType: text(300),
    fieldMustInput: flag(0).transform(String),
    fieldExtendJson: text(500),
    fieldDefaultValue: text(100),
    isQuery: flag(0),
    isShowForm: flag(1),
    isShowList: flag(1),
    isReadOnly: flag(0),
    queryMode: oneOf(['single', 'group'], 'single'),
    mainTable: text(100),
    mainField: text(100),
    orderNum: int(-100000, 100000),
    converter: text(255),
    queryDefVal: text(100),
    queryDictText: text(100),
    queryDictField: text(100),
    queryDictTable: text(500),
    queryShowType: text(50),
    queryConfigFlag: flag(0).transform(String),
    queryValidType: text(50),
    queryMustInput: flag(0).transform(String),
    sortFlag: flag(0).transform(String),
  })
  .loose();

export const IndexInput = z
  .object({
    id: text(64),
    indexName: requiredText('索引名称', 100),
    indexField: requiredText('索引栏位', 500),
    indexType: oneOf(['normal', 'unique'], 'normal'),
  })
  .loose();

const idList = z
  .union([z.string().max(40_000), z.array(z.string().max(64)).max(1000)])
  .nullish()
  .transform((v) => (Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter(Boolean));

export const DefinitionInput = z
  .object({
    head: HeadInput,
    fields: z.array(FieldInput, { message: '字段列表不能为空' }).max(500, '字段不能超过 500 个'),
    indexs: z
      .array(IndexInput)
      .max(100, '索引不能超过 100 个')
      .nullish()
      .transform((v) => v ?? []),
    deleteFieldIds: idList,
    deleteIndexIds: idList,
  })
  .loose();

export type HeadIn = z.output<typeof HeadInput>;
export type FieldIn = z.output<typeof FieldInput>;
export type IndexIn = z.output<typeof IndexInput>;
export type DefinitionIn = z.output<typeof DefinitionInput>;

/** Lower-cases the identifiers JeecgBoot's designer lets people type in any case, and fills the convention columns. */
export function normalizeDefinition(def: DefinitionIn, opts: { addConventionFields: boolean }): DefinitionIn {
  const lower = (s: string | null) => (s === null ? null : s.trim().toLowerCase());
  const head = {
    ...def.head,
    tableName: def.head.tableName.trim().toLowerCase(),
    treeParentIdField: lower(def.head.treeParentIdField) || null,
    treeIdField: lower(def.head.treeIdField) || null,
    treeFieldname: lower(def.head.treeFieldname) || null,
  };
  const fields = def.fields.map((f, i) => ({
    ...f,
    dbFieldName: f.dbFieldName.trim().toLowerCase(),
    mainTable: lower(f.mainTable) || null,
    mainField: lower(f.mainField) || null,
    orderNum: f.orderNum ?? i,
  }));
  if (opts.addConventionFields) {
    const names = new Set(fields.map((f) => f.dbFieldName));
    let order = Math.max(0, ...fields.map((f) => f.orderNum ?? 0));
    for (const c of CONVENTION_FIELDS) {
      if (names.has(c.dbFieldName)) continue;
      const parsed = FieldInput.parse(c);
      fields.push({ ...parsed, orderNum: c.dbFieldName === 'id' ? -1 : ++order });
    }
  }
  const indexs = def.indexs.map((x) => ({
    ...x,
    indexName: x.indexName.trim().toLowerCase(),
    indexField: x.indexField
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean)
      .join(','),
  }));
  return { ...def, head, fields, indexs };
}

/** What checkDefinition needs to know about the other definitions. */
export interface DefinitionWorld {
  /** main definitions (table_type 2, not copies) by table name → their field names */
  mains: ReadonlyMap<string, ReadonlySet<string>>;
  /** for a copy: the field names of its physical definition */
  physicFields?: ReadonlySet<string>;
}

/**
 * The rules a definition must meet before it is stored (and again before every sync): safe identifiers that are not
 * reserved, unique field names, exactly one key `id` (a string), types from the fixed list with valid lengths and
 * defaults, index columns that exist, a sub table's foreign key naming an existing main definition and one of its
 * fields, the tree fields of a tree form.
 */
export function checkDefinition(def: DefinitionIn, world: DefinitionWorld, opts: { copy?: boolean } = {}): void {
  const { head, fields, indexs } = def;
  const table = assertIdent(head.tableName, '表名');
  if (isReservedTable(table)) throw bizError(`表名「${table}」是系统保留的名称（或以系统保留前缀开头），请换一个表名`);
  if (!opts.copy && COPY_NAME_RE.test(table)) throw bizError(`表名「${table}」不能以“__数字”结尾（复制表单专用）`);

  const names = new Set<string>();
  for (const f of fields) {
    const name = assertIdent(f.dbFieldName, '字段名');
    if (names.has(name)) throw bizError(`字段名「${name}」重复`);
    names.add(name);
    pgTypeOf(f);
    defaultLiteral(f);
  }
  const keys = fields.filter((f) => f.dbIsKey === 1);
  if (keys.length !== 1 || keys[0].dbFieldName !== 'id') throw bizError('必须有且只有一个主键，且主键字段名为 id');
  const key = keys[0];
  if (dbTypeOf(key.dbType).name !== 'string' || (key.dbLength ?? 0) < 32) {
    throw bizError('主键 id 须为 String 类型，长度不小于 32');
  }
  if (key.dbDefaultVal) throw bizError('主键 id 不能设置默认值');

  if (opts.copy && world.physicFields) {
    for (const n of names) {
      if (!world.physicFields.has(n)) throw bizError(`复制表单的字段「${n}」在原表单中不存在`);
    }
  }

  // sub tables: the foreign key names a main definition and one of its fields
  const fks = fields.filter((f) => f.mainTable || f.mainField);
  for (const f of fks) {
    if (!f.mainTable || !f.mainField) throw bizError(`字段「${f.dbFieldName}」的外键须同时填写主表名和主表字段`);
    const mainTable = assertIdent(f.mainTable, '主表名');
    const mainField = assertIdent(f.mainField, '主表字段');
    if (mainTable === table) throw bizError(`字段「${f.dbFieldName}」的外键不能指向本表`);
    const main = world.mains.get(mainTable);
    if (!main) throw bizError(`字段「${f.dbFieldName}」的外键主表「${mainTable}」不存在（须为已定义的主表）`);
    if (!main.has(mainField))
      throw bizError(`字段「${f.dbFieldName}」的外键主表字段「${mainTable}.${mainField}」不存在`);
  }
  if (head.tableType === 3 && !fks.length) throw bizError('附表须至少有一个字段设置外键（主表名、主表字段）');
  if (head.tableType === 3 && head.relationType === null) throw bizError('附表须选择映射关系（一对多或一对一）');

  if (head.isTree === 'Y') {
    const need: Array<[string | null, string]> = [
      [head.treeParentIdField, '父ID字段'],
      [head.treeIdField, '是否有子节点字段'],
      [head.treeFieldname, '树开表单列'],
    ];
    for (const [n, label] of need) {
      if (!n) throw bizError(`树表单须填写${label}`);
      assertIdent(n, label);
      if (!names.has(n)) throw bizError(`树表单的${label}「${n}」不在字段列表中`);
    }
  }

  const indexNames = new Set<string>();
  for (const x of indexs) {
    const name = assertIdent(x.indexName, '索引名称');
    if (isReservedTable(name)) throw bizError(`索引名称「${name}」以系统保留前缀开头，请换一个名称`);
    if (indexNames.has(name) || names.has(name) || name === table) throw bizError(`索引名称「${name}」重复`);
    indexNames.add(name);
    const cols = x.indexField.split(',').filter(Boolean);
    if (!cols.length) throw bizError(`索引「${name}」须至少包含一个字段`);
    if (new Set(cols).size !== cols.length) throw bizError(`索引「${name}」的字段重复`);
    for (const c of cols) {
      assertIdent(c, '索引栏位');
      if (!names.has(c)) throw bizError(`索引「${name}」的字段「${c}」不在字段列表中`);
      const f = fields.find((ff) => ff.dbFieldName === c)!;
      if (['Text', 'Blob'].includes(dbTypeOf(f.dbType).name))
        throw bizError(`索引「${name}」不能包含 Text/Blob 字段「${c}」`);
    }
  }
}

/** The part of a field that decides its column: a change here makes the form 未同步 again. */
export function columnSignature(f: {
  dbFieldName: string;
  dbType: string;
  dbLength: number | null;
  dbPointLength: number | null;
  dbIsNull: number | null;
  dbIsKey: number | null;
  dbDefaultVal: string | null;
}): string {
  return JSON.stringify([
    f.dbFieldName,
    f.dbType,
    f.dbLength,
    f.dbPointLength ?? 0,
    f.dbIsNull,
    f.dbIsKey,
    f.dbDefaultVal ?? '',
  ]);
}
