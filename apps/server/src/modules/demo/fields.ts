import { z } from 'zod';
import { parseGmt8 } from '../../platform/list-query.ts';

/**
 * Field schemas of the demo module's bodies. Forms, the editable table and Excel import all send strings for empty
 * cells, so '' means "no value" (null) everywhere; `undefined` (the key absent) means "unchanged" on edit.
 */

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** optional text of at most `max` characters */
export const optText = (label: string, max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string({ message: `${label}必须是文本` })
      .trim()
      .max(max, `${label}长度不能超过 ${max} 个字符`)
      .nullish(),
  );

/** optional number (a numeric string is accepted) within [min, max]; `integer` refuses fractions */
export const optNumber = (label: string, opts: { min?: number; max?: number; integer?: boolean } = {}) => {
  const { min = -1e12, max = 1e12, integer = false } = opts;
  let n = z.number({ message: `${label}必须是数字` });
  if (integer) n = n.int(`${label}必须是整数`);
  return z.preprocess((v) => {
    const b = blankToNull(v);
    if (typeof b === 'string' && /^-?\d+(\.\d+)?$/.test(b.trim())) return Number(b.trim());
    return b;
  }, n.min(min, `${label}不能小于 ${min}`).max(max, `${label}不能大于 ${max}`).nullish());
};

/** optional `yyyy-MM-dd HH:mm:ss` (or `yyyy-MM-dd`) GMT+8 wall clock → Date */
export const optDateTime = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ message: `${label}格式应为 yyyy-MM-dd HH:mm:ss` })
      .transform((s, ctx) => {
        const p = parseGmt8(s);
        if (!p) {
          ctx.addIssue({ code: 'custom', message: `${label}格式应为 yyyy-MM-dd HH:mm:ss` });
          return z.NEVER;
        }
        return p.date;
      })
      .nullish(),
  );

/** optional `yyyy-MM-dd` (a trailing time is dropped, as JeecgBoot's @JsonFormat date fields do) */
export const optDate = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ message: `${label}格式应为 yyyy-MM-dd` })
      .transform((s, ctx) => {
        const p = parseGmt8(s);
        if (!p) {
          ctx.addIssue({ code: 'custom', message: `${label}格式应为 yyyy-MM-dd` });
          return z.NEVER;
        }
        return s.trim().slice(0, 10);
      })
      .nullish(),
  );

/** optional value of the `sex` dictionary */
export const optSex = () =>
  z.preprocess(blankToNull, z.enum(['1', '2'], { message: '性别只能是 1（男）或 2（女）' }).nullish());

/** optional e-mail address */
export const optEmail = (label: string, max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string({ message: `${label}必须是文本` })
      .trim()
      .max(max, `${label}长度不能超过 ${max} 个字符`)
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, `${label}格式不正确`)
      .nullish(),
  );

/** an id sent by the client for a row (possibly a temporary one of the editable table) */
export const optRowId = z.preprocess(blankToNull, z.union([z.string().max(64), z.number()]).nullish());

/** the keys of `obj` whose value is not undefined (a partial edit changes only what was sent) */
export function defined<T extends Record<string, unknown>>(obj: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) if (v !== undefined) out[k] = v;
  return out as Partial<T>;
}

/** optional comma-joined ids / codes / user names (no spaces, quotes or angle brackets) of at most `max` characters */
export const optIds = (label: string, max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string({ message: `${label}必须是文本` })
      .trim()
      .max(max, `${label}长度不能超过 ${max} 个字符`)
      .regex(/^[^\s<>"'`]*$/, `${label}格式不正确`)
      .nullish(),
  );

/** optional value of a two-state switch (spec 02 §4: Y / N) */
export const optYesNo = (label: string) =>
  z.preprocess(blankToNull, z.enum(['Y', 'N'], { message: `${label}只能是 Y 或 N` }).nullish());

/** optional value out of a fixed list */
export const optOneOf = (label: string, values: readonly [string, ...string[]]) =>
  z.preprocess(blankToNull, z.enum(values, { message: `${label}的取值不正确` }).nullish());

/** an uploaded file: a relative storage path (no `..`, no scheme, no backslash) or an http(s) address */
const FILE_REF = /^(?:https?:\/\/[^\s,<>"']+|(?![/\\])(?!.*(?:^|\/)\.\.(?:\/|$))[^\s,:<>"'\\]+)$/i;

/** optional comma-joined uploaded files (spec 02 §3 "Uploaded file value"), at most `count` of them */
export const optFileList = (label: string, max: number, count = 20) =>
  z.preprocess(
    blankToNull,
    z
      .string({ message: `${label}必须是文本` })
      .trim()
      .max(max, `${label}长度不能超过 ${max} 个字符`)
      .refine((s) => s.split(',').every((p) => FILE_REF.test(p)), `${label}的文件地址不正确`)
      .refine((s) => s.split(',').length <= count, `${label}最多 ${count} 个文件`)
      .nullish(),
  );

/** optional long text passed through `clean` (the sanitiser of markdown or rich text) before it is stored */
export const optCleanText = (label: string, max: number, clean: (s: string) => string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ message: `${label}必须是文本` })
      .max(max, `${label}长度不能超过 ${max} 个字符`)
      .transform((s) => clean(s))
      .nullish(),
  );
