import { ok } from '@answer/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sysFillRule } from '../../db/schema/index.ts';
import { CRUD_MESSAGES, defineCrud, registerCrud } from '../../platform/crud.ts';
import { bizError } from '../../platform/errors.ts';
import { parse, requiredStr, str } from '../../platform/validation.ts';
import { FILL_RULE_HANDLERS, handlerOf, type Json } from './handlers.ts';

/** Fill rules /sys/fillRule (contract §4.11): CRUD over a registry of built-in handlers, test and execution. */

const read = { access: { menu: 'system/SysFillRuleList' } };

export const FILL_RULE_MSG = {
  ...CRUD_MESSAGES,
  codeTaken: '规则编码已存在！',
  badClass: '规则实现类不存在，请从内置规则中选择',
  badParams: '规则参数必须是 JSON 对象',
} as const;

const RULE_CODE = /^[A-Za-z0-9_.-]+$/;
const Body = z.object({
  ruleName: requiredStr('规则名称', 100),
  ruleCode: requiredStr('规则编码', 100).regex(RULE_CODE, '规则编码只能包含字母、数字、下划线、中划线和点'),
  ruleClass: requiredStr('规则实现', 100),
  ruleParams: str(200)
    .nullish()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim())),
});
const EditBody = Body.extend({ id: requiredStr('id', 36) });
const CodeQuery = z.object({ ruleCode: requiredStr('ruleCode', 100) });
const FormData = z.record(z.string(), z.unknown(), { error: '表单数据必须是 JSON 对象' });
const BatchBody = z.object({
  commonFormData: FormData.nullish(),
  rules: z
    .array(z.object({ ruleCode: requiredStr('ruleCode', 100), formData: FormData.nullish() }), {
      error: '参数 rules 必须是数组',
    })
    .max(50, '一次最多执行 50 条规则'),
});

function parseParams(text: string | null): Json {
  if (!text) return {};
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw bizError(FILL_RULE_MSG.badParams);
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw bizError(FILL_RULE_MSG.badParams);
  return v as Json;
}

/** the stored row of a rule being saved: class and params checked, params normalized */
function ruleRow(body: z.output<typeof Body>) {
  if (!Object.hasOwn(FILL_RULE_HANDLERS, body.ruleClass)) throw bizError(FILL_RULE_MSG.badClass);
  const params = parseParams(body.ruleParams);
  const problem = FILL_RULE_HANDLERS[body.ruleClass].checkParams?.(params);
  if (problem) throw bizError(problem);
  return {
    ruleName: body.ruleName,
    ruleCode: body.ruleCode,
    ruleClass: body.ruleClass,
    ruleParams: body.ruleParams === null ? null : JSON.stringify(params),
  };
}

/** Runs the rule `ruleCode` (JeecgBoot FillRuleUtil.executeRule); undefined when no such rule exists. */
export async function executeRule(ctx: AppContext, ruleCode: string, formData: Json): Promise<unknown> {
  const [rule] = await ctx.db.select().from(sysFillRule).where(eq(sysFillRule.ruleCode, ruleCode));
  if (!rule) return undefined;
  const handler = handlerOf(rule.ruleClass);
  if (!handler) {
    ctx.log.warn({ ruleCode, ruleClass: rule.ruleClass }, 'fill rule without a built-in handler');
    throw bizError(`填值规则【${ruleCode}】的实现不存在`);
  }
  let params: Json;
  try {
    params = parseParams(rule.ruleParams);
  } catch {
    throw bizError(`填值规则【${ruleCode}】的参数有误`);
  }
  return handler.execute(ctx, { ruleCode, params, formData });
}

export const fillRules = defineCrud({
  base: '/sys/fillRule',
  table: sysFillRule,
  list: {
    sortable: ['createTime', 'updateTime', 'ruleName', 'ruleCode', 'ruleClass'],
    defaultSort: { column: 'createTime', order: 'desc' },
    searchable: ['ruleName', 'ruleCode', 'ruleClass'],
  },
  access: {
    list: read.access,
    add: { perm: 'fillRule:add' },
    edit: { perm: 'fillRule:edit' },
    delete: { perm: 'fillRule:delete' },
  },
  messages: FILL_RULE_MSG,
  add: { schema: Body, toRow: ruleRow },
  edit: { schema: EditBody, toRow: ruleRow },
  unique: [{ column: sysFillRule.ruleCode, message: FILL_RULE_MSG.codeTaken }],
});

export default async function fillRuleRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, fillRules);

  // the built-in handlers a rule may use (the page's 规则实现 select)
  app.get('/sys/fillRule/ruleClasses', { config: read }, async () =>
    ok(Object.values(FILL_RULE_HANDLERS).map((h) => ({ value: h.key, text: h.name, description: h.description }))),
  );

  app.get('/sys/fillRule/testFillRule', { config: { access: { perm: 'fillRule:test' } } }, async (req) => {
    const { ruleCode } = parse(CodeQuery, req.query);
    const result = await executeRule(app.ctx, ruleCode, {});
    if (result === undefined) throw bizError(`填值规则【${ruleCode}】不存在`);
    return ok(result);
  });

  // forms fill values through these: a session is enough; a per-IP limit bounds counter bumps
  const execConfig = {
    access: 'authenticated' as const,
    rateLimit: { bucket: 'fill-rule', max: 300, windowMs: 60_000 },
  };

  app.put('/sys/fillRule/executeRuleByCode/:ruleCode', { config: execConfig }, async (req) => {
    const ruleCode = (req.params as { ruleCode: string }).ruleCode;
    if (ruleCode.length > 100) throw bizError(`填值规则【${ruleCode.slice(0, 100)}】不存在`);
    const formData = parse(FormData, req.body ?? {});
    const result = await executeRule(app.ctx, ruleCode, formData);
    if (result === undefined) throw bizError(`填值规则【${ruleCode}】不存在`);
    return ok(result);
  });

  app.put('/sys/fillRule/executeRuleByCodeBatch', { config: execConfig }, async (req) => {
    const body = parse(BatchBody, req.body);
    const results: { ruleCode: string; result: unknown }[] = [];
    for (const r of body.rules) {
      const formData = r.formData ?? body.commonFormData ?? {};
      const result = await executeRule(app.ctx, r.ruleCode, formData);
      results.push({ ruleCode: r.ruleCode, result: result === undefined ? null : result });
    }
    return ok(results);
  });
}
