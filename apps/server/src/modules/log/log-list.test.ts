import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

describe('GET /sys/log/list', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    await t.login('jeecg', '123456');
  });
  afterAll(async () => {
    await t.close();
  });

  it('pages login logs written by the platform, newest first, with _dictText', async () => {
    const res = await t.req({
      method: 'GET',
      url: '/jeecg-boot/sys/log/list?logType=1&pageNo=1&pageSize=10',
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.success).toBe(true);
    const page = res.json.result;
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.records[0].logContent).toContain('jeecg');
    expect(page.records[0].logType_dictText).toBe('登录日志');
    expect(page.records[0].createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(page).toMatchObject({ size: 10, current: 1 });
  });

  it('filters by keyWord (bound, % and _ taken literally)', async () => {
    const hit = await t.req({
      method: 'GET',
      url: `/jeecg-boot/sys/log/list?logType=1&keyWord=${encodeURIComponent('jeecg,登录')}`,
      token: admin,
    });
    expect(hit.json.result.total).toBe(1);
    const none = await t.req({ method: 'GET', url: '/jeecg-boot/sys/log/list?keyWord=%25', token: admin });
    expect(none.json.result.total).toBe(0);
  });

  it('rejects a sort column outside the allow-list and an oversized keyword with 400', async () => {
    const sort = await t.req({
      method: 'GET',
      url: '/jeecg-boot/sys/log/list?column=requestParam;drop&order=desc',
      token: admin,
    });
    expect(sort.statusCode).toBe(400);
    const big = await t.req({
      method: 'GET',
      url: `/jeecg-boot/sys/log/list?keyWord=${'x'.repeat(500)}`,
      token: admin,
    });
    expect(big.statusCode).toBe(400);
    expect(big.json.message).toContain('keyWord');
  });

  it('needs the log page: 401 without a session, 403 for a user without the menu', async () => {
    expect((await t.req({ method: 'GET', url: '/jeecg-boot/sys/log/list' })).statusCode).toBe(401);
    const jeecg = await t.login('jeecg', '123456');
    const res = await t.req({ method: 'GET', url: '/jeecg-boot/sys/log/list', token: jeecg });
    expect(res.statusCode).toBe(403);
    expect(res.json.success).toBe(false);
  });
});
