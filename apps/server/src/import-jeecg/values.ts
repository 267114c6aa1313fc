/**
 * Value conversions of the JeecgBoot import (docs/decisions/050-jeecg-import.md): MySQL's values as mysql2 hands them
 * over (text as raw bytes, dates as strings) → the values our columns take. Each conversion either answers the value,
 * or a `Problem` naming what is wrong; the engine skips or adjusts the row and the report says why.
 */

/** A value that breaks our rules: `skip` drops the row, `fix` keeps it with the value replaced (and counted). */
export class Problem {
  constructor(
    readonly kind: 'skip' | 'fix',
    readonly reason: string,
    /** the value used when kind = 'fix' */
    readonly value: unknown = null,
  ) {}
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const gb18030 = new TextDecoder('gb18030', { fatal: true });
const latin1 = new TextDecoder('latin1');

/**
 * Text of a MySQL column read as raw bytes (the import connects with the binary character set, so MySQL converts
 * nothing). utf8/utf8mb3/utf8mb4 columns must hold valid UTF-8. latin1 columns of old installs very often hold the
 * UTF-8 bytes the application wrote through a latin1 connection: valid UTF-8 is taken as such, anything else is not
 * text we can read safely. gbk/gb2312/gb18030 columns decode as GB18030.
 */
export function decodeText(
  raw: Buffer | string | null,
  charset: string | null,
  column: string,
): string | null | Problem {
  if (raw === null) return null;
  if (typeof raw === 'string') return raw;
  const cs = (charset ?? 'utf8mb4').toLowerCase();
  try {
    if (cs.startsWith('gb')) return gb18030.decode(raw);
    if (cs === 'binary') return utf8.decode(raw);
    return utf8.decode(raw);
  } catch {
    if (cs === 'latin1' && !raw.some((b) => b >= 0x80)) return latin1.decode(raw);
    return new Problem('skip', `列 ${column} 的内容不是有效的 UTF-8 文本`);
  }
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/**
 * A MySQL DATETIME/TIMESTAMP/DATE string in JeecgBoot's wall clock (GMT+8) → the instant our timestamp columns hold.
 * `0000-00-00 …` and impossible dates (MySQL's zero dates, 2021-02-30) become null, reported as a fix.
 */
export function toInstant(value: unknown, column: string): Date | null | Problem {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? invalidDate(column, String(value)) : value;
  const s = String(value).trim();
  const m = DATE_TIME.exec(s);
  if (!m) return invalidDate(column, s);
  const [y, mo, d, h = '0', mi = '0', se = '0'] = m.slice(1).map((x) => x ?? '0');
  const yn = Number(y);
  const mon = Number(mo);
  const day = Number(d);
  if (yn === 0 || mon < 1 || mon > 12 || day < 1 || day > daysIn(yn, mon)) return invalidDate(column, s);
  if (Number(h) > 23 || Number(mi) > 59 || Number(se) > 59) return invalidDate(column, s);
  return new Date(Date.UTC(yn, mon - 1, day, Number(h) - 8, Number(mi), Number(se)));
}

/** A MySQL DATE (or the date part of a DATETIME) → `yyyy-MM-dd`; zero or impossible dates → null (a fix). */
export function toDateString(value: unknown, column: string): string | null | Problem {
  if (value === null || value === undefined || value === '') return null;
  const s = String(value).trim();
  const m = DATE_TIME.exec(s);
  if (!m) return invalidDate(column, s);
  const yn = Number(m[1]);
  const mon = Number(m[2]);
  const day = Number(m[3]);
  if (yn === 0 || mon < 1 || mon > 12 || day < 1 || day > daysIn(yn, mon)) return invalidDate(column, s);
  return `${m[1]}-${m[2]}-${m[3]}`;
}

function daysIn(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function invalidDate(column: string, s: string): Problem {
  return new Problem('fix', `列 ${column} 的日期 ${s.slice(0, 30)} 无效，按空值导入`, null);
}

/** An integer column: numbers, numeric strings, booleans, bit(1) buffers. Anything else → a Problem. */
export function toInt(value: unknown, column: string): number | null | Problem {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (Buffer.isBuffer(value)) {
    if (value.length === 1 && value[0] <= 1) return value[0];
    return toInt(value.toString('latin1'), column);
  }
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(n) || !Number.isInteger(n)) {
    return new Problem('fix', `列 ${column} 的值 ${String(value).slice(0, 20)} 不是整数，按空值导入`, null);
  }
  return n;
}

export function toFloat(value: unknown, column: string): number | null | Problem {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(n))
    return new Problem('fix', `列 ${column} 的值 ${String(value).slice(0, 20)} 不是数字，按空值导入`);
  return n;
}

/** JeecgBoot's 0/1 flags (tinyint, bit(1), '0'/'1', 'Y'/'N') → boolean */
export function toBool(value: unknown): boolean | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value;
  if (Buffer.isBuffer(value)) return value.some((b) => b !== 0 && b !== 0x30);
  const s = String(value).trim().toLowerCase();
  return !(s === '0' || s === 'false' || s === 'n' || s === 'no');
}

/** A value written into the base snapshot (JSON): instants as ISO strings, everything else as is. */
export function snapshotValue(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (v === undefined) return null;
  return v;
}

/** Equality of two snapshot values (numbers and numeric strings from different drivers compare by value). */
export function sameValue(a: unknown, b: unknown): boolean {
  const x = snapshotValue(a);
  const y = snapshotValue(b);
  if (x === y) return true;
  if (x === null || y === null) return false;
  if (typeof x === 'number' || typeof y === 'number') return Number(x) === Number(y);
  if (typeof x === 'object' || typeof y === 'object') return JSON.stringify(x) === JSON.stringify(y);
  return String(x) === String(y);
}
