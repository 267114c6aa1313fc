// biome-ignore-all lint/suspicious/noTemplateCurlyInString: JVxeTable placeholders and messages substitute ${title}
// Cell validation (spec 02 §5): presets, required, unique, regex, custom handler; first failing message wins.
import type { JVxeColumn, JVxeRow, JVxeRule } from '../types';

/** pattern presets of JVxeTable (spec 02 §5 "Pattern presets") with the default text of each */
export const PATTERN_PRESETS: Record<string, { pattern: RegExp; title: string }> = {
  '*': { pattern: /^[\s\S]*\S[\s\S]*$/, title: '非空' },
  'n6-16': { pattern: /^\d{6,16}$/, title: '6到16位数字' },
  '*6-16': { pattern: /^[\s\S]{6,16}$/, title: '6到16位任意字符' },
  's6-18': { pattern: /^[a-zA-Z]{6,18}$/, title: '6到18位字母' },
  url: { pattern: /^https?:\/\/[\w-]+(\.[\w-]+)+([\w\-.,@?^=%&:/~+#]*[\w\-@?^=%&/~+#])?$/, title: '网址' },
  e: { pattern: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/, title: '电子邮件' },
  m: { pattern: /^1[3-9]\d{9}$/, title: '手机号码' },
  p: { pattern: /^\d{6}$/, title: '邮政编码' },
  s: { pattern: /^[a-zA-Z]+$/, title: '字母' },
  n: { pattern: /^-?\d+(\.\d+)?$/, title: '数字' },
  z: { pattern: /^-?\d+$/, title: '整数' },
  money: { pattern: /^-?\d+(\.\d{1,2})?$/, title: '金额' },
};

export function isEmptyValue(v: unknown): boolean {
  return (
    v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0)
  );
}

const regexCache = new Map<string, RegExp | null>();

/** the regex of a rule pattern (preset code, regex source, '/…/flags' or RegExp); null when unusable */
export function rulePattern(pattern: string | RegExp): RegExp | null {
  if (pattern instanceof RegExp) return pattern;
  const preset = PATTERN_PRESETS[pattern];
  if (preset) return preset.pattern;
  let re = regexCache.get(pattern);
  if (re === undefined) {
    try {
      const m = /^\/(.*)\/([gimsuy]*)$/s.exec(pattern);
      re = m ? new RegExp(m[1] ?? '', (m[2] ?? '').replace('g', '')) : new RegExp(pattern);
    } catch {
      re = null;
    }
    regexCache.set(pattern, re);
  }
  return re;
}

export function fillMessage(message: string, column: JVxeColumn): string {
  return message.replaceAll('${title}', column.title).replaceAll('${key}', column.key);
}

export function defaultMessage(rule: JVxeRule, column: JVxeColumn): string {
  if (rule.message) return fillMessage(rule.message, column);
  if (rule.required) return `${column.title}不能为空`;
  if (rule.unique) return `${column.title}不能重复`;
  if (typeof rule.pattern === 'string' && PATTERN_PRESETS[rule.pattern]) {
    return `${column.title}必须是${PATTERN_PRESETS[rule.pattern]?.title}`;
  }
  return `${column.title}格式不正确`;
}

/** value as text for patterns and unique checks (arrays joined with ',') */
export function valueText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return v.join(',');
  return String(v);
}

export interface ValidateContext {
  row: JVxeRow;
  rowIndex: number;
  rows: readonly JVxeRow[];
  /** how many rows hold this value in the column (unique rule); computed lazily when absent */
  countOf?: (text: string) => number;
  /** the cell's text of a value (CellDef.toText): '' counts as empty for required */
  toText?: (value: unknown) => string;
}

/**
 * First failing message of a value, or null. Synchronous unless a handler returns a promise: then a promise of the
 * same (the synchronous rules before it still decide first, in order).
 */
export function validateValue(
  value: unknown,
  column: JVxeColumn,
  ctx: ValidateContext,
): string | null | Promise<string | null> {
  const rules = column.validateRules;
  if (!rules || rules.length === 0) return null;
  const text = ctx.toText ? ctx.toText(value) : undefined;
  const empty = text !== undefined ? text.trim() === '' : isEmptyValue(value);
  const asText = () => (text !== undefined ? text : valueText(value));
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i] as JVxeRule;
    if (rule.required && empty) return defaultMessage(rule, column);
    if (rule.unique && !empty) {
      const t = asText();
      const count = ctx.countOf
        ? ctx.countOf(t)
        : ctx.rows.reduce((n, r) => ((ctx.toText ?? valueText)(r[column.key]) === t ? n + 1 : n), 0);
      if (count > 1) return defaultMessage(rule, column);
    }
    if (rule.pattern !== undefined && rule.pattern !== '' && !empty) {
      const re = rulePattern(rule.pattern);
      if (re && !re.test(asText())) return defaultMessage(rule, column);
    }
    if (rule.handler) {
      let out: unknown;
      try {
        out = rule.handler({ value, row: ctx.row, column, rowIndex: ctx.rowIndex, rows: ctx.rows });
      } catch (err) {
        return err instanceof Error ? err.message : String(err || defaultMessage(rule, column));
      }
      if (out && typeof (out as Promise<unknown>).then === 'function') {
        const rest = { ...column, validateRules: rules.slice(i + 1) };
        return (out as Promise<unknown>).then(
          (msg) => (msg ? String(msg) : (validateValue(value, rest, ctx) as string | null | Promise<string | null>)),
          (err: unknown) => (err instanceof Error ? err.message : String(err || defaultMessage(rule, column))),
        );
      }
      if (out) return String(out);
    }
  }
  return null;
}
