import { ok } from '@answer/contract';
import { inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bizError } from '../../../platform/errors.ts';
import {
  allOf,
  asText,
  defaultWhere,
  RegistryError,
  registryColumn,
  registryTable,
} from '../../../platform/table-registry.ts';
import { tenantOf } from '../../../platform/tenant-scope.ts';
import { parse, requiredStr, str } from '../../../platform/validation.ts';
import { loadForm, loadFormByTable } from '../model.ts';
import { formForRequest } from './access.ts';
import { assertButton, formAuthFor, registerAuthRoutes } from './auth.ts';
import { addForm, dataPage, deleteForm, editForm, formCtx, readForm, subCtxs, subformRows, treePage } from './data.ts';
import { exportForm, importForm } from './excel.ts';
import { columnsAnswer, erpColumnsAnswer, formItemAnswer, queryInfoAnswer } from './meta.ts';

/**
 * The generated screens' API under /online/cgform/api (contract-2 §4.1, §4.2; ADR 032). Every route is for signed-in
 * users and checks, per form, the menu permission (access.ts); the online auth rules of the user's roles shape every
 * answer (auth.ts). Nothing from a definition is ever executed: enhancement JS is null, custom buttons answer 不支持.
 */

const P = '/online/cgform/api';
const auth = { access: 'authenticated' as const };
const code = z.object({ code: requiredStr('表单ID', 36) });
const codeId = z.object({ code: requiredStr('表单ID', 36), id: requiredStr('ID', 40_000) });
const subParams = z.object({ subTable: requiredStr('子表名', 63), mainId: requiredStr('主表ID', 64) });

export default async function cgformRuntimeRoutes(app: FastifyInstance) {
  registerAuthRoutes(app);

  app.get(`${P}/getColumns/:code`, { config: auth }, async (req) => {
    const { code: id } = parse(code, req.params);
    const model = await formForRequest(app, req, id);
    const a = await formAuthFor(app, req.auth!.user, model.head.id);
    return ok(await columnsAnswer(app.ctx, model, a));
  });

  app.get(`${P}/getQueryInfo/:code`, { config: auth }, async (req) => {
    const { code: id } = parse(code, req.params);
    const model = await formForRequest(app, req, id);
    return ok(queryInfoAnswer(model, await formAuthFor(app, req.auth!.user, model.head.id)));
  });

  app.get(`${P}/getErpColumns/:code`, { config: auth }, async (req) => {
    const { code: id } = parse(code, req.params);
    const c = await formCtx(app, req, id);
    const subs = await subCtxs(app, c);
    return ok(await erpColumnsAnswer(app.ctx, c.model, c.auth, subs));
  });

  app.get(`${P}/getData/:code`, { config: auth }, async (req) => {
    const { code: id } = parse(code, req.params);
    const c = await formCtx(app, req, id);
    return ok(await dataPage(app, c, req.query));
  });

  app.get(`${P}/getTreeData/:code`, { config: auth }, async (req) => {
    const { code: id } = parse(code, req.params);
    const c = await formCtx(app, req, id);
    return ok(await treePage(app, c, req.query));
  });

  const subOf = async (req: Parameters<typeof formCtx>[1], subTable: string) => {
    const sub = await loadFormByTable(app, subTable);
    if (sub.head.tableType !== 3) throw bizError('该表不是子表');
    return formCtx(app, req, sub.head.id);
  };

  app.get(`${P}/subform/list/:subTable/:mainId`, { config: auth }, async (req) => {
    const { subTable, mainId } = parse(subParams, req.params);
    const sub = await subOf(req, subTable);
    return ok(await subformRows(app, sub, mainId));
  });

  app.get(`${P}/subform/:subTable/:mainId`, { config: auth }, async (req) => {
    const { subTable, mainId } = parse(subParams, req.params);
    const sub = await subOf(req, subTable);
    const rows = await subformRows(app, sub, mainId);
    return ok(rows[0] ?? null);
  });

  const formItem = async (req: Parameters<typeof formCtx>[1], id: string, withSubs: boolean) => {
    const model = await formForRequest(app, req, id);
    const a = await formAuthFor(app, req.auth!.user, model.head.id);
    const subs = [];
    if (withSubs) {
      for (const ref of model.subs) {
        subs.push({ model: await loadForm(app, ref.headId), auth: await formAuthFor(app, req.auth!.user, ref.headId) });
      }
    }
    return formItemAnswer(app.ctx, model, a, subs, withSubs);
  };

  app.get(`${P}/getFormItem/:code`, { config: auth }, async (req) => {
    const { code: id } = parse(code, req.params);
    return ok(await formItem(req, id, true));
  });

  // ERP main forms edit their subs in their own tabs: the main form alone
  app.get(`${P}/getErpFormItem/:code`, { config: auth }, async (req) => {
    const { code: id } = parse(code, req.params);
    return ok(await formItem(req, id, false));
  });

  app.get(`${P}/getFormItemBytbname/:tableName`, { config: auth }, async (req) => {
    const { tableName } = parse(z.object({ tableName: requiredStr('表名', 63) }), req.params);
    const model = await loadFormByTable(app, tableName);
    return ok(await formItem(req, model.head.id, true));
  });

  app.get(`${P}/form/:code/:id`, { config: auth }, async (req) => {
    const { code: id, id: rowId } = parse(codeId, req.params);
    const c = await formCtx(app, req, id);
    return ok(await readForm(app, c, rowId));
  });

  const body = (b: unknown): Record<string, unknown> => {
    if (!b || typeof b !== 'object' || Array.isArray(b)) throw bizError('请求数据格式不正确');
    return b as Record<string, unknown>;
  };

  app.post(`${P}/form/:code`, { config: auth }, async (req) => {
    const { code: id } = parse(code, req.params);
    const c = await formCtx(app, req, id);
    assertButton(c.auth, 'add');
    const newId = await addForm(app, c, body(req.body));
    return ok(newId, '添加成功！');
  });

  app.put(`${P}/form/:code`, { config: auth }, async (req) => {
    const { code: id } = parse(code, req.params);
    const c = await formCtx(app, req, id);
    assertButton(c.auth, 'update');
    await editForm(app, c, body(req.body));
    return ok(null, '修改成功！');
  });

  app.delete(`${P}/form/:code/:id`, { config: auth }, async (req) => {
    const { code: id, id: ids } = parse(codeId, req.params);
    const c = await formCtx(app, req, id);
    assertButton(c.auth, ids.includes(',') ? 'batch_delete' : 'delete');
    await deleteForm(app, c, ids);
    return ok(null, '删除成功!');
  });

  app.get(`${P}/exportXls/:code`, { config: auth }, async (req, reply) => {
    const { code: id } = parse(code, req.params);
    const c = await formCtx(app, req, id);
    assertButton(c.auth, 'export');
    return exportForm(app, c, req, reply);
  });

  app.post(`${P}/importXls/:code`, { config: auth }, async (req) => {
    const { code: id } = parse(code, req.params);
    const c = await formCtx(app, req, id);
    assertButton(c.auth, 'import');
    return importForm(app, c, req);
  });

  const doButton = z.object({
    formId: requiredStr('表单ID', 36),
    buttonCode: requiredStr('按钮编码', 50),
    dataId: str(40_000).nullish(),
  });
  app.post(`${P}/doButton`, { config: auth }, async (req) => {
    const b = parse(doButton, req.body);
    const model = await formForRequest(app, req, b.formId);
    const a = await formAuthFor(app, req.auth!.user, model.head.id);
    const btn = model.buttons.find((x) => x.buttonCode === b.buttonCode && x.buttonStatus === '1');
    if (!btn || a.hiddenButtons.has(btn.buttonCode)) throw bizError('按钮不存在或没有权限');
    if (!b.dataId || b.dataId.trim() === '') throw bizError('请先选中一条记录');
    throw bizError(btn.optType === 'js' ? '不支持：JS增强不会被执行' : '不支持：自定义按钮的SQL/Java增强不会被执行');
  });

  app.get(`${P}/getEnhanceJs/:code`, { config: auth }, async (req) => {
    const { code: id } = parse(code, req.params);
    await formForRequest(app, req, id);
    return ok(null);
  });

  // link_down / select options of a table: only tables and columns of the platform's registry (security rule 4)
  const selectOptions = z.object({
    table: requiredStr('表名', 63),
    txt: requiredStr('文本字段', 63),
    key: requiredStr('值字段', 63),
    idValue: str(64).nullish(),
  });
  app.get(`${P}/querySelectOptions`, { config: auth }, async (req) => {
    const q = parse(selectOptions, req.query);
    try {
      const t = registryTable(q.table);
      const text = registryColumn(t, q.txt);
      const key = registryColumn(t, q.key);
      // the registry's row filter and the caller's tenant (a tenant user never lists another tenant's users)
      const where: Array<SQL | undefined> = defaultWhere(t, tenantOf(req));
      if (q.idValue) where.push(inArray(asText(key), [q.idValue]));
      const rows = await app.ctx.db
        .select({ value: asText(key), text: asText(text) })
        .from(t.table)
        .where(allOf(where))
        .limit(1000);
      return ok(rows.map((r) => ({ value: r.value, text: r.text, label: r.text })));
    } catch (err) {
      if (err instanceof RegistryError) throw bizError('不允许查询该表或字段');
      throw err;
    }
  });
}
