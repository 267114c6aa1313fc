import type { FormRule as Rule } from 'antd';

/**
 * Form rule presets with the verbatim messages of spec 01 §5. Each is a plain antd rule list,
 * so forms use them directly and `firstRuleError` can test them without a DOM.
 */

export const PATTERNS = {
  mobile: /^1[34578]\d{9}$/,
  userName: /^[a-zA-Z0-9_]+$/,
  naturalNumber: /^\d+$/,
  english: /^[a-zA-Z]+$/,
  landline: /^(\d{3,4}-)?\d{7,8}$/,
  bankCard: /^\d{10,20}$/,
  idNumber: /^[a-zA-Z0-9]{1,50}$/,
  idCard: /^(\d{15}|\d{18}|\d{17}[\dXx])$/,
  qq: /^\d{5,12}$/,
  url: /^https?:\/\/.+/,
  alnum20: /^[a-zA-Z0-9]{1,20}$/,
  chineseEnglishSpace: /^[\u4e00-\u9fa5a-zA-Z ]{2,100}$/,
  digitsAndLineFeeds: /^[\d\n]+$/,
  email: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/,
} as const;

export const RULES = {
  mobile: [
    { required: true, message: '请输入手机号' },
    { pattern: PATTERNS.mobile, message: '请输入正确手机号' },
  ],
  /** the spec keeps both: length 4–18 enforced, message text says 6 to 18 */
  userName: [
    { required: true, message: '请输入用户名' },
    { pattern: PATTERNS.userName, message: '只允许字母、数字、下划线' },
    { min: 4, max: 18, message: '长度6到18个字符' },
  ],
  email: [{ pattern: PATTERNS.email, message: '邮箱格式不正确' }],
  naturalNumber: [{ pattern: PATTERNS.naturalNumber, message: '请输入自然数' }],
  english: [{ pattern: PATTERNS.english, message: '请输入英文字符' }],
  landline: [{ pattern: PATTERNS.landline, message: '请输入正确的座机号' }],
  bankCard: [{ pattern: PATTERNS.bankCard, message: '请输入正确的银行卡号码' }],
  idNumber: [{ pattern: PATTERNS.idNumber, message: '请输入正确的证件号码' }],
  idCard: [{ pattern: PATTERNS.idCard, message: '请输入正确的身份证号码' }],
  qq: [{ pattern: PATTERNS.qq, message: '请输入正确的QQ号码' }],
  url: [{ pattern: PATTERNS.url, message: '请输入以http和https开头的网址' }],
  alnum20: [{ pattern: PATTERNS.alnum20, message: '请输入20位以内的英文字符和数字' }],
  chineseEnglishSpace: [{ pattern: PATTERNS.chineseEnglishSpace, message: '请输入2到100位的中英文字符和空格' }],
  digitsAndLineFeeds: [{ pattern: PATTERNS.digitsAndLineFeeds, message: '请输入数字和换行符' }],
  max255: [{ max: 255, message: '请输入255位以内的字符' }],
} satisfies Record<string, Rule[]>;

/** Required field with a length window: 最小长度N位字符 / 最大长度N位字符. */
export function lengthRules(min?: number, max?: number, requiredMessage = '该项为必填项'): Rule[] {
  const rules: Rule[] = [{ required: true, message: requiredMessage }];
  if (min !== undefined) rules.push({ min, message: `最小长度${min}位字符` });
  if (max !== undefined) rules.push({ max, message: `最大长度${max}位字符` });
  return rules;
}

/** Checkbox group bounds: 最少选择N项 / 最多选择N项. */
export function checkboxRules(min?: number, max?: number): Rule[] {
  const rules: Rule[] = [];
  if (min !== undefined) rules.push({ type: 'array', min, message: `最少选择${min}项` });
  if (max !== undefined) rules.push({ type: 'array', max, message: `最多选择${max}项` });
  return rules;
}

type PlainRule = { required?: boolean; pattern?: RegExp; min?: number; max?: number; type?: string; message?: unknown };

/**
 * The first failing message of a rule list for a value, following antd's semantics for the rule kinds used here
 * (empty values only fail `required`; min/max count characters for strings and items for arrays).
 */
export function firstRuleError(value: unknown, rules: Rule[]): string | null {
  const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  for (const raw of rules) {
    if (typeof raw === 'function') continue;
    const rule = raw as PlainRule;
    const message = String(rule.message ?? '');
    if (rule.required && (empty || (typeof value === 'string' && value.trim() === ''))) return message;
    if (empty) continue;
    if (rule.pattern && !rule.pattern.test(String(value))) return message;
    const size = Array.isArray(value) ? value.length : String(value).length;
    if (rule.min !== undefined && size < rule.min) return message;
    if (rule.max !== undefined && size > rule.max) return message;
  }
  return null;
}
