import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSession, type Method } from '../../../test/harness.ts';
import { sysCategory, sysDepart, sysFillRule } from '../../db/schema/index.ts';
import { DEPART_IDS } from '../../db/seed/data.ts';
import { grantPageOnly } from '../dict/admin-test-helpers.ts';
import { gmt8Day } from './handlers.ts';

const F = '/jeecg-boot/sys/fillRule';

const s = adminSession();
const { call, get } = s;

async function byCode(code: string) {
  const [row] = await s.t.app.ctx.db.select().from(sysFillRule).where(eq(sysFillRule.ruleCode, code));
  return row;
}

describe('built-in handlers', () => {
  it('shop_order_num: prefix + yyyyMMdd + zero-padded sequence, increasing', async () => {
    const a = await get(`${F}/testFillRule?ruleCode=shop_order_num`);
    expect(a.json).toMatchObject({ success: true, code: 200 });
    const day = gmt8Day();
    expect(a.json.result).toMatch(new RegExp(`^CN${day}\\d{4}$`));
    const b = await get(`${F}/testFillRule?ruleCode=shop_order_num`);
    expect(Number(b.json.result.slice(-4))).toBe(Number(a.json.result.slice(-4)) + 1);
  });

  it('shop_order_num: 50 parallel calls give 50 distinct numbers', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call('PUT', `${F}/executeRuleByCode/shop_order_num`, {})),
    );
    const numbers = results.map((r) => r.json.result as string);
    expect(results.every((r) => r.json.success)).toBe(true);
    expect(new Set(numbers).size).toBe(50);
    const seqs = numbers.map((n) => Number(n.slice(-4))).sort((x, y) => x - y);
    expect(seqs.at(-1)! - seqs[0]).toBe(49);
  });

  it('org_num_role: [orgCode, orgType] for a root or under parentId', async () => {
    const root = await call('PUT', `${F}/executeRuleByCode/org_num_role`, {});
    expect(root.json.result).toEqual(['A03', '1']);
    const child = await call('PUT', `${F}/executeRuleByCode/org_num_role`, { parentId: DEPART_IDS.A01 });
    const [a01] = await s.t.app.ctx.db.select().from(sysDepart).where(eq(sysDepart.id, DEPART_IDS.A01));
    expect(child.json.result).toEqual(['A01A06', String(Number(a01.orgType) + 1)]);
    const missing = await call('PUT', `${F}/executeRuleByCode/org_num_role`, { parentId: 'nope' });
    expect(missing.json).toMatchObject({ success: false, message: '上级部门不存在' });
  });

  it('category_code_rule: next category code under pid', async () => {
    expect((await get(`${F}/testFillRule?ruleCode=category_code_rule`)).json.result).toBe('A04');
    const [a01] = await s.t.app.ctx.db.select().from(sysCategory).where(eq(sysCategory.code, 'A01'));
    const res = await call('PUT', `${F}/executeRuleByCode/category_code_rule`, { pid: a01.id });
    expect(res.json.result).toBe('A01A05');
  });

  it('executeRuleByCodeBatch: per-rule formData, else commonFormData; unknown rules answer null', async () => {
    const [a01] = await s.t.app.ctx.db.select().from(sysCategory).where(eq(sysCategory.code, 'A01'));
    const res = await call('PUT', `${F}/executeRuleByCodeBatch`, {
      commonFormData: { pid: a01.id },
      rules: [
        { ruleCode: 'category_code_rule' },
        { ruleCode: 'category_code_rule', formData: { pid: '0' } },
        { ruleCode: 'nope' },
      ],
    });
    expect(res.json).toMatchObject({
      success: true,
      result: [
        { ruleCode: 'category_code_rule', result: 'A01A05' },
        { ruleCode: 'category_code_rule', result: 'A04' },
        { ruleCode: 'nope', result: null },
      ],
    });
    expect((await call('PUT', `${F}/executeRuleByCodeBatch`, { rules: 'x' })).statusCode).toBe(400);
    expect((await call('PUT', `${F}/executeRuleByCodeBatch`, { rules: [{ formData: {} }] })).statusCode).toBe(400);
  });

  it('unknown rule code, bad form data, legacy Java class names', async () => {
    expect((await get(`${F}/testFillRule?ruleCode=nope`)).json.message).toBe('填值规则【nope】不存在');
    expect((await call('PUT', `${F}/executeRuleByCode/nope`, {})).json.message).toBe('填值规则【nope】不存在');
    expect((await call('PUT', `${F}/executeRuleByCode/category_code_rule`, [1, 2])).statusCode).toBe(400);
    const weird = await call('PUT', `${F}/executeRuleByCode/category_code_rule`, { pid: { $ne: 1 } });
    expect(weird.json).toMatchObject({ success: false, message: '参数 pid 有误' });
    await s.t.app.ctx.db.insert(sysFillRule).values([
      { id: 'legacy', ruleCode: 'legacy_cat', ruleClass: 'org.jeecg.modules.system.rule.CategoryCodeRule' },
      { id: 'evil', ruleCode: 'evil_class', ruleClass: 'java.lang.Runtime' },
    ]);
    expect((await get(`${F}/testFillRule?ruleCode=legacy_cat`)).json.result).toBe('A04');
    expect((await get(`${F}/testFillRule?ruleCode=evil_class`)).json).toMatchObject({
      success: false,
      message: '填值规则【evil_class】的实现不存在',
    });
  });
});

describe('CRUD', () => {
  it('ruleClasses lists the registry', async () => {
    const res = await get(`${F}/ruleClasses`);
    expect(res.json.result.map((r: { value: string }) => r.value)).toEqual([
      'org_num_role',
      'category_code_rule',
      'shop_order_num',
    ]);
  });

  it('add / list / queryById / edit / delete / deleteBatch with its own counter', async () => {
    const add = await call('POST', `${F}/add`, {
      ruleName: '工单号',
      ruleCode: 'ticket_no',
      ruleClass: 'shop_order_num',
      ruleParams: '{"prefix":"GD","digits":6}',
    });
    expect(add.json).toMatchObject({ success: true, message: '添加成功！' });
    const first = (await get(`${F}/testFillRule?ruleCode=ticket_no`)).json.result as string;
    expect(first).toBe(`GD${gmt8Day()}000001`);
    const row = await byCode('ticket_no');
    expect((await get(`${F}/list?ruleCode=ticket_no`)).json.result.total).toBe(1);
    expect((await get(`${F}/queryById?id=${row.id}`)).json.result).toMatchObject({ ruleClass: 'shop_order_num' });

    const edit = await call('PUT', `${F}/edit`, {
      id: row.id,
      ruleName: '工单号',
      ruleCode: 'ticket_no',
      ruleClass: 'shop_order_num',
      ruleParams: '{"prefix":"WO"}',
    });
    expect(edit.json).toMatchObject({ success: true, message: '编辑成功!' });
    expect((await get(`${F}/testFillRule?ruleCode=ticket_no`)).json.result).toBe(`WO${gmt8Day()}0002`);

    expect((await call('DELETE', `${F}/delete?id=${row.id}`)).json.message).toBe('删除成功!');
    expect((await call('DELETE', `${F}/delete?id=${row.id}`)).json.message).toBe('未找到对应数据');
    await call('POST', `${F}/add`, { ruleName: 'b', ruleCode: 'b_rule', ruleClass: 'org_num_role' });
    const b = await byCode('b_rule');
    expect((await call('DELETE', `${F}/deleteBatch?ids=${b.id}`)).json.message).toBe('批量删除成功!');
  });

  it.each([
    [{ ruleClass: 'java.lang.Runtime' }, '规则实现类不存在，请从内置规则中选择'],
    [{ ruleClass: 'org.jeecg.modules.system.rule.OrgCodeRule' }, '规则实现类不存在，请从内置规则中选择'],
    [{ ruleClass: 'shop_order_num', ruleParams: 'x' }, '规则参数必须是 JSON 对象'],
    [{ ruleClass: 'shop_order_num', ruleParams: '[1]' }, '规则参数必须是 JSON 对象'],
    [{ ruleClass: 'shop_order_num', ruleParams: '{"prefix":"<b>"}' }, /prefix/],
    [{ ruleClass: 'shop_order_num', ruleParams: '{"digits":99}' }, /digits/],
    [{ ruleClass: 'shop_order_num', ruleCode: 'shop_order_num' }, '规则编码已存在！'],
  ])('add refuses %j', async (extra, message) => {
    const res = await call('POST', `${F}/add`, { ruleName: 'x', ruleCode: 'refused', ...extra });
    expect(res.json.success).toBe(false);
    if (typeof message === 'string') expect(res.json.message).toBe(message);
    else expect(res.json.message).toMatch(message);
    expect(await byCode('refused')).toBeUndefined();
  });
});

describe('permissions', () => {
  let jeecg: string;
  beforeAll(async () => {
    jeecg = await s.t.login('jeecg', '123456');
  });
  const mutations: [Method, string, unknown?][] = [
    ['POST', `${F}/add`, { ruleName: 'x', ruleCode: 'x', ruleClass: 'org_num_role' }],
    ['PUT', `${F}/edit`, { id: 'x', ruleName: 'x', ruleCode: 'x', ruleClass: 'org_num_role' }],
    ['DELETE', `${F}/delete?id=x`],
    ['DELETE', `${F}/deleteBatch?ids=x`],
    ['GET', `${F}/testFillRule?ruleCode=shop_order_num`],
  ];

  it('forms may execute rules with a session; the page needs its menu', async () => {
    expect((await call('PUT', `${F}/executeRuleByCode/category_code_rule`, {}, jeecg)).json.success).toBe(true);
    expect((await s.t.req({ method: 'PUT', url: `${F}/executeRuleByCode/x`, payload: {} })).statusCode).toBe(401);
    expect((await get(`${F}/list`, jeecg)).statusCode).toBe(403);
  });

  it('with only the page menu: reads yes, mutations and the test 403', async () => {
    await grantPageOnly(s.t, 'test', 'system/SysFillRuleList');
    expect((await get(`${F}/list`, jeecg)).json.success).toBe(true);
    expect((await get(`${F}/ruleClasses`, jeecg)).json.success).toBe(true);
    for (const [method, url, body] of mutations) {
      expect((await call(method, url, body, jeecg)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
