import { WS_RECONNECT_MS } from '@answer/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { API_BASE } from '../../api/http';
import { useSession } from '../../stores/session';
import { SESSION_ENDED_CLOSE } from '../HeaderNotice';

/**
 * Live row sync of the editable table: `/jeecg-boot/vxeSocket/{userId}/{pageId}` (contract §6.2, spec 02 §7).
 *
 * Frames are JSON `{type, data}`. A saved row goes out as `{type:"update_vxe_table", data:{socketKey, args:[row,
 * caseId]}}`; the server relays it to the OTHER sockets of the same page (on every node) and never back, so
 * `onRowUpdate` only ever sees other tables' rows (an own caseId is ignored anyway). `heart_beat` every 10 s; no answer
 * within 6 s → the socket is dropped and opened again 5 s later, as after any error or close. The access token travels
 * as the WebSocket sub-protocol like the notification socket (components/HeaderNotice); a close with 4001 (session
 * ended) stops reconnecting.
 */

export const VXE_HEARTBEAT_MS = 10_000;
export const VXE_REPLY_TIMEOUT_MS = 6_000;
export const VXE_RECONNECT_MS = WS_RECONNECT_MS;

export type VxeRow = Record<string, unknown>;

export interface VxeRowUpdateMeta {
  socketKey: string;
  /** the table instance that saved the row */
  caseId: string | null;
}

/** `/vxeSocket/{userId}/{pageId}` under the API base, on this host (ws: or wss: like the page). */
export function vxeSocketUrl(
  userId: string,
  pageId: string,
  loc: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${loc.host}${API_BASE}/vxeSocket/${encodeURIComponent(userId)}/${encodeURIComponent(pageId)}`;
}

export interface VxeSocketOptions {
  url: string;
  token: string;
  /** which table's rows (JeecgBoot's socketKey); updates for another key are ignored */
  socketKey: string;
  /** this table instance (sent as args[1]); default a random id */
  caseId?: string;
  onRowUpdate(row: VxeRow, meta: VxeRowUpdateMeta): void;
  /** server-initiated `common_send_date` frames */
  onCommon?(key: unknown, args: unknown): void;
  onStatus?(connected: boolean): void;
  heartbeatMs?: number;
  replyTimeoutMs?: number;
  reconnectMs?: number;
}

const randomCaseId = () => `case_${Math.random().toString(36).slice(2, 10)}${Date.now().toString(36)}`;

/** The connection itself, framework-free: start() opens (and keeps re-opening) it, stop() ends it for good. */
export class VxeSocketClient {
  readonly caseId: string;
  private ws: WebSocket | null = null;
  private stopped = true;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private replyTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly opts: VxeSocketOptions) {
    this.caseId = opts.caseId ?? randomCaseId();
  }

  get connected(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    this.drop();
  }

  /** Sends a saved row to the other tables of the page; false when the socket is not open (the row is not queued). */
  sendRowUpdate(row: VxeRow): boolean {
    if (!this.connected) return false;
    this.ws!.send(
      JSON.stringify({ type: 'update_vxe_table', data: { socketKey: this.opts.socketKey, args: [row, this.caseId] } }),
    );
    return true;
  }

  private open(): void {
    if (this.stopped) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.opts.url, [this.opts.token]);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.opts.onStatus?.(true);
      clearInterval(this.heartbeat);
      this.heartbeat = setInterval(() => this.beat(), this.opts.heartbeatMs ?? VXE_HEARTBEAT_MS);
    };
    ws.onmessage = (ev) => {
      // any frame proves the link is alive
      clearTimeout(this.replyTimer);
      this.replyTimer = undefined;
      let msg: { type?: unknown; data?: unknown };
      try {
        msg = JSON.parse(String(ev.data)) as typeof msg;
      } catch {
        return; // not JSON: ignored
      }
      if (msg?.type === 'update_vxe_table') this.onUpdate(msg.data);
      else if (msg?.type === 'common_send_date') {
        const d = (msg.data ?? {}) as { key?: unknown; args?: unknown };
        this.opts.onCommon?.(d.key, d.args);
      }
    };
    ws.onerror = () => {
      // the close event follows; reconnecting is decided there
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.drop();
      if (ev.code !== SESSION_ENDED_CLOSE) this.scheduleReconnect();
    };
  }

  private onUpdate(data: unknown): void {
    const d = (data ?? {}) as { socketKey?: unknown; args?: unknown };
    if (d.socketKey !== this.opts.socketKey || !Array.isArray(d.args)) return;
    const [row, caseId] = d.args as [unknown, unknown];
    if (!row || typeof row !== 'object') return;
    const from = typeof caseId === 'string' ? caseId : null;
    if (from === this.caseId) return;
    this.opts.onRowUpdate(row as VxeRow, { socketKey: d.socketKey as string, caseId: from });
  }

  private beat(): void {
    if (!this.connected) return;
    this.ws!.send(JSON.stringify({ type: 'heart_beat', data: '' }));
    if (this.replyTimer !== undefined) return;
    this.replyTimer = setTimeout(() => {
      // no answer in time: the link is dead even if the browser has not noticed
      this.drop();
      this.scheduleReconnect();
    }, this.opts.replyTimeoutMs ?? VXE_REPLY_TIMEOUT_MS);
  }

  /** forgets the current socket (closing it) and its timers */
  private drop(): void {
    clearInterval(this.heartbeat);
    clearTimeout(this.replyTimer);
    this.heartbeat = undefined;
    this.replyTimer = undefined;
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onopen = null;
      ws.onmessage = null;
      ws.onclose = null;
      ws.onerror = null;
      if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.close();
      this.opts.onStatus?.(false);
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.open(), this.opts.reconnectMs ?? VXE_RECONNECT_MS);
  }
}

export interface UseVxeSocketOptions {
  pageId: string;
  /** another table's saved row (never one this hook sent) */
  onRowUpdate(row: VxeRow, meta: VxeRowUpdateMeta): void;
  /** default: the pageId */
  socketKey?: string;
  onCommon?(key: unknown, args: unknown): void;
  /** default true; false closes the socket */
  enabled?: boolean;
  /** test hook: another endpoint than this host's /vxeSocket URL */
  url?: string;
  heartbeatMs?: number;
  replyTimeoutMs?: number;
  reconnectMs?: number;
}

/**
 * `useVxeSocket({ pageId, onRowUpdate })` → `{ sendRowUpdate(row), connected }` for the signed-in user (token and user
 * id from the session store). Opens while mounted and signed in; reconnects by itself.
 */
export function useVxeSocket(options: UseVxeSocketOptions): {
  sendRowUpdate(row: VxeRow): boolean;
  connected: boolean;
} {
  const token = useSession((s) => s.token);
  const userId = useSession((s) => s.userInfo?.id);
  const { pageId, enabled = true, url, heartbeatMs, replyTimeoutMs, reconnectMs } = options;
  const socketKey = options.socketKey ?? pageId;
  const handlers = useRef(options);
  handlers.current = options;
  const client = useRef<VxeSocketClient | null>(null);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!enabled || !token || !userId || !pageId || typeof WebSocket === 'undefined') return;
    const c = new VxeSocketClient({
      url: url ?? vxeSocketUrl(userId, pageId),
      token,
      socketKey,
      onRowUpdate: (row, meta) => handlers.current.onRowUpdate(row, meta),
      onCommon: (key, args) => handlers.current.onCommon?.(key, args),
      onStatus: setConnected,
      heartbeatMs,
      replyTimeoutMs,
      reconnectMs,
    });
    client.current = c;
    c.start();
    return () => {
      c.stop();
      if (client.current === c) client.current = null;
      setConnected(false);
    };
  }, [enabled, token, userId, pageId, socketKey, url, heartbeatMs, replyTimeoutMs, reconnectMs]);

  const sendRowUpdate = useCallback((row: VxeRow) => client.current?.sendRowUpdate(row) ?? false, []);
  return { sendRowUpdate, connected };
}
