import { useEffect, useMemo, useState } from 'react';
import { feedback } from '../../../utils/feedback';
import { JVxeTable } from '../index';
import type { JVxeColumn, JVxeRow, JVxeTableProps } from '../types';
import { TREE_BAD_ANSWER } from './tree-logic';
import { urlTreeLoader } from './useLazyTree';

export interface JTreeTableProps extends Omit<JVxeTableProps, 'dataSource' | 'treeConfig' | 'columns'> {
  /** the configured url: GET with the parent key, the query params and the condition */
  url: string;
  columns: JVxeColumn[];
  /** query key of the parent id @default 'parentId' */
  parentKey?: string;
  /** parent value of the roots @default '' */
  topValue?: string;
  queryParams?: Record<string, unknown>;
  /** a JSON string (or object) sent as `condition` */
  condition?: string | Record<string, unknown> | null;
  /** row field telling it has children @default 'hasChildren' */
  hasChildField?: string;
}

/**
 * Tree table over a configured url (JeecgBoot JTreeTable; spec 02 §3 "Tree table row", §4, §7, §8): the roots load
 * with the parent key = topValue, a row whose has-children flag is set shows 'loading...' until expanded, then its
 * children load with the parent key = its id; none → leaf; an answer neither an array nor `{records}` →
 * 返回数据类型不识别; a refused root load shows the server message as an error.
 */
export function JTreeTable({
  url,
  columns,
  parentKey = 'parentId',
  topValue = '',
  queryParams,
  condition,
  hasChildField = 'hasChildren',
  rowKey = 'id',
  ...rest
}: JTreeTableProps) {
  const paramsKey = JSON.stringify([queryParams ?? {}, condition ?? null]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the params are compared by value (paramsKey)
  const load = useMemo(
    () => urlTreeLoader(url, { rowKey, parentKey, params: queryParams, condition }),
    [url, rowKey, parentKey, paramsKey],
  );
  const [roots, setRoots] = useState<JVxeRow[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let alive = true;
    setLoading(true);
    load(topValue ? { [rowKey]: topValue } : null)
      .then((rows) => alive && setRoots(rows))
      .catch((err: unknown) => {
        if (!alive) return;
        setRoots([]);
        feedback.message.error(err instanceof Error && err.message ? err.message : TREE_BAD_ANSWER);
      })
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [load, topValue, rowKey]);
  const treeConfig = useMemo(() => ({ lazy: true, hasChildField, loadChildren: load }), [hasChildField, load]);
  return (
    <JVxeTable
      {...rest}
      rowKey={rowKey}
      columns={columns}
      dataSource={roots}
      loading={loading}
      treeConfig={treeConfig}
    />
  );
}
