import { and, eq, ne } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import safeRegex from 'safe-regex2';
import type { Db } from '../../../db/client.ts';
import { bizError } from '../../../platform/errors.ts';
import { parseGmt8 } from '../../../platform/list-query.ts';
import type { FieldRow, FormModel } from '../model.ts';
import type { FormAuth } from './auth.ts';

/**
 * Values of a generated form → column values, checked against the definition (ADR 032): type, length, required,
 * validation pattern (JeecgBoot's codes, `only` = unique, `z` = integer, or a stored regular expression that must pass
 * a catastrophic-backtracking check), read-only and hidden fields. Every value is bound later; nothing here builds SQL.
 */

/** JeecgBoot's validation codes (field_valid_type) and their client messages */
export const PATTERNS: Readonly<Record<string, { re: RegExp; message: string }>> = Object.freeze({
  '*': { re: /[\s\S]+/, message: '该字段不能为空' },
  n: { re: /^-?\d+(\.\d+)?$/, message: '请输入数字' },
  s: { re: /^[A-Za-z]+$/, message: '请输入字母' },
  p: { re: /^[1-9]\d{5}$/, message: '请输入正确的邮政编码' },
  m: { re: /^1[3-9]\d{9}$/, message: '请输入正确的手机号码' },
  e: { re: /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(\.[A-Za-z0-9-]{1,63}){1,8}$/, message: '请输入正确的电子邮件' },
  url: { re: /^(https?|ftp):\/\/[^\s/$.?#][^\s]{0,2000}$/i, message: '请输入正确的网址' },
  z: { re: /^-?\d+$/, message: '请输入整数' },
  money: { re: /^(0|[1-9]\d{0,15})(\.\d{1,2})?$/, message: '请输入正确的金额' },
  only: { re: /[\s\S]*/, message: '该值已存在' },
});

const RANGE_CODE = /^([*ns])(\d{1,4})-(\d{1,4})$/;
const MAX_REGEX = 500;
const MAX_TESTED = 2000;

type Kind = 'text' | 'int' | 'bigint' | 'float' | 'decimal' | 'date' | 'datetime' | 'time' | 'bool';

function kindOf(col: PgColumn): Kind {
  switch (col.columnType) {
    case 'PgInteger':
      return 'int';
    case 'PgBigInt53':
      return 'bigint';
    case 'PgDoublePrecision':
      return 'float';
    case 'PgNumericNumber':
      return 'decimal';
    case 'PgDateString':
      return 'date';
    case 'PgTimestamp':
      return 'datetime';
    case 'PgTime':
      return 'time';
    case 'PgBoolean':
      return 'bool';
    default:
      return 'text';
  }
}

const titleOf = (f: FieldRow) => f.dbFieldTxt || f.dbFieldName;

function scalarText(f: FieldRow, v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) return v.join(',');
  throw bizError(`${titleOf(f)}的值不合法`);
}

/** a form value → the column's value (null for empty); a Chinese business error when it does not fit */
export function convertValue(f: FieldRow, col: PgColumn, raw: unknown): unknown {
  if (raw === null || raw === undefined) return null;
  const text = scalarText(f, raw);
  const t = titleOf(f);
  const kind = kindOf(col);
  if (kind !== 'text') {
    const v = text.trim();
    if (v === '') return null;
    switch (kind) {
      case 'int': {
        if (!/^-?\d{1,10}$/.test(v) || Math.abs(Number(v)) > 2_147_483_647) throw bizError(`${t}必须是整数`);
        return Number(v);
      }
      case 'bigint':
        if (!/^-?\d{1,15}$/.test(v)) throw bizError(`${t}必须是整数`);
        return Number(v);
      case 'float':
        if (!/^-?\d{1,15}(\.\d{1,15})?$/.test(v)) throw bizError(`${t}必须是数字`);
        return Number(v);
      case 'decimal': {
        const m = /^-?(\d{1,30})(\.(\d{1,30}))?$/.exec(v);
        if (!m) throw bizError(`${t}必须是数字`);
        const point = f.dbPointLength ?? 0;
        const intDigits = Math.max(1, (f.dbLength ?? 10) - point);
        if (m[1].replace(/^0+(?=\d)/, '').length > intDigits)
          throw bizError(`${t}超出范围（整数部分最多${intDigits}位）`);
        return Number(v);
      }
      case 'date': {
        const p = parseGmt8(v.length > 10 ? v.slice(0, 10) : v);
        if (!p) throw bizError(`${t}必须是 yyyy-MM-dd 格式的日期`);
        return v.slice(0, 10);
      }
      case 'datetime': {
        const p = parseGmt8(v);
        if (!p) throw bizError(`${t}必须是 yyyy-MM-dd HH:mm:ss 格式的时间`);
        return p.date;
      }
      case 'time':
        if (!/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(v)) throw bizError(`${t}必须是 HH:mm:ss 格式的时间`);
        return v.length === 5 ? `${v}:00` : v;
      case 'bool':
        if (v === 'true' || v === '1' || v === 'Y') return true;
        if (v === 'false' || v === '0' || v === 'N') return false;
        throw bizError(`${t}必须是是或否`);
    }
  }
  if (text === '') return null;
  // PostgreSQL refuses NUL in text; other control characters are stored as typed
  if (text.includes('\u0000')) throw bizError(`${t}包含非法字符`);
  if (f.dbType === 'string' && f.dbLength > 0 && [...text].length > f.dbLength)
    throw bizError(`${t}长度不能超过${f.dbLength}个字符`);
  return text;
}

/** Checks a converted, non-empty value against the field's validation pattern (not `only`: see checkUnique). */
export function checkPattern(f: FieldRow, value: unknown): void {
  const code = (f.fieldValidType ?? '').trim();
  if (!code || code === 'only' || value === null || value === undefined) return;
  const text = value instanceof Date ? '' : String(value);
  const t = titleOf(f);
  if (Object.hasOwn(PATTERNS, code)) {
    if (!PATTERNS[code].re.test(text)) throw bizError(`${t}：${PATTERNS[code].message}`);
    return;
  }
  const range = RANGE_CODE.exec(code);
  if (range) {
    const [, k, lo, hi] = range;
    const n = [...text].length;
    const okKind = k === '*' || (k === 'n' ? /^\d+$/.test(text) : /^[A-Za-z]+$/.test(text));
    if (!okKind || n < Number(lo) || n > Number(hi)) {
      const what = k === '*' ? '任意字符' : k === 'n' ? '数字' : '字母';
      throw bizError(`${t}：请输入${lo}到${hi}位${what}`);
    }
    return;
  }
  const re = compiledPattern(code);
  if (!re) throw bizError(`${t}：校验规则配置有误，请联系管理员`);
  if (text.length > MAX_TESTED || !re.test(text)) throw bizError(`${t}：正则表达式不正确`);
}

const compiled = new Map<string, RegExp | null>();

/** a stored regular expression, or null when it does not compile or could backtrack catastrophically */
export function compiledPattern(source: string): RegExp | null {
  if (compiled.has(source)) return compiled.get(source)!;
  let re: RegExp | null = null;
  if (source.length <= MAX_REGEX) {
    try {
      const candidate = new RegExp(source);
      re = safeRegex(candidate, { limit: 25 }) ? candidate : null;
    } catch {
      re = null;
    }
  }
  if (compiled.size > 1000) compiled.clear();
  compiled.set(source, re);
  return re;
}

export interface RowInput {
  model: FormModel;
  auth: FormAuth;
  mode: 'add' | 'edit';
  /** columns the server sets itself (a sub's foreign key, a tree's has-child flag) */
  omit?: ReadonlySet<string>;
}

const SERVER_FIELDS = new Set(['id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code']);

/**
 * The column values of one submitted row: only fields of the definition whose column exists, never the key, audit
 * columns, hidden fields, or (on edit) read-only fields. On add every required field must have a value; on edit a
 * required field that is sent must not be empty (absent fields keep their stored value).
 */
export function rowValues(input: RowInput, body: Record<string, unknown>): Record<string, unknown> {
  const { model, auth, mode } = input;
  const out: Record<string, unknown> = {};
  for (const f of model.fields) {
    const name = f.dbFieldName;
    const col = model.columns.get(name);
    if (!col || SERVER_FIELDS.has(name) || input.omit?.has(name) || auth.formHidden.has(name)) continue;
    if (mode === 'edit' && (f.isReadOnly === 1 || auth.readOnly.has(name))) continue;
    const present = Object.hasOwn(body, name);
    const value = present ? convertValue(f, col, body[name]) : null;
    const required = f.fieldMustInput === '1' || (f.dbIsNull === 0 && !f.dbDefaultVal);
    if (required && value === null && (mode === 'add' || present)) throw bizError(`${titleOf(f)}不能为空`);
    if (value !== null) checkPattern(f, value);
    if (present || mode === 'add') {
      if (value === null && mode === 'add') continue; // the column default applies
      out[name] = value;
    }
  }
  return out;
}

/** `only` fields: no other row may hold the same value */
export async function checkUnique(db: Db, model: FormModel, values: Record<string, unknown>, id?: string) {
  const idCol = model.columns.get('id')!;
  for (const f of model.fields) {
    if ((f.fieldValidType ?? '').trim() !== 'only') continue;
    const v = values[f.dbFieldName];
    const col = model.columns.get(f.dbFieldName);
    if (v === null || v === undefined || !col) continue;
    const rows = await db
      .select({ id: idCol })
      .from(model.table!)
      .where(id ? and(eq(col, v), ne(idCol, id)) : eq(col, v))
      .limit(1);
    if (rows.length > 0) throw bizError(`${titleOf(f)}：该值已存在`);
  }
}
