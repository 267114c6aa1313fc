import { describe, expect, it } from 'vitest';
import { isSafeLink, linkProblem, SAFE_LINK_RULE, safeLink, safeLinkMessage } from './safe-link.ts';

describe('stored links: http(s) and relative paths only (security rule 16)', () => {
  it.each([
    '',
    'https://help.jeecg.com',
    'HTTP://example.com/a?b=1&c=2#x',
    '/isystem/user',
    '/online/cgreport/:id',
    'isystem/user',
    './a',
    '../b',
    '?tab=1',
    '#top',
    'temp/abc_1700000000000.png',
    "{{ window._CONFIG['domianURL'] }}/sys/druid/",
    '/x?a=1&amp;b=2',
    '/path/with%20space',
    'https://example.com/?q=javascript:alert(1)',
  ])('accepts %j', (v) => {
    expect(linkProblem(v)).toBeNull();
    expect(isSafeLink(v)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java script:alert(1)',
    'java\u200bscript:alert(1)',
    '\ufeffjavascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'DATA:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)',
    '&#0000106&#0000097vascript:alert(1)',
    'javascript&colon;alert(1)',
    'javascript&COLON;alert(1)',
    '&amp;#106;avascript:alert(1)',
    'java&Tab;script:alert(1)',
    'java&NewLine;script:alert(1)',
    '%6Aavascript:alert(1)',
    'javascript%3Aalert(1)',
    'file:///etc/passwd',
    'mailto:a@b.c',
    '//evil.example/x',
    '\\\\evil.example\\x',
    ' //evil.example',
  ])('refuses %j', (v) => {
    expect(isSafeLink(v)).toBe(false);
    expect(safeLink(v)).toBeNull();
  });

  it('refuses control characters and line breaks anywhere, with their own reason', () => {
    for (const v of [
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0001javascript:x',
      '/ok\r\npath',
      '/a\u2028b',
    ]) {
      expect(linkProblem(v), JSON.stringify(v)).toBe('control');
    }
    expect(linkProblem('java&#10;script:x')).toBe('control');
  });

  it('names the field in a clear Chinese message', () => {
    expect(safeLinkMessage('菜单路径')).toBe(`菜单路径${SAFE_LINK_RULE}`);
    expect(safeLinkMessage('页面地址', 'control')).toBe('页面地址不能包含换行或控制字符');
  });

  it('safeLink gives the trimmed value for rendering, null for empty or refused values', () => {
    expect(safeLink('  https://a.example/x ')).toBe('https://a.example/x');
    expect(safeLink('')).toBeNull();
    expect(safeLink(null)).toBeNull();
    expect(safeLink(undefined)).toBeNull();
    expect(safeLink(' javascript:alert(1)')).toBeNull();
  });
});
