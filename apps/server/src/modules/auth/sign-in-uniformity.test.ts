import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysUser } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { postLogin } from './auth-test-helpers.ts';
import { ARGON2_PARAMS, argon2ParamsOf, burnVerify, hashPassword, legacyJeecgHash, needsRehash } from './password.ts';

/**
 * Issue 10 §2 / security rule 12 / ADR 019: without the right password, nobody can tell from message, code or timing
 * whether an account exists, is frozen or is locked.
 */
let t: TestApp;
let hash: string;
const ROUNDS = 31;
/** measurement passes: a real difference fails every pass; noise from other processes rarely fails three in a row */
const PASSES = 3;

async function makeUser(username: string, over: Partial<typeof sysUser.$inferInsert> = {}) {
  await t.database.db.insert(sysUser).values({
    id: newId(),
    username,
    realname: username,
    password: hash,
    salt: 'abcdEFGH',
    status: 1,
    delFlag: 0,
    ...over,
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

beforeAll(async () => {
  t = await createTestApp();
  hash = await hashPassword('right-pass');
});
afterAll(async () => {
  await t?.close();
});

describe('sign-in answers are uniform', () => {
  it('unknown, wrong password, frozen and locked: same message and code, medians within 20 ms, each doing the argon2 work', async () => {
    // a fresh account per attempt for "wrong" and "frozen", so they never become locked themselves
    for (let pass = 0; pass < PASSES; pass++) {
      for (let i = 0; i < ROUNDS + 2; i++) {
        await makeUser(`uni_wrong_${pass * 1000 + i}`);
        await makeUser(`uni_frozen_${pass * 1000 + i}`, { status: 2 });
      }
    }
    await makeUser('uni_locked');
    for (let i = 0; i < 5; i++) await postLogin(t, { username: 'uni_locked', password: `nope-${i}` });

    const kinds = {
      unknown: (i: number) => ({ username: `uni_nobody_${i}`, password: 'guess-1' }),
      wrong: (i: number) => ({ username: `uni_wrong_${i}`, password: 'guess-1' }),
      frozen: (i: number) => ({ username: `uni_frozen_${i}`, password: 'guess-1' }),
      locked: (_i: number) => ({ username: 'uni_locked', password: 'guess-1' }),
    } as const;
    const answers = new Set<string>();

    const measure = async (pass: number) => {
      const times: Record<string, number[]> = { unknown: [], wrong: [], frozen: [], locked: [] };
      // interleaved in a shuffled order per round, so load on the (shared) machine touches every kind alike; each
      // time is also taken relative to its own round's mean, which cancels slow drifts of load. 2 warm-up rounds.
      const relative: Record<string, number[]> = { unknown: [], wrong: [], frozen: [], locked: [] };
      for (let i = 0; i < ROUNDS + 2; i++) {
        const order = Object.entries(kinds).sort(() => Math.random() - 0.5);
        const round: Record<string, number> = {};
        for (const [kind, body] of order) {
          const start = performance.now();
          // unknown, wrong and frozen names are fresh in every round and pass (never locked themselves)
          const res = await postLogin(t, body(pass * 1000 + i));
          round[kind] = performance.now() - start;
          const { timestamp: _ts, requestId: _rid, ...rest } = res.json;
          answers.add(`${res.statusCode} ${JSON.stringify(rest)}`);
        }
        if (i < 2) continue;
        const mean = Object.values(round).reduce((x, y) => x + y, 0) / 4;
        for (const [kind, ms] of Object.entries(round)) {
          times[kind].push(ms);
          relative[kind].push(ms - mean);
        }
      }
      const verify: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const start = performance.now();
        await burnVerify('guess-1');
        verify.push(performance.now() - start);
      }
      const medians = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
      const offsets = Object.values(relative).map(median);
      return {
        spread: Math.max(...offsets) - Math.min(...offsets),
        medians: Object.values(medians),
        argon2: median(verify),
        info: JSON.stringify({ medians, offsets, argon2: median(verify) }),
      };
    };

    const seen: string[] = [];
    let result: Awaited<ReturnType<typeof measure>> | undefined;
    for (let pass = 0; pass < PASSES; pass++) {
      result = await measure(pass);
      seen.push(result.info);
      if (result.spread < 20) break;
    }
    expect([...answers]).toEqual([
      `200 ${JSON.stringify({ success: false, message: '用户名或密码错误', code: 500, result: null })}`,
    ]);
    expect(result!.spread, seen.join('\n')).toBeLessThan(20);
    // meaningful: no kind skips the password hashing (a short cut would answer in a fraction of it)
    for (const m of result!.medians) expect(m, result!.info).toBeGreaterThan(result!.argon2 * 0.6);
  }, 180_000);

  it('tells 该用户已冻结 only after the right password', async () => {
    await makeUser('uni_frozen_right', { status: 2 });
    expect((await postLogin(t, { username: 'uni_frozen_right', password: 'guess' })).json.message).toBe(
      '用户名或密码错误',
    );
    expect((await postLogin(t, { username: 'uni_frozen_right', password: 'right-pass' })).json).toMatchObject({
      success: false,
      code: 500,
      message: '该用户已冻结',
    });
  });
});

describe('argon2id parameters (OWASP minimum, ADR 019)', () => {
  const stored = async (username: string) =>
    (await t.database.db.select().from(sysUser).where(eq(sysUser.username, username)))[0].password;

  it('hashes new passwords with m=19 MiB, t=2, p=1, and the seed uses the same numbers', async () => {
    expect(ARGON2_PARAMS).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(argon2ParamsOf(await hashPassword('x'))).toEqual({ type: 'argon2id', m: 19_456, t: 2, p: 1 });
    expect(argon2ParamsOf(await stored('admin'))).toEqual({ type: 'argon2id', m: 19_456, t: 2, p: 1 });
    expect(needsRehash(await stored('admin'))).toBe(false);
  });

  it('rehashes a hash made with other parameters at the next successful sign-in, and only then', async () => {
    const old = await argon2.hash('right-pass', {
      type: argon2.argon2id,
      memoryCost: 8192,
      timeCost: 3,
      parallelism: 1,
    });
    await makeUser('uni_oldhash', { password: old });
    await postLogin(t, { username: 'uni_oldhash', password: 'wrong' });
    expect(await stored('uni_oldhash')).toBe(old);
    const res = await postLogin(t, { username: 'uni_oldhash', password: 'right-pass' });
    expect(res.json.code).toBe(200);
    const now = await stored('uni_oldhash');
    expect(argon2ParamsOf(now)).toEqual({ type: 'argon2id', m: 19_456, t: 2, p: 1 });
    expect(await argon2.verify(now!, 'right-pass')).toBe(true);
    // and the new hash keeps working
    expect((await postLogin(t, { username: 'uni_oldhash', password: 'right-pass' })).json.code).toBe(200);
  });

  it('upgrades a JeecgBoot hash to argon2id', async () => {
    await makeUser('uni_legacy', { password: legacyJeecgHash('uni_legacy', 'right-pass', 'abcdEFGH') });
    expect((await postLogin(t, { username: 'uni_legacy', password: 'right-pass' })).json.code).toBe(200);
    expect(argon2ParamsOf(await stored('uni_legacy'))?.type).toBe('argon2id');
  });
});
