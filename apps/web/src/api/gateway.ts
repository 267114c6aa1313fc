import { http } from './http';

/** 路由网关 (round 2 §3.3); the server applies enabled routes only when GATEWAY=on (docs/decisions/030-gateway.md). */

export const GATEWAY_URLS = {
  list: '/sys/gatewayRoute/list',
  updateAll: '/sys/gatewayRoute/updateAll',
  delete: '/sys/gatewayRoute/delete',
  clearRedis: '/sys/gatewayRoute/clearRedis',
  status: '/sys/gatewayRoute/status',
} as const;

/** a predicate or filter as stored: `{name, args}`; args are strings, `{key, value}` rows or an object */
export interface RouteDef {
  name: string;
  args: unknown;
}

export interface SysGatewayRoute {
  id: string;
  routerId: string;
  name: string | null;
  uri: string | null;
  predicates: RouteDef[];
  filters: RouteDef[];
  status: number | null;
  stripPrefix?: number | null;
  /** ours: whether this node forwards requests on the route, and why not */
  applied?: boolean;
  appliedNote?: string | null;
  createTime?: string | null;
  updateTime?: string | null;
}

export interface GatewayStatus {
  enabled: boolean;
  allowedHosts: string[];
}

export interface RouteSave {
  id?: string;
  routerId: string;
  name: string;
  uri: string;
  status: boolean;
  /** JSON strings, as the JeecgBoot client sends them */
  predicates: string;
  filters: string;
}

export const gatewayStatus = () => http.get<GatewayStatus>(GATEWAY_URLS.status);
export const saveRoute = (router: RouteSave) => http.post<null>(GATEWAY_URLS.updateAll, { router });
export const clearRouteCache = () => http.get<null>(GATEWAY_URLS.clearRedis);
