import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeer, createTestApp, onRedis, type TestApp } from '../../../../test/harness.ts';
import { onlCgformHead } from '../../../db/schema/index.ts';
import { invalidateForm } from '../model.ts';
import { createForm } from './fixtures.ts';

const A = '/jeecg-boot/online/cgform/api';

// Two app instances on one database sharing Redis (npm run test:services).
describe.skipIf(!onRedis)('two nodes: a definition changed through one node is fresh on the other', () => {
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

  it('invalidateForm on A drops the cached definition on B', async () => {
    const id = await createForm(a, { tableName: 'mc_node', txt: '旧名', fields: [{ name: 'x' }] });
    const onB = async () =>
      (await b.req({ method: 'GET', url: `${A}/getColumns/${id}`, token })).json.result.description as string;
    expect(await onB()).toBe('旧名');
    await a.app.ctx.db.update(onlCgformHead).set({ tableTxt: '新名' }).where(sql`id = ${id}`);
    expect(await onB()).toBe('旧名'); // cached on B
    await invalidateForm(a.app, id);
    await expect.poll(onB, { timeout: 3000 }).toBe('新名');
  });
});
