import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeer, createTestApp, onRedis, type TestApp } from '../../../test/harness.ts';
import { sysPermission, sysRole, sysRolePermission, sysTenant, sysUser } from '../../db/schema/index.ts';
import { USER_IDS } from '../../db/seed/data.ts';
import { listen, sleep } from '../websocket/test-clients.ts';
import { connectVxe } from './test-helpers.ts';
import { VXE_PAGES } from './vxe-mock.ts';
import { sendVxeCommon } from './vxe-socket.ts';

const ADMIN_ID = USER_IDS.admin;
const PASSWORD = 'Abc@12345';
const TENANT_A = 7301;
const TENANT_B = 7302;
const update = (row: Record<string, unknown>, caseId: string, socketKey = 'ship') => ({
  type: 'update_vxe_table',
  data: { socketKey, args: [row, caseId] },
});
/** what a receiver gets for a saved row: its id and the kind of change, never its content */
const relayed = (id: string, caseId: string, socketKey = 'ship', change = 'update') => ({
  type: 'update_vxe_table',
  data: { socketKey, change, ids: [id], args: [{ id }, caseId] },
});

/**
 * Users of the JVxeTable demo pages (ADR 076): a role holding those menus, and users of it in tenants A and B. Returns
 * user id and token by username.
 */
async function vxeUsers(t: TestApp, users: Array<[username: string, tenant: number]>) {
  const db = t.database.db;
  const admin = await t.login();
  await db
    .insert(sysTenant)
    .values([
      { id: TENANT_A, name: '租户甲', status: 1 },
      { id: TENANT_B, name: '租户乙', status: 1 },
    ])
    .onConflictDoNothing();
  const pages = await db
    .select({ id: sysPermission.id })
    .from(sysPermission)
    .where(inArray(sysPermission.component, VXE_PAGES));
  expect(pages.length).toBe(VXE_PAGES.length);
  const roleId = 'vxe-socket-role';
  await db
    .insert(sysRole)
    .values({ id: roleId, roleCode: 'vxe_socket', roleName: '表格实时同步' })
    .onConflictDoNothing();
  await db
    .insert(sysRolePermission)
    .values(pages.map((p, i) => ({ id: `${roleId}-${i}`, roleId, permissionId: p.id })))
    .onConflictDoNothing();
  const out: Record<string, { id: string; token: string }> = {};
  for (const [username, tenant] of users) {
    const res = await t.req({
      method: 'POST',
      url: '/jeecg-boot/sys/user/add',
      token: admin,
      payload: {
        username,
        realname: username,
        password: PASSWORD,
        confirmpassword: PASSWORD,
        selectedroles: roleId,
        relTenantIds: String(tenant),
      },
    });
    expect(res.json, username).toMatchObject({ success: true });
    const token = await t.login(username, PASSWORD);
    const [u] = await db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username));
    out[username] = { id: u.id, token };
  }
  return out;
}

describe('vxeSocket on one node (in-process pub/sub unless Redis is configured)', () => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let jeecg: string;
  let u: Record<string, { id: string; token: string }>;
  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
    admin = await t.login();
    jeecg = await t.login('jeecg', '123456');
    u = await vxeUsers(t, [
      ['vxe_a1', TENANT_A],
      ['vxe_a2', TENANT_A],
      ['vxe_b1', TENANT_B],
    ]);
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

  it('a user not allowed on the page cannot subscribe to it, and gets nothing (ADR 076)', async () => {
    // jeecg holds no JVxeTable demo page: neither a named page nor a page-less id (the 3.2 client's tab uuid)
    await expect(connectVxe(base, USER_IDS.jeecg, 'jeecg-editable-table-example', [jeecg])).rejects.toThrow('HTTP 403');
    await expect(connectVxe(base, USER_IDS.jeecg, 'orders', [jeecg])).rejects.toThrow('HTTP 403');
    // a tenant that is not the user's own
    await expect(connectVxe(base, u.vxe_a1.id, `orders?tenantId=${TENANT_B}`, [u.vxe_a1.token])).rejects.toThrow(
      'HTTP 403',
    );

    // the grant taken away after the socket opened: relayed rows stop reaching it
    const a1 = await connectVxe(base, u.vxe_a1.id, 'revoked', [u.vxe_a1.token]);
    const a2 = await connectVxe(base, u.vxe_a2.id, 'revoked', [u.vxe_a2.token]);
    a1.send(update({ id: 'vxe0001' }, 'case-a1'));
    expect(await a2.next((f) => f.type === 'update_vxe_table')).toEqual(relayed('vxe0001', 'case-a1'));
    const perms = t.app.ctx.perms as unknown as { of(id: string): Promise<Set<string>> };
    const real = perms.of.bind(perms);
    perms.of = async (id) => (id === u.vxe_a2.id ? new Set<string>() : real(id));
    try {
      a1.send(update({ id: 'vxe0002' }, 'case-a1'));
      await sleep(300);
      expect(a2.frames).toEqual([]);
    } finally {
      perms.of = real;
    }
    for (const c of [a1, a2]) c.ws.close();
  });

  it('relays only the row id and the kind of change, never the row content', async () => {
    const a1 = await connectVxe(base, u.vxe_a1.id, 'orders', [u.vxe_a1.token]);
    const a2 = await connectVxe(base, u.vxe_a2.id, 'orders', [u.vxe_a2.token]);
    const a1b = await connectVxe(base, u.vxe_a1.id, 'orders', [u.vxe_a1.token]); // the same user's second tab
    const other = await connectVxe(base, u.vxe_a2.id, 'another-page', [u.vxe_a2.token]);

    a1.send({ type: 'heart_beat', data: '' });
    expect(await a1.next((f) => f.type === 'heart_beat')).toEqual({ type: 'heart_beat', data: true });

    const row = { id: 'vxe0001', ship_name: '机密船名', payer: '某付款方', num: 1 };
    a1.send({ ...update(row, 'case-a'), extra: 'dropped' });
    const got = await a2.next((f) => f.type === 'update_vxe_table');
    expect(got).toEqual(relayed('vxe0001', 'case-a'));
    expect(JSON.stringify(got)).not.toContain('机密船名');
    expect(JSON.stringify(got)).not.toContain('某付款方');
    expect(await a1b.next((f) => f.type === 'update_vxe_table')).toEqual(relayed('vxe0001', 'case-a'));
    // a numeric id and an announced kind of change
    a1.send({ type: 'update_vxe_table', data: { socketKey: 'ship', change: 'delete', args: [{ id: 42, x: 1 }, 'c'] } });
    expect(await a2.next((f) => f.type === 'update_vxe_table')).toEqual(relayed('42', 'c', 'ship', 'delete'));
    await sleep(300);
    expect(a1.frames.filter((f) => f.type === 'update_vxe_table')).toEqual([]);
    expect(other.frames).toEqual([]);
    a1b.frames.length = 0;

    // malformed updates (no row, no id, a bad id or change), unknown types, client common_send_date and non-JSON are
    // ignored (the socket stays open)
    a1.send({ type: 'update_vxe_table', data: { socketKey: 'ship', args: ['not a row'] } });
    a1.send({ type: 'update_vxe_table', data: { args: [row] } });
    a1.send(update({ ship_name: 'no id' }, 'c'));
    a1.send(update({ id: 'a b<script>' }, 'c'));
    a1.send({ type: 'update_vxe_table', data: { socketKey: 'ship', change: 'drop', args: [row, 'c'] } });
    a1.send({ type: 'common_send_date', data: { key: 'x', args: [] } });
    a1.send({ type: 'nope' });
    a1.ws.send('not json');
    await sleep(300);
    expect(a2.frames).toEqual([]);
    a1.send({ type: 'heart_beat', data: '' });
    expect(await a1.next((f) => f.type === 'heart_beat')).toBeTruthy();

    // the reload by id through the API (the receiver's own permissions): /mock/vxe/getData?ids=
    const reload = await t.req({
      method: 'GET',
      url: '/jeecg-boot/mock/vxe/getData?ids=vxe0001',
      token: u.vxe_a2.token,
    });
    expect(reload.json.result.records.map((r: { id: string }) => r.id)).toEqual(['vxe0001']);
    const refused = await t.req({ method: 'GET', url: '/jeecg-boot/mock/vxe/getData?ids=vxe0001', token: jeecg });
    expect(refused.statusCode).toBe(403);

    // server-initiated common_send_date reaches the page's sockets
    await sendVxeCommon(t.app, 'reload', ['all'], 'orders');
    expect(await a2.next((f) => f.type === 'common_send_date')).toEqual({
      type: 'common_send_date',
      data: { key: 'reload', args: ['all'] },
    });
    for (const c of [a1, a2, a1b, other]) c.ws.close();
  });

  it('tenant B gets nothing from tenant A on the same page id', async () => {
    const a1 = await connectVxe(base, u.vxe_a1.id, 'jeecg-editable-table-example', [u.vxe_a1.token]);
    const a2 = await connectVxe(base, u.vxe_a2.id, `jeecg-editable-table-example?tenantId=${TENANT_A}`, [
      u.vxe_a2.token,
    ]);
    const b1 = await connectVxe(base, u.vxe_b1.id, 'jeecg-editable-table-example', [u.vxe_b1.token]);
    const adm = await connectVxe(base, ADMIN_ID, 'jeecg-editable-table-example', [admin]);
    a1.send(update({ id: 'vxe0003', ship_name: '甲' }, 'case-a'));
    expect(await a2.next((f) => f.type === 'update_vxe_table')).toEqual(relayed('vxe0003', 'case-a'));
    b1.send(update({ id: 'vxe0004' }, 'case-b'));
    await sleep(300);
    expect(b1.frames).toEqual([]);
    expect(adm.frames).toEqual([]);
    expect(a1.frames.filter((f) => f.type === 'update_vxe_table')).toEqual([]);
    expect(a2.frames).toEqual([]);
    for (const c of [a1, a2, b1, adm]) c.ws.close();
  });

  it('closes a socket sending an oversized frame (1009), and the sockets of a session that ends (4001)', async () => {
    const a = await connectVxe(base, ADMIN_ID, 'big', [admin]);
    a.send(update({ id: 'x', text: 'x'.repeat(20_000) }, 'c'));
    expect((await a.closed).code).toBe(1009);

    const token = await t.login('vxe_a2', PASSWORD);
    const j = await connectVxe(base, u.vxe_a2.id, 'big', [token]);
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
  let u: Record<string, { id: string; token: string }>;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createPeer(a);
    baseA = await listen(a.app);
    baseB = await listen(b.app);
    u = await vxeUsers(a, [
      ['vxe_n1', TENANT_A],
      ['vxe_n2', TENANT_A],
      ['vxe_n3', TENANT_B],
    ]);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a row id sent on node A reaches node B within 2 s, is not echoed, and stays on its page and tenant', async () => {
    const n2 = await b.login('vxe_n2', PASSWORD);
    const onA = await connectVxe(baseA, u.vxe_n1.id, 'cluster-page', [u.vxe_n1.token]);
    const onB = await connectVxe(baseB, u.vxe_n2.id, 'cluster-page', [n2]);
    const otherPageB = await connectVxe(baseB, u.vxe_n2.id, 'cluster-other', [n2]);
    const tenantB = await connectVxe(baseB, u.vxe_n3.id, 'cluster-page', [u.vxe_n3.token]);
    // a token issued on node A is accepted by node B's upgrade; the user id must still be the token's
    await expect(connectVxe(baseB, u.vxe_n2.id, 'cluster-page', [u.vxe_n1.token])).rejects.toThrow('HTTP 403');

    const row = { id: 'vxe0005', ship_name: '跨节点', num: 5 };
    const sent = Date.now();
    onA.send(update(row, 'case-node-a'));
    const got = await onB.next((f) => f.type === 'update_vxe_table', 2000);
    const ms = Date.now() - sent;
    expect(got).toEqual(relayed('vxe0005', 'case-node-a'));
    expect(ms).toBeLessThan(2000);
    if (process.env.VXE_LATENCY) console.log(`vxeSocket node A → node B: ${ms} ms`);
    await sleep(500);
    expect(onA.frames.filter((f) => f.type === 'update_vxe_table')).toEqual([]);
    expect(otherPageB.frames).toEqual([]);
    expect(tenantB.frames).toEqual([]);

    // and back: B → A
    onB.send(update({ id: 'vxe0009' }, 'case-node-b'));
    expect((await onA.next((f) => f.type === 'update_vxe_table', 2000)).data.args[1]).toBe('case-node-b');
    for (const c of [onA, onB, otherPageB, tenantB]) c.ws.close();
  });
});
