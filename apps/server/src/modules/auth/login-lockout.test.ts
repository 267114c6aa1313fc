import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, onRedis, type TestApp } from '../../../test/harness.ts';
import { sysLog, sysUser } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { API, freshIp, postLogin } from './auth-test-helpers.ts';
import { LOCK_MS } from './lockout.ts';
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

let hash: Promise<string> | undefined;
async function makeUser(username: string) {
  hash ??= hashPassword('right-pass');
  await t.database.db.insert(sysUser).values({
    id: newId(),
    username,
    realname: username,
    password: await hash,
    salt: 'abcdEFGH',
    status: 1,
    delFlag: 0,
  });
}

/** every attempt from a different address: the lock is per account, not per IP */
const attempt = async (username: string, password: string) => {
  const res = await postLogin(t, { username, password });
  const { timestamp: _ts, requestId: _rid, ...rest } = res.json;
  return rest as { success: boolean; code: number; message: string; result: unknown };
};

/** the one answer of every refused sign-in (ADR 019): a lock is never told to the caller */
const REFUSED = { success: false, code: 500, message: '用户名或密码错误', result: null };

/** moves the clock (Date only) forward; timers and I/O keep running */
function advance(ms: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + ms);
}

describe('account lockout (security rule 12; locked answers like a wrong password, ADR 019)', () => {
  it('locks an account after 5 wrong passwords, even from 5 different addresses: the right password is refused', async () => {
    await makeUser('lock_user_1');
    for (let i = 1; i <= 5; i++) expect(await attempt('lock_user_1', `wrong-${i}`)).toEqual(REFUSED);
    // now even the right password is refused, with the same answer
    expect(await attempt('lock_user_1', 'right-pass')).toEqual(REFUSED);
  });

  it('answers exactly the same for a username that does not exist', async () => {
    await makeUser('lock_user_2');
    const real: unknown[] = [];
    const ghost: unknown[] = [];
    for (let i = 1; i <= 6; i++) {
      real.push(await attempt('lock_user_2', `wrong-${i}`));
      ghost.push(await attempt('lock_ghost_2', `wrong-${i}`));
    }
    expect(ghost).toEqual(real);
    for (const r of real) expect(r).toEqual(REFUSED);
  });

  it('records the lock in sys_log for administrators', async () => {
    await makeUser('lock_user_13');
    for (let i = 1; i <= 5; i++) await attempt('lock_user_13', `wrong-${i}`);
    await attempt('lock_user_13', 'right-pass');
    const rows = await t.database.db
      .select({ content: sysLog.logContent })
      .from(sysLog)
      .where(like(sysLog.logContent, '用户名: lock_user_13,%'));
    const texts = rows.map((r) => r.content);
    expect(texts).toContain('用户名: lock_user_13,登录失败：密码错误，账号已临时锁定');
    expect(texts).toContain('用户名: lock_user_13,登录失败：账号已临时锁定');
  });

  it('records the pause in the operation log, once, with the way out', async () => {
    await makeUser('lock_user_15');
    for (let i = 1; i <= 6; i++) await attempt('lock_user_15', `wrong-${i}`);
    const rows = await t.database.db
      .select({ content: sysLog.logContent, type: sysLog.logType })
      .from(sysLog)
      .where(like(sysLog.logContent, '账号 lock_user_15 %'));
    expect(rows).toEqual([
      { type: 2, content: '账号 lock_user_15 连续5次密码错误，登录已暂停5分钟（可在用户管理中解除锁定）' },
    ]);
  });

  it('pauses for a fixed 5 minutes, every time: the right password signs in after it', async () => {
    expect(LOCK_MS).toBe(5 * 60_000);
    await makeUser('lock_user_3');
    let offset = 0;
    for (let round = 0; round < 3; round++) {
      for (let i = 1; i <= 5; i++) await attempt('lock_user_3', `wrong-${i}`);
      vi.useRealTimers();
      advance(offset + LOCK_MS - 2000);
      expect(await attempt('lock_user_3', 'right-pass'), `round ${round}`).toEqual(REFUSED);
      offset += LOCK_MS + 1000;
      vi.useRealTimers();
      advance(offset);
    }
    expect(await attempt('lock_user_3', 'right-pass')).toMatchObject({ success: true, code: 200, message: '登录成功' });
  });

  it('a successful sign-in resets the failure count', async () => {
    await makeUser('lock_user_6');
    for (let i = 1; i <= 4; i++) await attempt('lock_user_6', `wrong-${i}`);
    expect((await attempt('lock_user_6', 'right-pass')).success).toBe(true);
    for (let i = 1; i <= 4; i++) await attempt('lock_user_6', `wrong-${i}`);
    expect((await attempt('lock_user_6', 'right-pass')).success).toBe(true);
  });

  it.skipIf(onRedis)('counts failures within 15 minutes only', async () => {
    await makeUser('lock_user_7');
    for (let i = 1; i <= 4; i++) await attempt('lock_user_7', `wrong-${i}`);
    advance(15 * 60_000 + 1000);
    await attempt('lock_user_7', 'wrong-5');
    expect((await attempt('lock_user_7', 'right-pass')).success).toBe(true);
  });

  it('locks per account: other accounts are unaffected', async () => {
    await makeUser('lock_user_8');
    await makeUser('lock_user_9');
    for (let i = 1; i <= 5; i++) await attempt('lock_user_8', `wrong-${i}`);
    expect((await attempt('lock_user_9', 'right-pass')).success).toBe(true);
  });

  it('locks by the username as typed, whatever its letter case', async () => {
    await makeUser('lock_user_10');
    for (let i = 1; i <= 5; i++) await attempt(i % 2 ? 'LOCK_USER_10' : 'lock_user_10', `wrong-${i}`);
    expect(await attempt('lock_user_10', 'right-pass')).toEqual(REFUSED);
  });

  it('applies to /sys/mLogin too (same account lock)', async () => {
    await makeUser('lock_user_11');
    for (let i = 1; i <= 5; i++) await attempt('lock_user_11', `wrong-${i}`);
    const res = await t.req({
      method: 'POST',
      url: `${API}/sys/mLogin`,
      payload: { username: 'lock_user_11', password: 'right-pass' },
      remoteAddress: freshIp(),
    });
    expect(res.json).toMatchObject(REFUSED);
  });

  it('a frozen account with the right password does not count as a failure', async () => {
    await makeUser('lock_user_12');
    await t.database.db.update(sysUser).set({ status: 2 }).where(eq(sysUser.username, 'lock_user_12'));
    for (let i = 1; i <= 6; i++) expect((await attempt('lock_user_12', 'right-pass')).message).toBe('该用户已冻结');
  });

  it('a locked frozen account does not tell it is frozen, even with the right password', async () => {
    await makeUser('lock_user_14');
    await t.database.db.update(sysUser).set({ status: 2 }).where(eq(sysUser.username, 'lock_user_14'));
    for (let i = 1; i <= 5; i++) await attempt('lock_user_14', `wrong-${i}`);
    expect(await attempt('lock_user_14', 'right-pass')).toEqual(REFUSED);
  });
});
