import { ok, okCode0 } from '@answer/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sysCheckRule } from '../../db/schema/index.ts';
import { badRequest, bizError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { defineListEntity, listPage } from '../../platform/list-query.ts';
import { rowJson } from '../../platform/serialize.ts';
import { parse, requiredStr, str } from '../../platform/validation.ts';
import { checkValue, normalizeRuleJson, RULE_LIMITS, RuleError, RuleTimeout, storedSegments } from './engine.ts';

/** Check rules /sys/checkRule (contract §4.11): CRUD + checkByCode used by form validators. */

const PAGE = 'system/SysCheckRuleList';
const read = { access: { menu: PAGE } };
const perm = (p: string) => ({ access: { perm: p } });

export const CHECK_RULE_MSG = {
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  batchDeleted: '批量删除成功!',
  notFound: '未找到对应数据',
  unknownCode: '该编码不存在',
  codeTaken: '规则编码已存在！',
  badIds: '参数不识别！',
  timeout: '校验规则执行超时，请联系管理员检查该规则的正则表达式',
  broken: '校验规则配置有误，请联系管理员',
} as const;

export const checkRuleEntity = defineListEntity({
  table: sysCheckRule,
  sortable: ['createTime', 'updateTime', 'ruleName', 'ruleCode'],
  defaultSort: { column: 'createTime', order: 'desc' },
  searchable: ['ruleName', 'ruleCode', 'ruleDescription'],
});

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
const IdQuery = z.object({ id: requiredStr('id', 36) });
const IdsQuery = z.object({ ids: str(40_000).optional() });
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

async function codeTaken(ctx: AppContext, code: string, exceptId?: string) {
  const rows = await ctx.db
    .select({ id: sysCheckRule.id })
    .from(sysCheckRule)
    .where(and(eq(sysCheckRule.ruleCode, code), exceptId ? ne(sysCheckRule.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

/** Java URLDecoder.decode: '+' is a space, %XX sequences decoded; malformed → 400 */
function urlDecode(v: string): string {
  try {
    return decodeURIComponent(v.replace(/\+/g, ' '));
  } catch {
    throw badRequest('参数 value 有误：不是合法的 URL 编码');
  }
}

export default async function checkRuleRoutes(app: FastifyInstance): Promise<void> {
  const user = (req: FastifyRequest) => req.auth!.user;

  app.get('/sys/checkRule/list', { config: read }, async (req) =>
    okCode0(await listPage(app.ctx.db, checkRuleEntity, req.query)),
  );

  app.get('/sys/checkRule/queryById', { config: read }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    const [row] = await app.ctx.db.select().from(sysCheckRule).where(eq(sysCheckRule.id, id));
    if (!row) throw bizError(CHECK_RULE_MSG.notFound);
    return ok(rowJson(row));
  });

  app.post('/sys/checkRule/add', { config: perm('checkRule:add') }, async (req) => {
    const body = parse(Body, req.body);
    const ruleJson = ruleJsonOf(body.ruleJson);
    if (await codeTaken(app.ctx, body.ruleCode)) throw bizError(CHECK_RULE_MSG.codeTaken);
    await app.ctx.db.insert(sysCheckRule).values({
      id: newId(),
      ruleName: body.ruleName,
      ruleCode: body.ruleCode,
      ruleJson,
      ruleDescription: body.ruleDescription,
      createBy: user(req).username,
      createTime: new Date(),
    });
    return ok(null, CHECK_RULE_MSG.added);
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/checkRule/edit',
    config: perm('checkRule:edit'),
    handler: async (req) => {
      const body = parse(EditBody, req.body);
      const ruleJson = ruleJsonOf(body.ruleJson);
      if (await codeTaken(app.ctx, body.ruleCode, body.id)) throw bizError(CHECK_RULE_MSG.codeTaken);
      const res = await app.ctx.db
        .update(sysCheckRule)
        .set({
          ruleName: body.ruleName,
          ruleCode: body.ruleCode,
          ruleJson,
          ruleDescription: body.ruleDescription,
          updateBy: user(req).username,
          updateTime: new Date(),
        })
        .where(eq(sysCheckRule.id, body.id))
        .returning({ id: sysCheckRule.id });
      if (res.length === 0) throw bizError(CHECK_RULE_MSG.notFound);
      return ok(null, CHECK_RULE_MSG.edited);
    },
  });

  app.delete('/sys/checkRule/delete', { config: perm('checkRule:delete') }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    const res = await app.ctx.db.delete(sysCheckRule).where(eq(sysCheckRule.id, id)).returning({ id: sysCheckRule.id });
    if (res.length === 0) throw bizError(CHECK_RULE_MSG.notFound);
    return ok(null, CHECK_RULE_MSG.deleted);
  });

  app.delete('/sys/checkRule/deleteBatch', { config: perm('checkRule:delete') }, async (req) => {
    const ids = [
      ...new Set(
        (parse(IdsQuery, req.query).ids ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ].slice(0, 1000);
    if (ids.length === 0) throw bizError(CHECK_RULE_MSG.badIds);
    await app.ctx.db.delete(sysCheckRule).where(inArray(sysCheckRule.id, ids));
    return ok(null, CHECK_RULE_MSG.batchDeleted);
  });

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
