import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysLog } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { formatDate } from '../../platform/serialize.ts';
import { API, signIn } from './auth-test-helpers.ts';
import { dayStartGmt8 } from './stats.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t);
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
const loginfo = async () => (await t.req({ method: 'GET', url: `${API}/sys/loginfo`, token })).json;
const visitInfo = async () => (await t.req({ method: 'GET', url: `${API}/sys/visitInfo`, token })).json;

function log(content: string, at: number, ip: string, logType = 1) {
  return { id: newId(), logType, logContent: content, ip, userid: 'x', createTime: new Date(at) };
}

describe('dayStartGmt8', () => {
  it('is midnight in China for any instant of that day', () => {
    const noonBeijing = Date.UTC(2024, 4, 10, 4, 0, 0); // 12:00 GMT+8
    expect(dayStartGmt8(noonBeijing)).toBe(Date.UTC(2024, 4, 9, 16, 0, 0));
    const justAfterMidnight = Date.UTC(2024, 4, 9, 16, 0, 1); // 00:00:01 GMT+8 on the 10th
    expect(dayStartGmt8(justAfterMidnight)).toBe(Date.UTC(2024, 4, 9, 16, 0, 0));
    const justBefore = Date.UTC(2024, 4, 9, 15, 59, 59); // 23:59:59 GMT+8 on the 9th
    expect(dayStartGmt8(justBefore)).toBe(Date.UTC(2024, 4, 8, 16, 0, 0));
  });
});

describe('GET /sys/loginfo and /sys/visitInfo', () => {
  it('count successful sign-ins only, by GMT+8 day, over the last 7 days', async () => {
    const before = await loginfo();
    expect(before).toMatchObject({ success: true, code: 200, message: '登录成功' });
    const base = before.result;
    expect(base.totalVisitCount).toBeGreaterThanOrEqual(1); // this file's own sign-in
    const baseToday = (await visitInfo()).result.find((d: { tian: string }) => d.tian === formatDate(new Date()));

    const today = dayStartGmt8();
    await t.database.db.insert(sysLog).values([
      log('用户名: a,登录成功！', Date.now(), '203.0.113.1'),
      log('用户名: b,登录成功！', today + 60_000, '203.0.113.1'),
      log('用户名: c,登录成功[移动端]！', Date.now(), '203.0.113.2'),
      // not visits
      log('用户名: a,退出成功！', Date.now(), '203.0.113.3'),
      log('用户名: a,登录失败：密码错误', Date.now(), '203.0.113.4'),
      log('用户名: a,登录成功！', Date.now(), '203.0.113.5', 2),
      // yesterday (GMT+8), including one minute before midnight
      log('用户名: a,登录成功！', today - 60_000, '203.0.113.6'),
      log('用户名: a,登录成功！', today - 3 * 3_600_000, '203.0.113.6'),
      // six days ago: inside the 7-day window; seven days ago: outside
      log('用户名: a,登录成功！', today - 6 * DAY + 3_600_000, '203.0.113.7'),
      log('用户名: a,登录成功！', today - 6 * DAY - 3_600_000, '203.0.113.8'),
    ]);

    const after = (await loginfo()).result;
    expect(after.totalVisitCount - base.totalVisitCount).toBe(7);
    expect(after.todayVisitCount - base.todayVisitCount).toBe(3);
    expect(after.todayIp - base.todayIp).toBe(2);

    const visits = await visitInfo();
    expect(visits).toMatchObject({ success: true, code: 0 });
    const days = visits.result as { visit: number; ip: number; tian: string; type: string }[];
    const fmt = (ms: number) => formatDate(new Date(ms))!;
    expect(days.map((d) => d.tian)).toEqual([fmt(today - 6 * DAY), fmt(today - DAY), fmt(today)]);
    expect(days[0]).toEqual({ visit: 1, ip: 1, tian: fmt(today - 6 * DAY), type: fmt(today - 6 * DAY).slice(5) });
    expect(days[1]).toEqual({ visit: 2, ip: 1, tian: fmt(today - DAY), type: fmt(today - DAY).slice(5) });
    expect(days[2].visit).toBe((baseToday?.visit ?? 0) + 3);
    expect(days[2].type).toMatch(/^\d\d-\d\d$/);
    expect(Object.keys(days[2])).toEqual(['visit', 'ip', 'tian', 'type']);
  });

  it('answer 401 without a session', async () => {
    expect((await t.req({ method: 'GET', url: `${API}/sys/loginfo` })).statusCode).toBe(401);
    expect((await t.req({ method: 'GET', url: `${API}/sys/visitInfo` })).statusCode).toBe(401);
  });
});
