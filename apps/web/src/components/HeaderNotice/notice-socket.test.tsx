import { WS_RECONNECT_MS } from '@answer/contract';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_HEARTBEAT_MS, noticeSocketUrl, SESSION_ENDED_CLOSE, useNoticeSocket } from './index';

class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

describe('the bell socket (spec 01 §4: reload on topic/user, heartbeat 20 s, reconnect 5 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends the token as the sub-protocol and reloads on topic and user frames only', () => {
    const reload = vi.fn();
    renderHook(() => useNoticeSocket('u1', 'tok', reload, true));
    const ws = FakeSocket.all[0];
    expect(ws.url).toBe(noticeSocketUrl('u1'));
    expect(ws.protocols).toEqual(['tok']);
    ws.open();
    ws.onmessage?.({ data: JSON.stringify({ cmd: 'topic', msgId: '1', msgTxt: 'x' }) });
    ws.onmessage?.({ data: JSON.stringify({ cmd: 'user', msgId: '2', msgTxt: 'y' }) });
    ws.onmessage?.({ data: JSON.stringify({ cmd: 'heartcheck', msgTxt: 'HeartBeat' }) });
    ws.onmessage?.({ data: 'not json' });
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('sends HeartBeat every 20 s while open', () => {
    renderHook(() => useNoticeSocket('u1', 'tok', () => undefined, true));
    const ws = FakeSocket.all[0];
    ws.open();
    vi.advanceTimersByTime(NOTICE_HEARTBEAT_MS * 2 + 10);
    expect(ws.sent).toEqual(['HeartBeat', 'HeartBeat']);
  });

  it('reconnects 5 s after a close, but not after the server ended the session', () => {
    renderHook(() => useNoticeSocket('u1', 'tok', () => undefined, true));
    FakeSocket.all[0].open();
    FakeSocket.all[0].serverClose(1006);
    vi.advanceTimersByTime(WS_RECONNECT_MS - 10);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(20);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].open();
    FakeSocket.all[1].serverClose(SESSION_ENDED_CLOSE);
    vi.advanceTimersByTime(WS_RECONNECT_MS * 3);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('opens nothing while off (the poll failed) and closes on unmount', () => {
    const { rerender, unmount } = renderHook(({ on }) => useNoticeSocket('u1', 'tok', () => undefined, on), {
      initialProps: { on: false },
    });
    expect(FakeSocket.all).toHaveLength(0);
    rerender({ on: true });
    expect(FakeSocket.all).toHaveLength(1);
    unmount();
    expect(FakeSocket.all[0].readyState).toBe(3);
    vi.advanceTimersByTime(WS_RECONNECT_MS * 2);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
