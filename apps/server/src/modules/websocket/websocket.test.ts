import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { USER_IDS } from '../../db/seed/data.ts';
import { LIMITS } from './hub.ts';
import { pushToAll, pushToUsers } from './push.ts';
import { connect, listen, sleep } from './test-clients.ts';

describe('notification WebSocket /websocket/{userId} (contract §6.1, security rule 10)', () => {
  let t: TestApp;
  let base: string;
  let adminToken: string;
  let jeecgToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
    adminToken = await t.login();
    jeecgToken = await t.login('jeecg', '123456');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the upgrade with an unknown token or with several protocols (401)', async () => {
    // (no token at all is the original 3.2 client's token-less socket: websocket-legacy-and-caps.test.ts)
    await expect(connect(base, USER_IDS.admin, ['A'.repeat(43)])).rejects.toThrow('HTTP 401');
    await expect(connect(base, USER_IDS.admin, ['chat', adminToken])).rejects.toThrow('HTTP 401');
  });

  it("refuses a path id that is not the session's user (403)", async () => {
    await expect(connect(base, USER_IDS.jeecg, [adminToken])).rejects.toThrow('HTTP 403');
  });

  it('ignores a token in the query string (only the sub-protocol carries it): the socket is a token-less one', async () => {
    const ws = new WebSocket(`${base}/jeecg-boot/websocket/${USER_IDS.admin}?token=${adminToken}`);
    const first = new Promise<string>((resolve, reject) => {
      ws.once('message', (d) => resolve(String(d)));
      ws.once('unexpected-response', (_q, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
    await new Promise((resolve) => ws.once('open', resolve));
    expect(ws.protocol).toBe('');
    await pushToUsers(t.app, [USER_IDS.admin], { cmd: 'user', msgId: 'q-1', msgTxt: '秘密标题' });
    expect(JSON.parse(await first)).toEqual({ cmd: 'user' });
    ws.close();
  });

  it('accepts its own user id and selects the token as the sub-protocol of the 101', async () => {
    const c = await connect(base, USER_IDS.admin, [adminToken]);
    expect(c.ws.protocol).toBe(adminToken);
    c.ws.close();
    await c.closed;
  });

  it('pushes topic frames to everyone and user frames only to the addressed user', async () => {
    const admin = await connect(base, USER_IDS.admin, [adminToken]);
    const jeecg = await connect(base, USER_IDS.jeecg, [jeecgToken]);
    await pushToAll(t.app, { cmd: 'topic', msgId: '1', msgTxt: '全体' });
    expect(await admin.next((f) => f.msgId === '1')).toEqual({ cmd: 'topic', msgId: '1', msgTxt: '全体' });
    expect(await jeecg.next((f) => f.msgId === '1')).toEqual({ cmd: 'topic', msgId: '1', msgTxt: '全体' });
    await pushToUsers(t.app, [USER_IDS.jeecg], { cmd: 'user', msgId: '2', msgTxt: '只给jeecg' });
    expect(await jeecg.next((f) => f.msgId === '2')).toMatchObject({ cmd: 'user', msgTxt: '只给jeecg' });
    await sleep(150);
    expect(admin.frames.find((f: any) => f.msgId === '2')).toBeUndefined();
    admin.ws.close();
    jeecg.ws.close();
  });

  it('keeps one socket per tab: every open tab of a user gets the push', async () => {
    const tab1 = await connect(base, USER_IDS.jeecg, [jeecgToken]);
    const tab2 = await connect(base, USER_IDS.jeecg, [jeecgToken]);
    await pushToUsers(t.app, [USER_IDS.jeecg], { cmd: 'user', msgId: 'tabs', msgTxt: 'x' });
    await tab1.next((f) => f.msgId === 'tabs');
    await tab2.next((f) => f.msgId === 'tabs');
    tab1.ws.close();
    tab2.ws.close();
  });

  it('never relays a client frame to anyone', async () => {
    const admin = await connect(base, USER_IDS.admin, [adminToken]);
    const jeecg = await connect(base, USER_IDS.jeecg, [jeecgToken]);
    const forged = JSON.stringify({ cmd: 'topic', msgId: 'forged', msgTxt: '伪造' });
    jeecg.ws.send(forged);
    jeecg.ws.send('hello');
    await sleep(200);
    expect(admin.frames).toEqual([]);
    expect(jeecg.frames).toEqual([]);
    admin.ws.close();
    jeecg.ws.close();
  });

  it('answers both heartbeat forms with JSON', async () => {
    const c = await connect(base, USER_IDS.admin, [adminToken]);
    c.ws.send('HeartBeat');
    expect(await c.next()).toEqual({ cmd: 'heartcheck', msgTxt: 'HeartBeat' });
    c.ws.send(JSON.stringify({ type: 'heart_beat', data: '' }));
    expect(await c.next()).toEqual({ type: 'heart_beat', data: true });
    c.ws.close();
  });

  it('closes a socket that sends an oversized frame (1009) or too many frames (1008)', async () => {
    const big = await connect(base, USER_IDS.admin, [adminToken]);
    big.ws.send('x'.repeat(LIMITS.maxFrameBytes + 1));
    expect((await big.closed).code).toBe(1009);
    const chatty = await connect(base, USER_IDS.admin, [adminToken]);
    for (let i = 0; i <= LIMITS.maxFramesPerWindow; i++) chatty.ws.send('noise');
    expect((await chatty.closed).code).toBe(1008);
  });

  it('closes the sockets of a session at logout (4001) and refuses the token afterwards', async () => {
    const token = await t.login('zhangsan', '123456');
    const c = await connect(base, USER_IDS.zhangsan, [token]);
    const other = await connect(base, USER_IDS.admin, [adminToken]);
    const out = await t.req({ method: 'POST', url: '/jeecg-boot/sys/logout', token });
    expect(out.json.success).toBe(true);
    expect((await c.closed).code).toBe(4001);
    await expect(connect(base, USER_IDS.zhangsan, [token])).rejects.toThrow('HTTP 401');
    // other sessions stay open
    other.ws.send('HeartBeat');
    expect(await other.next()).toMatchObject({ cmd: 'heartcheck' });
    other.ws.close();
  });

  it('finds an ended session at the next heartbeat even without a revocation message', async () => {
    const token = await t.login('zhangsan', '123456');
    const c = await connect(base, USER_IDS.zhangsan, [token]);
    // end the session behind the socket's back (the store only, no pub/sub message)
    const inner = (t.app.ctx.sessions as unknown as { inner: { revoke(tok: string): Promise<boolean> } }).inner;
    await inner.revoke(token);
    (t.app.ctx.sessions as unknown as { cache: Map<string, unknown> }).cache.clear();
    c.ws.send('HeartBeat');
    expect((await c.closed).code).toBe(4001);
    expect(c.frames).toEqual([]);
  });

  it('is not a page of the web app: a plain GET without upgrade gets no 101', async () => {
    const res = await t.req({
      method: 'GET',
      url: `/jeecg-boot/websocket/${USER_IDS.admin}`,
      headers: { 'sec-websocket-protocol': adminToken },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('graceful shutdown with open sockets', () => {
  it('closes every socket (1001) and finishes without waiting for them', async () => {
    const t = await createTestApp();
    const base = await listen(t.app);
    const token = await t.login();
    const c = await connect(base, USER_IDS.admin, [token]);
    const started = Date.now();
    await t.close();
    expect((await c.closed).code).toBe(1001);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
