import { ok } from '@answer/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Access } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { onlCgreportHead, onlCgreportItem, onlCgreportParam } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { type ExcelColumn, exportXlsx } from '../../platform/excel.ts';
import { newId } from '../../platform/ids.ts';
import { defineListEntity, listPage, parsePaging } from '../../platform/list-query.ts';
import { ALL_TENANTS, tenantOf } from '../../platform/tenant-scope.ts';
import { parse, str } from '../../platform/validation.ts';
import { assertReportAllowed } from './access.ts';
import { describeSqlError, reportRuntime } from './reader.ts';
import {
  type Definition,
  dictOptionsOf,
  dictRefOf,
  loadDefinition,
  localOf,
  REPORT_ITEM_DEFAULTS,
  REPORT_MESSAGES,
  runReport,
  sqlColumns,
} from './report.ts';
import { checkReportSql, ReportSqlError } from './sql-guard.ts';

/**
 * Online reports /online/cgreport (contract-2 §4.3, §4.4, §8; issue 13): the designer (Online报表配置) and the
 * runtime of the report screen (OnlCgreportAutoList) and of the popup record picker (JPopup). Report SQL is checked
 * by ./sql-guard.ts and run by ./reader.ts (docs/decisions/033-report-sql.md); the client never sends SQL that runs,
 * except the designer's 解析SQL, which goes through the same checks and returns no rows.
 */

export const REPORT_HEAD_PAGE = 'modules/online/cgreport/OnlCgreportHeadList';
export const REPORT_AUTO_PAGE = 'modules/online/cgreport/auto/OnlCgreportAutoList';
export const REPORT_PERMS = {
  add: 'online:report:add',
  edit: 'online:report:edit',
  delete: 'online:report:delete',
} as const;

export const DESIGNER_MESSAGES = {
  added: '添加成功！',
  edited: '修改成功!',
  deleted: '删除成功!',
  batchDeleted: '批量删除成功!',
  notFound: '未找到对应数据',
  noIds: '参数不识别！',
  codeTaken: '报表编码已存在',
  clientSql: '不支持由页面提交SQL，字典请在报表配置中设置',
} as const;

const designerRead: Access = { menu: REPORT_HEAD_PAGE };
const designerWrite: Access = { perm: [REPORT_PERMS.add, REPORT_PERMS.edit] };
/** the report screen, the popup of a form, and the designer's 功能测试 */
const runtime: Access = { menu: [REPORT_AUTO_PAGE, REPORT_HEAD_PAGE] };

const required = (message: string, max: number) =>
  z.string({ message }).trim().min(1, message).max(max, `长度不能超过 ${max} 个字符`);
const flag = z
  .union([z.number(), z.string(), z.boolean()])
  .nullish()
  .transform((v) => (v === true || v === 1 || v === '1' || v === 'Y' ? 1 : 0));
const optInt = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v, c) => {
    if (v === null || v === undefined || v === '') return null;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 100_000) {
      c.addIssue({ code: 'custom', message: '必须是非负整数' });
      return z.NEVER;
    }
    return n;
  });
const optStr = (max: number) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined || v === '' ? null : String(v)))
    .pipe(z.string().max(max, `长度不能超过 ${max} 个字符`).nullable());

const HeadSchema = z
  .object({
    id: z.string().max(36).nullish(),
    code: required('请输入报表编码!', 100).regex(
      /^[A-Za-z][A-Za-z0-9_-]*$/,
      '编码必须以字母开头，可包含数字、下划线、横杠',
    ),
    name: required('请输入报表名称!', 100),
    cgrSql: required('请输入报表SQL!', 4000),
    dbSource: optStr(100),
    returnValField: optStr(100),
    returnTxtField: optStr(100),
    returnType: optStr(2),
    content: optStr(1000),
  })
  .loose();
const ItemSchema = z
  .object({
    fieldName: required('请输入字段名!', 125).regex(/^[^"\u0000-\u001f]+$/, '字段名不能包含引号或控制字符'),
    fieldTxt: optStr(125),
    fieldWidth: optInt,
    fieldType: optStr(10),
    searchMode: z.enum(['single', 'group']).nullish().catch(null),
    isOrder: flag,
    isSearch: flag,
    dictCode: optStr(500),
    fieldHref: optStr(120),
    isShow: flag,
    orderNum: optInt,
    replaceVal: optStr(200),
    isTotal: flag,
    groupTitle: optStr(50),
  })
  .loose();
const ParamSchema = z
  .object({
    paramName: required('请输入参数名!', 32).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, '参数名只能包含字母、数字、下划线'),
    paramTxt: optStr(32),
    paramValue: optStr(64),
    orderNum: optInt,
  })
  .loose();
const AllSchema = z.object({
  head: HeadSchema,
  items: z.array(ItemSchema).max(200, '字段不能超过 200 个').nullish(),
  params: z.array(ParamSchema).max(50, '参数不能超过 50 个').nullish(),
});

const heads = defineListEntity({
  table: onlCgreportHead,
  sortable: ['createTime', 'updateTime', 'code', 'name'],
  defaultSort: { column: 'createTime', order: 'desc' },
  searchable: ['code', 'name', 'dbSource', 'createTime'],
});

const user = (req: FastifyRequest) => req.auth?.user.username ?? null;
const q = (req: FastifyRequest) => (req.query ?? {}) as Record<string, unknown>;

/** a refused SQL or a failed statement → the envelope's Chinese message (never SQL, stack or path) */
function failure(app: FastifyInstance, err: unknown): Error {
  if (err instanceof ReportSqlError) return bizError(err.message);
  const e = err as { code?: string; message?: string };
  if (e?.code && /^[0-9A-Z]{5}$/.test(e.code)) return bizError(describeSqlError(err));
  // data-source errors carry a Chinese message already (modules/data-source/connect.ts)
  if (err instanceof Error && /[\u4e00-\u9fa5]/.test(err.message) && !('statusCode' in err))
    return bizError(err.message);
  if (err instanceof Error && 'status' in err) return err;
  app.log.warn({ err }, 'online report failed');
  return bizError(describeSqlError(err));
}

async function definitionOr404(app: FastifyInstance, key: string, byCode = false): Promise<Definition> {
  const def = await loadDefinition(app.ctx, key, byCode);
  if (!def) throw bizError(REPORT_MESSAGES.notFound);
  return def;
}

const itemRow = (headId: string, i: z.output<typeof ItemSchema>, n: number, by: string | null) => ({
  id: newId(),
  cgrheadId: headId,
  fieldName: i.fieldName,
  fieldTxt: i.fieldTxt,
  fieldWidth: i.fieldWidth,
  fieldType: i.fieldType ?? 'String',
  searchMode: i.searchMode ?? null,
  isOrder: i.isOrder,
  isSearch: i.isSearch,
  dictCode: i.dictCode,
  fieldHref: i.fieldHref,
  isShow: i.isShow,
  orderNum: i.orderNum ?? n,
  replaceVal: i.replaceVal,
  isTotal: i.isTotal ? '1' : '0',
  groupTitle: i.groupTitle,
  createBy: by,
  createTime: new Date(),
});
const paramRow = (headId: string, p: z.output<typeof ParamSchema>, n: number, by: string | null) => ({
  id: newId(),
  cgrheadId: headId,
  paramName: p.paramName,
  paramTxt: p.paramTxt,
  paramValue: p.paramValue,
  orderNum: p.orderNum ?? n,
  createBy: by,
  createTime: new Date(),
});

type ReportAll = z.output<typeof AllSchema>;

/** the head's own columns of a designer body; `returnType` stands when the body names none */
const headColumns = (h: ReportAll['head'], returnType: string | null) => ({
  code: h.code,
  name: h.name,
  cgrSql: h.cgrSql,
  dbSource: h.dbSource,
  returnValField: h.returnValField,
  returnTxtField: h.returnTxtField,
  returnType: h.returnType ?? returnType,
  content: h.content,
  // the SQL has just passed the guard: a report stopped by the JeecgBoot import may run again
  disabledReason: null,
});

/** inserts the items and params of a designer body under the head `id` */
async function insertChildren(tx: Db, id: string, all: ReportAll, by: string | null): Promise<void> {
  if (all.items?.length) await tx.insert(onlCgreportItem).values(all.items.map((i, n) => itemRow(id, i, n, by)));
  if (all.params?.length) await tx.insert(onlCgreportParam).values(all.params.map((p, n) => paramRow(id, p, n, by)));
}

const VIEW_OF_TYPE: Record<string, string> = { date: 'date', datetime: 'datetime', timestamp: 'datetime' };

export default async function cgreportRoutes(app: FastifyInstance) {
  const B = '/online/cgreport';
  const ctx = app.ctx;

  /** the SQL must pass the same checks it will pass when it runs */
  const checkSql = async (sql: string, dbSource: string | null | undefined) => {
    try {
      const rt = dbSource ? undefined : await reportRuntime(ctx);
      await checkReportSql(sql, { local: localOf(ctx, rt, ALL_TENANTS) });
    } catch (err) {
      throw failure(app, err);
    }
  };
  const codeFree = async (code: string, id?: string) => {
    const [taken] = await ctx.db
      .select({ id: onlCgreportHead.id })
      .from(onlCgreportHead)
      .where(id ? and(eq(onlCgreportHead.code, code), ne(onlCgreportHead.id, id)) : eq(onlCgreportHead.code, code))
      .limit(1);
    if (taken) throw bizError(DESIGNER_MESSAGES.codeTaken);
  };
  /** head/add and head/editAll take {head, items, params}; a bare head is accepted too */
  const readAll = (body: unknown) => {
    const b = (body ?? {}) as Record<string, unknown>;
    return parse(AllSchema, 'head' in b ? b : { head: b, items: b.items, params: b.params });
  };

  // ------------------------------------------------------------------ designer
  app.get(`${B}/head/list`, { config: { access: designerRead } }, async (req) =>
    ok(await listPage(ctx, heads, req.query)),
  );

  app.post(`${B}/head/add`, { config: { access: { perm: REPORT_PERMS.add } } }, async (req) => {
    const all = readAll(req.body);
    await checkSql(all.head.cgrSql, all.head.dbSource);
    await codeFree(all.head.code);
    const id = newId();
    const by = user(req);
    await ctx.db.transaction(async (tx) => {
      await tx.insert(onlCgreportHead).values({
        id,
        ...headColumns(all.head, '1'),
        createBy: by,
        createTime: new Date(),
      });
      await insertChildren(tx, id, all, by);
    });
    return ok(id, DESIGNER_MESSAGES.added);
  });

  app.route({
    method: ['PUT', 'POST'],
    url: `${B}/head/editAll`,
    config: { access: { perm: REPORT_PERMS.edit } },
    handler: async (req) => {
      const all = readAll(req.body);
      const id = all.head.id ?? '';
      const [current] = id
        ? await ctx.db.select().from(onlCgreportHead).where(eq(onlCgreportHead.id, id)).limit(1)
        : [];
      if (!current) throw bizError(DESIGNER_MESSAGES.notFound);
      await checkSql(all.head.cgrSql, all.head.dbSource);
      await codeFree(all.head.code, id);
      const by = user(req);
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(onlCgreportHead)
          .set({
            ...headColumns(all.head, current.returnType),
            updateBy: by,
            updateTime: new Date(),
          })
          .where(eq(onlCgreportHead.id, id));
        await tx.delete(onlCgreportItem).where(eq(onlCgreportItem.cgrheadId, id));
        await tx.delete(onlCgreportParam).where(eq(onlCgreportParam.cgrheadId, id));
        await insertChildren(tx, id, all, by);
      });
      return ok(null, DESIGNER_MESSAGES.edited);
    },
  });

  const removeHeads = async (ids: string[]) => {
    await ctx.db.transaction(async (tx) => {
      await tx.delete(onlCgreportItem).where(inArray(onlCgreportItem.cgrheadId, ids));
      await tx.delete(onlCgreportParam).where(inArray(onlCgreportParam.cgrheadId, ids));
      await tx.delete(onlCgreportHead).where(inArray(onlCgreportHead.id, ids));
    });
  };
  app.route({
    method: ['DELETE', 'POST'],
    url: `${B}/head/delete`,
    config: { access: { perm: REPORT_PERMS.delete } },
    handler: async (req) => {
      const id = str(36)
        .parse(String(q(req).id ?? ''))
        .trim();
      if (!id) throw bizError(DESIGNER_MESSAGES.noIds);
      const [current] = await ctx.db
        .select({ id: onlCgreportHead.id })
        .from(onlCgreportHead)
        .where(eq(onlCgreportHead.id, id));
      if (!current) throw bizError(DESIGNER_MESSAGES.notFound);
      await removeHeads([id]);
      return ok(null, DESIGNER_MESSAGES.deleted);
    },
  });
  app.route({
    method: ['DELETE', 'POST'],
    url: `${B}/head/deleteBatch`,
    config: { access: { perm: REPORT_PERMS.delete } },
    handler: async (req) => {
      const ids = String(q(req).ids ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s && s.length <= 36);
      if (!ids.length || ids.length > 1000) throw bizError(DESIGNER_MESSAGES.noIds);
      await removeHeads(ids);
      return ok(null, DESIGNER_MESSAGES.batchDeleted);
    },
  });

  app.get(`${B}/item/listByHeadId`, { config: { access: designerRead } }, async (req) => {
    const headId = String(q(req).headId ?? '');
    const def = await loadDefinition(ctx, headId);
    return ok(def?.items ?? []);
  });
  app.get(`${B}/param/listByHeadId`, { config: { access: designerRead } }, async (req) => {
    const headId = String(q(req).headId ?? '');
    const def = await loadDefinition(ctx, headId);
    return ok(def?.params ?? []);
  });

  /** 解析SQL: the column list (the SQL runs read only with LIMIT 0) and the ${params} */
  app.get(`${B}/head/parseSql`, { config: { access: designerWrite } }, async (req) => {
    const query = q(req);
    const sqlText = String(query.sql ?? '');
    const dbSource = query.dbKey ? String(query.dbKey) : query.dbSource ? String(query.dbSource) : null;
    try {
      const { fields, params } = await sqlColumns(ctx, sqlText, dbSource);
      return ok({
        fields: fields.map((f, i) => ({
          fieldName: f,
          fieldTxt: f,
          ...REPORT_ITEM_DEFAULTS,
          orderNum: i,
        })),
        params: params.map((p, i) => ({ paramName: p, paramTxt: p, paramValue: '', orderNum: i })),
      });
    } catch (err) {
      throw failure(app, err);
    }
  });

  // ------------------------------------------------------------------ runtime
  /** a report the request's user may run (a granted report menu, a form's popup, or the designer); else 403 */
  const runnable = async (req: FastifyRequest, key: string, byCode = false): Promise<Definition> => {
    const def = await definitionOr404(app, key, byCode);
    await assertReportAllowed(app, req, def.head);
    if (def.head.disabledReason) throw bizError(REPORT_MESSAGES.disabled(def.head.disabledReason));
    return def;
  };

  app.get(`${B}/api/getParamsInfo/:id`, { config: { access: runtime } }, async (req) => {
    const def = await runnable(req, (req.params as { id: string }).id);
    return ok(def.params.map((p) => ({ paramName: p.paramName, paramTxt: p.paramTxt, paramValue: p.paramValue })));
  });

  app.get(`${B}/api/getQueryInfo/:id`, { config: { access: runtime } }, async (req) => {
    const def = await runnable(req, (req.params as { id: string }).id);
    return ok(
      def.items
        .filter((i) => Number(i.isSearch) === 1)
        .map((i) => ({
          field: i.fieldName,
          label: i.fieldTxt || i.fieldName,
          view: i.dictCode ? 'list' : (VIEW_OF_TYPE[(i.fieldType ?? '').toLowerCase()] ?? 'text'),
          mode: i.searchMode || 'single',
          type: i.fieldType ?? 'String',
          dictCode: i.dictCode ?? null,
          config: '1',
        })),
    );
  });

  const shownColumns = (def: Definition) =>
    def.items
      .filter((i) => Number(i.isShow) === 1)
      .map((i) => {
        const col: Record<string, unknown> = {
          title: i.fieldTxt || i.fieldName,
          dataIndex: i.fieldName,
          align: 'center',
          fieldType: i.fieldType ?? 'String',
          isTotal: i.isTotal === '1' ? '1' : '0',
          sorter: Number(i.isOrder) === 1,
        };
        if (i.fieldWidth) col.width = i.fieldWidth;
        if (i.dictCode) col.customRender = i.fieldName;
        if (i.groupTitle) col.groupTitle = i.groupTitle;
        if (i.fieldHref) col.hrefSlotName = `fieldHref_${i.fieldName}`;
        return col;
      });

  app.get(`${B}/api/getColumnsAndData/:id`, { config: { access: runtime } }, async (req) => {
    const def = await runnable(req, (req.params as { id: string }).id);
    const query = q(req);
    let data: Awaited<ReturnType<typeof runReport>>;
    try {
      data = await runReport(ctx, def, { query, page: parsePaging(query), tenancy: tenantOf(req) });
    } catch (err) {
      throw failure(app, err);
    }
    return ok({
      data: { total: data.total, records: data.records },
      columns: shownColumns(def),
      cgreportHeadName: def.head.name,
      dictOptions: await dictOptionsOf(ctx, def.items, data.records),
      // link templates are text: the client substitutes {{field}} / ${field} as text, never evaluates them
      fieldHrefSlots: def.items
        .filter((i) => i.fieldHref)
        .map((i) => ({ slotName: `fieldHref_${i.fieldName}`, field: i.fieldName, href: i.fieldHref })),
      isGroupTitle: def.items.some((i) => !!i.groupTitle),
    });
  });

  app.get(`${B}/api/exportManySheetXls/:id`, { config: { access: runtime } }, async (req, reply) => {
    const def = await runnable(req, (req.params as { id: string }).id);
    let data: Awaited<ReturnType<typeof runReport>>;
    try {
      data = await runReport(ctx, def, { query: q(req), tenancy: tenantOf(req) });
    } catch (err) {
      throw failure(app, err);
    }
    const columns: ExcelColumn[] = def.items
      .filter((i) => Number(i.isShow) === 1)
      .map((i) => ({
        key: i.fieldName,
        title: i.fieldTxt || i.fieldName,
        ...(dictRefOf(i.dictCode) ? { dict: String(i.dictCode).trim() } : {}),
        ...(i.fieldWidth ? { width: Math.max(8, Math.min(60, Math.round(i.fieldWidth / 8))) } : {}),
      }));
    return exportXlsx(reply, { fileName: def.head.name, columns, rows: data.records });
  });

  /** JPopup: the report by code (cgRpConfigId = head id) */
  app.get(`${B}/api/getRpColumns/:code`, { config: { access: runtime } }, async (req) => {
    const def = await runnable(req, (req.params as { code: string }).code, true);
    const dictOptions = await dictOptionsOf(ctx, def.items);
    return ok({
      cgRpConfigId: def.head.id,
      cgRpConfigName: def.head.name,
      columns: def.items
        .filter((i) => Number(i.isShow) === 1)
        .map((i) => ({
          title: i.fieldTxt || i.fieldName,
          dataIndex: i.fieldName,
          ...(i.dictCode ? { customRender: i.fieldName } : {}),
          ...(i.fieldWidth ? { width: i.fieldWidth } : {}),
          sorter: Number(i.isOrder) === 1,
        })),
      dictOptions,
    });
  });

  app.get(`${B}/api/getData/:id`, { config: { access: runtime } }, async (req) => {
    const def = await runnable(req, (req.params as { id: string }).id);
    const query = q(req);
    try {
      const data = await runReport(ctx, def, { query, page: parsePaging(query), tenancy: tenantOf(req) });
      return ok({ total: data.total, records: data.records });
    } catch (err) {
      throw failure(app, err);
    }
  });

  /**
   * JOnlineSearchSelect's options. JeecgBoot ran the `sql` parameter as sent; here `sql` may only name a stored item
   * as `<reportId>:<field>` and the options come from that item's dictionary.
   */
  app.get(`${B}/api/getReportDictList`, { config: { access: runtime } }, async (req) => {
    const query = q(req);
    const token = /^([A-Za-z0-9_-]{1,36}):([^\s:]{1,125})$/.exec(String(query.sql ?? '').trim());
    if (!token) throw bizError(DESIGNER_MESSAGES.clientSql);
    const def = await runnable(req, token[1]);
    const item = def.items.find((i) => i.fieldName === token[2] && i.dictCode);
    if (!item) throw bizError(DESIGNER_MESSAGES.clientSql);
    const keyword = String(query.keyword ?? '').trim();
    const options = (await dictOptionsOf(ctx, [item]))[item.fieldName] ?? [];
    return ok(
      options
        .filter((o) => !keyword || o.text.includes(keyword) || o.value.includes(keyword))
        .slice(0, 100)
        .map((o) => ({ value: o.value, text: o.text })),
    );
  });
}
