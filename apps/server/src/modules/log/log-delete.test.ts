import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysLog } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';

let t: TestApp;
let admin: string;
let low: string;

async function addLogs(n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => newId());
  await t.app.ctx.db
    .insert(sysLog)
    .values(ids.map((id, i) => ({ id, logType: 2, logContent: `test-${i}`, createTime: new Date() })));
  return ids;
}
const exists = async (id: string) =>
  (await t.app.ctx.db.select({ id: sysLog.id }).from(sysLog).where(eq(sysLog.id, id))).length > 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  low = await t.login('jeecg', '123456');
});
afterAll(async () => {
  await t?.close();
});

describe('DELETE /sys/log/delete', () => {
  it('deletes one log row: 删除成功!', async () => {
    const [id, other] = await addLogs(2);
    const res = await t.req({ method: 'DELETE', url: `/jeecg-boot/sys/log/delete?id=${id}`, token: admin });
    expect(res.json).toMatchObject({ success: true, code: 200, message: '删除成功!' });
    expect(await exists(id)).toBe(false);
    expect(await exists(other)).toBe(true);
  });

  it('answers an error for an unknown id and 400 without an id', async () => {
    const res = await t.req({ method: 'DELETE', url: '/jeecg-boot/sys/log/delete?id=nope', token: admin });
    expect(res.json).toMatchObject({ success: false, message: '未找到对应实体' });
    const missing = await t.req({ method: 'DELETE', url: '/jeecg-boot/sys/log/delete', token: admin });
    expect(missing.statusCode).toBe(400);
  });

  it('is 403 for a user without log:delete and 401 without a session', async () => {
    const [id] = await addLogs(1);
    const res = await t.req({ method: 'DELETE', url: `/jeecg-boot/sys/log/delete?id=${id}`, token: low });
    expect(res.statusCode).toBe(403);
    expect((await t.req({ method: 'DELETE', url: `/jeecg-boot/sys/log/delete?id=${id}` })).statusCode).toBe(401);
    expect(await exists(id)).toBe(true);
  });
});

describe('DELETE /sys/log/deleteBatch', () => {
  it('deletes the listed rows: 删除成功!', async () => {
    const [a, b, c] = await addLogs(3);
    const res = await t.req({ method: 'DELETE', url: `/jeecg-boot/sys/log/deleteBatch?ids=${a},${b},`, token: admin });
    expect(res.json).toMatchObject({ success: true, message: '删除成功!' });
    expect([await exists(a), await exists(b), await exists(c)]).toEqual([false, false, true]);
  });

  it('refuses empty ids with 参数不识别！', async () => {
    const res = await t.req({ method: 'DELETE', url: '/jeecg-boot/sys/log/deleteBatch?ids=', token: admin });
    expect(res.json).toMatchObject({ success: false, message: '参数不识别！' });
  });

  it('is 403 for a user without permissions, for both deleting and clearing', async () => {
    const [a] = await addLogs(1);
    for (const ids of [a, 'allclear']) {
      const res = await t.req({ method: 'DELETE', url: `/jeecg-boot/sys/log/deleteBatch?ids=${ids}`, token: low });
      expect(res.statusCode, ids).toBe(403);
    }
    expect(await exists(a)).toBe(true);
  });

  it('ids=allclear empties the table: 清除成功!', async () => {
    await addLogs(5);
    const res = await t.req({ method: 'DELETE', url: '/jeecg-boot/sys/log/deleteBatch?ids=allclear', token: admin });
    expect(res.json).toMatchObject({ success: true, message: '清除成功!' });
    // only the operation log line of the clearing itself may follow
    await new Promise((r) => setTimeout(r, 100));
    const left = await t.app.ctx.db.select().from(sysLog);
    expect(left.length).toBeLessThanOrEqual(1);
    if (left.length === 1) expect(left[0].requestUrl).toBe('/jeecg-boot/sys/log/deleteBatch');
  });
});
