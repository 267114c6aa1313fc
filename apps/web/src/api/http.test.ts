import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, type Feedback } from '../utils/feedback';
import { computeSign } from '../utils/sign';
import {
  apiUrl,
  configureHttp,
  fileUrl,
  HttpError,
  http,
  resetHttpState,
  takeSessionExpiredNotice,
  toQuery,
} from './http';

type Call = { url: string; init: RequestInit };

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

const ok = (result: unknown = null) => json(200, { success: true, code: 200, message: '', result, timestamp: 1 });

let calls: Call[];
let respond: (call: Call) => Response | Promise<Response>;
const fb = {
  notification: { error: vi.fn() },
  message: { loading: vi.fn(), warning: vi.fn(), success: vi.fn() },
  modal: { error: vi.fn() },
};
const logout = vi.fn(async () => {});
const reload = vi.fn();

beforeEach(() => {
  calls = [];
  respond = () => ok();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { url, init };
      calls.push(call);
      if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      return respond(call);
    }),
  );
  for (const group of Object.values(fb)) for (const f of Object.values(group)) f.mockReset();
  logout.mockClear();
  reload.mockClear();
  resetHttpState();
  bindFeedback(fb as unknown as Feedback);
  configureHttp({ getToken: () => 'tok', getTenantId: () => null, logout, reload });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const headers = (c: Call) => c.init.headers as Record<string, string>;

describe('request conventions (spec 01 §7.1)', () => {
  it('puts relative URLs under the API base', () => {
    expect(apiUrl('/sys/login')).toBe('/jeecg-boot/sys/login');
    expect(apiUrl('sys/login')).toBe('/jeecg-boot/sys/login');
    expect(apiUrl('https://x.example/a')).toBe('https://x.example/a');
  });

  it('sends the token and tenant-id 0 when no tenant is chosen', async () => {
    await http.get('/sys/user/list');
    expect(headers(calls[0])['X-Access-Token']).toBe('tok');
    expect(headers(calls[0])['tenant-id']).toBe('0');
    configureHttp({ getToken: () => null, getTenantId: () => 3 });
    await http.get('/sys/user/list');
    expect(headers(calls[1])['X-Access-Token']).toBeUndefined();
    expect(headers(calls[1])['tenant-id']).toBe('3');
  });

  it('adds _t to GET, except dictionary item lookups', async () => {
    vi.useFakeTimers({ now: new Date('2024-01-02T03:04:05Z') });
    await http.get('/sys/user/list', { pageNo: 1, name: '张 三', empty: null, skip: undefined, ids: ['a', 'b'] });
    expect(calls[0].url).toBe(
      `/jeecg-boot/sys/user/list?_t=${Math.floor(Date.now() / 1000)}&pageNo=1&name=%E5%BC%A0%20%E4%B8%89&ids=a%2Cb`,
    );
    await http.get('/sys/dict/getDictItems/sex');
    expect(calls[1].url).toBe('/jeecg-boot/sys/dict/getDictItems/sex');
  });

  it('signs GET and POST by default with X-Sign and a yyyyMMddHHmmss X-TIMESTAMP; PUT/DELETE not', async () => {
    await http.get('/sys/dict/loadDict/sys_user,realname,id', { keyword: 'a', pageSize: 10 });
    expect(headers(calls[0])['X-Sign']).toBe(
      computeSign('/sys/dict/loadDict/sys_user,realname,id', { keyword: 'a', pageSize: 10 }),
    );
    expect(headers(calls[0])['X-TIMESTAMP']).toMatch(/^\d{14}$/);
    await http.post('/sys/dict/add', { dictName: 'x' });
    expect(headers(calls[1])['X-Sign']).toBe(computeSign('/sys/dict/add', { dictName: 'x' }));
    await http.put('/sys/dict/edit', { id: '1' });
    await http.delete('/sys/dict/delete', { id: '1' });
    expect(headers(calls[2])['X-Sign']).toBeUndefined();
    expect(headers(calls[3])['X-Sign']).toBeUndefined();
    expect(calls[3].url).toBe('/jeecg-boot/sys/dict/delete?id=1');
    await http.get('/sys/x', undefined, { signed: false });
    expect(headers(calls[4])['X-Sign']).toBeUndefined();
  });

  it('sends JSON bodies and resolves to the envelope, business failures included', async () => {
    respond = () => json(200, { success: false, code: 500, message: '用户名或密码错误', result: null, timestamp: 1 });
    const res = await http.post('/sys/login', { username: 'a' });
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ username: 'a' });
    expect(headers(calls[0])['Content-Type']).toContain('application/json');
    expect(res).toMatchObject({ success: false, message: '用户名或密码错误' });
    expect(fb.notification.error).not.toHaveBeenCalled();
  });

  it('upload posts multipart without a JSON content type', async () => {
    const fd = new FormData();
    fd.append('biz', 'temp');
    await http.upload('/sys/common/upload', fd);
    expect(calls[0].init.body).toBe(fd);
    expect(headers(calls[0])['Content-Type']).toBeUndefined();
  });

  it('fileUrl: static domain plus path unless already http', () => {
    expect(fileUrl('temp/a.png')).toBe('/jeecg-boot/sys/common/static/temp/a.png');
    expect(fileUrl('/temp/a.png')).toBe('/jeecg-boot/sys/common/static/temp/a.png');
    expect(fileUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(fileUrl(null)).toBe('');
  });

  it('toQuery drops empty values', () => {
    expect(toQuery({ a: 1, b: null, c: undefined, d: '' })).toBe('a=1&d=');
  });
});

describe('error catalogue (spec 01 §8)', () => {
  it.each([
    [403, { message: 'x' }, '拒绝访问', 4],
    [404, { message: 'x' }, '很抱歉，资源未找到!', 4],
    [504, {}, '网络超时', undefined],
    [400, { success: false, message: '参数 username 不能为空' }, '参数 username 不能为空', 4],
    [429, { success: false, message: '请求过于频繁，请稍后再试' }, '请求过于频繁，请稍后再试', 4],
  ])('HTTP %i → 系统提示 / %s', async (status, body, description, duration) => {
    respond = () => json(status, body);
    const err = await http.get('/x').catch((e) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err.status).toBe(status);
    expect(fb.notification.error).toHaveBeenCalledWith({
      message: '系统提示',
      description,
      ...(duration ? { duration } : {}),
    });
  });

  it('silent calls show nothing', async () => {
    respond = () => json(403, {});
    await http.get('/x', undefined, { silent: true }).catch(() => {});
    expect(fb.notification.error).not.toHaveBeenCalled();
  });

  it('401 with a token: message, logout, reload after 1500 ms (once for concurrent calls)', async () => {
    vi.useFakeTimers();
    respond = () => json(401, { success: false, code: 401, message: 'Token失效，请重新登录!' });
    await Promise.all([http.get('/a').catch(() => {}), http.get('/b').catch(() => {})]);
    expect(fb.notification.error).toHaveBeenCalledWith({
      message: '系统提示',
      description: '很抱歉，登录已过期，请重新登录',
      duration: 4,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(logout).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1499);
    expect(reload).not.toHaveBeenCalled();
    // a login page shown before the reload (the notification is still on screen) does not repeat it
    expect(takeSessionExpiredNotice()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    // the login page after the reload repeats the message, once
    expect(takeSessionExpiredNotice()).toBe(true);
    expect(takeSessionExpiredNotice()).toBe(false);
  });

  it('a silent background call (the notice poll) that gets 401 ends the session the same way', async () => {
    vi.useFakeTimers();
    respond = () => json(401, { success: false, code: 401, message: '很抱歉，登录已过期，请重新登录' });
    await http.get('/sys/annountCement/listByUser', undefined, { silent: true }).catch(() => {});
    expect(fb.notification.error).toHaveBeenCalledWith({
      message: '系统提示',
      description: '很抱歉，登录已过期，请重新登录',
      duration: 4,
    });
    await vi.advanceTimersByTimeAsync(1500);
    expect(logout).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(takeSessionExpiredNotice()).toBe(true);
  });

  it('401 without a token: only the message', async () => {
    takeSessionExpiredNotice();
    configureHttp({ getToken: () => null });
    respond = () => json(401, { message: 'Token失效' });
    await http.get('/a').catch(() => {});
    expect(fb.notification.error).toHaveBeenCalled();
    expect(logout).not.toHaveBeenCalled();
    expect(takeSessionExpiredNotice()).toBe(false);
  });

  it('500 with Token失效 while logged in: the 登录已过期 modal; OK logs out and reloads', async () => {
    respond = () => json(500, { status: 500, error: 'Internal Server Error', message: 'Token失效，请重新登录' });
    await http.get('/a').catch(() => {});
    expect(fb.modal.error).toHaveBeenCalledTimes(1);
    const opts = fb.modal.error.mock.calls[0][0];
    expect(opts).toMatchObject({ title: '登录已过期', content: '很抱歉，登录已过期，请重新登录', okText: '重新登录' });
    window.history.replaceState(null, '', '/isystem/user');
    await opts.onOk();
    expect(logout).toHaveBeenCalled();
    expect(reload).toHaveBeenCalled();
  });

  it('500 with Token失效 in a work-chat browser: a loading message that never closes', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 wxwork/4.0');
    respond = () => json(500, { message: 'Token失效，请重新登录' });
    await http.get('/a').catch(() => {});
    expect(fb.message.loading).toHaveBeenCalledWith('登录已过期，正在重新登陆', 0);
    expect(fb.modal.error).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('a blob (download) error body is read as text and checked for the expiry', async () => {
    // a binary answer type: the body is still read as text (jsdom's Blob cannot feed node's Response here)
    respond = () =>
      new Response(JSON.stringify({ status: 500, message: 'Token失效，请重新登录' }), {
        status: 500,
        headers: { 'content-type': 'application/octet-stream' },
      });
    await http.download('/sys/user/exportXls').catch(() => {});
    expect(fb.modal.error).toHaveBeenCalledTimes(1);
  });

  it('other 500s show the server message', async () => {
    respond = () => json(500, { success: false, code: 500, message: '操作失败，系统内部错误' });
    await http.get('/a').catch(() => {});
    expect(fb.notification.error).toHaveBeenCalledWith({
      message: '系统提示',
      description: '操作失败，系统内部错误',
      duration: 4,
    });
    expect(fb.modal.error).not.toHaveBeenCalled();
  });

  it('the logout call itself never counts as an expiry', async () => {
    respond = () => json(401, { message: 'Token失效' });
    await http.post('/sys/logout', {}, { ignoreExpiry: true, silent: true, token: 'old' }).catch(() => {});
    expect(headers(calls[0])['X-Access-Token']).toBe('old');
    expect(fb.notification.error).not.toHaveBeenCalled();
    expect(logout).not.toHaveBeenCalled();
  });

  it('times out after 9000 ms with 网络超时', async () => {
    vi.useFakeTimers();
    respond = ({ init }) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const pending = http.get('/slow').catch((e) => e);
    await vi.advanceTimersByTimeAsync(8999);
    expect(fb.notification.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const err = await pending;
    expect(err).toMatchObject({ kind: 'timeout' });
    expect(fb.notification.error).toHaveBeenCalledWith({ message: '系统提示', description: '网络超时' });
  });

  it('server unreachable: 网络异常 in Chinese only, never the browser’s English words', async () => {
    respond = () => {
      throw new TypeError('Failed to fetch');
    };
    const err = await http.get('/x').catch((e) => e);
    expect(err).toMatchObject({ kind: 'network', status: 0, message: '网络异常，请检查网络连接后重试' });
    expect(fb.notification.error).toHaveBeenCalledWith({
      message: '系统提示',
      description: '网络异常，请检查网络连接后重试',
    });
    const shown = fb.notification.error.mock.calls.flatMap((c) => Object.values(c[0] as object)).join(' ');
    expect(shown).not.toMatch(/[A-Za-z]/);
    // the browser's words stay available to a developer
    expect((err as Error).cause).toBeInstanceOf(TypeError);
  });

  it('a caller abort rejects quietly', async () => {
    const ctrl = new AbortController();
    ctrl.abort();
    const err = await http.get('/x', undefined, { signal: ctrl.signal }).catch((e) => e);
    expect(err).toMatchObject({ kind: 'abort' });
    expect(fb.notification.error).not.toHaveBeenCalled();
  });
});
