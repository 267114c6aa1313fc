import { WS_RECONNECT_MS } from '@answer/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { API_BASE } from '../../api/http';
import { useSession } from '../../stores/session';
import { SESSION_ENDED_CLOSE } from '../HeaderNotice';

/**
 * Live row sync of the editable table: `/jeecg-boot/vxeSocket/{userId}/{pageId}` (contract §6.2, spec 02 §7).
 *
 * Frames are JSON `{type, data}`. A saved row is announced by its id only: `{type:"update_vxe_table", data:{socketKey,
 * change, args:[{id}, caseId]}}`; the server relays `{socketKey, change, ids, args:[{id}, caseId]}` to the OTHER
 * sockets of the same page and tenant whose users may open the page (on every node) and never back, so
 * `onRowsChanged` only ever sees other tables' row ids (an own caseId is ignored anyway). The receiver reloads those
 * rows through the API with its own permissions (ADR 076): no row content travels over the socket. `heart_beat` every 10 s; no answer
 * within 6 s → the socket is dropped and opened again 5 s later, as after any error or close. The access token travels
 * as the WebSocket sub-protocol like the notification socket (components/HeaderNotice); a close with 4001 (session
 * ended) stops reconnecting.
 */

export const VXE_HEARTBEAT_MS = 10_000;
export const VXE_REPLY_TIMEOUT_MS = 6_000;
export const VXE_RECONNECT_MS = WS_RECONNECT_MS;

export type VxeRow = Record<string, unknown>;

export type VxeRowChange = 'update' | 'add' | 'delete';

export interface VxeRowUpdateMeta {
  socketKey: string;
  /** the table instance that saved the row */
  caseId: string | null;
  change: VxeRowChange;
}

const CHANGES: readonly VxeRowChange[] = ['update', 'add', 'delete'];

/** `/vxeSocket/{userId}/{pageId}` under the API base, on this host (ws: or wss: like the page). */
export function vxeSocketUrl(
  userId: string,
  pageId: string,
  loc: Pick<Location, 'protocol' | 'host'> = window.location,
  tenantId?: string | number | null,
): string {
  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  const tenant = tenantId ? `?tenantId=${encodeURIComponent(String(tenantId))}` : '';
  return `${scheme}//${loc.host}${API_BASE}/vxeSocket/${encodeURIComponent(userId)}/${encodeURIComponent(pageId)}${tenant}`;
}

export interface VxeSocketOptions {
  url: string;
  token: string;
  /** which table's rows (JeecgBoot's socketKey); updates for another key are ignored */
  socketKey: string;
  /** this table instance (sent as args[1]); default a random id */
  caseId?: string;
  /** ids of rows another table changed: reload them through the API */
  onRowsChanged(ids: string[], meta: VxeRowUpdateMeta): void;
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

  /**
   * Tells the other tables of the page that a row was saved (its id only, never its values); false when the socket is
   * not open or the row has no id (nothing is queued).
   */
  sendRowUpdate(row: VxeRow, change: VxeRowChange = 'update'): boolean {
    const id = row.id;
    if (!this.connected || (typeof id !== 'string' && typeof id !== 'number')) return false;
    this.ws!.send(
      JSON.stringify({
        type: 'update_vxe_table',
        data: { socketKey: this.opts.socketKey, change, args: [{ id }, this.caseId] },
      }),
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
    const d = (data ?? {}) as { socketKey?: unknown; args?: unknown; ids?: unknown; change?: unknown };
    if (d.socketKey !== this.opts.socketKey || !Array.isArray(d.args)) return;
    const [row, caseId] = d.args as [unknown, unknown];
    const from = typeof caseId === 'string' ? caseId : null;
    if (from === this.caseId) return;
    // the ids the server relays; a row object is read for its id only (its values are never trusted or shown)
    const raw = Array.isArray(d.ids) ? d.ids : row && typeof row === 'object' ? [(row as VxeRow).id] : [];
    const ids = raw
      .filter((id): id is string | number => typeof id === 'string' || typeof id === 'number')
      .map(String)
      .filter(Boolean);
    if (!ids.length) return;
    const change = CHANGES.includes(d.change as VxeRowChange) ? (d.change as VxeRowChange) : 'update';
    this.opts.onRowsChanged(ids, { socketKey: d.socketKey as string, caseId: from, change });
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
  /** ids of rows another table saved (never one this hook sent): reload them through the API */
  onRowsChanged(ids: string[], meta: VxeRowUpdateMeta): void;
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
 * `useVxeSocket({ pageId, onRowsChanged })` → `{ sendRowUpdate(row), connected }` for the signed-in user (token, user
 * id and tenant from the session store). Opens while mounted and signed in; reconnects by itself.
 */
export function useVxeSocket(options: UseVxeSocketOptions): {
  sendRowUpdate(row: VxeRow, change?: VxeRowChange): boolean;
  connected: boolean;
} {
  const token = useSession((s) => s.token);
  const userId = useSession((s) => s.userInfo?.id);
  const tenantId = useSession((s) => s.tenantId);
  const { pageId, enabled = true, url, heartbeatMs, replyTimeoutMs, reconnectMs } = options;
  const socketKey = options.socketKey ?? pageId;
  const handlers = useRef(options);
  handlers.current = options;
  const client = useRef<VxeSocketClient | null>(null);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!enabled || !token || !userId || !pageId || typeof WebSocket === 'undefined') return;
    const c = new VxeSocketClient({
      url: url ?? vxeSocketUrl(userId, pageId, window.location, tenantId),
      token,
      socketKey,
      onRowsChanged: (ids, meta) => handlers.current.onRowsChanged(ids, meta),
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
  }, [enabled, token, userId, tenantId, pageId, socketKey, url, heartbeatMs, replyTimeoutMs, reconnectMs]);

  const sendRowUpdate = useCallback(
    (row: VxeRow, change?: VxeRowChange) => client.current?.sendRowUpdate(row, change) ?? false,
    [],
  );
  return { sendRowUpdate, connected };
}
