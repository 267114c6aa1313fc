import type { FormRule } from 'antd';
import { http } from '../../api/http';
import { validateCheckRule } from '../../utils/check-rule';
import { RULES } from '../../utils/rules';
import type { FormContext, FormFieldSchema, Row, RuleSpec } from './types';

/**
 * Form rules of a declared field (spec 02 §5): `required`, the pattern presets (`*`, `n6-16`, `*6-16`, `s6-18`,
 * `url`, `e`, `m`, `p`, `s`, `n`, `z`, `money`), the named presets of utils/rules (`mobile`, `email`, `qq` …),
 * plain antd rules, the duplicate check and the server check rule. Blank values pass every check but `required`.
 */

interface Preset {
  title: string;
  pattern: RegExp;
}

/** the pattern presets of spec 02 §5, by code */
export const PATTERN_PRESETS: Record<string, Preset> = {
  'n6-16': { title: '6到16位数字', pattern: /^\d{6,16}$/ },
  '*6-16': { title: '6到16位任意字符', pattern: /^[\s\S]{6,16}$/ },
  's6-18': { title: '6到18位字母', pattern: /^[A-Za-z]{6,18}$/ },
  url: { title: '网址', pattern: /^(https?|ftp):\/\/[\w-]+(\.[\w-]+)+([\w\-.,@?^=%&:/~+#]*[\w\-@?^=%&/~+#])?$/ },
  e: { title: '电子邮件', pattern: /^[\w.+-]+@[\w-]+(\.[\w-]+)*\.[A-Za-z]{2,}$/ },
  m: { title: '手机号码', pattern: /^1[3-9]\d{9}$/ },
  p: { title: '邮政编码', pattern: /^\d{6}$/ },
  s: { title: '字母', pattern: /^[A-Za-z]+$/ },
  n: { title: '数字', pattern: /^-?\d+(\.\d+)?$/ },
  z: { title: '整数', pattern: /^-?\d+$/ },
  money: { title: '金额', pattern: /^-?\d+(\.\d{1,2})?$/ },
};

/** widgets where the user picks rather than types (请选择 instead of 请输入) */
const PICKED = /select|radio|checkbox|dict|tree|category|user|depart|position|role|date|time|switch|upload|image|file/;
/** text widgets: a value of blanks counts as empty */
const TEXT = new Set(['input', 'textarea', 'password']);

export function requiredMessage(field: Pick<FormFieldSchema, 'label' | 'widget' | 'required'>): string {
  if (typeof field.required === 'string') return field.required;
  const label = typeof field.label === 'string' ? field.label : '';
  return `${PICKED.test(field.widget ?? 'input') ? '请选择' : '请输入'}${label}!`;
}

/** the rules of one preset code or named preset; unknown codes throw (a declaration error, found by the tests) */
export function presetRules(code: string, label = ''): FormRule[] {
  if (code === '*') return [{ required: true, whitespace: true, message: `请输入${label}!` }];
  const preset = PATTERN_PRESETS[code];
  if (preset) return [{ pattern: preset.pattern, message: `请输入正确的${preset.title}` }];
  const named = (RULES as Record<string, FormRule[]>)[code];
  if (named) return named;
  throw new Error(`unknown rule preset: ${code}`);
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * `/sys/duplicate/check`: resolves to null when the value is free (or blank), else the server's message.
 */
export async function duplicateCheck(
  table: { tableName: string; fieldName: string },
  value: unknown,
  dataId?: unknown,
): Promise<string | null> {
  if (isBlank(value)) return null;
  const res = await http.get<null>(
    '/sys/duplicate/check',
    {
      tableName: table.tableName,
      fieldName: table.fieldName,
      fieldVal: String(value).trim(),
      dataId: dataId === undefined || dataId === null ? undefined : String(dataId),
    },
    { silent: true },
  );
  return res.success ? null : res.message || '该值不可用，系统中已存在！';
}

const idOf = (record: unknown): unknown => (record as Row | null)?.id;

/** All rules of a declared form field in the given form context. */
export function fieldRules<T>(field: FormFieldSchema<T>, ctx: FormContext<T>): FormRule[] {
  const label = typeof field.label === 'string' ? field.label : '';
  const rules: FormRule[] = [];
  if (field.required)
    // only text widgets get `whitespace`: any key besides required/message turns antd's check into a string check
    rules.push(
      TEXT.has(field.widget ?? 'input')
        ? { required: true, whitespace: true, message: requiredMessage(field) }
        : { required: true, message: requiredMessage(field) },
    );
  for (const r of field.rules ?? []) {
    if (typeof r === 'string') rules.push(...presetRules(r, label));
    else rules.push(r);
  }
  if (field.duplicate) {
    const table = field.duplicate;
    rules.push({
      validator: async (_r, value) => {
        const failed = await duplicateCheck(table, value, idOf(ctx.record));
        if (failed) throw new Error(failed);
      },
    });
  }
  if (field.checkRule) {
    const code = field.checkRule;
    rules.push({ validator: (_r, value) => validateCheckRule(code, value) });
  }
  if (field.validate) {
    const check = field.validate;
    rules.push({
      validator: async (_r, value) => {
        if (isBlank(value)) return;
        const failed = await check(value, ctx);
        if (failed) throw new Error(failed);
      },
    });
  }
  return rules;
}

/** whether a field's rules call the server (such fields validate with a debounce) */
export function isRemoteChecked(field: FormFieldSchema<never>): boolean {
  return Boolean(field.duplicate || field.checkRule || field.validate);
}

export type { RuleSpec };
