import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminSession } from '../../../test/harness.ts';
import { sysTenant, sysUser } from '../../db/schema/index.ts';
import { USER_IDS } from '../../db/seed/data.ts';

const T = '/jeecg-boot/sys/tenant';

const s = adminSession({}, { jeecg: true });
const { get } = s;
const add = (payload: Record<string, unknown>, token = s.token) =>
  s.t.req({ method: 'POST', url: `${T}/add`, payload, token });
const tenant = async (id: number) => (await s.t.app.ctx.db.select().from(sysTenant).where(eq(sysTenant.id, id)))[0];

describe('tenants', () => {
  it('list answers the seeded tenant with status_dictText', async () => {
    const res = await get(`${T}/list`);
    expect(res.json).toMatchObject({ success: true, code: 0 });
    expect(res.json.result.records[0]).toMatchObject({
      id: 1,
      name: '北京租户001',
      status: 1,
      status_dictText: '正常',
    });
  });

  it('add with a chosen id; a taken id answers 该编号已存在!', async () => {
    const res = await add({
      id: 5,
      name: '租户五',
      beginDate: '2024-01-01 00:00:00',
      endDate: '2030-12-31 23:59:59',
      status: 1,
    });
    expect(res.json).toMatchObject({ success: true, message: '添加成功！' });
    expect(await tenant(5)).toMatchObject({ name: '租户五', status: 1, createBy: 'admin' });
    const q = (await get(`${T}/queryById?id=5`)).json.result;
    expect(q).toMatchObject({ id: 5, beginDate: '2024-01-01 00:00:00', endDate: '2030-12-31 23:59:59' });
    const taken = await add({ id: 1, name: '重复', status: 1 });
    expect(taken.json).toMatchObject({ success: false, message: '该编号已存在!' });
    expect((await tenant(1)).name).toBe('北京租户001');
    // the id may come as a numeric string (form input)
    expect((await add({ id: '6', name: '租户六', status: '0' })).json.success).toBe(true);
    expect(await tenant(6)).toMatchObject({ status: 0 });
  });

  it('validates id, dates and status', async () => {
    for (const payload of [
      { id: 0, name: 'x' },
      { id: -3, name: 'x' },
      { id: 1.5, name: 'x' },
      { id: 'abc', name: 'x' },
      { id: 99999999999, name: 'x' },
      { id: 7, name: '' },
      { id: 7, name: 'x', status: 3 },
      { id: 7, name: 'x', beginDate: '2024-02-30 00:00:00' },
      { id: 7, name: 'x', beginDate: '2024-05-01 00:00:00', endDate: '2024-04-01 00:00:00' },
    ]) {
      const res = await add(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await tenant(7)).toBeUndefined();
  });

  it('edit changes name, dates and status; unknown id → 未找到对应实体', async () => {
    const res = await s.t.req({
      method: 'PUT',
      url: `${T}/edit`,
      token: s.token,
      payload: { id: 5, name: '租户五改', beginDate: '2024-02-01', endDate: '', status: 0 },
    });
    expect(res.json).toMatchObject({ success: true, message: '修改成功!' });
    expect(await tenant(5)).toMatchObject({ name: '租户五改', status: 0, endDate: null });
    const missing = await s.t.req({ method: 'PUT', url: `${T}/edit`, token: s.token, payload: { id: 404, name: 'x' } });
    expect(missing.json).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('queryList: active tenants, optionally by ids; any signed-in user', async () => {
    const all = await get(`${T}/queryList`, s.jeecg);
    expect(all.json.result.map((x: { id: number }) => x.id)).toEqual([1]);
    const some = await get(`${T}/queryList?ids=1,5,6`);
    expect(some.json.result.map((x: { id: number }) => x.id)).toEqual([1]);
    expect((await get(`${T}/queryList?ids=1;drop`)).json.success).toBe(false);
  });

  it('delete refuses a referenced tenant (exact id match); batch deletes the free ones', async () => {
    await s.t.app.ctx.db.update(sysUser).set({ relTenantIds: '15,5' }).where(eq(sysUser.id, USER_IDS.zhangsan));
    expect((await add({ id: 51, name: '五十一', status: 1 })).json.success).toBe(true);
    const refused = await s.t.req({ method: 'DELETE', url: `${T}/delete?id=5`, token: s.token });
    expect(refused.json).toMatchObject({ success: false, message: '该租户已被引用，无法删除！' });
    expect(await tenant(5)).toBeDefined();
    // 51 is not referenced by "15,5"
    const free = await s.t.req({ method: 'DELETE', url: `${T}/delete?id=51`, token: s.token });
    expect(free.json).toMatchObject({ success: true, message: '删除成功' });

    const partly = await s.t.req({ method: 'DELETE', url: `${T}/deleteBatch?ids=5,6,`, token: s.token });
    expect(partly.json).toMatchObject({ success: true, message: '部分删除成功！（被引用的租户无法删除）' });
    expect(await tenant(6)).toBeUndefined();
    const none = await s.t.req({ method: 'DELETE', url: `${T}/deleteBatch?ids=5`, token: s.token });
    expect(none.json).toMatchObject({ success: false, message: '选择的租户都已被引用，无法删除！' });
    await s.t.app.ctx.db.update(sysUser).set({ relTenantIds: null }).where(eq(sysUser.id, USER_IDS.zhangsan));
    const all = await s.t.req({ method: 'DELETE', url: `${T}/deleteBatch?ids=5`, token: s.token });
    expect(all.json).toMatchObject({ success: true, message: '删除成功！' });
    expect((await s.t.req({ method: 'DELETE', url: `${T}/delete?id=5`, token: s.token })).json.success).toBe(false);
    expect((await s.t.req({ method: 'DELETE', url: `${T}/deleteBatch?ids=x`, token: s.token })).json.success).toBe(
      false,
    );
  });

  it('a user without the page or buttons gets 403', async () => {
    const calls = [
      { method: 'GET' as const, url: `${T}/list` },
      { method: 'GET' as const, url: `${T}/queryById?id=1` },
      { method: 'POST' as const, url: `${T}/add`, payload: { id: 9, name: 'x' } },
      { method: 'PUT' as const, url: `${T}/edit`, payload: { id: 1, name: 'x' } },
      { method: 'DELETE' as const, url: `${T}/delete?id=1` },
      { method: 'DELETE' as const, url: `${T}/deleteBatch?ids=1` },
    ];
    for (const c of calls) expect((await s.t.req({ ...c, token: s.jeecg })).statusCode, c.url).toBe(403);
    expect(await tenant(1)).toMatchObject({ name: '北京租户001' });
  });
});
