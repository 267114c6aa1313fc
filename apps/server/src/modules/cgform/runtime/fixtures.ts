import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../../test/harness.ts';
import {
  onlCgformButton,
  onlCgformField,
  onlCgformHead,
  sysPermission,
  sysRolePermission,
} from '../../../db/schema/index.ts';
import { newId } from '../../../platform/ids.ts';
import { columnSql, quoteIdent } from '../ident.ts';

/** Test fixtures: form definitions inserted as rows and their tables created from them (columnSql of ident.ts). */

export interface FieldSpec {
  name: string;
  txt?: string;
  type?: string;
  length?: number;
  point?: number;
  view?: string;
  dict?: string;
  dictTable?: string;
  dictText?: string;
  must?: boolean;
  valid?: string;
  readOnly?: boolean;
  query?: boolean;
  queryMode?: 'single' | 'group';
  list?: boolean;
  form?: boolean;
  mainTable?: string;
  mainField?: string;
  notNull?: boolean;
  sort?: boolean;
  defaultVal?: string;
}

export interface FormSpec {
  tableName: string;
  txt?: string;
  tableType?: 1 | 2 | 3;
  relationType?: 0 | 1;
  subTableStr?: string;
  isPage?: 'Y' | 'N';
  tree?: { pid: string; hasChild: string; text: string };
  fields: FieldSpec[];
  /** create the table and mark the definition synchronised (default true) */
  sync?: boolean;
  buttons?: Array<{ code: string; name: string; optType?: string }>;
  tabOrder?: number;
}

const SYSTEM: FieldSpec[] = [
  { name: 'id', txt: '主键', type: 'string', length: 36, list: false, form: false },
  { name: 'create_by', txt: '创建人', type: 'string', length: 50, list: false, form: false },
  { name: 'create_time', txt: '创建日期', type: 'Datetime', list: false, form: false },
  { name: 'update_by', txt: '更新人', type: 'string', length: 50, list: false, form: false },
  { name: 'update_time', txt: '更新日期', type: 'Datetime', list: false, form: false },
  { name: 'sys_org_code', txt: '所属部门', type: 'string', length: 64, list: false, form: false },
];

export async function createForm(t: TestApp, spec: FormSpec): Promise<string> {
  const db = t.app.ctx.db;
  const headId = newId();
  const sync = spec.sync ?? true;
  await db.insert(onlCgformHead).values({
    id: headId,
    tableName: spec.tableName,
    tableType: spec.tableType ?? 1,
    tableTxt: spec.txt ?? spec.tableName,
    isDbSynch: sync ? 'Y' : 'N',
    isPage: spec.isPage ?? 'Y',
    isTree: spec.tree ? 'Y' : 'N',
    relationType: spec.relationType ?? null,
    subTableStr: spec.subTableStr ?? null,
    treeParentIdField: spec.tree?.pid ?? null,
    treeIdField: spec.tree?.hasChild ?? null,
    treeFieldname: spec.tree?.text ?? null,
    tabOrderNum: spec.tabOrder ?? null,
    themeTemplate: 'normal',
  });
  const fields = [...SYSTEM, ...spec.fields];
  await db.insert(onlCgformField).values(
    fields.map((f, i) => ({
      id: newId(),
      cgformHeadId: headId,
      dbFieldName: f.name,
      dbFieldTxt: f.txt ?? f.name,
      dbIsKey: f.name === 'id' ? 1 : 0,
      dbIsNull: f.notNull || f.name === 'id' ? 0 : 1,
      dbType: f.type ?? 'string',
      dbLength: f.length ?? (f.type === 'BigDecimal' ? 10 : 32),
      dbPointLength: f.point ?? (f.type === 'BigDecimal' ? 2 : 0),
      dbDefaultVal: f.defaultVal ?? null,
      dictField: f.dict ?? null,
      dictTable: f.dictTable ?? null,
      dictText: f.dictText ?? null,
      fieldShowType: f.view ?? 'text',
      fieldValidType: f.valid ?? null,
      fieldMustInput: f.must ? '1' : '0',
      isQuery: f.query ? 1 : 0,
      queryMode: f.queryMode ?? 'single',
      isShowList: f.list === false ? 0 : 1,
      isShowForm: f.form === false ? 0 : 1,
      isReadOnly: f.readOnly ? 1 : 0,
      mainTable: f.mainTable ?? null,
      mainField: f.mainField ?? null,
      sortFlag: f.sort ? '1' : '0',
      orderNum: i,
    })),
  );
  if (spec.buttons?.length) {
    await db.insert(onlCgformButton).values(
      spec.buttons.map((b, i) => ({
        id: newId(),
        cgformHeadId: headId,
        buttonCode: b.code,
        buttonName: b.name,
        optType: b.optType ?? 'action',
        orderNum: i,
      })),
    );
  }
  if (sync) {
    const cols = fields.map((f) =>
      columnSql({
        dbFieldName: f.name,
        dbType: f.type ?? 'string',
        dbLength: f.length ?? (f.type === 'BigDecimal' ? 10 : 32),
        dbPointLength: f.point ?? (f.type === 'BigDecimal' ? 2 : 0),
        dbIsKey: f.name === 'id' ? 1 : 0,
        dbIsNull: f.notNull ? 0 : 1,
        dbDefaultVal: f.defaultVal ?? null,
      }),
    );
    await db.execute(sql.raw(`create table ${quoteIdent(spec.tableName)} (${cols.join(', ')})`));
  }
  return headId;
}

/** a menu carrying the form id, granted to a role (default: the seeded `test` role of user jeecg) */
export async function grantFormMenu(
  t: TestApp,
  headId: string,
  kind = 'cgformList',
  roleId = 'ee8626f80f7c2619917b6236f3a7f02b',
): Promise<string> {
  const id = newId();
  await t.app.ctx.db.insert(sysPermission).values({
    id,
    name: `表单${headId}`,
    url: `/online/${kind}/${headId}`,
    component: 'modules/online/cgform/auto/OnlCgformAutoList',
    menuType: 1,
  });
  await t.app.ctx.db.insert(sysRolePermission).values({ id: newId(), roleId, permissionId: id });
  await t.app.ctx.perms.invalidate();
  return id;
}

export const TEST_ROLE = 'ee8626f80f7c2619917b6236f3a7f02b';
export const ADMIN_ROLE = 'f6817f48af4fb3af11b9e8bf182f618b';
