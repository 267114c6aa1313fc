import { and, eq, getTableColumns, ilike, inArray, isNull, or, placeholder, type SQL, sql } from 'drizzle-orm';
import { alias, integer, jsonb, numeric, PgDialect, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { sysLog, sysUser } from '../db/schema/index.ts';
import { renderSql } from './fast-sql.ts';

const dialect = new PgDialect();
const t = pgTable('fast_t', {
  id: varchar('id', { length: 32 }).primaryKey(),
  n: integer('n'),
  price: numeric('price', { mode: 'number' }),
  at: timestamp('at', { mode: 'date' }),
  doc: jsonb('doc'),
  txt: text('txt'),
});
const t2 = alias(t, 'other');

const drizzle = (q: SQL, start = 0) =>
  q.toQuery({
    casing: (dialect as never as { casing: unknown }).casing,
    escapeName: dialect.escapeName,
    escapeParam: dialect.escapeParam,
    escapeString: dialect.escapeString,
    prepareTyping: dialect.prepareTyping,
    paramStartIndex: { value: start },
  } as never);

// shapes the list machinery builds, and ones it must hand back to drizzle
const cases: [string, SQL][] = [
  ['plain filter', sql`${sysLog} where ${and(eq(sysLog.logType, 2), ilike(sysLog.logContent, '%b\\%%'))}`],
  ['in list + or + null', sql`${or(inArray(sysUser.id, ['a', 'b', 'c']), isNull(sysUser.realname))}`],
  ['typed params', sql`${and(eq(t.price, 1.5), eq(t.at, new Date(0)), eq(t.doc, { a: [1, '"x"'] }))}`],
  [
    'null param and raw values',
    sql`${t.n} = ${null} or ${t.txt} = ${'x'} or ${t.n} = ${3} or ${t.at} > ${new Date(5)}`,
  ],
  ['array chunk', sql`${t.id} in ${['x', 'y']}`],
  ['identifier and raw', sql`select ${sql.identifier('we"ird')} from ${t} ${sql.raw('limit 1')}`],
  ['alias table and column', sql`select ${t2.id} from ${t2}`],
  ['select list of every column', sql.join(Object.values(getTableColumns(sysUser)), sql`, `)],
  ['placeholder (drizzle renders)', sql`${t.id} = ${placeholder('x')}`],
  ['inlined params (drizzle renders)', sql`${t.id} = ${'x'}`.inlineParams()],
  ['subquery (drizzle renders)', sql`${t.id} in (${sql`select 1`})`],
];

describe('fast-sql renderSql', () => {
  it.each(cases)('%s: same text, parameters and typings as drizzle', (_name, q) => {
    expect(renderSql(dialect, q)).toEqual(drizzle(q));
    expect(renderSql(dialect, q, 7)).toEqual(drizzle(q, 7));
  });

  it('numbers parameters after the given start', () => {
    const r = renderSql(dialect, sql`${t.n} = ${1} and ${t.txt} = ${'a'}`, 3);
    expect(r.sql).toBe('"fast_t"."n" = $4 and "fast_t"."txt" = $5');
    expect(r.params).toEqual([1, 'a']);
  });

  it('keeps values out of the text (they are bound)', () => {
    const evil = "x'; drop table sys_user; --";
    const r = renderSql(dialect, sql`${eq(sysUser.username, evil)}`);
    expect(r.sql).not.toContain('drop table');
    expect(r.params).toEqual([evil]);
  });
});
