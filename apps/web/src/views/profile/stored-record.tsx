import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The stored record a detail page shows (`?id=`, else the newest), or what to show instead: a skeleton while it
 * loads, `emptyText` when there is none.
 */
export function useStoredRecord<T>(
  queryKey: string,
  load: (id: string | null) => Promise<T | null | undefined>,
  emptyText: string,
): { data: T; placeholder?: undefined } | { data?: undefined; placeholder: ReactNode } {
  const id = useSearchParams()[0].get('id');
  const { data, isLoading } = useQuery({ queryKey: [queryKey, id], queryFn: () => load(id) });
  if (isLoading)
    return {
      placeholder: (
        <Card variant="borderless">
          <Skeleton active />
        </Card>
      ),
    };
  if (!data)
    return {
      placeholder: (
        <Card variant="borderless">
          <Empty description={emptyText} />
        </Card>
      ),
    };
  return { data };
}
