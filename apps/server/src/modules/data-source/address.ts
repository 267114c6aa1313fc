import net from 'node:net';

/**
 * What a data source may name (docs/decisions/029-data-sources.md). JeecgBoot passed the client's JDBC URL to the
 * driver as is (SSRF, MySQL autoDeserialize / allowLoadLocalInfile, H2 INIT=…); here the URL is only parsed for host,
 * port, database and a fixed list of harmless options, the driver class comes from a fixed list per type, and the host
 * must match the allow-list (DATA_SOURCE_HOSTS).
 */

export type Engine = 'mysql' | 'postgres';

interface TypeInfo {
  engine: Engine;
  label: string;
  /** JDBC schemes the URL may use */
  schemes: readonly string[];
  drivers: readonly string[];
  defaultPort: number;
}

/** dict database_type codes the server connects to (3.2.0 codes); any other type is stored nowhere */
export const DB_TYPES: Readonly<Record<string, TypeInfo>> = Object.freeze({
  '1': {
    engine: 'mysql',
    label: 'MySQL5.5',
    schemes: ['mysql'],
    drivers: ['com.mysql.jdbc.Driver', 'com.mysql.cj.jdbc.Driver'],
    defaultPort: 3306,
  },
  '4': {
    engine: 'mysql',
    label: 'MySQL5.7+',
    schemes: ['mysql'],
    drivers: ['com.mysql.cj.jdbc.Driver', 'com.mysql.jdbc.Driver'],
    defaultPort: 3306,
  },
  '5': {
    engine: 'mysql',
    label: 'MariaDB',
    schemes: ['mariadb', 'mysql'],
    drivers: ['org.mariadb.jdbc.Driver'],
    defaultPort: 3306,
  },
  '6': {
    engine: 'postgres',
    label: 'PostgreSQL',
    schemes: ['postgresql'],
    drivers: ['org.postgresql.Driver'],
    defaultPort: 5432,
  },
});

export const UNSUPPORTED_TYPE = '暂不支持该数据库类型，仅支持 MySQL、MariaDB 和 PostgreSQL';

/** URL options accepted per engine; value pattern; anything else is refused. Most are JDBC tuning the Node drivers do not need. */
const VALUE = /^[A-Za-z0-9_./+:-]{0,40}$/;
const BOOL = /^(true|false)$/i;
const OPTIONS: Readonly<Record<Engine, Readonly<Record<string, RegExp>>>> = {
  mysql: {
    characterEncoding: /^(utf-?8|utf8mb4)$/i,
    useUnicode: BOOL,
    useSSL: BOOL,
    serverTimezone: VALUE,
    tinyInt1isBit: BOOL,
    allowPublicKeyRetrieval: BOOL,
    zeroDateTimeBehavior: /^(convertToNull|CONVERT_TO_NULL|exception|round)$/,
    autoReconnect: BOOL,
    rewriteBatchedStatements: BOOL,
    nullCatalogMeansCurrent: BOOL,
  },
  postgres: {
    sslmode: /^(disable|allow|prefer|require)$/,
    currentSchema: /^[A-Za-z_][A-Za-z0-9_]{0,62}$/,
    ApplicationName: VALUE,
    stringtype: /^(unspecified|varchar)$/,
  },
};

export interface Address {
  engine: Engine;
  host: string;
  port: number;
  database: string;
  ssl: boolean;
  /** PostgreSQL currentSchema */
  schema?: string;
}

export interface AddressInput {
  dbType: string;
  dbDriver: string;
  dbUrl: string;
  dbName: string;
}

const DB_NAME = /^[A-Za-z0-9_$-]{1,64}$/;
const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** Parses and checks a data source's address; throws a Chinese message (string) naming the problem. */
export function parseAddress(input: AddressInput): Address {
  const type = Object.hasOwn(DB_TYPES, input.dbType) ? DB_TYPES[input.dbType] : undefined;
  if (!type) throw UNSUPPORTED_TYPE;
  if (!type.drivers.includes(input.dbDriver.trim())) {
    throw `驱动类不在允许列表中，${type.label} 可用：${type.drivers.join('、')}`;
  }
  const m = /^jdbc:([a-z]+):\/\/([^/?#]*)(?:\/([^?#]*))?(?:\?([^#]*))?$/.exec(input.dbUrl.trim());
  if (!m) throw `数据源地址格式不正确，应为 jdbc:${type.schemes[0]}://主机:端口/数据库名`;
  const [, scheme, authority, pathDb, query] = m;
  if (!type.schemes.includes(scheme)) throw `数据源地址应以 jdbc:${type.schemes[0]}:// 开头`;
  if (authority.includes('@') || authority.includes(',')) throw '数据源地址只能包含一个主机，不能包含用户名或多个主机';
  const hp = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(authority);
  if (!hp) throw '数据源地址中的主机或端口不正确';
  const host = hp[1].startsWith('[') ? hp[1].slice(1, -1) : hp[1];
  if (!(net.isIP(host) || HOST_NAME.test(host))) throw '数据源地址中的主机名不正确';
  const port = hp[2] ? Number(hp[2]) : type.defaultPort;
  if (!(port >= 1 && port <= 65535)) throw '数据源地址中的端口不正确（1–65535）';
  const database = decodeSafe(pathDb ?? '') || input.dbName.trim();
  if (!DB_NAME.test(database)) throw '数据库名称只能包含字母、数字、下划线、$ 和横线，最长 64 个字符';

  let ssl = false;
  let schema: string | undefined;
  const allowed = OPTIONS[type.engine];
  for (const pair of (query ?? '').split('&').filter(Boolean)) {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    const value = decodeSafe(eq < 0 ? '' : pair.slice(eq + 1));
    if (!Object.hasOwn(allowed, key)) {
      throw `不支持的连接参数：${key.slice(0, 40)}（允许的参数：${Object.keys(allowed).join('、')}）`;
    }
    if (!allowed[key].test(value)) throw `连接参数 ${key} 的值不正确`;
    if (key === 'useSSL') ssl = /^true$/i.test(value);
    if (key === 'sslmode') ssl = value === 'require';
    if (key === 'currentSchema') schema = value;
  }
  return { engine: type.engine, host: host.toLowerCase(), port, database, ssl, schema };
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return '\u0000';
  }
}

/** DATA_SOURCE_HOSTS default: this machine only */
export const DEFAULT_ALLOWED_HOSTS = '127.0.0.1,localhost,::1';

/**
 * The allow-list: comma-separated host names, IP addresses, or `*.example.com` (any name under that domain). Matching
 * is on the host as written in the address, case-insensitive.
 */
export function parseAllowList(value: string | undefined): string[] {
  const list = (value ?? DEFAULT_ALLOWED_HOSTS)
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  for (const e of list) {
    const name = e.startsWith('*.') ? e.slice(2) : e;
    if (!(net.isIP(name) || HOST_NAME.test(name))) {
      throw new Error(`配置错误: DATA_SOURCE_HOSTS 中的 "${e}" 不是主机名、IP 地址或 *.域名`);
    }
  }
  return list;
}

export function hostAllowed(host: string, allow: readonly string[]): boolean {
  const h = host.toLowerCase();
  return allow.some((e) => (e.startsWith('*.') ? h.endsWith(e.slice(1)) && h.length > e.length - 1 : e === h));
}

export const hostRefused = (host: string) =>
  `不允许连接主机 ${host}：只能连接允许列表（DATA_SOURCE_HOSTS）中的主机，请联系系统管理员`;
