import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysAnnouncement, sysDict, sysLog, sysQuartzJobRun, sysUser } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { jobClassOf } from './registry.ts';

process.env.JOBS_SCHEDULER = 'off';

const PKG = 'org.jeecg.modules.quartz.job';
const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const run = (name: string, parameter: string | null) =>
  jobClassOf(`${PKG}.${name}`)!.run({ app: t.app, jobId: 'j', parameter, owner: 'admin', fireTime: new Date() });

describe('built-in job classes', () => {
  it('PurgeLogJob keeps the last N days of logs and run history', async () => {
    const old = newId();
    const fresh = newId();
    await t.app.ctx.db.insert(sysLog).values([
      { id: old, logType: 1, logContent: 'old', createTime: new Date(Date.now() - 40 * DAY) },
      { id: fresh, logType: 2, logContent: 'fresh', createTime: new Date(Date.now() - 5 * DAY) },
    ]);
    const oldRun = newId();
    await t.app.ctx.db.insert(sysQuartzJobRun).values({
      id: oldRun,
      jobId: 'j',
      fireTime: new Date(Date.now() - 40 * DAY),
      trigger: 'cron',
      startTime: new Date(Date.now() - 40 * DAY),
      outcome: 'success',
    });
    const out = await run('PurgeLogJob', '30');
    expect(out).toMatch(/^删除日志 \d+ 条、执行记录 1 条（30 天前）$/);
    const left = await t.app.ctx.db
      .select({ id: sysLog.id })
      .from(sysLog)
      .where(inArray(sysLog.id, [old, fresh]));
    expect(left.map((r) => r.id)).toEqual([fresh]);
    await expect(run('PurgeLogJob', 'abc')).rejects.toThrow('参数必须是 1 到 3650 之间的整数天数');
    expect(jobClassOf(`${PKG}.PurgeLogJob`)!.checkParameter!('0')).toBe('参数必须是 1 到 3650 之间的整数天数');
    expect(jobClassOf(`${PKG}.PurgeLogJob`)!.checkParameter!('7')).toBeNull();
  });

  it('PurgeRecycleBinJob removes users and dictionaries in the recycle bin for longer than N days', async () => {
    const [u] = await t.app.ctx.db.select().from(sysUser).where(eq(sysUser.username, 'jeecg'));
    await t.app.ctx.db
      .update(sysUser)
      .set({ delFlag: 1, updateTime: new Date(Date.now() - 10 * DAY) })
      .where(eq(sysUser.id, u.id));
    const [d] = await t.app.ctx.db.select().from(sysDict).limit(1);
    await t.app.ctx.db.update(sysDict).set({ delFlag: 1, updateTime: new Date() }).where(eq(sysDict.id, d.id));
    expect(await run('PurgeRecycleBinJob', '7')).toBe('删除用户 1 个，字典 0 个');
    expect(await t.app.ctx.db.select().from(sysUser).where(eq(sysUser.id, u.id))).toHaveLength(0);
    expect(await t.app.ctx.db.select().from(sysDict).where(eq(sysDict.id, d.id))).toHaveLength(1);
  });

  it('SendAnnouncementJob releases a draft announcement once', async () => {
    const id = newId();
    await t.app.ctx.db
      .insert(sysAnnouncement)
      .values({ id, titile: '定时通告', msgContent: 'x', msgType: 'ALL', sendStatus: '0', delFlag: '0' });
    expect(await run('SendAnnouncementJob', id)).toBe(`已发布通告 ${id}`);
    const [a] = await t.app.ctx.db.select().from(sysAnnouncement).where(eq(sysAnnouncement.id, id));
    expect(a).toMatchObject({ sendStatus: '1', sender: 'admin' });
    await expect(run('SendAnnouncementJob', id)).rejects.toThrow('该系统通知已发布，无需重复发布');
  });

  it('PurgeSessionJob and the demo classes run', async () => {
    expect(await run('PurgeSessionJob', null)).toBe('已清理过期会话');
    expect(await run('SampleParamJob', 'scott')).toBe('welcome scott!');
    expect(await run('SampleJob', null)).toMatch(/^SampleJob ! 时间: /);
  });
});
