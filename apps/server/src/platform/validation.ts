import { z } from 'zod';
import { badRequest } from './errors.ts';
import { parseGmt8 } from './list-query.ts';

z.config(z.locales.zhCN());

/** Parses input with a zod schema; failure → HTTP 400 envelope whose message names the field in Chinese. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue.path.length ? issue.path.join('.') : '';
  throw badRequest(field ? `参数 ${field} 有误：${issue.message}` : `请求参数有误：${issue.message}`);
}

/** A query/body string field: trimmed, length-capped, with a Chinese "required" message. */
export const str = (max = 255) => z.string().max(max, `长度不能超过 ${max} 个字符`);
export const requiredStr = (label: string, max = 255) =>
  z
    .string({ message: `${label}不能为空` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(max, `${label}长度不能超过 ${max} 个字符`);

/** A required `yyyy-MM-dd HH:mm:ss` (or `yyyy-MM-dd`) GMT+8 wall clock → the instant; the messages name the field. */
export const gmt8DateTime = (label: string) =>
  z.string({ message: `请选择${label}` }).transform((s, ctx) => {
    const p = parseGmt8(s);
    if (!p) {
      ctx.addIssue({ code: 'custom', message: `${label}格式应为 yyyy-MM-dd HH:mm:ss` });
      return z.NEVER;
    }
    return p.date;
  });

/** `a, b,,a` → the distinct trimmed non-empty parts of a comma list, in order (`['a', 'b']`) */
export function commaList(raw: string | null | undefined): string[] {
  return [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}
