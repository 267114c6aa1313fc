import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeer, createTestApp, onRedis, type TestApp } from '../../../test/harness.ts';
import { sysDict, sysDictItem } from '../../db/schema/index.ts';
import { signedGet } from './test-helpers.ts';

// Two nodes on one database and one Redis (npm run test:services): a dictionary edited through the API on node A is
// never served stale by node B.
describe.skipIf(!onRedis)('dictionary management across two nodes', () => {
  let a: TestApp;
  let b: TestApp;
  let token: string;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createPeer(a);
    token = await a.login();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const itemsOn = async (node: TestApp, code: string) =>
    ((await signedGet(node, `/jeecg-boot/sys/dict/getDictItems/${code}`, token)).json.result ?? []) as {
      value: string;
      text: string;
    }[];

  it('an item edit on A is seen by getDictItems and queryAllDictItems on B', async () => {
    expect((await itemsOn(b, 'priority')).map((i) => i.text)).toEqual(['低', '中', '高']); // B caches it
    const [dict] = await a.app.ctx.db.select().from(sysDict).where(eq(sysDict.dictCode, 'priority'));
    const [item] = await a.app.ctx.db
      .select()
      .from(sysDictItem)
      .where(and(eq(sysDictItem.dictId, dict.id), eq(sysDictItem.itemValue, 'M')));
    const res = await a.req({
      method: 'PUT',
      url: '/jeecg-boot/sys/dictItem/edit',
      token,
      payload: { id: item.id, dictId: dict.id, itemValue: 'M', itemText: '普通', sortOrder: item.sortOrder, status: 1 },
    });
    expect(res.json.message).toBe('编辑成功!');
    expect((await itemsOn(b, 'priority')).map((i) => i.text)).toEqual(['低', '普通', '高']);
    const all = await b.req({ method: 'GET', url: '/jeecg-boot/sys/dict/queryAllDictItems', token });
    expect(all.json.result.priority.map((i: { text: string }) => i.text)).toEqual(['低', '普通', '高']);
  });

  it('a dictionary deleted on B disappears from A, and comes back when restored on A', async () => {
    const all = async (node: TestApp) =>
      (await node.req({ method: 'GET', url: '/jeecg-boot/sys/dict/queryAllDictItems', token })).json.result;
    expect(await all(a)).toHaveProperty('priority');
    const [dict] = await a.app.ctx.db.select().from(sysDict).where(eq(sysDict.dictCode, 'priority'));
    await b.req({ method: 'DELETE', url: `/jeecg-boot/sys/dict/delete?id=${dict.id}`, token });
    expect(await all(a)).not.toHaveProperty('priority');
    await a.req({ method: 'PUT', url: `/jeecg-boot/sys/dict/back/${dict.id}`, token });
    expect(await all(b)).toHaveProperty('priority');
  });
});
