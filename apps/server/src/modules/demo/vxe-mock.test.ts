import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminSession } from '../../../test/harness.ts';
import { jeecgVxeDemo } from '../../db/schema/index.ts';

const M = '/jeecg-boot/mock/vxe';

const s = adminSession({}, { jeecg: true });
const { get } = s;
const row = async (id: string) => (await s.t.app.ctx.db.select().from(jeecgVxeDemo).where(eq(jeecgVxeDemo.id, id)))[0];

describe('/mock/vxe (JVxeTable demos)', () => {
  it('getData pages the deterministic top-level rows; parentId lists their children', async () => {
    const p1 = await get(`${M}/getData?pageNo=1&pageSize=10`);
    expect(p1.json).toMatchObject({ success: true, code: 200 });
    expect(p1.json.result).toMatchObject({ total: 100, size: 10, current: 1, pages: 10 });
    const first = p1.json.result.records[0];
    expect(first).toMatchObject({ id: 'vxe0001', parentId: null, hasChildren: true, num: 1, sort: 1 });
    expect(first.ship_name).toBe('远洋1号');
    expect(Object.keys(first).sort()).toEqual(
      [
        'call',
        'company',
        'count',
        'hasChildren',
        'id',
        'len',
        'num',
        'parentId',
        'payer',
        'ship_name',
        'sort',
        'ton',
        'trend',
        'updateTime',
      ].sort(),
    );
    expect(p1.json.result.records.map((r: { id: string }) => r.id).slice(0, 3)).toEqual([
      'vxe0001',
      'vxe0002',
      'vxe0003',
    ]);
    const p10 = await get(`${M}/getData?pageNo=10&pageSize=10`);
    expect(p10.json.result.records.at(-1).id).toBe('vxe0100');

    const kids = await get(`${M}/getData?parentId=vxe0001,vxe0005,vxe0002&pageSize=50`);
    expect(kids.json.result.total).toBe(6);
    expect(kids.json.result.records.map((r: { id: string }) => r.id)).toEqual([
      'vxe0001-1',
      'vxe0001-2',
      'vxe0001-3',
      'vxe0005-1',
      'vxe0005-2',
      'vxe0005-3',
    ]);
    expect(kids.json.result.records[0]).toMatchObject({ parentId: 'vxe0001', hasChildren: false });

    // page 0 (the 3.2 client after a delete) is the first page, as MyBatis-Plus pages
    expect((await get(`${M}/getData?pageNo=0`)).json.result.current).toBe(1);
    for (const bad of ['pageNo=abc', 'pageSize=abc', 'pageSize=100000']) {
      const res = await get(`${M}/getData?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json.success).toBe(false);
    }
  });

  it('immediateSaveRow persists one row; immediateSaveAll saves all rows or none', async () => {
    const one = await s.t.req({
      method: 'PUT',
      url: `${M}/immediateSaveRow`,
      token: s.token,
      payload: { id: 'vxe0002', ship_name: '即时保存号', ton: '1234', num: 999, hasChildren: true },
    });
    expect(one.json).toMatchObject({ success: true, code: 200 });
    expect(await row('vxe0002')).toMatchObject({ shipName: '即时保存号', ton: 1234, num: 2, updateBy: 'admin' });
    const listed = (await get(`${M}/getData?pageSize=3`)).json.result.records[1];
    expect(listed).toMatchObject({ ship_name: '即时保存号', ton: 1234 });
    expect(listed.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const all = await s.t.req({
      method: 'POST',
      url: `${M}/immediateSaveAll`,
      token: s.token,
      payload: [
        { id: 'vxe0003', trend: '出港' },
        { id: 'vxe0004', count: 7 },
      ],
    });
    expect(all.json.success).toBe(true);
    expect((await row('vxe0003')).trend).toBe('出港');
    expect((await row('vxe0004')).count).toBe(7);

    const before = await row('vxe0006');
    const partial = await s.t.req({
      method: 'POST',
      url: `${M}/immediateSaveAll`,
      token: s.token,
      payload: [
        { id: 'vxe0006', trend: '不应保存' },
        { id: 'missing-row', trend: 'x' },
      ],
    });
    expect(partial.json).toMatchObject({ success: false, message: '未找到对应数据：missing-row' });
    expect((await row('vxe0006')).trend).toBe(before.trend);

    const cases: Array<[string, 'PUT' | 'POST', unknown, string]> = [
      ['immediateSaveRow', 'PUT', { ship_name: 'x' }, 'id不能为空'],
      ['immediateSaveRow', 'PUT', { id: 'vxe0007', len: -1 }, '长不能小于 0'],
      ['immediateSaveRow', 'PUT', { id: 'vxe0007', ton: 'heavy' }, '吨必须是数字'],
      ['immediateSaveAll', 'POST', { id: 'vxe0007' }, '请求体必须是行的数组'],
      ['immediateSaveAll', 'POST', [{ id: 'vxe0007', ship_name: 'x'.repeat(101) }], '船名长度不能超过 100 个字符'],
    ];
    for (const [path, method, payload, message] of cases) {
      const res = await s.t.req({ method, url: `${M}/${path}`, token: s.token, payload: payload as object });
      expect(res.statusCode, message).toBe(400);
      expect(res.json.message).toContain(message);
    }
    const empty = await s.t.req({ method: 'POST', url: `${M}/immediateSaveAll`, token: s.token, payload: [] });
    expect(empty.json).toMatchObject({ success: false, message: '没有要保存的数据' });
  });

  it('refuses users without a JVxeTable demo page (403)', async () => {
    expect((await get(`${M}/getData`, s.jeecg)).statusCode).toBe(403);
    const put = await s.t.req({
      method: 'PUT',
      url: `${M}/immediateSaveRow`,
      token: s.jeecg,
      payload: { id: 'vxe0001' },
    });
    expect(put.statusCode).toBe(403);
    const post = await s.t.req({ method: 'POST', url: `${M}/immediateSaveAll`, token: s.jeecg, payload: [] });
    expect(post.statusCode).toBe(403);
  });
});
