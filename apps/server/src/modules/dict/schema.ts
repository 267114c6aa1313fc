import { z } from 'zod';

/** A query parameter JeecgBoot declares `required` but accepts empty. */
const present = (max: number) => z.string({ error: '缺少该参数' }).max(max, `长度不能超过 ${max} 个字符`);

const optionalPageSize = z
  .string()
  .regex(/^\d{1,9}$/, '必须是正整数')
  .refine((v) => Number(v) >= 1, '必须是正整数')
  .optional()
  .or(z.literal('').transform(() => undefined));

export const LoadDictQuery = z.object({
  keyword: present(1000),
  pageSize: optionalPageSize,
});

export const LoadDictItemQuery = z.object({
  key: present(20_000),
  delNotExist: z.string().max(10).optional(),
});

export const LoadTreeDataQuery = z.object({
  pid: present(100),
  pidField: present(64),
  tableName: present(64),
  text: present(64),
  code: present(64),
  hasChildField: present(64),
  condition: present(2000),
});
