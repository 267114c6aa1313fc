import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import type { SuperQueryProps } from '../kit/CrudPage';

const Builder = lazy(() => import('./SuperQuery'));

/** the toolbar's 高级查询 button; the builder's code loads on the first list page that shows it */
export function SuperQueryButton(props: SuperQueryProps) {
  return (
    <Suspense fallback={<Button disabled>高级查询</Button>}>
      <Builder {...props} />
    </Suspense>
  );
}

export * from './logic';
