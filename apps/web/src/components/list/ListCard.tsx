import { Card } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

export interface ListCardProps {
  /** the QueryForm */
  query?: ReactNode;
  /** the operator buttons (新增, 导出, 导入, 批量操作…) */
  toolbar?: ReactNode;
  /** usually the SelectionAlert */
  alert?: ReactNode;
  /** the table (and the page's modals) */
  children: ReactNode;
  title?: ReactNode;
  className?: string;
  style?: CSSProperties;
}

/** The frame of a list page: a borderless card with query area, operator bar, selection alert and the table. */
export function ListCard({ query, toolbar, alert, children, title, className, style }: ListCardProps) {
  return (
    <Card variant="borderless" title={title} className={className} style={style}>
      {query}
      {toolbar && (
        <div className="table-operator" style={{ marginBottom: 16, display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {toolbar}
        </div>
      )}
      {alert}
      {children}
    </Card>
  );
}

export default ListCard;
