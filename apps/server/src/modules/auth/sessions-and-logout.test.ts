import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysLog, sysSession, sysUser } from '../../db/schema/index.ts';
import { USER_IDS } from '../../db/seed/index.ts';
import { newId } from '../../platform/ids.ts';
import { API, signIn } from './auth-test-helpers.ts';
import { endUserSessions } from './end-sessions.ts';
import { hashPassword } from './password.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const departs = (token?: string, headers: Record<string, string> = {}) =>
  t.req({ method: 'GET', url: `${API}/sys/user/getCurrentUserDeparts`, token, headers });
const logout = (token?: string, method: 'POST' | 'GET' | 'PUT' | 'DELETE' = 'POST') =>
  t.req({ method, url: `${API}/sys/logout`, token });

function advance(ms: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + ms);
}

describe('/sys/logout', () => {
  it('ends the session: 退出登录成功！, then the same token gets 401 Token失效', async () => {
    const token = await signIn(t);
    expect((await departs(token)).statusCode).toBe(200);
    const res = await logout(token);
    expect(res.json).toMatchObject({ success: true, code: 200, message: '退出登录成功！' });
    const after = await departs(token);
    expect(after.statusCode).toBe(401);
    expect(after.json).toMatchObject({ success: false, code: 401 });
    expect(after.json.message).toContain('Token失效');
  });

  it('writes the logout line with the real name', async () => {
    const token = await signIn(t, 'jeecg');
    await logout(token);
    const rows = await t.database.db
      .select()
      .from(sysLog)
      .where(and(eq(sysLog.logType, 1), eq(sysLog.userid, 'jeecg')));
    expect(rows.map((r) => r.logContent)).toContain('用户名: jeecg,退出成功！');
  });

  it('works with any HTTP method', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const token = await signIn(t);
      expect((await logout(token, method)).json.message, method).toBe('退出登录成功！');
      expect((await departs(token)).statusCode).toBe(401);
    }
  });

  it('answers 退出登录失败！ without a token', async () => {
    expect((await logout()).json).toMatchObject({ success: false, code: 500, message: '退出登录失败！' });
  });

  it('answers Token无效! for an unknown, already ended or malformed token', async () => {
    const token = await signIn(t);
    await logout(token);
    expect((await logout(token)).json).toMatchObject({ success: false, message: 'Token无效!' });
    expect((await logout('x'.repeat(43))).json.message).toBe('Token无效!');
    expect((await logout("' or 1=1 --")).json.message).toBe('Token无效!');
    expect((await logout('t'.repeat(5000))).json.message).toBe('Token无效!');
  });

  it('answers Token无效! when the token’s user has been deleted, and still ends the session', async () => {
    const id = newId();
    await t.database.db.insert(sysUser).values({
      id,
      username: 'logout_deleted_1',
      realname: 'x',
      password: await hashPassword('pass-1234'),
      status: 1,
      delFlag: 0,
    });
    const token = await signIn(t, 'logout_deleted_1', 'pass-1234');
    await t.database.db.update(sysUser).set({ delFlag: 1 }).where(eq(sysUser.id, id));
    expect((await logout(token)).json).toMatchObject({ success: false, message: 'Token无效!' });
    expect(await t.database.db.select().from(sysSession).where(eq(sysSession.userId, id))).toHaveLength(0);
  });

  it('ends only that session: the same user signed in elsewhere stays signed in', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    await logout(a);
    expect((await departs(a)).statusCode).toBe(401);
    expect((await departs(b)).statusCode).toBe(200);
  });
});

describe('token handling', () => {
  it('accepts the token only in the X-Access-Token header, never in the query string', async () => {
    const token = await signIn(t);
    const res = await t.req({ method: 'GET', url: `${API}/sys/user/getCurrentUserDeparts?token=${token}` });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 for a made-up token', async () => {
    expect((await departs('A'.repeat(43))).statusCode).toBe(401);
  });

  it('refuses a tenant-id header that is not one of the user’s tenants (401)', async () => {
    // zhangsan has no tenants and does not administer them (the platform administrator may switch: ADR 017)
    const token = await signIn(t, 'zhangsan');
    const res = await departs(token, { 'tenant-id': '1' });
    expect(res.statusCode).toBe(401);
    expect(res.json.message).toBe('用户租户信息变更,请重新登陆!');
    expect((await departs(token, { 'tenant-id': '0' })).statusCode).toBe(200);
    expect((await departs(token, { 'tenant-id': "1' or '1'='1" })).statusCode).toBe(401);
  });

  it('accepts a tenant-id among the user’s own tenants', async () => {
    await t.database.db.update(sysUser).set({ relTenantIds: '1' }).where(eq(sysUser.username, 'zhangsan'));
    const token = await signIn(t, 'zhangsan');
    expect((await departs(token, { 'tenant-id': '1' })).statusCode).toBe(200);
    expect((await departs(token, { 'tenant-id': '2' })).statusCode).toBe(401);
  });
});

describe('session expiry', () => {
  it('ends a session idle for longer than SESSION_IDLE_MINUTES, sliding with use', async () => {
    const short = await createTestApp({ SESSION_IDLE_MINUTES: '1' });
    try {
      const token = await signIn(short);
      const get = () => short.req({ method: 'GET', url: `${API}/sys/user/getCurrentUserDeparts`, token });
      advance(50_000);
      expect((await get()).statusCode).toBe(200);
      vi.useRealTimers();
      advance(100_000); // 50 s after the last use
      expect((await get()).statusCode).toBe(200);
      vi.useRealTimers();
      advance(161_000); // 61 s after the last use
      const res = await get();
      expect(res.statusCode).toBe(401);
      expect(res.json.message).toContain('Token失效');
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });

  it('ends a session at SESSION_ABSOLUTE_HOURS even when used all the time', async () => {
    const short = await createTestApp({ SESSION_ABSOLUTE_HOURS: '1' });
    try {
      const token = await signIn(short);
      const get = () => short.req({ method: 'GET', url: `${API}/sys/user/getCurrentUserDeparts`, token });
      for (const minutes of [20, 40, 59]) {
        vi.useRealTimers();
        advance(minutes * 60_000);
        expect((await get()).statusCode, `${minutes} min`).toBe(200);
      }
      vi.useRealTimers();
      advance(60 * 60_000 + 1000);
      expect((await get()).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });
});

describe('endUserSessions', () => {
  it('ends every session of one user and no one else’s', async () => {
    const a = await signIn(t, 'jeecg');
    const b = await signIn(t, 'jeecg');
    const other = await signIn(t);
    expect(await endUserSessions(t.app, USER_IDS.jeecg)).toBeGreaterThanOrEqual(2);
    expect((await departs(a)).statusCode).toBe(401);
    expect((await departs(b)).statusCode).toBe(401);
    expect((await departs(other)).statusCode).toBe(200);
  });

  it('a frozen user’s session stops working at once', async () => {
    const token = await signIn(t, 'zhangsan');
    await t.database.db.update(sysUser).set({ status: 2 }).where(eq(sysUser.username, 'zhangsan'));
    expect((await departs(token)).statusCode).toBe(401);
    await t.database.db.update(sysUser).set({ status: 1 }).where(eq(sysUser.username, 'zhangsan'));
  });
});
