import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onRealPg } from '../../test/harness.ts';
import { recordStatements } from '../../test/pglite-statements.ts';
import { pgliteReadArrays } from './pglite-prepared.ts';

/** timestamps stay text, as the list pages read them (list-query's RAW_OIDS) */
const RAW = { 1114: (v: string) => v, 1184: (v: string) => v, 1082: (v: string) => v };

/** the prepared one-call reads of the embedded database (ADR 047); PostgreSQL has node-postgres for the same */
describe.skipIf(onRealPg)('embedded database: prepared reads in one call', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = new PGlite();
    await pglite.waitReady;
    await pglite.exec(`
      create table t (id varchar(10) primary key, n int, big bigint, price numeric(10, 2), ok boolean,
                      at timestamp, meta json, tags text[], note text);
      insert into t values
        ('a', 1, 9007199254740993, 12.5, true, '2026-01-02 03:04:05', '{"k": [1, "二"]}', '{x,"y z"}', '答题'),
        ('b', 2, null, null, false, null, null, null, null),
        ('c', 3, -1, 0.1, null, '1999-12-31 23:59:59.123', '[]', '{}', 'it''s');
    `);
  });
  afterAll(async () => {
    await pglite?.close();
  });

  const text = 'select id, n, big, price, ok, at, meta, tags, note from t where n >= $1 order by id limit 10';

  it('answers what PGlite’s own query answers, for every column type and for nulls', async () => {
    const own = await pglite.query<unknown[]>(text, [1], { rowMode: 'array', parsers: RAW });
    const fast = await pgliteReadArrays(pglite, text, [1], 'pp_types', RAW);
    expect(fast.columns).toEqual(own.fields.map((f) => f.name));
    expect(fast.rows).toEqual(own.rows);
    expect(fast.rows[0]).toEqual([
      'a',
      1,
      9007199254740993n,
      '12.50',
      true,
      '2026-01-02 03:04:05',
      { k: [1, '二'] },
      ['x', 'y z'],
      '答题',
    ]);
    expect(fast.rows[1].slice(2)).toEqual([null, null, false, null, null, null, null]);
  });

  it('binds values as node-postgres writes them: numbers, booleans, arrays, dates, null', async () => {
    const run = (sql: string, params: unknown[]) => pgliteReadArrays(pglite, sql, params, undefined, RAW);
    expect((await run('select id from t where n = $1', [2])).rows).toEqual([['b']]);
    expect((await run('select id from t where ok = $1 order by id', [false])).rows).toEqual([['b']]);
    expect((await run('select id from t where id = any($1) order by id', [['c', 'a', 'zz']])).rows).toEqual([
      ['a'],
      ['c'],
    ]);
    expect(
      (await run("select id from t where at < $1 and id <> 'x' order by id", [new Date(2000, 0, 1)])).rows,
    ).toEqual([['c']]);
    expect((await run('select $1::text is null as empty', [null])).rows).toEqual([[true]]);
    expect((await run('select $1::text as v', ["'; drop table t; --"])).rows).toEqual([["'; drop table t; --"]]);
    expect((await pglite.query('select count(*)::int as n from t')).rows).toEqual([{ n: 3 }]);
  });

  it('parses a named statement once, then binds it alone; PostgreSQL settles on a generic plan', async () => {
    const rec = recordStatements(pglite);
    try {
      for (let i = 0; i < 8; i++) {
        const r = await pgliteReadArrays(
          pglite,
          'select id from t where n = $1 order by id limit 5',
          [3],
          'pp_once',
          RAW,
        );
        expect(r.rows).toEqual([['c']]);
      }
      expect(rec.executed).toHaveLength(8);
    } finally {
      rec.stop();
    }
    const sent: Uint8Array[] = [];
    const inst = pglite as unknown as { execProtocolStream: (m: Uint8Array, o?: unknown) => Promise<unknown> };
    const original = inst.execProtocolStream;
    inst.execProtocolStream = function (this: unknown, m: Uint8Array, o?: unknown) {
      sent.push(m);
      return original.call(this, m, o);
    };
    try {
      await pgliteReadArrays(pglite, 'select id from t where n = $1 order by id limit 5', [1], 'pp_once', RAW);
    } finally {
      inst.execProtocolStream = original;
    }
    // one call: Bind, Describe, Execute, Sync — no Parse
    expect(sent).toHaveLength(1);
    expect(messageTypes(sent[0])).toEqual(['B', 'D', 'E', 'S']);
    const [plans] = (
      await pglite.query<{ generic_plans: number }>(
        "select generic_plans::int from pg_prepared_statements where name = 'pp_once'",
      )
    ).rows;
    expect(plans.generic_plans).toBeGreaterThan(0);
  });

  it('a failing read answers the database error and leaves the statement usable', async () => {
    const sql = 'select id from t where n = $1';
    await expect(pgliteReadArrays(pglite, sql, ['not a number'], 'pp_err', RAW)).rejects.toMatchObject({
      code: '22P02',
    });
    expect((await pgliteReadArrays(pglite, sql, [1], 'pp_err', RAW)).rows).toEqual([['a']]);
    // nothing is left open: the instance takes other statements as before
    expect((await pglite.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('a statement whose table changed under it fails, then is parsed again once the table fits', async () => {
    await pglite.exec("create table u (id int, label text); insert into u values (1, 'x')");
    const sql = 'select label from u where id = $1';
    expect((await pgliteReadArrays(pglite, sql, [1], 'pp_ddl', RAW)).rows).toEqual([['x']]);
    await pglite.exec('alter table u drop column label');
    await expect(pgliteReadArrays(pglite, sql, [1], 'pp_ddl', RAW)).rejects.toMatchObject({ code: '42703' });
    await pglite.exec("alter table u add column label text; update u set label = 'y'");
    expect((await pgliteReadArrays(pglite, sql, [1], 'pp_ddl', RAW)).rows).toEqual([['y']]);
  });

  it('the same instance through another handle (a wrapper) binds the statement parsed already', async () => {
    const sql = 'select id from t where n = $1';
    await pgliteReadArrays(pglite, sql, [2], 'pp_twice', RAW);
    const wrapper = new Proxy(pglite, {
      get: (target, p) => {
        const v = Reflect.get(target, p, target);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    expect((await pgliteReadArrays(wrapper, sql, [2], 'pp_twice', RAW)).rows).toEqual([['b']]);
    expect((await pgliteReadArrays(wrapper, sql, [3], 'pp_twice', RAW)).rows).toEqual([['c']]);
  });

  it('waits for a transaction in progress and reads what it committed, never inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = pglite.transaction(async (t) => {
      await t.query("insert into t (id, n) values ('tx', 9)");
      await held;
    });
    const read = pgliteReadArrays(pglite, 'select id from t where n = $1', [9], 'pp_tx', RAW);
    let done = false;
    void read.then(() => {
      done = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(false);
    release();
    await tx;
    expect((await read).rows).toEqual([['tx']]);
  });
});

/** the types of the frontend messages in one buffer, in order */
function messageTypes(buf: Uint8Array): string[] {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const out: string[] = [];
  for (let at = 0; at < buf.length; at += 1 + view.getInt32(at + 1)) out.push(String.fromCharCode(buf[at]));
  return out;
}
