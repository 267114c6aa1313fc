import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, onRedis, type TestApp } from '../../../test/harness.ts';
import { sysUser } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { API, freshIp, postLogin } from './auth-test-helpers.ts';
import { lockDurationMs, lockMessage } from './lockout.ts';
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
  const { timestamp: _ts, ...rest } = res.json;
  return rest as { success: boolean; code: number; message: string; result: unknown };
};

const LOCKED_1 = '登录失败次数过多，账号已临时锁定，请1分钟后再试';

/** moves the clock (Date only) forward; timers and I/O keep running */
function advance(ms: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + ms);
}

describe('account lockout', () => {
  it('locks an account after 5 wrong passwords, even from 5 different addresses', async () => {
    await makeUser('lock_user_1');
    for (let i = 1; i <= 4; i++) expect((await attempt('lock_user_1', `wrong-${i}`)).message).toBe('用户名或密码错误');
    expect(await attempt('lock_user_1', 'wrong-5')).toEqual({
      success: false,
      code: 500,
      message: LOCKED_1,
      result: null,
    });
    // now even the right password is refused
    expect((await attempt('lock_user_1', 'right-pass')).message).toBe(LOCKED_1);
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
    expect((real[5] as { message: string }).message).toBe(LOCKED_1);
  });

  it('unlocks after the lock time and a right password then signs in', async () => {
    await makeUser('lock_user_3');
    for (let i = 1; i <= 5; i++) await attempt('lock_user_3', `wrong-${i}`);
    expect((await attempt('lock_user_3', 'right-pass')).message).toBe(LOCKED_1);
    advance(30_000);
    expect((await attempt('lock_user_3', 'right-pass')).message).toBe(LOCKED_1);
    advance(31_000);
    const ok = await attempt('lock_user_3', 'right-pass');
    expect(ok).toMatchObject({ success: true, code: 200, message: '登录成功' });
  });

  it('grows the lock: 1, 2, 4, 8, then at most 15 minutes', async () => {
    expect([1, 2, 3, 4, 5, 6].map(lockDurationMs)).toEqual([60_000, 120_000, 240_000, 480_000, 900_000, 900_000]);
    await makeUser('lock_user_4');
    let offset = 0;
    for (const minutes of [1, 2, 4, 8, 15, 15]) {
      for (let i = 1; i <= 4; i++) await attempt('lock_user_4', `wrong-${i}`);
      expect((await attempt('lock_user_4', 'wrong-5')).message).toBe(lockMessage(minutes * 60_000));
      offset += minutes * 60_000 + 1000;
      vi.useRealTimers();
      advance(offset);
    }
  });

  it('forgets the growth after a successful sign-in', async () => {
    await makeUser('lock_user_5');
    for (let i = 1; i <= 5; i++) await attempt('lock_user_5', `wrong-${i}`);
    advance(61_000);
    expect((await attempt('lock_user_5', 'right-pass')).success).toBe(true);
    for (let i = 1; i <= 4; i++) expect((await attempt('lock_user_5', `wrong-${i}`)).message).toBe('用户名或密码错误');
    expect((await attempt('lock_user_5', 'wrong-5')).message).toBe(LOCKED_1);
  });

  it('a successful sign-in resets the failure count', async () => {
    await makeUser('lock_user_6');
    for (let i = 1; i <= 4; i++) await attempt('lock_user_6', `wrong-${i}`);
    expect((await attempt('lock_user_6', 'right-pass')).success).toBe(true);
    for (let i = 1; i <= 4; i++) expect((await attempt('lock_user_6', `wrong-${i}`)).message).toBe('用户名或密码错误');
  });

  it.skipIf(onRedis)('counts failures within 15 minutes only', async () => {
    await makeUser('lock_user_7');
    for (let i = 1; i <= 4; i++) await attempt('lock_user_7', `wrong-${i}`);
    advance(15 * 60_000 + 1000);
    expect((await attempt('lock_user_7', 'wrong-5')).message).toBe('用户名或密码错误');
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
    expect((await attempt('lock_user_10', 'right-pass')).message).toBe(LOCKED_1);
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
    expect(res.json.message).toBe(LOCKED_1);
  });

  it('a frozen account with the right password does not count as a failure', async () => {
    await makeUser('lock_user_12');
    await t.database.db.update(sysUser).set({ status: 2 }).where(eq(sysUser.username, 'lock_user_12'));
    for (let i = 1; i <= 6; i++) expect((await attempt('lock_user_12', 'right-pass')).message).toBe('该用户已冻结');
  });
});
