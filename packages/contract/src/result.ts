/** JeecgBoot `Result<T>` envelope: every JSON answer of the API has this shape, errors included. */
export interface Result<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

/** MyBatis-Plus page as the client sees it (contract §1.2). */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  orders: unknown[];
  optimizeCountSql: boolean;
  searchCount: boolean;
  countId: null;
  maxLimit: null;
}

/** `Result.ok(data)` / `Result.OK(msg, data)`: code 200. */
export function ok<T>(result: T, message = ''): Result<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

/** Handlers that only set success+result in JeecgBoot answer with code 0 (e.g. /sys/user/list). */
export function okCode0<T>(result: T, message = ''): Result<T> {
  return { success: true, message, code: 0, result, timestamp: Date.now() };
}

/** Business-rule failure: HTTP 200, success false, code 500 (or the given code). */
export function fail(message: string, code = 500, result: unknown = null): Result<unknown> {
  return { success: false, message, code, result, timestamp: Date.now() };
}
