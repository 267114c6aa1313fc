import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { API_BASE, ERRORS, fail, ok } from '@answer/contract';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { connect, type Database } from './db/client.ts';
import { migrateAndSeed } from './db/migrate.ts';
import { type KV, MemoryKV, REDIS_CLIENT_OPTIONS, RedisKV, redisReady, watchRedis } from './infra/kv.ts';
import { MemoryPubSub, type PubSub, RedisPubSub } from './infra/pubsub.ts';
import { UPLOAD_MAX_BYTES } from './modules/common/files.ts';
import gatewayRoutes, { installGatewayProxy } from './modules/gateway/routes.ts';
import { apiModules } from './modules/index.ts';
import { installHttpMonitor } from './modules/monitor/http-monitor.ts';
import { selectTokenProtocol } from './modules/websocket/hub.ts';
import { Audit, neutralise, neutraliseDeep } from './platform/audit.ts';
import { BAD_PATH_URL, isCanonicalPath } from './platform/canonical-path.ts';
import {
  genRequestId,
  installErrorHandling,
  installGuard,
  installSecurityHeaders,
  sendError,
} from './platform/http-hooks.ts';
import { Permissions } from './platform/permissions.ts';
import { CachedSessionStore, DbSessionStore } from './platform/sessions.ts';
import { FOLD_EVERY_MS, foldTableWrites } from './platform/table-versions.ts';
import { UserCache } from './platform/user-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** stop taking new requests (503 envelope) and resolve once the in-flight ones are answered (at most 10 s) */
    drain(): Promise<void>;
  }
}

export interface BuildOptions {
  /** use this database instead of connecting from config (tests pass a cloned PGlite) */
  database?: Database;
  /** skip migrations + seed (tests use an already migrated template) */
  migrate?: boolean;
  logger?: boolean;
  /** where log lines go (tests read them); default stdout */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole server (API + web app). Tests call this and use app.inject(); main.ts only listens. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false || config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers["x-access-token"]', 'req.headers.authorization', 'req.headers.cookie'],
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            // no forged log lines: line breaks and control characters in logged values become visible escapes
            serializers: {
              req: (r: FastifyRequest) => ({
                method: r.method,
                url: neutralise(r.url),
                host: neutralise(String(r.host ?? '')),
                remoteAddress: r.ip,
              }),
            },
            hooks: {
              logMethod(args: unknown[], method: (...a: unknown[]) => void) {
                method.apply(this, args.map((a) => neutraliseDeep(a)) as never);
              },
            },
          },
    // correlation id (platform/http-hooks.ts genRequestId): a sane incoming X-Request-Id or a new UUID, checked by us
    // (Fastify's own requestIdHeader would take the header unchecked)
    genReqId: genRequestId,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // while draining, new requests get our own 503 envelope (hook below) instead of Fastify's plain body
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // security rule 2: non-canonical paths never reach the router or the guard
    rewriteUrl: (req) => (isCanonicalPath(req.url ?? '/') ? (req.url ?? '/') : BAD_PATH_URL),
    routerOptions: { ignoreTrailingSlash: false, ignoreDuplicateSlashes: false, maxParamLength: 500 },
    // router-level failures (malformed URL encoding, over-long path parameters) still answer with the envelope
    frameworkErrors: (error, _req, reply) => {
      const code = (error as { code?: string }).code;
      if (code === 'FST_ERR_BAD_URL' || code === 'FST_ERR_ASYNC_CONSTRAINT') return sendError(reply, 'BAD_PATH');
      return sendError(reply, 'BAD_REQUEST');
    },
  });

  const database =
    opts.database ??
    (await connect({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pgdata'),
      poolMax: config.dbPoolMax,
      acquireTimeoutMs: config.dbAcquireTimeoutMs,
      onConnectionError: (err) => app.log.warn({ err: err.message }, 'database connection lost'),
    }));
  if (opts.migrate !== false) await migrateAndSeed(database);

  let kv: KV;
  let pubsub: PubSub;
  const redisClients: Redis[] = [];
  let redisMain: Redis | undefined;
  const policy = { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs };
  if (config.redisUrl) {
    // ADR 018: no offline queue, short timeouts — a Redis outage fails fast (or open), never hangs a request
    const mk = (name: string) => {
      const r = new Redis(config.redisUrl!, REDIS_CLIENT_OPTIONS);
      watchRedis(r, name, app.log);
      redisClients.push(r);
      return r;
    };
    const main = mk('main');
    const sub = mk('subscriber');
    redisMain = main;
    kv = new RedisKV(main, config.redisPrefix);
    pubsub = new RedisPubSub(main, sub, config.redisPrefix, (what, err) =>
      app.log.warn({ err: (err as Error)?.message }, `redis pub/sub: ${what} failed`),
    );
    // a server started while Redis is down comes up degraded (reported by /readyz) and connects once Redis is back
    const up = await Promise.all([redisReady(main, 2000), redisReady(sub, 2000)]);
    if (!up.every(Boolean)) app.log.warn('redis unreachable at start: continuing degraded');
  } else {
    kv = new MemoryKV();
    pubsub = new MemoryPubSub();
  }
  // ADR 014/015: PostgreSQL (or PGlite) holds users and sessions; each node caches them, invalidated over the pub/sub
  const users = new UserCache(database.db, pubsub);
  await users.start();
  const sessions = new CachedSessionStore(new DbSessionStore(database.db, policy), policy, pubsub, {
    onUserEvent: (userId) => users.changed(userId),
    onError: (err, what) => app.log.warn({ err }, what),
  });
  await sessions.start();
  const perms = new Permissions(database.db, pubsub);
  await perms.start();

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    kv,
    pubsub,
    sessions,
    perms,
    audit: new Audit(database.db, (err) => app.log.error({ err }, 'audit write failed')),
    log: app.log,
    userById: (id: string) => users.get(id),
    userChanged: (ids) => users.changed(ids),
  };
  app.decorate('ctx', ctx);

  // Graceful drain (security rule 14, SIGTERM): once closing, new requests get a 503 envelope, every response still
  // being produced closes its keep-alive connection, and the database, Redis and caches are closed only after the
  // last in-flight request has finished (onClose waits for it, at most 10 s).
  let closing = false;
  let inflight = 0;
  const drainWaiters = new Set<() => void>();
  // a request counts as finished once its handler has produced the answer (onSend) AND its socket is done with it,
  // so an aborted client does not let the database close under a handler that is still running
  const handlerDone = new WeakMap<object, () => void>();
  // (callback-style hooks where nothing is awaited: an async hook costs a promise and a microtask per request)
  app.addHook('onRequest', (req, reply, done) => {
    if (closing) {
      sendError(reply, 'SHUTTING_DOWN');
      return;
    }
    // a WebSocket upgrade is long-lived, not a request to wait for: its socket is closed in preClose (modules/websocket)
    if (req.raw.headers.upgrade) return done();
    inflight++;
    let sent = false;
    let closed = false;
    let counted = true;
    const finish = () => {
      if (!counted) return;
      counted = false;
      inflight--;
      if (inflight === 0) for (const w of drainWaiters) w();
    };
    handlerDone.set(req, () => {
      sent = true;
      if (closed) finish();
    });
    reply.raw.once('close', () => {
      closed = true;
      if (sent) finish();
    });
    done();
  });
  const stopAccepting = () => {
    closing = true;
    // open notification sockets are told the server is going away (1001); clients reconnect to another node
    for (const ws of app.websocketServer?.clients ?? []) ws.close(1001, 'server shutting down');
  };
  app.addHook('preClose', async () => stopAccepting());
  app.addHook('onSend', (req, reply, payload, done) => {
    handlerDone.get(req)?.();
    if (closing) reply.header('Connection', 'close');
    done(null, payload);
  });
  const waitForInflight = () =>
    inflight === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const done = () => {
            drainWaiters.delete(done);
            resolve();
          };
          drainWaiters.add(done);
          setTimeout(done, 10_000).unref();
        });
  // SIGTERM (main.ts): answer 503 to anything new while the listener is still open, wait for the in-flight requests,
  // and only then close the listener (app.close) — a client never meets a reset it could not retry
  app.decorate('drain', () => {
    stopAccepting();
    return waitForInflight();
  });

  installErrorHandling(app);
  installGuard(app);
  // 请求追踪 and the HTTP server figures (modules/monitor): one cheap onResponse hook, a fixed ring buffer per node
  installHttpMonitor(app);
  installSecurityHeaders(app);

  await app.register(cors, {
    // security rule 13: only configured origins, never a reflected Origin, never "null"
    origin: (origin, cb) => cb(null, !!origin && origin !== 'null' && config.corsOrigins.includes(origin)),
    credentials: false,
    allowedHeaders: ['Content-Type', 'X-Access-Token', 'tenant-id', 'X-Sign', 'X-TIMESTAMP', 'X-Low-App-ID'],
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    maxAge: 600,
  });
  // bytes on the wire: JSON/text answers of 1 KB and more go out br/gzip when the client accepts it; answers that set
  // their own Content-Encoding (prepared answers, pre-compressed assets) are left alone; downloads (xlsx, files,
  // octet-stream) and event streams are never compressed; request bodies are never inflated
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    // cheap settings for dynamic answers (ADR 025): brotli quality 2 costs about half of quality 4 for 10–13 % more
    // bytes; gzip level 3 (clients without br) about half of level 6. Static assets are precompressed at build time.
    // a 256 kB window instead of the default 4 MB: the encoder's set-up for a 4 kB answer is a fifth cheaper, and
    // no answer below 256 kB compresses any worse (the same bytes measured on log, user and menu answers)
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
    zlibOptions: { level: 3 },
    // answers up to 64 kB (every usual list page) are compressed in one synchronous call (≤ about 0.1 ms at these
    // levels) instead of a compression stream per answer, which cost 3–5 times as much CPU (ADR 025); the plugin's
    // default on two cores is 8 kB, below a 20-row page
    syncThreshold: 64 * 1024,
    globalDecompression: false,
    customTypes: /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml)(?:;|$)|image\/svg\+xml)/,
  });
  // the 101 answer selects the sub-protocol that carried the (already validated) token (contract §6.1)
  await app.register(websocket, { options: { maxPayload: 64 * 1024, handleProtocols: selectTokenProtocol } });
  // uploads and Excel imports (modules/common, platform/excel.ts): one file per request, 10 MB (contract §1.6)
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 20, fieldSize: 4096, parts: 25, headerPairs: 200 },
  });

  app.all(BAD_PATH_URL, { config: { access: 'public' } }, async (_req, reply) => sendError(reply, 'BAD_PATH'));
  app.get('/healthz', { config: { access: 'public' } }, async () => ok({ status: 'UP' }));
  // readiness: 503 while the database is unreachable; Redis is reported (DEGRADED) but does not take the node out of
  // the load balancer, since every node shares it and sessions live in the database (ADR 018)
  app.get('/readyz', { config: { access: 'public' } }, async (_req, reply) => {
    const within = (p: Promise<unknown>) =>
      Promise.race([p, new Promise((_, rej) => setTimeout(() => rej(new Error('timeout')), 2500).unref())]).then(
        () => 'UP' as const,
        () => 'DOWN' as const,
      );
    const [db, redis] = await Promise.all([
      within(database.ping()),
      redisMain ? within(redisMain.ping()) : Promise.resolve(undefined),
    ]);
    const result = {
      status: db === 'DOWN' ? 'DOWN' : redis === 'DOWN' ? 'DEGRADED' : 'UP',
      database: database.kind,
      ...(redis ? { redis } : {}),
    };
    if (db === 'DOWN')
      return reply.code(503).send(fail(ERRORS.DB_UNAVAILABLE.message, ERRORS.DB_UNAVAILABLE.code, result));
    return ok(result);
  });

  // 路由网关 (docs/decisions/030-gateway.md): the proxy hook at the root when GATEWAY=on, the route endpoints under the API
  await installGatewayProxy(app);
  for (const mod of apiModules) await app.register(mod, { prefix: API_BASE });
  await app.register(gatewayRoutes, { prefix: API_BASE });

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  // the candidates' answering page is an entry of its own (ADR 071): /exam and /exam/… get exam.html when built
  const examHtml = path.join(config.webDist, 'exam.html');
  const pageHtml = (url: string) =>
    (url === '/exam' || url.startsWith('/exam/')) && fs.existsSync(examHtml) ? examHtml : indexHtml;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      // files are looked up per request, so a rebuilt web app is served without a restart
      wildcard: true,
      index: false,
      // the web build ships .br/.gz siblings of its assets: sent as they are to clients that accept them
      preCompressed: true,
      setHeaders(res, file) {
        // hashed asset names can be cached for a year; index.html never
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'no-cache');
      },
    });
    // the site root is a page of the single-page app, not a directory listing
    app.get('/', { config: { access: 'public' } }, async (_req, reply) =>
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').sendFile('index.html'),
    );
  }

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0];
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !url.startsWith(API_BASE) &&
      !url.startsWith('/websocket') &&
      !path.extname(url);
    if (wantsPage) {
      // read, not streamed: this reply has already been through the static plugin's file lookup
      if (hasWeb)
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-cache')
          .send(await fs.promises.readFile(pageHtml(url)));
      return reply.type('text/html; charset=utf-8').send(PLACEHOLDER);
    }
    return sendError(reply, 'NOT_FOUND');
  });

  app.addHook('onClose', async () => {
    await waitForInflight();
    await sessions.close().catch((err) => app.log.warn({ err }, 'session flush failed'));
    await pubsub.close();
    await kv.close();
    for (const r of redisClients) r.disconnect();
    if (!opts.database) await database.close();
  });

  const purge = setInterval(() => void sessions.purgeExpired().catch(() => {}), 10 * 60_000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
  // the write notes behind the kept list totals, folded to one row per table (platform/table-versions.ts, ADR 045)
  const fold = setInterval(() => void foldTableWrites(database.db).catch(() => {}), FOLD_EVERY_MS);
  fold.unref();
  app.addHook('onClose', async () => clearInterval(fold));

  return app;
}

const PLACEHOLDER = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>答题系统后台</title></head>
<body><h1>答题系统后台</h1><p>网页端尚未构建：请运行 <code>npm run build</code> 后重启服务。API 位于 /jeecg-boot。</p></body></html>`;
