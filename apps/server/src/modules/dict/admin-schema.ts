import { z } from 'zod';
import { requiredStr, str } from '../../platform/validation.ts';

/**
 * Dictionary codes are looked up in URL paths (`/getDictItems/{code}`) where a comma turns a code into a table
 * dictionary spec: codes are kept to letters, digits and `_ - .`.
 */
export const DICT_CODE_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const DICT_CODE_MESSAGE = '字典编码只能包含字母、数字、下划线、中划线和点';

/** an optional text field that may arrive as null */
const optionalText = (max: number) =>
  str(max)
    .nullish()
    .transform((v) => (v === undefined || v === null ? null : v.trim() === '' ? null : v.trim()));

/** 0/1 given as a number or a numeric string */
const zeroOne = (label: string, def: number) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return def;
      const n = Number(v);
      if (n !== 0 && n !== 1) {
        ctx.addIssue({ code: 'custom', message: `${label}只能是 0 或 1` });
        return z.NEVER;
      }
      return n;
    });

const sortOrder = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return 0;
    const s = String(v).trim();
    if (!/^-?\d{1,9}$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: '排序值必须是整数' });
      return z.NEVER;
    }
    return Number(s);
  });

const id = requiredStr('id', 36);

export const DictBody = z.object({
  dictName: requiredStr('字典名称', 100),
  dictCode: requiredStr('字典编码', 100).regex(DICT_CODE_PATTERN, DICT_CODE_MESSAGE),
  description: optionalText(255),
  type: zeroOne('字典类型', 0),
});
export type DictBody = z.output<typeof DictBody>;

export const DictEditBody = DictBody.extend({ id });

export const DictItemBody = z.object({
  dictId: requiredStr('字典id', 36),
  itemText: requiredStr('名称', 100),
  itemValue: requiredStr('数据值', 100),
  description: optionalText(255),
  sortOrder,
  status: zeroOne('是否启用', 1),
});
export type DictItemBody = z.output<typeof DictItemBody>;

export const DictItemEditBody = DictItemBody.extend({ id });

export const IdQuery = z.object({ id });
export const IdsQuery = z.object({ ids: str(40_000).optional() });

export const TreeListQuery = z.object({ dictName: str(100).optional() }).loose();

export const DictItemCheckQuery = z.object({
  itemValue: str(100).optional(),
  dictId: str(36).optional(),
  id: str(36).optional(),
});

/** a comma list of ids (at most 1000), blanks dropped */
export function splitIds(ids: string | undefined): string[] {
  const list = [
    ...new Set(
      (ids ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  return list.slice(0, 1000);
}
