import type { Result } from '@answer/contract';
import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Input, type PaginationProps, Space } from 'antd';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useFeedback } from '../../utils/feedback';
import { joinValue, splitValue } from '../JSelectDepart/logic';
import { confirmError } from '../JSelectPosition/biz-logic';

/**
 * What the popup pickers (部门, 用户, 职务 / 角色 …) share: the field + 选择 button frame, the read-only text field with
 * its clear icon, the rows shown for a stored value, and the paged list of a picker modal.
 */

/** A picker field followed by the 选择 button. */
export function PickerFrame({
  style,
  disabled,
  onOpen,
  children,
}: {
  style?: React.CSSProperties;
  disabled?: boolean;
  onOpen: () => void;
  children: ReactNode;
}) {
  return (
    <Space.Compact style={{ width: '100%', ...style }}>
      {children}
      <Button type="primary" disabled={disabled} onClick={onOpen}>
        选择
      </Button>
    </Space.Compact>
  );
}

/** The read-only text of a picker: a click opens the picker, the clear icon empties it. */
export function PickerText({
  id,
  text,
  placeholder,
  disabled,
  status,
  onOpen,
  onClear,
}: {
  id?: string;
  text: string;
  placeholder?: string;
  disabled?: boolean;
  status?: 'error' | 'warning';
  onOpen: () => void;
  onClear: () => void;
}) {
  return (
    <Input
      id={id}
      readOnly
      value={text}
      title={text}
      placeholder={placeholder}
      disabled={disabled}
      status={status}
      onClick={() => !disabled && onOpen()}
      suffix={
        !disabled && text ? (
          <CloseCircleFilled
            aria-label="清除"
            style={{ color: 'rgba(0,0,0,0.25)', cursor: 'pointer' }}
            onClick={(e) => {
              e.stopPropagation();
              onClear();
            }}
          />
        ) : (
          <span />
        )
      }
    />
  );
}

/** A picker's text field and its 选择 button, opening / clearing through `picked` (usePickedRows). */
export function PickerTextField({
  picked,
  style,
  ...field
}: Omit<Parameters<typeof PickerText>[0], 'onOpen' | 'onClear'> & {
  picked: { open: () => void; emit: (rows: never[]) => void };
  style?: React.CSSProperties;
}) {
  return (
    <PickerFrame style={style} disabled={field.disabled} onOpen={picked.open}>
      <PickerText {...field} onOpen={picked.open} onClear={() => picked.emit([])} />
    </PickerFrame>
  );
}

/** The 确定 of a picker modal: warns 请选择一条记录 (none, or several when single) or hands the rows on. */
export function useSubmitPicked<T>(multiple: boolean, onOk: (rows: T[]) => void) {
  const { message } = useFeedback();
  return (selected: T[]) => {
    const err = confirmError(selected, multiple);
    if (err) {
      message.warning(err);
      return;
    }
    onOk(selected);
  };
}

interface PickedRowsOptions<T> {
  value?: string | null;
  /** what else decides the rows of a value (e.g. the stored field); part of the "already shown" key */
  scope: string;
  /** rows of a value set from outside (edit forms); keep it stable (useCallback) */
  resolve: (current: string) => Promise<T[]>;
  /** rows shown when `resolve` fails */
  fallback: (current: string) => T[];
  /** the stored value of picked rows */
  toValue: (rows: T[]) => string;
  onChange?: (value: string) => void;
  onBack?: (rows: T[]) => void;
}

/**
 * The rows a picker shows for its value: resolved when the value comes from outside, kept as picked when the picker
 * emitted the value itself (no second lookup). `emit` stores picked rows and reports value and rows.
 */
export function usePickedRows<T>({ value, scope, resolve, fallback, toValue, onChange, onBack }: PickedRowsOptions<T>) {
  const [rows, setRows] = useState<T[]>([]);
  const [open, setOpen] = useState(false);
  const current = joinValue(splitValue(value));
  /** the value whose texts `rows` hold */
  const shownFor = useRef('');
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;

  useEffect(() => {
    if (!current) {
      shownFor.current = '';
      setRows([]);
      return;
    }
    if (shownFor.current === `${scope}:${current}`) return;
    let alive = true;
    resolve(current)
      .then((found) => {
        if (!alive) return;
        shownFor.current = `${scope}:${current}`;
        setRows(found);
      })
      .catch(() => {
        if (alive) setRows(fallbackRef.current(current));
      });
    return () => {
      alive = false;
    };
  }, [current, scope, resolve]);

  const emit = (next: T[]) => {
    const nextValue = toValue(next);
    shownFor.current = `${scope}:${nextValue}`;
    setRows(next);
    onChange?.(nextValue);
    onBack?.(next);
  };

  /** props of the picker's modal */
  const modal = {
    open,
    onCancel: () => setOpen(false),
    onOk: (picked: T[]) => {
      setOpen(false);
      emit(picked);
    },
  };

  return { current, rows, emit, open: () => setOpen(true), modal };
}

interface PageAnswer<T> {
  records?: T[];
  total?: number;
}

/**
 * The paged list of a picker modal: loads while `open` on every page / query change, warns with the server's message
 * (or `failText`), and with `clamp` steps back to the last page when the current one is past the end.
 */
export function usePickerPage<T>({
  open,
  pageSize,
  pageSizes,
  loadPage,
  failText,
  clamp,
}: {
  open: boolean;
  pageSize: number;
  pageSizes: string[] | number[];
  /** keep it stable (useCallback over the query); gets the page to load */
  loadPage: (page: { pageNo: number; pageSize: number }) => Promise<Result<PageAnswer<T> | T[]>>;
  failText: string;
  clamp?: (pageNo: number, pageSize: number, total: number) => number;
}) {
  const { message } = useFeedback();
  const [page, setPage] = useState({ pageNo: 1, pageSize });
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await loadPage(page);
      if (!res.success) {
        message.warning(res.message || failText);
        return;
      }
      const r = res.result;
      const list = Array.isArray(r) ? r : (r?.records ?? []);
      const count = Array.isArray(r) ? r.length : Number(r?.total ?? list.length);
      const clamped = clamp ? clamp(page.pageNo, page.pageSize, count) : page.pageNo;
      if (clamped !== page.pageNo) {
        setPage((p) => ({ ...p, pageNo: clamped }));
        return;
      }
      setRows(list);
      setTotal(count);
    } catch {
      // the http client has shown the failure
    } finally {
      setLoading(false);
    }
  }, [loadPage, page, message, failText, clamp]);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const firstPage = useCallback(() => setPage((p) => ({ ...p, pageNo: 1 })), []);
  const pagination: PaginationProps = {
    current: page.pageNo,
    pageSize: page.pageSize,
    total,
    showSizeChanger: true,
    showQuickJumper: true,
    pageSizeOptions: pageSizes,
    showTotal: (t, range) => `${range[0]}-${range[1]} 共 ${t} 条`,
    onChange: (pageNo, size) => setPage({ pageNo: size !== page.pageSize ? 1 : pageNo, pageSize: size }),
  };
  return { rows, loading, pagination, firstPage };
}
