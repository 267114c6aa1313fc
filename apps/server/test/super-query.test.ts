import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER_QUERY_LIMITS } from '../src/modules/super-query/routes.ts';
import { createTestApp, type TestApp } from './harness.ts';

const Q = '/jeecg-boot/sys/superQuery';
const U = '/jeecg-boot/sys/user/list';

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

const cond = (field: string, rule: string, val: unknown, extra: Record<string, unknown> = {}) => ({
  field,
  rule,
  val,
  type: 'string',
  ...extra,
});
const save = (payload: Record<string, unknown>, token = admin) =>
  t.req({
    method: 'POST',
    url: `${Q}/save`,
    token,
    payload: { pageKey: 'system/UserList', matchType: 'and', ...payload },
  });
const list = (pageKey = 'system/UserList', token = admin) =>
  t.req({ method: 'GET', url: `${Q}/list?pageKey=${encodeURIComponent(pageKey)}`, token });

/** the usernames the user list answers for these conditions, encoded the way the web client sends them */
async function users(params: unknown[], matchType = 'and'): Promise<string[]> {
  const qs = `superQueryParams=${encodeURIComponent(encodeURI(JSON.stringify(params)))}&superQueryMatchType=${matchType}&pageSize=100&column=username&order=asc`;
  const res = await t.req({ method: 'GET', url: `${U}?${qs}`, token: admin });
  expect(res.json.success, res.body).toBe(true);
  return res.json.result.records.map((r: { username: string }) => r.username);
}

describe('advanced query rules against /sys/user/list', () => {
  it('eq, ne, like, right_like, left_like, in', async () => {
    expect(await users([cond('username', 'eq', 'jeecg')])).toEqual(['jeecg']);
    expect(await users([cond('username', 'ne', 'jeecg')])).not.toContain('jeecg');
    expect(await users([cond('username', 'ne', 'jeecg')])).toContain('admin');
    expect(await users([cond('username', 'like', 'ang')])).toEqual(['zhangsan']);
    expect(await users([cond('username', 'right_like', 'adm')])).toEqual(['admin']);
    expect(await users([cond('username', 'left_like', 'ecg')])).toEqual(['jeecg']);
    expect(await users([cond('username', 'in', 'admin,zhangsan')])).toEqual(['admin', 'zhangsan']);
    expect(await users([cond('username', 'in', ['admin', 'jeecg'])])).toEqual(['admin', 'jeecg']);
    expect(await users([cond('realname', 'like', '张')])).toEqual(['zhangsan']);
  });

  it('gt, ge, lt, le on a date, and/or, dictionary eq', async () => {
    const d = (rule: string, val: string) => cond('birthday', rule, val, { type: 'date' });
    expect(await users([d('gt', '2018-12-05')])).toEqual(['jeecg']);
    expect(await users([d('ge', '2018-12-05')])).toEqual(['admin', 'jeecg']);
    expect(await users([d('lt', '2018-12-05')])).toEqual(['zhangsan']);
    expect(await users([d('le', '2018-12-05')])).toEqual(['admin', 'zhangsan']);
    const two = [cond('username', 'eq', 'admin'), cond('username', 'eq', 'jeecg')];
    expect(await users(two, 'and')).toEqual([]);
    expect(await users(two, 'or')).toEqual(['admin', 'jeecg']);
    expect(await users([cond('sex', 'eq', '1', { dictCode: 'sex' }), d('lt', '2000-01-01')])).toEqual(['zhangsan']);
  });

  it('bad input answers 400 with a Chinese message and no internals', async () => {
    for (const [params, match] of [
      ['[{"field":"password","rule":"eq","val":"x"}]', 'and'],
      ['[{"field":"username","rule":"ext","val":"1=1"}]', 'and'],
      ['not json', 'and'],
      ['[]', 'xor'],
    ] as const) {
      const res = await t.req({
        method: 'GET',
        url: `${U}?superQueryParams=${encodeURIComponent(params)}&superQueryMatchType=${match}`,
        token: admin,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json.success).toBe(false);
      expect(res.json.message).toMatch(/[\u4e00-\u9fa5]/);
      expect(res.body).not.toMatch(/select |sys_user|\.ts:|at /i);
    }
  });
});

describe('saved queries /sys/superQuery', () => {
  it('save, list, overwrite only when confirmed, delete; option lists stripped', async () => {
    const first = await save({
      title: '  研发 ',
      records: [cond('username', 'eq', 'jeecg', { options: [{ value: 'a', text: 'A' }], dictCode: 'x' })],
    });
    expect(first.json).toMatchObject({
      success: true,
      message: '保存成功！',
      result: { title: '研发', matchType: 'and' },
    });
    expect(first.json.result.records).toEqual([
      { field: 'username', rule: 'eq', val: 'jeecg', type: 'string', dictCode: 'x' },
    ]);

    const again = await save({ title: '研发', records: [cond('username', 'like', 'a')] });
    expect(again.json).toMatchObject({ success: false, message: '研发 已存在，请确认覆盖后再保存' });
    const over = await save({
      title: '研发',
      matchType: 'or',
      records: [cond('username', 'like', 'a')],
      overwrite: true,
    });
    expect(over.json.success).toBe(true);
    const rows = (await list()).json.result;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.json.result.id, title: '研发', matchType: 'or' });
    expect(rows[0].records[0]).toMatchObject({ rule: 'like', val: 'a' });

    const del = await t.req({ method: 'DELETE', url: `${Q}/delete?id=${rows[0].id}`, token: admin });
    expect(del.json).toMatchObject({ success: true, message: '删除成功!' });
    expect((await list()).json.result).toEqual([]);
  });

  it('limits and bad input: clear Chinese errors, nothing saved', async () => {
    const ok = [cond('username', 'eq', 'admin')];
    expect((await save({ title: '  ', records: ok })).json.message).toBe('保存名称不能为空');
    expect((await save({ title: '名'.repeat(51), records: ok })).json.message).toBe('保存名称不能超过 50 个字符');
    expect((await save({ title: '空', records: [] })).json.message).toBe('空条件不能保存');
    expect((await save({ title: '空', records: [{ field: '', rule: 'eq', val: '' }] })).json.message).toBe(
      '空条件不能保存',
    );
    const many = Array.from({ length: 21 }, () => cond('username', 'eq', 'admin'));
    expect((await save({ title: '多', records: many })).json.message).toBe('查询条件不能超过 20 个');
    const badRule = await save({ title: '坏', records: [cond('username', 'ext', '1=1')] });
    expect(badRule.statusCode).toBe(400);
    expect(badRule.json.message).toContain('不支持的查询规则');
    const badMatch = await save({ title: '坏', matchType: 'xor', records: ok });
    expect(badMatch.statusCode).toBe(400);
    const noPage = await t.req({
      method: 'POST',
      url: `${Q}/save`,
      token: admin,
      payload: { title: 'x', records: ok },
    });
    expect(noPage.json.message).toContain('页面标识不能为空');
    expect((await list()).json.result).toEqual([]);
    const anon = await t.req({ method: 'GET', url: `${Q}/list?pageKey=system/UserList` });
    expect(anon.json.success).toBe(false);

    // 100 per user and page
    for (let i = 0; i < SUPER_QUERY_LIMITS.perPage; i++) {
      expect((await save({ pageKey: 'limit/Page', title: `q${i}`, records: ok })).json.success).toBe(true);
    }
    const over = await save({ pageKey: 'limit/Page', title: 'q100', records: ok });
    expect(over.json).toMatchObject({ success: false, message: '每个页面最多保存 100 个查询，请先删除不用的查询' });
    expect((await list('limit/Page')).json.result).toHaveLength(100);
    // overwriting an existing one is still allowed at the limit; another page is not affected
    expect((await save({ pageKey: 'limit/Page', title: 'q1', records: ok, overwrite: true })).json.success).toBe(true);
    expect((await save({ pageKey: 'other/Page', title: 'q100', records: ok })).json.success).toBe(true);
  });

  it('simultaneous saves near the limit never pass 100', async () => {
    const ok = [cond('username', 'eq', 'admin')];
    for (let i = 0; i < SUPER_QUERY_LIMITS.perPage - 2; i++) {
      expect((await save({ pageKey: 'race/Page', title: `r${i}`, records: ok })).json.success).toBe(true);
    }
    const results = await Promise.all(
      ['x1', 'x2', 'x3', 'x4'].map((title) => save({ pageKey: 'race/Page', title, records: ok })),
    );
    expect(results.filter((r) => r.json.success)).toHaveLength(2);
    expect((await list('race/Page')).json.result).toHaveLength(100);
  });

  it('each user sees and deletes only their own', async () => {
    const mine = await save({ pageKey: 'iso/Page', title: '我的', records: [cond('username', 'eq', 'admin')] });
    expect(mine.json.success).toBe(true);
    expect((await list('iso/Page', jeecg)).json.result).toEqual([]);
    const theirs = await save(
      { pageKey: 'iso/Page', title: '我的', records: [cond('username', 'eq', 'jeecg')] },
      jeecg,
    );
    expect(theirs.json.success).toBe(true); // same name, other user: no clash
    const steal = await t.req({ method: 'DELETE', url: `${Q}/delete?id=${mine.json.result.id}`, token: jeecg });
    expect(steal.json).toMatchObject({ success: false, message: '未找到对应的查询' });
    const adminRows = (await list('iso/Page')).json.result;
    expect(adminRows.map((r: { records: { val: string }[] }) => r.records[0].val)).toEqual(['admin']);
    expect(
      (await list('iso/Page', jeecg)).json.result.map((r: { records: { val: string }[] }) => r.records[0].val),
    ).toEqual(['jeecg']);
  });
});
