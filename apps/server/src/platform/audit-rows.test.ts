import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { sysLog, sysQuartzJob, sysQuartzJobRun } from '../db/schema/index.ts';
import { ANONYMOUS } from './audit.ts';

/**
 * Issue 28 security 9 (ADR 076): logout writes a login-log row; every sys_log row has an actor, an IP and a time; a
 * job run — 立即执行 or scheduled — and a Redis terminal command are audited, the command by its name only.
 */

// this app's scheduler is off: 立即执行 runs on the request's node anyway
process.env.JOBS_SCHEDULER = 'off';

const API = '/jeecg-boot';
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
});

const logRows = () => t.app.ctx.db.select().from(sysLog).orderBy(desc(sysLog.createTime));

describe('sys_log rows', () => {
  it('logout writes a login-log row 用户名: X,退出成功！ with the user, the IP and the time', async () => {
    const token = await t.login('jeecg', '123456');
    const before = Date.now();
    const out = await t.req({
      method: 'POST',
      url: `${API}/sys/logout`,
      token,
      remoteAddress: '10.9.8.7',
    });
    expect(out.json).toMatchObject({ success: true, message: '退出登录成功！' });
    const [row] = (await logRows()).filter((r) => r.logContent?.endsWith('退出成功！'));
    expect(row).toMatchObject({ logType: 1, userid: 'jeecg', ip: '10.9.8.7' });
    expect(row.username).toBeTruthy();
    expect(row.logContent).toBe(`用户名: ${row.username},退出成功！`);
    expect(row.createTime!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('a row written without a signed-in user or a request still has an actor, an IP and a time', async () => {
    // a failed sign-in of an unknown name, a wrong phone code, a registration: no signed-in user
    await t.req({
      method: 'POST',
      url: `${API}/sys/login`,
      payload: { username: 'nobody_here', password: 'x', captcha: 'xxxx', checkKey: '1' },
    });
    await t.req({ method: 'POST', url: `${API}/sys/phoneLogin`, payload: { mobile: '13800000000', captcha: '1' } });
    // background work: no request at all
    await t.app.ctx.audit.write({ logType: 2, content: 'background probe', ip: null, userid: null, username: null });
    await t.app.ctx.audit.write({ logType: 2, content: 'owner probe', userid: 'admin' });
    const rows = await logRows();
    expect(rows.length).toBeGreaterThan(3);
    for (const r of rows) {
      expect(r.userid, r.logContent ?? '').toBeTruthy();
      expect(r.username, r.logContent ?? '').toBeTruthy();
      expect(r.ip, r.logContent ?? '').toBeTruthy();
      expect(r.createTime, r.logContent ?? '').toBeInstanceOf(Date);
    }
    const probe = rows.find((r) => r.logContent === 'background probe')!;
    expect(probe).toMatchObject({ userid: ANONYMOUS.userid, username: ANONYMOUS.username });
    expect(probe.ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(rows.find((r) => r.logContent === 'owner probe')).toMatchObject({ userid: 'admin', username: 'admin' });
    const failed = rows.find((r) => r.logContent?.includes('nobody_here'))!;
    expect(failed).toMatchObject({ logType: 1, userid: ANONYMOUS.userid });
  });

  it('立即执行 writes a row for the user who ran it and one for the run itself', async () => {
    const added = await t.req({
      method: 'POST',
      url: `${API}/sys/quartzJob/add`,
      token: admin,
      payload: {
        jobClassName: 'org.jeecg.modules.quartz.job.SampleJob',
        cronExpression: '0 0 12 * * ? *',
        description: 'audit-run-once',
        status: -1,
      },
    });
    expect(added.json.success).toBe(true);
    const [job] = await t.app.ctx.db.select().from(sysQuartzJob).where(eq(sysQuartzJob.description, 'audit-run-once'));
    const res = await t.req({ method: 'GET', url: `${API}/sys/quartzJob/execute?id=${job.id}`, token: admin });
    expect(res.json.success).toBe(true);
    await vi.waitFor(
      async () => {
        const [run] = await t.app.ctx.db.select().from(sysQuartzJobRun).where(eq(sysQuartzJobRun.jobId, job.id));
        expect(run?.endTime).toBeTruthy();
      },
      { timeout: 5000, interval: 50 },
    );
    const rows = await logRows();
    const asked = rows.find((r) => r.logContent === '定时任务立即执行')!;
    expect(asked).toMatchObject({ logType: 2, userid: 'admin', operateType: 3 });
    expect(asked.requestParam).toContain(job.id);
    await vi.waitFor(
      async () => {
        const ran = (await logRows()).find((r) => r.requestUrl === `quartz:${job.id}`);
        expect(ran?.logContent).toMatch(/^定时任务执行成功/);
        expect(ran?.userid).toBeTruthy();
        expect(ran?.ip).toBeTruthy();
      },
      { timeout: 5000, interval: 50 },
    );
  });

  it('a Redis terminal command is audited by its name only, never its arguments', async () => {
    for (const command of ['GET cust_key_4211', 'TYPE order_key_7733', 'AUTH s3cretPass!']) {
      await t.req({ method: 'POST', url: `${API}/sys/monitor/redis/terminal`, token: admin, payload: { command } });
    }
    const rows = (await logRows()).filter((r) => r.requestUrl === '/sys/monitor/redis/terminal');
    expect(rows.length).toBe(3);
    const all = JSON.stringify(rows);
    for (const secret of ['cust_key_4211', 'order_key_7733', 's3cretPass']) {
      expect(all).not.toContain(secret);
    }
    const texts = rows.map((r) => r.logContent);
    expect(texts.some((c) => c === 'Redis终端: GET' || c === 'Redis终端 失败: GET')).toBe(true);
    expect(texts.some((c) => c === 'Redis终端: TYPE' || c === 'Redis终端 失败: TYPE')).toBe(true);
    expect(texts).toContain('Redis终端 拒绝: AUTH（参数已隐去）');
    for (const r of rows) expect(r).toMatchObject({ userid: 'admin', ip: expect.any(String) });
  });
});
