import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeer, createTestApp, onRedis, type TestApp } from '../../../test/harness.ts';
import { USER_IDS } from '../../db/seed/data.ts';
import { listen, sleep } from '../websocket/test-clients.ts';
import { connectVxe } from './test-helpers.ts';
import { sendVxeCommon } from './vxe-socket.ts';

const ADMIN_ID = USER_IDS.admin;
const update = (row: Record<string, unknown>, caseId: string, socketKey = 'ship') => ({
  type: 'update_vxe_table',
  data: { socketKey, args: [row, caseId] },
});

describe('vxeSocket on one node (in-process pub/sub unless Redis is configured)', () => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let jeecg: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
    admin = await t.login();
    jeecg = await t.login('jeecg', '123456');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a missing or bad token (401), another user id (403) and a malformed page id (400)', async () => {
    await expect(connectVxe(base, ADMIN_ID, 'p1')).rejects.toThrow('HTTP 401');
    await expect(connectVxe(base, ADMIN_ID, 'p1', ['not-a-token'])).rejects.toThrow('HTTP 401');
    await expect(connectVxe(base, ADMIN_ID, 'p1', [admin, 'x'])).rejects.toThrow('HTTP 401');
    await expect(connectVxe(base, USER_IDS.jeecg, 'p1', [admin])).rejects.toThrow('HTTP 403');
    await expect(connectVxe(base, ADMIN_ID, 'bad%20page', [admin])).rejects.toThrow('HTTP 400');
    const ok = await connectVxe(base, ADMIN_ID, 'p1', [admin]);
    expect(ok.ws.protocol).toBe(admin);
    ok.ws.close();
  });

  it('answers heart_beat; relays update_vxe_table to the other sockets of the page only, never echoing', async () => {
    const a = await connectVxe(base, ADMIN_ID, 'orders', [admin]);
    const b = await connectVxe(base, USER_IDS.jeecg, 'orders', [jeecg]);
    const a2 = await connectVxe(base, ADMIN_ID, 'orders', [admin]); // the same user's second tab
    const other = await connectVxe(base, USER_IDS.jeecg, 'another-page', [jeecg]);

    a.send({ type: 'heart_beat', data: '' });
    expect(await a.next((f) => f.type === 'heart_beat')).toEqual({ type: 'heart_beat', data: true });

    const row = { id: 'vxe0001', ship_name: '改名', num: 1 };
    a.send({ ...update(row, 'case-a'), extra: 'dropped' });
    const got = await b.next((f) => f.type === 'update_vxe_table');
    expect(got).toEqual({ type: 'update_vxe_table', data: { socketKey: 'ship', args: [row, 'case-a'] } });
    expect((await a2.next((f) => f.type === 'update_vxe_table')).data.args[1]).toBe('case-a');
    await sleep(300);
    expect(a.frames.filter((f) => f.type === 'update_vxe_table')).toEqual([]);
    expect(other.frames).toEqual([]);

    // malformed updates, unknown types, client common_send_date and non-JSON are ignored (the socket stays open)
    a.send({ type: 'update_vxe_table', data: { socketKey: 'ship', args: ['not a row'] } });
    a.send({ type: 'update_vxe_table', data: { args: [row] } });
    a.send({ type: 'common_send_date', data: { key: 'x', args: [] } });
    a.send({ type: 'nope' });
    a.ws.send('not json');
    await sleep(300);
    expect(b.frames).toEqual([]);
    a.send({ type: 'heart_beat', data: '' });
    expect(await a.next((f) => f.type === 'heart_beat')).toBeTruthy();

    // server-initiated common_send_date reaches the page's sockets
    await sendVxeCommon(t.app, 'reload', ['all'], 'orders');
    expect(await b.next((f) => f.type === 'common_send_date')).toEqual({
      type: 'common_send_date',
      data: { key: 'reload', args: ['all'] },
    });
    for (const c of [a, b, a2, other]) c.ws.close();
  });

  it('closes a socket sending an oversized frame (1009), and the sockets of a session that ends (4001)', async () => {
    const a = await connectVxe(base, ADMIN_ID, 'big', [admin]);
    a.send(update({ id: 'x', text: 'x'.repeat(20_000) }, 'c'));
    expect((await a.closed).code).toBe(1009);

    const token = await t.login('jeecg', '123456');
    const j = await connectVxe(base, USER_IDS.jeecg, 'big', [token]);
    const out = await t.req({ method: 'POST', url: '/jeecg-boot/sys/logout', token });
    expect(out.json.success).toBe(true);
    expect((await j.closed).code).toBe(4001);
  });
});

// Two nodes on one database and one Redis: `node scripts/test-services.mjs apps/server/src/modules/demo`.
describe.skipIf(!onRedis)('vxeSocket across two nodes (Redis pub/sub)', () => {
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

  it('a row update sent on node A reaches node B within 2 s, is not echoed, and stays on its page', async () => {
    const admin = await a.login();
    const jeecg = await b.login('jeecg', '123456');
    const onA = await connectVxe(baseA, ADMIN_ID, 'cluster-page', [admin]);
    const onB = await connectVxe(baseB, USER_IDS.jeecg, 'cluster-page', [jeecg]);
    const otherPageB = await connectVxe(baseB, USER_IDS.jeecg, 'cluster-other', [jeecg]);
    // a token issued on node A is accepted by node B's upgrade; the user id must still be the token's
    await expect(connectVxe(baseB, USER_IDS.jeecg, 'cluster-page', [admin])).rejects.toThrow('HTTP 403');

    const row = { id: 'vxe0005', ship_name: '跨节点', num: 5 };
    const sent = Date.now();
    onA.send(update(row, 'case-node-a'));
    const got = await onB.next((f) => f.type === 'update_vxe_table', 2000);
    const ms = Date.now() - sent;
    expect(got.data).toEqual({ socketKey: 'ship', args: [row, 'case-node-a'] });
    expect(ms).toBeLessThan(2000);
    if (process.env.VXE_LATENCY) console.log(`vxeSocket node A → node B: ${ms} ms`);
    await sleep(500);
    expect(onA.frames.filter((f) => f.type === 'update_vxe_table')).toEqual([]);
    expect(otherPageB.frames).toEqual([]);

    // and back: B → A
    onB.send(update({ id: 'vxe0009' }, 'case-node-b'));
    expect((await onA.next((f) => f.type === 'update_vxe_table', 2000)).data.args[1]).toBe('case-node-b');
    for (const c of [onA, onB, otherPageB]) c.ws.close();
  });
});
