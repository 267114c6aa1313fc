import type { MenuItem } from '@answer/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render as rtlRender, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NoticeRecord } from '../api/header';
import { AnnouncementModal, noticeTarget } from '../components/HeaderNotice/AnnouncementModal';
import { menuTarget } from '../layouts/menu-utils';
import { buildRouteSpecs, resolveMenuUrl } from './menu';

const render = (ui: ReactElement) =>
  rtlRender(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

/** Security rule 16, web side: stored links are refused again when rendered (menus, iframes, notices). */
const config = { domianURL: 'http://host/jeecg-boot' };
const EVIL = [
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  '&#106;avascript:alert(1)',
  'javascript&colon;alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/x',
];

const external = (url: string): MenuItem => ({
  id: url,
  route: '1',
  path: '/ext',
  name: 'ext',
  component: 'layouts/IframePageView',
  meta: { title: '外链', url, internalOrExternal: true },
});

describe('menu links', () => {
  it.each(EVIL)('refuses %j as an external link and as an iframe source', (url) => {
    expect(resolveMenuUrl(url, config)).toBeNull();
    expect(menuTarget(external(url))).toEqual({ kind: 'external', url: '' });
    const iframe: MenuItem = { ...external(url), meta: { title: '内嵌', url } };
    const spec = buildRouteSpecs([iframe], { hasView: () => false, config, fallbacks: false }).find(
      (s) => s.handle.view === 'iframe',
    );
    expect(spec?.handle.url ?? null).toBeNull();
  });

  it('refuses a config placeholder that resolves to a script link', () => {
    expect(resolveMenuUrl('{{ window._CONFIG["x"] }}', { x: 'javascript:alert(1)' })).toBeNull();
  });

  it('keeps http(s) and site paths', () => {
    expect(resolveMenuUrl('https://help.example.com/a', config)).toBe('https://help.example.com/a');
    expect(resolveMenuUrl("{{ window._CONFIG['domianURL'] }}/sys/x", config)).toBe('http://host/jeecg-boot/sys/x');
    expect(menuTarget(external('https://help.example.com/a'))).toEqual({
      kind: 'external',
      url: 'https://help.example.com/a',
    });
  });
});

const notice = (openPage: string | null): NoticeRecord =>
  ({
    id: '1',
    titile: '通知',
    msgContent: '<p>x</p>',
    sender: '',
    priority: 'M',
    openType: 'url',
    openPage,
  }) satisfies NoticeRecord;

describe('notice open pages (去处理)', () => {
  beforeAll(() => {
    // antd's responsive Descriptions asks for media queries; jsdom has none
    window.matchMedia ??= ((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
  });
  afterEach(cleanup);

  it.each(EVIL)('refuses %j: no target and no 去处理 button', (openPage) => {
    expect(noticeTarget(openPage)).toBeNull();
    render(<AnnouncementModal record={notice(openPage)} onClose={() => {}} onHandle={() => {}} />);
    expect(screen.queryByRole('button', { name: '去处理' })).toBeNull();
  });

  it('leads to a route of this app or an http(s) page', () => {
    expect(noticeTarget('/isps/userAnnouncement')).toEqual({ kind: 'internal', path: '/isps/userAnnouncement' });
    expect(noticeTarget('isps/userAnnouncement')).toEqual({ kind: 'internal', path: '/isps/userAnnouncement' });
    expect(noticeTarget('https://example.com/x')).toEqual({ kind: 'external', url: 'https://example.com/x' });
    render(<AnnouncementModal record={notice('/isps/userAnnouncement')} onClose={() => {}} onHandle={() => {}} />);
    expect(screen.getByRole('button', { name: '去处理' })).toBeTruthy();
  });
});
