import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { sendError } from '../../platform/http-hooks.ts';
import { Permissions } from '../../platform/permissions.ts';
import { hashToken, SESSION_REVOKED_CHANNEL } from '../../platform/sessions.ts';
import { frameViolation, liveSocketSession, offeredProtocols, offeredToken } from '../../platform/socket-auth.ts';
import { sweepHeartbeats, watchHeartbeat } from '../../platform/socket-heartbeat.ts';
import { resolveTenancy, type Tenancy } from '../../platform/tenant-scope.ts';
import { WS_TOKEN } from '../websocket/hub.ts';
import { VXE_PAGES } from './vxe-mock.ts';

/**
 * Live table refresh `/jeecg-boot/vxeSocket/{userId}/{pageId}` (contract §6.2, spec 02 §7).
 *
 * - Authenticated at the upgrade like `/websocket` (ADR 012): the access token is the only `Sec-WebSocket-Protocol`
 *   value (else 401), its session must be live and its user active (else 401), the path's userId must be that user
 *   (else 403); the 101 selects the token protocol (hub.ts `selectTokenProtocol`, registered server-wide). No
 *   token-less mode: JeecgBoot's vxe client always sends the token.
 * - Who may subscribe (ADR 076): a page id names a page (`VXE_PAGE_MENUS`: our editable-table example) or, like the
 *   3.2 client's per-tab uuid, no page at all — then it stands for the pages whose rows travel here, the JVxeTable
 *   demo pages (`VXE_PAGES`, the menus /mock/vxe/* answers to). The user must hold that page's menu (else 403). A
 *   socket belongs to one tenant: the user's default one, or `?tenantId=` chosen like the `tenant-id` header (one of
 *   the user's own tenants, else 403).
 * - Frames are JSON `{type, data}`:
 *   - `heart_beat` (client, every 10 s) → re-checks the session, answers `{type:"heart_beat", data:true}`;
 *   - `update_vxe_table` with `data: {socketKey, args: [row, caseId], change?}` → relayed to every OTHER socket of the
 *     same pageId and the same tenant whose user still holds the page, on every node (pub/sub channel `vxeSocket`:
 *     in-process, or Redis when configured); never back to the sending socket. Only the row's id travels, never its
 *     content: `{socketKey, change, ids: [id], args: [{id}, caseId]}` (`change` update | add | delete, default update);
 *     a receiver reloads the row through the API with its own permissions. A row without an id is not relayed;
 *   - `common_send_date` `{key, args}` is server-initiated only (`sendVxeCommon`); sent by a client it is ignored,
 *     like unparseable frames and unknown types.
 * - Limits per socket: frames over 16 KiB close it (1009), more than 120 frames a minute close it (1008); at most
 *   32 sockets per user per node (the oldest is closed 4002). A session that ends closes its sockets (4001), protocol
 *   pings every 30 s drop dead peers, shutdown closes everything with 1001 (app.ts).
 */

export const VXE_CHANNEL = 'vxeSocket';
/** the upgrade's decided tenant, handed to the socket handler */
const VXE_TENANT = Symbol('vxeTenant');
export const VXE_LIMITS = { maxFrameBytes: 16 * 1024, maxFramesPerWindow: 120, windowMs: 60_000, perUser: 32 };
export const VXE_CLOSE = { sessionEnded: 4001, tooManyTabs: 4002, policy: 1008, tooBig: 1009 } as const;
/** a page id: the demo pages use short names ("SocketReload", uuids) */
const PAGE_ID = /^[A-Za-z0-9_.:-]{1,100}$/;
const SWEEP_MS = 30_000;
/** a relayed row id */
const ROW_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * Page ids that name a page, with the menu component(s) that page is. Any other page id (the 3.2 client sends a uuid
 * per browser tab) stands for the JVxeTable demo pages, `VXE_PAGES`.
 */
export const VXE_PAGE_MENUS: Readonly<Record<string, readonly string[]>> = {
  'jeecg-editable-table-example': ['jeecg/JeecgEditableTableExample'],
};

/** the menus a user must hold to subscribe to (and be relayed on) a page id */
export function vxePageMenus(pageId: string): string[] {
  return [...(Object.hasOwn(VXE_PAGE_MENUS, pageId) ? VXE_PAGE_MENUS[pageId] : VXE_PAGES)];
}

export const VXE_CHANGES = ['update', 'add', 'delete'] as const;
export type VxeChange = (typeof VXE_CHANGES)[number];

/** what is relayed for one saved row: its id and the kind of change, never its content */
export interface VxeUpdateData {
  socketKey: string;
  change: VxeChange;
  ids: [string];
  args: [{ id: string }, string | null];
}

const tenantKey = (t: Tenancy) => (t.kind === 'all' ? 'all' : `t${t.id}`);

/** what travels on the pub/sub channel */
interface VxeEnvelope {
  /** target page; absent = every page (common_send_date to all) */
  pageId?: string;
  /** the connection that sent it (never receives it back); absent for server-initiated frames */
  origin?: string;
  /** the sender's tenant (`tenantKey`): a relayed row reaches only sockets of the same tenant */
  tenant?: string;
  /** the menus a receiver must still hold (any of them) */
  menus?: string[];
  frame: { type: 'update_vxe_table'; data: VxeUpdateData } | { type: 'common_send_date'; data: unknown };
}

interface VxeConn {
  id: string;
  ws: WebSocket;
  userId: string;
  pageId: string;
  tenant: string;
  token: string;
  tokenHash: string;
  openedAt: number;
  windowStart: number;
  frames: number;
  alive: boolean;
}

/** The sockets of this node, by page. */
class VxeHub {
  private readonly byPage = new Map<string, Set<VxeConn>>();

  /** whether a user holds one of the menus (for a relayed row); a failing check counts as no */
  constructor(private readonly allowed: (userId: string, menus: string[]) => Promise<boolean>) {}

  add(c: VxeConn): void {
    const set = this.byPage.get(c.pageId) ?? new Set<VxeConn>();
    this.byPage.set(c.pageId, set);
    set.add(c);
    const mine = this.all().filter((o) => o.userId === c.userId);
    if (mine.length > VXE_LIMITS.perUser) {
      const oldest = mine.sort((a, b) => a.openedAt - b.openedAt)[0];
      this.remove(oldest);
      oldest.ws.close(VXE_CLOSE.tooManyTabs, 'too many connections for this user');
    }
  }

  remove(c: VxeConn): void {
    const set = this.byPage.get(c.pageId);
    if (!set?.delete(c)) return;
    if (!set.size) this.byPage.delete(c.pageId);
  }

  all(): VxeConn[] {
    const out: VxeConn[] = [];
    for (const set of this.byPage.values()) out.push(...set);
    return out;
  }

  count(pageId?: string): number {
    return pageId === undefined ? this.all().length : (this.byPage.get(pageId)?.size ?? 0);
  }

  async deliver(raw: unknown): Promise<number> {
    const env = raw as VxeEnvelope | null;
    const frame = env?.frame;
    if (!frame || (frame.type !== 'update_vxe_table' && frame.type !== 'common_send_date')) return 0;
    const relayed = frame.type === 'update_vxe_table';
    // a relayed row needs its page, its tenant and the menus: an envelope without them reaches nobody
    if (relayed && (typeof env.pageId !== 'string' || typeof env.tenant !== 'string' || !Array.isArray(env.menus))) {
      return 0;
    }
    const text = JSON.stringify({ type: frame.type, data: frame.data });
    const targets = typeof env.pageId === 'string' ? [...(this.byPage.get(env.pageId) ?? [])] : this.all();
    let n = 0;
    for (const c of targets) {
      if (c.id === env.origin || c.ws.readyState !== c.ws.OPEN) continue;
      if (relayed) {
        if (c.tenant !== env.tenant) continue;
        // grants can be taken away after the socket opened: checked per relayed row (cached per user)
        if (!(await this.allowed(c.userId, env.menus as string[]))) continue;
        if (c.ws.readyState !== c.ws.OPEN) continue;
      }
      c.ws.send(text);
      n++;
    }
    return n;
  }

  closeRevoked(raw: unknown): void {
    const m = (raw ?? {}) as { hash?: string; userId?: string };
    for (const c of this.all()) {
      if ((m.hash && c.tokenHash === m.hash) || (m.userId && c.userId === m.userId)) {
        this.remove(c);
        c.ws.close(VXE_CLOSE.sessionEnded, 'session ended');
      }
    }
  }
}

/**
 * The relayed part of a client's update_vxe_table data, or null when it is not one: the row's id only (whatever else
 * the row carries stays here), the table instance and the kind of change.
 */
export function updateData(data: unknown): VxeUpdateData | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as { socketKey?: unknown; args?: unknown; change?: unknown };
  if (typeof d.socketKey !== 'string' || d.socketKey.length === 0 || d.socketKey.length > 100) return null;
  if (!Array.isArray(d.args) || d.args.length < 1) return null;
  const [row, caseId] = d.args;
  if (!row || typeof row !== 'object' || Array.isArray(row)) return null;
  if (caseId !== undefined && caseId !== null && (typeof caseId !== 'string' || caseId.length > 100)) return null;
  const rawId = (row as { id?: unknown }).id;
  const id = typeof rawId === 'number' && Number.isFinite(rawId) ? String(rawId) : rawId;
  if (typeof id !== 'string' || !ROW_ID.test(id)) return null;
  const change = d.change === undefined ? 'update' : d.change;
  if (!VXE_CHANGES.includes(change as VxeChange)) return null;
  return {
    socketKey: d.socketKey,
    change: change as VxeChange,
    ids: [id],
    args: [{ id }, (caseId as string | undefined) ?? null],
  };
}

/** Server-initiated `common_send_date` `{key, args}` to the sockets of one page (or of every page), on every node. */
export async function sendVxeCommon(app: FastifyInstance, key: string, args: unknown, pageId?: string): Promise<void> {
  await app.ctx.pubsub.publish(VXE_CHANNEL, {
    ...(pageId ? { pageId } : {}),
    frame: { type: 'common_send_date', data: { key, args } },
  } satisfies VxeEnvelope);
}

export async function registerVxeSocket(app: FastifyInstance): Promise<void> {
  const hub = new VxeHub(async (userId, menus) => {
    try {
      return Permissions.allows(await app.ctx.perms.of(userId), { menu: menus });
    } catch {
      return false;
    }
  });
  const offs = [
    await app.ctx.pubsub.subscribe(VXE_CHANNEL, (m) => {
      hub.deliver(m).catch((err) => app.log.warn({ err: (err as Error).message }, 'vxeSocket delivery'));
    }),
    await app.ctx.pubsub.subscribe(SESSION_REVOKED_CHANNEL, (m) => hub.closeRevoked(m)),
  ];
  const publish = (env: VxeEnvelope) => app.ctx.pubsub.publish(VXE_CHANNEL, env);

  const sessionOf = (token: string) => liveSocketSession(app.ctx, token);

  const authenticateUpgrade = async (req: FastifyRequest, reply: FastifyReply) => {
    const { userId, pageId } = req.params as { userId: string; pageId: string };
    if (!PAGE_ID.test(pageId)) return sendError(reply, 'BAD_REQUEST');
    const token = offeredToken(offeredProtocols(req));
    if (!token) return sendError(reply, 'TOKEN_INVALID');
    let tenancy: Tenancy | null;
    let mayOpen: boolean;
    try {
      const session = await sessionOf(token);
      if (!session) return sendError(reply, 'TOKEN_INVALID');
      if (userId !== session.userId) return sendError(reply, 'FORBIDDEN');
      const user = await app.ctx.userById(session.userId);
      if (!user) return sendError(reply, 'TOKEN_INVALID');
      tenancy = await resolveTenancy(app.ctx, user, (req.query as { tenantId?: string } | undefined)?.tenantId);
      mayOpen = Permissions.allows(await app.ctx.perms.of(user.id), { menu: vxePageMenus(pageId) });
    } catch (err) {
      req.log.error({ err }, 'vxeSocket session check failed');
      return sendError(reply, 'DB_UNAVAILABLE');
    }
    // only users who may open the page subscribe to it, and only in one of their own tenants
    if (!tenancy || !mayOpen) return sendError(reply, 'FORBIDDEN');
    const raw = req.raw as IncomingMessage & { [WS_TOKEN]?: string; [VXE_TENANT]?: string };
    raw[WS_TOKEN] = token;
    raw[VXE_TENANT] = tenantKey(tenancy);
  };

  const verify = async (c: VxeConn): Promise<boolean> => {
    let live = true;
    try {
      live = !!(await sessionOf(c.token));
    } catch {
      return true; // store unreachable: keep the socket, check again at the next heartbeat
    }
    if (!live) {
      hub.remove(c);
      c.ws.close(VXE_CLOSE.sessionEnded, 'session ended');
    }
    return live;
  };

  const onFrame = async (c: VxeConn, data: RawData, isBinary: boolean, log: FastifyRequest['log']) => {
    const broken = frameViolation(c, data, VXE_LIMITS);
    if (broken) {
      hub.remove(c);
      c.ws.close(broken.code, broken.reason);
      return;
    }
    if (isBinary) return;
    let msg: { type?: unknown; data?: unknown };
    try {
      msg = JSON.parse(data.toString()) as typeof msg;
    } catch {
      log.debug('vxeSocket: unparseable frame ignored');
      return;
    }
    if (!msg || typeof msg !== 'object') return;
    if (msg.type === 'heart_beat') {
      if (!(await verify(c))) return;
      if (c.ws.readyState === c.ws.OPEN) c.ws.send(JSON.stringify({ type: 'heart_beat', data: true }));
      return;
    }
    if (msg.type === 'update_vxe_table') {
      const d = updateData(msg.data);
      if (!d) {
        log.debug('vxeSocket: malformed update_vxe_table ignored');
        return;
      }
      await publish({
        pageId: c.pageId,
        origin: c.id,
        tenant: c.tenant,
        menus: vxePageMenus(c.pageId),
        frame: { type: 'update_vxe_table', data: d },
      });
      return;
    }
    log.debug({ type: String(msg.type).slice(0, 40) }, 'vxeSocket: frame type ignored');
  };

  app.get(
    '/vxeSocket/:userId/:pageId',
    { websocket: true, config: { access: 'public', audit: false }, onRequest: authenticateUpgrade },
    (socket: WebSocket, req: FastifyRequest) => {
      const raw = req.raw as IncomingMessage & { [WS_TOKEN]?: string; [VXE_TENANT]?: string };
      const token = raw[WS_TOKEN];
      const tenant = raw[VXE_TENANT];
      const { userId, pageId } = req.params as { userId: string; pageId: string };
      if (!token || !tenant) {
        socket.close(VXE_CLOSE.policy, 'unauthenticated');
        return;
      }
      const now = Date.now();
      const conn: VxeConn = {
        id: randomUUID(),
        ws: socket,
        userId,
        pageId,
        tenant,
        token,
        tokenHash: hashToken(token),
        openedAt: now,
        windowStart: now,
        frames: 0,
        alive: true,
      };
      hub.add(conn);
      socket.on('message', (data, isBinary) => {
        onFrame(conn, data, isBinary, req.log).catch((err) =>
          req.log.warn({ err: (err as Error).message }, 'vxeSocket frame'),
        );
      });
      watchHeartbeat(conn, (c) => hub.remove(c));
    },
  );

  sweepHeartbeats(app, hub, SWEEP_MS);

  app.addHook('onClose', async () => {
    for (const off of offs) off();
  });
}
