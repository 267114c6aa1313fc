import {
  HEADER_SIGN,
  HEADER_TENANT,
  HEADER_TIMESTAMP,
  HEADER_TOKEN,
  RELOAD_AFTER_401_MS,
  REQUEST_TIMEOUT_MS,
  type Result,
  TOKEN_EXPIRED_MARK,
} from '@answer/contract';
import { feedback } from '../utils/feedback';
import { computeSign, signTimestamp } from '../utils/sign';
import { ls, STORAGE_KEYS } from '../utils/storage';

/**
 * The one http client (spec 01 §7.1 conventions, §8 error catalogue). Every call resolves to the JeecgBoot
 * envelope `Result<T>` when the server answers 2xx (business failures arrive as `success:false` and are the
 * caller's to show); any other outcome shows the catalogue's feedback and rejects with an `HttpError`.
 */

export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/jeecg-boot';
/** JeecgBoot's static domain: file paths stored by uploads are served below it. */
export const STATIC_DOMAIN_URL = `${API_BASE}/sys/common/static`;
export const HEADER_LOW_APP_ID = 'X-Low-App-ID';

export interface RequestOptions {
  /** add X-Sign / X-TIMESTAMP; default true for GET and POST (JeecgBoot signs its get/post/http helpers) */
  signed?: boolean;
  /** do not show the generic error feedback (403/404/timeout/other); session expiry is still handled */
  silent?: boolean;
  /** time-out in ms @default REQUEST_TIMEOUT_MS (9000) */
  timeout?: number;
  /** caller cancellation (e.g. TanStack Query); an aborted call rejects with kind 'abort' and shows nothing */
  signal?: AbortSignal;
  /** send this token instead of the session's (logout sends the token it is ending) */
  token?: string | null;
  /** a 401 / Token失效 answer is not treated as session expiry (the logout call itself) */
  ignoreExpiry?: boolean;
}

export type HttpErrorKind = 'http' | 'timeout' | 'network' | 'abort';

/**
 * What a user sees when the server cannot be reached (no connection, server down, request blocked): Chinese only —
 * the browser's own words ("Failed to fetch", "Network Error") are kept as the error's `cause`, never shown.
 */
export const NETWORK_ERROR_MESSAGE = '网络异常，请检查网络连接后重试';

export class HttpError extends Error {
  readonly kind: HttpErrorKind;
  readonly status: number;
  /** parsed body (an envelope or Spring's error JSON) or its text */
  readonly data: unknown;
  constructor(kind: HttpErrorKind, status: number, message: string, data?: unknown, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'HttpError';
    this.kind = kind;
    this.status = status;
    this.data = data;
  }
}

/** What the client needs from the session, registered by the session store (avoids an import cycle). */
export interface SessionBridge {
  getToken(): string | null;
  getTenantId(): string | number | null;
  /** logout: server call + local clean-up */
  logout(): Promise<void>;
  reload(): void;
}

const defaultBridge: SessionBridge = {
  getToken: () => ls.get<string>(STORAGE_KEYS.ACCESS_TOKEN),
  getTenantId: () => ls.get<string | number>(STORAGE_KEYS.TENANT_ID),
  logout: async () => {
    ls.remove(STORAGE_KEYS.ACCESS_TOKEN);
  },
  reload: () => window.location.reload(),
};

let bridge: SessionBridge = { ...defaultBridge };
let lowAppId: string | null = null;
let expiring = false;

export function configureHttp(next: Partial<SessionBridge>): void {
  bridge = { ...bridge, ...next };
}

/** Low-code app routes set their app id so every request carries X-Low-App-ID; null clears it. */
export function setLowAppId(id: string | null): void {
  lowAppId = id;
}

/** test hook: forget that an expiry is already being handled */
export function resetHttpState(): void {
  expiring = false;
  bridge = { ...defaultBridge };
  lowAppId = null;
}

type Params = Record<string, unknown> | undefined | null;

/** Query string as the server reads it: undefined/null dropped, arrays comma-joined, objects as JSON. */
export function toQuery(params: Params): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    let text: string;
    if (Array.isArray(value)) text = value.join(',');
    else if (typeof value === 'object') text = JSON.stringify(value);
    else text = String(value);
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  }
  return parts.join('&');
}

/** Absolute URLs pass through; a relative one is put under the API base ('/sys/login' or 'sys/login'). */
export function apiUrl(url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith(`${API_BASE}/`)) return url;
  return `${API_BASE}/${url.replace(/^\/+/, '')}`;
}

/** A stored file path as a URL: the static domain plus the path, unless it already is an http(s) URL. */
export function fileUrl(path: string | null | undefined): string {
  if (!path) return '';
  if (/^https?:\/\//i.test(path)) return path;
  return `${STATIC_DOMAIN_URL}/${path.replace(/^\/+/, '')}`;
}

/** Dictionary item lookups are cached by the browser on purpose: no `_t` (spec 01 §7.1). */
function wantsTimestamp(url: string): boolean {
  return !url.includes('sys/dict/getDictItems');
}

export function isWorkChatBrowser(userAgent: string = globalThis.navigator?.userAgent ?? ''): boolean {
  return /wxwork|dingtalk/i.test(userAgent);
}

function messageOf(data: unknown, fallback = ''): string {
  if (data && typeof data === 'object' && 'message' in data) {
    const m = (data as { message?: unknown }).message;
    if (typeof m === 'string') return m;
  }
  if (typeof data === 'string') return data;
  return fallback;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function notifyError(description: string, duration?: number): void {
  feedback.notification.error({ message: '系统提示', description, ...(duration ? { duration } : {}) });
}

function expireWithModal(): void {
  if (expiring) return;
  expiring = true;
  if (isWorkChatBrowser()) {
    // inside WeCom / DingTalk the app re-enters through OAuth2, so the message stays until the reload
    feedback.message.loading('登录已过期，正在重新登陆', 0);
    void bridge.logout().finally(() => bridge.reload());
    return;
  }
  feedback.modal.error({
    title: '登录已过期',
    content: '很抱歉，登录已过期，请重新登录',
    okText: '重新登录',
    mask: false,
    onOk: () =>
      bridge.logout().finally(() => {
        const path = globalThis.location?.pathname ?? '/';
        if (path !== '/' && !path.includes('/user/login')) bridge.reload();
        else expiring = false;
      }),
  });
}

export const SESSION_EXPIRED_MESSAGE = '很抱歉，登录已过期，请重新登录';
const EXPIRED_FLAG = 'answer:session-expired';

/** the reload after a 401 ends on the login page: it repeats the message there (see takeSessionExpiredNotice) */
function rememberExpiry(): void {
  try {
    sessionStorage.setItem(EXPIRED_FLAG, '1');
  } catch {
    // storage unavailable: the message was shown before the reload
  }
}

/**
 * Whether the last page of this tab ended on an expired session (a 401 with a token, e.g. the notice poll of an
 * unattended tab): the login page then shows the 401 message again, since the reload took the first one away.
 * Reading clears it.
 */
export function takeSessionExpiredNotice(): boolean {
  try {
    const had = sessionStorage.getItem(EXPIRED_FLAG) === '1';
    sessionStorage.removeItem(EXPIRED_FLAG);
    return had;
  } catch {
    return false;
  }
}

/** Applies spec 01 §8 for a non-2xx answer. `hadToken`: whether the request carried a session token. */
export function handleErrorStatus(
  status: number,
  data: unknown,
  hadToken: boolean,
  silent: boolean,
  ignoreExpiry = false,
): void {
  const serverMessage = messageOf(data);
  if (ignoreExpiry && (status === 401 || serverMessage.includes(TOKEN_EXPIRED_MARK))) return;
  switch (status) {
    case 401:
      notifyError(SESSION_EXPIRED_MESSAGE, 4);
      if (hadToken && !expiring) {
        expiring = true;
        void bridge.logout().finally(() => {
          setTimeout(() => {
            // set only now: a login page shown before the reload (the guard redirects once the token is gone) must
            // not take it while the notification is still on screen; the page after the reload repeats it once
            rememberExpiry();
            bridge.reload();
          }, RELOAD_AFTER_401_MS);
        });
      }
      return;
    case 500:
      if (hadToken && serverMessage.includes(TOKEN_EXPIRED_MARK)) {
        expireWithModal();
        return;
      }
      if (!silent) notifyError(serverMessage || '系统内部错误', 4);
      return;
    case 403:
      if (!silent) notifyError('拒绝访问', 4);
      return;
    case 404:
      if (!silent) notifyError('很抱歉，资源未找到!', 4);
      return;
    case 504:
      if (!silent) notifyError('网络超时');
      return;
    default:
      if (!silent) notifyError(serverMessage || `请求失败（${status}）`, 4);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RawRequest {
  method: Method;
  url: string;
  params?: Params;
  body?: unknown;
  opts?: RequestOptions;
  responseType?: 'json' | 'blob';
}

async function send(req: RawRequest): Promise<Response> {
  const { method, url, opts = {} } = req;
  const token = opts.token !== undefined ? opts.token : bridge.getToken();
  const signed = opts.signed ?? (method === 'GET' || method === 'POST');
  const headers: Record<string, string> = {};
  if (token) headers[HEADER_TOKEN] = token;
  headers[HEADER_TENANT] = String(bridge.getTenantId() || 0);
  if (lowAppId) headers[HEADER_LOW_APP_ID] = lowAppId;

  let query: Record<string, unknown> | undefined;
  if (method === 'GET' || method === 'DELETE') {
    query = { ...(method === 'GET' && wantsTimestamp(url) ? { _t: Math.floor(Date.now() / 1000) } : {}) };
    Object.assign(query, req.params ?? {});
  }
  if (signed) {
    const signSource = method === 'GET' || method === 'DELETE' ? req.params : (req.body as Params);
    headers[HEADER_SIGN] = computeSign(url, signSource && typeof signSource === 'object' ? signSource : undefined);
    headers[HEADER_TIMESTAMP] = signTimestamp();
  }

  let body: BodyInit | undefined;
  if (req.body instanceof FormData) body = req.body;
  else if (req.body !== undefined && method !== 'GET') {
    headers['Content-Type'] = 'application/json;charset=UTF-8';
    body = JSON.stringify(req.body);
  }

  const qs = toQuery(query);
  const full = apiUrl(url) + (qs ? (url.includes('?') ? '&' : '?') + qs : '');

  const controller = new AbortController();
  const timeout = opts.timeout ?? REQUEST_TIMEOUT_MS;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeout);
  const onCallerAbort = () => controller.abort();
  if (opts.signal?.aborted) controller.abort();
  else opts.signal?.addEventListener('abort', onCallerAbort);

  try {
    const res = await fetch(full, { method, headers, body, signal: controller.signal });
    if (!res.ok) {
      // blob or JSON alike: an error body is read as text, then checked for the expiry mark (spec 01 §8)
      const data = parseBody(await res.text().catch(() => ''));
      handleErrorStatus(res.status, data, Boolean(token), Boolean(opts.silent), Boolean(opts.ignoreExpiry));
      throw new HttpError('http', res.status, messageOf(data, res.statusText || String(res.status)), data);
    }
    return res;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (timedOut) {
      if (!opts.silent) notifyError('网络超时');
      throw new HttpError('timeout', 0, '网络超时');
    }
    if (opts.signal?.aborted) throw new HttpError('abort', 0, 'aborted');
    if (!opts.silent) notifyError(NETWORK_ERROR_MESSAGE);
    throw new HttpError('network', 0, NETWORK_ERROR_MESSAGE, undefined, err);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
  }
}

async function envelope<T>(res: Response): Promise<Result<T>> {
  const text = await res.text();
  const data = parseBody(text);
  if (data && typeof data === 'object' && 'success' in data) return data as Result<T>;
  // a non-envelope 2xx answer (e.g. an empty body) is still handed over in the envelope shape
  return {
    success: true,
    message: typeof data === 'string' ? data : '',
    code: res.status,
    result: data as T,
    timestamp: Date.now(),
  };
}

function fileNameFrom(res: Response, fallback: string): string {
  const cd = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(cd);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(cd);
  if (plain) {
    try {
      return decodeURIComponent(plain[1]);
    } catch {
      return plain[1];
    }
  }
  return fallback;
}

export const http = {
  get<T = unknown>(url: string, params?: Params, opts?: RequestOptions): Promise<Result<T>> {
    return send({ method: 'GET', url, params, opts }).then((r) => envelope<T>(r));
  },
  post<T = unknown>(url: string, body?: unknown, opts?: RequestOptions): Promise<Result<T>> {
    return send({ method: 'POST', url, body: body ?? {}, opts }).then((r) => envelope<T>(r));
  },
  put<T = unknown>(url: string, body?: unknown, opts?: RequestOptions): Promise<Result<T>> {
    return send({ method: 'PUT', url, body: body ?? {}, opts }).then((r) => envelope<T>(r));
  },
  delete<T = unknown>(url: string, params?: Params, opts?: RequestOptions): Promise<Result<T>> {
    return send({ method: 'DELETE', url, params, opts }).then((r) => envelope<T>(r));
  },
  /** generic-method helper (JeecgBoot httpAction), signed */
  request<T = unknown>(method: Method, url: string, data?: Record<string, unknown>, opts?: RequestOptions) {
    const isQuery = method === 'GET' || method === 'DELETE';
    return send({
      method,
      url,
      params: isQuery ? data : undefined,
      body: isQuery ? undefined : (data ?? {}),
      opts: { signed: true, ...opts },
    }).then((r) => envelope<T>(r));
  },
  /** blob GET saved as a file; a JSON answer instead of a file shows its message (or 文件下载失败) */
  async download(url: string, params?: Params, fileName?: string, opts?: RequestOptions): Promise<void> {
    const res = await send({ method: 'GET', url, params, opts: { signed: false, ...opts }, responseType: 'blob' });
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('application/json')) {
      const data = parseBody(await res.text());
      const msg = messageOf(data) || '文件下载失败';
      feedback.message.warning(msg);
      throw new HttpError('http', res.status, msg, data);
    }
    const blob = await res.blob();
    if (!blob.size) {
      feedback.message.warning('文件下载失败');
      throw new HttpError('http', res.status, '文件下载失败');
    }
    const name = fileName ?? fileNameFrom(res, '导出文件');
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.style.display = 'none';
    a.href = href;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  },
  /**
   * multipart POST (not signed: the server signs only JSON/query parameters). With `onUploadProgress` it goes
   * through XMLHttpRequest (fetch cannot report upload progress); headers, errors and the answer are the same.
   */
  upload<T = unknown>(url: string, formData: FormData, opts?: UploadOptions): Promise<Result<T>> {
    const { onUploadProgress, ...rest } = opts ?? {};
    const merged: RequestOptions & { networkMessage?: string } = { signed: false, timeout: 0x7fffffff, ...rest };
    if (onUploadProgress) return sendXhr<T>(url, formData, merged, onUploadProgress);
    return send({ method: 'POST', url, body: formData, opts: merged }).then((r) => envelope<T>(r));
  },
};

export type Http = typeof http;

/** Upload progress: percent 0-100 (rounded down) plus the raw byte counts. */
export type UploadProgressHandler = (percent: number, progress: { loaded: number; total: number }) => void;

export interface UploadOptions extends RequestOptions {
  /** reports the upload progress of the request body (switches the call to XMLHttpRequest) */
  onUploadProgress?: UploadProgressHandler;
  /** what a lost connection shows instead of the generic network message (imports: 文件上传失败, spec 02 §9) */
  networkMessage?: string;
}

/** multipart POST through XMLHttpRequest, for upload progress; the same headers and error handling as `send`. */
function sendXhr<T>(
  url: string,
  formData: FormData,
  opts: RequestOptions & { networkMessage?: string },
  onProgress: UploadProgressHandler,
): Promise<Result<T>> {
  const token = opts.token !== undefined ? opts.token : bridge.getToken();
  const headers: Record<string, string> = {};
  if (token) headers[HEADER_TOKEN] = token;
  headers[HEADER_TENANT] = String(bridge.getTenantId() || 0);
  if (lowAppId) headers[HEADER_LOW_APP_ID] = lowAppId;
  if (opts.signed) {
    headers[HEADER_SIGN] = computeSign(url, undefined);
    headers[HEADER_TIMESTAMP] = signTimestamp();
  }
  return new Promise<Result<T>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      opts.signal?.removeEventListener('abort', onCallerAbort);
      fn();
    };
    const onCallerAbort = () => xhr.abort();
    xhr.open('POST', apiUrl(url));
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    const timeout = opts.timeout ?? REQUEST_TIMEOUT_MS;
    if (timeout < 0x7fffffff) xhr.timeout = timeout;
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable || !e.total) return;
      onProgress(Math.floor((e.loaded / e.total) * 100), { loaded: e.loaded, total: e.total });
    };
    xhr.onload = () =>
      finish(() => {
        const data = parseBody(xhr.responseText ?? '');
        if (xhr.status < 200 || xhr.status >= 300) {
          handleErrorStatus(xhr.status, data, Boolean(token), Boolean(opts.silent), Boolean(opts.ignoreExpiry));
          reject(new HttpError('http', xhr.status, messageOf(data, xhr.statusText || String(xhr.status)), data));
          return;
        }
        if (data && typeof data === 'object' && 'success' in data) resolve(data as Result<T>);
        else
          resolve({
            success: true,
            message: typeof data === 'string' ? data : '',
            code: xhr.status,
            result: data as T,
            timestamp: Date.now(),
          });
      });
    xhr.ontimeout = () =>
      finish(() => {
        if (!opts.silent) notifyError('网络超时');
        reject(new HttpError('timeout', 0, '网络超时'));
      });
    xhr.onerror = () =>
      finish(() => {
        if (!opts.silent) notifyError(opts.networkMessage ?? NETWORK_ERROR_MESSAGE);
        reject(new HttpError('network', 0, NETWORK_ERROR_MESSAGE, undefined, new Error('Network Error')));
      });
    xhr.onabort = () => finish(() => reject(new HttpError('abort', 0, 'aborted')));
    if (opts.signal?.aborted) {
      finish(() => reject(new HttpError('abort', 0, 'aborted')));
      return;
    }
    opts.signal?.addEventListener('abort', onCallerAbort);
    xhr.send(formData);
  });
}
