import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysQuartzJob, sysQuartzJobRun } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { type JobClass, registerJobClass } from './registry.ts';
import { type Clock, INTERRUPTED, JobScheduler } from './scheduler.ts';

// The app's own scheduler stays off: these tests drive schedulers on a fake clock.
process.env.JOBS_SCHEDULER = 'off';

/** a clock the test moves: timers are only recorded (the test calls tick when the armed time comes) */
class FakeClock implements Clock {
  armed: number | null = null;
  constructor(public t: number) {}
  now() {
    return this.t;
  }
  setTimer(_fn: () => void, ms: number) {
    this.armed = this.t + ms;
    return {};
  }
  clearTimer() {
    this.armed = null;
  }
}

const T0 = new Date('2026-03-02T10:00:00+08:00').getTime();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function addJob(cron: string, cls = 'org.jeecg.modules.quartz.job.SampleParamJob', status = 0) {
  const id = newId();
  await t.app.ctx.db.insert(sysQuartzJob).values({
    id,
    jobClassName: cls,
    cronExpression: cron,
    parameter: 'scott',
    status,
    delFlag: 0,
    createBy: 'admin',
    createTime: new Date(T0),
    updateTime: new Date(T0),
  });
  return id;
}

const runsOf = (jobId: string) =>
  t.app.ctx.db
    .select()
    .from(sysQuartzJobRun)
    .where(eq(sysQuartzJobRun.jobId, jobId))
    .orderBy(asc(sysQuartzJobRun.fireTime));

/** starts a scheduler on the fake clock and returns a step function: move to the armed time and tick */
function scheduler(clock: FakeClock, node: string) {
  const s = new JobScheduler(t.app, { clock, node, pollMs: 3_600_000 });
  return s;
}

async function settle(...ss: JobScheduler[]) {
  for (const s of ss) await Promise.allSettled([...s.inflight]);
}

describe('job scheduler on a fake clock', () => {
  beforeEach(async () => {
    await t.app.ctx.db.delete(sysQuartzJobRun);
    await t.app.ctx.db.delete(sysQuartzJob);
  });

  it('fires on time: wakes exactly at each fire time and records start = fire time, outcome and result', async () => {
    const clock = new FakeClock(T0);
    const s = scheduler(clock, 'n1');
    const id = await addJob('0/10 * * * * ?');
    s.start();
    await s.tick();
    expect(clock.armed).toBe(T0 + 10_000); // the next fire, not a poll
    for (let i = 0; i < 3; i++) {
      clock.t = clock.armed!;
      await s.tick();
    }
    await settle(s);
    const runs = await runsOf(id);
    expect(runs.map((r) => r.fireTime.getTime() - T0)).toEqual([10_000, 20_000, 30_000]);
    expect(runs.every((r) => r.startTime.getTime() === r.fireTime.getTime())).toBe(true);
    expect(runs.map((r) => [r.trigger, r.outcome, r.result, r.node])).toEqual(
      Array(3).fill(['cron', 'success', 'welcome scott!', 'n1']),
    );
    await s.stop();
  });

  it('does not fire before its time, and a tick between fires does nothing', async () => {
    const clock = new FakeClock(T0);
    const s = scheduler(clock, 'n1');
    const id = await addJob('0 0/5 * * * ?');
    await s.tick();
    clock.t = T0 + 299_999;
    await s.tick();
    expect(await runsOf(id)).toHaveLength(0);
    clock.t = T0 + 300_000;
    await s.tick();
    await settle(s);
    expect((await runsOf(id)).map((r) => r.fireTime.getTime() - T0)).toEqual([300_000]);
  });

  it('a misfire after downtime runs once (not once per missed fire), then the schedule goes on', async () => {
    const clock = new FakeClock(T0);
    const s = scheduler(clock, 'n1');
    const id = await addJob('0/10 * * * * ?');
    await s.tick();
    clock.t = T0 + 10_000;
    await s.tick();
    await settle(s);
    await s.stop();
    // the whole installation was down for an hour: a fresh node (knowing nothing) starts
    clock.t = T0 + 3_600_000 + 4_000;
    const s2 = scheduler(clock, 'n2');
    s2.start();
    await s2.tick();
    await settle(s2);
    let runs = await runsOf(id);
    expect(runs.map((r) => [r.fireTime.getTime() - T0, r.trigger])).toEqual([
      [10_000, 'cron'],
      [3_600_000, 'misfire'],
    ]);
    clock.t = clock.armed!;
    await s2.tick();
    await settle(s2);
    runs = await runsOf(id);
    expect(runs.at(-1)!.fireTime.getTime() - T0).toBe(3_610_000);
    expect(runs.at(-1)!.trigger).toBe('cron');
    await s2.stop();
  });

  it('two nodes on one database: every fire runs once', async () => {
    const clock = new FakeClock(T0);
    const a = scheduler(clock, 'a');
    const b = scheduler(clock, 'b');
    const id = await addJob('* * * * * ?');
    await a.tick();
    await b.tick();
    for (let i = 1; i <= 10; i++) {
      clock.t = T0 + i * 1000;
      await Promise.all([a.tick(), b.tick()]);
    }
    await settle(a, b);
    const runs = await runsOf(id);
    expect(runs.map((r) => r.fireTime.getTime() - T0)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((i) => i * 1000));
    expect(new Set(runs.map((r) => r.node)).size).toBeGreaterThanOrEqual(1);
  });

  it('a pause committed on another node is seen at the next claim, before any reload', async () => {
    const clock = new FakeClock(T0);
    const s = scheduler(clock, 'n1');
    const id = await addJob('* * * * * ?');
    await s.tick();
    clock.t = T0 + 1000;
    await s.tick();
    // another node pauses it: this node's copy still says running
    await t.app.ctx.db
      .update(sysQuartzJob)
      .set({ status: -1, updateTime: new Date(T0 + 1500) })
      .where(eq(sysQuartzJob.id, id));
    for (let i = 2; i <= 4; i++) {
      clock.t = T0 + i * 1000;
      await s.tick();
    }
    await settle(s);
    expect((await runsOf(id)).map((r) => r.fireTime.getTime() - T0)).toEqual([1000]);
    expect(s.activeIds()).toContain(id); // the copy was stale, the claim refused anyway
  });

  it('an edit of the schedule applies at once: fires of the old expression are refused', async () => {
    const clock = new FakeClock(T0);
    const s = scheduler(clock, 'n1');
    const id = await addJob('* * * * * ?');
    await s.tick();
    await t.app.ctx.db
      .update(sysQuartzJob)
      .set({ cronExpression: '0/30 * * * * ?', updateTime: new Date(T0 + 500) })
      .where(eq(sysQuartzJob.id, id));
    clock.t = T0 + 1000;
    await s.tick(); // old copy: refused
    s.reload();
    for (let i = 2; i <= 30; i++) {
      clock.t = T0 + i * 1000;
      await s.tick();
    }
    await settle(s);
    expect((await runsOf(id)).map((r) => r.fireTime.getTime() - T0)).toEqual([30_000]);
  });

  it('a failing job records failed with its message; 立即执行 records a manual run', async () => {
    const clock = new FakeClock(T0);
    const s = scheduler(clock, 'n1');
    const id = await addJob('0 0 12 * * ?', 'org.jeecg.modules.quartz.job.SendAnnouncementJob');
    await t.app.ctx.db.update(sysQuartzJob).set({ parameter: 'no-such-announcement' }).where(eq(sysQuartzJob.id, id));
    const run = await s.runNow(id);
    await run!.done;
    const [r] = await runsOf(id);
    expect(r).toMatchObject({ trigger: 'manual', outcome: 'failed', node: 'n1' });
    expect(r.errorMessage).toBe('未找到对应实体');
    expect(r.durationMs).toBeGreaterThanOrEqual(0);
    expect(await s.runNow('nope')).toBeNull();
  });
});

describe('runs left behind by a dead node', () => {
  it('a run still running an hour after its start is marked interrupted; newer ones are left alone', async () => {
    const clock = new FakeClock(T0);
    const s = new JobScheduler(t.app, { clock, node: 'n1', pollMs: 3_600_000 });
    const id = await addJob('0 0 12 * * ?');
    const row = (runId: string, startMs: number) => ({
      id: runId,
      jobId: id,
      jobClassName: 'x',
      fireTime: new Date(startMs),
      trigger: 'cron',
      node: 'dead',
      startTime: new Date(startMs),
      outcome: 'running',
    });
    await t.app.ctx.db.insert(sysQuartzJobRun).values([row(newId(), T0 - 3_700_000), row(newId(), T0 - 60_000)]);
    expect(await s.sweep()).toBe(1);
    const runs = await runsOf(id);
    expect(runs.map((r) => [r.outcome, r.errorMessage])).toEqual([
      ['failed', INTERRUPTED],
      ['running', null],
    ]);
  });
});

describe('limits (issue 28 security 6)', () => {
  beforeEach(async () => {
    await t.app.ctx.db.delete(sysQuartzJobRun);
    await t.app.ctx.db.delete(sysQuartzJob);
  });

  it('runs at most maxConcurrent fires at once on a node; the others wait for a slot', async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow: JobClass = {
      name: 'test.SlowJob',
      title: '慢任务',
      parameterHint: null,
      async run() {
        await gate;
        return 'done';
      },
    };
    const unregister = registerJobClass(slow);
    try {
      const clock = new FakeClock(T0);
      const s = new JobScheduler(t.app, { clock, node: 'cap', pollMs: 3_600_000, maxConcurrent: 2 });
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push(await addJob('0/10 * * * * ?', 'test.SlowJob'));
      await s.tick();
      clock.t = T0 + 10_000;
      await s.tick();
      expect(s.inflight.size).toBe(2);
      const started = async () => (await Promise.all(ids.map((id) => runsOf(id)))).flat().length;
      expect(await started()).toBe(2);
      release();
      await settle(s);
      // the waiting fires run once slots are free
      await s.tick();
      await settle(s);
      expect(await started()).toBeGreaterThan(2);
      // each run is in the operation log (issue 28 security 9)
      const { sysLog } = await import('../../db/schema/index.ts');
      const logs = await t.app.ctx.db.select().from(sysLog).where(eq(sysLog.requestType, 'JOB'));
      expect(logs.some((l) => l.logContent === '定时任务执行成功: test.SlowJob' && l.userid === 'admin')).toBe(true);
    } finally {
      release();
      unregister();
    }
  });
});
