import { API_BASE, fail, ok } from '@answer/contract';
import replyFrom from '@fastify/reply-from';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sysGatewayRoute } from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';
import { sendError } from '../../platform/http-hooks.ts';
import { newId } from '../../platform/ids.ts';
import { LocalCache } from '../../platform/local-cache.ts';
import { parse } from '../../platform/validation.ts';
import {
  checkTarget,
  interpret,
  parseAllowList,
  RESERVED_PREFIXES,
  type RouteDef,
  type RouteRule,
  SUSPICIOUS_PATH,
  stripPath,
  targetUrl,
} from './match.ts';

/**
 * 路由网关 /sys/gatewayRoute (round 2 §3.3) and the reverse proxy that applies the enabled routes when GATEWAY=on
 * (docs/decisions/030-gateway.md). The database is the truth; each node keeps the compiled routes in a LocalCache
 * dropped on every node through pub/sub after a change (ADR 014), so a route saved on one node proxies on all of them
 * without a restart. Targets must be on GATEWAY_ALLOWED_HOSTS; our users' credentials are not forwarded unless the
 * route has the PreserveAuthHeaders filter; a request that already went through a gateway of ours is refused (loop).
 */

export const GATEWAY_PAGE = 'system/SysGatewayRouteList';
export const GATEWAY_CHANNEL = 'gateway:changed';
/** marks a request forwarded by this gateway; one arriving with it is a loop */
export const HOP_HEADER = 'x-answer-gateway';

export const GATEWAY_MESSAGES = {
  saved: '操作成功！',
  deleted: '删除路由成功',
  cleared: '清除成功！',
  notFound: '未找到对应路由',
  routerIdTaken: '路由ID已存在',
  loop: '网关路由循环：请求已经过本系统网关，拒绝再次转发',
  upstream: '网关转发失败：目标服务不可用或超时',
  noAddPerm: '没有添加路由的权限',
  noEditPerm: '没有编辑路由的权限',
} as const;

interface GatewayRuntime {
  enabled: boolean;
  allow: string[];
  cache: LocalCache<CompiledRoute[]>;
}
interface CompiledRoute {
  id: string;
  routerId: string;
  target: URL;
  rule: RouteRule;
}

const runtimes = new WeakMap<AppContext, GatewayRuntime>();
const runtimeOf = (ctx: AppContext) => {
  const r = runtimes.get(ctx);
  if (!r) throw new Error('gateway runtime not installed');
  return r;
};

type Row = typeof sysGatewayRoute.$inferSelect;

function parseDefs(text: string | null): RouteDef[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v.filter((d) => d && typeof d === 'object' && typeof d.name === 'string') : [];
  } catch {
    return [];
  }
}

/** why a stored row is not applied (null: it is, when the gateway is on) */
function inertReason(row: Row, allow: readonly string[]): { note: string | null; compiled?: CompiledRoute } {
  if (row.status !== 1) return { note: '已禁用' };
  try {
    const t = checkTarget(row.uri ?? '', allow);
    if (t.kind === 'stored') return { note: t.note };
    const { rule, inert } = interpret(parseDefs(row.predicates), parseDefs(row.filters));
    if (inert) return { note: inert };
    return { note: null, compiled: { id: row.id, routerId: row.routerId ?? '', target: t.url, rule } };
  } catch (msg) {
    return { note: typeof msg === 'string' ? msg : '路由配置无法解析，不转发' };
  }
}

async function loadRoutes(ctx: AppContext): Promise<CompiledRoute[]> {
  const rows = await ctx.db
    .select()
    .from(sysGatewayRoute)
    .orderBy(asc(sysGatewayRoute.createTime), asc(sysGatewayRoute.id));
  const { allow } = runtimeOf(ctx);
  return rows.flatMap((r) => inertReason(r, allow).compiled ?? []);
}

/** this node drops its routes now, the others when the message arrives */
export async function gatewayChanged(ctx: AppContext) {
  runtimeOf(ctx).cache.clear();
  await ctx.pubsub.publish(GATEWAY_CHANNEL, { at: Date.now() }).catch(() => {});
}

const defsField = (label: string) =>
  z
    .union([z.string(), z.array(z.unknown()), z.null(), z.undefined()], { message: `${label}必须是 JSON 数组` })
    .transform((v, c): RouteDef[] => {
      let value: unknown = v;
      if (typeof v === 'string') {
        if (!v.trim()) return [];
        try {
          value = JSON.parse(v);
        } catch {
          c.addIssue({ code: 'custom', message: `${label}不是合法的 JSON` });
          return z.NEVER;
        }
      }
      if (value === null || value === undefined) return [];
      if (!Array.isArray(value)) {
        c.addIssue({ code: 'custom', message: `${label}必须是 JSON 数组` });
        return z.NEVER;
      }
      if (value.length > 20) {
        c.addIssue({ code: 'custom', message: `${label}最多 20 项` });
        return z.NEVER;
      }
      const out: RouteDef[] = [];
      for (const d of value) {
        if (!d || typeof d !== 'object' || typeof (d as RouteDef).name !== 'string' || !(d as RouteDef).name.trim()) {
          c.addIssue({ code: 'custom', message: `${label}的每一项都需要名称（name）` });
          return z.NEVER;
        }
        out.push({ name: (d as RouteDef).name.trim(), args: (d as RouteDef).args ?? [] });
      }
      if (JSON.stringify(out).length > 4000) {
        c.addIssue({ code: 'custom', message: `${label}内容过长` });
        return z.NEVER;
      }
      return out;
    });

const required = (message: string, max: number, maxMessage: string) =>
  z.string({ message }).trim().min(1, message).max(max, maxMessage);

const RouterBody = z.object({
  router: z
    .object(
      {
        id: z.string().max(36, 'id 长度不正确').nullish(),
        routerId: required('请输入路由ID', 50, '路由ID长度不能超过 50 个字符').regex(
          /^[A-Za-z0-9_.:-]+$/,
          '路由ID只能包含字母、数字、下划线、点、冒号和横杠',
        ),
        name: required('请输入路由名称', 32, '路由名称长度不能超过 32 个字符'),
        uri: required('请输入路由URI', 500, '路由URI长度不能超过 500 个字符'),
        status: z
          .union([z.boolean(), z.number(), z.string(), z.null(), z.undefined()], { message: '状态只能是启用或禁用' })
          .transform((v, c) => {
            if (v === null || v === undefined || v === '') return 1;
            if (v === true || v === 1 || v === '1' || v === 'true') return 1;
            if (v === false || v === 0 || v === '0' || v === 'false') return 0;
            c.addIssue({ code: 'custom', message: '状态只能是启用或禁用' });
            return z.NEVER;
          }),
        predicates: defsField('路由断言'),
        filters: defsField('过滤器'),
        retryable: z.union([z.boolean(), z.number(), z.null(), z.undefined()]).optional(),
        persistable: z.union([z.boolean(), z.number(), z.null(), z.undefined()]).optional(),
        showApi: z.union([z.boolean(), z.number(), z.null(), z.undefined()]).optional(),
      },
      { message: '缺少路由信息（router）' },
    )
    .loose(),
});

const flag = (v: boolean | number | null | undefined) => (v === true || v === 1 ? 1 : 0);
const IdQuery = z.object({ id: required('id 不能为空', 36, 'id 长度不正确') });

function toWire(row: Row, allow: readonly string[], enabled: boolean) {
  const { note } = inertReason(row, allow);
  return {
    ...row,
    predicates: parseDefs(row.predicates),
    filters: parseDefs(row.filters),
    // ours: whether this node forwards requests on this route, and why not
    applied: enabled && note === null,
    appliedNote: !enabled ? '网关未开启（GATEWAY=on 后生效）' : note,
  };
}

const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'trailers',
  'transfer-encoding',
  'upgrade',
];
const CREDENTIALS = ['authorization', 'x-access-token', 'cookie'];
/** query parameters carrying a credential (JeecgBoot's clients put the token in `?token=` for downloads and sockets) */
const QUERY_CREDENTIALS = new Set(['token', 'x-access-token', 'access_token', 'accesstoken', 'authorization']);

/**
 * The query string forwarded upstream: without credential parameters (issue 28 security 7), as the credential headers
 * are dropped, unless the route keeps authentication (PreserveHostHeader-style `preserveAuth`).
 */
export function forwardedQuery(search: string, preserveAuth: boolean): string {
  if (preserveAuth || search.length <= 1) return search;
  const kept = search
    .slice(1)
    .split('&')
    .filter((pair) => {
      const raw = pair.split('=', 1)[0];
      let name: string;
      try {
        name = decodeURIComponent(raw.replace(/\+/g, ' '));
      } catch {
        name = raw;
      }
      return !QUERY_CREDENTIALS.has(name.trim().toLowerCase());
    });
  return kept.length ? `?${kept.join('&')}` : '';
}

function routeFor(routes: CompiledRoute[], method: string, path: string) {
  for (const r of routes) {
    if (r.rule.methods && !r.rule.methods.has(method)) continue;
    if (r.rule.paths.some((re) => re.test(path))) return r;
  }
  return undefined;
}

async function proxy(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  const rt = runtimeOf(app.ctx);
  const q = req.url.indexOf('?');
  const path = q < 0 ? req.url : req.url.slice(0, q);
  if (path === API_BASE || path.startsWith(`${API_BASE}/`)) return;
  if (SUSPICIOUS_PATH.test(path)) return;
  // our own files and sockets never need the route set (no lookup per asset)
  const first = path.split('/', 2)[1] ?? '';
  if (!first || RESERVED_PREFIXES.includes(first)) return;
  const routes = await rt.cache.get('all', () => loadRoutes(app.ctx));
  if (!routes.length) return;
  const route = routeFor(routes, req.method, path);
  if (!route) return;
  const search = forwardedQuery(q < 0 ? '' : req.url.slice(q), !!route.rule.preserveAuth);
  const url = targetUrl(route.target, stripPath(path, route.rule.strip), search);
  // the body is streamed as it arrives (never parsed here)
  if (req.method !== 'GET' && req.method !== 'HEAD') (req as { body?: unknown }).body = req.raw;
  const proto = (req.headers['x-forwarded-proto'] as string | undefined) ?? req.protocol;
  reply.from(url, {
    // reply-from falls back to the incoming request's own query when the target URL has none: the query decided
    // above (credentials removed) is the only one that may be forwarded, even when nothing of it is left
    queryString: () => search.slice(1),
    timeout: 30_000,
    rewriteRequestHeaders: (_r, headers) => {
      const out = { ...headers };
      for (const h of HOP_BY_HOP) delete out[h];
      if (!route.rule.preserveAuth) for (const h of CREDENTIALS) delete out[h];
      const prior = req.headers['x-forwarded-for'];
      out['x-forwarded-for'] = prior ? `${prior}, ${req.ip}` : req.ip;
      out['x-forwarded-proto'] = proto;
      if (req.headers.host) out['x-forwarded-host'] = req.headers.host;
      out[HOP_HEADER] = route.routerId || '1';
      return out;
    },
    rewriteHeaders: (headers) => {
      const out = { ...headers };
      for (const h of HOP_BY_HOP) delete out[h];
      return out;
    },
    onError: (r, { error }) => {
      req.log.warn({ err: error, route: route.routerId }, 'gateway upstream failed');
      if (!r.sent) void r.code(502).send(fail(GATEWAY_MESSAGES.upstream, 502));
    },
  });
  return reply;
}

/**
 * The proxy: an onRequest hook at the root (after the guard's rate limit), so it sees every path outside /jeecg-boot
 * before routing and static files. Call from buildApp before the API modules are registered.
 */
export async function installGatewayProxy(app: FastifyInstance): Promise<void> {
  const enabled = (process.env.GATEWAY ?? '').toLowerCase() === 'on';
  const allow = parseAllowList(process.env.GATEWAY_ALLOWED_HOSTS);
  const pubsub = app.ctx.pubsub;
  const cache = new LocalCache<CompiledRoute[]>({
    ttlMs: 60_000,
    max: 1,
    trusted: () => pubsub.connected?.() ?? true,
    untrustedTtlMs: 2_000,
  });
  runtimes.set(app.ctx, { enabled, allow, cache });
  pubsub.onReset?.(() => cache.clear());
  let unsubscribe: (() => void) | undefined;
  app.addHook('onReady', async () => {
    unsubscribe = await pubsub.subscribe(GATEWAY_CHANNEL, () => cache.clear());
  });
  app.addHook('onClose', async () => unsubscribe?.());
  if (!enabled) return;
  await app.register(replyFrom, { disableRequestLogging: true, undici: { connections: 64 } });
  app.addHook('onRequest', async (req, reply) => {
    if (req.headers[HOP_HEADER] !== undefined)
      return reply.code(508).type('application/json; charset=utf-8').send(fail(GATEWAY_MESSAGES.loop, 508));
    return proxy(app, req, reply);
  });
}

export default async function gatewayRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const rows = () =>
    ctx.db.select().from(sysGatewayRoute).orderBy(asc(sysGatewayRoute.createTime), asc(sysGatewayRoute.id));

  app.get('/sys/gatewayRoute/list', { config: { access: { menu: GATEWAY_PAGE } } }, async () => {
    const { allow, enabled } = runtimeOf(ctx);
    return ok((await rows()).map((r) => toWire(r, allow, enabled)));
  });

  /** ours: whether the gateway runs on this installation and which target hosts it accepts (the page's banner) */
  app.get('/sys/gatewayRoute/status', { config: { access: { menu: GATEWAY_PAGE } } }, async () => {
    const { allow, enabled } = runtimeOf(ctx);
    return ok({ enabled, allowedHosts: allow });
  });

  app.post(
    '/sys/gatewayRoute/updateAll',
    { config: { access: { perm: ['gateway:add', 'gateway:edit'] } } },
    async (req, reply) => {
      const { router } = parse(RouterBody, req.body);
      const perms = await ctx.perms.of(req.auth!.user.id);
      const id = router.id?.trim() || '';
      if (!perms.has(id ? 'gateway:edit' : 'gateway:add'))
        return sendError(reply, 'FORBIDDEN', id ? GATEWAY_MESSAGES.noEditPerm : GATEWAY_MESSAGES.noAddPerm);
      const { allow } = runtimeOf(ctx);
      let strip = 0;
      try {
        const target = checkTarget(router.uri, allow);
        strip = interpret(router.predicates, router.filters, target.kind === 'proxy').rule.strip;
      } catch (msg) {
        if (typeof msg === 'string') throw bizError(msg);
        throw msg;
      }
      const values = {
        routerId: router.routerId,
        name: router.name,
        uri: router.uri,
        predicates: JSON.stringify(router.predicates),
        filters: JSON.stringify(router.filters),
        status: router.status,
        stripPrefix: strip,
        retryable: flag(router.retryable),
        persistable: flag(router.persistable),
        showApi: flag(router.showApi),
      };
      const username = req.auth!.user.username;
      await ctx.db.transaction(async (tx) => {
        const [taken] = await tx
          .select({ id: sysGatewayRoute.id })
          .from(sysGatewayRoute)
          .where(eq(sysGatewayRoute.routerId, router.routerId))
          .limit(1);
        if (taken && taken.id !== id) throw bizError(GATEWAY_MESSAGES.routerIdTaken);
        if (id) {
          const done = await tx
            .update(sysGatewayRoute)
            .set({ ...values, updateBy: username, updateTime: new Date() })
            .where(eq(sysGatewayRoute.id, id))
            .returning({ id: sysGatewayRoute.id });
          if (!done.length) throw bizError(GATEWAY_MESSAGES.notFound);
        } else {
          await tx.insert(sysGatewayRoute).values({
            id: newId(),
            ...values,
            createBy: username,
            createTime: new Date(),
            sysOrgCode: req.auth!.user.orgCode ?? null,
          });
        }
      });
      await gatewayChanged(ctx);
      return ok(null, GATEWAY_MESSAGES.saved);
    },
  );

  app.delete('/sys/gatewayRoute/delete', { config: { access: { perm: 'gateway:delete' } } }, async (req) => {
    const { id } = parse(IdQuery, req.query);
    const done = await ctx.db
      .delete(sysGatewayRoute)
      .where(eq(sysGatewayRoute.id, id))
      .returning({ id: sysGatewayRoute.id });
    if (!done.length) throw bizError(GATEWAY_MESSAGES.notFound);
    await gatewayChanged(ctx);
    return ok(null, GATEWAY_MESSAGES.deleted);
  });

  /** JeecgBoot nulls its Redis copy of the routes; here every node drops its compiled routes and reloads them */
  app.get('/sys/gatewayRoute/clearRedis', { config: { access: { perm: 'gateway:clearCache' } } }, async () => {
    await gatewayChanged(ctx);
    return ok(null, GATEWAY_MESSAGES.cleared);
  });
}
