import { and, desc, eq, isNull, like, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { sysDepart } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { allocateCode, isOrgCode } from '../../platform/org-code.ts';
import { nextCategoryCode, ROOT_PID } from '../category/service.ts';

/**
 * Built-in fill-rule handlers (security rule 7): sys_fill_rule.rule_class is a key of FILL_RULE_HANDLERS, never a
 * class name from a client. Rows imported from JeecgBoot that still hold the Java class names of its three demo rules
 * are mapped by LEGACY_CLASS_NAMES when they run (they cannot be saved that way).
 */

export type Json = Record<string, unknown>;

export interface FillRuleHandler {
  key: string;
  /** label of the 规则实现 select */
  name: string;
  description: string;
  /** validates rule_params on save; answers a Chinese message when they are wrong */
  checkParams?: (params: Json) => string | null;
  execute(ctx: AppContext, input: { ruleCode: string; params: Json; formData: Json }): Promise<unknown>;
}

/** a string field of the form data, else of the rule params (JeecgBoot: formData when not empty, else params) */
function pick(input: { params: Json; formData: Json }, key: string): string | undefined {
  const src = Object.keys(input.formData).length > 0 ? input.formData : input.params;
  const v = src[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' && typeof v !== 'number') throw bizError(`参数 ${key} 有误`);
  const s = String(v).trim();
  if (s.length > 36) throw bizError(`参数 ${key} 有误`);
  return s === '' ? undefined : s;
}

/** Department org code + org type under `parentId` (contract §5.4, JeecgBoot OrgCodeRule): `[orgCode, orgType]`. */
export async function nextDepartCode(db: Db, parentId: string | undefined): Promise<[string, string]> {
  let parentCode: string | null = null;
  let orgType = '1';
  const siblingsWhere = parentId
    ? eq(sysDepart.parentId, parentId)
    : or(eq(sysDepart.parentId, ''), isNull(sysDepart.parentId));
  if (parentId) {
    const [parent] = await db
      .select({ orgCode: sysDepart.orgCode, orgType: sysDepart.orgType })
      .from(sysDepart)
      .where(eq(sysDepart.id, parentId));
    if (!parent) throw bizError('上级部门不存在');
    if (!isOrgCode(parent.orgCode)) throw bizError(`上级部门编码【${parent.orgCode}】不符合规范，无法生成编码`);
    parentCode = parent.orgCode;
    orgType = String((Number.parseInt(parent.orgType ?? '', 10) || 1) + 1);
  }
  const siblings = await db
    .select({ orgCode: sysDepart.orgCode })
    .from(sysDepart)
    .where(and(siblingsWhere, like(sysDepart.orgCode, `${parentCode ?? ''}___`)))
    .orderBy(desc(sysDepart.orgCode))
    .limit(50);
  const max = siblings.map((s) => s.orgCode).find((c) => isOrgCode(c)) ?? null;
  const taken = async (candidate: string) =>
    (await db.select({ id: sysDepart.id }).from(sysDepart).where(eq(sysDepart.orgCode, candidate)).limit(1)).length > 0;
  try {
    return [await allocateCode(max, parentCode, taken), orgType];
  } catch {
    throw bizError('部门编码已用尽，无法生成新的编码');
  }
}

const ORDER_PREFIX = /^[A-Za-z0-9_-]{0,20}$/;

/** yyyyMMdd of the GMT+8 wall clock */
export function gmt8Day(now: Date = new Date()): string {
  const t = new Date(now.getTime() + 8 * 3_600_000);
  return `${t.getUTCFullYear()}${String(t.getUTCMonth() + 1).padStart(2, '0')}${String(t.getUTCDate()).padStart(2, '0')}`;
}

/** The next value of a rule's counter for one period: one atomic upsert, safe under any concurrency. */
export async function bumpCounter(db: Db, ruleCode: string, period: string): Promise<number> {
  const rows = await queryRows<{ value: string | number }>(
    db,
    sql`insert into sys_fill_rule_counter (rule_code, period, value) values (${ruleCode}, ${period}, 1)
        on conflict (rule_code, period) do update set value = sys_fill_rule_counter.value + 1
        returning value`,
  );
  return Number(rows[0].value);
}

export const FILL_RULE_HANDLERS: Readonly<Record<string, FillRuleHandler>> = Object.freeze({
  org_num_role: {
    key: 'org_num_role',
    name: '机构编码生成',
    description:
      '部门机构编码：同级递增（A01→A02），下级在上级编码后追加（A01→A01A01）；表单参数 parentId。结果为 [机构编码, 机构类型]',
    execute: async (ctx, input) => nextDepartCode(ctx.db, pick(input, 'parentId')),
  },
  category_code_rule: {
    key: 'category_code_rule',
    name: '分类字典编码生成',
    description: '分类字典编码：同级递增，下级在上级编码后追加；表单参数 pid（默认根节点 0）',
    execute: async (ctx, input) => nextCategoryCode(ctx.db, pick(input, 'pid') ?? ROOT_PID),
  },
  shop_order_num: {
    key: 'shop_order_num',
    name: '订单号生成',
    description: '前缀 + 日期 yyyyMMdd + 当天顺序号（补零），如 CN202401010001；规则参数 {"prefix":"CN","digits":4}',
    checkParams: (p) => {
      if (p.prefix !== undefined && (typeof p.prefix !== 'string' || !ORDER_PREFIX.test(p.prefix))) {
        return '参数 prefix 只能是 20 位以内的字母、数字、下划线或中划线';
      }
      if (p.digits !== undefined) {
        const d =
          typeof p.digits === 'number'
            ? p.digits
            : typeof p.digits === 'string' && /^\d{1,2}$/.test(p.digits)
              ? Number(p.digits)
              : Number.NaN;
        if (!Number.isInteger(d) || d < 1 || d > 12) return '参数 digits 必须是 1-12 的整数';
      }
      return null;
    },
    execute: async (ctx, input) => {
      const prefix = typeof input.params.prefix === 'string' ? input.params.prefix : 'CN';
      const digits = input.params.digits === undefined ? 4 : Number(input.params.digits);
      const day = gmt8Day();
      const seq = await bumpCounter(ctx.db, input.ruleCode, day);
      return `${prefix}${day}${String(seq).padStart(digits, '0')}`;
    },
  },
});

/** Java class names of JeecgBoot's demo rules → our handler keys (for imported rows only). */
export const LEGACY_CLASS_NAMES: Readonly<Record<string, string>> = Object.freeze({
  'org.jeecg.modules.system.rule.OrgCodeRule': 'org_num_role',
  'org.jeecg.modules.system.rule.CategoryCodeRule': 'category_code_rule',
  'org.jeecg.modules.online.cgform.rule.OrderNumberRule': 'shop_order_num',
});

export function handlerOf(ruleClass: string | null): FillRuleHandler | undefined {
  if (!ruleClass) return undefined;
  const key = Object.hasOwn(FILL_RULE_HANDLERS, ruleClass)
    ? ruleClass
    : Object.hasOwn(LEGACY_CLASS_NAMES, ruleClass)
      ? LEGACY_CLASS_NAMES[ruleClass]
      : undefined;
  return key ? FILL_RULE_HANDLERS[key] : undefined;
}
