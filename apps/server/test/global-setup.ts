import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { connect } from '../src/db/client.ts';
import { migrateAndSeed } from '../src/db/migrate.ts';

/**
 * Migrates and seeds one database for the whole run, so that each test app starts from a copy instead of migrating
 * again:
 * - embedded (default): one PGlite instance dumped to a file; each test file loads the dump and clones it per app
 *   (≈1 s);
 * - with TEST_DATABASE_URL: one PostgreSQL database, marked as a template; each app's database is created from it
 *   (`create database … template …`, a file copy: a fraction of a second against several seconds of migrations and
 *   seed per app). The template is dropped at the end of the run.
 */
export default async function setup() {
  const dir = path.resolve(import.meta.dirname, '../../../.tmp');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar.gz`);
  const database = await connect({});
  await migrateAndSeed(database);
  const dump = await database.pglite!.dumpDataDir('gzip');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  process.env.PGLITE_TEMPLATE = file;

  let dropPgTemplate: (() => Promise<void>) | undefined;
  if (process.env.TEST_DATABASE_URL) {
    const url = new URL(process.env.TEST_DATABASE_URL);
    const name = `answer_tpl_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const tplUrl = new URL(url.toString());
    tplUrl.pathname = `/${name}`;
    const tpl = await connect({ databaseUrl: tplUrl.toString(), poolMax: 2 });
    await migrateAndSeed(tpl);
    await tpl.close();
    // no one connects to a template: `create database … template` refuses while anyone is
    await admin.query(`alter database ${name} with is_template true allow_connections false`);
    await admin.end();
    process.env.TEST_PG_TEMPLATE = name;
    dropPgTemplate = async () => {
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      await c.query(`alter database ${name} with is_template false`);
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  return async () => {
    fs.rmSync(file, { force: true });
    await dropPgTemplate?.();
  };
}
