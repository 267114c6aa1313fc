import type { TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useDevice } from '../../layouts/useDevice';
import { ActionLinks, type ActionLinksProps } from './ActionLinks';
import { ACTION_COLUMN_WIDTH } from './constants';

/** width of the 操作 column on a phone: one ⋯ menu (ActionLinks `compact`) */
export const PHONE_ACTION_COLUMN_WIDTH = 56;
/** class of an 操作 cell: on a phone it stays at the right edge of a scrolled table (list.css) */
export const ACTION_CELL_CLASS = 'kit-action-cell';

export interface ActionColumnOptions<T> {
  /** the row's actions (`编辑 | 更多 ▾` on a wider screen, one ⋯ menu on a phone); nothing: `empty` or a blank cell */
  links: (row: T, index: number) => ActionLinksProps | null | undefined;
  /** what a row without actions shows instead (e.g. 初始版本) */
  empty?: (row: T, index: number) => ReactNode;
  /** width on a wider screen (default ACTION_COLUMN_WIDTH); on a phone it is PHONE_ACTION_COLUMN_WIDTH */
  width?: number;
  /**
   * kept at the right edge on a wider screen too (list pages with a horizontal scroll); on a phone it always is. Off
   * by default: a fixed column switches a table without `scroll.x` to a fixed layout, which would change its columns
   */
  fixed?: boolean;
  title?: ReactNode;
  key?: string;
}

/**
 * The 操作 column of any table, the list kit's phone behaviour included (issue 29): on a phone (< 768 px) the row's
 * actions are one ⋯ menu in a narrow column fixed at the right edge, so every action is reachable without scrolling
 * the table sideways; on a wider screen the column is what it was (`编辑 | 更多 ▾`, the page's width).
 */
export function actionColumn<T>(phone: boolean, o: ActionColumnOptions<T>): ColumnType<T> {
  return {
    title: o.title ?? '操作',
    key: o.key ?? 'action',
    align: 'center',
    fixed: phone || o.fixed ? 'right' : undefined,
    width: phone ? PHONE_ACTION_COLUMN_WIDTH : (o.width ?? ACTION_COLUMN_WIDTH),
    className: ACTION_CELL_CLASS,
    render: (_: unknown, row: T, index: number) => {
      const links = o.links(row, index);
      return links ? <ActionLinks compact={phone} {...links} /> : (o.empty?.(row, index) ?? null);
    },
  };
}

/**
 * `actionColumn` for the device the page is shown on, and the `scroll` a table of its own needs with it: on a phone a
 * table without a horizontal scroll gets one (its columns keep their width, the ⋯ column stays on screen); on a wider
 * screen the table's own `scroll` is left as it is.
 */
export function useActionColumn() {
  const { isSmall } = useDevice();
  return {
    phone: isSmall,
    column: <T,>(o: ActionColumnOptions<T>): ColumnType<T> => actionColumn(isSmall, o),
    scroll: <T,>(own?: TableProps<T>['scroll']): TableProps<T>['scroll'] =>
      isSmall ? { ...own, x: own?.x ?? 'max-content' } : own,
  };
}
