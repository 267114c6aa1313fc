/**
 * `npm run bench:exam`: exam day on one node (issue 26). The real server (a child process) on a scratch PostgreSQL
 * database, and N simulated candidates (EXAM_CANDIDATES, default 2 000) in this process:
 *
 *   1. every candidate signs in (argon2id, before the clock starts: not part of a budget);
 *   2. start: all of them open the same exam within 20 s (arrivals spread evenly, open loop);
 *   3. save: each saves an answer every 5 s (EXAM_SAVE_SECONDS, default 60) — N / 5 saves per second;
 *   4. submit: all submit within 20 s (objective grading included);
 *   5. check: every acknowledged save is in quiz_answer afterwards, with the acknowledged content;
 *   6. ceiling, on a second exam every candidate opens: the offered save rate is raised step by step (8 s each) until
 *      p99 passes 100 ms or an error appears; then the same steps against the database floor (bench/exam-floor.ts:
 *      the same upsert, into a copy of quiz_answer with its keys, from a bare node:http route, after a warm-up).
 *
 * Latencies are measured from the moment a request was due, not from when the client got round to sending it, so a
 * backlog on either side counts against the figure (no coordinated omission). The server's RSS is sampled every
 * 250 ms. Budgets (2-core machine, everything on it): start p99 ≤ 300 ms, save p99 ≤ 100 ms at 400/s, submit p99 ≤
 * 500 ms, 0 errors, 0 lost, ceiling ≥ 1 000/s with p99 ≤ 100 ms and ≥ 50 % of the floor's, RSS < 600 MB.
 *
 * DATABASE_URL: an existing PostgreSQL database to create the scratch database from (default the local server).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connect } from '../apps/server/src/db/client.ts';
import { migrateAndSeed } from '../apps/server/src/db/migrate.ts';
import {
  answerFor,
  CANDIDATE_PASSWORD,
  createPublishedExam,
  insertCandidates,
  keepAliveClient,
  resultOf,
  type ServedQuestion,
  storedForm,
} from '../apps/server/test/exam-day.ts';

const root = path.resolve(import.meta.dirname, '..');
const N = Number(process.env.EXAM_CANDIDATES ?? 2000);
const SAVE_SECONDS = Number(process.env.EXAM_SAVE_SECONDS ?? 60);
const STEP_SECONDS = Number(process.env.EXAM_STEP_SECONDS ?? 8);
const RAMP = (process.env.EXAM_RAMP ?? '600,800,1000,1200,1500,1800,2200,2600,3000,3500,4000,5000')
  .split(',')
  .map(Number);
const BUDGET = {
  startP99: 300,
  saveP99: 100,
  saveRate: 400,
  submitP99: 500,
  ceiling: 1000,
  floorRatio: 0.5,
  rssMb: 600,
};

// ---------------------------------------------------------------------------------------------------------- stats

class Stats {
  private lat: number[] = [];
  ok = 0;
  errors = 0;
  firstError = '';
  add(ms: number) {
    this.lat.push(ms);
    this.ok++;
  }
  fail(why: string) {
    this.errors++;
    if (!this.firstError) this.firstError = why;
  }
  pct(p: number): number {
    if (!this.lat.length) return Number.NaN;
    const s = Float64Array.from(this.lat).sort();
    return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  }
  line(name: string) {
    return `${name}: ${this.ok} ok, p50 ${this.pct(50).toFixed(1)} ms, p99 ${this.pct(99).toFixed(1)} ms, errors ${this.errors}${this.firstError ? ` (first: ${this.firstError})` : ''}`;
  }
}

// ----------------------------------------------------------------------------------------------------- processes

const freePort = () => 20_000 + Math.floor(Math.random() * 10_000);

async function waitHttp(base: string, pathName: string, proc: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`${base} exited`);
    try {
      if ((await fetch(`${base}${pathName}`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${base} did not start`);
}

async function startServer(databaseUrl: string) {
  const port = freePort();
  const { REDIS_URL: _redis, ...inherited } = process.env;
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...inherited,
      DATABASE_URL: databaseUrl,
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
      SKIP_WEB_BUILD: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitHttp(base, '/readyz', proc);
  return { proc, base };
}

async function startFloor(databaseUrl: string) {
  const port = freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'exam-floor.ts')], {
    cwd: import.meta.dirname,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitHttp(base, '/healthz', proc);
  return { proc, base };
}

function rssSampler(pid: number) {
  let max = 0;
  const read = () => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) max = Math.max(max, Number(m[1]) / 1024);
    } catch {}
  };
  const t = setInterval(read, 250);
  return {
    stop: () => {
      clearInterval(t);
      read();
      return max;
    },
  };
}

const stopProc = (p: ChildProcess) =>
  new Promise<void>((r) => {
    if (p.exitCode !== null || p.signalCode !== null) return r();
    p.once('exit', () => r());
    p.kill('SIGTERM');
  });

// ---------------------------------------------------------------------------------------------------------- http

const client = (base: string) => keepAliveClient(base, 128);

const okOf = resultOf;

// ------------------------------------------------------------------------------------------------------ the exam

interface Candidate {
  username: string;
  token: string;
  attemptId?: string;
  questions?: ServedQuestion[];
  busy: boolean;
  /** saves sent so far: the candidate works through the paper's questions in turn */
  saves: number;
}

/** runs `count` actions spread evenly over `seconds`, open loop; resolves when all finished */
async function spread(count: number, seconds: number, action: (i: number, due: number) => Promise<void>) {
  const t0 = performance.now();
  const gap = (seconds * 1000) / Math.max(1, count);
  const all: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = t0 + i * gap;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    all.push(action(i, due));
  }
  await Promise.all(all);
}

/** offered load at `rate` saves/s for `seconds` across candidates (a candidate with a save in flight is skipped to the next) */
async function saveLoad(
  cands: Candidate[],
  rate: number,
  seconds: number,
  save: (c: Candidate, due: number) => Promise<void>,
) {
  const count = Math.round(rate * seconds);
  let cursor = 0;
  await spread(count, seconds, async (_i, due) => {
    for (let tries = 0; tries < cands.length; tries++) {
      const c = cands[cursor++ % cands.length];
      if (!c.busy && c.attemptId) return save(c, due);
    }
  });
}

async function main() {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `answer_exam_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const databaseUrl = u.toString();
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let floor: Awaited<ReturnType<typeof startFloor>> | undefined;
  const report: string[] = [];
  const verdicts: Array<[string, boolean]> = [];
  const judge = (what: string, ok: boolean) => verdicts.push([what, ok]);
  try {
    console.log(`准备：${N} 名考生，PostgreSQL ${name}`);
    {
      const database = await connect({ databaseUrl });
      await migrateAndSeed(database);
      await database.close();
    }
    const departId = await insertCandidates(databaseUrl, N, 'exam_u');
    server = await startServer(databaseUrl);
    const rss = rssSampler(server.proc.pid!);
    const api = client(server.base);
    const adminLogin = okOf(
      await api.call('POST', '/jeecg-boot/sys/login', {
        username: 'admin',
        password: '123456',
        captcha: 'x',
        checkKey: '1',
      }),
      'admin login',
    ) as { token: string };
    const examId = await createPublishedExam(api.call, adminLogin.token, departId);

    // 1. sign in (not budgeted)
    const cands: Candidate[] = [];
    const signIn = new Stats();
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < N) {
          const k = next++;
          const t = performance.now();
          try {
            const r = okOf(
              await api.call('POST', '/jeecg-boot/sys/login', {
                username: `exam_u${k}`,
                password: CANDIDATE_PASSWORD,
                captcha: 'x',
                checkKey: '1',
              }),
              'login',
            ) as { token: string };
            signIn.add(performance.now() - t);
            cands.push({ username: `exam_u${k}`, token: r.token, busy: false, saves: 0 });
          } catch (e) {
            signIn.fail((e as Error).message);
          }
        }
      }),
    );
    report.push(`${signIn.line('sign-in')} (${((performance.now() - t0) / 1000).toFixed(1)} s in all)`);

    // 2. start within 20 s
    const start = new Stats();
    await spread(cands.length, 20, async (i, due) => {
      const c = cands[i];
      try {
        const r = okOf(await api.call('POST', '/jeecg-boot/answer/candidate/start', { examId }, c.token), 'start') as {
          attemptId: string;
          questions: Candidate['questions'];
        };
        c.attemptId = r.attemptId;
        c.questions = r.questions;
        start.add(performance.now() - due);
      } catch (e) {
        start.fail((e as Error).message);
      }
    });
    report.push(start.line('start (2 000 within 20 s)'.replace('2 000', String(N))));
    judge(`start p99 ≤ ${BUDGET.startP99} ms`, start.pct(99) <= BUDGET.startP99 && start.errors === 0);

    // 3. save every 5 s each
    const acked = new Map<string, string>();
    let seq = 0;
    const mkSave = (stats: Stats) => async (c: Candidate, due: number) => {
      const q = c.questions![c.saves++ % c.questions!.length];
      const answer = answerFor(q, seq++);
      c.busy = true;
      try {
        okOf(
          await api.call(
            'POST',
            '/jeecg-boot/answer/candidate/save',
            { attemptId: c.attemptId, questionId: q.id, answer },
            c.token,
          ),
          'save',
        );
        stats.add(performance.now() - due);
        acked.set(`${c.attemptId}\n${q.id}`, storedForm(answer));
      } catch (e) {
        stats.fail((e as Error).message);
      } finally {
        c.busy = false;
      }
    };
    const open = cands.filter((c) => c.attemptId);
    const rate = open.length / 5;
    const save = new Stats();
    const s0 = performance.now();
    await saveLoad(open, rate, SAVE_SECONDS, mkSave(save));
    const reached = save.ok / ((performance.now() - s0) / 1000);
    report.push(
      `${save.line(`save (${rate.toFixed(0)}/s offered for ${SAVE_SECONDS} s)`)}, reached ${reached.toFixed(0)}/s`,
    );
    judge(
      `save p99 ≤ ${BUDGET.saveP99} ms at ${BUDGET.saveRate}/s`,
      save.pct(99) <= BUDGET.saveP99 && save.errors === 0 && reached >= Math.min(BUDGET.saveRate, rate) * 0.95,
    );

    // 5. submit within 20 s
    const submit = new Stats();
    await spread(open.length, 20, async (i, due) => {
      const c = open[i];
      try {
        okOf(
          await api.call('POST', '/jeecg-boot/answer/candidate/submit', { attemptId: c.attemptId }, c.token),
          'submit',
        );
        submit.add(performance.now() - due);
      } catch (e) {
        submit.fail((e as Error).message);
      }
    });
    report.push(submit.line('submit (within 20 s, with grading)'));
    judge(`submit p99 ≤ ${BUDGET.submitP99} ms`, submit.pct(99) <= BUDGET.submitP99 && submit.errors === 0);

    // 6. every acknowledged save is there, with its content
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    const rows = await c.query<{ attempt_id: string; question_id: string; answer: string }>(
      `select a.attempt_id, a.question_id, a.answer from quiz_answer a join quiz_attempt t on t.id = a.attempt_id
        where t.exam_id = $1 and a.answer <> ''`,
      [examId],
    );
    const stored = new Map(rows.rows.map((r) => [`${r.attempt_id}\n${r.question_id}`, r.answer]));
    let lost = 0;
    let differ = 0;
    for (const [key, value] of acked) {
      const s = stored.get(key);
      if (s === undefined) lost++;
      else if (s !== value && !(value.startsWith('[') && s === value)) {
        // blanks are stored as the JSON array the candidate sent
        try {
          if (JSON.stringify(JSON.parse(s)) !== value) differ++;
        } catch {
          differ++;
        }
      }
    }
    const states = await c.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from quiz_attempt where exam_id = $1 group by status order by status`,
      [examId],
    );
    await c.end();
    report.push(
      `acknowledged saves: ${acked.size} (question × attempt), in the database: ${acked.size - lost}, lost ${lost}, content differs ${differ}`,
    );
    report.push(`attempts by status: ${states.rows.map((r) => `${r.status}=${r.n}`).join(', ')}`);
    judge('0 lost, 0 changed', lost === 0 && differ === 0);
    judge('0 errors', start.errors + save.errors + submit.errors + signIn.errors === 0);

    // 7. the ceiling, on a second exam (the first one's attempts are submitted): every candidate opens it (not
    // budgeted), then the offered save rate is raised step by step; then the floor's on the same steps. Measured after
    // the exam-day sequence so that the overload of the last step does not weigh on the submissions.
    const examId2 = await createPublishedExam(api.call, adminLogin.token, departId, `${departId}-ceiling`);
    await spread(cands.length, 10, async (i) => {
      const c = cands[i];
      try {
        const r = okOf(
          await api.call('POST', '/jeecg-boot/answer/candidate/start', { examId: examId2 }, c.token),
          'start',
        ) as {
          attemptId: string;
          questions: Candidate['questions'];
        };
        c.attemptId = r.attemptId;
        c.questions = r.questions;
      } catch {
        c.attemptId = undefined;
      }
    });
    const ceilingOf = async (run: (rate: number) => Promise<Stats>, label: string) => {
      let best = 0;
      for (const r of RAMP) {
        const st = await run(r);
        report.push(`  ${label} ${r}/s: p99 ${st.pct(99).toFixed(1)} ms, errors ${st.errors}`);
        if (st.errors || !(st.pct(99) <= 100)) break;
        best = r;
      }
      return best;
    };
    const ceiling = await ceilingOf(async (r) => {
      const st = new Stats();
      await saveLoad(open, r, STEP_SECONDS, mkSave(st));
      return st;
    }, 'server');
    floor = await startFloor(databaseUrl);
    const floorApi = client(floor.base);
    let k = 0;
    const floorStep = async (r: number, seconds: number) => {
      const st = new Stats();
      await spread(Math.round(r * seconds), seconds, async (_i, due) => {
        const c = open[k++ % open.length];
        const q = c.questions![k % c.questions!.length];
        try {
          await floorApi.call('POST', '/save', {
            attemptId: c.attemptId,
            questionId: q.id,
            answer: JSON.stringify(answerFor(q, k)),
          });
          st.add(performance.now() - due);
        } catch (e) {
          st.fail((e as Error).message);
        }
      });
      return st;
    };
    // the server's ceiling followed its save phase (warm process, statements prepared, rows there): the floor gets a
    // warm-up of its own first (new process and pool, first insert of each answer), not counted
    await floorStep(300, 4);
    const floorCeiling = await ceilingOf((r) => floorStep(r, STEP_SECONDS), 'floor ');
    await floorApi.close();
    await stopProc(floor.proc);
    floor = undefined;
    report.push(
      `save ceiling (p99 ≤ 100 ms): server ${ceiling}/s, floor ${floorCeiling}/s, ratio ${(ceiling / (floorCeiling || 1)).toFixed(2)}`,
    );
    judge(`ceiling ≥ ${BUDGET.ceiling}/s`, ceiling >= BUDGET.ceiling);
    judge(`ceiling ≥ ${BUDGET.floorRatio * 100} % of the floor`, ceiling >= BUDGET.floorRatio * floorCeiling);
    const maxRss = rss.stop();
    report.push(`server RSS max ${maxRss.toFixed(0)} MB (the whole run)`);
    judge(`RSS < ${BUDGET.rssMb} MB`, maxRss < BUDGET.rssMb);
    await api.close();
  } finally {
    if (floor) await stopProc(floor.proc);
    if (server) await stopProc(server.proc);
    const d = new pg.Client({ connectionString: adminUrl });
    await d.connect();
    await d.query(`drop database if exists ${name} with (force)`);
    await d.end();
  }
  console.log(`\nexam day, ${N} candidates, ${os.cpus().length} cores, one node, PostgreSQL\n`);
  for (const l of report) console.log(l);
  console.log('');
  for (const [what, ok] of verdicts) console.log(`${ok ? '✓' : '✗'} ${what}`);
  if (verdicts.some(([, ok]) => !ok)) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
