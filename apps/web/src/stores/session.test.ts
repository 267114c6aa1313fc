import type { LoginResult } from '@answer/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../utils/storage';
import { useDictStore } from './dict';
import { EMPTY_MENU_ERROR, useSession } from './session';

const loginResult = {
  token: 'tok-1',
  userInfo: { username: 'admin', realname: '管理员', avatar: null } as LoginResult['userInfo'],
  departs: [],
  multi_depart: 1,
  sysAllDictItems: { sex: [{ value: '1', text: '男', title: '男', label: '男' }] },
} as LoginResult;

let responses: Record<string, () => Response>;
const seen: { url: string; headers: Record<string, string> }[] = [];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  seen.length = 0;
  responses = {};
  useSession.setState({ token: null, menuLoaded: false, permissionList: [], auth: [], allAuth: [] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      seen.push({ url, headers: init.headers as Record<string, string> });
      const key = Object.keys(responses).find((k) => url.includes(k));
      if (!key) return new Response('{}', { status: 404 });
      return responses[key]();
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

const env = (result: unknown, success = true) =>
  new Response(JSON.stringify({ success, code: 200, message: success ? '' : 'x', result, timestamp: 0 }));

describe('session store', () => {
  it('applyLogin stores token, username and user info for 7 days, and the dictionaries', () => {
    const before = Date.now();
    useSession.getState().applyLogin(loginResult);
    const s = useSession.getState();
    expect(s.token).toBe('tok-1');
    expect(s.username).toBe('admin');
    expect(s.realname).toBe('管理员');
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.ACCESS_TOKEN) ?? '');
    expect(stored.value).toBe('tok-1');
    expect(stored.expire - before).toBeGreaterThanOrEqual(604_800_000);
    expect(stored.expire - Date.now()).toBeLessThanOrEqual(604_800_000);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.USER_INFO) ?? '').value.username).toBe('admin');
    expect(useDictStore.getState().get('sex')?.[0].text).toBe('男');
  });

  it('loadPermissions keeps menu, auth, allAuth and sysSafeMode', async () => {
    useSession.getState().applyLogin(loginResult);
    responses.getUserPermissionByToken = () =>
      env({
        menu: [{ id: '1', route: '1', path: '/dashboard/analysis', name: 'x', meta: { title: '首页' } }],
        auth: [{ action: 'user:add', type: '1', describe: '' }],
        allAuth: [{ action: 'user:add', type: '1', status: '1', describe: '' }],
        sysSafeMode: true,
      });
    await useSession.getState().loadPermissions();
    const s = useSession.getState();
    expect(s.menuLoaded).toBe(true);
    expect(s.permissionList).toHaveLength(1);
    expect(s.auth[0].action).toBe('user:add');
    expect(s.sysSafeMode).toBe(true);
    expect(seen[0].headers['X-Access-Token']).toBe('tok-1');
    expect(seen[0].url).not.toContain('token=');
  });

  it('an empty menu is an error', async () => {
    responses.getUserPermissionByToken = () => env({ menu: [], auth: [], allAuth: [] });
    await expect(useSession.getState().loadPermissions()).rejects.toThrow(EMPTY_MENU_ERROR);
    expect(useSession.getState().menuLoaded).toBe(false);
  });

  it('logout calls the server with the old token and clears everything, even if the call fails', async () => {
    useSession.getState().applyLogin(loginResult);
    useSession.getState().setTenantId(5);
    localStorage.setItem(STORAGE_KEYS.CACHE_INCLUDED_ROUTES, '{"value":[],"expire":null}');
    responses['/sys/logout'] = () => new Response('boom', { status: 500 });
    // the failure is reported back for the header to show (spec 01 §5), the session is gone anyway
    const { serverError } = await useSession.getState().logout();
    expect(serverError).toBeTruthy();
    expect(seen.at(-1)?.url).toContain('/sys/logout');
    expect(seen.at(-1)?.headers['X-Access-Token']).toBe('tok-1');
    const s = useSession.getState();
    expect(s.token).toBeNull();
    expect(s.userInfo).toBeNull();
    expect(s.username).toBe('');
    expect(s.tenantId).toBeNull();
    expect(s.permissionList).toEqual([]);
    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(useDictStore.getState().items).toEqual({});
  });

  it('a server that answers success false on logout reports its message', async () => {
    useSession.getState().applyLogin(loginResult);
    responses['/sys/logout'] = () =>
      Response.json({ success: false, code: 500, message: '退出登录失败！', result: null, timestamp: 1 });
    expect(await useSession.getState().logout()).toEqual({ serverError: '退出登录失败！' });
    expect(useSession.getState().token).toBeNull();
  });

  it('welcome greets by the hour', () => {
    expect(['早上好', '上午好', '中午好', '下午好', '晚上好']).toContain(useSession.getState().welcome());
  });
});
