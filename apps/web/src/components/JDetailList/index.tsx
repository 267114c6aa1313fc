import { Descriptions } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { detailColumns, detailSpan, detailText } from './detail-logic';

export * from './detail-logic';

export interface DetailItem {
  key?: string;
  label: ReactNode;
  /** a plain value (shown as text, '-' when empty) … */
  value?: unknown;
  /** … or what to draw */
  render?: ReactNode;
  span?: number;
}

export interface JDetailListProps {
  items: DetailItem[];
  title?: ReactNode;
  /** columns per row, 1..4 @default 3 */
  column?: number;
  bordered?: boolean;
  /** labels above values */
  layout?: 'horizontal' | 'vertical';
  size?: 'small' | 'middle' | 'large';
  style?: CSSProperties;
  id?: string;
}

/** Read-only detail list (JeecgBoot DetailList): label / value pairs in at most 4 columns (default 3). */
export function JDetailList({ items, title, column, bordered, layout, size, style, id }: JDetailListProps) {
  const cols = detailColumns(column);
  return (
    <Descriptions
      id={id}
      style={style}
      title={title}
      column={cols}
      bordered={bordered}
      layout={layout}
      size={size}
      items={items.map((it, i) => ({
        key: it.key ?? (typeof it.label === 'string' ? it.label : String(i)),
        label: it.label,
        span: detailSpan(it.span, cols),
        children: it.render ?? detailText(it.value),
      }))}
    />
  );
}

export default JDetailList;
