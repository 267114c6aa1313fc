import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { http } from '../../api/http';
import { joinValue, splitValue } from '../JSelectDepart/logic';
import { JSelectUserByDepModal } from './JSelectUserByDepModal';
import { multiUserParams, orderByValue, type PickerUser, pickResult, storeOf, textOf } from './logic';

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
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<PickerUser[]>([]);
  const current = joinValue(splitValue(value));
  /** the value whose names `rows` hold (a lookup is skipped for a value this picker emitted itself) */
  const shownFor = useRef('');

  // names of a value set from outside (edit forms)
  useEffect(() => {
    if (!current) {
      shownFor.current = '';
      setRows([]);
      return;
    }
    if (shownFor.current === `${store}:${current}`) return;
    let alive = true;
    fetchMultiUser(store, current)
      .then((users) => {
        if (!alive) return;
        shownFor.current = `${store}:${current}`;
        const ordered = orderByValue(users, current, store);
        // values the server does not know stay visible as they are
        const known = new Set(ordered.map((u) => storeOf(u, store)));
        const unknown = splitValue(current)
          .filter((v) => !known.has(v))
          .map((v) => ({ id: `unknown:${v}`, username: v, realname: v, [store]: v }) as PickerUser);
        setRows([...ordered, ...unknown]);
      })
      .catch(() => {
        if (alive)
          setRows(
            splitValue(current).map(
              (v) => ({ id: `unknown:${v}`, username: v, realname: v, [store]: v }) as PickerUser,
            ),
          );
      });
    return () => {
      alive = false;
    };
  }, [current, store]);

  const emit = (next: PickerUser[]) => {
    shownFor.current = `${store}:${pickResult(next, store, text).value}`;
    setRows(next);
    onChange?.(pickResult(next, store, text).value);
    onBack?.(next);
  };

  const shown = rows.map((r) => textOf(r, text)).join(',');
  const initialRows = useMemo(() => rows.filter((r) => !r.id.startsWith('unknown:')), [rows]);

  return (
    <>
      <Space.Compact style={{ width: '100%', ...style }}>
        <Input
          id={id}
          readOnly
          value={shown}
          title={shown}
          placeholder={placeholder}
          disabled={disabled}
          status={status}
          onClick={() => !disabled && setOpen(true)}
          suffix={
            !disabled && shown ? (
              <CloseCircleFilled
                aria-label="清除"
                style={{ color: 'rgba(0,0,0,0.25)', cursor: 'pointer' }}
                onClick={(e) => {
                  e.stopPropagation();
                  emit([]);
                }}
              />
            ) : (
              <span />
            )
          }
        />
        <Button type="primary" disabled={disabled} onClick={() => setOpen(true)}>
          选择
        </Button>
      </Space.Compact>
      <JSelectUserByDepModal
        open={open}
        multiple={multiple}
        initialRows={initialRows}
        onCancel={() => setOpen(false)}
        onOk={(picked) => {
          setOpen(false);
          emit(picked);
        }}
      />
    </>
  );
}

export default JSelectUserByDep;
