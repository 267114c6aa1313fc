import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { USER_IDS } from '../../db/seed/data.ts';
import { CLOSE } from './hub.ts';
import { pushToAll, pushToUsers } from './push.ts';
import { type Client, connect, listen } from './test-clients.ts';

/** Issue 10 §3 / ADR 021: the original 3.2 client's token-less socket, and the socket caps per address and user. */
describe('token-less notification socket of the 3.2 client', () => {
  let t: TestApp;
  let base: string;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
    adminToken = await t.login();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is accepted (no 401 reconnect loop) and gets only content-free signals; token sockets keep full frames', async () => {
    const legacy = await connect(base, USER_IDS.admin, undefined);
    const full = await connect(base, USER_IDS.admin, [adminToken]);
    await pushToUsers(t.app, [USER_IDS.admin], { cmd: 'user', msgId: 'm-1', msgTxt: '工资条已发放' });
    expect(await legacy.next()).toEqual({ cmd: 'user' });
    expect(await full.next()).toEqual({ cmd: 'user', msgId: 'm-1', msgTxt: '工资条已发放' });
    await pushToAll(t.app, { cmd: 'topic', msgId: 'm-2', msgTxt: '全员通知' });
    expect(await legacy.next()).toEqual({ cmd: 'topic' });
    expect(await full.next()).toEqual({ cmd: 'topic', msgId: 'm-2', msgTxt: '全员通知' });
    expect(JSON.stringify(legacy.frames)).not.toMatch(/m-1|m-2|工资条|全员/);
    legacy.ws.send('HeartBeat');
    expect(await legacy.next()).toEqual({ cmd: 'heartcheck', msgTxt: 'HeartBeat' });
    legacy.ws.close();
    full.ws.close();
  });

  it('does not receive other users’ signals', async () => {
    const legacy = await connect(base, USER_IDS.admin, undefined);
    const other = await connect(base, USER_IDS.jeecg, undefined);
    await pushToUsers(t.app, [USER_IDS.jeecg], { cmd: 'user', msgId: 'j-1', msgTxt: 'x' });
    expect(await other.next()).toEqual({ cmd: 'user' });
    await pushToUsers(t.app, [USER_IDS.admin], { cmd: 'user', msgId: 'a-1', msgTxt: 'y' });
    expect(await legacy.next()).toEqual({ cmd: 'user' });
    expect(legacy.frames).toEqual([]);
    legacy.ws.close();
    other.ws.close();
  });

  it('refuses a path id that is not an id (400)', async () => {
    await expect(connect(base, 'a'.repeat(65), undefined)).rejects.toThrow('HTTP 400');
  });
});

describe('WS_LEGACY_ANONYMOUS=off', () => {
  it('refuses a token-less socket (401)', async () => {
    const t = await createTestApp({ WS_LEGACY_ANONYMOUS: 'off' });
    try {
      const base = await listen(t.app);
      await expect(connect(base, USER_IDS.admin, undefined)).rejects.toThrow('HTTP 401');
    } finally {
      await t.close();
    }
  });
});

describe('socket caps (WS_MAX_SOCKETS_PER_IP=4, WS_MAX_SOCKETS_PER_USER=2)', () => {
  let t: TestApp;
  let base: string;
  let adminToken: string;
  const open: Client[] = [];
  beforeAll(async () => {
    t = await createTestApp({ WS_MAX_SOCKETS_PER_IP: '4', WS_MAX_SOCKETS_PER_USER: '2' });
    base = await listen(t.app);
    adminToken = await t.login();
  });
  afterAll(async () => {
    for (const c of open) c.ws.terminate();
    await t?.close();
  });
  const closeAll = async () => {
    const all = open.splice(0);
    for (const c of all) c.ws.close();
    await Promise.all(all.map((c) => c.closed));
  };

  it('closes a user’s oldest socket beyond the per-user cap with 4002 and a reason', async () => {
    const a = await connect(base, USER_IDS.admin, [adminToken]);
    const b = await connect(base, USER_IDS.admin, [adminToken]);
    const c = await connect(base, USER_IDS.admin, [adminToken]);
    open.push(a, b, c);
    expect(await a.closed).toEqual({ code: CLOSE.tooManyTabs, reason: 'too many connections for this user' });
    await pushToUsers(t.app, [USER_IDS.admin], { cmd: 'user', msgId: 'cap-1', msgTxt: 'x' });
    await b.next((f) => f.msgId === 'cap-1');
    await c.next((f) => f.msgId === 'cap-1');
    await closeAll();
  });

  it('token-less sockets claiming a user id never push out that user’s authenticated sockets', async () => {
    const real = await connect(base, USER_IDS.admin, [adminToken]);
    open.push(real);
    const fakes = [await connect(base, USER_IDS.admin, undefined), await connect(base, USER_IDS.admin, undefined)];
    const third = await connect(base, USER_IDS.admin, undefined);
    open.push(...fakes, third);
    expect((await fakes[0].closed).code).toBe(CLOSE.tooManyTabs);
    await pushToUsers(t.app, [USER_IDS.admin], { cmd: 'user', msgId: 'cap-2', msgTxt: 'x' });
    expect(await real.next((f) => f.msgId === 'cap-2')).toMatchObject({ msgTxt: 'x' });
    await closeAll();
  });

  it('closes a new socket beyond the per-address cap with 4003 and a reason; a freed slot can be used again', async () => {
    const ids = [USER_IDS.admin, USER_IDS.jeecg, USER_IDS.zhangsan, 'someone-4'];
    for (const id of ids) open.push(await connect(base, id, undefined));
    const fifth = await connect(base, 'someone-5', undefined);
    expect(await fifth.closed).toEqual({ code: CLOSE.tooManyFromIp, reason: 'too many connections from this address' });
    const first = open.shift()!;
    first.ws.close();
    await first.closed;
    const again = await connect(base, 'someone-6', undefined);
    open.push(again);
    await pushToAll(t.app, { cmd: 'topic', msgId: 'cap-3', msgTxt: 'x' });
    expect(await again.next()).toEqual({ cmd: 'topic' });
    await closeAll();
  });
});
