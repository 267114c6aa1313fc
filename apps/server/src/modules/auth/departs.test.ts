import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysUser, sysUserDepart } from '../../db/schema/index.ts';
import { DEPART_IDS } from '../../db/seed/index.ts';
import { newId } from '../../platform/ids.ts';
import { API, freshIp, signIn } from './auth-test-helpers.ts';
import { hashPassword } from './password.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let n = 0;
/** a user in A01A03 and A02A02, currently working in A01A03 */
async function twoDepartUser() {
  const id = newId();
  const username = `dep_user_${++n}`;
  await t.database.db.insert(sysUser).values({
    id,
    username,
    realname: username,
    password: await hashPassword('pass-1234'),
    salt: 'abcdEFGH',
    orgCode: 'A01A03',
    status: 1,
    delFlag: 0,
  });
  await t.database.db.insert(sysUserDepart).values([
    { id: newId(), userId: id, depId: DEPART_IDS.A01A03 },
    { id: newId(), userId: id, depId: DEPART_IDS.A02A02 },
  ]);
  return { id, username, token: await signIn(t, username, 'pass-1234') };
}

const select = (token: string | undefined, body: unknown, method: 'PUT' | 'POST' = 'PUT') =>
  t.req({ method, url: `${API}/sys/selectDepart`, token, payload: body as object, remoteAddress: freshIp() });
const orgOf = async (id: string) => (await t.database.db.select().from(sysUser).where(eq(sysUser.id, id)))[0].orgCode;

describe('GET /sys/user/getCurrentUserDeparts', () => {
  it('lists the session user’s departments and the selected org code (code 0)', async () => {
    const { token } = await twoDepartUser();
    const res = await t.req({ method: 'GET', url: `${API}/sys/user/getCurrentUserDeparts`, token });
    expect(res.json).toMatchObject({ success: true, code: 0, result: { orgCode: 'A01A03' } });
    expect(res.json.result.list.map((d: { orgCode: string }) => d.orgCode).sort()).toEqual(['A01A03', 'A02A02']);
    expect(res.json.result.list[0]).toHaveProperty('departName');
  });

  it('answers 401 without a session', async () => {
    expect((await t.req({ method: 'GET', url: `${API}/sys/user/getCurrentUserDeparts` })).statusCode).toBe(401);
  });
});

describe('PUT|POST /sys/selectDepart', () => {
  it('switches to one of the own departments and answers {userInfo} with code 0', async () => {
    const { id, username, token } = await twoDepartUser();
    const res = await select(token, { orgCode: 'A02A02', username });
    expect(res.json).toMatchObject({ success: true, code: 0 });
    expect(res.json.result.userInfo).toMatchObject({ username, orgCode: 'A02A02', orgCodeTxt: '研发部' });
    expect(res.json.result.userInfo).not.toHaveProperty('password');
    expect(await orgOf(id)).toBe('A02A02');
  });

  it('works with POST and without a username', async () => {
    const { id, token } = await twoDepartUser();
    expect((await select(token, { orgCode: 'A02A02' }, 'POST')).json.success).toBe(true);
    expect(await orgOf(id)).toBe('A02A02');
  });

  it('refuses another user’s department setting: 只允许切换自己的部门！', async () => {
    const { token } = await twoDepartUser();
    const res = await select(token, { orgCode: 'A01A03', username: 'admin' });
    expect(res.json).toMatchObject({ success: false, code: 500, message: '只允许切换自己的部门！' });
    expect((await t.database.db.select().from(sysUser).where(eq(sysUser.username, 'admin')))[0].orgCode).toBe('A01');
  });

  it('refuses a department the user does not belong to', async () => {
    const { id, token } = await twoDepartUser();
    for (const orgCode of ['A01', 'A02A01', 'NOPE', "A01' or '1'='1", '研发部']) {
      const res = await select(token, { orgCode });
      expect(res.json, orgCode).toMatchObject({ success: false, message: '只能切换到自己所属的部门！' });
    }
    expect(await orgOf(id)).toBe('A01A03');
  });

  it('refuses missing, wrong-typed or oversized input with 400', async () => {
    const { token } = await twoDepartUser();
    for (const body of [
      {},
      { orgCode: '' },
      { orgCode: 5 },
      { orgCode: ['A02A02'] },
      { orgCode: 'A'.repeat(10_000) },
      { orgCode: 'A02A02', username: 7 },
    ]) {
      expect((await select(token, body)).statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
  });

  it('answers 401 without a session', async () => {
    expect((await select(undefined, { orgCode: 'A01' })).statusCode).toBe(401);
  });
});
