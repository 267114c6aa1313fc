import { ok } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Access } from '../../context.ts';
import { MemoryKV } from '../../infra/kv.ts';
import { AppError, bizError } from '../../platform/errors.ts';
import { sendError } from '../../platform/http-hooks.ts';
import { parse } from '../../platform/validation.ts';
import { embeddedInfoText } from './embedded-cache.ts';
import { LATENCY_BUCKETS_MS } from './http-monitor.ts';
import { actuatorMetric, METRIC_NAMES } from './metrics.ts';
import {
  checkTerminalCommand,
  INFO_DESCRIPTIONS,
  loggedLine,
  parseInfo,
  REDIS_FAILED,
  RedisProbe,
  shapeReply,
  withoutSecurityKeys,
} from './redis.ts';
import { runtimeSnapshot, startRuntimeSamplers, systemSnapshot } from './runtime.ts';
import { diskInfo, postgresStats } from './system-stats.ts';
import { toSpringTrace } from './trace.ts';

/** the seeded 系统监控 / 性能监控 pages (db/seed/menus.ts); reading a page's data needs that page granted */
export const MONITOR_PAGES = {
  redis: 'modules/monitor/RedisInfo',
  redisTerminal: 'modules/monitor/RedisTerminal',
  jvm: 'modules/monitor/JvmInfo',
  tomcat: 'modules/monitor/TomcatInfo',
  system: 'modules/monitor/SystemInfo',
  disk: 'modules/monitor/DiskMonitoring',
  httpTrace: 'modules/monitor/HttpTrace',
  postgres: 'modules/monitor/PostgresInfo',
} as const;

/** the Redis terminal's own button (a user who may see the page may not necessarily run commands) */
export const REDIS_TERMINAL_PERM = 'monitor:redis:terminal';

const page = (...menus: string[]): Access => ({ menu: menus });
/** actuator metrics feed the runtime, HTTP server and server pages */
const METRICS_ACCESS = page(MONITOR_PAGES.jvm, MONITOR_PAGES.tomcat, MONITOR_PAGES.system);

const terminalBody = z.object({ command: z.string().max(2000, '命令太长') });

/**
 * 系统监控 (contract-2 §2): JeecgBoot's actuator / Redis / disk endpoints in the shapes its client reads, and the
 * envelopes our own pages read. Admin-only: every route needs its monitor page (or the terminal button).
 */
export default async function monitorRoutes(app: FastifyInstance) {
  startRuntimeSamplers();
  const redis = new RedisProbe(app.ctx.config.redisUrl);
  app.addHook('onClose', async () => redis.close());
  const monitor = () => app.httpMonitor;

  // --- Redis (RedisInfo.vue). In the embedded mode the cache is the in-process store: its figures in Redis' shapes.
  const kv = app.ctx.kv;
  const embedded = !redis.configured && kv instanceof MemoryKV ? kv : undefined;
  const infoText = (section?: 'memory') =>
    embedded
      ? Promise.resolve(embeddedInfoText(embedded.stats()))
      : redis.call((r) => (section ? r.info(section) : r.info()));
  const dbSize = () => (embedded ? Promise.resolve(embedded.stats().keys) : redis.call((r) => r.dbsize()));
  app.get('/sys/actuator/redis/info', { config: { access: page(MONITOR_PAGES.redis) } }, async () => {
    const info = parseInfo(await infoText());
    const rows = Object.values(info).flatMap((sec) =>
      Object.entries(sec).map(([key, value]) => ({ key, value, description: INFO_DESCRIPTIONS[key] ?? null })),
    );
    return ok(rows);
  });
  // bare JSON, as JeecgBoot answers these two (polled every 3 s)
  app.get(
    '/sys/actuator/redis/keysSize',
    { config: { access: page(MONITOR_PAGES.redis), background: true } },
    async () => ({
      dbSize: await dbSize(),
      create_time: Date.now(),
    }),
  );
  app.get(
    '/sys/actuator/redis/memoryInfo',
    { config: { access: page(MONITOR_PAGES.redis), background: true } },
    async () => {
      const mem = parseInfo(await infoText('memory')).memory ?? {};
      return { used_memory: mem.used_memory ?? '0', create_time: Date.now() };
    },
  );
  // our Redis page: every figure in one envelope
  app.get('/sys/monitor/redis', { config: { access: page(MONITOR_PAGES.redis), background: true } }, async () => {
    const [text, keys] = embedded
      ? [embeddedInfoText(embedded.stats()), embedded.stats().keys]
      : await redis.call((r) => Promise.all([r.info(), r.dbsize()]));
    const info = parseInfo(text);
    return ok({ dbSize: keys, info, time: Date.now() });
  });

  // --- Redis terminal: whether there is a Redis to talk to (issue 29: the page says so before a command is typed)
  app.get(
    '/sys/monitor/redis/terminal/status',
    { config: { access: page(MONITOR_PAGES.redisTerminal), background: true } },
    async () => ok({ configured: redis.configured }),
  );

  // --- Redis terminal: allow-listed read-only commands, audited one by one
  app.post(
    '/sys/monitor/redis/terminal',
    { config: { access: { perm: REDIS_TERMINAL_PERM }, audit: false } },
    async (req) => {
      const { command: line } = parse(terminalBody, req.body);
      const user = req.auth!.user;
      const ns = app.ctx.config.redisPrefix;
      /** the checked command's name, the only part of a run command that is logged */
      let name = '';
      const audit = (content: string, started: number, refused = false) =>
        app.ctx.audit.write({
          logType: 2,
          content,
          operateType: 1,
          userid: user.username,
          username: user.realname,
          ip: req.ip,
          method: 'POST /sys/monitor/redis/terminal',
          requestUrl: '/sys/monitor/redis/terminal',
          // the command's name only: arguments can carry secrets (a refused line keeps loggedLine's rule)
          requestParam: { command: refused ? loggedLine(line, true) : name },
          requestType: 'POST',
          costTime: Math.round(performance.now() - started),
        });
      const started = performance.now();
      let cmd: { command: string; args: string[] };
      try {
        cmd = checkTerminalCommand(line, ns);
        name = cmd.command;
      } catch (err) {
        await audit(`Redis终端 拒绝: ${loggedLine(line, true)}`, started, true);
        throw err;
      }
      const text = [cmd.command, ...cmd.args].join(' ').slice(0, 300);
      let reply: unknown;
      try {
        const r = await redis.get();
        reply = await r.call(cmd.command, ...cmd.args);
        if (cmd.command === 'SCAN') reply = withoutSecurityKeys(reply, ns);
      } catch (err) {
        await audit(`Redis终端 失败: ${name}`, started);
        if (err instanceof AppError) throw err;
        // Redis' own error answers (wrong type, syntax) are shown; connection failures are not detailed
        const msg = (err as Error).message ?? '';
        if (/^(WRONGTYPE|ERR) /.test(msg)) throw bizError(msg.slice(0, 300));
        throw bizError(REDIS_FAILED);
      }
      await audit(`Redis终端: ${name}`, started);
      return ok({ command: text, reply: shapeReply(reply), took: Math.round(performance.now() - started) });
    },
  );

  // --- disks (DiskMonitoring.vue calls it under /redis/, the issue names the short path; both answer)
  const disks = async () => {
    try {
      return ok(await diskInfo(), '查询成功');
    } catch {
      // JeecgBoot appends the exception text; ours could carry a path, so it is not shown
      throw bizError('查询失败');
    }
  };
  app.get('/sys/actuator/redis/queryDiskInfo', { config: { access: page(MONITOR_PAGES.disk) } }, disks);
  app.get('/sys/actuator/queryDiskInfo', { config: { access: page(MONITOR_PAGES.disk) } }, disks);

  // --- actuator (JvmInfo / TomcatInfo / SystemInfo / HttpTrace .vue): raw Spring Boot shapes
  app.get('/actuator/metrics', { config: { access: METRICS_ACCESS } }, async () => ({ names: METRIC_NAMES }));
  app.get<{ Params: { name: string } }>(
    '/actuator/metrics/:name',
    // the original client asks these once per page load or 刷新 click (a user action, so not `background`)
    { config: { access: METRICS_ACCESS } },
    async (req, reply) => {
      const m = actuatorMetric(req.params.name, monitor());
      if (!m) return sendError(reply, 'NOT_FOUND');
      return m;
    },
  );
  app.get('/actuator/httptrace', { config: { access: page(MONITOR_PAGES.httpTrace), background: true } }, async () => ({
    traces: monitor().entries().map(toSpringTrace),
  }));

  // --- our pages' envelopes
  app.get('/sys/monitor/node', { config: { access: page(MONITOR_PAGES.jvm), background: true } }, async () =>
    ok({ ...runtimeSnapshot(), time: Date.now() }),
  );
  app.get('/sys/monitor/system', { config: { access: page(MONITOR_PAGES.system), background: true } }, async () =>
    ok({ ...systemSnapshot(), time: Date.now() }),
  );
  app.get('/sys/monitor/http', { config: { access: page(MONITOR_PAGES.tomcat), background: true } }, async () => {
    const m = monitor();
    return ok({
      time: Date.now(),
      startedAt: m.startedAt,
      connections: {
        open: m.connectionsOpen,
        peak: m.connectionsPeak,
        opened: m.connectionsOpened,
        closed: m.connectionsClosed,
      },
      requests: m.requests,
      rejected: m.rejected,
      statusClasses: {
        '1xx': m.statusClasses[1],
        '2xx': m.statusClasses[2],
        '3xx': m.statusClasses[3],
        '4xx': m.statusClasses[4],
        '5xx': m.statusClasses[5],
      },
      methods: Object.fromEntries(m.methods),
      latency: {
        meanMs: m.requests ? m.totalMs / m.requests : 0,
        maxMs: m.maxMs,
        p50Ms: m.quantile(0.5),
        p90Ms: m.quantile(0.9),
        p99Ms: m.quantile(0.99),
        // `le` null: slower than the last bound
        buckets: [...LATENCY_BUCKETS_MS, null].map((le, i) => ({ le, count: m.latency[i] })),
      },
    });
  });
  app.get('/sys/monitor/postgres', { config: { access: page(MONITOR_PAGES.postgres), background: true } }, async () =>
    ok({ ...(await postgresStats(app.ctx.database)), time: Date.now() }),
  );
}
