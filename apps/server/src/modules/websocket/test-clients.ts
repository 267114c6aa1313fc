import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** Test helpers: real WebSocket clients against a listening app. */

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}`;
}

export interface Client {
  ws: WebSocket;
  frames: unknown[];
  /** resolves with the next frame matching (already received ones count) */
  next(match?: (f: any) => boolean, timeoutMs?: number): Promise<any>;
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens a socket; resolves when open, rejects with `HTTP <status>` when the upgrade is refused. */
export function connect(base: string, userId: string, protocols: string[] | undefined): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}/jeecg-boot/websocket/${encodeURIComponent(userId)}`, protocols);
    const frames: unknown[] = [];
    const waiters: Array<() => void> = [];
    let closeResolve: (v: { code: number; reason: string }) => void = () => {};
    const closed = new Promise<{ code: number; reason: string }>((r) => {
      closeResolve = r;
    });
    ws.on('message', (data) => {
      let f: unknown;
      try {
        f = JSON.parse(String(data));
      } catch {
        f = String(data);
      }
      frames.push(f);
      for (const w of waiters.splice(0)) w();
    });
    ws.on('close', (code, reason) => closeResolve({ code, reason: reason.toString() }));
    ws.on('unexpected-response', (_req, res) => {
      reject(new Error(`HTTP ${res.statusCode}`));
      ws.terminate();
    });
    ws.on('error', (err) => reject(err));
    ws.on('open', () => {
      const next = (match: (f: any) => boolean = () => true, timeoutMs = 3000) =>
        new Promise<any>((res, rej) => {
          let seen = 0;
          const check = () => {
            for (; seen < frames.length; seen++) {
              if (match(frames[seen])) {
                const hit = frames[seen];
                frames.splice(seen, 1);
                clearTimeout(t);
                res(hit);
                return;
              }
            }
            waiters.push(check);
          };
          const t = setTimeout(() => rej(new Error('no matching frame')), timeoutMs);
          check();
        });
      resolve({ ws, frames, next, closed });
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
