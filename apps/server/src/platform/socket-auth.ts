import type { FastifyRequest } from 'fastify';
import type { RawData } from 'ws';
import type { AppContext } from '../context.ts';
import type { SessionRecord } from './sessions.ts';

/**
 * What the WebSocket endpoints (`/websocket/{userId}` ADR 012/021, `/vxeSocket/{userId}/{pageId}`) share to
 * authenticate an upgrade and to size client frames. The browser cannot set X-Access-Token on a WebSocket, so the
 * 3.x client sends the access token as its only `Sec-WebSocket-Protocol` value.
 */

/** the sub-protocols a client offered (trimmed, empty ones dropped) */
export function offeredProtocols(req: FastifyRequest): string[] {
  const raw = req.headers['sec-websocket-protocol'];
  return (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** the token when exactly one protocol of a plausible length was offered, else undefined (→ 401) */
export function offeredToken(offered: readonly string[]): string | undefined {
  return offered.length === 1 && offered[0].length <= 512 ? offered[0] : undefined;
}

/**
 * The live session behind a socket's token whose user may still sign in, or null. Socket traffic (upgrade,
 * heartbeats, sweeps) is background: it never extends the session's idle expiry. A session of a deleted or frozen
 * user is revoked on the way (its other sockets and requests end too).
 */
export async function liveSocketSession(
  ctx: Pick<AppContext, 'sessions' | 'userById'>,
  token: string,
): Promise<SessionRecord | null> {
  const session = await ctx.sessions.resolve(token, { background: true });
  if (!session) return null;
  const user = await ctx.userById(session.userId);
  if (!user || user.delFlag !== 0 || user.status !== 1) {
    await ctx.sessions.revokeHash(session.tokenHash);
    return null;
  }
  return session;
}

/** bytes of a client frame as ws hands it over */
export function frameBytes(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((n, b) => n + b.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

/** per-socket frame budget: the counters a socket carries, and its limits */
export interface FrameWindow {
  windowStart: number;
  frames: number;
}
export interface FrameLimits {
  maxFrameBytes: number;
  maxFramesPerWindow: number;
  windowMs: number;
}

/**
 * Counts a client frame against its socket's window and size limits (security rule 10). Answers the close to send
 * when the frame breaks one — 1008 for too many frames in the window, 1009 for a frame over the size — or null.
 */
export function frameViolation(
  c: FrameWindow,
  data: RawData,
  limits: FrameLimits,
  now = Date.now(),
): { code: 1008 | 1009; reason: string } | null {
  if (now - c.windowStart >= limits.windowMs) {
    c.windowStart = now;
    c.frames = 0;
  }
  c.frames += 1;
  if (c.frames > limits.maxFramesPerWindow) return { code: 1008, reason: 'too many frames' };
  if (frameBytes(data) > limits.maxFrameBytes) return { code: 1009, reason: 'frame too large' };
  return null;
}
