import { z } from 'zod';

/** table/field names are not trimmed: whatever arrives is looked up as is in the registry */
const name = (label: string) =>
  z
    .string({ error: `${label}不能为空` })
    .min(1, `${label}不能为空`)
    .max(64, `${label}长度不能超过 64 个字符`);

export const DuplicateCheckQuery = z.object({
  tableName: name('表名'),
  fieldName: name('字段名'),
  fieldVal: z.string().max(500, '长度不能超过 500 个字符').optional(),
  dataId: z.string().max(64, '长度不能超过 64 个字符').optional(),
});
