#!/usr/bin/env node
// Runs the server suites again against a real PostgreSQL and Redis.
// TEST_DATABASE_URL (a database the tests may create databases from) and TEST_REDIS_URL default to the local services.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = {
  ...process.env,
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
};
console.log(`server suites on PostgreSQL (${env.TEST_DATABASE_URL}) and Redis (${env.TEST_REDIS_URL})`);
const r = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env,
});
process.exit(r.status ?? 1);
