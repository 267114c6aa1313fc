import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { sysDepart, sysUser, sysUserDepart } from '../../db/schema/index.ts';
import { USER_IDS } from '../../db/seed/index.ts';

const API = '/jeecg-boot';
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
});

type Row = Record<string, unknown>;
/** token null: no session */
const book = (query: string, token: string | null = admin) =>
  t.req({ method: 'GET', url: `${API}/sys/user/queryByOrgCodeForAddressList${query}`, token: token ?? undefined });
const byOrg = (query: string, token: string | null = admin) =>
  t.req({ method: 'GET', url: `${API}/sys/user/queryByOrgCode${query}`, token: token ?? undefined });
const names = (res: { json: { result: { records: Row[] } } }) =>
  res.json.result.records.map((r) => r.username as string).sort();

describe('GET /sys/user/queryByOrgCodeForAddressList', () => {
  it('lists every contact without a department, with departments, position names and no secrets', async () => {
    const res = await book('');
    expect(res.statusCode).toBe(200);
    expect(res.json.success).toBe(true);
    expect(names(res)).toEqual(['admin', 'jeecg', 'zhangsan']);
    const a = res.json.result.records.find((r: Row) => r.username === 'admin');
    expect(a).toMatchObject({
      realname: '管理员',
      workNo: '00001',
      departName: '北京国炬软件',
      orgCodeTxt: '北京国炬软件',
      post: 'manager',
      post_dictText: '部门经理',
      phone: '18611111111',
      email: 'jeecg@163.com',
      sex_dictText: '男',
    });
    expect(a).toHaveProperty('telephone');
    expect(res.body).not.toMatch(/password|salt/);
    // work number order by default
    expect(res.json.result.records.map((r: Row) => r.workNo)).toEqual(['00001', '00002', '00003']);
  });

  it('limits to the department and its sub-departments by org code prefix', async () => {
    expect(names(await book('?orgCode=A01'))).toEqual(['admin', 'jeecg']);
    expect(names(await book('?orgCode=A01A05'))).toEqual(['jeecg']);
    expect(names(await book('?orgCode=A02'))).toEqual(['zhangsan']);
    expect(names(await book('?orgCode=A01A04'))).toEqual([]);
    expect(names(await book('?orgCode='))).toHaveLength(3);
  });

  it('filters by name and work number (contains) and pages', async () => {
    expect(names(await book(`?realname=${encodeURIComponent('张')}`))).toEqual(['zhangsan']);
    expect(names(await book('?workNo=0002'))).toEqual(['jeecg']);
    expect(names(await book('?realname=%25'))).toEqual([]); // a literal %, not a wildcard
    const page = (await book('?orgCode=A01&pageNo=2&pageSize=1')).json.result;
    expect(page).toMatchObject({ total: 2, size: 1, current: 2, pages: 2 });
    expect(page.records).toHaveLength(1);
    expect(page.records[0].username).toBe('jeecg');
  });

  it('joins every department of a user in member of several, and leaves out deleted users', async () => {
    const [fin] = await t.database.db.select().from(sysDepart).where(eq(sysDepart.orgCode, 'A02A01'));
    await t.database.db.insert(sysUserDepart).values({ id: 'ab-test-1', userId: USER_IDS.admin, depId: fin.id });
    try {
      const a = (await book('?orgCode=A02')).json.result.records as Row[];
      expect(a.map((r) => r.username).sort()).toEqual(['admin', 'zhangsan']);
      expect(a.find((r) => r.username === 'admin')?.departName).toBe('北京国炬软件,财务部');
      await t.database.db.update(sysUser).set({ delFlag: 1 }).where(eq(sysUser.username, 'zhangsan'));
      expect(names(await book('?orgCode=A02'))).toEqual(['admin']);
    } finally {
      await t.database.db.update(sysUser).set({ delFlag: 0 }).where(eq(sysUser.username, 'zhangsan'));
      await t.database.db
        .delete(sysUserDepart)
        .where(and(eq(sysUserDepart.userId, USER_IDS.admin), eq(sysUserDepart.depId, fin.id)));
    }
  });

  it('refuses an org code that is not letters and digits, bad paging and unknown sort columns (400)', async () => {
    for (const q of [
      "?orgCode=A01'--",
      '?orgCode=A%25',
      '?orgCode=A01_',
      '?pageNo=abc',
      '?column=password&order=asc',
    ]) {
      const res = await book(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json.success).toBe(false);
      expect(res.body).not.toMatch(/select|sys_user|at .*\.ts/i);
    }
    expect((await book(`?orgCode=${'A'.repeat(65)}`)).statusCode).toBe(400);
  });

  it('needs a session (401) and the address book page (403 for jeecg)', async () => {
    expect((await book('', null)).statusCode).toBe(401);
    expect((await byOrg('?orgCode=A01', null)).statusCode).toBe(401);
    const jeecg = await t.login('jeecg');
    expect((await book('', jeecg)).statusCode).toBe(403);
    expect((await byOrg('?orgCode=A01', jeecg)).statusCode).toBe(403);
  });
});

describe('GET /sys/user/queryByOrgCode', () => {
  it('answers one row per user and department under the org code, with the department name', async () => {
    const res = await byOrg('?orgCode=A01');
    expect(res.json.success).toBe(true);
    const rows = res.json.result.records as Row[];
    expect(rows.map((r) => [r.username, r.departName])).toEqual([
      ['admin', '北京国炬软件'],
      ['jeecg', '研发部'],
    ]);
    expect(rows[1]).toMatchObject({ orgCode: 'A01A05', post_dictText: '研发组长', workNo: '00002' });
    expect(res.json.result.total).toBe(2);
    expect(res.body).not.toMatch(/password|salt/);
    expect(names(await byOrg(`?orgCode=A01&realname=${encodeURIComponent('管理')}`))).toEqual(['admin']);
  });

  it('needs an org code (400) of letters and digits', async () => {
    const none = await byOrg('');
    expect(none.statusCode).toBe(400);
    expect(none.json.message).toContain('orgCode');
    expect((await byOrg('?orgCode=A0%27')).statusCode).toBe(400);
  });
});
