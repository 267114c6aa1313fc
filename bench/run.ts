/**
 * `npm run bench`: API load (bench/load.ts: keep-alive connections, bodies counted, not decoded) against the real server (a child process), one run, with a bare JSON
 * route (/healthz: the same hooks, no database) as the ceiling. Prints req/s, p99, bytes per answer and the ratio to
 * the ceiling. Requests carry a browser's Accept-Encoding (gzip, deflate, br), so answers are measured as browsers
 * get them.
 * Embedded PGlite always; PostgreSQL too when DATABASE_URL is set (a scratch database is created and dropped). On
 * PostgreSQL each list endpoint also gets its database floor (bench/floor-server.ts: the same rows and total in one
 * prepared statement from a bare http route, no platform) and the ratio to it.
 * Each row also gives the CPU time the answering process (the server, or the floor's process) spent per request
 * (Linux /proc): on a shared machine throughput moves with the neighbours' load, the CPU per request much less.
 * BENCH_SECONDS, BENCH_CONNECTIONS; BENCH_ONLY=<regex> runs only the matching endpoints (the ceiling always runs);
 * BENCH_DB=pglite|pg limits the run to one database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connect } from '../apps/server/src/db/client.ts';
import { migrateAndSeed } from '../apps/server/src/db/migrate.ts';
import { load } from './load.ts';
import { prepareBenchData } from './prepare.ts';
import { prepareQuizBench, type QuizBench } from './quiz.ts';

const root = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SIGN_SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const WHICH_DB = (process.env.BENCH_DB ?? 'all').toLowerCase();
/** what a browser sends */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

interface Row {
  db: string;
  name: string;
  rps: number;
  p99: number;
  /** bytes per answer on the wire (headers included) */
  bytes: number;
  errors: number;
  non2xx: number;
  /** CPU time of the answering process (server or floor) per request, µs (Linux /proc; 0 where unavailable) */
  cpuUs: number;
  /** the database floor of this endpoint (list endpoints on PostgreSQL) */
  floor?: { rps: number; p99: number };
  isFloor?: boolean;
}

function ts14() {
  const t = new Date(Date.now() + 8 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${t.getUTCFullYear()}${p(t.getUTCMonth() + 1)}${p(t.getUTCDate())}${p(t.getUTCHours())}${p(t.getUTCMinutes())}${p(t.getUTCSeconds())}`;
}

/** X-Sign of a dictionary URL without query params (contract §4.7): md5(JSON of sorted params + secret), upper-case */
function signFor(lastSegment: string) {
  const params: Record<string, string> = lastSegment.includes(',') ? { 'x-path-variable': lastSegment } : {};
  return createHash('md5')
    .update(JSON.stringify(params) + SIGN_SECRET)
    .digest('hex')
    .toUpperCase();
}

async function startServer(env: Record<string, string>): Promise<{ proc: ChildProcess; base: string }> {
  const port = 18_000 + Math.floor(Math.random() * 1000);
  // the embedded run must not inherit DATABASE_URL / REDIS_URL from the bench's own environment
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...inherited,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CAPTCHA: 'off',
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '100000000',
      RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '100000000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000000',
      LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  // up to 4 minutes: on a loaded machine (several runs sharing two cores) PGlite's start alone takes over a minute
  for (let i = 0; i < 960; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { proc, base };
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  proc.kill('SIGKILL');
  throw new Error('server did not start');
}

/** user + system CPU time of a process so far, in ms (Linux /proc; 0 elsewhere) */
function cpuMs(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100;

async function run(
  name: string,
  opts: {
    url: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    variants?: Array<{ headers?: Record<string, string>; body?: string }>;
  },
  pid?: number,
): Promise<Omit<Row, 'db'>> {
  const cpu0 = cpuMs(pid);
  const result = await load({
    url: opts.url,
    method: opts.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...BROWSER, ...(opts.headers ?? {}) },
    body: opts.body,
    variants: opts.variants,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  return {
    name,
    rps: result.rps,
    p99: result.p99,
    bytes: result.total ? result.bytes / result.total : 0,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuUs: result.total ? ((cpuMs(pid) - cpu0) * 1000) / result.total : 0,
  };
}

/** waits until the server answers /readyz (a database round trip): queued work of the previous run is done */
async function settle(base: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** the database floor process (PostgreSQL only) */
async function startFloor(databaseUrl: string): Promise<{ proc: ChildProcess; base: string }> {
  const port = 19_000 + Math.floor(Math.random() * 1000);
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'floor-server.ts')], {
    cwd: import.meta.dirname,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { proc, base };
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  proc.kill('SIGKILL');
  throw new Error('floor server did not start');
}

async function benchOne(db: string, env: Record<string, string>, quiz: QuizBench): Promise<Row[]> {
  const { proc, base } = await startServer(env);
  const floor = env.DATABASE_URL ? await startFloor(env.DATABASE_URL) : null;
  try {
    const api = `${base}/jeecg-boot`;
    const loginBody = JSON.stringify({ username: 'admin', password: '123456', captcha: 'x', checkKey: '1' });
    const login = await (
      await fetch(`${api}/sys/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: loginBody,
      })
    ).json();
    if (login.code !== 200) throw new Error(`bench login failed: ${JSON.stringify(login)}`);
    const auth = { 'X-Access-Token': login.result.token as string };
    const menu = await (await fetch(`${api}/sys/permission/getUserPermissionByToken`, { headers: auth })).json();
    const count = (items: { children?: unknown[] }[]): number =>
      items.reduce((n, i) => n + 1 + count((i.children as never[]) ?? []), 0);
    const items = count(menu.result?.menu ?? []);
    console.log(`[${db}] menu items for admin: ${items}`);
    if (items < 300) throw new Error(`bench data missing: only ${items} menu items (expected ≥ 300)`);

    const rows: Row[] = [];
    const log = (r: Omit<Row, 'db'>) =>
      console.log(
        `[${db}] ${r.name}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, ${(r.bytes / 1024).toFixed(1)} KB/answer, ${r.cpuUs.toFixed(0)} µs CPU/request, errors ${r.errors}, non-2xx ${r.non2xx}`,
      );
    const add = async (
      name: string,
      opts: Parameters<typeof run>[1],
      floorPath?: string | Parameters<typeof run>[1],
      always = false,
    ): Promise<void> => {
      if (ONLY && !always && !ONLY.test(name)) return;
      // steady state is measured: the previous endpoint's backlog is drained first (readyz waits for the database)
      // and one request warms this endpoint's caches
      await settle(base);
      await fetch(opts.url, {
        method: opts.method ?? 'GET',
        headers: {
          'content-type': 'application/json',
          ...(opts.headers ?? {}),
          ...(opts.variants?.[0]?.headers ?? {}),
        },
        body: opts.variants?.[0]?.body ?? opts.body,
      }).then((r) => r.arrayBuffer());
      const r = await run(name, opts, proc.pid);
      log(r);
      rows.push({ db, ...r });
      if (floor && floorPath) {
        await settle(base);
        const fo = typeof floorPath === 'string' ? { url: `${floor.base}${floorPath}` } : floorPath;
        const label = typeof floorPath === 'string' ? floorPath : floorPath.url.replace('FLOOR', '');
        const f = await run(
          `  floor: ${label} (pg, one prepared statement, bare http)`,
          { ...fo, url: fo.url.replace('FLOOR', floor.base) },
          floor.proc.pid,
        );
        log(f);
        rows[rows.length - 1].floor = { rps: f.rps, p99: f.p99 };
        rows.push({ db, ...f, isFloor: true });
      }
    };
    await add('bare JSON route (/healthz) — ceiling', { url: `${base}/healthz` }, undefined, true);
    await add('GET getUserPermissionByToken (300+ menu rows)', {
      url: `${api}/sys/permission/getUserPermissionByToken`,
      headers: auth,
    });
    await add('GET dict/getDictItems/sex (signed)', {
      url: `${api}/sys/dict/getDictItems/sex`,
      headers: { ...auth, 'X-Sign': signFor('sex'), 'X-TIMESTAMP': ts14() },
    });
    // the most frequent call in production: every open tab polls it every 6 s (issue 28: ≥ 10 % of the ceiling)
    await add('GET annountCement/listByUser (the bell poll)', {
      url: `${api}/sys/annountCement/listByUser`,
      headers: auth,
    });
    await add(
      'GET sys/log/list page 1 of 10 000 rows',
      { url: `${api}/sys/log/list?pageNo=1&pageSize=10&logType=2`, headers: auth },
      '/log-list',
    );
    await add(
      'GET sys/log/list filtered + sorted',
      {
        url: `${api}/sys/log/list?pageNo=3&pageSize=20&logType=2&keyWord=bench&column=costTime&order=desc`,
        headers: auth,
      },
      '/log-list-filtered',
    );
    await add(
      'GET sys/user/list page 1 of 10 000 users (_dictText, department names)',
      { url: `${api}/sys/user/list?pageNo=1&pageSize=10`, headers: auth },
      '/user-list',
    );
    await add(
      'GET sys/user/list filtered (realname like, status) + sorted',
      {
        url: `${api}/sys/user/list?pageNo=2&pageSize=20&realname=${encodeURIComponent('*用户1*')}&status=1&column=username&order=asc`,
        headers: auth,
      },
      '/user-list-filtered',
    );
    await add(
      'GET answer/question/list of 10 000 questions: subject sub-tree + stem keyword (_dictText, subject names)',
      {
        url: `${api}/answer/question/list?pageNo=1&pageSize=10&subjectId=bench-subject-0&keyword=${encodeURIComponent('消防')}`,
        headers: auth,
      },
      '/question-list-filtered',
    );
    await add('GET sys/sysDepart/queryTreeList (1 000 departments)', {
      url: `${api}/sys/sysDepart/queryTreeList`,
      headers: auth,
    });
    // exam day's hot calls (issue 25): one candidate per connection
    if (!ONLY || ONLY.test('answer/candidate')) {
      const as = (token: string) => ({ 'X-Access-Token': token });
      const attempts: string[] = [];
      const firstStarts: number[] = [];
      for (const token of quiz.tokens) {
        const t0 = performance.now();
        const r = await (
          await fetch(`${api}/answer/candidate/start`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...as(token) },
            body: JSON.stringify({ examId: quiz.examId }),
          })
        ).json();
        firstStarts.push(performance.now() - t0);
        if (!r.success) throw new Error(`bench start failed: ${JSON.stringify(r)}`);
        attempts.push(r.result.attemptId);
      }
      firstStarts.sort((a, b) => a - b);
      console.log(
        `[${db}] first start (creates the attempt, sequential, ${firstStarts.length} candidates): p50 ${firstStarts[Math.floor(firstStarts.length / 2)].toFixed(1)} ms, max ${firstStarts.at(-1)!.toFixed(1)} ms`,
      );
      await add('POST answer/candidate/start (open the exam again: same attempt, 20 questions)', {
        url: `${api}/answer/candidate/start`,
        method: 'POST',
        body: JSON.stringify({ examId: quiz.examId }),
        variants: quiz.tokens.map((t) => ({ headers: as(t) })),
      });
      const saveBody = (i: number) =>
        JSON.stringify({ attemptId: attempts[i], questionId: quiz.questionId, answer: i % 2 ? 'B' : 'C' });
      await add(
        'POST answer/candidate/save (answer upsert, one candidate per connection)',
        {
          url: `${api}/answer/candidate/save`,
          method: 'POST',
          variants: quiz.tokens.map((t, i) => ({ headers: as(t), body: saveBody(i) })),
        },
        {
          url: 'FLOOR/quiz-save',
          method: 'POST',
          variants: quiz.tokens.map((_t, i) => ({ body: saveBody(i) })),
        },
      );
      // the envelope of a save after the run: a refused save answers HTTP 200 with success false
      const check = await (
        await fetch(`${api}/answer/candidate/save`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...as(quiz.tokens[0]) },
          body: saveBody(0),
        })
      ).json();
      if (!check.success) throw new Error(`bench save refused: ${JSON.stringify(check)}`);
    }
    // last: argon2id saturates the CPU and would leave a backlog behind for the reads
    await add('POST /sys/login (argon2id, CAPTCHA=off)', {
      url: `${api}/sys/login`,
      method: 'POST',
      body: loginBody,
    });
    return rows;
  } finally {
    for (const p of [proc, floor?.proc]) {
      if (!p) continue;
      p.kill('SIGTERM');
      await new Promise((r) => p.once('exit', r));
    }
  }
}

async function main() {
  const all: Row[] = [];
  // embedded PGlite: prepare a data dir, then start the server on it
  if (WHICH_DB !== 'pg') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-bench-'));
    let quizLite: QuizBench;
    {
      const database = await connect({ pgliteDir: path.join(dataDir, 'pgdata') });
      await migrateAndSeed(database);
      await prepareBenchData(database.db);
      quizLite = await prepareQuizBench(database.db);
      await database.close();
    }
    all.push(...(await benchOne('PGlite', { DATA_DIR: dataDir }, quizLite)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  if (process.env.DATABASE_URL && WHICH_DB !== 'pglite') {
    const adminUrl = new URL(process.env.DATABASE_URL);
    const name = `answer_bench_${randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: adminUrl.toString() });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const url = new URL(adminUrl.toString());
    url.pathname = `/${name}`;
    try {
      const database = await connect({ databaseUrl: url.toString() });
      await migrateAndSeed(database);
      await prepareBenchData(database.db);
      const quizPg = await prepareQuizBench(database.db);
      await database.close();
      all.push(...(await benchOne('PostgreSQL', { DATABASE_URL: url.toString() }, quizPg)));
    } finally {
      const d = new pg.Client({ connectionString: adminUrl.toString() });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    }
  }

  console.log(`\n${CONNECTIONS} connections, ${DURATION} s per endpoint, ${os.cpus().length} cores\n`);
  console.log(
    '| database | endpoint | req/s | p99 ms | KB/answer | CPU µs/req | ratio to ceiling | ratio to floor | errors | non-2xx |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const db of [...new Set(all.map((r) => r.db))]) {
    const rows = all.filter((r) => r.db === db);
    const ceiling = rows[0].rps || 1;
    for (const r of rows) {
      const toFloor = r.floor ? (r.rps / (r.floor.rps || 1)).toFixed(3) : '';
      console.log(
        `| ${db} | ${r.name} | ${r.rps.toFixed(0)} | ${r.p99} | ${(r.bytes / 1024).toFixed(1)} | ${r.cpuUs.toFixed(0)} | ${(r.rps / ceiling).toFixed(3)} | ${toFloor} | ${r.errors} | ${r.non2xx} |`,
      );
    }
  }
  // the same read on both databases (each as its share of its own ceiling, so machine noise between runs cancels)
  const lite = all.filter((r) => r.db === 'PGlite' && !r.isFloor);
  const pgRows = all.filter((r) => r.db === 'PostgreSQL' && !r.isFloor);
  if (lite.length > 1 && pgRows.length > 1) {
    console.log('\n| endpoint | PGlite / PostgreSQL (req/s) | same, each relative to its ceiling |');
    console.log('|---|---:|---:|');
    for (const l of lite.slice(1)) {
      const p = pgRows.find((r) => r.name === l.name);
      if (!p) continue;
      const rel = l.rps / lite[0].rps / (p.rps / pgRows[0].rps || 1);
      console.log(`| ${l.name} | ${(l.rps / (p.rps || 1)).toFixed(3)} | ${rel.toFixed(3)} |`);
    }
  }
  const bad = all.filter((r) => r.errors > 0 || r.non2xx > 0);
  if (bad.length) {
    console.error(`\n${bad.length} endpoint(s) had errors or non-2xx answers`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
