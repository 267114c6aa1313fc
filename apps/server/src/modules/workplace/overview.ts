import type { Health, Overview } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { RedisProbe } from '../monitor/redis.ts';
import { eventLoopDelay, startRuntimeSamplers } from '../monitor/runtime.ts';

/** a probe that has not answered within this is reported DOWN */
export const PROBE_TIMEOUT_MS = 2000;

/** Redis reached through the monitoring pages' probe (its own connection, as the Redis page has) */
export class OverviewProbe {
  private readonly redis: RedisProbe;
  constructor(app: FastifyInstance) {
    startRuntimeSamplers();
    this.redis = new RedisProbe(app.ctx.config.redisUrl);
  }
  get redisConfigured() {
    return this.redis.configured;
  }
  pingRedis(): Promise<unknown> {
    return this.redis.call((r) => r.ping());
  }
  close() {
    this.redis.close();
  }
}

async function timed(p: () => Promise<unknown>): Promise<{ status: Health; pingMs: number | null }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      p(),
      new Promise((_, rej) => {
        timer = setTimeout(() => rej(new Error('timeout')), PROBE_TIMEOUT_MS);
        timer.unref();
      }),
    ]);
    return { status: 'UP', pingMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { status: 'DOWN', pingMs: null };
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/**
 * The figures of the monitoring pages in one answer: the HTTP meters (monitor/http-monitor.ts, as 请求监控 shows them),
 * the event-loop delay window (monitor/runtime.ts, as 运行时信息 shows it), a database ping (as /readyz) and a Redis
 * PING through the Redis page's probe.
 */
export async function overview(app: FastifyInstance, probe: OverviewProbe): Promise<Overview> {
  const m = app.httpMonitor;
  const loop = eventLoopDelay();
  const [database, redis] = await Promise.all([
    timed(() => app.ctx.database.ping()),
    probe.redisConfigured ? timed(() => probe.pingRedis()) : Promise.resolve(null),
  ]);
  return {
    time: Date.now(),
    startedAt: m.startedAt,
    requests: m.requests,
    errors5xx: m.statusClasses[5],
    errors4xx: m.statusClasses[4],
    rejected: m.rejected,
    latency: {
      meanMs: m.requests ? m.totalMs / m.requests : 0,
      p50Ms: m.quantile(0.5),
      p90Ms: m.quantile(0.9),
      p99Ms: m.quantile(0.99),
      maxMs: m.maxMs,
    },
    eventLoopDelay: { mean: loop.mean, p99: loop.p99, max: loop.max, windowMs: loop.windowMs },
    database: { kind: app.ctx.database.kind, ...database },
    redis: redis ? { configured: true, ...redis } : { configured: false, status: null, pingMs: null },
  };
}
