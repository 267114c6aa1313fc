import { count } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { bizError } from '../../platform/errors.ts';
import { allOf, checkableField, columnEquals, columnNotEquals, RegistryError } from '../../platform/table-registry.ts';

export const DUPLICATE_MESSAGES = {
  available: '该值可用！',
  taken: '该值不可用，系统中已存在！',
  /** 3.x quirk: success true with code 500 */
  empty: '数据为空,不作处理！',
  notAllowed: '不允许对该表字段做重复校验！',
} as const;

/**
 * Whether `fieldVal` is already used in (tableName, fieldName), ignoring the row `dataId` (edit forms). Only the pairs
 * of DUPLICATE_CHECKABLE can be checked; the value is compared exactly (as the unique index does) and bound.
 */
export async function isTaken(
  ctx: AppContext,
  tableName: string,
  fieldName: string,
  fieldVal: string,
  dataId?: string,
): Promise<boolean> {
  let f: ReturnType<typeof checkableField>;
  try {
    f = checkableField(tableName, fieldName);
  } catch (e) {
    if (e instanceof RegistryError) {
      ctx.log.warn({ reason: e.message }, 'duplicate check refused');
      throw bizError(DUPLICATE_MESSAGES.notAllowed);
    }
    throw e;
  }
  const id = dataId?.trim();
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(f.table.table)
    .where(allOf([columnEquals(f.field, fieldVal), id ? columnNotEquals(f.table.id, id) : undefined]));
  return n > 0;
}
