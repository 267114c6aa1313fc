import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, freshDatabase, type Served, servicesAvailable, spawnServer, token, until } from './faults/support.ts';

// Exactly once in a cluster (ADR 027): three real server processes on one PostgreSQL database and one Redis, an
// every-second job. Each fire is claimed in the database, so it runs on exactly one node (counted from the nodes' own
// log lines, not only from the table); a pause made on one node holds on all; a node killed with SIGKILL does not
// cost the next fires; after the whole cluster was down the missed fires run once. Runs in `npm run test:services`.
describe.skipIf(!servicesAvailable)('jobs: exactly once on three nodes (PostgreSQL + Redis)', () => {
  let nodes: Served[] = [];
  let drop: () => Promise<void>;
  let env: Record<string, string>;
  let db: pg.Client;
  let tok: string;
  let jobId: string;

  const Q = '/jeecg-boot/sys/quartzJob';
  const runs = async () =>
    (
      await db.query<{ fire: string; node: string; trigger: string; outcome: string }>(
        `select extract(epoch from fire_time) * 1000 as fire, node, trigger, outcome
           from sys_quartz_job_run where job_id = $1 order by fire_time`,
        [jobId],
      )
    ).rows.map((r) => ({ ...r, fire: Math.round(Number(r.fire)) }));
  /** how many times the job body ran, by the nodes' own log lines */
  const bodyRuns = (ns: Served[]) =>
    ns.reduce((n, s) => n + s.logs.filter((l) => l.msg === 'welcome cluster!').length, 0);
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const consecutive = (fires: number[]) => fires.every((f, i) => i === 0 || f - fires[i - 1] === 1000);

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    env = {
      DATABASE_URL: fresh.url.toString(),
      REDIS_URL: process.env.TEST_REDIS_URL!,
      REDIS_PREFIX: `qz${randomBytes(4).toString('hex')}:`,
      // every-second fires make the test short; the product refuses crons under 10 s by default (ADR 054)
      JOB_MIN_INTERVAL_SECONDS: '1',
    };
    nodes = await Promise.all([spawnServer(env), spawnServer(env), spawnServer(env)]);
    db = new pg.Client({ connectionString: fresh.url.toString() });
    await db.connect();
    tok = await token(nodes[0].base);
  }, 120_000);

  afterAll(async () => {
    for (const n of nodes) n.kill();
    await Promise.all(nodes.map((n) => n.exited));
    await db?.end();
    await drop?.();
  });

  it('each fire runs on exactly one of three nodes; a pause on one node holds on all', async () => {
    const add = await call(nodes[0].base, 'POST', `${Q}/add`, {
      token: tok,
      body: {
        jobClassName: 'org.jeecg.modules.quartz.job.SampleParamJob',
        cronExpression: '* * * * * ?',
        parameter: 'cluster',
        description: 'cluster job',
        status: 0,
      },
    });
    expect(add.json.message).toBe('创建定时任务成功');
    jobId = (await db.query(`select id from sys_quartz_job where description = 'cluster job'`)).rows[0].id;

    await until(runs, (r) => r.length >= 6, { tries: 200, pauseMs: 100 });
    const pause = await call(nodes[1].base, 'GET', `${Q}/pause?id=${jobId}`, { token: tok });
    expect(pause.json.message).toBe('停止定时任务成功');
    const pausedAt = Date.now();
    await sleep(3000);
    const seen = await runs();
    const fires = seen.map((r) => r.fire);
    expect(consecutive(fires)).toBe(true);
    expect(fires.filter((f) => f > pausedAt)).toEqual([]);
    expect(seen.every((r) => r.outcome === 'success' && r.trigger === 'cron')).toBe(true);
    // the body ran once per recorded fire, summed over the three nodes
    expect(bodyRuns(nodes)).toBe(seen.length);
  });

  it('resumed on another node it goes on; a node killed mid-schedule costs no fire', async () => {
    const resume = await call(nodes[2].base, 'GET', `${Q}/resume?id=${jobId}`, { token: tok });
    expect(resume.json.message).toBe('启动定时任务成功');
    const resumedAt = Date.now();
    await until(runs, (r) => r.filter((x) => x.fire > resumedAt).length >= 3, { tries: 200, pauseMs: 100 });
    nodes[0].kill();
    await nodes[0].exited;
    const killedAt = Date.now();
    await until(runs, (r) => r.filter((x) => x.fire > killedAt).length >= 4, { tries: 200, pauseMs: 100 });
    const after = (await runs()).filter((x) => x.fire > resumedAt);
    expect(consecutive(after.map((r) => r.fire))).toBe(true);
    // the two survivors took over every fire after the kill
    const dead = `${nodes[0].proc.pid}-`;
    const taken = after.filter((x) => x.fire > killedAt);
    expect(taken.some((r) => r.node.startsWith(dead))).toBe(false);
    const all = await runs();
    const running = all.filter((r) => r.outcome === 'running').length; // at most the killed node's own fire
    expect(running).toBeLessThanOrEqual(1);
    expect(bodyRuns(nodes)).toBeGreaterThanOrEqual(all.length - running);
    expect(bodyRuns(nodes)).toBeLessThanOrEqual(all.length);
  });

  it('after the whole cluster was down, the missed fires run once, then the schedule goes on', async () => {
    for (const n of nodes) n.kill();
    await Promise.all(nodes.map((n) => n.exited));
    const last = (await runs()).at(-1)!.fire;
    await sleep(4000);
    nodes = [await spawnServer(env)];
    const upAt = Date.now();
    await until(runs, (r) => r.filter((x) => x.fire > upAt + 1000).length >= 2, { tries: 300, pauseMs: 100 });
    const after = (await runs()).filter((x) => x.fire > last);
    // at least 4 fire times passed while nothing ran: they collapse into the first run after the restart (the latest
    // fire time when the node looked), and the schedule goes on from there second by second
    expect(after[0].fire - last).toBeGreaterThanOrEqual(4000);
    expect(after[0].fire).toBeLessThanOrEqual(upAt);
    expect(consecutive(after.map((r) => r.fire))).toBe(true);
  });
});
