import { ok } from '@answer/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sysCheckRule } from '../../db/schema/index.ts';
import { CRUD_MESSAGES, defineCrud, registerCrud } from '../../platform/crud.ts';
import { badRequest, bizError } from '../../platform/errors.ts';
import { parse, requiredStr, str } from '../../platform/validation.ts';
import { checkValue, normalizeRuleJson, RULE_LIMITS, RuleError, RuleTimeout, storedSegments } from './engine.ts';

/** Check rules /sys/checkRule (contract §4.11): CRUD + checkByCode used by form validators. */

export const CHECK_RULE_MSG = {
  ...CRUD_MESSAGES,
  unknownCode: '该编码不存在',
  codeTaken: '规则编码已存在！',
  timeout: '校验规则执行超时，请联系管理员检查该规则的正则表达式',
  broken: '校验规则配置有误，请联系管理员',
} as const;

const RULE_CODE = /^[A-Za-z0-9_.-]+$/;
const optionalText = (max: number) =>
  str(max)
    .nullish()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim()));

const Body = z.object({
  ruleName: requiredStr('规则名称', 100),
  ruleCode: requiredStr('规则编码', 100).regex(RULE_CODE, '规则编码只能包含字母、数字、下划线、中划线和点'),
  ruleJson: requiredStr('规则内容', 20_000),
  ruleDescription: optionalText(200),
});
const EditBody = Body.extend({ id: requiredStr('id', 36) });
const CheckQuery = z.object({
  ruleCode: requiredStr('ruleCode', 100),
  value: z.string({ error: '缺少该参数' }).max(RULE_LIMITS.value * 10, '值过长'),
});

function ruleJsonOf(text: string): string {
  try {
    return normalizeRuleJson(text).json;
  } catch (e) {
    if (e instanceof RuleError) throw bizError(e.message);
    throw e;
  }
}

/** Java URLDecoder.decode: '+' is a space, %XX sequences decoded; malformed → 400 */
function urlDecode(v: string): string {
  try {
    return decodeURIComponent(v.replace(/\+/g, ' '));
  } catch {
    throw badRequest('参数 value 有误：不是合法的 URL 编码');
  }
}

/** the stored row of a rule being saved: the rule JSON checked and normalized */
const ruleRow = (b: z.output<typeof Body>) => ({
  ruleName: b.ruleName,
  ruleCode: b.ruleCode,
  ruleJson: ruleJsonOf(b.ruleJson),
  ruleDescription: b.ruleDescription,
});

export const checkRules = defineCrud({
  base: '/sys/checkRule',
  table: sysCheckRule,
  list: {
    sortable: ['createTime', 'updateTime', 'ruleName', 'ruleCode'],
    defaultSort: { column: 'createTime', order: 'desc' },
    searchable: ['ruleName', 'ruleCode', 'ruleDescription'],
  },
  access: {
    list: { menu: 'system/SysCheckRuleList' },
    add: { perm: 'checkRule:add' },
    edit: { perm: 'checkRule:edit' },
    delete: { perm: 'checkRule:delete' },
  },
  messages: CHECK_RULE_MSG,
  add: { schema: Body, toRow: ruleRow },
  edit: { schema: EditBody, toRow: ruleRow },
  unique: [{ column: sysCheckRule.ruleCode, message: CHECK_RULE_MSG.codeTaken }],
});

export default async function checkRuleRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, checkRules);

  // Form validators everywhere call this: a session is enough; the per-IP limit bounds the regex work.
  app.get(
    '/sys/checkRule/checkByCode',
    {
      config: {
        access: 'authenticated',
        rateLimit: { bucket: 'check-rule', max: 600, windowMs: 60_000 },
      },
    },
    async (req) => {
      const q = parse(CheckQuery, req.query);
      const [rule] = await app.ctx.db.select().from(sysCheckRule).where(eq(sysCheckRule.ruleCode, q.ruleCode));
      if (!rule) throw bizError(CHECK_RULE_MSG.unknownCode);
      const value = urlDecode(q.value);
      if (value.length > RULE_LIMITS.value)
        throw badRequest(`参数 value 有误：长度不能超过 ${RULE_LIMITS.value} 个字符`);
      let failure: ReturnType<typeof checkValue>;
      try {
        failure = checkValue(storedSegments(rule.ruleJson), value);
      } catch (e) {
        if (e instanceof RuleTimeout) {
          req.log.warn({ ruleCode: rule.ruleCode }, 'check rule timed out');
          throw bizError(CHECK_RULE_MSG.timeout);
        }
        if (e instanceof RuleError) {
          req.log.warn({ ruleCode: rule.ruleCode, reason: e.message }, 'stored check rule is invalid');
          throw bizError(CHECK_RULE_MSG.broken);
        }
        throw e;
      }
      if (failure) throw bizError(failure.message, 500, failure);
      return ok(null, '成功');
    },
  );
}
