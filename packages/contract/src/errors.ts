/**
 * The one error catalogue: code → Chinese message → HTTP status → what the client does.
 * Server answers use these; the web client's http layer maps HTTP statuses to the effects of spec 01 §8.
 */
export type ClientEffect =
  | 'message' // show the server message
  | 'logout' // 401: message, then logout + reload after 1500 ms
  | 'forbidden-notice' // 403: notification 系统提示 / 拒绝访问
  | 'not-found' // 404: 很抱歉，资源未找到!
  | 'timeout'; // 504: 网络超时

export interface CatalogueEntry {
  status: number;
  /** envelope `code` */
  code: number;
  message: string;
  effect: ClientEffect;
}

export const ERRORS = {
  /** business-rule failure inside a handler (JeecgBoot `Result.error`) */
  BUSINESS: { status: 200, code: 500, message: '操作失败', effect: 'message' },
  /** input that fails its schema; message names the field */
  BAD_REQUEST: { status: 400, code: 400, message: '请求参数有误', effect: 'message' },
  BAD_PATH: { status: 400, code: 400, message: '非法的请求路径', effect: 'message' },
  BAD_JSON: { status: 400, code: 400, message: '请求体不是合法的 JSON', effect: 'message' },
  TOKEN_INVALID: { status: 401, code: 401, message: 'Token失效，请重新登录!', effect: 'logout' },
  TENANT_CHANGED: { status: 401, code: 401, message: '用户租户信息变更,请重新登陆!', effect: 'logout' },
  ACCOUNT_LOCKED: { status: 401, code: 401, message: '账号已被锁定,请联系管理员!', effect: 'logout' },
  FORBIDDEN: { status: 403, code: 403, message: '没有权限，请联系管理员授权', effect: 'forbidden-notice' },
  NOT_FOUND: { status: 404, code: 404, message: '请求的资源不存在', effect: 'not-found' },
  METHOD_NOT_ALLOWED: { status: 405, code: 405, message: '不支持该请求方法', effect: 'message' },
  PAYLOAD_TOO_LARGE: { status: 413, code: 413, message: '请求体过大', effect: 'message' },
  UNSUPPORTED_MEDIA: { status: 415, code: 415, message: '不支持的请求内容类型', effect: 'message' },
  RATE_LIMITED: { status: 429, code: 429, message: '请求过于频繁，请稍后再试', effect: 'message' },
  INTERNAL: { status: 500, code: 500, message: '操作失败，系统内部错误', effect: 'message' },
  SHUTTING_DOWN: { status: 503, code: 503, message: '服务正在重启，请稍后重试', effect: 'message' },
  DB_UNAVAILABLE: { status: 503, code: 503, message: '数据库暂时不可用，请稍后再试', effect: 'message' },
  /** Redis (cache, captcha, lockout counters) unreachable where it may not be skipped: sign-in fails closed */
  CACHE_UNAVAILABLE: { status: 503, code: 503, message: '缓存服务暂时不可用，请稍后再试', effect: 'message' },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorKey = keyof typeof ERRORS;

/** Every 401 message contains this substring; the client's expiry check is a substring match. */
export const TOKEN_EXPIRED_MARK = 'Token失效';
