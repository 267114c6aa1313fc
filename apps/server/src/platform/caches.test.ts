import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPeer, createTestApp, onRedis, type TestApp } from '../../test/harness.ts';
import { sysUser } from '../db/schema/index.ts';
import { findMenu, ROLE_IDS, USER_IDS } from '../db/seed/index.ts';
import { menuId } from '../db/seed/menus.ts';

// The per-request caches of ADR 014: the session check, the user row, the permission set, the menu answer and the
// department tree cost no database round trip once cached, and a change made on one node is seen at once on another.

const API = '/jeecg-boot';
const MENU = `${API}/sys/permission/getUserPermissionByToken`;
const TREE = `${API}/sys/sysDepart/queryTreeList`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('one node', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a repeated menu, tree or guarded read costs no database query', async () => {
    for (const url of [MENU, TREE, MENU, TREE])
      expect((await t.req({ method: 'GET', url, token: admin })).json.success).toBe(true);
    const db = t.app.ctx.db;
    const queries = [vi.spyOn(db, 'select'), vi.spyOn(db, 'execute')];
    const pool = t.database.pool ? vi.spyOn(t.database.pool, 'query') : undefined;
    const lite = t.database.pglite ? [vi.spyOn(t.database.pglite, 'query')] : [];
    for (const url of [MENU, TREE, MENU]) {
      const res = await t.req({ method: 'GET', url, token: admin });
      expect(res.json.success).toBe(true);
    }
    for (const q of [...queries, ...lite]) expect(q).not.toHaveBeenCalled();
    if (pool) expect(pool).not.toHaveBeenCalled();
  });

  it('answers the big reads gzip-encoded when asked, byte-identical to the plain answer but for the timestamp', async () => {
    for (const url of [MENU, TREE]) {
      const plain = await t.req({ method: 'GET', url, token: admin });
      expect(plain.headers['content-encoding']).toBeUndefined();
      const before = Date.now();
      const gz = await t.req({ method: 'GET', url, token: admin, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers['content-type']).toMatch(/^application\/json/);
      const text = gunzipSync(gz.rawPayload).toString('utf8');
      const json = JSON.parse(text);
      expect(json.timestamp).toBeGreaterThanOrEqual(before);
      expect({ ...json, timestamp: 0 }).toEqual({ ...plain.json, timestamp: 0 });
      expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    }
  });

  it('a grant saved through the API changes the menu answer at once', async () => {
    const jeecg = await t.login('jeecg');
    const roleMenu = menuId(findMenu('/isystem/roleUserList')!);
    const titles = async () =>
      JSON.stringify((await t.req({ method: 'GET', url: MENU, token: jeecg })).json.result.menu).includes('角色管理');
    expect(await titles()).toBe(false);
    const current = (
      await t.req({
        method: 'GET',
        url: `${API}/sys/permission/queryRolePermission?roleId=${ROLE_IDS.test}`,
        token: admin,
      })
    ).json.result as string[];
    const save = (permissionIds: string[], last: string[]) =>
      t.req({
        method: 'POST',
        url: `${API}/sys/permission/saveRolePermission`,
        token: admin,
        payload: { roleId: ROLE_IDS.test, permissionIds: permissionIds.join(','), lastpermissionIds: last.join(',') },
      });
    expect((await save([...current, roleMenu], current)).json.success).toBe(true);
    expect(await titles()).toBe(true);
    expect((await save(current, [...current, roleMenu])).json.success).toBe(true);
    expect(await titles()).toBe(false);
  });
});

// Two app instances on one database sharing Redis (npm run test:services).
describe.skipIf(!onRedis)('two nodes sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let adminA: string;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createPeer(a);
    adminA = await a.login();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a grant saved on A changes the menu and the guard on B at once', async () => {
    const jeecg = await a.login('jeecg');
    const roleMenu = menuId(findMenu('/isystem/roleUserList')!);
    const menuOnB = async () =>
      JSON.stringify((await b.req({ method: 'GET', url: MENU, token: jeecg })).json.result.menu).includes('角色管理');
    const roleListOnB = async () =>
      (await b.req({ method: 'GET', url: `${API}/sys/role/list?pageNo=1&pageSize=5`, token: jeecg })).statusCode;
    expect(await menuOnB()).toBe(false); // cached on B now
    expect(await roleListOnB()).toBe(403);
    const current = (
      await a.req({
        method: 'GET',
        url: `${API}/sys/permission/queryRolePermission?roleId=${ROLE_IDS.test}`,
        token: adminA,
      })
    ).json.result as string[];
    const res = await a.req({
      method: 'POST',
      url: `${API}/sys/permission/saveRolePermission`,
      token: adminA,
      payload: {
        roleId: ROLE_IDS.test,
        permissionIds: [...current, roleMenu].join(','),
        lastpermissionIds: current.join(','),
      },
    });
    expect(res.json.success).toBe(true);
    expect(await menuOnB()).toBe(true);
    expect(await roleListOnB()).toBe(200);
  });

  it('a department added on A is in the tree on B at once', async () => {
    const treeOnB = async () => (await b.req({ method: 'GET', url: TREE, token: adminA })).body;
    expect(await treeOnB()).not.toContain('集群新部门');
    const res = await a.req({
      method: 'POST',
      url: `${API}/sys/sysDepart/add`,
      token: adminA,
      payload: { departName: '集群新部门' },
    });
    expect(res.json.success).toBe(true);
    expect(await treeOnB()).toContain('集群新部门');
  });

  it('a user row changed on A is seen by the guard on B at once (tenants), and a freeze on A ends access on B', async () => {
    const zs = await a.login('zhangsan');
    const departs = (node: TestApp, tenant: string) =>
      node.req({
        method: 'GET',
        url: `${API}/sys/user/getCurrentUserDeparts`,
        token: zs,
        headers: { 'tenant-id': tenant },
      });
    expect((await departs(b, '1')).statusCode).toBe(401); // B caches zhangsan without tenants
    await a.app.ctx.db.update(sysUser).set({ relTenantIds: '1' }).where(eq(sysUser.id, USER_IDS.zhangsan));
    await a.app.ctx.userChanged(USER_IDS.zhangsan); // what every writer of sys_user does
    expect((await departs(b, '1')).statusCode).toBe(200);

    const frozen = await a.req({
      method: 'PUT',
      url: `${API}/sys/user/frozenBatch`,
      token: adminA,
      payload: { ids: USER_IDS.zhangsan, status: '2' },
    });
    expect(frozen.json.success).toBe(true);
    expect((await departs(b, '0')).statusCode).toBe(401);
    await a.req({
      method: 'PUT',
      url: `${API}/sys/user/frozenBatch`,
      token: adminA,
      payload: { ids: USER_IDS.zhangsan, status: '1' },
    });
  });
});
