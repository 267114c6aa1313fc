import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { SocketEnvelope } from './push.ts';

/** Where the upgrade hook leaves the validated token, for `selectTokenProtocol` (ws `handleProtocols`). */
export const WS_TOKEN = Symbol.for('answer.websocket.token');

/**
 * ws `handleProtocols`: the 101 answer selects the sub-protocol that carried the access token (contract §6.1: browsers
 * close the connection otherwise). The token was validated before the upgrade; nothing else is ever selected.
 */
export function selectTokenProtocol(protocols: Set<string>, req: IncomingMessage): string | false {
  const token = (req as IncomingMessage & { [WS_TOKEN]?: string })[WS_TOKEN];
  return token && protocols.has(token) ? token : false;
}

/** Close codes (4000–4999 are the application's); each close also carries a reason text. */
export const CLOSE = {
  sessionEnded: 4001,
  /** more sockets for one user id than WS_MAX_SOCKETS_PER_USER: the oldest is closed */
  tooManyTabs: 4002,
  /** more sockets from one client address than WS_MAX_SOCKETS_PER_IP: the new one is closed */
  tooManyFromIp: 4003,
  goingAway: 1001,
  policy: 1008,
  tooBig: 1009,
} as const;

export const CLOSE_REASON = {
  tooManyTabs: 'too many connections for this user',
  tooManyFromIp: 'too many connections from this address',
} as const;

/** Limits of one socket (security rule 10); the socket counts come from config (WS_MAX_SOCKETS_PER_*). */
export const LIMITS = {
  /** largest client frame we read (the server-wide ws maxPayload of 64 KiB closes larger ones earlier) */
  maxFrameBytes: 1024,
  /** client frames per window; a heartbeat every 20 s needs 3 a minute */
  maxFramesPerWindow: 30,
  windowMs: 60_000,
};

export interface SocketCaps {
  /** open sockets per user id on one node (tabs); the oldest is closed beyond this */
  perUser: number;
  /** open sockets per client address on one node; a new one beyond this is closed */
  perIp: number;
}

export interface Conn {
  ws: WebSocket;
  userId: string;
  /** client address (for the per-address cap) */
  ip: string;
  /**
   * the original 3.2 client's token-less socket (ADR 021): it receives only `{"cmd":…}` signals, never a title, text or
   * id, and its user id is only claimed, so it is kept apart from the authenticated sockets of that id
   */
  anonymous: boolean;
  /** the session's token (memory only, to re-check the session) and its hash (to match revocations); '' if anonymous */
  token: string;
  tokenHash: string;
  openedAt: number;
  /** last time the session was confirmed live */
  checkedAt: number;
  windowStart: number;
  frames: number;
  /** protocol-level pong seen since the last ping */
  alive: boolean;
}

/**
 * The sockets this node holds, by user id. Several tabs of one user each keep their own socket (JeecgBoot kept one per
 * user and silently replaced it; then only the newest tab got notices). Delivery never crosses users.
 */
export class SocketHub {
  private readonly byUser = new Map<string, Set<Conn>>();
  private readonly byIp = new Map<string, number>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly caps: SocketCaps = { perUser: 16, perIp: 32 },
  ) {}

  /**
   * Adds a socket, within the caps: beyond the per-address cap the NEW socket is closed (4003); beyond the per-user cap
   * the user's OLDEST socket of the same kind is closed (4002). Anonymous sockets never push out authenticated ones.
   * Returns false when the new socket was refused.
   */
  add(conn: Conn): boolean {
    const fromIp = this.byIp.get(conn.ip) ?? 0;
    if (fromIp >= this.caps.perIp) {
      conn.ws.close(CLOSE.tooManyFromIp, CLOSE_REASON.tooManyFromIp);
      return false;
    }
    this.byIp.set(conn.ip, fromIp + 1);
    let set = this.byUser.get(conn.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(conn.userId, set);
    }
    set.add(conn);
    const same = [...set].filter((c) => c.anonymous === conn.anonymous);
    if (same.length > this.caps.perUser) {
      const oldest = same.sort((a, b) => a.openedAt - b.openedAt)[0];
      this.remove(oldest);
      oldest.ws.close(CLOSE.tooManyTabs, CLOSE_REASON.tooManyTabs);
    }
    return true;
  }

  remove(conn: Conn): void {
    const set = this.byUser.get(conn.userId);
    if (!set?.delete(conn)) return;
    if (!set.size) this.byUser.delete(conn.userId);
    const n = (this.byIp.get(conn.ip) ?? 1) - 1;
    if (n > 0) this.byIp.set(conn.ip, n);
    else this.byIp.delete(conn.ip);
  }

  all(): Conn[] {
    const out: Conn[] = [];
    for (const set of this.byUser.values()) out.push(...set);
    return out;
  }

  /** open sockets from one client address */
  countFromIp(ip: string): number {
    return this.byIp.get(ip) ?? 0;
  }

  count(userId?: string): number {
    if (userId !== undefined) return this.byUser.get(userId)?.size ?? 0;
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Delivers a pub/sub envelope to the matching local sockets; returns how many frames were sent. */
  deliver(envelope: unknown): number {
    const env = envelope as SocketEnvelope | null;
    const msg = env?.message;
    if (!msg || (msg.cmd !== 'topic' && msg.cmd !== 'user') || typeof msg.msgTxt !== 'string') return 0;
    // only the known keys leave the server, whatever else the envelope carried
    const frame = JSON.stringify({
      cmd: msg.cmd,
      ...(typeof msg.msgId === 'string' ? { msgId: msg.msgId } : {}),
      msgTxt: msg.msgTxt,
    });
    // a token-less socket learns only that something arrived: it re-reads through the authenticated API
    const signal = JSON.stringify({ cmd: msg.cmd });
    const targets = Array.isArray(env.userIds)
      ? env.userIds.flatMap((id) => [...(this.byUser.get(String(id)) ?? [])])
      : this.all();
    let n = 0;
    for (const c of targets) {
      if (c.ws.readyState !== c.ws.OPEN) continue;
      c.ws.send(c.anonymous ? signal : frame, (err) => {
        if (err) this.log.debug({ err: err.message }, 'websocket send failed');
      });
      n++;
    }
    return n;
  }

  /** Closes the sockets of ended sessions (a revocation seen on the pub/sub channel of the session store). */
  closeRevoked(msg: unknown): number {
    const m = (msg ?? {}) as { hash?: string; userId?: string };
    let n = 0;
    for (const c of this.all()) {
      if (c.anonymous) continue; // not tied to a session
      if ((m.hash && c.tokenHash === m.hash) || (m.userId && c.userId === m.userId)) {
        this.remove(c);
        c.ws.close(CLOSE.sessionEnded, 'session ended');
        n++;
      }
    }
    return n;
  }
}
