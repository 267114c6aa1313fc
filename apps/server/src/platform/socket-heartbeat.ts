import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';

/**
 * The heartbeat both WebSocket endpoints (`/websocket/{userId}`, `/vxeSocket/{userId}/{pageId}`) keep: every sweep
 * pings each connection, and one that did not answer the previous ping with a pong is dropped.
 */

/** what the heartbeat needs of a connection: its socket and whether it answered the last ping */
export interface Heartbeating {
  ws: WebSocket;
  alive: boolean;
}

/** a pong marks the connection alive until the next sweep; a closed socket leaves the hub */
export function watchHeartbeat<C extends Heartbeating>(conn: C, remove: (c: C) => void): void {
  conn.ws.on('pong', () => {
    conn.alive = true;
  });
  conn.ws.on('close', () => remove(conn));
}

/**
 * Every `ms`: a connection of the hub that did not answer the previous ping is removed and terminated, the others are
 * pinged (then `each(c, now)` runs for them). The timer does not hold the process and stops when the app closes.
 */
export function sweepHeartbeats<C extends Heartbeating>(
  app: FastifyInstance,
  hub: { all(): C[]; remove(c: C): void },
  ms: number,
  each?: (c: C, now: number) => void,
): void {
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const c of hub.all()) {
      if (!c.alive) {
        hub.remove(c);
        c.ws.terminate();
        continue;
      }
      c.alive = false;
      c.ws.ping();
      each?.(c, now);
    }
  }, ms);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
  });
}
