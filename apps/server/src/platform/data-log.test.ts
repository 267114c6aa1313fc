import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { sysDataLog, sysUser } from '../db/schema/index.ts';
import { dataLogsByIds, dataLogVersions, latestDataLog, writeDataLog } from './data-log.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('writeDataLog', () => {
  it('stores JSON snapshots with growing versions and never the password or salt', async () => {
    const db = t.app.ctx.db;
    const [admin] = await db.select().from(sysUser).where(eq(sysUser.username, 'admin'));
    expect(admin.password).toBeTruthy();
    const v1 = await writeDataLog(db, { table: 'dl_test', id: admin.id, row: admin, by: 'admin' });
    const v2 = await writeDataLog(db, { table: 'dl_test', id: admin.id, row: { ...admin, realname: '改名' } });
    expect([v1, v2]).toEqual([1, 2]);
    const versions = await dataLogVersions(db, 'dl_test', admin.id);
    expect(versions.map((v) => v.dataVersion)).toEqual([1, 2]);
    expect(versions[0].createBy).toBe('admin');
    for (const v of versions) {
      expect(v.dataContent).not.toContain(admin.password!);
      const json = JSON.parse(v.dataContent!);
      expect(json).not.toHaveProperty('password');
      expect(json).not.toHaveProperty('salt');
      expect(json.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    expect((await latestDataLog(db, 'dl_test', admin.id))?.realname).toBe('改名');
    const byIds = await dataLogsByIds(db, [versions[1].id, versions[0].id, 'nope']);
    expect(byIds.map((r) => r.dataVersion)).toEqual([2, 1]);
  });

  it('gives every one of many concurrent edits its own version', async () => {
    const db = t.app.ctx.db;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => writeDataLog(db, { table: 'dl_race', id: 'row1', row: { n: i } })),
    );
    expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    const rows = await db.select().from(sysDataLog).where(eq(sysDataLog.dataTable, 'dl_race'));
    expect(rows).toHaveLength(12);
  });

  it('inside a caller transaction: a version collision does not abort it, and a rollback removes the snapshot', async () => {
    const db = t.app.ctx.db;
    await writeDataLog(db, { table: 'dl_tx', id: 'r', row: { n: 0 } });
    await db.transaction(async (tx) => {
      // another row already holds the version the first attempt will try → the savepoint absorbs the collision
      await writeDataLog(tx, { table: 'dl_tx', id: 'r', row: { n: 1 } });
      const [u] = await tx.select().from(sysUser).limit(1);
      expect(u).toBeTruthy();
    });
    await expect(
      db.transaction(async (tx) => {
        await writeDataLog(tx, { table: 'dl_tx', id: 'r', row: { n: 2 } });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await dataLogVersions(db, 'dl_tx', 'r')).map((v) => v.dataVersion)).toEqual([1, 2]);
  });
});
