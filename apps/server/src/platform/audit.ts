import { networkInterfaces } from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { sysLog } from '../db/schema/index.ts';
import { newId } from './ids.ts';

/** Keys whose values never reach the log (passwords, tokens, codes). */
const SECRET_KEY =
  /pass(word)?|pwd|token|secret|captcha|smscode|salt|code$|authorization|credential|apikey|privatekey/i;

export function maskSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  // too deep to inspect: drop it rather than log something unmasked
  if (depth > 6) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => maskSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] =
      SECRET_KEY.test(k) && k !== 'orgCode' && k !== 'dictCode' && k !== 'roleCode'
        ? '******'
        : maskSecrets(v, depth + 1);
  }
  return out;
}

/** control characters, C1 controls and Unicode line/paragraph separators: what can break or forge a log line */
const LOG_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const LOG_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A logged value made harmless: line breaks and control characters become visible escapes (`\n`, `\u001b`), so a
 * value can never start a forged log line or colour a terminal (sys_log rows and the server's pino lines alike).
 */
export function neutralise(value: string): string {
  return value.replace(LOG_UNSAFE, (c) => LOG_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const neutraliseOpt = (v: string | null | undefined) => (typeof v === 'string' ? neutralise(v) : (v ?? null));

/** The same for every string inside a log object (plain objects and arrays only; errors keep their own serialiser). */
export function neutraliseDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return neutralise(value);
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (Array.isArray(value)) return value.map((v) => neutraliseDeep(v, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>))
    out[neutralise(k)] = neutraliseDeep(v, depth + 1);
  return out;
}

/** JeecgBoot's guess of operate_type from the method name: list 1, add 2, edit 3, delete 4, import 5, export 6. */
export function operateTypeOf(url: string, method = 'GET'): number {
  const last = (url.split('?')[0].split('/').pop() ?? '').toLowerCase();
  if (last.includes('import')) return 5;
  if (last.includes('export')) return 6;
  if (last.startsWith('add') || last.includes('save')) return 2;
  if (last.startsWith('edit') || last.includes('update') || last.includes('frozen') || last.includes('change'))
    return 3;
  if (last.includes('delete') || last.includes('remove')) return 4;
  const m = method.toUpperCase();
  if (m === 'DELETE') return 4;
  // any other change (confirm, cancel, check in, release, sync…) is an update, never a query
  if (m === 'POST' || m === 'PUT' || m === 'PATCH') return 3;
  return 1;
}

/** the actor of a row written without a signed-in user (a failed sign-in of an unknown name, a refused token) */
export const ANONYMOUS = { userid: 'anonymous', username: '匿名用户' } as const;

let nodeAddress: string | undefined;
/**
 * The address of this node (its first external IPv4, else 127.0.0.1): the IP of rows written without a request —
 * scheduled jobs, background work.
 */
export function serverAddress(): string {
  if (nodeAddress) return nodeAddress;
  let found = '127.0.0.1';
  try {
    for (const list of Object.values(networkInterfaces())) {
      const v4 = list?.find((i) => i.family === 'IPv4' && !i.internal);
      if (v4) {
        found = v4.address;
        break;
      }
    }
  } catch {
    // no interfaces readable: the loopback address
  }
  nodeAddress = found;
  return found;
}

const blank = (v: string | null | undefined): v is null | undefined => v === null || v === undefined || v.trim() === '';

export interface LogInput {
  logType: 1 | 2;
  content: string;
  operateType?: number;
  /** username (JeecgBoot's quirk: column userid) */
  userid?: string | null;
  /** real name (column username) */
  username?: string | null;
  ip?: string | null;
  method?: string | null;
  requestUrl?: string | null;
  requestParam?: unknown;
  requestType?: string | null;
  costTime?: number | null;
}

/**
 * Writes sys_log rows. Failures are logged, never thrown into the request. Every row has an actor, an IP and a time
 * (issue 28 security 9, ADR 076): a missing user id is `anonymous`, a missing name is the user id (or 匿名用户), a
 * missing IP is this node's address (work without a request), the time is the write's.
 */
export class Audit {
  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  async write(input: LogInput): Promise<void> {
    try {
      // JSON already escapes \n and friends; neutralise catches what it leaves raw (U+2028/2029, C1 controls)
      const param =
        input.requestParam === undefined
          ? null
          : neutralise(JSON.stringify(maskSecrets(input.requestParam))).slice(0, 20_000);
      const anonymous = blank(input.userid);
      const userid = anonymous ? ANONYMOUS.userid : neutralise(input.userid as string);
      const username = !blank(input.username)
        ? neutralise(input.username as string)
        : anonymous
          ? ANONYMOUS.username
          : userid;
      const ip = blank(input.ip) ? serverAddress() : neutralise(input.ip as string);
      await this.db.insert(sysLog).values({
        id: newId(),
        logType: input.logType,
        logContent: neutralise(input.content).slice(0, 1000),
        operateType: input.operateType ?? (input.logType === 1 ? 1 : undefined),
        userid,
        username,
        ip,
        method: neutraliseOpt(input.method),
        requestUrl: neutraliseOpt(input.requestUrl)?.slice(0, 255) ?? null,
        requestParam: param,
        requestType: input.requestType ?? null,
        costTime: input.costTime ?? null,
        createBy: userid,
        createTime: new Date(),
      });
    } catch (err) {
      this.onError(err);
    }
  }

  /** login / logout / failure lines: "用户名: X,登录成功！" */
  login(req: FastifyRequest, content: string, who: { username?: string | null; realname?: string | null }) {
    return this.write({
      logType: 1,
      content,
      operateType: 1,
      userid: who.username ?? null,
      username: who.realname ?? null,
      ip: req.ip,
      method: `${req.method} ${req.routeOptions.url ?? ''}`,
      requestUrl: req.url.split('?')[0],
      requestType: req.method,
    });
  }
}
