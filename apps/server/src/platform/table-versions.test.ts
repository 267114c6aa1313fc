import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onRealPg, type TestApp } from '../../test/harness.ts';
import type { Db } from '../db/client.ts';
import { jeecgOrderMain, jeecgOrderTicket, sysLog, sysPosition } from '../db/schema/index.ts';
import { defineListEntity, listPage } from './list-query.ts';
import { ensureWriteNotes, foldTableWrites } from './table-versions.ts';

/** a table's version: the sum of its write notes (ADR 045) */
async function versionOf(db: Db, table: string): Promise<number> {
  const r = (await db.execute(
    sql`select coalesce(sum(weight), 0)::int as v from sys_table_write where tbl = ${table}`,
  )) as unknown as { rows: { v: number }[] };
  return r.rows[0].v;
}

describe('write notes (both databases)', () => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every committed write statement moves its table’s version by one; a rolled-back one does not', async () => {
    const v0 = await versionOf(db, 'sys_log');
    await db.insert(sysLog).values([
      { id: 'tv1', logType: 9 },
      { id: 'tv2', logType: 9 },
    ]);
    expect(await versionOf(db, 'sys_log')).toBe(v0 + 1);
    await db.update(sysLog).set({ logType: 8 }).where(eq(sysLog.id, 'tv1'));
    await db.delete(sysLog).where(eq(sysLog.id, 'tv2'));
    expect(await versionOf(db, 'sys_log')).toBe(v0 + 3);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(sysLog).values({ id: 'tv3', logType: 9 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await versionOf(db, 'sys_log')).toBe(v0 + 3);
  });

  it('a foreign-key cascade moves the child table’s version', async () => {
    await db.insert(jeecgOrderMain).values({ id: 'tvo1', orderCode: 'TV-1' });
    await db.insert(jeecgOrderTicket).values({ id: 'tvt1', orderId: 'tvo1', ticketCode: 'T1' });
    const v = await versionOf(db, 'jeecg_order_ticket');
    await db.delete(jeecgOrderMain).where(eq(jeecgOrderMain.id, 'tvo1'));
    expect(await versionOf(db, 'jeecg_order_ticket')).toBe(v + 1);
  });

  it('at start-up a table without a note trigger gets one (fired always); a disabled trigger is left alone', async () => {
    await db.execute(sql`create table tv_later (id varchar(10) primary key)`);
    await db.execute(sql`create table tv_off (id varchar(10) primary key)`);
    await ensureWriteNotes(db);
    const trigger = async (table: string) => {
      const r = (await db.execute(
        sql`select tgenabled::text as e from pg_trigger where tgrelid = to_regclass(${table}) and tgname = 'sys_note_table_write'`,
      )) as unknown as { rows: { e: string }[] };
      return r.rows[0]?.e;
    };
    expect(await trigger('tv_later')).toBe('A');
    const v = await versionOf(db, 'tv_later');
    expect(v).toBeGreaterThan(0);
    await db.execute(sql`insert into tv_later values ('a')`);
    expect(await versionOf(db, 'tv_later')).toBe(v + 1);
    await db.execute(sql`alter table tv_off disable trigger sys_note_table_write`);
    await ensureWriteNotes(db);
    expect(await trigger('tv_off')).toBe('D');
  });

  it('folding leaves one row per table and every version as it was', async () => {
    await db.insert(sysLog).values({ id: 'tv4', logType: 9 });
    await db.insert(sysLog).values({ id: 'tv5', logType: 9 });
    const before = (await db.execute(
      sql`select tbl, sum(weight)::int as v from sys_table_write group by tbl order by tbl`,
    )) as unknown as { rows: { tbl: string; v: number }[] };
    await foldTableWrites(db);
    const after = (await db.execute(
      sql`select tbl, sum(weight)::int as v, count(*)::int as n from sys_table_write group by tbl order by tbl`,
    )) as unknown as { rows: { tbl: string; v: number; n: number }[] };
    expect(after.rows.map(({ tbl, v }) => ({ tbl, v }))).toEqual(before.rows);
    expect(after.rows.every((r) => r.n === 1)).toBe(true);
  });
});

/**
 * PostgreSQL keeps a list page's total with the listed table's version and compares them inside the page statement
 * (ADR 045): a write by anyone (another node, another program) is seen by the next page, with nothing to invalidate.
 */
describe.skipIf(!onRealPg)('PostgreSQL: list totals kept with the table version', () => {
  let t: TestApp;
  let db: Db;
  /** a second connection: another node, or JeecgBoot itself writing the same database */
  let other: pg.Client;
  let url: string;
  const logs = defineListEntity({
    table: sysLog,
    sortable: ['createTime'],
    defaultSort: { column: 'createTime', order: 'desc' },
    dictFields: {},
  });
  const tickets = defineListEntity({
    table: jeecgOrderTicket,
    sortable: ['ticketCode'],
    defaultSort: { column: 'ticketCode', order: 'asc' },
    dictFields: {},
  });
  const positions = defineListEntity({
    table: sysPosition,
    sortable: ['code'],
    defaultSort: { column: 'code', order: 'asc' },
    dictFields: {},
  });
  const total = async (q: Record<string, string> = { logType: '7' }) => (await listPage(db, logs, q)).total;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    url = (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    other = new pg.Client({ connectionString: url });
    await other.connect();
    await db.insert(sysLog).values([1, 2, 3].map((i) => ({ id: `pv${i}`, logType: 7 })));
  });
  afterAll(async () => {
    await other?.end();
    await t?.close();
  });

  it('a repeated page answers the kept total: a write that bypasses the notes is not seen (the count did not run)', async () => {
    expect(await total()).toBe(3);
    expect(await total()).toBe(3);
    // only a superuser can do this; it shows the second page did not count
    await other.query(`alter table sys_log disable trigger sys_note_table_write`);
    await other.query(`insert into sys_log (id, log_type) values ('pv-unseen', 7)`);
    await other.query(`alter table sys_log enable always trigger sys_note_table_write`);
    expect(await total()).toBe(3);
    await other.query(`delete from sys_log where id = 'pv-unseen'`);
    expect(await total()).toBe(3);
  });

  it('sees at once what another connection writes: insert, update, delete, truncate of a child by cascade', async () => {
    expect(await total()).toBe(3);
    await other.query(`insert into sys_log (id, log_type) values ('pv4', 7)`);
    expect(await total()).toBe(4);
    await other.query(`update sys_log set log_type = 6 where id = 'pv4'`);
    expect(await total()).toBe(3);
    expect(await total({ logType: '6' })).toBe(1);
    await other.query(`delete from sys_log where id = 'pv1'`);
    expect(await total()).toBe(2);

    await other.query(`insert into jeecg_order_main (id, order_code) values ('pvo', 'PV')`);
    await other.query(
      `insert into jeecg_order_ticket (id, order_id, ticket_code) values ('pvt1', 'pvo', 'A'), ('pvt2', 'pvo', 'B')`,
    );
    expect((await listPage(db, tickets, { orderId: 'pvo' })).total).toBe(2);
    await other.query(`delete from jeecg_order_main where id = 'pvo'`);
    expect((await listPage(db, tickets, { orderId: 'pvo' })).total).toBe(0);
  });

  it('an uncommitted write is not counted, and is counted once committed; a rolled-back one never', async () => {
    expect(await total()).toBe(2);
    await other.query('begin');
    await other.query(`insert into sys_log (id, log_type) values ('pv5', 7)`);
    expect(await total()).toBe(2);
    await other.query('commit');
    expect(await total()).toBe(3);
    await other.query('begin');
    await other.query(`insert into sys_log (id, log_type) values ('pv6', 7)`);
    expect(await total()).toBe(3);
    await other.query('rollback');
    expect(await total()).toBe(3);
  });

  it('a transaction counts its own rows and keeps nothing; folding keeps the kept totals valid', async () => {
    expect(await total()).toBe(3);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(sysLog).values({ id: 'pv7', logType: 7 });
        expect((await listPage(tx, logs, { logType: '7' })).total).toBe(4);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await total()).toBe(3);
    await foldTableWrites(db);
    expect(await total()).toBe(3);
    await other.query(`insert into sys_log (id, log_type) values ('pv8', 7)`);
    expect(await total()).toBe(4);
  });

  it('a table whose note trigger is disabled, or enabled only for ordinary sessions, is counted every time', async () => {
    await other.query(`alter table sys_log disable trigger sys_note_table_write`);
    expect(await total()).toBe(3 + 1);
    await other.query(`insert into sys_log (id, log_type) values ('pv9', 7)`);
    expect(await total()).toBe(5);
    // plain ENABLE: it would not fire under session_replication_role = replica (logical replication)
    await other.query(`alter table sys_log enable trigger sys_note_table_write`);
    await other.query(`set session_replication_role = replica`);
    await other.query(`insert into sys_log (id, log_type) values ('pv10', 7)`);
    await other.query(`set session_replication_role = origin`);
    expect(await total()).toBe(6);
    await other.query(`alter table sys_log enable always trigger sys_note_table_write`);
    await other.query(`set session_replication_role = replica`);
    await other.query(`insert into sys_log (id, log_type) values ('pv11', 7)`);
    await other.query(`set session_replication_role = origin`);
    expect(await total()).toBe(7);
  });

  it('a table without write notes is counted every time', async () => {
    await other.query(`drop trigger sys_note_table_write on sys_position`);
    const before = (await listPage(db, positions, {})).total;
    expect((await listPage(db, positions, {})).total).toBe(before);
    await other.query(`insert into sys_position (id, code, name) values ('pvp', 'pv_code', 'PV')`);
    expect((await listPage(db, positions, {})).total).toBe(before + 1);
  });

  it('folds running at once on several nodes, between writes, keep every version', async () => {
    const peer = new pg.Client({ connectionString: url });
    await peer.connect();
    try {
      const before = await versionOf(db, 'sys_log');
      const fold = `with folded as (delete from sys_table_write where tbl in (select tbl from sys_table_write group by tbl
        having count(*) > 1) returning tbl, weight) insert into sys_table_write (tbl, weight)
        select tbl, sum(weight) from folded group by tbl`;
      for (let i = 0; i < 5; i++) {
        await Promise.all([
          other.query(`insert into sys_log (id, log_type) values ('pvf${i}', 5)`),
          foldTableWrites(db),
          peer.query(fold),
          other.query(`update sys_log set log_type = 4 where id = 'pvf${i}'`),
        ]);
      }
      expect(await versionOf(db, 'sys_log')).toBe(before + 10);
    } finally {
      await peer.end();
    }
  });

  it('a filter with a sub-select (another table) is counted every time', async () => {
    const where = sql`${sysLog.userid} in (select id from sys_user where username = 'admin')`;
    await other.query(
      `update sys_log set userid = (select id from sys_user where username = 'admin') where id = 'pv2'`,
    );
    expect((await listPage(db, logs, { logType: '7' }, { where })).total).toBe(1);
    await other.query(`update sys_user set username = 'admin_renamed' where username = 'admin'`);
    expect((await listPage(db, logs, { logType: '7' }, { where })).total).toBe(0);
    await other.query(`update sys_user set username = 'admin' where username = 'admin_renamed'`);
  });
  it('a page with table dictionaries (its rows, then their texts and the total: ADR 046) keeps its total alike', async () => {
    const withTexts = defineListEntity({
      table: sysLog,
      sortable: ['createTime'],
      defaultSort: { column: 'createTime', order: 'desc' },
      dictFields: { userid: 'sys_user,realname,username' },
    });
    const admin = (await other.query(`select realname from sys_user where username = 'admin'`)).rows[0].realname;
    await other.query(`insert into sys_log (id, log_type, userid) values ('pt1', 9, 'admin'), ('pt2', 9, null)`);
    const page = async () => listPage(db, withTexts, { logType: '9' });
    const first = await page();
    expect(first.total).toBe(2);
    expect(first.records.map((r) => [r.id, r.userid_dictText])).toEqual(
      expect.arrayContaining([
        ['pt1', admin],
        ['pt2', ''],
      ]),
    );
    // kept: a write that bypasses the notes is not counted
    await other.query(`alter table sys_log disable trigger sys_note_table_write`);
    await other.query(`insert into sys_log (id, log_type) values ('pt-unseen', 9)`);
    await other.query(`alter table sys_log enable always trigger sys_note_table_write`);
    expect((await page()).total).toBe(2);
    await other.query(`delete from sys_log where id = 'pt-unseen'`);
    expect((await page()).total).toBe(2);
    // another connection's insert and a text's change are seen by the next page
    await other.query(`insert into sys_log (id, log_type, userid) values ('pt3', 9, 'admin')`);
    await other.query(`update sys_user set realname = 'pt 改名' where username = 'admin'`);
    const after = await page();
    expect(after.total).toBe(3);
    expect(after.records.filter((r) => r.userid_dictText === 'pt 改名')).toHaveLength(2);
    await other.query(`update sys_user set realname = $1 where username = 'admin'`, [admin]);
    // past the last page: no rows, the total still counted
    expect(await listPage(db, withTexts, { logType: '9', pageNo: '9' })).toMatchObject({ records: [], total: 3 });
  });
});
