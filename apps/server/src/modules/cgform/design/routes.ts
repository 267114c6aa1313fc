import { ok } from '@answer/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Access } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { onlCgformButton, onlCgformField, onlCgformHead, onlCgformIndex } from '../../../db/schema/index.ts';
import { bizError } from '../../../platform/errors.ts';
import { newId } from '../../../platform/ids.ts';
import { defineListEntity, listPage } from '../../../platform/list-query.ts';
import { rowJson } from '../../../platform/serialize.ts';
import { commaList, parse, requiredStr, str } from '../../../platform/validation.ts';
import { assertIdent, isReservedTable } from '../ident.ts';
import { invalidateForm } from '../model.ts';
import { COPY_NAME_RE, DefinitionInput } from './definition.ts';
import {
  buttonCodeTaken,
  copyDefinition,
  importableTables,
  importTable,
  removeDefinitions,
  saveDefinition,
} from './store.ts';
import { syncDefinition, tableExists } from './sync.ts';

/**
 * Online表单开发 (contract-2 §4.3 "Form designer"): definitions, 同步数据库, copies, removal, import from the database and
 * custom buttons, on JeecgBoot's paths. Reads need the designer page (or its copy list); every change needs its
 * designer permission (online:cgform:*). Enhancements (JS/SQL/Java) and code generation are refused: nothing from a
 * definition is ever executed (issue 13, ADR 031).
 */

export const CGFORM_PAGE = 'modules/online/cgform/OnlCgformHeadList';
export const CGFORM_COPY_PAGE = 'modules/online/cgform/OnlCgformCopyList';

export const CGFORM_PERMS = {
  add: 'online:cgform:add',
  edit: 'online:cgform:edit',
  delete: 'online:cgform:delete',
  dbSynch: 'online:cgform:dbSynch',
  copy: 'online:cgform:copy',
  importTable: 'online:cgform:importTable',
  button: 'online:cgform:button',
  generateCode: 'online:goGenerateCode',
} as const;

export const CGFORM_MESSAGES = {
  added: '添加成功',
  edited: '全部修改成功',
  synced: '同步数据库成功!',
  deleted: '删除成功!',
  removed: '移除成功!',
  batchDeleted: '批量删除成功!',
  copied: '复制成功',
  imported: '导入成功',
  notFound: '实体不存在',
  noIds: '参数不识别！',
} as const;

const read: Access = { menu: [CGFORM_PAGE, CGFORM_COPY_PAGE] };
const perm = (p: string): Access => ({ perm: p });

export const NOT_SUPPORTED = {
  enhanceJs:
    '不支持JS增强：出于安全考虑，本系统不保存也不执行表单定义中的 JavaScript（JeecgBoot 会在每个用户的浏览器中执行它）',
  enhanceSql: '不支持SQL增强：出于安全考虑，本系统不执行表单定义中的 SQL',
  enhanceJava: '不支持Java增强：本系统不加载也不执行表单定义中的类或 Spring Bean',
  codeGenerate: '不支持代码生成：本系统的在线表单由运行时直接渲染，无需生成 Java/Vue 代码，也不在服务器上写文件',
} as const;

const heads = defineListEntity({
  table: onlCgformHead,
  sortable: ['createTime', 'updateTime', 'tableName', 'tableTxt', 'tableType', 'isDbSynch', 'copyVersion'],
  defaultSort: { column: 'createTime', order: 'desc' },
  searchable: [
    'tableName',
    'tableTxt',
    'tableType',
    'copyType',
    'physicId',
    'isDbSynch',
    'isTree',
    'themeTemplate',
    'formCategory',
  ],
});

const IdQuery = z.object({ id: requiredStr('id', 36) }).loose();
const HeadIdQuery = z.object({ headId: requiredStr('headId', 36) }).loose();
const IdsQuery = z.object({ ids: str(40_000).nullish(), flag: z.string().max(2).nullish() }).loose();
const CodeQuery = z.object({ code: requiredStr('code', 36) }).loose();

const SyncBody = z
  .object({
    synMethod: z
      .union([z.string(), z.number()])
      .nullish()
      .transform((v, ctx) => {
        const s = v === null || v === undefined || v === '' ? '1' : String(v);
        if (s === '1' || s === 'normal') return 'normal' as const;
        if (s === '0' || s === 'force') return 'force' as const;
        ctx.addIssue({ code: 'custom', message: '只能是 normal(1) 或 force(0)' });
        return z.NEVER;
      }),
    confirm: z
      .union([z.boolean(), z.string(), z.number()])
      .nullish()
      .transform((v) => v === true || v === 'true' || v === 1 || v === '1'),
  })
  .loose();

const buttonFields = {
  cgformHeadId: requiredStr('cgformHeadId', 36),
  buttonCode: z
    .string({ message: '按钮编码不能为空' })
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, '按钮编码须以字母开头，只能包含字母、数字和下划线，最长50个字符'),
  buttonName: requiredStr('按钮名称', 50),
  buttonIcon: z
    .string()
    .trim()
    .max(50, '按钮图标长度不能超过 50 个字符')
    .regex(/^[A-Za-z0-9_-]*$/, '按钮图标只能包含字母、数字、下划线和短横线')
    .nullish(),
  buttonStatus: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === '0' || v === 0 ? '0' : '1')),
  buttonStyle: z.enum(['button', 'link', 'form'], { message: '按钮样式只能是 button、link 或 form' }).nullish(),
  optType: z.enum(['js', 'action'], { message: '动作类型只能是 js 或 action' }).nullish(),
  optPosition: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v, ctx) => {
      const s = v === null || v === undefined || v === '' ? '2' : String(v);
      if (s !== '1' && s !== '2') {
        ctx.addIssue({ code: 'custom', message: '按钮位置只能是 1（侧面）或 2（底部）' });
        return z.NEVER;
      }
      return s;
    }),
  orderNum: z.coerce.number().int('排序须为整数').min(-100000).max(100000).nullish(),
  exp: str(255).nullish(),
};
const ButtonAdd = z.object(buttonFields).loose();
const ButtonEdit = z.object({ id: requiredStr('id', 36), ...buttonFields }).loose();

function idList(raw: string | null | undefined): string[] {
  const ids = commaList(raw);
  if (!ids.length) throw bizError(CGFORM_MESSAGES.noIds);
  if (ids.length > 1000) throw bizError('一次最多删除 1000 条');
  for (const id of ids) if (id.length > 36) throw bizError(CGFORM_MESSAGES.noIds);
  return ids;
}

export default async function cgformDesignRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.ctx.db;
  const userOf = (req: FastifyRequest) => req.auth!.user.username;
  const tx = <T>(fn: (t: Db) => Promise<T>) => db().transaction(async (t) => fn(t as unknown as Db));
  const changed = (headId?: string | null) => invalidateForm(app, headId ?? null).catch(() => {});

  // ------------------------------------------------------------ reads

  app.get('/online/cgform/head/list', { config: { access: read } }, async (req) => {
    const q = (req.query ?? {}) as Record<string, unknown>;
    const copies = q.copyType !== undefined && q.copyType !== '';
    return ok(await listPage(app.ctx, heads, q, copies ? undefined : sql`${onlCgformHead.copyType} = 0`));
  });

  app.get('/online/cgform/head/queryById', { config: { access: read } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    const [row] = await db().select().from(onlCgformHead).where(eq(onlCgformHead.id, id)).limit(1);
    if (!row) throw bizError(CGFORM_MESSAGES.notFound);
    return ok(rowJson(row));
  });

  app.get('/online/cgform/field/listByHeadId', { config: { access: read } }, async (req) => {
    const { headId } = parse(HeadIdQuery, req.query);
    const rows = await db()
      .select()
      .from(onlCgformField)
      .where(eq(onlCgformField.cgformHeadId, headId))
      .orderBy(asc(onlCgformField.orderNum), asc(onlCgformField.id));
    return ok(rows.map((r) => rowJson(r)));
  });

  app.get('/online/cgform/index/listByHeadId', { config: { access: read } }, async (req) => {
    const { headId } = parse(HeadIdQuery, req.query);
    const rows = await db()
      .select()
      .from(onlCgformIndex)
      .where(and(eq(onlCgformIndex.cgformHeadId, headId), eq(onlCgformIndex.delFlag, 0)))
      .orderBy(asc(onlCgformIndex.indexName));
    return ok(rows.map((r) => rowJson(r)));
  });

  /**
   * 表名校验 while typing: 1 = free, -1 = taken (a definition, a table of the database, or reserved). JeecgBoot serves it
   * as `/online/cgform/api/checkOnlyTable` (OnlCgformApiController; the 3.2 designer calls that path before saving);
   * our designer uses the `/head/` path. Both answer the same.
   */
  const checkOnlyTable = (url: string) =>
    app.get(url, { config: { access: { perm: [CGFORM_PERMS.add, CGFORM_PERMS.edit] } } }, async (req) => {
      const q = parse(z.object({ tbname: requiredStr('tbname', 100), id: str(36).nullish() }).loose(), req.query);
      const name = assertIdent(q.tbname.trim().toLowerCase(), '表名');
      if (isReservedTable(name) || COPY_NAME_RE.test(name)) return ok(-1);
      const [other] = await db()
        .select({ id: onlCgformHead.id })
        .from(onlCgformHead)
        .where(eq(onlCgformHead.tableName, name))
        .limit(1);
      if (other && other.id !== q.id) return ok(-1);
      if (!other && (await tableExists(db(), name))) return ok(-1);
      return ok(1);
    });
  checkOnlyTable('/online/cgform/head/checkOnlyTable');
  checkOnlyTable('/online/cgform/api/checkOnlyTable');

  // ------------------------------------------------------------ definition writes

  app.post('/online/cgform/api/addAll', { config: { access: perm(CGFORM_PERMS.add) } }, async (req) => {
    const def = parse(DefinitionInput, req.body);
    if (def.head.id) throw bizError('新增表单不能带 head.id，修改请使用 editAll');
    const { headId } = await tx((t) => saveDefinition(t, def, 'add', userOf(req)));
    await changed(headId);
    return ok(headId, CGFORM_MESSAGES.added);
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/online/cgform/api/editAll',
    config: { access: perm(CGFORM_PERMS.edit) },
    handler: async (req) => {
      const def = parse(DefinitionInput, req.body);
      const { headId } = await tx((t) => saveDefinition(t, def, 'edit', userOf(req)));
      await changed(headId);
      return ok(null, CGFORM_MESSAGES.edited);
    },
  });

  app.post('/online/cgform/api/doDbSynch/:id', { config: { access: perm(CGFORM_PERMS.dbSynch) } }, async (req) => {
    const { id } = parse(IdQuery, req.params);
    const body = parse(SyncBody, req.body ?? {});
    const r = await tx((t) =>
      syncDefinition(t, id, { method: body.synMethod, confirm: body.confirm, user: userOf(req) }),
    );
    await changed(id);
    return ok({ tableName: r.table, tableVersion: r.tableVersion, created: r.created }, CGFORM_MESSAGES.synced);
  });

  app.route({
    method: ['GET', 'POST', 'PUT'],
    url: '/online/cgform/head/copyOnline',
    config: { access: perm(CGFORM_PERMS.copy) },
    handler: async (req) => {
      const { code } = parse(CodeQuery, req.query);
      const r = await tx((t) => copyDefinition(t, code, userOf(req)));
      await changed(r.headId);
      return ok(r, CGFORM_MESSAGES.copied);
    },
  });

  const remove = async (ids: string[], dropTable: boolean) => {
    const gone = await tx((t) => removeDefinitions(t, ids, dropTable));
    await changed(null);
    return gone;
  };

  app.delete('/online/cgform/head/delete', { config: { access: perm(CGFORM_PERMS.delete) } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    if (!(await remove([id], true)).length) throw bizError(CGFORM_MESSAGES.notFound);
    return ok(null, CGFORM_MESSAGES.deleted);
  });

  app.route({
    method: ['DELETE', 'GET'],
    url: '/online/cgform/head/removeRecord',
    config: { access: perm(CGFORM_PERMS.delete) },
    handler: async (req) => {
      const { id } = parse(IdQuery, req.query);
      if (!(await remove([id], false)).length) throw bizError(CGFORM_MESSAGES.notFound);
      return ok(null, CGFORM_MESSAGES.removed);
    },
  });

  /** flag 1: tables too (删除); anything else: definitions only (移除) */
  app.delete('/online/cgform/head/deleteBatch', { config: { access: perm(CGFORM_PERMS.delete) } }, async (req) => {
    const q = parse(IdsQuery, req.query);
    await remove(idList(q.ids), q.flag === '1');
    return ok(null, CGFORM_MESSAGES.batchDeleted);
  });

  // ------------------------------------------------------------ import from the database

  app.get('/online/cgform/head/queryTables', { config: { access: perm(CGFORM_PERMS.importTable) } }, async () =>
    ok(await importableTables(db())),
  );

  app.post(
    '/online/cgform/head/transTables/:tbnames',
    { config: { access: perm(CGFORM_PERMS.importTable) } },
    async (req) => {
      const { tbnames } = parse(z.object({ tbnames: requiredStr('tbnames', 2000) }), req.params);
      const names = [
        ...new Set(
          tbnames
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      if (!names.length || names.length > 50) throw bizError('请选择 1～50 张表');
      const ids = await tx(async (t) => {
        const out: string[] = [];
        for (const n of names) out.push(await importTable(t, n, userOf(req)));
        return out;
      });
      await changed(null);
      return ok(ids, CGFORM_MESSAGES.imported);
    },
  );

  // ------------------------------------------------------------ custom buttons

  const buttonList = async (headId: string) => {
    const rows = await db()
      .select()
      .from(onlCgformButton)
      .where(eq(onlCgformButton.cgformHeadId, headId))
      .orderBy(asc(onlCgformButton.orderNum), asc(onlCgformButton.buttonCode));
    const records = rows.map((r) => rowJson(r));
    return ok({ records, total: records.length, size: Math.max(records.length, 10), current: 1, pages: 1 });
  };
  app.get('/online/cgform/button/list', { config: { access: read } }, async (req) =>
    buttonList(parse(HeadIdQuery, req.query).headId),
  );
  app.get('/online/cgform/button/list/:code', { config: { access: read } }, async (req) =>
    buttonList(parse(CodeQuery, req.params).code),
  );

  const headMustExist = async (id: string) => {
    const [h] = await db().select({ id: onlCgformHead.id }).from(onlCgformHead).where(eq(onlCgformHead.id, id));
    if (!h) throw bizError(CGFORM_MESSAGES.notFound);
  };

  app.post('/online/cgform/button/add', { config: { access: perm(CGFORM_PERMS.button) } }, async (req) => {
    const b = parse(ButtonAdd, req.body);
    await headMustExist(b.cgformHeadId);
    if (await buttonCodeTaken(db(), b.cgformHeadId, b.buttonCode)) throw bizError(`按钮编码「${b.buttonCode}」已存在`);
    await db()
      .insert(onlCgformButton)
      .values({
        id: newId(),
        cgformHeadId: b.cgformHeadId,
        buttonCode: b.buttonCode,
        buttonName: b.buttonName,
        buttonIcon: b.buttonIcon || null,
        buttonStatus: b.buttonStatus,
        buttonStyle: b.buttonStyle ?? 'button',
        optType: b.optType ?? 'action',
        optPosition: b.optPosition,
        orderNum: b.orderNum ?? 0,
        exp: b.exp || null,
      });
    await changed(b.cgformHeadId);
    return ok(null, '添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/online/cgform/button/edit',
    config: { access: perm(CGFORM_PERMS.button) },
    handler: async (req) => {
      const b = parse(ButtonEdit, req.body);
      const [cur] = await db().select().from(onlCgformButton).where(eq(onlCgformButton.id, b.id));
      if (!cur || cur.cgformHeadId !== b.cgformHeadId) throw bizError('未找到对应数据');
      if (await buttonCodeTaken(db(), b.cgformHeadId, b.buttonCode, b.id)) {
        throw bizError(`按钮编码「${b.buttonCode}」已存在`);
      }
      await db()
        .update(onlCgformButton)
        .set({
          buttonCode: b.buttonCode,
          buttonName: b.buttonName,
          buttonIcon: b.buttonIcon || null,
          buttonStatus: b.buttonStatus,
          buttonStyle: b.buttonStyle ?? cur.buttonStyle,
          optType: b.optType ?? cur.optType,
          optPosition: b.optPosition,
          orderNum: b.orderNum ?? cur.orderNum,
          exp: b.exp || null,
        })
        .where(eq(onlCgformButton.id, b.id));
      await changed(b.cgformHeadId);
      return ok(null, '编辑成功!');
    },
  });

  const deleteButtons = async (ids: string[]) => {
    const gone = await db()
      .delete(onlCgformButton)
      .where(inArray(onlCgformButton.id, ids))
      .returning({ headId: onlCgformButton.cgformHeadId });
    for (const h of new Set(gone.map((g) => g.headId))) await changed(h);
    return gone.length;
  };
  app.delete('/online/cgform/button/delete', { config: { access: perm(CGFORM_PERMS.button) } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    if (!(await deleteButtons([id]))) throw bizError('未找到对应数据');
    return ok(null, '删除成功!');
  });
  app.delete('/online/cgform/button/deleteBatch', { config: { access: perm(CGFORM_PERMS.button) } }, async (req) => {
    await deleteButtons(idList(parse(IdsQuery, req.query).ids));
    return ok(null, '批量删除成功!');
  });

  // ------------------------------------------------------------ refused: enhancements and code generation

  const refuse = (url: string, message: string, access: Access) =>
    app.route({
      method: ['GET', 'POST', 'PUT', 'DELETE'],
      url,
      config: { access, audit: false },
      handler: async () => {
        throw bizError(message);
      },
    });
  const edit = perm(CGFORM_PERMS.edit);
  refuse('/online/cgform/head/enhanceJs/:code', NOT_SUPPORTED.enhanceJs, edit);
  refuse('/online/cgform/head/enhanceSql', NOT_SUPPORTED.enhanceSql, edit);
  refuse('/online/cgform/head/enhanceSql/:code', NOT_SUPPORTED.enhanceSql, edit);
  refuse('/online/cgform/head/deletebatchEnhanceSql', NOT_SUPPORTED.enhanceSql, edit);
  refuse('/online/cgform/head/enhanceJava', NOT_SUPPORTED.enhanceJava, edit);
  refuse('/online/cgform/head/enhanceJava/:code', NOT_SUPPORTED.enhanceJava, edit);
  refuse('/online/cgform/head/deleteBatchEnhanceJava', NOT_SUPPORTED.enhanceJava, edit);
  const gen = perm(CGFORM_PERMS.generateCode);
  refuse('/online/cgform/api/codeGenerate', NOT_SUPPORTED.codeGenerate, gen);
  refuse('/online/cgform/api/downGenerateCode', NOT_SUPPORTED.codeGenerate, gen);
  refuse('/online/cgform/api/getGenerateCode', NOT_SUPPORTED.codeGenerate, gen);
}
