import { useMemo } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';

/**
 * The head id of a generated screen: the `:code` route parameter, or the last path segment of a menu entry whose
 * url carries the id itself (`/online/cgformList/<id>`, routed directly).
 */
export function headIdOf(params: Record<string, string | undefined>, pathname: string): string {
  if (params.code) return params.code;
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  return decodeURIComponent(last);
}

export function useHeadId(): string {
  const params = useParams();
  const { pathname } = useLocation();
  return headIdOf(params, pathname);
}

/** the route's query parameters, sent with every list call (contract-2 §4.1 "route query params") */
export function useRouteQuery(): Record<string, string> | undefined {
  const [sp] = useSearchParams();
  const key = sp.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the parameters
  return useMemo(() => {
    const out: Record<string, string> = {};
    for (const [k, v] of sp) out[k] = v;
    return Object.keys(out).length ? out : undefined;
  }, [key]);
}
