import { Card, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import './chart.css';

/**
 * A figure of a dashboard (JeecgBoot's chart/ChartCard): a coloured icon, the title and value (skeleton while
 * loading) and a secondary line below.
 */
export function StatCard({
  title,
  value,
  icon,
  color,
  loading,
  footer,
}: {
  title: string;
  value: number | undefined;
  icon: ReactNode;
  color: string;
  loading: boolean;
  footer?: ReactNode;
}) {
  return (
    <Card size="small" className="answer-stat">
      <div className="answer-stat-main">
        <div aria-hidden className="answer-stat-icon" style={{ color, background: `${color}1a` }}>
          {icon}
        </div>
        <Statistic title={title} value={value ?? 0} loading={loading} />
      </div>
      {footer ? (
        <Typography.Text type="secondary" className="answer-stat-footer">
          {footer}
        </Typography.Text>
      ) : null}
    </Card>
  );
}
