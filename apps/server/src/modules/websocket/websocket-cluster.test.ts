import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeer, createTestApp, onRedis, type TestApp } from '../../../test/harness.ts';
import { USER_IDS } from '../../db/seed/data.ts';
import { sample } from '../announcement/test-helpers.ts';
import { connect, listen, sleep } from './test-clients.ts';

// Two nodes on one database and one Redis. Runs with TEST_REDIS_URL (npm run test:services).
describe.skipIf(!onRedis)('notification sockets across two nodes (pub/sub through Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createPeer(a);
    baseA = await listen(a.app);
    baseB = await listen(b.app);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('an announcement released on node A reaches a socket held by node B, a USER one only its recipient', async () => {
    const admin = await a.login();
    const jeecg = await b.login('jeecg', '123456');
    const zhangsan = await b.login('zhangsan', '123456');
    // the sockets live on B, the release happens on A
    const j = await connect(baseB, USER_IDS.jeecg, [jeecg]);
    const z = await connect(baseB, USER_IDS.zhangsan, [zhangsan]);
    // a session opened on node B is accepted by node A's upgrade too
    const onA = await connect(baseA, USER_IDS.jeecg, [jeecg]);

    const add = async (over: Record<string, unknown>) => {
      await a.req({ method: 'POST', url: '/jeecg-boot/sys/annountCement/add', payload: sample(over), token: admin });
      const list = await a.req({
        method: 'GET',
        url: `/jeecg-boot/sys/annountCement/list?titile=${encodeURIComponent(String(over.titile))}`,
        token: admin,
      });
      return list.json.result.records[0].id as string;
    };
    const all = await add({ titile: '集群全体' });
    const rel = await a.req({
      method: 'GET',
      url: `/jeecg-boot/sys/annountCement/doReleaseData?id=${all}`,
      token: admin,
    });
    expect(rel.json.success).toBe(true);
    expect(await j.next((f) => f.msgId === all)).toEqual({ cmd: 'topic', msgId: all, msgTxt: '集群全体' });
    expect(await z.next((f) => f.msgId === all)).toEqual({ cmd: 'topic', msgId: all, msgTxt: '集群全体' });
    expect(await onA.next((f) => f.msgId === all)).toMatchObject({ cmd: 'topic' });

    const only = await add({ titile: '集群指定', msgType: 'USER', userIds: `${USER_IDS.jeecg},` });
    await a.req({ method: 'GET', url: `/jeecg-boot/sys/annountCement/doReleaseData?id=${only}`, token: admin });
    expect(await j.next((f) => f.msgId === only)).toEqual({ cmd: 'user', msgId: only, msgTxt: '集群指定' });
    await sleep(300);
    expect(z.frames.find((f: any) => f.msgId === only)).toBeUndefined();

    // a logout on node A closes the session's sockets on node B
    const out = await a.req({ method: 'POST', url: '/jeecg-boot/sys/logout', token: zhangsan });
    expect(out.json.success).toBe(true);
    expect((await z.closed).code).toBe(4001);
    j.ws.close();
    onA.ws.close();
  });
});
