import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeer, createTestApp, onRedis, type TestApp } from '../../../test/harness.ts';
import { sysLog, sysUser } from '../../db/schema/index.ts';
import { hashToken } from '../../platform/sessions.ts';
import { sessionId } from './service.ts';

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

const list = (token: string | undefined, query = '') =>
  t.req({ method: 'GET', url: `${API}/sys/online/list${query}`, token });
const forceLogout = (token: string | undefined, payload: unknown) =>
  t.req({ method: 'POST', url: `${API}/sys/online/forceLogout`, token, payload: payload as Record<string, unknown> });
const whoAmI = (token: string) => t.req({ method: 'GET', url: `${API}/sys/user/getCurrentUserDeparts`, token });

describe('GET /sys/online/list', () => {
  it("shows the admin's own session with the user's fields, an opaque id instead of the token", async () => {
    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ success: true });
    const rows = res.json.result.records as Array<Record<string, unknown>>;
    const mine = rows.find((r) => r.currentSession === true);
    expect(mine).toMatchObject({
      username: 'admin',
      realname: '管理员',
      sex: 1,
      birthday: '2018-12-05',
      phone: '18611111111',
      token: sessionId(hashToken(admin)),
    });
    expect(mine?.id).toBeTruthy();
    expect(mine?.loginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(mine?.ip).toBeTruthy();
    // neither the access token nor the store's key ever leaves the server
    expect(res.body).not.toContain(admin);
    expect(res.body).not.toContain(hashToken(admin));
    expect(res.body).not.toContain('password');
    expect(res.json.result.total).toBe(rows.length);
  });

  it('lists every live session, newest sign-in first, filtered by username and paged', async () => {
    const j1 = await t.login('jeecg');
    const z1 = await t.login('zhangsan');
    const all = (await list(admin)).json.result;
    expect(all.records[0].username).toBe('zhangsan');
    const only = (await list(admin, '?username=jeecg')).json.result;
    expect(only.records.length).toBeGreaterThanOrEqual(1);
    expect(only.records.every((r: { username: string }) => r.username === 'jeecg')).toBe(true);
    expect(only.records.map((r: { token: string }) => r.token)).toContain(sessionId(hashToken(j1)));
    const page = (await list(admin, '?pageNo=2&pageSize=1')).json.result;
    expect(page).toMatchObject({ size: 1, current: 2, total: all.total, pages: all.total });
    expect(page.records).toHaveLength(1);
    expect(page.records[0].token).toBe(all.records[1].token);
    expect((await list(admin, '?username=nobody-here')).json.result).toMatchObject({ records: [], total: 0 });
    await forceLogout(admin, { token: sessionId(hashToken(z1)) });
  });

  it('does not list a session of a deleted user', async () => {
    const token = await t.login('zhangsan');
    const id = sessionId(hashToken(token));
    await t.database.db.update(sysUser).set({ delFlag: 1 }).where(eq(sysUser.username, 'zhangsan'));
    try {
      const rows = (await list(admin)).json.result.records as Array<{ token: string }>;
      expect(rows.map((r) => r.token)).not.toContain(id);
    } finally {
      await t.database.db.update(sysUser).set({ delFlag: 0 }).where(eq(sysUser.username, 'zhangsan'));
    }
  });

  it('refuses malformed paging and over-long filters', async () => {
    expect((await list(admin, '?pageNo=abc')).statusCode).toBe(400);
    const long = (await list(admin, `?username=${'x'.repeat(101)}`)).json;
    expect(long.success).toBe(false);
    expect(long.message).toContain('username');
  });

  it('needs a session (401) and the page (403 for jeecg)', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    const jeecg = await t.login('jeecg');
    expect((await list(jeecg)).statusCode).toBe(403);
  });
});

describe('POST /sys/online/forceLogout', () => {
  it("ends another user's session at once: 退出登录成功！ and the next request of that user is 401", async () => {
    const jeecg = await t.login('jeecg');
    expect((await whoAmI(jeecg)).statusCode).toBe(200);
    const res = await forceLogout(admin, { token: sessionId(hashToken(jeecg)) });
    expect(res.json).toMatchObject({ success: true, code: 200, message: '退出登录成功！' });
    const after = await whoAmI(jeecg);
    expect(after.statusCode).toBe(401);
    expect(after.json.message).toContain('Token失效');
    const rows = (await list(admin)).json.result.records as Array<{ token: string }>;
    expect(rows.map((r) => r.token)).not.toContain(sessionId(hashToken(jeecg)));
    // the admin's own session is untouched, and the act is in the log
    expect((await whoAmI(admin)).statusCode).toBe(200);
    const logs = await t.database.db.select().from(sysLog).where(eq(sysLog.logType, 1));
    expect(logs.some((l) => l.logContent?.startsWith('强制退出：用户名: jeecg(jeecg)'))).toBe(true);
  });

  it('ends only the chosen session of a user signed in twice', async () => {
    const first = await t.login('jeecg');
    const second = await t.login('jeecg');
    await forceLogout(admin, { token: sessionId(hashToken(first)) });
    expect((await whoAmI(first)).statusCode).toBe(401);
    expect((await whoAmI(second)).statusCode).toBe(200);
  });

  it('answers 退出登录失败！ without a token and Token无效! for an unknown or already ended one', async () => {
    expect((await forceLogout(admin, {})).json).toMatchObject({ success: false, message: '退出登录失败！' });
    expect((await forceLogout(admin, { token: '  ' })).json).toMatchObject({
      success: false,
      message: '退出登录失败！',
    });
    expect((await forceLogout(admin, { token: 'a'.repeat(64) })).json).toMatchObject({
      success: false,
      message: 'Token无效!',
    });
    const jeecg = await t.login('jeecg');
    const id = sessionId(hashToken(jeecg));
    expect((await forceLogout(admin, { token: id })).json.success).toBe(true);
    expect((await forceLogout(admin, { token: id })).json).toMatchObject({ success: false, message: 'Token无效!' });
  });

  it('does not accept the raw access token or the stored hash in place of the session id', async () => {
    const jeecg = await t.login('jeecg');
    expect((await forceLogout(admin, { token: jeecg })).json.message).toBe('Token无效!');
    expect((await forceLogout(admin, { token: hashToken(jeecg) })).json.message).toBe('Token无效!');
    expect((await whoAmI(jeecg)).statusCode).toBe(200);
  });

  it('refuses a token that is not a string or far too long (400), changing nothing', async () => {
    const jeecg = await t.login('jeecg');
    const bad = await forceLogout(admin, { token: 12345 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.message).toContain('token');
    expect((await forceLogout(admin, { token: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await whoAmI(jeecg)).statusCode).toBe(200);
  });

  it('is 403 for jeecg (no online:forceLogout) and 401 without a session', async () => {
    const jeecg = await t.login('jeecg');
    const res = await forceLogout(jeecg, { token: sessionId(hashToken(admin)) });
    expect(res.statusCode).toBe(403);
    expect((await whoAmI(admin)).statusCode).toBe(200);
    expect((await forceLogout(undefined, { token: sessionId(hashToken(admin)) })).statusCode).toBe(401);
  });

  it('lets an administrator end their own session (JeecgBoot does); it is over at once', async () => {
    const mine = await t.login();
    const res = await forceLogout(mine, { token: sessionId(hashToken(mine)) });
    expect(res.json.message).toBe('退出登录成功！');
    expect((await whoAmI(mine)).statusCode).toBe(401);
  });
});

// Two nodes sharing PostgreSQL and Redis: a force-logout on one ends the session on the other at once.
describe.skipIf(!onRedis)('force-logout across nodes', () => {
  it('a session ended on node B is refused on node A at the next request', async () => {
    const b = await createPeer(t);
    try {
      const jeecg = await t.login('jeecg');
      expect((await whoAmI(jeecg)).statusCode).toBe(200); // cached on node A
      const res = await b.req({
        method: 'POST',
        url: `${API}/sys/online/forceLogout`,
        token: admin,
        payload: { token: sessionId(hashToken(jeecg)) },
      });
      expect(res.json.message).toBe('退出登录成功！');
      await new Promise((r) => setTimeout(r, 50));
      expect((await whoAmI(jeecg)).statusCode).toBe(401);
    } finally {
      await b.close();
    }
  });
});
