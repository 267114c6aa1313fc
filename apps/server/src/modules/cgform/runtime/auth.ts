import { ok } from '@answer/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { UserRow } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { onlAuthData, onlAuthPage, onlAuthRelation, sysRole, sysUserRole } from '../../../db/schema/index.ts';
import { bizError } from '../../../platform/errors.ts';
import { newId } from '../../../platform/ids.ts';
import { type DataRule, resolveRuleValue } from '../../../platform/list-query.ts';
import { parse, requiredStr, str } from '../../../platform/validation.ts';
import { cachedFormAuth, type FormModel, invalidateFormAuth, loadForm } from '../model.ts';
import { DESIGNER_ACCESS } from './access.ts';

/**
 * Online auth (JeecgBoot's 角色授权 of an online form, ADR 032), applied on the server.
 *
 * Rules (onl_auth_page, status 1 = switched on): type 1 field / 2 button; control 5 visible / 3 editable; page 3 list /
 * 5 form. A switched-on rule restricts everyone except the roles bound to it (onl_auth_relation type 1):
 *   - field, visible, list  → the column is absent from getColumns / getData / export for the others
 *   - field, visible, form  → the field is absent from getFormItem and the record, and ignored on save
 *   - field, editable, form → the field is read-only (disabled in the schema, ignored on save)
 *   - button                → its code joins `hideColumns`; add/update/delete/batch_delete/import/export are refused
 * Data rules (onl_auth_data, status 1) apply to the roles bound to them (onl_auth_relation type 2): AND-ed to every
 * read of getData / getTreeData / export, with the operators and system variables of the platform's data rules.
 */

export const FIELD = 1;
export const BUTTON = 2;
export const VISIBLE = 5;
export const EDITABLE = 3;
export const LIST = 3;
export const FORM = 5;
/** onl_auth_relation.type */
export const REL_PAGE = 1;
export const REL_DATA = 2;

/** the generated list's own buttons (JeecgBoot's hideColumns codes) */
export const STANDARD_BUTTONS: ReadonlyArray<{ code: string; title: string }> = [
  { code: 'add', title: '新增' },
  { code: 'update', title: '编辑' },
  { code: 'delete', title: '删除' },
  { code: 'batch_delete', title: '批量删除' },
  { code: 'import', title: '导入' },
  { code: 'export', title: '导出' },
  { code: 'detail', title: '详情' },
  { code: 'super_query', title: '高级查询' },
];

export interface FormAuth {
  listHidden: ReadonlySet<string>;
  formHidden: ReadonlySet<string>;
  readOnly: ReadonlySet<string>;
  hiddenButtons: ReadonlySet<string>;
  dataRules: DataRule[];
}

/** A head's online auth rules as the runtime needs them, cached per head id (model.ts, ADR 040). */
interface HeadAuthRules {
  /** switched-on page rules (field / button) */
  pages: ReadonlyArray<{ id: string; code: string; type: number; control: number; page: number }>;
  /** switched-on data rules by id */
  data: ReadonlyMap<string, { column: string; operator: string; value: string }>;
  /** role id → the `${type}:${authId}` bindings of that role on this head */
  byRole: ReadonlyMap<string, ReadonlyArray<string>>;
}

async function loadHeadAuthRules(db: Db, headId: string): Promise<HeadAuthRules> {
  const pages = await db
    .select({
      id: onlAuthPage.id,
      code: onlAuthPage.code,
      type: onlAuthPage.type,
      control: onlAuthPage.control,
      page: onlAuthPage.page,
    })
    .from(onlAuthPage)
    .where(and(eq(onlAuthPage.cgformId, headId), eq(onlAuthPage.status, 1)));
  const dataRows = await db
    .select()
    .from(onlAuthData)
    .where(and(eq(onlAuthData.cgformId, headId), eq(onlAuthData.status, 1)));
  const rels = await db
    .select({ roleId: onlAuthRelation.roleId, authId: onlAuthRelation.authId, type: onlAuthRelation.type })
    .from(onlAuthRelation)
    .where(eq(onlAuthRelation.cgformId, headId));
  const byRole = new Map<string, string[]>();
  for (const r of rels) {
    const list = byRole.get(r.roleId) ?? [];
    list.push(`${r.type}:${r.authId}`);
    byRole.set(r.roleId, list);
  }
  const data = new Map(
    dataRows.map((r) => [
      r.id,
      { column: r.ruleColumn ?? '', operator: r.ruleOperator ?? '', value: r.ruleValue ?? '' },
    ]),
  );
  return { pages, data, byRole };
}

/**
 * The user's roles (sys_user_role), kept with the user's permission set: every change of a user's roles already
 * invalidates that (`ctx.perms.invalidate`), on every node.
 */
function userRoleIds(app: FastifyInstance, userId: string): Promise<string[]> {
  return app.ctx.perms.memo(userId, 'cgform-auth-roles', async () =>
    (
      await app.ctx.db.select({ roleId: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, userId))
    ).map((r) => r.roleId),
  );
}

/**
 * What the user's roles leave of the form. The head's rules and the user's roles are cached per node (ADR 040): once
 * both are cached this costs no database round trip.
 */
export async function formAuthFor(app: FastifyInstance, user: UserRow, headId: string): Promise<FormAuth> {
  const rules = await cachedFormAuth(app, headId, () => loadHeadAuthRules(app.ctx.db, headId));
  const roles = await userRoleIds(app, user.id);
  const granted = new Set<string>();
  for (const roleId of roles) for (const k of rules.byRole.get(roleId) ?? []) granted.add(k);
  const listHidden = new Set<string>();
  const formHidden = new Set<string>();
  const readOnly = new Set<string>();
  const hiddenButtons = new Set<string>();
  for (const r of rules.pages) {
    if (granted.has(`${REL_PAGE}:${r.id}`)) continue;
    if (r.type === FIELD && r.control === VISIBLE && r.page === LIST) listHidden.add(r.code);
    else if (r.type === FIELD && r.control === VISIBLE && r.page === FORM) formHidden.add(r.code);
    else if (r.type === FIELD && r.control === EDITABLE) readOnly.add(r.code);
    else if (r.type === BUTTON) hiddenButtons.add(r.code);
  }
  const dataRules: DataRule[] = [];
  for (const k of granted) {
    if (!k.startsWith(`${REL_DATA}:`)) continue;
    const r = rules.data.get(k.slice(2));
    if (!r) continue;
    dataRules.push({
      column: r.column,
      condition: r.operator,
      value: resolveRuleValue(r.value, { username: user.username, realname: user.realname, orgCode: user.orgCode }),
    });
  }
  return { listHidden, formHidden, readOnly, hiddenButtons, dataRules };
}

/** Refuses a standard action whose button a rule hides from this user. */
export function assertButton(auth: FormAuth, code: string): void {
  if (auth.hiddenButtons.has(code)) throw bizError('没有权限执行该操作');
}

// ---------------------------------------------------------------- designer endpoints

const P = '/online/cgform/api';
const idParam = z.object({ cgformId: requiredStr('表单ID', 36) });
const roleParam = z.object({ roleId: requiredStr('角色ID', 36), cgformId: requiredStr('表单ID', 36) });
const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

async function formOrFail(app: FastifyInstance, id: string): Promise<FormModel> {
  return loadForm(app, id);
}

async function upsertRule(
  db: Db,
  cgformId: string,
  code: string,
  type: number,
  control: number,
  page: number,
  on: boolean,
  username: string,
) {
  const where = and(
    eq(onlAuthPage.cgformId, cgformId),
    eq(onlAuthPage.code, code),
    eq(onlAuthPage.type, type),
    eq(onlAuthPage.control, control),
    eq(onlAuthPage.page, page),
  );
  const [hit] = await db.select({ id: onlAuthPage.id }).from(onlAuthPage).where(where).limit(1);
  if (hit) {
    await db
      .update(onlAuthPage)
      .set({ status: on ? 1 : 0, updateBy: username, updateTime: new Date() })
      .where(eq(onlAuthPage.id, hit.id));
  } else if (on) {
    await db.insert(onlAuthPage).values({
      id: newId(),
      cgformId,
      code,
      type,
      control,
      page,
      status: 1,
      createBy: username,
      createTime: new Date(),
    });
  }
}

const ruleOn = (rules: { code: string; type: number; control: number; page: number; status: number }[]) => {
  return (code: string, type: number, control: number, page: number) =>
    rules.some((r) => r.code === code && r.type === type && r.control === control && r.page === page && r.status === 1);
};

const OPERATORS = new Set(['=', '!=', '>', '>=', '<', '<=', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE', 'IN']);

const dataRuleBody = z.object({
  cgformId: requiredStr('表单ID', 36),
  ruleName: requiredStr('规则名称', 50),
  ruleColumn: requiredStr('规则字段', 50),
  ruleOperator: requiredStr('条件', 50),
  ruleValue: str(255).nullish(),
  status: z.union([z.number(), z.string()]).nullish(),
});

function checkDataRule(model: FormModel, b: z.output<typeof dataRuleBody>) {
  if (!model.byName.has(b.ruleColumn)) throw bizError(`规则字段不存在：${b.ruleColumn.slice(0, 64)}`);
  if (!OPERATORS.has(b.ruleOperator)) throw bizError('不支持该条件（自定义SQL规则不被支持）');
  try {
    resolveRuleValue(b.ruleValue ?? '', { username: 'x' });
  } catch {
    throw bizError('规则值中有未知的系统变量');
  }
}

export function registerAuthRoutes(app: FastifyInstance) {
  const access = { access: DESIGNER_ACCESS };
  /** after the change is committed: every node reloads the head's rules (never fails the committed change) */
  const authChanged = (headId: string) =>
    invalidateFormAuth(app, headId).catch((err) => app.log.warn({ err }, 'cgform auth: invalidation failed'));

  // ---- field rules
  app.get(`${P}/authColumn/:cgformId`, { config: access }, async (req) => {
    const { cgformId } = parse(idParam, req.params);
    const model = await formOrFail(app, cgformId);
    const rules = await app.ctx.db.select().from(onlAuthPage).where(eq(onlAuthPage.cgformId, cgformId));
    const on = ruleOn(rules);
    return ok(
      model.fields.map((f) => {
        const listShow = on(f.dbFieldName, FIELD, VISIBLE, LIST);
        const formShow = on(f.dbFieldName, FIELD, VISIBLE, FORM);
        const formEditable = on(f.dbFieldName, FIELD, EDITABLE, FORM);
        return {
          cgformId,
          code: f.dbFieldName,
          title: f.dbFieldTxt ?? f.dbFieldName,
          listShow,
          formShow,
          formEditable,
          switchFlag: listShow || formShow || formEditable ? 1 : 0,
          isShowList: f.isShowList,
          isShowForm: f.isShowForm,
        };
      }),
    );
  });

  const columnBody = z.object({
    cgformId: requiredStr('表单ID', 36),
    code: requiredStr('字段', 63),
    switchFlag: flag.optional(),
    listShow: flag.optional(),
    formShow: flag.optional(),
    formEditable: flag.optional(),
  });
  app.put(`${P}/authColumn`, { config: access }, async (req) => {
    const b = parse(columnBody, req.body);
    const model = await formOrFail(app, b.cgformId);
    if (!model.byName.has(b.code)) throw bizError(`字段不存在：${b.code}`);
    const sw = b.switchFlag ?? true;
    const user = req.auth!.user.username;
    await app.ctx.db.transaction(async (tx) => {
      await upsertRule(tx, b.cgformId, b.code, FIELD, VISIBLE, LIST, sw && !!b.listShow, user);
      await upsertRule(tx, b.cgformId, b.code, FIELD, VISIBLE, FORM, sw && !!b.formShow, user);
      await upsertRule(tx, b.cgformId, b.code, FIELD, EDITABLE, FORM, sw && !!b.formEditable, user);
    });
    await authChanged(b.cgformId);
    return ok(null, '操作成功');
  });

  // ---- button rules
  app.get(`${P}/authButton/:cgformId`, { config: access }, async (req) => {
    const { cgformId } = parse(idParam, req.params);
    const model = await formOrFail(app, cgformId);
    const rules = await app.ctx.db.select().from(onlAuthPage).where(eq(onlAuthPage.cgformId, cgformId));
    const on = ruleOn(rules);
    const buttons = [...STANDARD_BUTTONS, ...model.buttons.map((b) => ({ code: b.buttonCode, title: b.buttonName }))];
    return ok(buttons.map((b) => ({ cgformId, ...b, status: on(b.code, BUTTON, VISIBLE, LIST) ? 1 : 0 })));
  });

  const buttonBody = z.object({
    cgformId: requiredStr('表单ID', 36),
    code: requiredStr('按钮编码', 50),
    status: flag,
  });
  app.put(`${P}/authButton`, { config: access }, async (req) => {
    const b = parse(buttonBody, req.body);
    const model = await formOrFail(app, b.cgformId);
    const known = STANDARD_BUTTONS.some((s) => s.code === b.code) || model.buttons.some((x) => x.buttonCode === b.code);
    if (!known) throw bizError(`按钮不存在：${b.code}`);
    await upsertRule(app.ctx.db, b.cgformId, b.code, BUTTON, VISIBLE, LIST, b.status, req.auth!.user.username);
    await authChanged(b.cgformId);
    return ok(null, '操作成功');
  });

  // ---- data rules
  app.get(`${P}/authData/:cgformId`, { config: access }, async (req) => {
    const { cgformId } = parse(idParam, req.params);
    await formOrFail(app, cgformId);
    const rows = await app.ctx.db.select().from(onlAuthData).where(eq(onlAuthData.cgformId, cgformId));
    return ok(rows.map((r) => ({ ...r, createTime: undefined, updateTime: undefined })));
  });
  app.post(`${P}/authData`, { config: access }, async (req) => {
    const b = parse(dataRuleBody, req.body);
    checkDataRule(await formOrFail(app, b.cgformId), b);
    const id = newId();
    await app.ctx.db.insert(onlAuthData).values({
      id,
      cgformId: b.cgformId,
      ruleName: b.ruleName,
      ruleColumn: b.ruleColumn,
      ruleOperator: b.ruleOperator,
      ruleValue: b.ruleValue ?? '',
      status: Number(b.status ?? 1) === 0 ? 0 : 1,
      createBy: req.auth!.user.username,
      createTime: new Date(),
    });
    await authChanged(b.cgformId);
    return ok(id, '添加成功！');
  });
  app.put(`${P}/authData`, { config: access }, async (req) => {
    const b = parse(dataRuleBody.extend({ id: requiredStr('ID', 36) }), req.body);
    checkDataRule(await formOrFail(app, b.cgformId), b);
    const res = await app.ctx.db
      .update(onlAuthData)
      .set({
        ruleName: b.ruleName,
        ruleColumn: b.ruleColumn,
        ruleOperator: b.ruleOperator,
        ruleValue: b.ruleValue ?? '',
        status: Number(b.status ?? 1) === 0 ? 0 : 1,
        updateBy: req.auth!.user.username,
        updateTime: new Date(),
      })
      .where(and(eq(onlAuthData.id, b.id), eq(onlAuthData.cgformId, b.cgformId)))
      .returning({ id: onlAuthData.id });
    if (res.length === 0) throw bizError('未找到对应数据');
    await authChanged(b.cgformId);
    return ok(null, '编辑成功!');
  });
  app.delete(`${P}/authData/:id`, { config: access }, async (req) => {
    const { id } = parse(z.object({ id: requiredStr('ID', 36) }), req.params);
    const headId = await app.ctx.db.transaction(async (tx) => {
      const res = await tx
        .delete(onlAuthData)
        .where(eq(onlAuthData.id, id))
        .returning({ cgformId: onlAuthData.cgformId });
      if (res.length === 0) throw bizError('未找到对应数据');
      await tx.delete(onlAuthRelation).where(and(eq(onlAuthRelation.authId, id), eq(onlAuthRelation.type, REL_DATA)));
      return res[0].cgformId;
    });
    await authChanged(headId);
    return ok(null, '删除成功!');
  });

  // ---- role bindings
  const bindBody = z.object({
    authId: z.union([str(20_000), z.array(str(36)).max(1000)]).nullish(),
    authIds: z.union([str(20_000), z.array(str(36)).max(1000)]).nullish(),
  });
  const idsOf = (v: string | string[] | null | undefined) =>
    (Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter(Boolean);

  async function roleOrFail(roleId: string) {
    const [r] = await app.ctx.db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.id, roleId)).limit(1);
    if (!r) throw bizError('角色不存在');
  }

  for (const kind of ['Column', 'Button', 'Data'] as const) {
    const relType = kind === 'Data' ? REL_DATA : REL_PAGE;
    /** the rules of this kind (switched on) of the form */
    const rulesOf = async (cgformId: string) => {
      if (kind === 'Data') {
        const rows = await app.ctx.db.select().from(onlAuthData).where(eq(onlAuthData.cgformId, cgformId));
        return rows.map((r) => ({ id: r.id, code: r.ruleColumn, title: r.ruleName, status: r.status }));
      }
      const rows = await app.ctx.db
        .select()
        .from(onlAuthPage)
        .where(and(eq(onlAuthPage.cgformId, cgformId), eq(onlAuthPage.type, kind === 'Column' ? FIELD : BUTTON)));
      return rows.map((r) => ({ id: r.id, code: r.code, control: r.control, page: r.page, status: r.status }));
    };

    app.get(`${P}/role${kind}Auth/:roleId/:cgformId`, { config: access }, async (req) => {
      const { roleId, cgformId } = parse(roleParam, req.params);
      await formOrFail(app, cgformId);
      await roleOrFail(roleId);
      const authList = await rulesOf(cgformId);
      const ids = authList.map((a) => a.id);
      const bound =
        ids.length > 0
          ? await app.ctx.db
              .select({ authId: onlAuthRelation.authId })
              .from(onlAuthRelation)
              .where(
                and(
                  eq(onlAuthRelation.roleId, roleId),
                  eq(onlAuthRelation.type, relType),
                  eq(onlAuthRelation.cgformId, cgformId),
                  inArray(onlAuthRelation.authId, ids),
                ),
              )
          : [];
      return ok({ authList, checkedIds: bound.map((b) => b.authId) });
    });

    app.post(`${P}/role${kind}Auth/:roleId/:cgformId`, { config: access }, async (req) => {
      const { roleId, cgformId } = parse(roleParam, req.params);
      const b = parse(bindBody, req.body);
      await formOrFail(app, cgformId);
      await roleOrFail(roleId);
      const wanted = [...new Set(idsOf(b.authIds ?? b.authId))];
      const authList = await rulesOf(cgformId);
      const known = new Set(authList.map((a) => a.id));
      const unknown = wanted.find((id) => !known.has(id));
      if (unknown) throw bizError('授权规则不存在');
      await app.ctx.db.transaction(async (tx) => {
        if (known.size > 0)
          await tx
            .delete(onlAuthRelation)
            .where(
              and(
                eq(onlAuthRelation.roleId, roleId),
                eq(onlAuthRelation.type, relType),
                eq(onlAuthRelation.cgformId, cgformId),
                inArray(onlAuthRelation.authId, [...known]),
              ),
            );
        if (wanted.length > 0)
          await tx
            .insert(onlAuthRelation)
            .values(
              wanted.map((authId) => ({ id: newId(), roleId, authId, type: relType, cgformId, authMode: 'role' })),
            );
      });
      await authChanged(cgformId);
      return ok(null, '保存成功');
    });
  }
}
