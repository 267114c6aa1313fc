import { http } from './http';

/**
 * 系统监控 (contract-2 §2; server modules/monitor). JeecgBoot's endpoints keep their shapes for its own client; our
 * pages read the same figures, mostly through the `/sys/monitor/*` envelopes (one call per refresh).
 */

export const MONITOR_URLS = {
  node: '/sys/monitor/node',
  system: '/sys/monitor/system',
  http: '/sys/monitor/http',
  postgres: '/sys/monitor/postgres',
  redis: '/sys/monitor/redis',
  redisInfo: '/sys/actuator/redis/info',
  terminal: '/sys/monitor/redis/terminal',
  disk: '/sys/actuator/queryDiskInfo',
  httpTrace: '/actuator/httptrace',
} as const;

/** the server's business failure message, or the fallback */
async function unwrap<T>(p: Promise<{ success: boolean; message: string; result: T }>, fallback: string): Promise<T> {
  const res = await p;
  if (!res.success) throw new Error(res.message || fallback);
  return res.result;
}

export interface NodeRuntime {
  node: string;
  v8: string;
  pid: number;
  uptime: number;
  startTime: number;
  memory: {
    rss: number;
    heapUsed: number;
    heapTotal: number;
    heapLimit: number;
    external: number;
    arrayBuffers: number;
    mallocedMemory: number;
    oldSpace: { used: number; size: number; max: number };
  };
  eventLoopDelay: {
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    maxEver: number;
    windowMs: number;
  };
  gc: { count: number; totalMs: number; maxMs: number; byKind: Record<string, { count: number; totalMs: number }> };
  handles: { total: number; byType: Record<string, number> };
  threads: number;
  threadPool: number;
  openFiles: number | null;
  maxFiles: number | null;
  cpu: number;
  time: number;
}

export interface SystemFigures {
  hostname: string;
  platform: string;
  release: string;
  type: string;
  arch: string;
  cpuModel: string;
  cpuCount: number;
  systemCpu: number;
  processCpu: number;
  loadAverage: [number, number, number];
  totalMemory: number;
  freeMemory: number;
  uptime: number;
  processUptime: number;
  processStartTime: number;
  node: string;
  time: number;
}

export interface HttpFigures {
  time: number;
  startedAt: number;
  connections: { open: number; peak: number; opened: number; closed: number };
  requests: number;
  rejected: number;
  statusClasses: Record<'1xx' | '2xx' | '3xx' | '4xx' | '5xx', number>;
  methods: Record<string, number>;
  latency: {
    meanMs: number;
    maxMs: number;
    p50Ms: number;
    p90Ms: number;
    p99Ms: number;
    /** `le` null: slower than the last bound */
    buckets: Array<{ le: number | null; count: number }>;
  };
}

export interface PostgresFigures {
  kind: 'pg' | 'pglite';
  version: string | null;
  database: string | null;
  sizeBytes: number | null;
  maxConnections: number | null;
  sharedBuffers: string | null;
  connections: Array<{ state: string; count: number }> | null;
  cache: {
    hitRatio: number | null;
    blocksHit: number;
    blocksRead: number;
    commits: number | null;
    rollbacks: number | null;
    deadlocks: number | null;
    tempBytes: number | null;
    rowsReturned: number | null;
    rowsInserted: number | null;
    rowsUpdated: number | null;
    rowsDeleted: number | null;
  } | null;
  longest: Array<{
    pid: number;
    user: string | null;
    state: string | null;
    seconds: number | null;
    wait: string | null;
    query: string | null;
  }> | null;
  tables: Array<{
    name: string;
    bytes: number;
    rows: number | null;
    seqScans: number | null;
    indexScans: number | null;
  }> | null;
  time: number;
}

export interface RedisFigures {
  dbSize: number;
  /** INFO sections: section → property → value */
  info: Record<string, Record<string, string>>;
  time: number;
}

export interface RedisInfoRow {
  key: string;
  value: string;
  description: string | null;
}

export interface DiskInfo {
  name: string;
  max: number;
  rest: number;
  /** used %, integer (JeecgBoot's restPPT) */
  restPPT: number;
  usable: number;
  fsType: string;
  device: string;
}

export interface HttpTrace {
  timestamp: string;
  principal: { name: string } | null;
  request: { method: string; uri: string; headers: Record<string, string[]>; remoteAddress: string };
  response: { status: number; headers: Record<string, string[]> };
  timeTaken: number;
}

export interface TerminalAnswer {
  command: string;
  reply: unknown;
  took: number;
}

const quiet = { silent: true } as const;

export const fetchNodeRuntime = () =>
  unwrap(http.get<NodeRuntime>(MONITOR_URLS.node, undefined, quiet), '获取运行时信息失败');
export const fetchSystem = () =>
  unwrap(http.get<SystemFigures>(MONITOR_URLS.system, undefined, quiet), '获取服务器信息失败');
export const fetchHttp = () => unwrap(http.get<HttpFigures>(MONITOR_URLS.http, undefined, quiet), '获取HTTP信息失败');
export const fetchPostgres = () =>
  unwrap(http.get<PostgresFigures>(MONITOR_URLS.postgres, undefined, quiet), '获取数据库信息失败');
export const fetchRedis = () =>
  unwrap(http.get<RedisFigures>(MONITOR_URLS.redis, undefined, quiet), '获取 Redis 信息失败');
export const fetchRedisInfo = () =>
  unwrap(http.get<RedisInfoRow[]>(MONITOR_URLS.redisInfo, undefined, quiet), '获取 Redis 信息失败');
export const fetchDisks = () => unwrap(http.get<DiskInfo[]>(MONITOR_URLS.disk, undefined, quiet), '查询失败');

/** the raw Spring shape (no envelope); the http client hands it over as `result` */
export async function fetchHttpTrace(): Promise<HttpTrace[]> {
  const res = await http.get<{ traces?: HttpTrace[] }>(MONITOR_URLS.httpTrace, undefined, quiet);
  if (!res.success || !Array.isArray(res.result?.traces)) throw new Error(res.message || '获取HTTP信息失败');
  return res.result.traces;
}

/** whether the server has a Redis at all (embedded mode has none: every command would answer 未配置 Redis) */
export const redisTerminalStatus = () =>
  http.get<{ configured: boolean }>('/sys/monitor/redis/terminal/status', undefined, quiet);

/** runs one allow-listed read-only command; a refusal comes back as the server's message */
export function runRedisCommand(command: string) {
  return http.post<TerminalAnswer>(MONITOR_URLS.terminal, { command });
}
