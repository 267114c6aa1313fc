import type { PermissionResult } from '@answer/contract';
import { http } from './http';

/** GET /sys/permission/getUserPermissionByToken: menu, auth, allAuth, sysSafeMode (contract §3.1). */
export function getUserPermissionByToken() {
  return http.get<PermissionResult>('/sys/permission/getUserPermissionByToken');
}
