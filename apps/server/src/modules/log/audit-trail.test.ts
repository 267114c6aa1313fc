import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysLog } from '../../db/schema/index.ts';
import { maskSecrets } from '../../platform/audit.ts';

let t: TestApp;

const settle = () => new Promise((r) => setTimeout(r, 150));
async function logs(logType: number) {
  await settle();
  return t.app.ctx.db.select().from(sysLog).where(eq(sysLog.logType, logType)).orderBy(desc(sysLog.createTime));
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('audit trail in sys_log', () => {
  it('records sign-in, failed sign-in and sign-out as login logs (type 1) without the password', async () => {
    const token = await t.login();
    const bad = await t.req({
      method: 'POST',
      url: '/jeecg-boot/sys/login',
      payload: { username: 'admin', password: 'wrong-secret-pw', captcha: 'x', checkKey: '1' },
    });
    expect(bad.json.success).toBe(false);
    await t.req({ method: 'POST', url: '/jeecg-boot/sys/logout', token });
    const rows = await logs(1);
    const texts = rows.map((r) => r.logContent);
    expect(texts.some((c) => c?.includes('登录成功'))).toBe(true);
    expect(texts.some((c) => c?.includes('登录失败'))).toBe(true);
    expect(texts.some((c) => c?.includes('退出成功'))).toBe(true);
    const ok = rows.find((r) => r.logContent?.includes('登录成功'))!;
    expect(ok).toMatchObject({ userid: 'admin', operateType: 1 });
    expect(ok.ip).toBeTruthy();
    expect(JSON.stringify(rows)).not.toContain('wrong-secret-pw');
  });

  it('records a mutation as an operation log (type 2) with masked secrets, operator, cost time', async () => {
    const token = await t.login();
    const res = await t.req({
      method: 'PUT',
      url: '/jeecg-boot/sys/user/updatePassword',
      token,
      payload: {
        username: 'admin',
        oldpassword: 'not-the-old-one',
        password: 'Secret#123',
        confirmpassword: 'Secret#123',
      },
    });
    expect(res.json.success).toBe(false);
    const row = (await logs(2)).find((r) => r.requestUrl === '/jeecg-boot/sys/user/updatePassword')!;
    expect(row).toBeTruthy();
    expect(row).toMatchObject({ userid: 'admin', requestType: 'PUT', operateType: 3 });
    expect(row.costTime).toBeGreaterThanOrEqual(0);
    expect(row.requestParam).not.toContain('Secret#123');
    expect(row.requestParam).not.toContain('not-the-old-one');
    expect(JSON.parse(row.requestParam!)).toMatchObject({ username: 'admin', password: '******' });
  });

  it('masks secrets at any depth and never logs deep objects unmasked', () => {
    expect(maskSecrets({ a: { b: { token: 't', smsCode: '1', orgCode: 'A01' } }, apiKey: 'k' })).toEqual({
      a: { b: { token: '******', smsCode: '******', orgCode: 'A01' } },
      apiKey: '******',
    });
    let deep: Record<string, unknown> = { password: 'p' };
    for (let i = 0; i < 10; i++) deep = { x: deep };
    expect(JSON.stringify(maskSecrets(deep))).not.toContain('"p"');
  });
});
