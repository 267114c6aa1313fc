import fs from 'node:fs';
import path from 'node:path';
import { connect } from '../src/db/client.ts';
import { migrateAndSeed } from '../src/db/migrate.ts';

/**
 * Migrates and seeds one embedded database for the whole run and dumps it; each test file loads the dump
 * and clones it per app (≈1 s) instead of migrating again.
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
  return () => fs.rmSync(file, { force: true });
}
