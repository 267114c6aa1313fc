/**
 * `npm run bench:import`: how long `import:jeecg` takes for 100 000 users with department links (issue 27: under
 * 2 minutes). Builds the JeecgBoot-shaped fixture (apps/server/test/jeecg-fixture.ts) in MariaDB/MySQL, adds
 * BENCH_USERS users (default 100 000) each linked to one of 50 departments and given a role, then runs the real command
 * (`--only departs,roles,users`) into a fresh embedded database in a temporary DATA_DIR — or into DATABASE_URL when
 * set (that database is written to!). Prints the import's wall time and rows per second; not a test.
 *
 *   JEECG_BENCH_URL=mysql://answer_test:answer_test@127.0.0.1:3306/answer_jeecg npm run bench:import
 *   (scripts/ci-mariadb.sh prepares that database and user)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { legacyJeecgHash } from '../apps/server/src/modules/auth/password.ts';
import { buildFixture } from '../apps/server/test/jeecg-fixture.ts';

const url = process.env.JEECG_BENCH_URL ?? 'mysql://answer_test:answer_test@127.0.0.1:3306/answer_jeecg';
const users = Number(process.env.BENCH_USERS ?? 100_000);
const BUDGET_S = 120;
const root = path.resolve(import.meta.dirname, '..');

async function fill(): Promise<void> {
  await buildFixture(url);
  const c = await mysql.createConnection({ uri: url, charset: 'utf8mb4' });
  try {
    const departs = Array.from({ length: 50 }, (_, i) => `bd${String(i).padStart(30, '0')}`);
    await c.query(
      `insert into sys_depart (id, parent_id, depart_name, org_category, org_type, org_code, status, del_flag, create_by, create_time)
       values ${departs.map(() => `(?, 'c6d7cb4deeac411cb3384b1b31278596', ?, '2', '2', ?, '1', '0', 'admin', now())`).join(', ')}`,
      departs.flatMap((id, i) => [id, `部门${i}`, `A01B${String(i).padStart(2, '0')}`]),
    );
    // one legacy hash for everyone (computing 100 000 PBE hashes would time the fixture, not the import)
    const hash = legacyJeecgHash('benchuser', '123456', 'BeNcH123');
    const batch = 2000;
    for (let start = 0; start < users; start += batch) {
      const n = Math.min(batch, users - start);
      const ids = Array.from({ length: n }, (_, k) => String(1_700_000_000_000_000_000n + BigInt(start + k)));
      await c.query(
        `insert into sys_user (id, username, realname, password, salt, sex, email, phone, org_code, status, del_flag,
           activiti_sync, work_no, create_by, create_time, user_identity, rel_tenant_ids)
         values ${ids.map(() => `(?, ?, ?, ?, 'BeNcH123', 1, ?, ?, 'A01', 1, 0, 1, ?, 'admin', '2022-01-01 08:00:00', 1, '')`).join(', ')}`,
        ids.flatMap((id, k) => {
          const i = start + k;
          return [
            id,
            `user${i}`,
            `用户${i}`,
            hash,
            `user${i}@example.com`,
            `139${String(i).padStart(8, '0')}`,
            `W${i}`,
          ];
        }),
      );
      await c.query(
        `insert into sys_user_depart (ID, user_id, dep_id) values ${ids.map(() => '(?, ?, ?)').join(', ')}`,
        ids.flatMap((id, k) => [`ud${id}`, id, departs[(start + k) % departs.length]]),
      );
      await c.query(
        `insert into sys_user_role (id, user_id, role_id) values ${ids.map(() => '(?, ?, ?)').join(', ')}`,
        ids.flatMap((id) => [`ur${id}`, id, '1500000000000000102']),
      );
    }
  } finally {
    await c.end();
  }
}

const filled = Date.now();
process.stdout.write(
  `building ${users.toLocaleString('en-US')} JeecgBoot users in ${url.replace(/:[^:@/]*@/, ':***@')} …\n`,
);
await fill();
process.stdout.write(`  fixture ready in ${((Date.now() - filled) / 1000).toFixed(1)} s\n`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
const reportFile = path.join(dataDir, 'report.txt');
// the real command, as an operator runs it
const t0 = Date.now();
const child = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    path.join(root, 'apps/server/src/import-jeecg/cli.ts'),
    '--from',
    url,
    '--only',
    'departs,roles,users',
    '--report',
    reportFile,
  ],
  { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'inherit'] },
);
child.stdout.setEncoding('utf8');
child.stdout.on('data', (chunk: string) => {
  if (process.env.BENCH_VERBOSE) {
    for (const l of chunk.split('\n').filter(Boolean))
      process.stdout.write(`${((Date.now() - t0) / 1000).toFixed(1)} ${l}\n`);
  }
});
const code: number = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
const seconds = (Date.now() - t0) / 1000;
const report = JSON.parse(fs.readFileSync(reportFile.replace(/\.txt$/, '.json'), 'utf8')) as {
  startedAt: string;
  finishedAt: string;
  tables: { table: string; read: number; inserted: number }[];
};
const importSeconds = (Date.parse(report.finishedAt) - Date.parse(report.startedAt)) / 1000;
const userRow = report.tables.find((t) => t.table === 'sys_user');
const linkRow = report.tables.find((t) => t.table === 'sys_user_depart');
const target = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite';
process.stdout.write(
  `import:jeecg → ${target}: ${userRow?.inserted ?? 0} users + ${linkRow?.inserted ?? 0} department links (+ roles)\n` +
    `  import (read, check, write; report start → end): ${importSeconds.toFixed(1)} s, ${Math.round((userRow?.read ?? 0) / importSeconds)} users/s — budget ${BUDGET_S} s: ${importSeconds < BUDGET_S ? 'within' : 'OVER'}\n` +
    `  whole command incl. opening, migrating and seeding a fresh target: ${seconds.toFixed(1)} s\n`,
);
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(code === 0 && importSeconds < BUDGET_S ? 0 : 1);
