import { it } from 'vitest';
import { createTestApp } from '../../../test/harness.ts';
it('probe', async () => {
  const t = await createTestApp();
  const j = await t.login('jeecg', '123456');
  const r = await t.req({ method: 'GET', url: '/jeecg-boot/sys/role/queryall', token: j });
  console.log('QUERYALL', r.statusCode, r.body.slice(0, 200));
  await t.close();
});
