/**
 * What a stored gateway route means (docs/decisions/030-gateway.md): predicates and filters are inert JSON; the
 * server understands the Path and Method predicates and the StripPrefix and PreserveAuthHeaders filters, and never
 * evaluates anything (Spring's SpEL in filter args was CVE-2022-22947). Pure functions, tested in match.test.ts.
 */

export interface RouteDef {
  name: string;
  args: unknown;
}

/** schemes the proxy forwards to; lb:// and ws:// routes of the cloud edition are stored but not applied */
export const PROXY_SCHEMES = new Set(['http:', 'https:']);
export const STORED_ONLY_SCHEMES = /^(lb|lb:ws|lb:wss|ws|wss):\/\//i;

/** first path segments the gateway never takes: the API, the sockets, health checks and the web app's own files */
export const RESERVED_PREFIXES = ['jeecg-boot', 'websocket', 'vxeSocket', 'eoaSocket', 'healthz', 'readyz', 'assets'];

const SEGMENT = /^[A-Za-z0-9_.~*?{}-]*$/;

/**
 * A Spring AntPathMatcher-style pattern as a RegExp: `**` any number of segments, `*` any text within one segment,
 * `?` one character, `{name}` one non-empty segment. `{name:regex}` is refused (no user regular expressions).
 * Throws a Chinese message for a pattern it refuses.
 */
export function compilePattern(pattern: string, reserved = true): RegExp {
  if (typeof pattern !== 'string' || !pattern.startsWith('/')) throw `路径 ${String(pattern)} 必须以 / 开头`;
  if (pattern.length > 200) throw '路径长度不能超过 200 个字符';
  const segs = pattern.slice(1).split('/');
  const first = segs[0];
  if (!first || /[*?{}]/.test(first)) throw `路径 ${pattern} 的第一段必须是固定文字（如 /api/**），不能匹配全部请求`;
  if (reserved && RESERVED_PREFIXES.includes(first)) throw `路径 ${pattern} 与本系统自身的地址 /${first} 冲突`;
  let re = '^';
  for (const seg of segs) {
    if (/\{[^}]*:/.test(seg)) throw `路径 ${pattern} 中的变量格式不正确，只支持 {name}`;
    if (!SEGMENT.test(seg)) throw `路径 ${pattern} 含不允许的字符`;
    if (seg === '**') {
      re += '(?:/[^/]*)*';
      continue;
    }
    if (seg.includes('**')) throw `路径 ${pattern} 中 ** 必须单独成段`;
    let part = '';
    for (let i = 0; i < seg.length; i++) {
      const c = seg[i];
      if (c === '*') part += '[^/]*';
      else if (c === '?') part += '[^/]';
      else if (c === '{') {
        const end = seg.indexOf('}', i);
        const name = end < 0 ? '' : seg.slice(i + 1, end);
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw `路径 ${pattern} 中的变量格式不正确，只支持 {name}`;
        part += '[^/]+';
        i = end;
      } else if (c === '}') throw `路径 ${pattern} 中的变量格式不正确，只支持 {name}`;
      else part += c.replace(/[.\\^$+()[\]|]/g, '\\$&');
    }
    re += `/${part}`;
  }
  return new RegExp(`${re}$`);
}

/** the values of a predicate / filter args: JeecgBoot sends string arrays, `{key,value}` arrays or objects */
function argValues(args: unknown): unknown[] {
  if (args === null || args === undefined) return [];
  if (Array.isArray(args))
    return args.map((a) => (a && typeof a === 'object' && 'value' in a ? (a as { value: unknown }).value : a));
  if (typeof args === 'object') return Object.values(args as Record<string, unknown>);
  return [args];
}

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];
export const MAX_STRIP = 10;

export interface RouteRule {
  patterns: string[];
  paths: RegExp[];
  methods: Set<string> | null;
  strip: number;
  preserveAuth: boolean;
}

export interface Interpreted {
  rule: RouteRule;
  /** why the route cannot be applied (stored only); null when it can */
  inert: string | null;
}

/**
 * Reads predicates and filters: refused shapes throw a Chinese message (a save is refused); understood but not
 * applicable parts give `inert` (stored, listed, not proxied). `reserved: false` for a stored-only (lb://) route,
 * which may name the cloud edition's own paths such as /websocket/**.
 */
export function interpret(predicates: RouteDef[], filters: RouteDef[], reserved = true): Interpreted {
  const rule: RouteRule = { patterns: [], paths: [], methods: null, strip: 0, preserveAuth: false };
  const unsupported: string[] = [];
  for (const p of predicates) {
    if (p.name === 'Path') {
      const values = argValues(p.args);
      if (!values.length) throw 'Path 断言至少需要一个路径';
      for (const v of values) {
        const s = String(v ?? '').trim();
        rule.patterns.push(s);
        rule.paths.push(compilePattern(s, reserved));
      }
    } else if (p.name === 'Method') {
      const values = argValues(p.args).map((v) =>
        String(v ?? '')
          .trim()
          .toUpperCase(),
      );
      for (const m of values) if (!HTTP_METHODS.includes(m)) throw `Method 断言不支持 ${m}`;
      rule.methods = new Set(values);
    } else unsupported.push(p.name);
  }
  for (const f of filters) {
    if (f.name === 'StripPrefix') {
      const [v] = argValues(f.args);
      const n = Number(v);
      if (v === '' || v === null || !Number.isInteger(n) || n < 0 || n > MAX_STRIP)
        throw `StripPrefix 的参数必须是 0 到 ${MAX_STRIP} 的整数`;
      rule.strip = n;
    } else if (f.name === 'PreserveAuthHeaders') rule.preserveAuth = true;
    // other filters (Hystrix, RequestRateLimiter, …) are kept as inert JSON
  }
  let inert: string | null = null;
  if (unsupported.length) inert = `含本系统不支持的断言 ${unsupported.join('、')}，不转发`;
  else if (!rule.paths.length) inert = '没有 Path 断言，不转发';
  return { rule, inert };
}

/** `host` or `host:port` entries, comma separated, lower-cased; empty → nothing allowed */
export function parseAllowList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

export function hostAllowed(url: URL, allow: readonly string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allow.some((a) => {
    let h = a;
    let p = '';
    const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(a);
    if (v6) [h, p] = [v6[1], v6[2] ?? ''];
    else if (a.split(':').length === 2) [h, p] = a.split(':');
    return h === host && (!p || p === port);
  });
}

export type TargetCheck = { kind: 'proxy'; url: URL } | { kind: 'stored'; note: string };

/** the route's uri: http(s) targets must be allow-listed; lb:// and ws:// of the cloud edition are only stored */
export function checkTarget(uri: string, allow: readonly string[]): TargetCheck {
  if (STORED_ONLY_SCHEMES.test(uri)) return { kind: 'stored', note: '集群服务地址（lb:// 或 ws://），仅保存，不转发' };
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw '目标地址格式不正确，应为 http://主机:端口 或 https://主机:端口';
  }
  if (!PROXY_SCHEMES.has(url.protocol)) throw '目标地址只支持 http、https（以及仅保存的 lb://）';
  if (url.username || url.password) throw '目标地址不能包含用户名或密码';
  if (url.search || url.hash) throw '目标地址不能包含查询参数或 #';
  if (!hostAllowed(url, allow))
    throw `目标主机 ${url.host} 不在允许的网关目标列表中（GATEWAY_ALLOWED_HOSTS），不能保存`;
  return { kind: 'proxy', url };
}

/** the path after StripPrefix removed `n` leading segments (Spring: "/a/b/c" strip 1 → "/b/c") */
export function stripPath(path: string, n: number): string {
  if (n <= 0) return path;
  const segs = path.split('/').filter((_, i) => i > 0);
  const rest = segs.slice(n).join('/');
  const out = `/${rest}`;
  return path.endsWith('/') && rest && !out.endsWith('/') ? `${out}/` : out;
}

/** the upstream URL: the target's own path prefix + the (stripped) request path + the original query */
export function targetUrl(target: URL, path: string, query: string): string {
  const basePath = target.pathname.replace(/\/+$/, '');
  return `${target.origin}${basePath}${path}${query}`;
}

/** request paths the gateway never forwards: dot segments and encoded separators (no path tricks through a route) */
export const SUSPICIOUS_PATH = /(^|\/)\.\.?(\/|$)|%2e|%2f|%5c|\\/i;
