import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { USER_IDS } from '../../db/seed/data.ts';

/** Issue 10 §2: reading another user's roles needs the user-management permission (user:edit), not just the list. */
describe('GET /sys/user/queryUserRole access', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses (403) a user who can open the user list but may not edit users', async () => {
    const jeecg = await t.login('jeecg', '123456');
    // jeecg (role test) sees the user list page…
    const list = await t.req({ method: 'GET', url: '/jeecg-boot/sys/user/list', token: jeecg });
    expect(list.json.success).toBe(true);
    // …but not anyone's roles
    const res = await t.req({
      method: 'GET',
      url: `/jeecg-boot/sys/user/queryUserRole?userid=${USER_IDS.admin}`,
      token: jeecg,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json).toMatchObject({ success: false, code: 403 });
    expect(JSON.stringify(res.json)).not.toContain('f6817f48af4fb3af11b9e8bf182f618b');
  });

  it('answers the role ids to a user with user:edit', async () => {
    const admin = await t.login();
    const res = await t.req({
      method: 'GET',
      url: `/jeecg-boot/sys/user/queryUserRole?userid=${USER_IDS.admin}`,
      token: admin,
    });
    expect(res.json).toMatchObject({ success: true });
    expect(res.json.result).toContain('f6817f48af4fb3af11b9e8bf182f618b');
  });

  it('401 without a session', async () => {
    const res = await t.req({ method: 'GET', url: `/jeecg-boot/sys/user/queryUserRole?userid=${USER_IDS.admin}` });
    expect(res.statusCode).toBe(401);
  });
});
