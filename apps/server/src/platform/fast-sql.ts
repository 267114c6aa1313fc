import { Column, Name, Param, Placeholder, SQL, StringChunk, Table } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

/**
 * Renders a drizzle `SQL` to text + parameters exactly as `SQL.toQuery` with the pg dialect's settings does, for the
 * chunk kinds the list machinery builds (text, names, nested SQL, arrays, tables, columns, bound params, plain
 * values); anything else (views, placeholders, aliases, subqueries, enums, other SQL wrappers, inlined params) makes
 * the whole statement go through drizzle's own renderer.
 *
 * Why: drizzle's renderer asks `is(chunk, Kind)` for up to a dozen kinds per chunk, and each negative answer walks the
 * chunk's prototype chain looking up a symbol; rendering a list page's filter, order and page statement was about a
 * fifth of the list endpoint's own CPU. Here each chunk is classified by one `instanceof` chain and the per-column
 * texts and parameter typings are remembered.
 *
 * `LIST_RENDER_VERIFY=1` (set by the test runner) renders every statement both ways and throws on any difference, so
 * the whole server suite checks the equivalence.
 */
export interface Rendered {
  sql: string;
  params: unknown[];
  typings?: unknown[];
}

const VERIFY = process.env.LIST_RENDER_VERIFY === '1';

class Unsupported extends Error {}
const UNSUPPORTED = new Unsupported();

interface DialectBits {
  casing: { getColumnCasing(c: Column): string };
  prepareTyping(encoder: unknown): unknown;
}

/** rendered `"table"."column"` per casing (one dialect's casing cache) and column */
const columnTexts = new WeakMap<object, WeakMap<Column, string>>();
/** prepareTyping's answer per encoder (a column, or a custom encoder object) */
const typings = new WeakMap<object, unknown>();

// drizzle's table symbols (table.js: Table.Symbol.Schema / .Name, IsAlias)
const SCHEMA = Symbol.for('drizzle:Schema');
const TABLE_NAME = Symbol.for('drizzle:Name');
const IS_ALIAS = Symbol.for('drizzle:IsAlias');

const escapeName = (name: string) => `"${name.replace(/"/g, '""')}"`;

function columnText(d: DialectBits, col: Column): string {
  let byCol = columnTexts.get(d.casing);
  if (!byCol) {
    byCol = new WeakMap();
    columnTexts.set(d.casing, byCol);
  }
  let text = byCol.get(col);
  if (text === undefined) {
    const table = col.table as unknown as Record<symbol, unknown>;
    const schema = table[SCHEMA] as string | undefined;
    const tableName = escapeName(table[TABLE_NAME] as string);
    const name = escapeName(d.casing.getColumnCasing(col));
    text =
      table[IS_ALIAS] || schema === undefined ? `${tableName}.${name}` : `${escapeName(schema)}.${tableName}.${name}`;
    byCol.set(col, text);
  }
  return text;
}

function typingOf(d: DialectBits, encoder: unknown): unknown {
  if (!encoder || typeof encoder !== 'object') return d.prepareTyping(encoder);
  let t = typings.get(encoder);
  if (t === undefined) {
    t = d.prepareTyping(encoder);
    typings.set(encoder, t);
  }
  return t;
}

interface Out {
  sql: string;
  params: unknown[];
  typings: unknown[];
  next: number;
}

function walk(d: DialectBits, chunks: readonly unknown[], out: Out): void {
  for (const chunk of chunks) {
    if (chunk === undefined) continue;
    if (typeof chunk === 'function') throw UNSUPPORTED;
    if (chunk === null || typeof chunk !== 'object') {
      // a plain value (drizzle: the final `escapeParam` branch)
      out.sql += `$${++out.next}`;
      out.params.push(chunk);
      out.typings.push('none');
      continue;
    }
    if (chunk instanceof StringChunk) {
      out.sql += chunk.value.join('');
    } else if (chunk instanceof SQL) {
      if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) throw UNSUPPORTED;
      walk(d, chunk.queryChunks, out);
    } else if (chunk instanceof Param) {
      const value = chunk.value;
      if (value instanceof Placeholder) throw UNSUPPORTED;
      const mapped = value === null ? null : chunk.encoder.mapToDriverValue(value);
      if (mapped instanceof SQL) throw UNSUPPORTED;
      out.sql += `$${++out.next}`;
      out.params.push(mapped);
      out.typings.push(typingOf(d, chunk.encoder));
    } else if (chunk instanceof Column) {
      out.sql += columnText(d, chunk);
    } else if (chunk instanceof Name) {
      out.sql += escapeName(chunk.value);
    } else if (Array.isArray(chunk)) {
      out.sql += '(';
      for (let i = 0; i < chunk.length; i++) {
        if (i > 0) out.sql += ', ';
        walk(d, [chunk[i]], out);
      }
      out.sql += ')';
    } else if (chunk instanceof Table) {
      const t = chunk as unknown as Record<symbol, unknown>;
      const schema = t[SCHEMA] as string | undefined;
      const name = escapeName(t[TABLE_NAME] as string);
      out.sql += schema === undefined || t[IS_ALIAS] ? name : `${escapeName(schema)}.${name}`;
    } else if (chunk instanceof Date) {
      out.sql += `$${++out.next}`;
      out.params.push(chunk);
      out.typings.push('none');
    } else {
      throw UNSUPPORTED;
    }
  }
}

function drizzleRender(dialect: PgDialect, query: SQL, start: number): Rendered {
  const d = dialect as unknown as Record<string, unknown>;
  return query.toQuery({
    casing: d.casing,
    escapeName: d.escapeName,
    escapeParam: d.escapeParam,
    escapeString: d.escapeString,
    prepareTyping: d.prepareTyping,
    paramStartIndex: { value: start },
  } as never) as Rendered;
}

/** `query` with its parameters numbered from `$${start + 1}` (as drizzle's toQuery with paramStartIndex = start) */
export function renderSql(dialect: PgDialect, query: SQL, start = 0): Rendered {
  let fast: Rendered | undefined;
  const out: Out = { sql: '', params: [], typings: [], next: start };
  try {
    walk(dialect as unknown as DialectBits, [query], out);
    // drizzle's mergeQueries leaves `typings` out when there are none
    fast = out.typings.length
      ? { sql: out.sql, params: out.params, typings: out.typings }
      : { sql: out.sql, params: out.params };
  } catch (err) {
    if (!(err instanceof Unsupported)) throw err;
  }
  if (!fast) return drizzleRender(dialect, query, start);
  if (VERIFY) {
    const slow = drizzleRender(dialect, query, start);
    const same =
      slow.sql === fast.sql &&
      JSON.stringify(slow.params) === JSON.stringify(fast.params) &&
      JSON.stringify(slow.typings) === JSON.stringify(fast.typings);
    if (!same) {
      throw new Error(
        `fast-sql: rendering differs from drizzle\n drizzle: ${slow.sql} ${JSON.stringify(slow.params)} ${JSON.stringify(slow.typings)}\n fast:    ${fast.sql} ${JSON.stringify(fast.params)} ${JSON.stringify(fast.typings)}`,
      );
    }
  }
  return fast;
}
