import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sysQuartzJob, sysQuartzJobRun } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './harness.ts';

// A real second-level job on the real clock: the app's own scheduler (started with the app) runs it every second.
describe('a real every-second job', () => {
  let t: TestApp;
  let admin: string;
  const minInterval = process.env.JOB_MIN_INTERVAL_SECONDS;
  beforeAll(async () => {
    // every-second fires make the test short; the product refuses crons under 10 s by default (ADR 054)
    process.env.JOB_MIN_INTERVAL_SECONDS = '1';
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(async () => {
    if (minInterval === undefined) delete process.env.JOB_MIN_INTERVAL_SECONDS;
    else process.env.JOB_MIN_INTERVAL_SECONDS = minInterval;
    await t?.close();
  });

  const runs = async (jobId: string) =>
    t.app.ctx.db
      .select()
      .from(sysQuartzJobRun)
      .where(eq(sysQuartzJobRun.jobId, jobId))
      .orderBy(asc(sysQuartzJobRun.fireTime));

  it('fires each second on time, stops at once when paused', async () => {
    const add = await t.req({
      method: 'POST',
      url: '/jeecg-boot/sys/quartzJob/add',
      token: admin,
      payload: {
        jobClassName: 'org.jeecg.modules.quartz.job.SampleParamJob',
        cronExpression: '* * * * * ? *',
        parameter: 'real',
        description: 'every second',
        status: 0,
      },
    });
    expect(add.json.message).toBe('创建定时任务成功');
    const [job] = await t.app.ctx.db.select().from(sysQuartzJob).where(eq(sysQuartzJob.description, 'every second'));

    await vi.waitFor(async () => expect((await runs(job.id)).length).toBeGreaterThanOrEqual(3), {
      timeout: 8000,
      interval: 200,
    });
    const seen = await runs(job.id);
    const fires = seen.map((r) => r.fireTime.getTime());
    // whole seconds, one after the other, none twice
    expect(fires.every((f) => f % 1000 === 0)).toBe(true);
    for (let i = 1; i < fires.length; i++) expect(fires[i] - fires[i - 1]).toBe(1000);
    // on time: started within 500 ms of the fire time (a loaded 2-core machine included)
    for (const r of seen) expect(r.startTime.getTime() - r.fireTime.getTime()).toBeLessThan(500);
    await vi.waitFor(async () => expect((await runs(job.id)).at(0)?.outcome).toBe('success'), { timeout: 2000 });
    expect(seen[0]).toMatchObject({ trigger: 'cron', result: 'welcome real!' });

    const pause = await t.req({ method: 'GET', url: `/jeecg-boot/sys/quartzJob/pause?id=${job.id}`, token: admin });
    expect(pause.json.message).toBe('停止定时任务成功');
    const pausedAt = Date.now();
    await new Promise((r) => setTimeout(r, 2500));
    const after = (await runs(job.id)).filter((r) => r.fireTime.getTime() > pausedAt);
    expect(after).toHaveLength(0);
  });
});
