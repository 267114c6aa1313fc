import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { queryRows } from '../../../db/client.ts';
import { onlCgformField, onlCgformHead, sysDepart } from '../../../db/schema/index.ts';
import { SEED_FORMS } from '../../../db/seed/online-area.ts';
import { newId } from '../../../platform/ids.ts';
import { invalidateForm } from '../model.ts';

/**
 * Copies of a form (复制视图, ADR 031) open in the generated screens on their original's table with their own settings;
 * the seeded demo rows show the times and department names the seed wrote.
 */

const A = '/jeecg-boot/online/cgform/api';
let t: TestApp;
let admin: string;
let copyId: string;

const get = (url: string) => t.req({ method: 'GET', url: `${A}/${url}`, token: admin });
const post = (url: string, payload: unknown) =>
  t.req({ method: 'POST', url: `${A}/${url}`, token: admin, payload: payload as object });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const r = await t.req({
    method: 'GET',
    url: `/jeecg-boot/online/cgform/head/copyOnline?code=${SEED_FORMS.single}`,
    token: admin,
  });
  expect(r.json).toMatchObject({ success: true, result: { tableName: 'test_demo__1' } });
  copyId = r.json.result.headId;
});
afterAll(async () => {
  await t.close();
});

describe('a copy of a form', () => {
  it("lists the original's rows with its own list settings", async () => {
    // the copy hides 工资 from its list and names a field its original's table does not have
    await t.app.ctx.db
      .update(onlCgformField)
      .set({ isShowList: 0 })
      .where(and(eq(onlCgformField.cgformHeadId, copyId), eq(onlCgformField.dbFieldName, 'salary')));
    await t.app.ctx.db.insert(onlCgformField).values({
      id: newId(),
      cgformHeadId: copyId,
      dbFieldName: 'ghost',
      dbFieldTxt: '幽灵',
      dbType: 'string',
      dbLength: 32,
      isShowList: 1,
      isShowForm: 1,
      orderNum: 99,
    });
    await invalidateForm(t.app, copyId);

    const cols = await get(`getColumns/${copyId}`);
    expect(cols.json.success).toBe(true);
    const names = (cols.json.result.columns as { dataIndex: string }[]).map((c) => c.dataIndex);
    expect(names).toContain('name');
    expect(names).not.toContain('salary');
    expect(names).not.toContain('ghost');
    const origCols = await get(`getColumns/${SEED_FORMS.single}`);
    expect((origCols.json.result.columns as { dataIndex: string }[]).map((c) => c.dataIndex)).toContain('salary');

    const data = await get(`getData/${copyId}?pageNo=1&pageSize=10&column=name&order=asc`);
    expect(data.json).toMatchObject({ success: true, result: { total: 3 } });
    expect((data.json.result.records as { name: string }[]).map((r) => r.name).sort()).toEqual(
      ['张小明', '李小红', '王大力'].sort(),
    );
  });

  it("writes into the original's table; the copy's own field that the table lacks is ignored", async () => {
    const add = await post(`form/${copyId}`, { name: '复制视图添加', sex: '1', ghost: 'boo' });
    expect(add.json).toMatchObject({ success: true });
    const rows = await queryRows<{ name: string }>(
      t.app.ctx.db,
      sql`select name from test_demo where id = ${add.json.result}`,
    );
    expect(rows).toEqual([{ name: '复制视图添加' }]);
    const orig = await get(`getData/${SEED_FORMS.single}?pageNo=1&pageSize=10`);
    expect(orig.json.result.total).toBe(4);
    const one = await get(`form/${copyId}/${add.json.result}`);
    expect(one.json.result).toMatchObject({ name: '复制视图添加', sex: '1' });
    expect(one.json.result).not.toHaveProperty('ghost');
  });

  it("follows its original's sync state", async () => {
    const head = await t.app.ctx.db
      .select({ s: onlCgformHead.isDbSynch })
      .from(onlCgformHead)
      .where(eq(onlCgformHead.id, copyId));
    expect(head[0].s).toBe('Y');
    const setOriginal = async (s: 'Y' | 'N') => {
      await t.app.ctx.db.update(onlCgformHead).set({ isDbSynch: s }).where(eq(onlCgformHead.id, SEED_FORMS.single));
      await invalidateForm(t.app, SEED_FORMS.single);
    };
    await setOriginal('N');
    try {
      expect((await get(`getData/${copyId}`)).json).toMatchObject({ success: false, message: 'NO_DB_SYNC' });
      const form = await get(`getFormItem/${copyId}`);
      expect(form.json.result.head).toMatchObject({ isDbSynch: 'N', tableName: 'test_demo__1' });
    } finally {
      await setOriginal('Y');
    }
    expect((await get(`getData/${copyId}`)).json.success).toBe(true);
  });
});

describe('the seeded demo rows', () => {
  it('show the times the seed wrote (GMT+8) and the department names', async () => {
    const data = await get(`getData/${SEED_FORMS.single}?pageNo=1&pageSize=50`);
    const byName = new Map(
      (data.json.result.records as Record<string, unknown>[]).map((r) => [r.name as string, r] as const),
    );
    expect(byName.get('张小明')).toMatchObject({ punch_time: '2030-01-02 09:01:00' });
    expect(byName.get('李小红')).toMatchObject({ punch_time: '2030-01-02 08:55:00' });
    const departs = await t.app.ctx.db.select().from(sysDepart);
    const nameOf = (code: string) => departs.find((d) => d.orgCode === code)?.departName;
    expect(byName.get('张小明')).toMatchObject({ depart_dictText: nameOf('A01') });
    expect(byName.get('李小红')).toMatchObject({ depart_dictText: nameOf('A01A03') });
    const orders = await get(`getData/${SEED_FORMS.orderMain}?pageNo=1&pageSize=10`);
    const o1 = (orders.json.result.records as Record<string, unknown>[]).find((r) => r.order_code === 'ON-2030-001');
    expect(o1).toMatchObject({ order_date: '2030-01-05 10:30:00' });
  });
});
