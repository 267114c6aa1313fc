import { Badge, Tag, Tooltip, Typography } from 'antd';
import type { ColumnType as AntColumn } from 'antd/es/table';
import { lazy, type ReactNode, Suspense } from 'react';
import { fileUrl } from '../../api/http';
import { DictTag } from '../JDictSelectTag';
import type { ActionContext, ColumnSchema, Row } from './types';

/** antd Image (click to preview) comes with the first image cell; the bare picture shows meanwhile (ADR 022) */
const PreviewImage = lazy(() => import('antd/es/image'));

function ImageCell({ src }: { src: string }) {
  const style = { maxWidth: 80 };
  return (
    <Suspense fallback={<img src={src} height={25} style={style} alt="" />}>
      <PreviewImage src={src} height={25} style={style} alt="" />
    </Suspense>
  );
}

/**
 * Declared columns → antd columns (spec 02 §9): value types render the same everywhere; sortable columns sort on
 * the server (`sorter: true`, the field is the `column` sent); dates, users and departments get their minimum widths.
 */

/** spec 02 §9 column minimum widths */
export const MIN_WIDTH: Partial<Record<NonNullable<ColumnSchema['type']>, number>> = {
  date: 135,
  datetime: 190,
  user: 190,
  depart: 190,
};

const empty = (v: unknown) => v === undefined || v === null || v === '';
const text = (v: unknown) => (empty(v) ? '' : String(v));

/** one line, cut with an ellipsis, the full text in a tooltip */
export function Truncated({ value }: { value: unknown }) {
  const s = text(value);
  if (!s) return null;
  return (
    <Tooltip title={s} placement="topLeft">
      <span className="kit-cell-ellipsis">{s}</span>
    </Tooltip>
  );
}

/** `1234.5` → `1234.50` (non-numbers unchanged) */
export function formatMoney(v: unknown): string {
  if (empty(v)) return '';
  const n = Number(v);
  return Number.isFinite(n) ? n.toFixed(2) : String(v);
}

/** the date part of a date-time text */
export function formatDate(v: unknown): string {
  return text(v).slice(0, 10);
}

function dictTextOf(row: Row, field: string): unknown {
  return row[`${field}_dictText`];
}

/** the cell of a value type */
export function renderCell<T>(col: ColumnSchema<T>, value: unknown, row: T): ReactNode {
  const r = row as Row;
  switch (col.type) {
    case 'dict': {
      const t = dictTextOf(r, col.field);
      if (!empty(t)) return text(t);
      return col.dictCode ? <DictTag dictCode={col.dictCode} value={value} /> : text(value);
    }
    case 'tag': {
      const t = dictTextOf(r, col.field);
      const parts = text(empty(t) ? value : t)
        .split(',')
        .filter(Boolean);
      if (!empty(t) || !col.dictCode) return parts.map((p) => <Tag key={p}>{p}</Tag>);
      return <DictTag dictCode={col.dictCode} value={value} tag />;
    }
    case 'date':
      return formatDate(value);
    case 'datetime':
    case 'nowrap':
      return <span className="kit-nowrap">{text(value)}</span>;
    case 'user':
    case 'depart':
      return <Truncated value={empty(dictTextOf(r, col.field)) ? value : dictTextOf(r, col.field)} />;
    case 'money':
      return formatMoney(value);
    case 'image': {
      const first = text(value).split(',')[0];
      if (!first) return <span className="kit-muted">无图片</span>;
      return <ImageCell src={fileUrl(first)} />;
    }
    case 'file': {
      const first = text(value).split(',')[0];
      if (!first) return <span className="kit-muted">无文件</span>;
      return (
        <Typography.Link href={fileUrl(first)} target="_blank" rel="noreferrer">
          下载
        </Typography.Link>
      );
    }
    case 'badge': {
      const on = value === col.badgeOn || String(value) === String(col.badgeOn);
      const t = dictTextOf(r, col.field);
      const label = !empty(t) ? text(t) : col.badgeText ? col.badgeText[on ? 0 : 1] : text(value);
      return <Badge status={on ? 'success' : 'default'} text={label} />;
    }
    default:
      return col.ellipsis ? <Truncated value={value} /> : text(value);
  }
}

/** the antd column of a declared column */
export function toAntColumn<T>(col: ColumnSchema<T>, ctx?: ActionContext<T>): AntColumn<T> {
  const min = col.minWidth ?? (col.type && !col.width ? MIN_WIDTH[col.type] : undefined);
  const truncates = col.ellipsis || col.type === 'user' || col.type === 'depart';
  return {
    key: col.field,
    dataIndex: col.field,
    title: col.title,
    align: col.align ?? 'center',
    sorter: col.sorter || undefined,
    width: col.width ?? (truncates ? min : undefined),
    fixed: col.fixed,
    ellipsis: truncates ? { showTitle: false } : undefined,
    onHeaderCell: () => ({ style: { minWidth: min } }),
    onCell: min ? () => ({ style: { minWidth: min } }) : undefined,
    render: (value: unknown, row: T, index: number) =>
      col.render ? col.render(value, row, index, ctx) : renderCell(col, value, row),
  };
}

/** the `#` column */
export function rowNumberColumn<T>(): AntColumn<T> {
  return { title: '#', key: 'rowIndex', width: 60, align: 'center', render: (_v, _r, i) => i + 1 };
}
