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

/** Close codes (4000–4999 are the application's). */
export const CLOSE = {
  sessionEnded: 4001,
  tooManyTabs: 4002,
  goingAway: 1001,
  policy: 1008,
  tooBig: 1009,
} as const;

/** Limits of one socket (security rule 10). */
export const LIMITS = {
  /** largest client frame we read (the server-wide ws maxPayload of 64 KiB closes larger ones earlier) */
  maxFrameBytes: 1024,
  /** client frames per window; a heartbeat every 20 s needs 3 a minute */
  maxFramesPerWindow: 30,
  windowMs: 60_000,
  /** open sockets per user on one node (tabs); the oldest is closed beyond this */
  maxSocketsPerUser: 16,
};

export interface Conn {
  ws: WebSocket;
  userId: string;
  /** the session's token (memory only, to re-check the session) and its hash (to match revocations) */
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

  constructor(private readonly log: FastifyBaseLogger) {}

  add(conn: Conn): void {
    let set = this.byUser.get(conn.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(conn.userId, set);
    }
    set.add(conn);
    if (set.size > LIMITS.maxSocketsPerUser) {
      const oldest = [...set].sort((a, b) => a.openedAt - b.openedAt)[0];
      this.remove(oldest);
      oldest.ws.close(CLOSE.tooManyTabs, 'too many connections');
    }
  }

  remove(conn: Conn): void {
    const set = this.byUser.get(conn.userId);
    if (!set) return;
    set.delete(conn);
    if (!set.size) this.byUser.delete(conn.userId);
  }

  all(): Conn[] {
    const out: Conn[] = [];
    for (const set of this.byUser.values()) out.push(...set);
    return out;
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
    const targets = Array.isArray(env.userIds)
      ? env.userIds.flatMap((id) => [...(this.byUser.get(String(id)) ?? [])])
      : this.all();
    let n = 0;
    for (const c of targets) {
      if (c.ws.readyState !== c.ws.OPEN) continue;
      c.ws.send(frame, (err) => {
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
      if ((m.hash && c.tokenHash === m.hash) || (m.userId && c.userId === m.userId)) {
        this.remove(c);
        c.ws.close(CLOSE.sessionEnded, 'session ended');
        n++;
      }
    }
    return n;
  }
}
