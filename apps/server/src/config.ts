import path from 'node:path';
import { z } from 'zod';

/** JeecgBoot's default `jeecg.signatureSecret`; kept as the default so unmodified clients can sign requests. */
export const JEECG_DEFAULT_SIGN_SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';

const bool = (def: 'on' | 'off') =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0'], { message: '只能是 on 或 off' })
    .default(def)
    .transform((v) => v === 'on' || v === 'true' || v === '1');

const intIn = (def: number, min: number, max: number) =>
  z.coerce
    .number({ message: '必须是整数' })
    .int({ message: '必须是整数' })
    .min(min, { message: `不能小于 ${min}` })
    .max(max, { message: `不能大于 ${max}` })
    .default(def);

const urlWith = (protocols: string[]) =>
  z
    .string()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `必须是 ${protocols.map((p) => `${p}//…`).join(' 或 ')} 形式的地址`,
    )
    .optional();

const EnvSchema = z.object({
  PORT: intIn(8080, 0, 65535),
  HOST: z.string().min(1).default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: urlWith(['postgres:', 'postgresql:']),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: urlWith(['redis:', 'rediss:']),
  /** key prefix in Redis, so several installations (or test runs) can share one server */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,40}$/, '只能包含字母、数字、冒号、下划线和横线')
    .default('answer:'),
  SESSION_IDLE_MINUTES: intIn(30, 1, 7 * 24 * 60),
  SESSION_ABSOLUTE_HOURS: intIn(12, 1, 24 * 30),
  CAPTCHA: bool('on'),
  SIGN_SECRET: z.string().min(8, { message: '长度至少 8 个字符' }).default(JEECG_DEFAULT_SIGN_SECRET),
  UPLOAD_DIR: z.string().min(1).optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const o of list) {
        let ok = false;
        try {
          const u = new URL(o);
          ok = (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === o;
        } catch {}
        if (!ok) ctx.addIssue({ code: 'custom', message: `不是合法的来源（如 https://admin.example.com）: ${o}` });
      }
      return list;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** where the built web app lives; served at `/` */
  WEB_DIST: z.string().optional(),
  /** pg pool size and acquire timeout (security rule 14: answer 503 within 3 s) */
  DB_POOL_MAX: intIn(10, 1, 200),
  DB_ACQUIRE_TIMEOUT_MS: intIn(3000, 100, 60000),
  /** per-IP request budget per minute for the whole API (login-like routes have their own stricter limits) */
  RATE_LIMIT_PER_MINUTE: intIn(1200, 10, 1_000_000_000),
  /** per client address per minute for signed-in requests (many sessions behind one NAT: an exam room, an office) */
  RATE_LIMIT_PER_ADDRESS_PER_MINUTE: intIn(30_000, 10, 1_000_000_000),
  /** per-IP budget per minute of each recovery / probing route (sms, register, password reset, checkCaptcha …) */
  AUTH_RATE_LIMIT_PER_MINUTE: intIn(10, 1, 1_000_000_000),
  /**
   * sign-in budgets (issue 29, ADR 061): per client address per minute (an office of 200 behind one NAT signs in at
   * 9:00; the captcha image gets twice as many for refreshes), and per account per minute (any address)
   */
  LOGIN_RATE_LIMIT_PER_MINUTE: intIn(300, 1, 1_000_000_000),
  LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: intIn(10, 1, 1_000_000_000),
  /** trust X-Forwarded-For from a reverse proxy */
  TRUST_PROXY: bool('off'),
  /** JeecgBoot `jeecg.safeMode`, reported as sysSafeMode */
  SAFE_MODE: bool('off'),
  /** role code given to self-registered users (a minimal role; seeded: register_default) */
  REGISTER_DEFAULT_ROLE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, '只能包含字母、数字、下划线和横线')
    .default('register_default'),
  /** notification sockets (security rule 10): open sockets per client address and per user, on each node */
  WS_MAX_SOCKETS_PER_IP: intIn(32, 1, 100_000),
  WS_MAX_SOCKETS_PER_USER: intIn(16, 1, 1000),
  /** accept the original 3.2 client's token-less notification socket (content-free signals only, ADR 021) */
  WS_LEGACY_ANONYMOUS: bool('on'),
  /** third-party apps (企业微信 / 钉钉), JeecgBoot `third-app.*`: the master switch and each app's credentials */
  THIRD_APP_ENABLED: bool('off'),
  /** read by the modules themselves at build time (gateway, jobs); validated here so a typo stops the start */
  GATEWAY: z.enum(['on', 'off'], { message: '只能是 on 或 off' }).optional(),
  JOBS_SCHEDULER: z.enum(['on', 'off'], { message: '只能是 on 或 off' }).optional(),
  JOB_TIME_ZONE: z
    .string()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, '不是有效的时区（如 Asia/Shanghai）')
    .optional(),
  THIRD_APP_WECHAT_ENTERPRISE_CLIENT_ID: z.string().max(200).optional(),
  THIRD_APP_WECHAT_ENTERPRISE_CLIENT_SECRET: z.string().max(500).optional(),
  THIRD_APP_WECHAT_ENTERPRISE_AGENT_ID: z.string().max(100).optional(),
  THIRD_APP_DINGTALK_CLIENT_ID: z.string().max(200).optional(),
  THIRD_APP_DINGTALK_CLIENT_SECRET: z.string().max(500).optional(),
  THIRD_APP_DINGTALK_AGENT_ID: z.string().max(100).optional(),
});

/** one third-party app's settings; `enabled` = the master switch is on and the app has its client id and secret */
export interface ThirdAppSettings {
  enabled: boolean;
  clientId?: string;
  clientSecret?: string;
  agentId?: string;
}

export type Config = {
  port: number;
  host: string;
  env: 'development' | 'production' | 'test';
  databaseUrl?: string;
  dataDir: string;
  redisUrl?: string;
  redisPrefix: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  captcha: boolean;
  signSecret: string;
  uploadDir: string;
  corsOrigins: string[];
  logLevel: string;
  webDist: string;
  dbPoolMax: number;
  dbAcquireTimeoutMs: number;
  rateLimitPerMinute: number;
  rateLimitPerAddressPerMinute: number;
  authRateLimitPerMinute: number;
  loginRateLimitPerMinute: number;
  loginAccountRateLimitPerMinute: number;
  trustProxy: boolean;
  safeMode: boolean;
  registerDefaultRole: string;
  wsMaxSocketsPerIp: number;
  wsMaxSocketsPerUser: number;
  wsLegacyAnonymous: boolean;
  thirdApps: { wechatEnterprise: ThirdAppSettings; dingtalk: ThirdAppSettings };
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`配置错误:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads and validates the environment. Throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v !== '') cleaned[k] = v;
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const thirdApp = (prefix: 'THIRD_APP_WECHAT_ENTERPRISE' | 'THIRD_APP_DINGTALK'): ThirdAppSettings => {
    const clientId = e[`${prefix}_CLIENT_ID`];
    const clientSecret = e[`${prefix}_CLIENT_SECRET`];
    return {
      enabled: e.THIRD_APP_ENABLED && !!clientId && !!clientSecret,
      clientId,
      clientSecret,
      agentId: e[`${prefix}_AGENT_ID`],
    };
  };
  const half = (['THIRD_APP_WECHAT_ENTERPRISE', 'THIRD_APP_DINGTALK'] as const).filter(
    (p) => !!e[`${p}_CLIENT_ID`] !== !!e[`${p}_CLIENT_SECRET`],
  );
  if (half.length) {
    throw new ConfigError(half.map((p) => `${p}_CLIENT_ID / ${p}_CLIENT_SECRET: 必须同时配置`));
  }
  const dataDir = path.resolve(repoRoot, e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    env: e.NODE_ENV,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    captcha: e.CAPTCHA,
    signSecret: e.SIGN_SECRET,
    uploadDir: path.resolve(repoRoot, e.UPLOAD_DIR ?? path.join(e.DATA_DIR, 'upload')),
    corsOrigins: e.CORS_ORIGINS,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(repoRoot, e.WEB_DIST ?? 'apps/web/dist'),
    dbPoolMax: e.DB_POOL_MAX,
    dbAcquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    rateLimitPerAddressPerMinute: e.RATE_LIMIT_PER_ADDRESS_PER_MINUTE,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    loginAccountRateLimitPerMinute: e.LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    safeMode: e.SAFE_MODE,
    registerDefaultRole: e.REGISTER_DEFAULT_ROLE,
    wsMaxSocketsPerIp: e.WS_MAX_SOCKETS_PER_IP,
    wsMaxSocketsPerUser: e.WS_MAX_SOCKETS_PER_USER,
    wsLegacyAnonymous: e.WS_LEGACY_ANONYMOUS,
    thirdApps: { wechatEnterprise: thirdApp('THIRD_APP_WECHAT_ENTERPRISE'), dingtalk: thirdApp('THIRD_APP_DINGTALK') },
  };
}
