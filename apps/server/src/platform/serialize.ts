import type { SysUserInfo } from '@answer/contract';
import type { UserRow } from '../context.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-MM-dd HH:mm:ss` in GMT+8, JeecgBoot's Jackson format (contract §1.5). */
export function formatDateTime(d: Date | string | null | undefined): string | null {
  if (d === null || d === undefined) return null;
  const date = typeof d === 'string' ? new Date(d) : d;
  if (Number.isNaN(date.getTime())) return null;
  const t = new Date(date.getTime() + 8 * 3_600_000);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(
    t.getUTCMinutes(),
  )}:${pad(t.getUTCSeconds())}`;
}

/** `yyyy-MM-dd` in GMT+8 */
export function formatDate(d: Date | string | null | undefined): string | null {
  return formatDateTime(d)?.slice(0, 10) ?? null;
}

/** Row → JSON: Date values become `yyyy-MM-dd HH:mm:ss`, everything else unchanged. */
export function rowJson<T extends Record<string, unknown>>(
  row: T,
): { [K in keyof T]: T[K] extends Date | null ? string | null : T[K] } {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? formatDateTime(v) : v;
  return out as never;
}

/** SysUser JSON: password and salt are write-only and never leave the server. */
export function userJson(u: UserRow, extra: Partial<SysUserInfo> = {}): SysUserInfo {
  const { password: _p, salt: _s, ...rest } = u;
  return { ...(rowJson(rest) as unknown as SysUserInfo), ...extra };
}
