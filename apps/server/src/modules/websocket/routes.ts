import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { sendError } from '../../platform/http-hooks.ts';
import { hashToken } from '../../platform/sessions.ts';
import { frameViolation, liveSocketSession, offeredProtocols, offeredToken } from '../../platform/socket-auth.ts';
import { sweepHeartbeats, watchHeartbeat } from '../../platform/socket-heartbeat.ts';
import { CLOSE, type Conn, LIMITS, SocketHub, WS_TOKEN } from './hub.ts';
import { SOCKET_CHANNEL } from './push.ts';

/** where the upgrade hook marks an accepted token-less socket of the original 3.2 client */
const WS_ANONYMOUS = Symbol.for('answer.websocket.anonymous');
/** a user id in the path of a token-less socket: JeecgBoot ids (32-hex, 19-digit snowflakes) and the like */
const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The session store announces ended sessions here (platform/sessions.ts, SESSION_REVOKED_CHANNEL). */
const SESSION_REVOKED_CHANNEL = 'session-revoked';
/** how often open sockets are swept: protocol pings, and a session re-check for clients that send no heartbeat */
const SWEEP_MS = 30_000;
const RECHECK_MS = 60_000;

/**
 * Notification channel `/jeecg-boot/websocket/{userId}` (contract §6.1, security rule 10).
 *
 * - Authenticated at the upgrade, before any 101: the client sends its access token as the only
 *   `Sec-WebSocket-Protocol` value (`new WebSocket(url, [token])`). Unknown/expired token or several protocols → 401, a
 *   path id that is not the session's user → 403; the 101 then selects that protocol (`selectTokenProtocol`).
 * - No protocol at all (the original 3.2 client, ADR 021; WS_LEGACY_ANONYMOUS=on): accepted, but the socket only ever
 *   receives `{"cmd":"topic"}` / `{"cmd":"user"}` (no title, text or id), so the client re-reads its notices through
 *   the authenticated API. Its user id is only claimed: it never displaces authenticated sockets of that id.
 * - Caps per node: WS_MAX_SOCKETS_PER_IP open sockets per client address (a new one beyond it is closed 4003 "too many
 *   connections from this address") and WS_MAX_SOCKETS_PER_USER per user id (the oldest is closed 4002 "too many
 *   connections for this user").
 * - Push only: frames `{cmd:"topic"|"user", msgId, msgTxt}` come from the pub/sub channel `socketHandler`
 *   (modules/websocket/push.ts), so a release on one node reaches sockets on every node. Client frames are never relayed.
 * - Heartbeat: the text `HeartBeat` (JeecgBoot's client) is answered `{"cmd":"heartcheck","msgTxt":"HeartBeat"}`; the JSON
 *   `{"type":"heart_beat"}` (vxeSocket style) is answered `{"type":"heart_beat","data":true}`. Answers are JSON because old
 *   clients eval() every frame. Each heartbeat re-checks the session first.
 * - Frames over 1 KiB close the socket (1009); more than 30 frames a minute close it (1008); other frames are ignored.
 * - A session that ends (logout, force-logout, password change, freeze) closes its sockets at once (4001) through the
 *   session store's revocation channel; idle/absolute expiry and frozen users are found at the next heartbeat or within
 *   a minute by the sweep. Several tabs of one user keep one socket each (up to the per-user cap).
 * - Graceful shutdown: app.ts closes every socket with 1001 in preClose (the drain waits for no socket).
 *
 * The route declares `access: 'public'` only because the guard reads the token from X-Access-Token, which browsers
 * cannot set on a WebSocket; the route's own onRequest hook below is the authentication.
 */
export default async function routes(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;
  const hub = new SocketHub(app.log, { perUser: config.wsMaxSocketsPerUser, perIp: config.wsMaxSocketsPerIp });
  const unsubscribe = [
    await app.ctx.pubsub.subscribe(SOCKET_CHANNEL, (m) => hub.deliver(m)),
    await app.ctx.pubsub.subscribe(SESSION_REVOKED_CHANNEL, (m) => hub.closeRevoked(m)),
  ];

  /** the session behind a token is live and its user may still sign in */
  const sessionOf = (token: string) => liveSocketSession(app.ctx, token);

  const authenticateUpgrade = async (req: FastifyRequest, reply: FastifyReply) => {
    const offered = offeredProtocols(req);
    const { userId } = req.params as { userId: string };
    if (offered.length === 0 && config.wsLegacyAnonymous) {
      // the original 3.2 client opens the socket without a token (ADR 021): accepted, content-free signals only
      if (!USER_ID.test(userId)) return sendError(reply, 'BAD_REQUEST');
      (req.raw as IncomingMessage & { [WS_ANONYMOUS]?: boolean })[WS_ANONYMOUS] = true;
      return;
    }
    // exactly one sub-protocol: the token (the 3.x client sends [token])
    const token = offeredToken(offered);
    if (!token) return sendError(reply, 'TOKEN_INVALID');
    let session: Awaited<ReturnType<typeof sessionOf>>;
    try {
      session = await sessionOf(token);
    } catch (err) {
      req.log.error({ err }, 'websocket session check failed');
      return sendError(reply, 'DB_UNAVAILABLE');
    }
    if (!session) return sendError(reply, 'TOKEN_INVALID');
    if (userId !== session.userId) return sendError(reply, 'FORBIDDEN');
    (req.raw as IncomingMessage & { [WS_TOKEN]?: string })[WS_TOKEN] = token;
  };

  const verify = async (c: Conn): Promise<boolean> => {
    if (c.anonymous) return true; // no session to check
    let live = false;
    try {
      live = !!(await sessionOf(c.token));
    } catch {
      // the store is unreachable: keep the socket, check again later
      return true;
    }
    c.checkedAt = Date.now();
    if (!live) {
      hub.remove(c);
      c.ws.close(CLOSE.sessionEnded, 'session ended');
    }
    return live;
  };

  const onFrame = async (c: Conn, data: RawData, isBinary: boolean) => {
    const broken = frameViolation(c, data, LIMITS);
    if (broken) {
      hub.remove(c);
      c.ws.close(broken.code, broken.reason);
      return;
    }
    if (isBinary) return;
    const text = data.toString().trim();
    let reply: string | undefined;
    if (text === 'HeartBeat' || text === 'heartbeat' || text === 'ping') {
      reply = JSON.stringify({ cmd: 'heartcheck', msgTxt: 'HeartBeat' });
    } else if (text.startsWith('{')) {
      try {
        const msg = JSON.parse(text) as { type?: unknown; cmd?: unknown };
        if (msg.type === 'heart_beat') reply = JSON.stringify({ type: 'heart_beat', data: true });
        else if (msg.cmd === 'heartcheck') reply = JSON.stringify({ cmd: 'heartcheck', msgTxt: 'HeartBeat' });
      } catch {
        // not JSON: ignored like any other client frame
      }
    }
    if (!reply) return; // never relayed, never answered
    if (!(await verify(c))) return;
    if (c.ws.readyState === c.ws.OPEN) c.ws.send(reply);
  };

  app.get(
    '/websocket/:userId',
    {
      websocket: true,
      config: { access: 'public', audit: false },
      onRequest: authenticateUpgrade,
    },
    (socket: WebSocket, req: FastifyRequest) => {
      const raw = req.raw as IncomingMessage & { [WS_TOKEN]?: string; [WS_ANONYMOUS]?: boolean };
      const token = raw[WS_TOKEN];
      const anonymous = !token && raw[WS_ANONYMOUS] === true;
      const { userId } = req.params as { userId: string };
      if (!token && !anonymous) {
        socket.close(CLOSE.policy, 'unauthenticated');
        return;
      }
      const now = Date.now();
      const conn: Conn = {
        ws: socket,
        userId,
        ip: req.ip,
        anonymous,
        token: token ?? '',
        tokenHash: token ? hashToken(token) : '',
        openedAt: now,
        checkedAt: now,
        windowStart: now,
        frames: 0,
        alive: true,
      };
      if (!hub.add(conn)) return;
      socket.on('message', (data, isBinary) => {
        onFrame(conn, data, isBinary).catch((err) => req.log.warn({ err: (err as Error).message }, 'websocket frame'));
      });
      watchHeartbeat(conn, (c) => hub.remove(c));
    },
  );

  sweepHeartbeats(app, hub, SWEEP_MS, (c, now) => {
    if (now - c.checkedAt >= RECHECK_MS) void verify(c);
  });

  app.addHook('onClose', async () => {
    for (const off of unsubscribe) off();
  });
}
