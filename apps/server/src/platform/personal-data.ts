import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';

/**
 * Personal data on screens and in exports (issue 28 security 7): ID numbers and mobiles are shown masked
 * (`110105********002X`, `138****8000`) unless the user holds the page's see-in-full button; every answer that shows
 * them in full is written to the operation log (who, when, from where, which call).
 */

/** an ID number: the first 6 and the last 4 characters kept */
export function maskIdCard(v: unknown): unknown {
  if (typeof v !== 'string' || v.length === 0) return v;
  if (v.length <= 10) return '*'.repeat(v.length);
  return `${v.slice(0, 6)}${'*'.repeat(v.length - 10)}${v.slice(-4)}`;
}

/** a mobile: the first 3 and the last 4 digits kept */
export function maskMobile(v: unknown): unknown {
  if (typeof v !== 'string' || v.length === 0) return v;
  if (v.length <= 7) return '*'.repeat(v.length);
  return `${v.slice(0, 3)}${'*'.repeat(v.length - 7)}${v.slice(-4)}`;
}

export interface SensitiveFields {
  idCard?: readonly string[];
  mobile?: readonly string[];
}

/** masks the named fields of the records in place */
export function maskRecords<T extends Record<string, unknown>>(records: T[], fields: SensitiveFields): T[] {
  for (const r of records) {
    for (const f of fields.idCard ?? []) if (f in r) (r as Record<string, unknown>)[f] = maskIdCard(r[f]);
    for (const f of fields.mobile ?? []) if (f in r) (r as Record<string, unknown>)[f] = maskMobile(r[f]);
  }
  return records;
}

/**
 * Whether the request's user sees personal data in full (holds `perm`); when they do, the use is audited with `what`
 * (e.g. 答题预约列表) — one operation-log row per answer that showed data in full.
 */
export async function seesInFull(ctx: AppContext, req: FastifyRequest, perm: string, what: string): Promise<boolean> {
  const user = req.auth!.user;
  if (!(await ctx.perms.of(user.id)).has(perm)) return false;
  const path = req.url.split('?')[0];
  await ctx.audit.write({
    logType: 2,
    content: `查看完整个人信息（证件号、手机号）: ${what}`,
    operateType: 1,
    userid: user.username,
    username: user.realname,
    ip: req.ip,
    method: `${req.method} ${path}`,
    requestUrl: path,
    requestType: req.method,
    costTime: 0,
  });
  return true;
}
