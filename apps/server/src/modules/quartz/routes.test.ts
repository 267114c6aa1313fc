import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysQuartzJob, sysQuartzJobRun } from '../../db/schema/index.ts';

// endpoints only: this app's scheduler is off, 立即执行 runs on the request's node anyway
process.env.JOBS_SCHEDULER = 'off';

const Q = '/jeecg-boot/sys/quartzJob';
const SAMPLE = 'org.jeecg.modules.quartz.job.SampleJob';
const PARAM = 'org.jeecg.modules.quartz.job.SampleParamJob';

let t: TestApp;
let admin: string;
let jeecg: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  jeecg = await t.login('jeecg', '123456');
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = admin) => t.req({ method: 'GET', url, token });
const add = (payload: Record<string, unknown>, token = admin) =>
  t.req({ method: 'POST', url: `${Q}/add`, payload, token });
const rows = () => t.app.ctx.db.select().from(sysQuartzJob);
const byDesc = async (d: string) => (await rows()).find((r) => r.description === d)!;

describe('/sys/quartzJob', () => {
  it('add → list with status_dictText, filters, queryById', async () => {
    const res = await add({
      jobClassName: PARAM,
      cronExpression: '0/10 * * * * ?',
      parameter: 'scott',
      description: 'p1',
      status: -1,
    });
    expect(res.json).toMatchObject({ success: true, message: '创建定时任务成功' });
    await add({ jobClassName: SAMPLE, cronExpression: '0 0 12 * * ? *', description: 's1', status: '0' });
    const list = await get(`${Q}/list?pageNo=1&pageSize=10`);
    expect(list.json).toMatchObject({ success: true, code: 200 });
    const recs = list.json.result.records as Array<Record<string, unknown>>;
    expect(recs.find((r) => r.description === 'p1')).toMatchObject({
      jobClassName: PARAM,
      cronExpression: '0/10 * * * * ?',
      parameter: 'scott',
      status: -1,
      status_dictText: '停止',
      delFlag: 0,
    });
    expect(recs.find((r) => r.description === 's1')).toMatchObject({ status: 0, status_dictText: '正常' });
    expect(
      (await get(`${Q}/list?status=-1`)).json.result.records.map((r: { description: string }) => r.description),
    ).toEqual(['p1']);
    expect((await get(`${Q}/list?jobClassName=*SampleJob*`)).json.result.total).toBe(1);
    const one = await get(`${Q}/queryById?id=${(await byDesc('p1')).id}`);
    expect(one.json.result).toMatchObject({ description: 'p1', parameter: 'scott' });
  });

  it('bad input is refused in Chinese and nothing is saved', async () => {
    const before = (await rows()).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ cronExpression: '* * * * * ?' }, '任务类名'],
      [{ jobClassName: SAMPLE, cronExpression: ' ' }, '请输入cron表达式!'],
      [{ jobClassName: SAMPLE, cronExpression: '0 0 25 * * ?' }, 'Cron表达式参数[时]错误：25'],
      [{ jobClassName: SAMPLE, cronExpression: '0 0 12 * * 2' }, 'Cron表达式错误：[日]和[周]必须有且只有一个为“?”'],
      [
        { jobClassName: SAMPLE, cronExpression: '0 0 0 1 1 ? 2020', status: 0 },
        'Cron表达式没有下一次执行时间，无法启动任务',
      ],
      [{ jobClassName: SAMPLE, cronExpression: '* * * * * ?', status: 5 }, '状态只能是 0（正常）或 -1（停止）'],
      [
        { jobClassName: 'org.jeecg.modules.quartz.job.PurgeLogJob', cronExpression: '0 0 3 * * ?', parameter: 'abc' },
        '参数必须是 1 到 3650 之间的整数天数',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await add(body);
      expect(res.json.success, JSON.stringify(body)).toBe(false);
      expect(res.json.message).toContain(message);
      expect(res.body).not.toMatch(/at .*\.ts|select |insert /i);
    }
    expect((await rows()).length).toBe(before);
  });

  it('a class name outside the registry is never resolved: 后台找不到该类名', async () => {
    for (const name of [
      'java.lang.Runtime',
      'child_process',
      '../../../etc/passwd',
      'org.jeecg.modules.quartz.job.AsyncJob',
      'constructor',
      '__proto__',
    ]) {
      const res = await add({ jobClassName: name, cronExpression: '* * * * * ?', status: 0 });
      expect(res.json).toMatchObject({ success: false, message: `后台找不到该类名：${name}` });
    }
    expect((await rows()).some((r) => r.jobClassName === 'java.lang.Runtime')).toBe(false);
    const classes = await get(`${Q}/jobClasses`);
    expect(classes.json.result.map((c: { value: string }) => c.value)).toEqual([
      SAMPLE,
      PARAM,
      'org.jeecg.modules.quartz.job.PurgeLogJob',
      'org.jeecg.modules.quartz.job.PurgeSessionJob',
      'org.jeecg.modules.quartz.job.PurgeRecycleBinJob',
      'org.jeecg.modules.quartz.job.SendAnnouncementJob',
      'org.jeecg.modules.answer.job.AnswerAbsenceJob',
      'org.jeecg.modules.answer.job.ExamAutoSubmitJob',
    ]);
  });

  it('edit / pause / resume with JeecgBoot messages; unknown ids', async () => {
    const job = await byDesc('p1');
    const edit = await t.req({
      method: 'PUT',
      url: `${Q}/edit`,
      token: admin,
      payload: { ...job, cronExpression: '0/30 * * * * ?', status: 0 },
    });
    expect(edit.json).toMatchObject({ success: true, message: '更新定时任务成功!' });
    expect(await byDesc('p1')).toMatchObject({ cronExpression: '0/30 * * * * ?', status: 0, updateBy: 'admin' });
    expect((await get(`${Q}/pause?id=${job.id}`)).json).toMatchObject({ success: true, message: '停止定时任务成功' });
    expect((await byDesc('p1')).status).toBe(-1);
    expect((await get(`${Q}/resume?id=${job.id}`)).json).toMatchObject({ success: true, message: '启动定时任务成功' });
    expect((await byDesc('p1')).status).toBe(0);
    expect((await get(`${Q}/pause?id=nope`)).json).toMatchObject({ success: false, message: '定时任务不存在！' });
    expect((await get(`${Q}/resume?id=nope`)).json).toMatchObject({ success: false, message: '定时任务不存在！' });
    const badEdit = await t.req({
      method: 'PUT',
      url: `${Q}/edit`,
      token: admin,
      payload: { ...job, jobClassName: 'x.Y' },
    });
    expect(badEdit.json).toMatchObject({ success: false, message: '后台找不到该类名：x.Y' });
    expect((await byDesc('p1')).jobClassName).toBe(PARAM);
  });

  it('execute runs once now and the run shows in the history', async () => {
    const job = await byDesc('p1');
    const res = await get(`${Q}/execute?id=${job.id}`);
    expect(res.json).toMatchObject({ success: true, message: '执行成功!' });
    await vi.waitFor(
      async () => {
        const h = await get(`${Q}/runs?jobId=${job.id}`);
        expect(h.json.result.records[0]).toMatchObject({
          trigger: 'manual',
          outcome: 'success',
          result: 'welcome scott!',
        });
        expect(h.json.result.records[0].endTime).toBeTruthy();
      },
      { timeout: 5000, interval: 50 },
    );
    expect((await get(`${Q}/execute?id=nope`)).json).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await get(`${Q}/runs`)).statusCode).toBe(400);
  });

  it('every endpoint checks its permission', async () => {
    const job = await byDesc('p1');
    const calls: Array<[string, string]> = [
      ['POST', `${Q}/add`],
      ['PUT', `${Q}/edit`],
      ['DELETE', `${Q}/delete?id=${job.id}`],
      ['DELETE', `${Q}/deleteBatch?ids=${job.id}`],
      ['GET', `${Q}/pause?id=${job.id}`],
      ['GET', `${Q}/resume?id=${job.id}`],
      ['GET', `${Q}/execute?id=${job.id}`],
    ];
    for (const [method, url] of calls) {
      const res = await t.req({
        method: method as 'GET',
        url,
        token: jeecg,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, url).toBe(403);
    }
    expect((await t.req({ method: 'GET', url: `${Q}/list` })).statusCode).toBe(401);
    expect((await rows()).some((r) => r.id === job.id)).toBe(true);
  });

  it('export and import (imported jobs are stopped)', async () => {
    const exp = await t.app.inject({ method: 'GET', url: `${Q}/exportXls`, headers: { 'x-access-token': admin } });
    expect(exp.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    const text = JSON.stringify(wb.worksheets[0].getSheetValues());
    expect(text).toContain('任务类名');
    expect(text).toContain(PARAM);

    const out = new ExcelJS.Workbook();
    const ws = out.addWorksheet('s');
    ws.addRow(['任务类名', 'cron表达式', '参数', '描述']);
    ws.addRow([SAMPLE, '0 0 1 * * ?', '', 'imported-1']);
    ws.addRow(['evil.Class', '0 0 1 * * ?', '', 'imported-2']);
    const buf = Buffer.from(await out.xlsx.writeBuffer());
    const boundary = '----quartz';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="jobs.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
      ),
      buf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const imp = await t.req({
      method: 'POST',
      url: `${Q}/importExcel`,
      token: admin,
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(imp.statusCode).toBe(200);
    expect(imp.json.success).toBe(true);
    expect(await byDesc('imported-1')).toMatchObject({ status: -1, jobClassName: SAMPLE });
    expect((await rows()).some((r) => r.description === 'imported-2')).toBe(false);
  });

  it('delete removes the job and its history; deleteBatch', async () => {
    const job = await byDesc('p1');
    expect((await t.req({ method: 'DELETE', url: `${Q}/delete?id=${job.id}`, token: admin })).json).toMatchObject({
      success: true,
      message: '删除成功!',
    });
    expect(await t.app.ctx.db.select().from(sysQuartzJobRun).where(eq(sysQuartzJobRun.jobId, job.id))).toHaveLength(0);
    expect((await t.req({ method: 'DELETE', url: `${Q}/delete?id=${job.id}`, token: admin })).json).toMatchObject({
      success: false,
      message: '未找到对应实体',
    });
    const ids = (await rows()).map((r) => r.id).join(',');
    expect((await t.req({ method: 'DELETE', url: `${Q}/deleteBatch?ids=${ids}`, token: admin })).json).toMatchObject({
      success: true,
      message: '删除定时任务成功!',
    });
    expect(await rows()).toHaveLength(0);
    expect((await t.req({ method: 'DELETE', url: `${Q}/deleteBatch?ids=`, token: admin })).json.message).toBe(
      '参数不识别！',
    );
  });
});

describe('job limits (issue 28 security 6)', () => {
  it('refuses a cron firing more often than every 10 s, with a clear message, on add and edit', async () => {
    for (const cronExpression of ['* * * * * ?', '0/5 * * * * ?', '0,1 * * * * ?']) {
      const res = await add({ jobClassName: SAMPLE, cronExpression, status: 0, description: 'often' });
      expect(res.json, cronExpression).toMatchObject({
        success: false,
        message: 'Cron表达式执行过于频繁：两次执行的间隔不能小于 10 秒',
      });
    }
    expect((await rows()).some((r) => r.description === 'often')).toBe(false);
    const ok = await add({ jobClassName: SAMPLE, cronExpression: '0/10 * * * * ?', description: 'ok10', status: -1 });
    expect(ok.json.success).toBe(true);
    const job = await byDesc('ok10');
    const edit = await t.req({
      method: 'PUT',
      url: `${Q}/edit`,
      token: admin,
      payload: { ...job, cronExpression: '* * * * * ?' },
    });
    expect(edit.json.message).toBe('Cron表达式执行过于频繁：两次执行的间隔不能小于 10 秒');
  });
});
