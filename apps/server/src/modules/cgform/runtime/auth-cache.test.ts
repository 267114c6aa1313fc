import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPeer, createTestApp, onRedis, type TestApp } from '../../../../test/harness.ts';
import { ROLE_IDS, USER_IDS } from '../../../db/seed/index.ts';
import { invalidateForm } from '../model.ts';
import { createForm, grantFormMenu, TEST_ROLE } from './fixtures.ts';

// ADR 040: the online auth rules (角色授权) of a form and the user's roles are cached per node. Once cached, applying
// them costs no database round trip; a change through the API applies at once, on this node and on every other one.

const API = '/jeecg-boot';
const A = `${API}/online/cgform/api`;

afterEach(() => {
  vi.restoreAllMocks();
});

type Call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
) => ReturnType<TestApp['req']>;
const caller =
  (t: TestApp): Call =>
  (method, url, token, payload) =>
    t.req({
      method,
      url: url.startsWith('/') ? url : `${A}/${url}`,
      token,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

async function setUp(t: TestApp, table: string) {
  const call = caller(t);
  const admin = await t.login();
  const jeecg = await t.login('jeecg', '123456');
  const formId = await createForm(t, {
    tableName: table,
    fields: [
      { name: 'name', txt: '姓名', length: 40 },
      { name: 'salary', txt: '薪水', type: 'int' },
    ],
  });
  await grantFormMenu(t, formId);
  for (const [name, salary] of [
    ['甲', 100],
    ['乙', 200],
  ] as const)
    expect((await call('POST', `form/${formId}`, admin, { name, salary })).json.success).toBe(true);
  return { admin, jeecg, formId };
}

/**
 * Waits until every invalidation this node published so far has come back over the fan-out: on Redis a node also
 * receives its own messages, later, and one arriving after a fresh load drops it again (harmless in production, but a
 * test that reads "still cached" must not race it). Redis keeps one publisher's messages in order, so a marker's
 * arrival means every earlier message has arrived.
 */
async function fanOutSettled(t: TestApp) {
  const marker = `settle-${Math.random().toString(36).slice(2)}`;
  let off: (() => void) | undefined;
  const arrived = new Promise<void>((resolve) => {
    void t.app.ctx.pubsub
      .subscribe('cgform-model', (m) => {
        if ((m as { headId?: string } | null)?.headId === marker) resolve();
      })
      .then((unsubscribe) => {
        off = unsubscribe;
      });
  });
  await t.app.ctx.pubsub.publish('cgform-model', { headId: marker, authOnly: true });
  await arrived;
  off?.();
}

const columnsOf = async (call: Call, formId: string, token: string) =>
  ((await call('GET', `getColumns/${formId}`, token)).json.result.columns as { dataIndex: string }[]).map(
    (c) => c.dataIndex,
  );
const hiddenButtons = async (call: Call, formId: string, token: string) =>
  ((await call('GET', `getColumns/${formId}`, token)).json.result.hideColumns as string[]).sort();
const names = async (call: Call, formId: string, token: string) =>
  ((await call('GET', `getData/${formId}`, token)).json.result.records as { name: string }[]).map((r) => r.name).sort();
const ruleIds = async (call: Call, admin: string, kind: 'Column' | 'Button', formId: string, code: string) =>
  (
    (await call('GET', `role${kind}Auth/${TEST_ROLE}/${formId}`, admin)).json.result.authList as {
      id: string;
      code: string;
    }[]
  )
    .filter((a) => a.code === code)
    .map((a) => a.id);

describe('one node', () => {
  let t: TestApp;
  let call: Call;
  let admin: string;
  let jeecg: string;
  let formId: string;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    ({ admin, jeecg, formId } = await setUp(t, 'ac_one'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a repeated read applying the rules costs no database query', async () => {
    // a rule that applies to jeecg and a data rule bound to jeecg's role: both paths of the rules are exercised
    await call('PUT', 'authColumn', admin, { cgformId: formId, code: 'salary', switchFlag: 1, listShow: true });
    const rule = await call('POST', 'authData', admin, {
      cgformId: formId,
      ruleName: '只看甲',
      ruleColumn: 'name',
      ruleOperator: '=',
      ruleValue: '甲',
    });
    await call('POST', `roleDataAuth/${TEST_ROLE}/${formId}`, admin, { authIds: [rule.json.result] });
    for (let i = 0; i < 2; i++) {
      expect(await columnsOf(call, formId, jeecg)).toEqual(['name']);
      expect((await call('GET', `getFormItem/${formId}`, jeecg)).json.success).toBe(true);
    }
    const db = t.app.ctx.db;
    const spies = [vi.spyOn(db, 'select'), vi.spyOn(db, 'execute')];
    const pool = t.database.pool ? vi.spyOn(t.database.pool, 'query') : undefined;
    const lite = t.database.pglite ? vi.spyOn(t.database.pglite, 'query') : undefined;
    expect(await columnsOf(call, formId, jeecg)).toEqual(['name']);
    expect(Object.keys((await call('GET', `getFormItem/${formId}`, jeecg)).json.result.schema.properties)).toEqual([
      'name',
      'salary',
    ]);
    for (const s of spies) expect(s).not.toHaveBeenCalled();
    if (pool) expect(pool).not.toHaveBeenCalled();
    if (lite) expect(lite).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    // the data rule was applied from the cache too (getData reads the form's own table, so it does query)
    expect(await names(call, formId, jeecg)).toEqual(['甲']);
    expect(await names(call, formId, admin)).toEqual(['乙', '甲']);
    // clean up for the next test
    await call('DELETE', `authData/${rule.json.result}`, admin);
    await call('PUT', 'authColumn', admin, { cgformId: formId, code: 'salary', switchFlag: 0 });
    expect(await names(call, formId, jeecg)).toEqual(['乙', '甲']);
    expect(await columnsOf(call, formId, jeecg)).toEqual(['name', 'salary']);
  });

  it('every 角色授权 change through the API applies at once', async () => {
    // field rule switched on, bound to the role, switched off
    expect(await columnsOf(call, formId, jeecg)).toEqual(['name', 'salary']);
    await call('PUT', 'authColumn', admin, { cgformId: formId, code: 'salary', switchFlag: 1, listShow: true });
    expect(await columnsOf(call, formId, jeecg)).toEqual(['name']);
    const ids = await ruleIds(call, admin, 'Column', formId, 'salary');
    await call('POST', `roleColumnAuth/${TEST_ROLE}/${formId}`, admin, { authIds: ids.join(',') });
    expect(await columnsOf(call, formId, jeecg)).toEqual(['name', 'salary']);
    await call('POST', `roleColumnAuth/${TEST_ROLE}/${formId}`, admin, { authIds: [] });
    expect(await columnsOf(call, formId, jeecg)).toEqual(['name']);
    await call('PUT', 'authColumn', admin, { cgformId: formId, code: 'salary', switchFlag: 0 });
    expect(await columnsOf(call, formId, jeecg)).toEqual(['name', 'salary']);

    // button rule
    await call('PUT', 'authButton', admin, { cgformId: formId, code: 'export', status: 1 });
    expect(await hiddenButtons(call, formId, jeecg)).toEqual(['export']);
    await call('POST', `roleButtonAuth/${TEST_ROLE}/${formId}`, admin, {
      authIds: await ruleIds(call, admin, 'Button', formId, 'export'),
    });
    expect(await hiddenButtons(call, formId, jeecg)).toEqual([]);
    await call('PUT', 'authButton', admin, { cgformId: formId, code: 'export', status: 0 });

    // data rule: added (unbound: nothing changes), bound, edited, switched off, deleted
    const body = { cgformId: formId, ruleName: '只看', ruleColumn: 'name', ruleOperator: '=', ruleValue: '甲' };
    const id = (await call('POST', 'authData', admin, body)).json.result as string;
    expect(await names(call, formId, jeecg)).toEqual(['乙', '甲']);
    await call('POST', `roleDataAuth/${TEST_ROLE}/${formId}`, admin, { authIds: [id] });
    expect(await names(call, formId, jeecg)).toEqual(['甲']);
    expect((await call('PUT', 'authData', admin, { ...body, id, ruleValue: '乙' })).json.success).toBe(true);
    expect(await names(call, formId, jeecg)).toEqual(['乙']);
    await call('PUT', 'authData', admin, { ...body, id, ruleValue: '乙', status: 0 });
    expect(await names(call, formId, jeecg)).toEqual(['乙', '甲']);
    await call('PUT', 'authData', admin, { ...body, id, ruleValue: '乙', status: 1 });
    expect(await names(call, formId, jeecg)).toEqual(['乙']);
    expect((await call('DELETE', `authData/${id}`, admin)).json.success).toBe(true);
    expect(await names(call, formId, jeecg)).toEqual(['乙', '甲']);
  });

  it("a change of the user's roles applies at once", async () => {
    // the rule is granted to 人力资源 (hr), which jeecg does not have yet
    await call('PUT', 'authColumn', admin, { cgformId: formId, code: 'salary', switchFlag: 1, listShow: true });
    const ids = await ruleIds(call, admin, 'Column', formId, 'salary');
    await call('POST', `roleColumnAuth/${ROLE_IDS.hr}/${formId}`, admin, { authIds: ids });
    expect(await columnsOf(call, formId, jeecg)).toEqual(['name']);
    const add = await call('POST', '/jeecg-boot/sys/user/addSysUserRole', admin, {
      roleId: ROLE_IDS.hr,
      userIdList: [USER_IDS.jeecg],
    });
    expect(add.json.success).toBe(true);
    expect(await columnsOf(call, formId, jeecg)).toEqual(['name', 'salary']);
    const del = await call(
      'DELETE',
      `/jeecg-boot/sys/user/deleteUserRole?roleId=${ROLE_IDS.hr}&userId=${USER_IDS.jeecg}`,
      admin,
    );
    expect(del.json.success).toBe(true);
    expect(await columnsOf(call, formId, jeecg)).toEqual(['name']);
    await call('PUT', 'authColumn', admin, { cgformId: formId, code: 'salary', switchFlag: 0 });
  });

  it("a change of the form's definition drops its cached rules too", async () => {
    await fanOutSettled(t);
    expect(await columnsOf(call, formId, jeecg)).toEqual(['name', 'salary']);
    // written behind the API's back: still cached …
    await t.app.ctx.db.execute(
      sql`update onl_auth_page set status = 1 where cgform_id = ${formId} and code = 'salary' and page = 3`,
    );
    expect(await columnsOf(call, formId, jeecg)).toEqual(['name', 'salary']);
    // … until the designer's invalidation (save / sync / copy / delete) runs
    await invalidateForm(t.app, formId);
    expect(await columnsOf(call, formId, jeecg)).toEqual(['name']);
    await call('PUT', 'authColumn', admin, { cgformId: formId, code: 'salary', switchFlag: 0 });
  });
});

// Two app instances on one database sharing Redis (npm run test:services).
describe.skipIf(!onRedis)('two nodes sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let callA: Call;
  let callB: Call;
  let admin: string;
  let jeecg: string;
  let formId: string;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createPeer(a);
    callA = caller(a);
    callB = caller(b);
    ({ admin, jeecg, formId } = await setUp(a, 'ac_two'));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a 角色授权 change on A applies on B at once', async () => {
    expect(await columnsOf(callB, formId, jeecg)).toEqual(['name', 'salary']); // cached on B
    expect(await names(callB, formId, jeecg)).toEqual(['乙', '甲']);
    await callA('PUT', 'authColumn', admin, { cgformId: formId, code: 'salary', switchFlag: 1, listShow: true });
    expect(await columnsOf(callB, formId, jeecg)).toEqual(['name']);
    await callA('POST', `roleColumnAuth/${TEST_ROLE}/${formId}`, admin, {
      authIds: await ruleIds(callA, admin, 'Column', formId, 'salary'),
    });
    expect(await columnsOf(callB, formId, jeecg)).toEqual(['name', 'salary']);

    const body = { cgformId: formId, ruleName: '只看', ruleColumn: 'name', ruleOperator: '=', ruleValue: '甲' };
    const id = (await callA('POST', 'authData', admin, body)).json.result as string;
    await callA('POST', `roleDataAuth/${TEST_ROLE}/${formId}`, admin, { authIds: [id] });
    expect(await names(callB, formId, jeecg)).toEqual(['甲']);
    await callA('PUT', 'authData', admin, { ...body, id, ruleValue: '乙' });
    expect(await names(callB, formId, jeecg)).toEqual(['乙']);
    await callA('DELETE', `authData/${id}`, admin);
    expect(await names(callB, formId, jeecg)).toEqual(['乙', '甲']);
  });

  it("a change of the user's roles on A applies on B at once", async () => {
    await callA('POST', `roleColumnAuth/${TEST_ROLE}/${formId}`, admin, { authIds: [] });
    await callA('POST', `roleColumnAuth/${ROLE_IDS.hr}/${formId}`, admin, {
      authIds: await ruleIds(callA, admin, 'Column', formId, 'salary'),
    });
    expect(await columnsOf(callB, formId, jeecg)).toEqual(['name']);
    await callA('POST', '/jeecg-boot/sys/user/addSysUserRole', admin, {
      roleId: ROLE_IDS.hr,
      userIdList: [USER_IDS.jeecg],
    });
    expect(await columnsOf(callB, formId, jeecg)).toEqual(['name', 'salary']);
    await callA('DELETE', `/jeecg-boot/sys/user/deleteUserRole?roleId=${ROLE_IDS.hr}&userId=${USER_IDS.jeecg}`, admin);
    expect(await columnsOf(callB, formId, jeecg)).toEqual(['name']);
  });
});
