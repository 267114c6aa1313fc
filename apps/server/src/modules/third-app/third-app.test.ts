import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { ConfigError, loadConfig } from '../../config.ts';

const API = '/jeecg-boot';

describe('third-party apps, nothing configured (default)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('getEnabledType answers JeecgBoot’s map: nothing enabled', async () => {
    const res = await t.req({ method: 'GET', url: `${API}/sys/thirdApp/getEnabledType`, token });
    expect(res.json).toMatchObject({ success: true, code: 200, result: { wechatEnterprise: false, dingtalk: false } });
  });

  it('getEnabledType answers without a session (the sign-in page asks it) and tells nothing but the two switches', async () => {
    const res = await t.req({ method: 'GET', url: `${API}/sys/thirdApp/getEnabledType` });
    expect(res.statusCode).toBe(200);
    expect(res.json.result).toEqual({ wechatEnterprise: false, dingtalk: false });
  });

  it.each([
    ['render/wechat_enterprise', '未配置企业微信登录，请联系管理员'],
    ['render/dingtalk', '未配置钉钉登录，请联系管理员'],
    ['render/github', '未配置GitHub登录，请联系管理员'],
    ['oauth2/dingtalk/login', '未配置钉钉登录，请联系管理员'],
    ['wechat_enterprise/callback', '未配置企业微信登录，请联系管理员'],
    ['getLoginUser/abc/dingtalk', '未配置钉钉登录，请联系管理员'],
    ['render/%3Cscript%3E', '不支持该第三方登录方式，请使用账号密码登录'],
  ])('sign-in entry %s answers a Chinese refusal in the envelope', async (path, message) => {
    const res = await t.req({
      method: 'GET',
      url: `${API}/sys/thirdLogin/${path}`,
      headers: { accept: 'application/json' },
    });
    expect(res.json).toMatchObject({ success: false, code: 500, message });
  });

  it('a browser navigation gets a readable page, never raw JSON', async () => {
    const res = await t.req({
      method: 'GET',
      url: `${API}/sys/thirdLogin/oauth2/wechat_enterprise/login?state=x`,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('未配置企业微信登录，请联系管理员');
    expect(res.body).not.toContain('"success"');
  });
});

describe('third-party apps, 企业微信 configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      THIRD_APP_ENABLED: 'on',
      THIRD_APP_WECHAT_ENTERPRISE_CLIENT_ID: 'ww0123456789',
      THIRD_APP_WECHAT_ENTERPRISE_CLIENT_SECRET: 'secret-value',
      THIRD_APP_WECHAT_ENTERPRISE_AGENT_ID: '1000002',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports 企业微信 enabled, 钉钉 not', async () => {
    const res = await t.req({ method: 'GET', url: `${API}/sys/thirdApp/getEnabledType`, token: await t.login() });
    expect(res.json.result).toEqual({ wechatEnterprise: true, dingtalk: false });
    expect(res.body).not.toContain('secret-value');
  });

  it('its sign-in entry says it is not connected (no OAuth exchange in this server), 钉钉 says not configured', async () => {
    const we = await t.req({ method: 'GET', url: `${API}/sys/thirdLogin/render/wechat_enterprise` });
    expect(we.json).toMatchObject({ success: false, message: '企业微信登录暂未接入本系统，请使用账号密码登录' });
    const dt = await t.req({ method: 'GET', url: `${API}/sys/thirdLogin/render/dingtalk` });
    expect(dt.json.message).toBe('未配置钉钉登录，请联系管理员');
  });

  it('the master switch off disables every app; half a credential pair is a configuration error', () => {
    const off = loadConfig({
      THIRD_APP_DINGTALK_CLIENT_ID: 'ding1',
      THIRD_APP_DINGTALK_CLIENT_SECRET: 's',
    });
    expect(off.thirdApps.dingtalk.enabled).toBe(false);
    expect(() => loadConfig({ THIRD_APP_ENABLED: 'on', THIRD_APP_DINGTALK_CLIENT_ID: 'ding1' })).toThrow(ConfigError);
  });
});
