import type { FormRule } from 'antd';
import { checkByCode } from '../api/rules';

/**
 * Form validation by a server check rule (spec 01 §5, contract §4.11): GET /sys/checkRule/checkByCode with the rule
 * code and the URL-encoded value. A blank value passes without a call (the server would pass it too); a failure
 * rejects with the server's message (the failing segment's 提示文本, or 该编码不存在).
 */
export async function validateCheckRule(ruleCode: string, value: unknown): Promise<void> {
  if (value === undefined || value === null) return;
  const text = String(value);
  if (text.trim() === '') return;
  let res: Awaited<ReturnType<typeof checkByCode>>;
  try {
    res = await checkByCode(ruleCode, text);
  } catch {
    throw new Error('校验规则调用失败，请稍后重试');
  }
  if (!res.success) throw new Error(res.message || '校验未通过');
}

/** An antd form rule that runs `validateCheckRule` (use with `validateDebounce` on the Form.Item). */
export function checkRuleValidator(ruleCode: string): FormRule {
  return { validator: (_rule, value) => validateCheckRule(ruleCode, value) };
}
