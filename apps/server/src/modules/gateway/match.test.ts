import { describe, expect, it } from 'vitest';
import { checkTarget, compilePattern, hostAllowed, interpret, parseAllowList, stripPath, targetUrl } from './match.ts';

describe('gateway route interpretation', () => {
  it('matches Spring-style path patterns', () => {
    const api = compilePattern('/api/**');
    expect(api.test('/api')).toBe(true);
    expect(api.test('/api/')).toBe(true);
    expect(api.test('/api/a/b/c')).toBe(true);
    expect(api.test('/apix/a')).toBe(false);
    expect(api.test('/other/api/a')).toBe(false);
    const one = compilePattern('/svc/*/info');
    expect(one.test('/svc/abc/info')).toBe(true);
    expect(one.test('/svc/a/b/info')).toBe(false);
    const q = compilePattern('/x/v?/y');
    expect(q.test('/x/v1/y')).toBe(true);
    expect(q.test('/x/v12/y')).toBe(false);
    const v = compilePattern('/u/{id}/p');
    expect(v.test('/u/42/p')).toBe(true);
    expect(v.test('/u//p')).toBe(false);
    // dots are literal
    expect(compilePattern('/a.b/**').test('/aXb/c')).toBe(false);
    expect(compilePattern('/mid/**/end').test('/mid/x/y/end')).toBe(true);
  });

  it('refuses patterns that would take the whole site, our own API, or a regex', () => {
    expect(() => compilePattern('/**')).toThrow(/第一段必须是固定文字/);
    expect(() => compilePattern('/')).toThrow(/第一段必须是固定文字/);
    expect(() => compilePattern('/*/x')).toThrow(/第一段必须是固定文字/);
    expect(() => compilePattern('api/**')).toThrow(/必须以 \/ 开头/);
    expect(() => compilePattern('/jeecg-boot/**')).toThrow(/与本系统自身的地址 \/jeecg-boot 冲突/);
    expect(() => compilePattern('/websocket/**')).toThrow(/冲突/);
    expect(() => compilePattern('/a/{id:[0-9]+}')).toThrow(/只支持 \{name\}/);
    expect(() => compilePattern('/a/x**')).toThrow(/\*\* 必须单独成段/);
    expect(() => compilePattern('/a/(x)')).toThrow(/不允许的字符/);
  });

  it('reads StripPrefix in the shapes JeecgBoot clients send', () => {
    const P = [{ name: 'Path', args: ['/api/**'] }];
    expect(interpret(P, [{ name: 'StripPrefix', args: [{ key: '_genkey_0', value: '1' }] }]).rule.strip).toBe(1);
    expect(interpret(P, [{ name: 'StripPrefix', args: { parts: 2 } }]).rule.strip).toBe(2);
    expect(interpret(P, [{ name: 'StripPrefix', args: ['3'] }]).rule.strip).toBe(3);
    expect(() => interpret(P, [{ name: 'StripPrefix', args: ['x'] }])).toThrow(/0 到 10 的整数/);
    expect(() => interpret(P, [{ name: 'StripPrefix', args: [11] }])).toThrow(/0 到 10 的整数/);
    const r = interpret(P, [
      { name: 'PreserveAuthHeaders', args: [] },
      { name: 'Hystrix', args: [] },
    ]);
    expect(r.rule.preserveAuth).toBe(true);
    expect(r.inert).toBeNull();
  });

  it('marks routes it cannot apply as inert instead of guessing', () => {
    expect(interpret([], []).inert).toBe('没有 Path 断言，不转发');
    expect(
      interpret(
        [
          { name: 'Path', args: ['/a/**'] },
          { name: 'Header', args: {} },
        ],
        [],
      ).inert,
    ).toMatch(/Header/);
    expect(
      interpret(
        [
          { name: 'Path', args: ['/a/**'] },
          { name: 'Method', args: ['get', 'POST'] },
        ],
        [],
      ).rule.methods,
    ).toEqual(new Set(['GET', 'POST']));
    expect(() => interpret([{ name: 'Method', args: ['BREW'] }], [])).toThrow(/BREW/);
    expect(() => interpret([{ name: 'Path', args: [] }], [])).toThrow(/至少需要一个路径/);
  });

  it('strips leading segments and joins with the target path', () => {
    expect(stripPath('/api/a/b', 1)).toBe('/a/b');
    expect(stripPath('/api/a/b', 2)).toBe('/b');
    expect(stripPath('/api', 1)).toBe('/');
    expect(stripPath('/api/a/', 1)).toBe('/a/');
    expect(stripPath('/api/a', 0)).toBe('/api/a');
    expect(targetUrl(new URL('http://127.0.0.1:9000/base/'), '/a/b', '?x=1')).toBe(
      'http://127.0.0.1:9000/base/a/b?x=1',
    );
    expect(targetUrl(new URL('http://h:1'), '/a', '')).toBe('http://h:1/a');
  });

  it('accepts only allow-listed targets; cloud lb:// targets are stored only', () => {
    const allow = parseAllowList(' 127.0.0.1:9000, Backend.Local ,[::1]:81');
    expect(allow).toEqual(['127.0.0.1:9000', 'backend.local', '[::1]:81']);
    expect(hostAllowed(new URL('http://127.0.0.1:9000'), allow)).toBe(true);
    expect(hostAllowed(new URL('http://127.0.0.1:9001'), allow)).toBe(false);
    expect(hostAllowed(new URL('https://backend.local/x'), allow)).toBe(true);
    expect(hostAllowed(new URL('http://[::1]:81'), allow)).toBe(true);
    expect(hostAllowed(new URL('http://[::1]:82'), allow)).toBe(false);
    expect(hostAllowed(new URL('http://evil.example'), allow)).toBe(false);
    expect(checkTarget('lb://jeecg-system', []).kind).toBe('stored');
    expect(checkTarget('lb:ws://jeecg-demo', []).kind).toBe('stored');
    expect(() => checkTarget('http://10.0.0.5:8080', allow)).toThrow(/目标主机 10.0.0.5:8080 不在允许的网关目标列表中/);
    expect(() => checkTarget('ftp://backend.local', allow)).toThrow(/只支持 http、https/);
    expect(() => checkTarget('http://u:p@backend.local', allow)).toThrow(/用户名或密码/);
    expect(() => checkTarget('not a url', allow)).toThrow(/格式不正确/);
    expect(checkTarget('http://backend.local', allow).kind).toBe('proxy');
    expect(() => checkTarget('http://127.0.0.1:9000', [])).toThrow(/不在允许/);
  });
});
