import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSession, type Method } from '../../../test/harness.ts';
import { sysCheckRule } from '../../db/schema/index.ts';
import { grantPageOnly } from '../dict/admin-test-helpers.ts';

const R = '/jeecg-boot/sys/checkRule';

const s = adminSession();
const { call, get } = s;

/** the UI encodes the value once itself; the query string encodes it again */
const check = (ruleCode: string, value: string, as = s.token) =>
  get(`${R}/checkByCode?ruleCode=${ruleCode}&value=${encodeURIComponent(encodeURIComponent(value))}`, as);

const rule = (pattern: string, message = '不符合', digits = '*') => JSON.stringify([{ digits, pattern, message }]);

async function byCode(code: string) {
  const [row] = await s.t.app.ctx.db.select().from(sysCheckRule).where(eq(sysCheckRule.ruleCode, code));
  return row;
}

describe('GET checkByCode', () => {
  it('passes with ok() and fails with the rule message and result', async () => {
    const pass = await check('common', 'abc_123');
    expect(pass.json).toMatchObject({ success: true, code: 200, result: null });
    const fail = await check('common', '1abc');
    expect(fail.json).toMatchObject({
      success: false,
      code: 500,
      message: '第一位只能是字母',
      result: { digits: '1', beginIndex: 0, endIndex: 1, checkValue: '1', passed: false },
    });
    expect((await check('common', 'ab')).json.message).toBe('最少输入3位数');
    expect((await check('common', 'abcdefghijklm')).json.message).toBe('最多输入12位数');
    expect((await check('common', 'ab-c')).json.message).toBe('只能填写数字、大小写字母、下划线');
  });

  it('URL-decodes the value like the server did (special characters, Chinese)', async () => {
    expect((await check('test', '123@@@@#=O。')).json.success).toBe(true);
    expect((await check('test', '123@@@@#=O.')).json.message).toBe('必须以。结尾');
    // sent without the client's own encoding: "+" is a space for URLDecoder
    const raw = await get(`${R}/checkByCode?ruleCode=common&value=${encodeURIComponent('a+b')}`);
    expect(raw.json.message).toBe('只能填写数字、大小写字母、下划线');
    expect((await get(`${R}/checkByCode?ruleCode=common&value=${encodeURIComponent('%zz')}`)).statusCode).toBe(400);
  });

  it('unknown code → 该编码不存在; missing parameters → 400; over-long values → 400', async () => {
    expect((await check('nope', 'x')).json).toMatchObject({ success: false, message: '该编码不存在' });
    expect((await get(`${R}/checkByCode?ruleCode=common`)).statusCode).toBe(400);
    expect((await get(`${R}/checkByCode?value=a`)).statusCode).toBe(400);
    expect((await check('common', 'a'.repeat(1001))).statusCode).toBe(400);
  });

  it('a stored rule that backtracks badly answers an error within the budget', async () => {
    await s.t.app.ctx.db.insert(sysCheckRule).values({
      id: 'slow-rule',
      ruleCode: 'slow',
      ruleName: 'slow',
      ruleJson: rule('^\\d*\\d*\\d*\\d*\\d*\\d*\\d*x$'),
    });
    const t0 = Date.now();
    const res = await check('slow', '1'.repeat(1000));
    expect(res.json).toMatchObject({ success: false, message: '校验规则执行超时，请联系管理员检查该规则的正则表达式' });
    expect(Date.now() - t0).toBeLessThan(3000);
    await s.t.app.ctx.db.insert(sysCheckRule).values({ id: 'bad-rule', ruleCode: 'bad', ruleJson: '{oops' });
    expect((await check('bad', 'x')).json.message).toBe('校验规则配置有误，请联系管理员');
  });
});

describe('CRUD', () => {
  it('add / list / queryById / edit / delete / deleteBatch', async () => {
    const add = await call('POST', `${R}/add`, {
      ruleName: '手机号',
      ruleCode: 'phone_rule',
      ruleJson: rule('^1[3-9]\\d{9}$', '请输入正确手机号'),
      ruleDescription: '11位手机号',
    });
    expect(add.json).toMatchObject({ success: true, message: '添加成功！' });
    const row = await byCode('phone_rule');
    expect(row).toMatchObject({ ruleName: '手机号', createBy: 'admin' });
    expect((await check('phone_rule', '13800138000')).json.success).toBe(true);
    expect((await check('phone_rule', '12800138000')).json.message).toBe('请输入正确手机号');

    const list = await get(`${R}/list?ruleCode=phone_rule`);
    expect(list.json).toMatchObject({ success: true, result: { total: 1 } });
    expect((await get(`${R}/list?ruleName=${encodeURIComponent('*通用*')}`)).json.result.records[0].ruleCode).toBe(
      'common',
    );
    expect((await get(`${R}/queryById?id=${row.id}`)).json.result).toMatchObject({ ruleCode: 'phone_rule' });
    expect((await get(`${R}/queryById?id=nope`)).json.message).toBe('未找到对应数据');

    const dup = await call('POST', `${R}/add`, { ruleName: 'x', ruleCode: 'common', ruleJson: rule('a') });
    expect(dup.json).toMatchObject({ success: false, message: '规则编码已存在！' });

    const edit = await call('PUT', `${R}/edit`, {
      id: row.id,
      ruleName: '手机',
      ruleCode: 'phone_rule',
      ruleJson: rule('^\\d{11}$', '11位数字'),
    });
    expect(edit.json).toMatchObject({ success: true, message: '编辑成功!' });
    expect((await check('phone_rule', '12800138000')).json.success).toBe(true);
    const clash = await call('PUT', `${R}/edit`, { id: row.id, ruleName: 'x', ruleCode: 'test', ruleJson: rule('a') });
    expect(clash.json.message).toBe('规则编码已存在！');

    expect((await call('DELETE', `${R}/delete?id=${row.id}`)).json.message).toBe('删除成功!');
    expect(await byCode('phone_rule')).toBeUndefined();
    expect((await call('DELETE', `${R}/delete?id=${row.id}`)).json.message).toBe('未找到对应数据');
    await call('POST', `${R}/add`, { ruleName: 'a', ruleCode: 'del_a', ruleJson: rule('a') });
    const a = await byCode('del_a');
    expect((await call('DELETE', `${R}/deleteBatch?ids=${a.id}`)).json.message).toBe('批量删除成功!');
    expect((await call('DELETE', `${R}/deleteBatch?ids=`)).json.message).toBe('参数不识别！');
  });

  it('refuses dangerous or invalid rule JSON, nothing stored', async () => {
    for (const ruleJson of [rule('^(a+)+$'), rule('(unclosed'), '[]', 'x', rule('a', '', '*')]) {
      const res = await call('POST', `${R}/add`, { ruleName: 'x', ruleCode: 'evil', ruleJson });
      expect(res.json.success, ruleJson).toBe(false);
    }
    expect(await byCode('evil')).toBeUndefined();
    const badCode = await call('POST', `${R}/add`, { ruleName: 'x', ruleCode: 'a b', ruleJson: rule('a') });
    expect(badCode.statusCode).toBe(400);
  });
});

describe('permissions', () => {
  let jeecg: string;
  beforeAll(async () => {
    jeecg = await s.t.login('jeecg', '123456');
  });
  const mutations: [Method, string, unknown?][] = [
    ['POST', `${R}/add`, { ruleName: 'x', ruleCode: 'x', ruleJson: rule('a') }],
    ['PUT', `${R}/edit`, { id: 'x', ruleName: 'x', ruleCode: 'x', ruleJson: rule('a') }],
    ['DELETE', `${R}/delete?id=x`],
    ['DELETE', `${R}/deleteBatch?ids=x`],
  ];

  it('checkByCode needs only a session; the list needs the page', async () => {
    expect((await check('common', 'abc', jeecg)).json.success).toBe(true);
    expect((await s.t.req({ method: 'GET', url: `${R}/checkByCode?ruleCode=common&value=abc` })).statusCode).toBe(401);
    expect((await get(`${R}/list`, jeecg)).statusCode).toBe(403);
  });

  it('with only the page menu: reads yes, mutations 403', async () => {
    await grantPageOnly(s.t, 'test', 'system/SysCheckRuleList');
    expect((await get(`${R}/list`, jeecg)).json.success).toBe(true);
    for (const [method, url, body] of mutations) {
      expect((await call(method, url, body, jeecg)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
