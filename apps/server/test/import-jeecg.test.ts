import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, PGLITE_EXTENSIONS } from '../src/db/client.ts';
import { main } from '../src/import-jeecg/cli.ts';
import type { ImportReport } from '../src/import-jeecg/report.ts';
import { verifyPassword } from '../src/modules/auth/password.ts';
import { createTestApp, onRealPg, type TestApp } from './harness.ts';
import { buildFixture, FIXTURE_USERS, MENU, ROLE } from './jeecg-fixture.ts';

/**
 * `npm run import:jeecg` end to end (issue 27): a JeecgBoot 3.2-shaped database in MariaDB (jeecg-fixture.ts), imported
 * into PostgreSQL (services suite; PGlite otherwise) and into the embedded database of a data directory, then three of
 * its users sign in through the real login endpoint with their JeecgBoot passwords and see what the fixture grants;
 * a second run changes nothing. Runs where MariaDB is prepared (scripts/ci-mariadb.sh).
 */

const MARIADB =
  process.env.TEST_MARIADB_URL ?? (onRealPg ? 'mysql://answer_test:answer_test@127.0.0.1:3306/answer_test' : '');
const JEECG_URL = (() => {
  if (!MARIADB) return '';
  const u = new URL(MARIADB);
  u.pathname = '/answer_jeecg';
  return u.toString();
})();

const quiet = () => {
  const lines: string[] = [];
  return { lines, io: { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) } };
};

type MenuNode = { path: string; meta?: { title?: string }; children?: MenuNode[] };
const titles = (menu: MenuNode[], out: string[] = []) => {
  for (const m of menu) {
    out.push(m.path);
    if (m.children) titles(m.children, out);
  }
  return out;
};

describe.skipIf(!JEECG_URL)('JeecgBoot import from MariaDB', () => {
  let t: TestApp;
  let dir: string;
  let first: ImportReport;
  beforeAll(async () => {
    await buildFixture(JEECG_URL);
    t = await createTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jeecg-import-'));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const runInto = async (args: string[] = []) => {
    const q = quiet();
    const r = await main(
      ['--from', JEECG_URL, '--report', path.join(dir, 'report.txt'), ...args],
      { DATA_DIR: dir },
      q.io,
      {
        database: t.database,
      },
    );
    return { ...r, lines: q.lines };
  };

  it('bad input: unreachable host, wrong password, not JeecgBoot, unknown area — clear messages, exit 2', async () => {
    const q = quiet();
    expect((await main(['--from', 'mysql://x:y@127.0.0.1:1/jeecg'], { DATA_DIR: dir }, q.io)).code).toBe(2);
    expect(q.lines.join('\n')).toMatch(/无法连接 127\.0\.0\.1:1\/jeecg：连接被拒绝/);
    const wrong = new URL(JEECG_URL);
    wrong.password = 'wrong';
    const q2 = quiet();
    expect((await main(['--from', wrong.toString()], { DATA_DIR: dir }, q2.io)).code).toBe(2);
    expect(q2.lines.join('\n')).toMatch(/用户名或密码错误/);
    const q3 = quiet();
    expect((await main(['--from', MARIADB], { DATA_DIR: dir }, q3.io, { database: t.database })).code).toBe(2);
    expect(q3.lines.join('\n')).toMatch(/不是 JeecgBoot 数据库/);
    const q4 = quiet();
    expect((await main(['--from', JEECG_URL, '--only', 'users,bogus'], { DATA_DIR: dir }, q4.io)).code).toBe(2);
    expect(q4.lines.join('\n')).toMatch(/--only 中有不认识的范围：bogus/);
  });

  it('--dry-run reads and checks everything and writes nothing', async () => {
    const before = await t.database.db.execute(sql`select count(*)::int as n from sys_user`);
    const r = await runInto(['--dry-run']);
    expect(r.code).toBe(0);
    expect(r.report!.dryRun).toBe(true);
    // five users pass the checks: four new, admin replaces the seed's row of the same id
    const users = r.report!.tables.find((x) => x.table === 'sys_user')!;
    expect([users.inserted, users.updated]).toEqual([4, 1]);
    const after = await t.database.db.execute(sql`select count(*)::int as n from sys_user`);
    expect((after as unknown as { rows: unknown[] }).rows).toEqual((before as unknown as { rows: unknown[] }).rows);
    const imported = await t.database.db.execute(sql`select count(*)::int as n from sys_import_row`);
    expect((imported as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('imports every area, reports the awkward rows, and users sign in with their old passwords', async () => {
    const r = await runInto();
    expect(r.code).toBe(0);
    first = r.report!;
    expect(first.areas.every((a) => a.ok)).toBe(true);
    const table = (name: string) => first.tables.find((x) => x.table === name)!;
    const skipped = (name: string) =>
      [...table(name).skipped.entries()].map(([k, v]) => `${k}: ${v.join(',')}`).join('\n');
    const fixed = (name: string) => [...table(name).fixed.keys()].join('\n');
    // duplicate username differing only in case: the later one is skipped
    expect(skipped('sys_user')).toMatch(/用户名与 1500000000000000002（staff）仅大小写不同: 1500000000000000005/);
    expect(fixed('sys_user')).toMatch(/列 birthday 的日期 0000-00-00 00:00:00 无效，按空值导入/);
    expect(skipped('sys_position')).toMatch(/列 name 的内容不是有效的 UTF-8 文本: p2/);
    expect(fixed('sys_depart')).toMatch(/上级部门 no-such-depart 不存在/);
    expect(skipped('sys_user_depart')).toMatch(/用户 no-such-user 不存在: ud4/);
    expect(skipped('sys_user_depart')).toMatch(/部门 no-such-depart 不存在: ud5/);
    expect(skipped('sys_user_role')).toMatch(/角色 no-such-role 不存在: ur5/);
    expect(skipped('sys_dict_item')).toMatch(/字典 no-such-dict 不存在: di5/);
    expect(fixed('sys_permission')).toMatch(/上级菜单 no-such-menu 不存在/);
    // attention: unknown component, job class, refused report
    const attention = first.attention.map((a) => `${a.kind} ${a.key} ${a.detail}`).join('\n');
    expect(attention).toMatch(/component biz\/ContractList 菜单「合同台账」/);
    expect(attention).toMatch(/jobClass com\.acme\.job\.ContractMailJob/);
    expect(attention).toMatch(/report danger_report/);
    expect(fs.readFileSync(r.reportFile!, 'utf8')).toMatch(/JeecgBoot 导入报告/);

    // the GBK text in a latin1 table skipped; the UTF-8 one kept
    const pos = (await t.database.db.execute(
      sql`select code, name from sys_position where code in ('CEO','CTO')`,
    )) as unknown as {
      rows: { code: string; name: string }[];
    };
    expect(pos.rows).toEqual([{ code: 'CEO', name: '总经理' }]);
    // the unknown job class is paused; the data-source password re-encrypted with our key
    const jobs = (await t.database.db.execute(
      sql`select id, status from sys_quartz_job where id in ('job1','job2') order by id`,
    )) as unknown as {
      rows: unknown[];
    };
    expect(jobs.rows).toEqual([
      { id: 'job1', status: -1 },
      { id: 'job2', status: -1 },
    ]);
    const ds = (await t.database.db.execute(
      sql`select db_password from sys_data_source where code = 'erp_mysql'`,
    )) as unknown as {
      rows: { db_password: string }[];
    };
    expect(ds.rows[0].db_password).toMatch(/^v1:/);
    // the report our guard refuses is imported stopped, with the reason; the others run
    const reports = (await t.database.db.execute(
      sql`select code, disabled_reason from onl_cgreport_head where code = 'danger_report'`,
    )) as unknown as {
      rows: { code: string; disabled_reason: string | null }[];
    };
    expect(reports.rows[0].disabled_reason).toMatch(/^导入时未通过报表检查（.+）$/);
    // the online form's tables were created and filled (the zero date as null)
    const orders = (await t.database.db.execute(
      sql`select id, order_no, order_date from test_order order by id`,
    )) as unknown as {
      rows: unknown[];
    };
    expect(orders.rows).toEqual([
      { id: 'o1', order_no: 'HT-001', order_date: expect.stringMatching(/2022-03-01/) },
      { id: 'o2', order_no: 'HT-002', order_date: null },
    ]);

    // sign in with the JeecgBoot passwords; compare menus and buttons with the fixture's grants
    const perms = async (username: string, password: string) => {
      const token = await t.login(username, password);
      const res = await t.req({ method: 'GET', url: '/jeecg-boot/sys/permission/getUserPermissionByToken', token });
      const menu = res.json.result.menu as MenuNode[];
      const auth = (res.json.result.auth as { action: string }[]).map((a) => a.action).sort();
      // every user also gets the hidden online `:code` routes (permission/service.ts): not part of the grants
      return { paths: titles(menu).filter((p) => !p.startsWith('/online')), auth };
    };
    const manager = await perms('manager', FIXTURE_USERS.manager.password);
    expect(manager.paths).toEqual(
      expect.arrayContaining([
        '/dashboard/analysis',
        '/isystem',
        '/isystem/user',
        '/biz',
        '/biz/l2/l3/l4/l5/contract',
        '/orphan',
      ]),
    );
    expect(manager.paths).not.toContain('/mytask');
    expect(manager.auth).toEqual(['contract:approve', 'user:add']);
    const staff = await perms('staff', FIXTURE_USERS.staff.password);
    expect(staff.paths.sort()).toEqual(['/dashboard/analysis', '/mytask']);
    expect(staff.auth).toEqual([]);
    const admin = await perms('admin', FIXTURE_USERS.admin.password);
    expect(admin.paths).toEqual(expect.arrayContaining(['/biz/l2/l3/l4/l5/contract', '/isystem/user']));
    expect(admin.auth).toEqual(expect.arrayContaining(['user:add', 'user:edit', 'contract:approve']));
    // the first sign-in upgraded the legacy hash
    const pw = (await t.database.db.execute(
      sql`select password from sys_user where username = 'staff'`,
    )) as unknown as {
      rows: { password: string }[];
    };
    expect(pw.rows[0].password).toMatch(/^\$argon2id\$/);
    // frozen and deleted states kept
    await expect(t.login('frozen', FIXTURE_USERS.frozen.password)).rejects.toThrow(/该用户已冻结/);
    await expect(t.login('gone', FIXTURE_USERS.gone.password)).rejects.toThrow(/login failed/);
    expect(MENU.staffOnly).toBeTruthy();
  }, 60_000);

  it('a second run changes nothing; a change made here is kept, one made in JeecgBoot is applied', async () => {
    const again = await runInto();
    expect(again.code).toBe(0);
    for (const tr of again.report!.tables) {
      expect({ table: tr.table, inserted: tr.inserted, updated: tr.updated }).toEqual({
        table: tr.table,
        inserted: 0,
        updated: 0,
      });
    }
    // now both sides work: here the staff's real name changes; in JeecgBoot the staff's phone and real name, and
    // the manager's email change
    await t.database.db.execute(sql`update sys_user set realname = '李员工（新）' where username = 'staff'`);
    const my = await mysql.createConnection({ uri: JEECG_URL });
    await my.query(`update sys_user set realname = '李四', phone = '13900000000' where username = 'staff'`);
    await my.query(`update sys_user set email = 'wang2@example.com' where username = 'manager'`);
    await my.end();
    const third = await runInto(['--only', 'users']);
    expect(third.code).toBe(0);
    const users = third.report!.tables.find((x) => x.table === 'sys_user')!;
    expect(users.updated).toBe(2);
    expect([...users.conflicts.entries()]).toEqual([[FIXTURE_USERS.staff.id, ['realname']]]);
    const rows = (await t.database.db.execute(
      sql`select username, realname, phone, email from sys_user where username in ('staff','manager') order by username`,
    )) as unknown as { rows: unknown[] };
    expect(rows.rows).toEqual([
      { username: 'manager', realname: '王经理', phone: null, email: 'wang2@example.com' },
      { username: 'staff', realname: '李员工（新）', phone: '13900000000', email: null },
    ]);
    // the staff signed in earlier (hash upgraded here): still their password
    await t.login('staff', FIXTURE_USERS.staff.password);
  }, 60_000);

  it('imports into the embedded database of DATA_DIR (the command opens, migrates and writes it)', async () => {
    const dataDir = path.join(dir, 'embedded');
    // start from the run's migrated + seeded template (what a first `npm start` leaves in DATA_DIR), not a fresh migration
    const template = process.env.PGLITE_TEMPLATE;
    if (template && fs.existsSync(template)) {
      fs.mkdirSync(dataDir, { recursive: true });
      const pre = new PGlite(path.join(dataDir, 'pgdata'), {
        loadDataDir: new Blob([fs.readFileSync(template)]),
        extensions: PGLITE_EXTENSIONS,
      });
      await pre.waitReady;
      await pre.close();
    }
    const q = quiet();
    const r = await main(['--from', JEECG_URL, '--only', 'departs,roles,users,menus'], { DATA_DIR: dataDir }, q.io);
    expect(r.code, q.lines.join('\n')).toBe(0);
    // the same rows as on PostgreSQL; the legacy hash verifies (the sign-in path is the one tested above)
    const database = await connect({ pgliteDir: path.join(dataDir, 'pgdata') });
    try {
      const users = (await database.db.execute(
        sql`select username, password, salt, status, del_flag from sys_user where id like '15%' order by id`,
      )) as unknown as {
        rows: { username: string; password: string; salt: string; status: number; del_flag: number }[];
      };
      expect(users.rows.map((u) => [u.username, u.status, u.del_flag])).toEqual([
        ['manager', 1, 0],
        ['staff', 1, 0],
        ['frozen', 2, 0],
        ['gone', 1, 1],
      ]);
      expect(await verifyPassword(users.rows[0], FIXTURE_USERS.manager.password)).toBe(true);
      expect(await verifyPassword(users.rows[1], FIXTURE_USERS.staff.password)).toBe(true);
      const grants = (await database.db.execute(
        sql`select count(*)::int as n from sys_role_permission where role_id = ${ROLE.manager}`,
      )) as unknown as { rows: { n: number }[] };
      expect(grants.rows[0].n).toBe(12);
    } finally {
      await database.close();
    }
  }, 120_000);
});
