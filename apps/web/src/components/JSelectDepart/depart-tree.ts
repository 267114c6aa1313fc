import { http } from '../../api/http';
import type { DepartTreeNode } from './logic';

/**
 * `GET /sys/sysDepart/queryTreeList` (contract §4.4): the whole department tree. Concurrent callers share one
 * request and an answer is reused for a few seconds (a page with several pickers asks once); `force` asks again.
 */
const REUSE_MS = 5000;
let last: { at: number; promise: Promise<DepartTreeNode[]> } | null = null;

export function loadDepartTree(force = false): Promise<DepartTreeNode[]> {
  const now = Date.now();
  if (!force && last && now - last.at < REUSE_MS) return last.promise;
  const promise = http.get<DepartTreeNode[]>('/sys/sysDepart/queryTreeList').then((res) => {
    if (!res.success) throw new Error(res.message || '部门加载失败');
    return Array.isArray(res.result) ? res.result : [];
  });
  const entry = { at: now, promise };
  last = entry;
  // a failed load is not reused
  promise.catch(() => {
    if (last === entry) last = null;
  });
  return promise;
}

/** test hook */
export function forgetDepartTree(): void {
  last = null;
}
