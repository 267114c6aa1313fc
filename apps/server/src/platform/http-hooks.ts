import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { API_BASE, ERRORS, type ErrorKey, fail } from '@answer/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Access } from '../context.ts';
import { isKvUnavailable } from '../infra/kv.ts';
import { operateTypeOf } from './audit.ts';
import { isCandidateToken, resolveCandidate, setOutsideCandidate } from './candidate-access.ts';
import { AppError } from './errors.ts';
import { Permissions } from './permissions.ts';
import { resolveTenancy, setTenancy } from './tenant-scope.ts';

export function sendError(reply: FastifyReply, key: ErrorKey, message?: string) {
  const e = ERRORS[key];
  return reply
    .code(e.status)
    .type('application/json; charset=utf-8')
    .send(fail(message ?? e.message, e.code));
}

/** SQLSTATEs of a database that cannot serve us now (ADR 018): not accepting connections, shutting down, starting up,
 * too many connections, and the whole connection-exception class 08 */
const OUTAGE_SQLSTATES = new Set(['55000', '57P01', '57P02', '57P03', '53300']);
const OUTAGE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

export function isDbOutage(err: unknown, depth = 0): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown } | null;
  if (!e || depth > 5) return false;
  const code = String(e.code ?? '');
  const msg = String(e.message ?? '');
  if (OUTAGE_ERRNOS.has(code) || OUTAGE_SQLSTATES.has(code)) return true;
  if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  if (
    /timeout exceeded when trying to connect|Connection terminated|connection .*closed|not queryable|PGlite is closed|database closed/i.test(
      msg,
    )
  )
    return true;
  return e.cause ? isDbOutage(e.cause, depth + 1) : false;
}

function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: unknown } | null;
  if (!e) return undefined;
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return e.cause ? pgCode(e.cause) : undefined;
}

/** The one error handler: every failure becomes the envelope; nothing leaks a stack, SQL or a path. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err, req, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.status).send(fail(err.message, err.code, err.result));
    }
    const fe = err as { code?: string; statusCode?: number; validation?: unknown };
    switch (fe.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, 'PAYLOAD_TOO_LARGE');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, 'UNSUPPORTED_MEDIA');
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, 'BAD_JSON', '请求体不能为空');
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(reply, 'BAD_REQUEST');
    }
    if (err instanceof SyntaxError || (fe.statusCode === 400 && /JSON/i.test(String((err as Error).message)))) {
      return sendError(reply, 'BAD_JSON');
    }
    if (fe.validation) return sendError(reply, 'BAD_REQUEST');
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return sendError(reply, fe.statusCode === 404 ? 'NOT_FOUND' : 'BAD_REQUEST');
    }
    if (isDbOutage(err)) {
      req.log.error({ err }, 'database unavailable');
      return sendError(reply, 'DB_UNAVAILABLE');
    }
    // Redis needed and unreachable (captcha, lockout, SMS codes …): fail closed, fast (ADR 018)
    if (isKvUnavailable(err)) {
      req.log.error({ err: (err as Error).cause ?? err }, 'cache unavailable');
      return sendError(reply, 'CACHE_UNAVAILABLE');
    }
    const pc = pgCode(err);
    if (pc === '23505') return reply.code(200).send(fail('数据库中已存在该记录'));
    // invalid text (NUL bytes, bad encoding) or a value of the wrong type that slipped past validation
    if (pc === '22021' || pc === '22P02' || pc === '22007' || pc === '22008' || pc === '22003')
      return sendError(reply, 'BAD_REQUEST');
    if (pc === '22001') return reply.code(200).send(fail('字段太长,超出数据库字段的长度'));
    req.log.error({ err }, 'unhandled error');
    return sendError(reply, 'INTERNAL');
  });
}

function tokenOf(req: FastifyRequest): string | undefined {
  const h = req.headers['x-access-token'];
  const v = Array.isArray(h) ? h[0] : h;
  return v && v.length <= 512 ? v : undefined;
}

/**
 * Resolves the session of the presented token (header only, never the query string), or null. Routes marked
 * `config.background` (polling) do not extend the session's idle expiry.
 */
export async function resolveAuth(app: FastifyInstance, req: FastifyRequest) {
  const token = tokenOf(req);
  if (!token) return null;
  const { sessions } = app.ctx;
  const session = await sessions.resolve(token, { background: req.routeOptions.config?.background === true });
  if (!session) return null;
  const user = await app.ctx.userById(session.userId);
  if (!user || user.delFlag !== 0 || user.status !== 1) {
    await sessions.revokeHash(session.tokenHash);
    return null;
  }
  return { token, session, user };
}

/** rate-limit, session, tenant and permission checks, in that order, before the body is parsed */
export function installGuard(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorateRequest('tenantId', 0);

  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    const url = route.url ?? route.path;
    if (!access) {
      if (url.startsWith(API_BASE) || url.startsWith('/websocket') || url.startsWith('/vxeSocket')) {
        throw new Error(`route ${route.method} ${url} declares no access (deny by default)`);
      }
      route.config = { ...(route.config ?? {}), access: 'public' };
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    const cfg = req.routeOptions.config;
    const { kv, config } = app.ctx;
    const minute = Math.floor(Date.now() / 60_000);
    if (req.url !== '/healthz' && req.url !== '/readyz') {
      // the global budget fails open while Redis is down: it guards capacity, not secrets (ADR 018); `bestEffort`
      // skips Redis for a moment after a failure, so a stalled Redis does not cost every request the command timeout
      const count = (key: string) =>
        kv.bestEffort.incr(key, 61_000).catch((err) => {
          if (!isKvUnavailable(err)) throw err;
          return 0;
        });
      // a signed-in client is budgeted by its session, so the people of an office or an exam room behind one NAT
      // address do not share one budget; their address keeps a wider one (a client cannot escape it by inventing
      // tokens). Requests without a token are budgeted by address.
      const token = tokenOf(req);
      if (token) {
        const key = createHash('sha256').update(token).digest('base64url').slice(0, 22);
        const [bySession, byAddress] = await Promise.all([
          count(`rl:global:t:${key}:${minute}`),
          count(`rl:global:a:${req.ip}:${minute}`),
        ]);
        if (bySession > config.rateLimitPerMinute || byAddress > config.rateLimitPerAddressPerMinute) {
          return sendError(reply, 'RATE_LIMITED');
        }
      } else if ((await count(`rl:global:${req.ip}:${minute}`)) > config.rateLimitPerMinute) {
        return sendError(reply, 'RATE_LIMITED');
      }
    }
    if (cfg.rateLimit) {
      // per-route budgets guard sign-in and recovery: they fail closed (CACHE_UNAVAILABLE through the error handler)
      const { bucket, max, windowMs } = cfg.rateLimit;
      const w = Math.floor(Date.now() / windowMs);
      const n = await kv.incr(`rl:${bucket}:${req.ip}:${w}`, windowMs + 1000);
      if (n > max) return sendError(reply, 'RATE_LIMITED');
    }
    const access = cfg.access;
    if (!access || access === 'public') return;

    if (access === 'candidate') {
      // an outside person's token opens the answering calls and nothing else (ADR 069)
      const t = tokenOf(req);
      if (isCandidateToken(t)) {
        const c = await resolveCandidate(app.ctx, t);
        if (!c) return sendError(reply, 'TOKEN_INVALID');
        setOutsideCandidate(req, c);
        req.tenantId = c.tenantId;
        return;
      }
    }

    const auth = await resolveAuth(app, req);
    if (!auth) return sendError(reply, 'TOKEN_INVALID');
    req.auth = auth;

    // tenant isolation (platform/tenant-scope.ts, ADR 017): the header only selects one of the user's own tenants
    const tenancy = await resolveTenancy(app.ctx, auth.user, req.headers['tenant-id']);
    if (!tenancy) return sendError(reply, 'TENANT_CHANGED');
    setTenancy(req, tenancy);
    req.tenantId = tenancy.kind === 'tenant' ? tenancy.id : 0;

    if (access === 'authenticated' || access === 'candidate') return;
    const set = await app.ctx.perms.of(auth.user.id);
    if (!Permissions.allows(set, access)) return sendError(reply, 'FORBIDDEN');
  });

  // Operation log for every authenticated mutation (security: audit rows in sys_log).
  app.addHook('onResponse', (req, reply, done) => {
    try {
      auditResponse(req, reply);
    } catch (err) {
      req.log.error({ err }, 'audit row not written');
    }
    done();
  });
  const auditResponse = (req: FastifyRequest, reply: FastifyReply) => {
    const cfg = req.routeOptions.config;
    if (!req.auth || cfg.audit === false) return;
    const isExport = /export/i.test(req.routeOptions.url ?? '');
    if (req.method === 'GET' && !isExport && !cfg.audit) return;
    if (req.method === 'OPTIONS' || req.method === 'HEAD') return;
    const url = req.url.split('?')[0];
    void app.ctx.audit.write({
      logType: 2,
      content: cfg.audit && cfg.audit.content ? cfg.audit.content : `${req.method} ${url}`,
      operateType: cfg.audit && cfg.audit.operateType ? cfg.audit.operateType : operateTypeOf(url, req.method),
      userid: req.auth.user.username,
      username: req.auth.user.realname,
      ip: req.ip,
      method: `${req.method} ${req.routeOptions.url ?? url}`,
      requestUrl: url,
      requestParam: req.method === 'GET' || req.method === 'DELETE' ? req.query : req.body,
      requestType: req.method,
      costTime: Math.round(reply.elapsedTime),
    });
  };
}

/** an incoming X-Request-Id is kept only when sane: 1–64 letters, digits, `.`, `_`, `:` or `-` */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Correlation id of a request (Fastify `genReqId`): the caller's X-Request-Id when sane, else a new UUID. It is the
 * `reqId` of every server log line of the request, the X-Request-Id header of the answer and `requestId` in error
 * envelopes (installSecurityHeaders).
 */
export function genRequestId(req: IncomingMessage): string {
  const h = req.headers['x-request-id'];
  const v = Array.isArray(h) ? h[0] : h;
  return v && REQUEST_ID.test(v) ? v : randomUUID();
}

/** security rule 13 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // antd 6 injects its CSS-in-JS as <style> elements at runtime
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  // both consoles frame their own pages (iframe menu entries, PDF预览); nobody else may frame them (ADR 057)
  "frame-ancestors 'self'",
].join('; ');

export function installSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    // a route may narrow or extend the policy for its own page (the PDF preview frame); every other answer gets CSP
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', CSP);
    reply.removeHeader('X-Powered-By');
    if (req.url.startsWith(API_BASE)) reply.header('Cache-Control', 'no-store');
    reply.header('X-Request-Id', req.id);
    // error envelopes carry the correlation id too, so a user's screenshot leads to the log lines
    if (typeof payload === 'string' && payload.startsWith('{"success":false') && payload.endsWith('}')) {
      return done(null, `${payload.slice(0, -1)},"requestId":${JSON.stringify(req.id)}}`);
    }
    done(null, payload);
  });
}
