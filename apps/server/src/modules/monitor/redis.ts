import { Redis } from 'ioredis';
import { REDIS_CLIENT_OPTIONS, redisReady } from '../../infra/kv.ts';
import { bizError } from '../../platform/errors.ts';

/** the answer of every Redis monitor endpoint in embedded mode (no REDIS_URL) */
export const NO_REDIS = '未配置 Redis';
export const REDIS_FAILED = '获取 Redis 信息失败';

/** Chinese descriptions of the INFO properties shown on the Redis page (others have none, as in JeecgBoot) */
export const INFO_DESCRIPTIONS: Record<string, string> = {
  redis_version: 'Redis 服务器版本',
  redis_mode: '运行模式（standalone / sentinel / cluster）',
  os: 'Redis 服务器的宿主操作系统',
  arch_bits: '架构（32 或 64 位）',
  process_id: 'Redis 服务器进程的 PID',
  tcp_port: 'TCP/IP 监听端口',
  uptime_in_seconds: '自 Redis 服务器启动以来，经过的秒数',
  uptime_in_days: '自 Redis 服务器启动以来，经过的天数',
  hz: '服务器的后台任务频率',
  connected_clients: '已连接客户端的数量（不包括通过从属服务器连接的客户端）',
  blocked_clients: '正在等待阻塞命令（BLPOP、BRPOP、BRPOPLPUSH）的客户端的数量',
  used_memory: '由 Redis 分配器分配的内存总量，以字节（byte）为单位',
  used_memory_human: '以人类可读的格式返回 Redis 分配的内存总量',
  used_memory_rss: '从操作系统的角度，返回 Redis 已分配的内存总量（俗称常驻集大小）',
  used_memory_peak: 'Redis 的内存消耗峰值（以字节为单位）',
  used_memory_peak_human: '以人类可读的格式返回 Redis 的内存消耗峰值',
  used_memory_lua: 'Lua 引擎所使用的内存大小（以字节为单位）',
  maxmemory: '内存上限（0 表示不限）',
  maxmemory_policy: '达到内存上限时的淘汰策略',
  mem_fragmentation_ratio: 'used_memory_rss 和 used_memory 之间的比率',
  mem_allocator: '在编译时指定的 Redis 所使用的内存分配器',
  loading: '服务器是否正在载入持久化文件',
  rdb_changes_since_last_save: '距离最近一次成功创建持久化文件之后，经过了多少秒',
  rdb_bgsave_in_progress: '服务器是否正在创建 RDB 文件',
  rdb_last_save_time: '最近一次成功创建 RDB 文件的 UNIX 时间戳',
  rdb_last_bgsave_status: '最近一次创建 RDB 文件的结果是成功还是失败',
  aof_enabled: 'AOF 是否处于打开状态',
  aof_rewrite_in_progress: '服务器是否正在创建 AOF 文件',
  total_connections_received: '服务器已接受的连接请求数量',
  total_commands_processed: '服务器已执行的命令数量',
  instantaneous_ops_per_sec: '服务器每秒钟执行的命令数量',
  rejected_connections: '因为最大客户端数量限制而被拒绝的连接请求数量',
  expired_keys: '因为过期而被自动删除的数据库键数量',
  evicted_keys: '因为最大内存容量限制而被驱逐（evict）的键数量',
  keyspace_hits: '查找数据库键成功的次数',
  keyspace_misses: '查找数据库键失败的次数',
  pubsub_channels: '目前被订阅的频道数量',
  pubsub_patterns: '目前被订阅的模式数量',
  latest_fork_usec: '最近一次 fork() 操作耗费的微秒数',
  role: '角色（master / slave）',
  connected_slaves: '已连接的从服务器数量',
  used_cpu_sys: 'Redis 服务器耗费的系统 CPU',
  used_cpu_user: 'Redis 服务器耗费的用户 CPU',
};

/** INFO text → `{section: {key: value}}` */
export function parseInfo(text: string): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  let section = 'default';
  for (const line of text.split(/\r?\n/)) {
    if (!line) continue;
    if (line.startsWith('#')) {
      section = line.slice(1).trim().toLowerCase();
      out[section] ??= {};
      continue;
    }
    const i = line.indexOf(':');
    if (i <= 0) continue;
    out[section] ??= {};
    out[section][line.slice(0, i)] = line.slice(i + 1);
  }
  return out;
}

/**
 * The monitor's own Redis connection (not the session/KV one, so a slow INFO never queues behind application
 * traffic), opened on first use and closed with the app.
 */
export class RedisProbe {
  private client: Redis | undefined;
  private ready: Promise<boolean> | undefined;

  constructor(private readonly url: string | undefined) {}

  get configured(): boolean {
    return !!this.url;
  }

  /** the connected client; NO_REDIS in embedded mode, REDIS_FAILED while Redis cannot be reached */
  async get(): Promise<Redis> {
    if (!this.url) throw bizError(NO_REDIS);
    if (!this.client) {
      this.client = new Redis(this.url, { ...REDIS_CLIENT_OPTIONS, connectionName: 'answer-monitor' });
      this.client.on('error', () => {
        /* reported by the calls that fail */
      });
      this.ready = redisReady(this.client, 2000);
    }
    if (this.client.status !== 'ready' && !(await this.ready)) {
      this.ready = redisReady(this.client, 1000);
      throw bizError(REDIS_FAILED);
    }
    return this.client;
  }

  async call<T>(fn: (r: Redis) => Promise<T>): Promise<T> {
    const r = await this.get();
    try {
      return await fn(r);
    } catch {
      throw bizError(REDIS_FAILED);
    }
  }

  close() {
    this.client?.disconnect();
    this.client = undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Redis terminal: an allow-list of read-only commands (contract-2 §8: no free-form command endpoint)

interface Allowed {
  /** which arguments are key names: the first one, every one, or the second (sub-command, key) */
  keys?: 'first' | 'all' | 'second';
  /** argument count bounds */
  min: number;
  max: number;
  /** checks/rewrites the arguments (caps on counts); throws bizError to refuse */
  check?: (args: string[]) => string[];
  /** first argument must be one of these (sub-commands) */
  sub?: readonly string[];
}

/** most elements a terminal answer shows */
export const TERMINAL_MAX_ITEMS = 200;
/** SCAN / SSCAN / HSCAN / ZSCAN: COUNT is capped here */
export const SCAN_MAX_COUNT = 1000;

const rangeCap = (args: string[]) => {
  const start = Number(args[1]);
  const stop = Number(args[2]);
  if (!Number.isInteger(start) || !Number.isInteger(stop)) throw bizError('范围必须是整数');
  if (start < 0 || stop < 0 || stop - start >= TERMINAL_MAX_ITEMS)
    throw bizError(`范围最多 ${TERMINAL_MAX_ITEMS} 个元素，且不能使用负数下标`);
  return args;
};

/** SCAN-family options: MATCH and TYPE kept, COUNT capped, anything else refused */
const scanCap = (cursorAt: number) => (args: string[]) => {
  if (!/^\d+$/.test(args[cursorAt] ?? '')) throw bizError('游标必须是非负整数');
  const out = args.slice(0, cursorAt + 1);
  let count = 100;
  for (let i = cursorAt + 1; i < args.length; i += 2) {
    const opt = args[i].toUpperCase();
    const v = args[i + 1];
    if (v === undefined) throw bizError(`${opt} 缺少参数`);
    if (opt === 'MATCH' || opt === 'TYPE') out.push(opt, v);
    else if (opt === 'COUNT') {
      const n = Number(v);
      if (!Number.isInteger(n) || n <= 0) throw bizError('COUNT 必须是正整数');
      count = Math.min(n, SCAN_MAX_COUNT);
    } else throw bizError(`不支持的选项：${opt}`);
  }
  out.push('COUNT', String(count));
  return out;
};

export const TERMINAL_COMMANDS: Record<string, Allowed> = {
  PING: { min: 0, max: 0 },
  ECHO: { min: 1, max: 1 },
  TIME: { min: 0, max: 0 },
  DBSIZE: { min: 0, max: 0 },
  INFO: { min: 0, max: 1 },
  LASTSAVE: { min: 0, max: 0 },
  ROLE: { min: 0, max: 0 },
  TYPE: { keys: 'first', min: 1, max: 1 },
  EXISTS: { keys: 'all', min: 1, max: 10 },
  TTL: { keys: 'first', min: 1, max: 1 },
  PTTL: { keys: 'first', min: 1, max: 1 },
  GET: { keys: 'first', min: 1, max: 1 },
  STRLEN: { keys: 'first', min: 1, max: 1 },
  GETRANGE: { keys: 'first', min: 3, max: 3 },
  MGET: { keys: 'all', min: 1, max: 20 },
  HGET: { keys: 'first', min: 2, max: 2 },
  HMGET: { keys: 'first', min: 2, max: 21 },
  HLEN: { keys: 'first', min: 1, max: 1 },
  HEXISTS: { keys: 'first', min: 2, max: 2 },
  HSCAN: { keys: 'first', min: 2, max: 8, check: scanCap(1) },
  LLEN: { keys: 'first', min: 1, max: 1 },
  LINDEX: { keys: 'first', min: 2, max: 2 },
  LRANGE: { keys: 'first', min: 3, max: 3, check: rangeCap },
  SCARD: { keys: 'first', min: 1, max: 1 },
  SISMEMBER: { keys: 'first', min: 2, max: 2 },
  SSCAN: { keys: 'first', min: 2, max: 8, check: scanCap(1) },
  ZCARD: { keys: 'first', min: 1, max: 1 },
  ZSCORE: { keys: 'first', min: 2, max: 2 },
  ZRANK: { keys: 'first', min: 2, max: 2 },
  ZRANGE: { keys: 'first', min: 3, max: 3, check: rangeCap },
  ZSCAN: { keys: 'first', min: 2, max: 8, check: scanCap(1) },
  SCAN: { min: 1, max: 7, check: scanCap(0) },
  MEMORY: { keys: 'second', min: 2, max: 2, sub: ['USAGE'] },
  OBJECT: { keys: 'second', min: 2, max: 2, sub: ['ENCODING', 'IDLETIME', 'FREQ', 'REFCOUNT'] },
};

// ---------------------------------------------------------------------------------------------------------------
// Security state is never readable through the terminal (issue 28 security item 1, ADR 053)

/**
 * Key name patterns of security state kept in Redis: SMS codes, captcha answers, lockout and rate-limit counters,
 * password-reset tickets (infra/kv.ts users) and the sign-in state JeecgBoot itself keeps when it shares the Redis
 * (`prefix_user_token_*`, shiro sessions). A key matches when any colon-separated part of it starts such a pattern,
 * so the rule holds under every REDIS_PREFIX (several deployments may share one Redis).
 */
const SECURITY_KEY_PATTERNS: readonly RegExp[] = [
  /(^|:)(sms|captcha|lock|pwreset|rl|sess|session|sessions|token|tokens|login|otp|ticket|shiro)(:|_|$)/i,
  /token/i,
  /passw(or)?d|secret|credential/i,
];

/**
 * True for a key the terminal must not read or list. The application's own namespace (`ns`, REDIS_PREFIX) holds
 * nothing but security state (infra/kv.ts: captcha, SMS, lockout, rate limits, reset tickets), so every key in it is
 * protected except those under `<ns>cache:` — a future secret stored through the KV is protected without a change
 * here.
 */
export function isSecurityKey(key: string, ns = ''): boolean {
  if (ns && key.startsWith(ns) && !key.startsWith(`${ns}cache:`)) return true;
  return SECURITY_KEY_PATTERNS.some((re) => re.test(key));
}

export const SECURITY_KEY_REFUSAL = '该键保存登录安全数据（验证码、短信验证码、会话、锁定计数），不能在终端读取';

/** refuses a command naming a protected key (the keys found by `def.keys`) */
function checkKeys(def: Allowed, args: string[], ns: string): void {
  const keys =
    def.keys === 'first' ? args.slice(0, 1) : def.keys === 'all' ? args : def.keys === 'second' ? args.slice(1, 2) : [];
  if (keys.some((k) => isSecurityKey(k, ns))) throw bizError(SECURITY_KEY_REFUSAL);
}

/** a SCAN reply without the protected keys (their names are not shown either: a captcha key names its answer's hash) */
export function withoutSecurityKeys(reply: unknown, ns = ''): unknown {
  if (!Array.isArray(reply) || reply.length !== 2 || !Array.isArray(reply[1])) return reply;
  const keys = (reply[1] as unknown[]).filter(
    (k) => !isSecurityKey(Buffer.isBuffer(k) ? k.toString('utf8') : String(k), ns),
  );
  return [reply[0], keys];
}

/**
 * What the operation log records of a terminal line: the command and its arguments when it ran (key names only —
 * protected keys never run), only the command word for a refused line (a refused `AUTH`, `CONFIG SET requirepass`,
 * `MIGRATE … AUTH` carries a password, and a refused line is never sent).
 */
export function loggedLine(line: string, refused: boolean): string {
  let words: string[];
  try {
    words = tokenize(line);
  } catch {
    words = line.trim().split(/\s+/);
  }
  const command = (words[0] ?? '').toUpperCase().slice(0, 40);
  if (!refused) return words.join(' ').slice(0, 300);
  return words.length > 1 ? `${command}（参数已隐去）` : command;
}

/** commands refused with a reason of their own (writes and dangerous reads fall under the generic refusal) */
const NAMED_REFUSALS: Record<string, string> = {
  KEYS: 'KEYS 会阻塞 Redis，请使用 SCAN（最多 1000 个）',
  CONFIG: '不允许执行 CONFIG',
  EVAL: '不允许执行脚本',
  EVALSHA: '不允许执行脚本',
  EVAL_RO: '不允许执行脚本',
  EVALSHA_RO: '不允许执行脚本',
  FCALL: '不允许执行脚本',
  FCALL_RO: '不允许执行脚本',
  SCRIPT: '不允许执行脚本',
  FUNCTION: '不允许执行脚本',
  FLUSHALL: '不允许清空数据',
  FLUSHDB: '不允许清空数据',
  MONITOR: '不允许执行 MONITOR',
  DEBUG: '不允许执行 DEBUG',
  SHUTDOWN: '不允许执行 SHUTDOWN',
};

/** one command line → its words (double or single quotes group words; backslash escapes inside double quotes) */
export function tokenize(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < line.length) {
    while (i < line.length && /\s/.test(line[i])) i++;
    if (i >= line.length) break;
    let word = '';
    const q = line[i];
    if (q === '"' || q === "'") {
      i++;
      while (i < line.length && line[i] !== q) {
        if (q === '"' && line[i] === '\\' && i + 1 < line.length) i++;
        word += line[i++];
      }
      if (i >= line.length) throw bizError('引号未闭合');
      i++;
    } else {
      while (i < line.length && !/\s/.test(line[i])) word += line[i++];
    }
    out.push(word);
  }
  return out;
}

/** the command to send, or a bizError with the refusal (only allow-listed read-only commands pass) */
export function checkTerminalCommand(line: string, ns = ''): { command: string; args: string[] } {
  const words = tokenize(line);
  if (words.length === 0) throw bizError('请输入命令');
  const command = words[0].toUpperCase();
  const args = words.slice(1);
  const def = Object.hasOwn(TERMINAL_COMMANDS, command) ? TERMINAL_COMMANDS[command] : undefined;
  if (!def) {
    const named = Object.hasOwn(NAMED_REFUSALS, command) ? NAMED_REFUSALS[command] : undefined;
    throw bizError(named ?? `不允许执行该命令：${command.slice(0, 40)}（Redis 终端只允许只读命令）`);
  }
  if (args.length < def.min || args.length > def.max) throw bizError(`${command} 的参数个数不正确`);
  if (def.sub) {
    const sub = args[0].toUpperCase();
    if (!def.sub.includes(sub)) throw bizError(`不允许执行 ${command} ${sub.slice(0, 40)}`);
    args[0] = sub;
  }
  checkKeys(def, args, ns);
  return { command, args: def.check ? def.check(args) : args };
}

/** a Redis reply made JSON-safe and bounded: lists cut at TERMINAL_MAX_ITEMS, strings at 64 KB */
export function shapeReply(v: unknown, depth = 0): unknown {
  if (v === null || v === undefined) return null;
  if (Buffer.isBuffer(v)) return shapeReply(v.toString('utf8'), depth);
  if (typeof v === 'string') return v.length > 65_536 ? `${v.slice(0, 65_536)}…` : v;
  if (typeof v === 'number') return v;
  if (Array.isArray(v)) {
    if (depth > 3) return '[…]';
    const items = v.slice(0, TERMINAL_MAX_ITEMS).map((x) => shapeReply(x, depth + 1));
    if (v.length > TERMINAL_MAX_ITEMS) items.push(`…（共 ${v.length} 项，只显示前 ${TERMINAL_MAX_ITEMS} 项）`);
    return items;
  }
  return String(v);
}
