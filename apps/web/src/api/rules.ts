import { http } from './http';

/** Check rules and fill rules (校验规则 / 填值规则, contract §4.11). */

export const CHECK_RULE_URLS = {
  list: '/sys/checkRule/list',
  add: '/sys/checkRule/add',
  edit: '/sys/checkRule/edit',
  delete: '/sys/checkRule/delete',
  deleteBatch: '/sys/checkRule/deleteBatch',
  checkByCode: '/sys/checkRule/checkByCode',
} as const;

export const FILL_RULE_URLS = {
  list: '/sys/fillRule/list',
  add: '/sys/fillRule/add',
  edit: '/sys/fillRule/edit',
  delete: '/sys/fillRule/delete',
  deleteBatch: '/sys/fillRule/deleteBatch',
  ruleClasses: '/sys/fillRule/ruleClasses',
  testFillRule: '/sys/fillRule/testFillRule',
  executeRuleByCode: '/sys/fillRule/executeRuleByCode',
  executeRuleByCodeBatch: '/sys/fillRule/executeRuleByCodeBatch',
} as const;

export interface SysCheckRule {
  id: string;
  ruleName: string | null;
  ruleCode: string;
  ruleJson: string | null;
  ruleDescription: string | null;
  createTime?: string | null;
}

export interface CheckRuleForm {
  ruleName: string;
  ruleCode: string;
  ruleJson: string;
  ruleDescription?: string | null;
}

/** one segment of rule_json: digits '*' = whole value */
export interface RuleSegment {
  digits: string;
  pattern: string;
  message: string;
}

export interface CheckFailure extends RuleSegment {
  beginIndex?: number;
  endIndex?: number;
  checkValue: string;
  passed: false;
}

export interface SysFillRule {
  id: string;
  ruleName: string | null;
  ruleCode: string;
  ruleClass: string | null;
  ruleParams: string | null;
  createTime?: string | null;
}

export interface FillRuleForm {
  ruleName: string;
  ruleCode: string;
  ruleClass: string;
  ruleParams?: string | null;
}

export interface RuleClassOption {
  value: string;
  text: string;
  description: string;
}

export function saveCheckRule(values: CheckRuleForm, id?: string) {
  return id ? http.put<null>(CHECK_RULE_URLS.edit, { ...values, id }) : http.post<null>(CHECK_RULE_URLS.add, values);
}

/** GET checkByCode: the value is URL-encoded by the client (the server decodes it once more) */
export function checkByCode(ruleCode: string, value: string) {
  return http.get<CheckFailure | null>(
    CHECK_RULE_URLS.checkByCode,
    { ruleCode, value: encodeURIComponent(value) },
    { silent: true },
  );
}

/** rule_json text → segments ([] when empty or malformed) */
export function parseRuleJson(text: string | null | undefined): RuleSegment[] {
  if (!text) return [];
  try {
    const data = JSON.parse(text) as unknown;
    if (!Array.isArray(data)) return [];
    return data
      .filter((x): x is Record<string, unknown> => !!x && typeof x === 'object')
      .map((x) => ({
        digits: String(x.digits ?? ''),
        pattern: String(x.pattern ?? ''),
        message: String(x.message ?? ''),
      }));
  } catch {
    return [];
  }
}

export function saveFillRule(values: FillRuleForm, id?: string) {
  return id ? http.put<null>(FILL_RULE_URLS.edit, { ...values, id }) : http.post<null>(FILL_RULE_URLS.add, values);
}

export function fillRuleClasses() {
  return http.get<RuleClassOption[]>(FILL_RULE_URLS.ruleClasses);
}

export function testFillRule(ruleCode: string) {
  return http.get<unknown>(FILL_RULE_URLS.testFillRule, { ruleCode });
}

/** PUT executeRuleByCode/{ruleCode} with the form data */
export function executeFillRule(ruleCode: string, formData: Record<string, unknown> = {}) {
  return http.put<unknown>(`${FILL_RULE_URLS.executeRuleByCode}/${encodeURIComponent(ruleCode)}`, formData);
}
