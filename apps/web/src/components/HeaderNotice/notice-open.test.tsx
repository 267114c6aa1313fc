import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NoticeRecord } from '../../api/header';
import { installMatchMedia } from '../list/test-dom';
import { AnnouncementModal, goToNoticePage } from './AnnouncementModal';

// spec 01 §2.5 / 02 data: openType 'url' leads to openPage through 去处理 (close, then go);
// openType 'component' opens the page in the dynamic notice dialog instead (DynamicNoticeModal.test.tsx).

beforeAll(() => installMatchMedia());
afterEach(cleanup);

const record = (over: Partial<NoticeRecord>): NoticeRecord => ({
  id: 'n1',
  titile: '请处理预约',
  msgContent: '<p>有一条预约待处理</p>',
  sender: '',
  priority: 'M',
  openType: 'url',
  openPage: '/answer/reservationList',
  ...over,
});

function show(r: NoticeRecord, onClose = vi.fn(), onHandle = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AnnouncementModal record={r} onClose={onClose} onHandle={onHandle} />
    </QueryClientProvider>,
  );
  return { onClose, onHandle };
}

describe('去处理 of a url notice', () => {
  it('closes the viewer, then hands the record over', () => {
    const r = record({});
    const { onClose, onHandle } = show(r);
    fireEvent.click(screen.getByRole('button', { name: '去处理' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onHandle).toHaveBeenCalledWith(r);
    expect(onClose.mock.invocationCallOrder[0]).toBeLessThan(onHandle.mock.invocationCallOrder[0]);
  });

  it('is not offered for a component notice, nor for a url notice without a page', () => {
    show(record({ openType: 'component', openPage: 'account/settings/Binding', busId: 'b1' }));
    expect(screen.queryByRole('button', { name: '去处理' })).toBeNull();
    cleanup();
    show(record({ openPage: null }));
    expect(screen.queryByRole('button', { name: '去处理' })).toBeNull();
    expect(screen.getByRole('button', { name: '关闭' })).toBeTruthy();
  });

  it('goes to a route of this app (with or without the leading slash), opens an http(s) page in a new window', () => {
    const navigate = vi.fn();
    const openWindow = vi.fn();
    goToNoticePage('/answer/reservationList', navigate, openWindow);
    goToNoticePage('isps/userAnnouncement', navigate, openWindow);
    goToNoticePage('https://help.example.com/a', navigate, openWindow);
    expect(navigate.mock.calls).toEqual([['/answer/reservationList'], ['/isps/userAnnouncement']]);
    expect(openWindow.mock.calls).toEqual([['https://help.example.com/a']]);
  });

  it('does nothing for a script link or an empty page', () => {
    const navigate = vi.fn();
    const openWindow = vi.fn();
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', '//evil.example.com', '', null, undefined])
      goToNoticePage(bad, navigate, openWindow);
    expect(navigate).not.toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
  });
});
