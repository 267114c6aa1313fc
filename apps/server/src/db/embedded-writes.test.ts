import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onRealPg, type TestApp } from '../../test/harness.ts';
import { recordStatements } from '../../test/pglite-statements.ts';
import { defineListEntity, listPage } from '../platform/list-query.ts';
import type { Db } from './client.ts';
import { isPlainRead } from './embedded-writes.ts';
import { sysLog } from './schema/index.ts';

describe('isPlainRead', () => {
  it('knows a single read from anything that may write', () => {
    expect(isPlainRead('select "id", "update_time", "delete_flag" from "sys_log" where "id" = $1')).toBe(true);
    expect(isPlainRead('  (select count(*) from "sys_user")')).toBe(true);
    for (const text of [
      'insert into "sys_log" ("id") values ($1)',
      'update "sys_user" set "status" = $1',
      'delete from "sys_log"',
      'with d as (delete from "sys_log" returning *) select count(*) from d',
      'select * into "copy_of_log" from "sys_log"',
      "select nextval('seq')",
      'select * from "sys_user" for update',
      'truncate "sys_log"',
      'vacuum analyze',
      'begin',
    ]) {
      expect(isPlainRead(text), text).toBe(false);
    }
  });
});

/**
 * The embedded database keeps a list page's total while nothing is written (ADR 044): every kind of write is seen
 * by the next page at once, and a kept total saves the count statement.
 */
describe.skipIf(onRealPg)('embedded database: list totals kept until a write', () => {
  let t: TestApp;
  let db: Db;
  const logs = defineListEntity({
    table: sysLog,
    sortable: ['createTime'],
    defaultSort: { column: 'createTime', order: 'desc' },
    dictFields: {},
  });
  /** statements the instance ran that counted */
  let executed: string[] = [];
  const countsSoFar = () => executed.filter((s) => s.includes('count(*)')).length;
  const total = async (q: Record<string, string> = { logType: '7' }) => (await listPage(db, logs, q)).total;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    executed = recordStatements(t.database.pglite!).executed;
    await db.insert(sysLog).values([1, 2, 3].map((i) => ({ id: `ew${i}`, logType: 7, logContent: `x${i}` })));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a repeated page is answered without counting again, with the same total', async () => {
    expect(await total()).toBe(3);
    const before = countsSoFar();
    expect(await total()).toBe(3);
    expect(await total()).toBe(3);
    expect(countsSoFar()).toBe(before);
    // another filter is its own count
    expect(await total({ logType: '7', logContent: 'x1' })).toBe(1);
    expect(countsSoFar()).toBe(before + 1);
  });

  it('sees an insert, an update and a delete at once', async () => {
    expect(await total()).toBe(3);
    await db.insert(sysLog).values({ id: 'ew4', logType: 7, logContent: 'x4' });
    expect(await total()).toBe(4);
    await db.update(sysLog).set({ logType: 8 }).where(eq(sysLog.id, 'ew4'));
    expect(await total()).toBe(3);
    expect(await total({ logType: '8' })).toBe(1);
    await db.delete(sysLog).where(eq(sysLog.id, 'ew1'));
    expect(await total()).toBe(2);
  });

  it('sees a committed transaction and forgets nothing on a rolled-back one', async () => {
    expect(await total()).toBe(2);
    await db.transaction(async (tx) => {
      await tx.insert(sysLog).values({ id: 'ew5', logType: 7 });
      // the transaction's own page counts its own rows
      expect((await listPage(tx, logs, { logType: '7' })).total).toBe(3);
    });
    expect(await total()).toBe(3);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(sysLog).values({ id: 'ew6', logType: 7 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await total()).toBe(3);
  });

  it('sees raw SQL and multi-statement exec', async () => {
    expect(await total()).toBe(3);
    await db.execute(sql`insert into sys_log (id, log_type) values ('ew7', 7)`);
    expect(await total()).toBe(4);
    await t.database.pglite!.exec(`delete from sys_log where id = 'ew7'; delete from sys_log where id = 'ew5'`);
    expect(await total()).toBe(2);
  });

  it('a pattern-filtered page with a table dictionary: rows, then texts and the kept total (ADR 049)', async () => {
    const named = defineListEntity({
      table: sysLog,
      sortable: ['createTime'],
      defaultSort: { column: 'createTime', order: 'desc' },
      dictFields: { userid: 'sys_user,realname,username' },
    });
    await db.insert(sysLog).values({ id: 'ew8', logType: 9, logContent: 'pattern one', userid: 'admin' });
    const q = { logType: '9', logContent: '*pattern*' };
    const mark = executed.length;
    const first = await listPage(db, named, q);
    expect(first.total).toBe(1);
    expect(first.records[0]).toMatchObject({ id: 'ew8', userid: 'admin', userid_dictText: '管理员' });
    // the rows alone (planned for the pattern), then the texts and the count by the rows' keys
    const sent = executed.slice(mark);
    expect(sent).toHaveLength(2);
    expect(sent[0]).not.toContain('count(*)');
    expect(sent[1]).toContain('count(*)');
    // the same page again: the total is kept, nothing is counted
    const before = countsSoFar();
    expect((await listPage(db, named, q)).total).toBe(1);
    expect(countsSoFar()).toBe(before);
    // a write is seen at once
    await db.insert(sysLog).values({ id: 'ew9', logType: 9, logContent: 'pattern two', userid: 'nobody' });
    const after = await listPage(db, named, q);
    expect(after.total).toBe(2);
    expect(after.records.find((r) => r.id === 'ew9')).toMatchObject({ userid_dictText: '' });
    await db.delete(sysLog).where(eq(sysLog.logType, 9));
  });

  it('a page past the end still answers the total', async () => {
    const page = await listPage(db, logs, { logType: '7', pageNo: '5', pageSize: '10' });
    expect(page.records).toEqual([]);
    expect(page.total).toBe(2);
  });
});
