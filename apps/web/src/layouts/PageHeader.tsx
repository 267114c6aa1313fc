import { Breadcrumb, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Crumb } from './breadcrumb';

export interface PageHeaderProps {
  crumbs: Crumb[];
  title?: string;
  extra?: ReactNode;
}

/** Page layout head: breadcrumb and the page title from route meta. */
export function PageHeader({ crumbs, title, extra }: PageHeaderProps) {
  return (
    <div className="answer-page-header">
      <Breadcrumb
        items={crumbs.map((c) => ({
          key: `${c.title}:${c.path ?? ''}`,
          title: c.path ? <Link to={c.path}>{c.title}</Link> : c.title,
        }))}
      />
      {title ? (
        <div className="answer-page-header-row">
          <Typography.Title level={4} className="answer-page-title">
            {title}
          </Typography.Title>
          {extra ? <div className="answer-page-extra">{extra}</div> : null}
        </div>
      ) : null}
    </div>
  );
}
