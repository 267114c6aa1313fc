import { useCallback, useMemo } from 'react';
import { http } from '../../api/http';
import { splitValue } from '../JSelectDepart/logic';
import { PickerTextField, usePickedRows } from '../picker';
import { JSelectUserByDepModal } from './JSelectUserByDepModal';
import { multiUserParams, orderByValue, type PickerUser, pickResult, storeOf, textOf } from './logic';

export { AddUsersPicker } from './AddUsersPicker';
export { JSelectUserByDepModal } from './JSelectUserByDepModal';
export type { PickerUser } from './logic';

export interface JSelectUserByDepProps {
  /** comma string of usernames (or ids with store="id") */
  value?: string | null;
  onChange?: (value: string) => void;
  /** the chosen user rows */
  onBack?: (rows: PickerUser[]) => void;
  /** @default true */
  multiple?: boolean;
  /** stored field @default 'username' */
  store?: 'username' | 'id';
  /** displayed field @default 'realname' */
  text?: string;
  disabled?: boolean;
  placeholder?: string;
  status?: 'error' | 'warning';
  style?: React.CSSProperties;
  id?: string;
}

/** `GET /sys/user/getMultiUser?username=a,b` (or `?id=`): a bare JSON array of users. */
export async function fetchMultiUser(store: string, value: string): Promise<PickerUser[]> {
  const params = multiUserParams(store, value);
  if (!params) return [];
  const res = await http.get<PickerUser[] | { records?: PickerUser[] }>('/sys/user/getMultiUser', params, {
    silent: true,
  });
  const r = res.result;
  if (Array.isArray(r)) return r;
  return r?.records ?? [];
}

/**
 * 根据部门选择用户 (spec 02 §3, §9): a read-only input with the chosen users' real names and a button opening the
 * department/user modal. Works as an antd Form control.
 */
export function JSelectUserByDep({
  value,
  onChange,
  onBack,
  multiple = true,
  store = 'username',
  text = 'realname',
  disabled,
  placeholder = '请点击选择用户',
  status,
  style,
  id,
}: JSelectUserByDepProps) {
  const resolve = useCallback(
    async (current: string) => {
      const ordered = orderByValue(await fetchMultiUser(store, current), current, store);
      // values the server does not know stay visible as they are
      const known = new Set(ordered.map((u) => storeOf(u, store)));
      return [...ordered, ...unknownUsers(current, store).filter((u) => !known.has(storeOf(u, store)))];
    },
    [store],
  );
  const picked = usePickedRows<PickerUser>({
    value,
    scope: store,
    resolve,
    fallback: (current) => unknownUsers(current, store),
    toValue: (next) => pickResult(next, store, text).value,
    onChange,
    onBack,
  });
  const { rows } = picked;
  const shown = rows.map((r) => textOf(r, text)).join(',');
  const initialRows = useMemo(() => rows.filter((r) => !r.id.startsWith('unknown:')), [rows]);

  return (
    <>
      <PickerTextField
        id={id}
        text={shown}
        placeholder={placeholder}
        disabled={disabled}
        status={status}
        style={style}
        picked={picked}
      />
      <JSelectUserByDepModal {...picked.modal} multiple={multiple} initialRows={initialRows} />
    </>
  );
}

/** rows of values the server does not know: shown as they are */
function unknownUsers(current: string, store: string): PickerUser[] {
  return splitValue(current).map((v) => ({ id: `unknown:${v}`, username: v, realname: v, [store]: v }) as PickerUser);
}

export default JSelectUserByDep;
