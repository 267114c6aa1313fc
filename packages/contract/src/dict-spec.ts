/**
 * Dictionary spec strings (contract §4.5, security rule 4), parsed the same way by the server and the web client.
 *
 * - a plain dictionary code: `sex`, `user_status` (a key of sys_dict; any text, always bound as a value)
 * - a table dictionary: `table,text,code` or `table,text,code,condition`
 *
 * This file only checks the *shape*: identifiers are ASCII `^[a-zA-Z][a-zA-Z0-9_]{0,63}$` and the condition follows a
 * tiny grammar (`col = 'value' [and col2 = 'value2' …]`). Whether a table or column may be read is decided on the server
 * by its registry (apps/server/src/platform/table-registry.ts); nothing here is ever concatenated into SQL.
 */

/** Table and column names accepted anywhere a client names one (JeecgBoot ≥3.5 `getSqlInjectTableName` shape). */
export const DICT_IDENTIFIER = /^[a-zA-Z][a-zA-Z0-9_]{0,63}$/;

/** Longest spec string / condition we look at; longer ones are rejected. */
export const DICT_SPEC_MAX_LENGTH = 500;
export const DICT_CONDITION_MAX_TERMS = 8;

export const DICT_MESSAGES = {
  /** empty dictionary code (client and server) */
  empty: '字典Code不能为空!',
  /** fewer than 3 parts, or a plain code where a table dictionary is required */
  format: '字典Code格式不正确！',
  /** anything the server refuses (identifier, registry, condition); details only go to the log */
  refused: '操作失败',
} as const;

/** One dictionary option as JeecgBoot's DictModel serializes it (`title` and, in 3.x, `label` repeat the text). */
export interface DictModel {
  value: string;
  text: string;
  title: string;
  label: string;
}

/** A tree dictionary node of GET /sys/dict/loadTreeData (JeecgBoot TreeSelectModel). */
export interface DictTreeNode {
  key: string;
  title: string;
  parentId: string | null;
  leaf: boolean;
  code: null;
  value: null;
  icon: null;
  children: null;
}

export interface DictCondition {
  column: string;
  value: string;
}

export interface TableDictSpec {
  kind: 'table';
  table: string;
  text: string;
  code: string;
  /** parsed 4th part; empty when there is none */
  conditions: DictCondition[];
}

export interface CodeDictSpec {
  kind: 'code';
  code: string;
}

export type DictSpec = CodeDictSpec | TableDictSpec;

export type DictSpecError =
  /** empty / blank */
  | 'empty'
  /** fewer than 3 comma parts */
  | 'format'
  /** too long */
  | 'length'
  /** table/text/code is not an identifier */
  | 'identifier'
  /** the 4th part does not follow the grammar */
  | 'condition';

export type DictParseResult<T> = { ok: true; value: T } | { ok: false; error: DictSpecError; detail: string };

const fail = <T>(error: DictSpecError, detail: string): DictParseResult<T> => ({ ok: false, error, detail });

export function isDictIdentifier(s: string): boolean {
  return DICT_IDENTIFIER.test(s);
}

/**
 * Splits a spec. A spec with a comma is a table dictionary: the first three parts must be identifiers (no trimming,
 * so `sys_user ` or `` `sys_user` `` are refused), everything after the third comma is the condition (so a quoted
 * value may itself hold a comma).
 */
export function parseDictSpec(raw: string | null | undefined): DictParseResult<DictSpec> {
  const spec = raw ?? '';
  if (spec.trim() === '') return fail('empty', 'empty dictionary code');
  if (spec.length > DICT_SPEC_MAX_LENGTH) return fail('length', 'dictionary code too long');
  if (!spec.includes(',')) return { ok: true, value: { kind: 'code', code: spec } };
  const parts = spec.split(',');
  if (parts.length < 3) return fail('format', 'fewer than 3 parts');
  const [table, text, code] = parts;
  for (const [name, v] of [
    ['table', table],
    ['text', text],
    ['code', code],
  ] as const) {
    if (!isDictIdentifier(v)) return fail('identifier', `${name} is not an identifier`);
  }
  let conditions: DictCondition[] = [];
  if (parts.length > 3) {
    const cond = parseDictCondition(parts.slice(3).join(','));
    if (!cond.ok) return cond;
    conditions = cond.value;
  }
  return { ok: true, value: { kind: 'table', table, text, code, conditions } };
}

/** Builds `table,text,code[,condition]` (the web client's helper for JeecgBoot's dictTable/dictText/dictCode triple). */
export function formatTableDictSpec(table: string, text: string, code: string, condition?: string): string {
  return condition ? `${table},${text},${code},${condition}` : `${table},${text},${code}`;
}

type Token = { t: 'ident'; v: string } | { t: 'eq' } | { t: 'and' } | { t: 'value'; v: string };

function tokenize(input: string): Token[] | string {
  const out: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i];
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '=') {
      out.push({ t: 'eq' });
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      // quoted value; the quote character doubled stands for itself (SQL style); no backslash escapes
      let v = '';
      let j = i + 1;
      for (;;) {
        if (j >= input.length) return 'unterminated string';
        if (input[j] === c) {
          if (input[j + 1] === c) {
            v += c;
            j += 2;
            continue;
          }
          break;
        }
        v += input[j];
        j++;
      }
      out.push({ t: 'value', v });
      i = j + 1;
      continue;
    }
    const num = /^-?\d{1,18}(\.\d{1,18})?/.exec(input.slice(i));
    if (num && (c === '-' || /\d/.test(c))) {
      out.push({ t: 'value', v: num[0] });
      i += num[0].length;
      continue;
    }
    const word = /^[A-Za-z0-9_]+/.exec(input.slice(i));
    if (word) {
      if (word[0].toLowerCase() === 'and') out.push({ t: 'and' });
      else if (isDictIdentifier(word[0])) out.push({ t: 'ident', v: word[0] });
      else return `bad word ${JSON.stringify(word[0].slice(0, 20))}`;
      i += word[0].length;
      continue;
    }
    return `unexpected character ${JSON.stringify(c)}`;
  }
  return out;
}

/**
 * The 4th part of a table dictionary, and nothing more: `col = 'v'` terms joined by `and` (case-insensitive),
 * values single- or double-quoted strings or plain numbers. Everything else (`or`, `!=`, `in`, parentheses, functions,
 * comments, `;`, sub-queries) is refused. The result is column/value pairs the server binds as parameters.
 */
export function parseDictCondition(raw: string): DictParseResult<DictCondition[]> {
  const input = raw.trim();
  if (input === '') return { ok: true, value: [] };
  if (input.length > DICT_SPEC_MAX_LENGTH) return fail('length', 'condition too long');
  if (/[\u0000-\u001f\u007f]/.test(input)) return fail('condition', 'control character');
  const tokens = tokenize(input);
  if (typeof tokens === 'string') return fail('condition', tokens);
  const terms: DictCondition[] = [];
  let i = 0;
  for (;;) {
    const col = tokens[i];
    const op = tokens[i + 1];
    const val = tokens[i + 2];
    if (col?.t !== 'ident' || op?.t !== 'eq' || val?.t !== 'value') {
      return fail('condition', `expected "column = value" at term ${terms.length + 1}`);
    }
    terms.push({ column: col.v, value: val.v });
    if (terms.length > DICT_CONDITION_MAX_TERMS) return fail('condition', 'too many terms');
    i += 3;
    if (i === tokens.length) break;
    if (tokens[i].t !== 'and') return fail('condition', 'terms must be joined by "and"');
    i++;
  }
  return { ok: true, value: terms };
}
