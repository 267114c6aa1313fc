import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema/index.ts';
import { bizError } from '../../platform/errors.ts';

/**
 * Identifier and DDL safety for online forms (ADR 031). Every table, column and index name a form definition carries
 * passes assertIdent before it is stored and again before it reaches SQL, where it is always double-quoted; column
 * types come only from DB_TYPES; a default value becomes a literal only after it parsed as a value of its column type.
 */

/** Lower-case ASCII letter first, then lower-case letters, digits and underscores; at most 63 bytes (PostgreSQL's NAMEDATALEN - 1). */
export const IDENT_RE = /^[a-z][a-z0-9_]{0,62}$/;

const IDENT_HINT = '须以小写字母开头，只能包含小写字母、数字和下划线，长度不超过63个字符';

function shown(name: unknown): string {
  const s = typeof name === 'string' ? name : String(name);
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/** Returns the name when it is a safe identifier; otherwise throws the platform's business error naming `what`. */
export function assertIdent(name: unknown, what: string): string {
  if (typeof name !== 'string' || !IDENT_RE.test(name)) {
    throw bizError(`${what}「${shown(name)}」不合法：${IDENT_HINT}`);
  }
  return name;
}

/** A double-quoted identifier; refuses anything assertIdent would refuse (so a quote can never be smuggled in). */
export function quoteIdent(name: string): string {
  return `"${assertIdent(name, '标识符')}"`;
}

/** Prefixes a form table may never use: the platform's own tables, the scheduler, migrations, the catalog, demos. */
export const RESERVED_PREFIXES: readonly string[] = [
  'sys_',
  'onl_',
  'qrtz_',
  'quartz',
  'drizzle',
  'pg_',
  'demo',
  'jeecg_',
  'oss_',
  'information_schema',
];

/** Every table of the system's own schema, read from the drizzle schema (so a new system table is reserved at once). */
export const SYSTEM_TABLES: ReadonlySet<string> = new Set(
  (Object.values(schema) as unknown[]).flatMap((v) => (is(v, PgTable) ? [getTableName(v)] : [])),
);

/** True when a form may not define, import or touch a table of this name. */
export function isReservedTable(name: string): boolean {
  const n = name.toLowerCase();
  return SYSTEM_TABLES.has(n) || RESERVED_PREFIXES.some((p) => n.startsWith(p));
}

/** A column type of the designer (JeecgBoot's names) and how it becomes a PostgreSQL type. */
export interface DbTypeRule {
  /** JeecgBoot's name, as the designer sends it */
  name: string;
  /** what the designer shows */
  label: string;
  /** the PostgreSQL type for a length / point length (already validated) */
  pg: (length: number, point: number) => string;
  /** allowed db_length range; undefined = length ignored */
  length?: { min: number; max: number };
  /** allowed db_point_length range (BigDecimal) */
  point?: { min: number; max: number };
  /** how a default value must look; null = no default allowed */
  literal: 'string' | 'int' | 'number' | 'date' | 'datetime' | 'time' | null;
}

/** The fixed list of column types (JeecgBoot's designer names). Nothing else ever reaches a CREATE/ALTER statement. */
export const DB_TYPES: Readonly<Record<string, DbTypeRule>> = Object.freeze({
  string: {
    name: 'string',
    label: 'String',
    pg: (l) => `varchar(${l})`,
    length: { min: 1, max: 10000 },
    literal: 'string',
  },
  int: { name: 'int', label: 'Integer', pg: () => 'integer', literal: 'int' },
  double: { name: 'double', label: 'Double', pg: () => 'double precision', literal: 'number' },
  BigDecimal: {
    name: 'BigDecimal',
    label: 'BigDecimal',
    pg: (l, p) => `numeric(${l},${p})`,
    length: { min: 1, max: 1000 },
    point: { min: 0, max: 1000 },
    literal: 'number',
  },
  Date: { name: 'Date', label: 'Date', pg: () => 'date', literal: 'date' },
  Datetime: { name: 'Datetime', label: 'Datetime', pg: () => 'timestamp(0)', literal: 'datetime' },
  Time: { name: 'Time', label: 'Time', pg: () => 'time(0)', literal: 'time' },
  Text: { name: 'Text', label: 'Text', pg: () => 'text', literal: 'string' },
  Blob: { name: 'Blob', label: 'Blob', pg: () => 'bytea', literal: null },
});

const TYPE_BY_LOWER = new Map(Object.values(DB_TYPES).map((t) => [t.name.toLowerCase(), t]));
// JeecgBoot spellings seen in older definitions
TYPE_BY_LOWER.set('integer', DB_TYPES.int as DbTypeRule);
TYPE_BY_LOWER.set('bigdecimal', DB_TYPES.BigDecimal as DbTypeRule);

/** The type rule for a designer type name (case-insensitive); throws a Chinese business error otherwise. */
export function dbTypeOf(type: unknown, field = ''): DbTypeRule {
  const rule = typeof type === 'string' ? TYPE_BY_LOWER.get(type.toLowerCase()) : undefined;
  if (!rule) {
    throw bizError(
      `${field ? `字段「${shown(field)}」的` : ''}数据库类型「${shown(type)}」不支持，可选：${Object.keys(DB_TYPES).join('、')}`,
    );
  }
  return rule;
}

/** What columnSql needs from a field definition. */
export interface ColumnDef {
  dbFieldName: string;
  dbType: string;
  dbLength?: number | null;
  dbPointLength?: number | null;
  /** 1 = nullable (JeecgBoot), 0 = NOT NULL */
  dbIsNull?: number | null;
  /** 1 = primary key */
  dbIsKey?: number | null;
  dbDefaultVal?: string | null;
}

/** The PostgreSQL type of a field, its length and point length checked against the type's rules. */
export function pgTypeOf(field: ColumnDef): string {
  const name = assertIdent(field.dbFieldName, '字段名');
  const rule = dbTypeOf(field.dbType, name);
  let length = 0;
  let point = 0;
  if (rule.length) {
    length = Number(field.dbLength ?? 0);
    if (!Number.isInteger(length) || length < rule.length.min || length > rule.length.max) {
      throw bizError(`字段「${name}」的长度须为 ${rule.length.min}～${rule.length.max} 之间的整数`);
    }
  }
  if (rule.point) {
    point = Number(field.dbPointLength ?? 0);
    if (!Number.isInteger(point) || point < rule.point.min || point > Math.min(rule.point.max, length)) {
      throw bizError(`字段「${name}」的小数位须为 0～${length} 之间的整数（不能超过长度）`);
    }
  }
  return rule.pg(length, point);
}

const DATE_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const INT_RE = /^-?\d{1,10}$/;
const NUM_RE = /^-?\d{1,30}(\.\d{1,30})?$/;

/**
 * The SQL literal of a default value, or null when there is none. The value must parse as its column type; strings
 * become standard-conforming literals ('' doubled, no control characters). Throws a Chinese business error otherwise.
 */
export function defaultLiteral(field: ColumnDef): string | null {
  const raw = field.dbDefaultVal;
  if (raw === undefined || raw === null || raw === '') return null;
  const name = assertIdent(field.dbFieldName, '字段名');
  const rule = dbTypeOf(field.dbType, name);
  const bad = (why: string) => bizError(`字段「${name}」的默认值「${shown(raw)}」不合法：${why}`);
  if (typeof raw !== 'string') throw bad('须为文本');
  let v = raw;
  // JeecgBoot's designer lets people type the quotes of a string default themselves: 'abc'
  if (rule.literal === 'string' && v.length >= 2 && v.startsWith("'") && v.endsWith("'")) v = v.slice(1, -1);
  switch (rule.literal) {
    case null:
      throw bad(`${rule.label} 类型不能设置默认值`);
    case 'string': {
      if (/[\u0000-\u001f\u007f]/.test(v)) throw bad('不能包含控制字符');
      if (rule.length && v.length > Number(field.dbLength ?? 0)) throw bad('超过字段长度');
      return `'${v.replaceAll("'", "''")}'`;
    }
    case 'int':
      if (!INT_RE.test(v) || Math.abs(Number(v)) > 2147483647) throw bad('须为整数');
      return String(Number(v));
    case 'number':
      if (!NUM_RE.test(v)) throw bad('须为数字');
      return v;
    case 'date':
      if (!DATE_RE.test(v)) throw bad('须为日期 yyyy-MM-dd');
      return `'${v}'::date`;
    case 'datetime': {
      const [d, t, ...rest] = v.split(' ');
      if (rest.length || !d || !DATE_RE.test(d) || (t !== undefined && !TIME_RE.test(t))) {
        throw bad('须为时间 yyyy-MM-dd HH:mm:ss');
      }
      return `'${v}'::timestamp`;
    }
    case 'time':
      if (!TIME_RE.test(v)) throw bad('须为时间 HH:mm:ss');
      return `'${v}'::time`;
  }
}

/** `"name" type [NOT NULL] [DEFAULT literal]` (a primary key column: `"id" varchar(36) NOT NULL PRIMARY KEY`). */
export function columnSql(field: ColumnDef): string {
  const name = quoteIdent(assertIdent(field.dbFieldName, '字段名'));
  const type = pgTypeOf(field);
  const parts = [name, type];
  if (field.dbIsKey === 1) {
    parts.push('NOT NULL PRIMARY KEY');
    return parts.join(' ');
  }
  if (field.dbIsNull === 0) parts.push('NOT NULL');
  const def = defaultLiteral(field);
  if (def !== null) parts.push(`DEFAULT ${def}`);
  return parts.join(' ');
}
