import { describe, expect, it } from 'vitest';
import { sanitizeRichText, stripHtml } from './sanitize.ts';
import { isInternalRoute, isViewPath } from './service.ts';

describe('announcement rich text is sanitised with an allow-list (security rule 8)', () => {
  it.each([
    ['keeps formatting', '<p>放假<strong>通知</strong></p>', '<p>放假<strong>通知</strong></p>'],
    ['drops scripts with their content', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['drops event handlers', '<img src="/a.png" onerror="alert(1)" />', '<img src="/a.png" />'],
    ['drops javascript: links', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['drops obfuscated javascript: links', '<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>'],
    ['drops protocol-relative links', '<a href="//evil.example/x">x</a>', '<a>x</a>'],
    [
      'opens links in a new window',
      '<a href="https://x.org">x</a>',
      '<a href="https://x.org" target="_blank" rel="noopener noreferrer">x</a>',
    ],
    ['drops iframes', '<iframe src="https://evil"></iframe><p>ok</p>', '<p>ok</p>'],
    ['drops svg with handlers', '<svg onload="alert(1)"><circle/></svg>t', 't'],
    [
      'drops style expressions and url()',
      '<p style="width: expression(alert(1)); background:url(x)">x</p>',
      '<p>x</p>',
    ],
    [
      'keeps plain styles',
      '<p style="color:red;text-align:center">x</p>',
      '<p style="color:red;text-align:center">x</p>',
    ],
    ['keeps data: images', '<img src="data:image/png;base64,AAAA" />', '<img src="data:image/png;base64,AAAA" />'],
    ['drops data: svg images', '<img src="data:image/svg+xml;base64,PHN2Zz4=" />', '<img />'],
    ['drops data: html links', '<a href="data:text/html,<script>x</script>">x</a>', '<a>x</a>'],
    ['unwraps unknown tags', '<custom-tag><b>x</b></custom-tag>', '<b>x</b>'],
    ['drops forms', '<form action="/x"><input name="a"></form><p>y</p>', '<p>y</p>'],
    ['empty input', '', ''],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('strips every tag from a title, also encoded ones', () => {
    expect(stripHtml('<b>放假</b>通知<script>alert(1)</script>')).toBe('放假通知');
    expect(stripHtml('&lt;img src=x onerror=alert(1)&gt;公告')).toBe('公告');
    expect(stripHtml('A &amp; B')).toBe('A & B');
  });

  it('accepts only internal routes as openPage of url notices', () => {
    for (const ok of ['/isps/userAnnouncement', '/system/user?id=1', '/a/b#c']) expect(isInternalRoute(ok)).toBe(true);
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      'isps/x',
      '/javascript:alert(1)',
      '',
    ])
      expect(isInternalRoute(bad)).toBe(false);
    expect(isViewPath('modules/message/SysMessageList')).toBe(true);
    expect(isViewPath('../etc/passwd')).toBe(false);
  });
});
