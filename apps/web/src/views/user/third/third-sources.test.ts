import { describe, expect, it } from 'vitest';
import { enabledSources, renderFailureText } from './third-sources';

describe('enabledSources (GET /sys/thirdApp/getEnabledType)', () => {
  it('reads JeecgBoot’s map of provider → enabled, in the login page’s order', () => {
    expect(enabledSources({ wechatEnterprise: true, dingtalk: false })).toEqual(['wechat_enterprise']);
    expect(enabledSources({ dingtalk: true, github: '1', wechat_open: 0 })).toEqual(['github', 'dingtalk']);
  });

  it('reads a list of enabled names or entries', () => {
    expect(enabledSources(['dingtalk', 'wechat_enterprise'])).toEqual(['wechat_enterprise', 'dingtalk']);
    expect(
      enabledSources([
        { type: 'github', enabled: true },
        { type: 'dingtalk', enabled: false },
      ]),
    ).toEqual(['github']);
  });

  it('enables nothing for unknown names or shapes', () => {
    expect(enabledSources({ feishu: true })).toEqual([]);
    expect(enabledSources(null)).toEqual([]);
    expect(enabledSources('dingtalk')).toEqual([]);
  });
});

describe('renderFailureText', () => {
  it('shows the server’s Chinese message', () => {
    expect(renderFailureText('钉钉', { success: false, message: '钉钉登录未配置' })).toBe('钉钉登录未配置');
  });

  it('never shows raw or English answers', () => {
    for (const body of [{ message: 'Route GET:/sys/thirdLogin/render/dingtalk not found' }, '<html>', null]) {
      expect(renderFailureText('钉钉', body)).toBe('钉钉登录暂不可用，请联系管理员检查第三方登录配置');
    }
  });
});
