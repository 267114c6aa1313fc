import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { exampleForm, exampleProject, exampleRule, exampleTransfer } from '../../db/schema/index.ts';
import { SEED_ITEM_COUNT, SEED_PROJECT_ID, SEED_RULE_COUNT } from '../../db/seed/example-area.ts';

let t: TestApp;
let admin: string;
let jeecg: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  jeecg = await t.login('jeecg', '123456');
});
afterAll(async () => {
  await t.close();
});

const B = '/jeecg-boot/example';
const get = (url: string, token = admin) => t.req({ method: 'GET', url: `${B}${url}`, token });
const post = (url: string, payload: Record<string, unknown>, token = admin) =>
  t.req({ method: 'POST', url: `${B}${url}`, token, payload });
const count = async (table: typeof exampleForm | typeof exampleTransfer | typeof exampleProject) =>
  (await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

const goal = {
  title: '季度答题活动',
  startDate: '2030-01-01',
  endDate: '2030-03-31',
  goal: '组织三场线上答题',
  standard: '参与人数不少于 500',
  weight: 30,
  publicType: '2',
  publicUsers: '曲丽丽',
};

describe('基础表单 /example/form', () => {
  it('stores a valid goal and lists it', async () => {
    const r = await post('/form/add', goal);
    expect(r.json).toMatchObject({ success: true, message: '提交成功' });
    const list = await get('/form/list?title=季度答题活动');
    expect(list.json.result.records).toHaveLength(1);
    expect(list.json.result.records[0]).toMatchObject({ title: '季度答题活动', weight: 30, publicUsers: '曲丽丽' });
  });

  it('refuses bad input with a Chinese message and stores nothing', async () => {
    const before = await count(exampleForm);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...goal, title: ' ' }, /标题不能为空/],
      [{ ...goal, endDate: '2029-12-31' }, /结束日期不能早于开始日期/],
      [{ ...goal, startDate: '2030/01/01' }, /开始日期格式应为 yyyy-MM-dd/],
      [{ ...goal, weight: 101 }, /权重不能大于 100/],
      [{ ...goal, publicType: '9' }, /目标公开只能是/],
    ];
    for (const [payload, message] of cases) {
      const r = await post('/form/add', payload);
      expect(r.statusCode).toBe(400);
      expect(r.json.success).toBe(false);
      expect(r.json.message).toMatch(message);
    }
    expect(await count(exampleForm)).toBe(before);
  });

  it('needs the button permission to submit (jeecg has no 表单页 grants)', async () => {
    const r = await post('/form/add', goal, jeecg);
    expect(r.json.success).toBe(false);
    expect([401, 403]).toContain(r.statusCode);
  });
});

describe('分步表单 /example/transfer', () => {
  const transfer = {
    payAccount: 'ant-design@alipay.com',
    receiverType: 'alipay',
    receiverAccount: 'test@example.com',
    receiverName: 'Alex',
    amount: 500.5,
  };
  it('stores a transfer (status 已提交) and reads it back by id', async () => {
    const r = await post('/transfer/add', transfer);
    expect(r.json).toMatchObject({ success: true, message: '转账成功' });
    const list = await get('/transfer/list?receiverName=Alex&column=createTime&order=desc');
    const row = list.json.result.records.find((x: { amount: number }) => x.amount === 500.5);
    expect(row).toMatchObject({ status: 0, receiverAccount: 'test@example.com' });
    const one = await get(`/transfer/queryById?id=${row.id}`);
    expect(one.json.result).toMatchObject({ receiverName: 'Alex', amount: 500.5 });
    expect((await get('/transfer/queryById?id=nope')).json.message).toBe('未找到对应转账记录');
  });
  it('checks the account against the receiver type and the amount', async () => {
    const before = await count(exampleTransfer);
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...transfer, receiverAccount: 'abc' }, /支付宝账户应为手机号或邮箱/],
      [{ ...transfer, receiverType: 'bank', receiverAccount: '12' }, /银行账户应为 12–19 位数字/],
      [{ ...transfer, amount: 0 }, /转账金额必须大于 0/],
      [{ ...transfer, amount: 1.234 }, /转账金额最多两位小数/],
    ];
    for (const [payload, message] of bad) expect((await post('/transfer/add', payload)).json.message).toMatch(message);
    expect(await count(exampleTransfer)).toBe(before);
  });
});

describe('高级表单 /example/project', () => {
  const project = {
    name: '新仓库',
    url: 'new-repo',
    owner: '付小小',
    approver: '曲丽丽',
    startDate: '2030-01-01',
    endDate: '2030-02-01',
    type: 'public',
    taskName: '盘点',
    taskDescription: '季度盘点',
    executor: '林东东',
    responsible: '周星星',
    taskTime: '08:00',
    taskType: 'private',
    members: [{ name: '张三', workId: '1001', department: '研发部' }],
  };
  it('stores the warehouse with its members; the seeded one is readable', async () => {
    const r = await post('/project/add', project);
    expect(r.json.success).toBe(true);
    const [row] = await t.app.ctx.db.select().from(exampleProject).where(eq(exampleProject.url, 'new-repo'));
    expect(row.members).toEqual(project.members);
    const seeded = await get(`/project/queryById?id=${SEED_PROJECT_ID}`);
    expect(seeded.json.result.members).toHaveLength(3);
  });
  it('names the bad member row; duplicate work ids and an empty member list are refused', async () => {
    const before = await count(exampleProject);
    const dup = await post('/project/add', {
      ...project,
      members: [...project.members, { name: '李四', workId: '1001', department: '运营部' }],
    });
    expect(dup.json.message).toMatch(/members\.1\.workId.*工号 1001 重复/);
    expect((await post('/project/add', { ...project, members: [] })).json.message).toMatch(/至少添加一名成员/);
    expect((await post('/project/add', { ...project, taskTime: '25:00' })).json.message).toMatch(/提醒时间格式/);
    expect(await count(exampleProject)).toBe(before);
  });
});

describe('查询表格 /example/rule', () => {
  it('pages and sorts the seeded rules through the list machinery', async () => {
    const p1 = await get('/rule/list?pageNo=1&pageSize=10');
    expect(p1.json.result.total).toBe(SEED_RULE_COUNT);
    expect(p1.json.result.records).toHaveLength(10);
    const p5 = await get('/rule/list?pageNo=5&pageSize=10');
    expect(p5.json.result.records).toHaveLength(SEED_RULE_COUNT - 40);
    const sorted = await get('/rule/list?column=callNo&order=desc&pageSize=100');
    const calls = sorted.json.result.records.map((r: { callNo: number }) => r.callNo);
    expect(calls).toEqual([...calls].sort((a, b) => b - a));
    const running = await get('/rule/list?status=1&pageSize=100');
    expect(running.json.result.records.every((r: { status: number }) => r.status === 1)).toBe(true);
    const like = await get(`/rule/list?no=${encodeURIComponent('*Code 0*')}`);
    expect(like.json.result.total).toBe(9);
  });
  it('adds, refuses a duplicate number, sets status in batch, deletes in batch', async () => {
    expect((await post('/rule/add', { no: 'R-NEW', description: '新规则' })).json.success).toBe(true);
    expect((await post('/rule/add', { no: 'R-NEW', description: '再来' })).json.message).toBe('规则编号已存在');
    const rows = await t.app.ctx.db.select().from(exampleRule).limit(2);
    const ids = rows.map((r) => r.id).join(',');
    const batch = await t.req({
      method: 'PUT',
      url: `${B}/rule/batchStatus`,
      token: admin,
      payload: { ids, status: 2 },
    });
    expect(batch.json).toMatchObject({ success: true, message: '已将 2 条规则设为「已上线」' });
    const bad = await t.req({ method: 'PUT', url: `${B}/rule/batchStatus`, token: admin, payload: { ids, status: 7 } });
    expect(bad.json.message).toMatch(/状态只能是 0–3/);
    const denied = await t.req({
      method: 'PUT',
      url: `${B}/rule/batchStatus`,
      token: jeecg,
      payload: { ids, status: 0 },
    });
    expect(denied.json.success).toBe(false);
    const del = await t.req({ method: 'DELETE', url: `${B}/rule/deleteBatch?ids=${ids}`, token: admin });
    expect(del.json.success).toBe(true);
    expect((await get('/rule/list')).json.result.total).toBe(SEED_RULE_COUNT - 1);
  });
});

describe('列表 / 搜索 /example/item and the workplace projects', () => {
  it('searches items by title and category, pages with load-more sizes', async () => {
    const all = await get('/item/list?pageSize=5');
    expect(all.json.result.total).toBe(SEED_ITEM_COUNT);
    expect(all.json.result.records).toHaveLength(5);
    const react = await get(`/item/list?title=${encodeURIComponent('*React*')}`);
    expect(react.json.result.records.map((r: { title: string }) => r.title).sort()).toEqual([
      'React',
      'React 2',
      'React 3',
    ]);
    const design = await get('/item/list?category=design&pageSize=100');
    expect(design.json.result.total).toBe(4);
    const both = await get('/item/list?category=design,develop&pageSize=100');
    expect(both.json.result.total).toBe(8);
  });
  it('edits an item (progress) and refuses a progress above 100', async () => {
    const [first] = (await get('/item/list?pageSize=1')).json.result.records;
    const edit = await t.req({
      method: 'PUT',
      url: `${B}/item/edit`,
      token: admin,
      payload: { id: first.id, percent: 99 },
    });
    expect(edit.json.success).toBe(true);
    expect((await get(`/item/queryById?id=${first.id}`)).json.result.percent).toBe(99);
    const bad = await t.req({
      method: 'PUT',
      url: `${B}/item/edit`,
      token: admin,
      payload: { id: first.id, percent: 101 },
    });
    expect(bad.json.message).toMatch(/进度不能大于 100/);
  });
  it('/mock/api/list/search/projects answers result.data from the item rows', async () => {
    const r = await t.req({ method: 'GET', url: '/jeecg-boot/mock/api/list/search/projects', token: admin });
    expect(r.json.success).toBe(true);
    expect(r.json.result.data).toHaveLength(6);
    expect(r.json.result.data[0]).toMatchObject({ title: 'Alipay', owner: '付小小' });
  });
});
