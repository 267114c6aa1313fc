import { CloseOutlined } from '@ant-design/icons';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { feedback } from '../../../utils/feedback';
import type { JVxeRow } from '../types';
import {
  openWithRetry,
  type PopoverPlace,
  placeUnder,
  type RetryOptions,
  SUB_TABLE_FAILED,
  SUB_TABLE_TITLE,
  SubTableOpenError,
} from './retry';
import '../cells/rich/rich.css';

/** the element of a rendered row: `[data-row-id="<id>"]` inside `root` (default the document) */
export function findRowElement(rowId: string, root: ParentNode | null = document): Element | null {
  if (!root) return null;
  const esc = typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(rowId) : rowId.replace(/["\\]/g, '\\$&');
  return root.querySelector(`[data-row-id="${esc}"]`);
}

export interface SubTableState {
  row: JVxeRow;
  rowId: string;
  /** the row's box on screen when it opened */
  rect: { top: number; bottom: number; left: number; width: number };
}

export interface UseSubTablePopoverOptions {
  /** the rendered row element (default: findRowElement in `root`) */
  findRow?: (rowId: string) => Element | null;
  /** the table's container (search root for the default findRow) */
  root?: React.RefObject<HTMLElement | null>;
  /** bring the row into view after a failed attempt (e.g. api.scrollToRow) */
  scrollToRow?: (rowId: string) => void;
  /** default: message.error(打开子表失败) */
  onError?: (message: string) => void;
  retry?: RetryOptions;
}

/**
 * Opening / closing the 子表 popover of a row: `toggle(row, rowId)` opens it under the row (retrying while the row is
 * not rendered, at most 3 retries, then 打开子表失败), closes it for the same row, moves it for another row.
 */
export function useSubTablePopover({ findRow, root, scrollToRow, onError, retry }: UseSubTablePopoverOptions = {}) {
  const [state, setState] = useState<SubTableState | null>(null);
  const run = useRef(0);
  const current = useRef<SubTableState | null>(null);
  current.current = state;

  const close = useCallback(() => {
    run.current++;
    setState(null);
  }, []);

  const open = useCallback(
    async (row: JVxeRow, rowId: string) => {
      const mine = ++run.current;
      const find = findRow ?? ((id: string) => findRowElement(id, root?.current ?? document));
      try {
        const rect = await openWithRetry(
          () => {
            const el = find(rowId);
            if (el) return el.getBoundingClientRect();
            // not rendered (virtual list): bring it into view for the next attempt
            scrollToRow?.(rowId);
            return null;
          },
          { ...retry, cancelled: () => mine !== run.current || !!retry?.cancelled?.() },
        );
        if (!rect || mine !== run.current) return;
        setState({ row, rowId, rect: { top: rect.top, bottom: rect.bottom, left: rect.left, width: rect.width } });
      } catch (err) {
        if (mine !== run.current) return;
        setState(null);
        const msg = err instanceof SubTableOpenError ? err.message : SUB_TABLE_FAILED;
        (onError ?? ((m: string) => feedback.message.error(m)))(msg);
      }
    },
    [findRow, root, scrollToRow, onError, retry],
  );

  const toggle = useCallback(
    (row: JVxeRow, rowId: string) => {
      if (current.current?.rowId === rowId) {
        close();
        return Promise.resolve();
      }
      return open(row, rowId);
    },
    [open, close],
  );

  return { state, open, close, toggle };
}

/**
 * The 子表 popover (spec 02 §2): a title, a close button, and the content for the row (usually a sub JVxeTable),
 * fixed under the row. Esc closes it. Mounted only while open.
 */
export function SubTablePopover({
  state,
  onClose,
  title = SUB_TABLE_TITLE,
  children,
}: {
  state: SubTableState | null;
  onClose: () => void;
  title?: ReactNode;
  children: (row: JVxeRow) => ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    if (!state) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [state, onClose]);
  // above the row when there is no room below (the height is known after the first paint, and changes when the
  // content grows, e.g. a sub-table whose rows arrive after opening)
  useLayoutEffect(() => {
    const el = box.current;
    setHeight(state && el ? el.offsetHeight : 0);
    if (!state || !el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setHeight(el.offsetHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, [state]);
  if (!state || typeof document === 'undefined') return null;
  return createPortal(
    <div
      ref={box}
      className="jvxe-sub-popover"
      role="dialog"
      aria-label={typeof title === 'string' ? title : SUB_TABLE_TITLE}
      style={placeStyle(placeUnder(state.rect, { width: window.innerWidth, height: window.innerHeight }, height))}
    >
      <div className="jvxe-sub-popover-head">
        <span>{title}</span>
        <button type="button" className="jvxe-sub-popover-close" aria-label="关闭" onClick={onClose}>
          <CloseOutlined />
        </button>
      </div>
      <div className="jvxe-sub-popover-body">{children(state.row)}</div>
    </div>,
    document.body,
  );
}

function placeStyle(p: PopoverPlace): React.CSSProperties {
  return { top: p.top, left: p.left, width: p.width };
}
