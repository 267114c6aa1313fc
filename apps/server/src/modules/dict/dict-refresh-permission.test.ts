import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

/** Issue 28 security 9: flushing the shared dictionary cache needs the 刷新缓存 button (dict:refresh). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('/sys/dict/refleshCache', () => {
  it('is refused (403) to a user without dict:refresh and allowed to one with it', async () => {
    const jeecg = await t.login('jeecg', '123456');
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const res = await t.req({ method, url: '/jeecg-boot/sys/dict/refleshCache', token: jeecg });
      expect(res.statusCode, method).toBe(403);
    }
    const admin = await t.login();
    const ok = await t.req({ method: 'GET', url: '/jeecg-boot/sys/dict/refleshCache', token: admin });
    expect(ok.json).toMatchObject({ success: true, code: 0 });
  });
});
