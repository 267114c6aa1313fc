// @vitest-environment jsdom
import type { AddressInfo } from 'node:net';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type WebSocket as ServerSocket, WebSocketServer } from 'ws';
import { useSession } from '../../stores/session';
import {
  useVxeSocket,
  VXE_HEARTBEAT_MS,
  VXE_RECONNECT_MS,
  VXE_REPLY_TIMEOUT_MS,
  VxeSocketClient,
  vxeSocketUrl,
} from './socket';

/**
 * A real WebSocket server on a local port (the browser side is jsdom's WebSocket): it records what the client sends
 * and answers heartbeats only while `answerHeartbeats` is on.
 */
let wss: WebSocketServer;
let url: string;
const conns: Array<{ ws: ServerSocket; protocol: string; path: string; frames: any[] }> = [];
let answerHeartbeats = true;

beforeAll(async () => {
  wss = new WebSocketServer({ port: 0, host: '127.0.0.1', handleProtocols: (p) => [...p][0] ?? false });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  wss.on('connection', (ws, req) => {
    const c = { ws, protocol: ws.protocol, path: req.url ?? '', frames: [] as any[] };
    conns.push(c);
    ws.on('message', (d) => {
      const f = JSON.parse(String(d));
      c.frames.push(f);
      if (f.type === 'heart_beat' && answerHeartbeats) ws.send(JSON.stringify({ type: 'heart_beat', data: true }));
    });
  });
});
afterAll(async () => {
  await new Promise((r) => wss.close(r));
});
afterEach(() => {
  for (const c of conns.splice(0)) c.ws.terminate();
  answerHeartbeats = true;
});

const until = (cond: () => boolean, timeout = 3000) => waitFor(() => expect(cond()).toBe(true), { timeout });
const live = () => conns.filter((c) => c.ws.readyState === c.ws.OPEN);

describe('useVxeSocket / VxeSocketClient (spec 02 §7: heartbeat 10 s, reply time-out 6 s, reconnect 5 s)', () => {
  it('uses the spec timings and this host’s /vxeSocket URL', () => {
    expect([VXE_HEARTBEAT_MS, VXE_REPLY_TIMEOUT_MS, VXE_RECONNECT_MS]).toEqual([10_000, 6_000, 5_000]);
    expect(vxeSocketUrl('u 1', 'page', { protocol: 'https:', host: 'h:1' })).toBe(
      'wss://h:1/jeecg-boot/vxeSocket/u%201/page',
    );
    expect(vxeSocketUrl('u1', 'p', { protocol: 'http:', host: 'h' })).toBe('ws://h/jeecg-boot/vxeSocket/u1/p');
  });

  it('the hook connects with the session token as sub-protocol, sends saved rows, receives other tables’ rows', async () => {
    useSession.setState({ token: 'tok-123', userInfo: { id: 'u1' } as never });
    const onRowsChanged = vi.fn();
    const { result, unmount } = renderHook(() =>
      useVxeSocket({ pageId: 'ships', onRowsChanged, url: `${url}/jeecg-boot/vxeSocket/u1/ships` }),
    );
    await until(() => result.current.connected);
    expect(conns[0].protocol).toBe('tok-123');
    expect(conns[0].path).toBe('/jeecg-boot/vxeSocket/u1/ships');

    act(() => {
      expect(result.current.sendRowUpdate({ id: 'r1', ship_name: 'x' })).toBe(true);
      expect(result.current.sendRowUpdate({ ship_name: 'no id' })).toBe(false);
    });
    await until(() => conns[0].frames.length === 1);
    const sent = conns[0].frames[0];
    // the saved row is announced by its id only (ADR 076)
    expect(sent).toMatchObject({ type: 'update_vxe_table', data: { socketKey: 'ships', change: 'update' } });
    expect(sent.data.args[0]).toEqual({ id: 'r1' });
    expect(JSON.stringify(sent)).not.toContain('ship_name');
    const myCase = sent.data.args[1];
    expect(typeof myCase).toBe('string');

    const push = (data: unknown) => conns[0].ws.send(JSON.stringify({ type: 'update_vxe_table', data }));
    push({ socketKey: 'ships', change: 'update', ids: ['r2'], args: [{ id: 'r2' }, 'someone-else'] });
    push({ socketKey: 'other-table', ids: ['r3'], args: [{ id: 'r3' }, 'someone-else'] });
    push({ socketKey: 'ships', ids: ['r4'], args: [{ id: 'r4' }, myCase] });
    push({ socketKey: 'ships', args: ['not a row', 'x'] });
    conns[0].ws.send('not json');
    // an older server that relays the row: only its id is taken
    push({ socketKey: 'ships', args: [{ id: 'r5', ship_name: 'ignored' }, 'last'] });
    push({ socketKey: 'ships', change: 'delete', ids: ['r6'], args: [{ id: 'r6' }, 'x'] });
    await until(() => onRowsChanged.mock.calls.length === 3);
    expect(onRowsChanged.mock.calls.map((c) => c[0])).toEqual([['r2'], ['r5'], ['r6']]);
    expect(onRowsChanged.mock.calls[0][1]).toEqual({ socketKey: 'ships', caseId: 'someone-else', change: 'update' });
    expect(onRowsChanged.mock.calls[2][1].change).toBe('delete');

    unmount();
    await until(() => live().length === 0);
  });

  it('heartbeats on the interval; a missing answer drops the socket and reconnects', async () => {
    const c = new VxeSocketClient({
      url,
      token: 't',
      socketKey: 'k',
      onRowsChanged: () => {},
      heartbeatMs: 80,
      replyTimeoutMs: 120,
      reconnectMs: 60,
    });
    c.start();
    await until(() => conns.length === 1 && c.connected);
    await until(() => conns[0].frames.filter((f) => f.type === 'heart_beat').length >= 3);
    expect(conns[0].frames[0]).toEqual({ type: 'heart_beat', data: '' });
    expect(conns.length).toBe(1); // answered: the same socket stays

    answerHeartbeats = false;
    await until(() => conns.length === 2 && c.connected);
    expect(conns[0].ws.readyState).not.toBe(conns[0].ws.OPEN);
    c.stop();
  });

  it('reconnects after the server closes the socket, but not after 4001 (session ended)', async () => {
    const c = new VxeSocketClient({ url, token: 't', socketKey: 'k', onRowsChanged: () => {}, reconnectMs: 50 });
    c.start();
    await until(() => conns.length === 1 && c.connected);
    conns[0].ws.close(1001, 'going away');
    await until(() => conns.length === 2 && c.connected);
    conns[1].ws.close(4001, 'session ended');
    await until(() => !c.connected);
    await new Promise((r) => setTimeout(r, 300));
    expect(conns.length).toBe(2);
    expect(c.sendRowUpdate({ id: 1 })).toBe(false);
    c.stop();
  });
});
