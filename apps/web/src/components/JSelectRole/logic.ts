import { splitValue } from '../JSelectDepart/logic';
import { type BizRow, rowsInValueOrder } from '../JSelectPosition/biz-logic';

/** The roles of a stored value (ids or role codes), in the value's order, from the full role list. */
export function rolesOfValue(all: readonly BizRow[], value: string | null | undefined, store: 'id' | 'roleCode') {
  if (!splitValue(value).length) return [];
  return rowsInValueOrder(all, value, store);
}
