import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminSession } from '../../../test/harness.ts';
import { sysDict, sysDictItem } from '../../db/schema/index.ts';
import { DEPART_IDS } from '../../db/seed/data.ts';
import { seedId } from '../../db/seed/ids.ts';
import { SIGN_MESSAGES } from '../../platform/sign.ts';
import { qs, signedGet, signedHeaders, specPath } from './test-helpers.ts';

const B = '/jeecg-boot/sys/dict';

const s = adminSession();

const get = (url: string) => signedGet(s.t, url, s.token);
const opt = (value: string, text: string) => ({ value, text, title: text, label: text });

describe('access', () => {
  it.each([
    `${B}/getDictItems/sex`,
    `${B}/loadDict/sys_user,realname,username?keyword=`,
    `${B}/loadDictOrderByValue/sys_user,realname,username?keyword=`,
    `${B}/loadDictItem/sys_user,realname,username?key=admin`,
    `${B}/loadTreeData${qs({ pid: '', pidField: 'parent_id', tableName: 'sys_depart', text: 'depart_name', code: 'id', hasChildField: '', condition: '' })}`,
    `${B}/queryAllDictItems`,
    `${B}/getDictText/sex/1`,
    `${B}/refleshCache`,
  ])('401 without a session: %s', async (url) => {
    const res = await signedGet(s.t, url);
    expect(res.statusCode).toBe(401);
    expect(res.json.message).toContain('Token失效');
  });

  it('401 with a forged token', async () => {
    const res = await signedGet(s.t, `${B}/getDictItems/sex`, 'x'.repeat(64));
    expect(res.statusCode).toBe(401);
  });
});

describe('X-Sign on the signed URLs', () => {
  const url = `${B}/getDictItems/sys_user,realname,username?_t=1`;

  it('accepts a signed request (and _t is not signed)', async () => {
    const headers = signedHeaders(s.t, `${B}/getDictItems/sys_user,realname,username`);
    const res = await s.t.req({ method: 'GET', url, token: s.token, headers });
    expect(res.json.success).toBe(true);
  });

  it('refuses a request without the headers (they are required)', async () => {
    const res = await s.t.req({ method: 'GET', url, token: s.token });
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ success: false, code: 500, message: SIGN_MESSAGES.timestampFormat });
  });

  it('refuses a missing or wrong signature and an old timestamp', async () => {
    const good = signedHeaders(s.t, url);
    const noSign = await s.t.req({
      method: 'GET',
      url,
      token: s.token,
      headers: { 'X-TIMESTAMP': good['X-TIMESTAMP'] },
    });
    expect(noSign.json).toMatchObject({ success: false, code: 500, message: 'Sign签名校验失败！' });
    const other = signedHeaders(s.t, `${B}/getDictItems/sys_user,realname,phone`);
    const wrong = await s.t.req({ method: 'GET', url, token: s.token, headers: other });
    expect(wrong.json).toMatchObject({ success: false, message: 'Sign签名校验失败！' });
    const old = signedHeaders(s.t, url, new Date(Date.now() - 10 * 60_000));
    const expired = await s.t.req({ method: 'GET', url, token: s.token, headers: old });
    expect(expired.json).toMatchObject({ success: false, message: '操作失败，签名验证失败:X-TIMESTAMP已过期' });
  });

  it('the signature covers the query parameters', async () => {
    const signedFor = signedHeaders(s.t, `${B}/loadDict/sys_user,realname,username?keyword=adm`);
    const res = await s.t.req({
      method: 'GET',
      url: `${B}/loadDict/sys_user,realname,username?keyword=zh`,
      token: s.token,
      headers: signedFor,
    });
    expect(res.json.message).toBe('Sign签名校验失败！');
  });

  it('unsigned URLs do not need it', async () => {
    const res = await s.t.req({ method: 'GET', url: `${B}/queryAllDictItems`, token: s.token });
    expect(res.json.success).toBe(true);
  });
});

describe('GET getDictItems/{dictCode}', () => {
  it('plain code: all items in sort order, code 0', async () => {
    const res = await get(`${B}/getDictItems/priority`);
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ success: true, code: 0, message: '' });
    expect(res.json.result).toEqual([opt('L', '低'), opt('M', '中'), opt('H', '高')]);
  });

  it('plain code: unknown code → empty list; hostile text is only a value', async () => {
    expect((await get(`${B}/getDictItems/nope`)).json.result).toEqual([]);
    expect((await get(`${B}/getDictItems/${specPath("sex' or '1'='1")}`)).json).toMatchObject({
      success: true,
      result: [],
    });
  });

  it('table dictionary, with and without a condition', async () => {
    const all = await get(`${B}/getDictItems/sys_user,realname,username`);
    expect(all.json.result).toEqual([opt('admin', '管理员'), opt('jeecg', 'jeecg'), opt('zhangsan', '张三')]);
    const some = await get(`${B}/getDictItems/${specPath("sys_user,realname,username,org_code='A01'")}`);
    expect(some.json.result).toEqual([opt('admin', '管理员')]);
    const vars = await get(`${B}/getDictItems/${specPath("sys_user,realname,username,username='#{sys_user_code}'")}`);
    expect(vars.json.result).toEqual([opt('admin', '管理员')]);
    const depart = await get(`${B}/getDictItems/${specPath("sys_depart,depart_name,org_code,org_category='1'")}`);
    expect(depart.json.result).toEqual([opt('A01', '北京国炬软件'), opt('A02', '北京卓尔互动')]);
    const tenant = await get(`${B}/getDictItems/sys_tenant,name,id`);
    expect(tenant.json.result).toEqual([opt('1', '北京租户001')]);
  });

  it.each([
    ['sys_user,realname', '字典Code格式不正确！'],
    ['a,b', '字典Code格式不正确！'],
    ['sys_user,password,id', '操作失败'],
    ['sys_log,request_param,id', '操作失败'],
    ["sys_user,realname,username,status='1' or 1=1", '操作失败'],
    ["sys_user,realname,username,username='#{sys_password}'", '操作失败'],
  ])('%s → %s', async (spec, message) => {
    const res = await get(`${B}/getDictItems/${specPath(spec)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ success: false, code: 500, message, result: null });
  });

  it('empty code → 字典Code不能为空!', async () => {
    const res = await get(`${B}/getDictItems/`);
    expect(res.json).toMatchObject({ success: false, message: '字典Code不能为空!' });
    const blank = await get(`${B}/getDictItems/%20`);
    expect(blank.json).toMatchObject({ success: false, message: '字典Code不能为空!' });
  });

  it('oversized code is refused without reaching the handler', async () => {
    // the router's maxParamLength (500) answers first: 400/414, or 404 when the web app's static wildcard is mounted
    // (a built apps/web/dist) and the over-long path falls through to the not-found envelope
    const res = await get(`${B}/getDictItems/${'a'.repeat(600)}`);
    expect([400, 404, 414]).toContain(res.statusCode);
    expect(res.json).toMatchObject({ success: false });
    expect(res.body).not.toMatch(/stack|\.ts:/);
    const long = await get(`${B}/getDictItems/${'a'.repeat(480)},b,c`);
    expect(long.json).toMatchObject({ success: false, message: '操作失败' });
  });
});

describe('GET loadDict/{dictCode}', () => {
  const load = (spec: string, params: Record<string, string | number>) =>
    get(`${B}/loadDict/${specPath(spec)}${qs(params)}`);

  it('searches text or code (case-insensitive), empty keyword = first rows', async () => {
    expect((await load('sys_user,realname,username', { keyword: 'ZHANG' })).json.result).toEqual([
      opt('zhangsan', '张三'),
    ]);
    expect((await load('sys_user,realname,username', { keyword: '管理' })).json.result).toEqual([
      opt('admin', '管理员'),
    ]);
    const all = await load('sys_user,realname,username', { keyword: '' });
    expect(all.json).toMatchObject({ success: true, code: 0 });
    expect(all.json.result).toHaveLength(3);
    expect((await load('sys_user,realname,username', { keyword: '', pageSize: 2 })).json.result).toHaveLength(2);
    expect((await load('sys_user,realname,username', { keyword: '', pageSize: 99999 })).json.result).toHaveLength(3);
  });

  it('a comma keyword matches text or code in the list', async () => {
    const res = await load('sys_user,realname,username', { keyword: 'admin,张三' });
    expect(res.json.result).toEqual([opt('admin', '管理员'), opt('zhangsan', '张三')]);
  });

  it('wildcards in the keyword are literal', async () => {
    expect((await load('sys_user,realname,username', { keyword: '%' })).json.result).toEqual([]);
    expect((await load('sys_user,realname,username', { keyword: '_' })).json.result).toEqual([]);
    expect((await load('sys_user,realname,username', { keyword: "' or 1=1 --" })).json.result).toEqual([]);
  });

  it('accepts a condition', async () => {
    const res = await load("sys_user,realname,username,org_code='A01A05'", { keyword: '' });
    expect(res.json.result).toEqual([opt('jeecg', 'jeecg')]);
  });

  it.each([
    ['sex', { keyword: '' }, 200, '字典Code格式不正确！'],
    ['sys_user,realname', { keyword: '' }, 200, '字典Code格式不正确！'],
    ['sys_user,password,username', { keyword: '' }, 200, '操作失败'],
    ['sys_user,realname,username', {}, 400, '参数 keyword 有误：缺少该参数'],
    ['sys_user,realname,username', { keyword: '', pageSize: 'abc' }, 400, undefined],
    ['sys_user,realname,username', { keyword: '', pageSize: '0' }, 400, undefined],
    ['sys_user,realname,username', { keyword: 'x'.repeat(1001) }, 400, undefined],
  ])('%s %j → %s', async (spec, params, status, message) => {
    const res = await load(spec, params);
    expect(res.statusCode).toBe(status);
    expect(res.json.success).toBe(false);
    if (message) expect(res.json.message).toBe(message);
    else expect(res.json.message).toMatch(/^参数 (pageSize|keyword) 有误：/);
  });
});

describe('GET loadDictOrderByValue/{dictCode}', () => {
  it('puts the current values in front of the first page', async () => {
    const res = await get(
      `${B}/loadDictOrderByValue/sys_user,realname,username${qs({ keyword: 'zhangsan', pageSize: 1 })}`,
    );
    expect(res.json).toMatchObject({ success: true, code: 0 });
    expect(res.json.result).toEqual([opt('zhangsan', '张三'), opt('admin', '管理员')]);
    const already = await get(
      `${B}/loadDictOrderByValue/sys_user,realname,username${qs({ keyword: 'admin', pageSize: 2 })}`,
    );
    expect(already.json.result).toEqual([opt('admin', '管理员'), opt('jeecg', 'jeecg')]);
  });

  it('same checks as loadDict', async () => {
    expect((await get(`${B}/loadDictOrderByValue/sex${qs({ keyword: '' })}`)).json.message).toBe(
      '字典Code格式不正确！',
    );
    expect((await get(`${B}/loadDictOrderByValue/sys_user,salt,id${qs({ keyword: '' })}`)).json.message).toBe(
      '操作失败',
    );
  });
});

describe('GET loadDictItem/{dictCode}', () => {
  const item = (spec: string, params: Record<string, string>) =>
    get(`${B}/loadDictItem/${specPath(spec)}${qs(params)}`);

  it('texts in key order, missing keys dropped or echoed', async () => {
    const res = await item('sys_user,realname,username', { key: 'zhangsan,nobody,admin' });
    expect(res.json).toMatchObject({ success: true, code: 0, result: ['张三', '管理员'] });
    const echo = await item('sys_user,realname,username', { key: 'zhangsan,nobody', delNotExist: 'false' });
    expect(echo.json.result).toEqual(['张三', 'nobody']);
    const dup = await item('sys_depart,depart_name,id', {
      key: `${DEPART_IDS.A02},${DEPART_IDS.A01},${DEPART_IDS.A02}`,
    });
    expect(dup.json.result).toEqual(['北京卓尔互动', '北京国炬软件', '北京卓尔互动']);
  });

  it('empty key → null result', async () => {
    expect((await item('sys_user,realname,username', { key: '' })).json).toMatchObject({ success: true, result: null });
  });

  it.each([
    ["sys_user,realname,username,org_code='A01'", { key: 'admin' }, '字典Code格式不正确！'],
    ['sex', { key: '1' }, '字典Code格式不正确！'],
    ['sys_user,salt,username', { key: 'admin' }, '操作失败'],
  ])('%s → %s', async (spec, params, message) => {
    expect((await item(spec, params)).json).toMatchObject({ success: false, message });
  });

  it('missing key → 400', async () => {
    const res = await item('sys_user,realname,username', {});
    expect(res.statusCode).toBe(400);
    expect(res.json.message).toBe('参数 key 有误：缺少该参数');
  });

  it('too many keys → 400', async () => {
    const res = await item('sys_user,realname,username', { key: Array(1001).fill('a').join(',') });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET loadTreeData', () => {
  const tree = (p: Partial<Record<string, string>>) =>
    get(
      `${B}/loadTreeData${qs({
        pid: '',
        pidField: 'parent_id',
        tableName: 'sys_depart',
        text: 'depart_name',
        code: 'id',
        hasChildField: '',
        condition: '',
        ...p,
      } as Record<string, string>)}`,
    );
  const node = (key: string, title: string, parentId: string, leaf = false) => ({
    key,
    title,
    parentId,
    leaf,
    code: null,
    value: null,
    icon: null,
    children: null,
  });

  it('roots when pid is empty, children of a pid', async () => {
    const roots = await tree({});
    expect(roots.json).toMatchObject({ success: true, code: 0 });
    expect(roots.json.result).toEqual(
      [node(DEPART_IDS.A01, '北京国炬软件', ''), node(DEPART_IDS.A02, '北京卓尔互动', '')].sort((a, b) =>
        a.key < b.key ? -1 : 1,
      ),
    );
    const kids = await tree({ pid: DEPART_IDS.A01, code: 'org_code' });
    expect(kids.json.result.map((n: { key: string }) => n.key)).toEqual(['A01A03', 'A01A04', 'A01A05']);
    expect(kids.json.result[0].parentId).toBe(DEPART_IDS.A01);
  });

  it('leaf follows hasChildField (≠ "1" → leaf)', async () => {
    const res = await tree({ pid: DEPART_IDS.A01, code: 'org_code', hasChildField: 'org_category' });
    expect(res.json.result.every((n: { leaf: boolean }) => n.leaf === true)).toBe(true);
    const roots = await tree({ hasChildField: 'org_category' });
    expect(roots.json.result.every((n: { leaf: boolean }) => n.leaf === false)).toBe(true); // org_category '1'
  });

  it('condition keys are bound equality on allowed columns', async () => {
    const res = await tree({
      pid: DEPART_IDS.A01,
      code: 'org_code',
      condition: JSON.stringify({ depart_name: '财务部' }),
    });
    expect(res.json.result.map((n: { key: string }) => n.key)).toEqual(['A01A04']);
  });

  it.each([
    [{ condition: '{bad' }, '操作失败，condition 不是合法的 JSON 对象'],
    [{ condition: '[1]' }, '操作失败，condition 不是合法的 JSON 对象'],
    [{ condition: '{"1=1 or depart_name":"x"}' }, '操作失败'],
    [{ condition: '{"memo":"x"}' }, '操作失败'],
    [{ pidField: 'parent_id or 1=1 --' }, '操作失败'],
    [{ pidField: 'parent_id) union select password,salt,id from sys_user --' }, '操作失败'],
    [{ hasChildField: 'salt' }, '操作失败'],
    [{ tableName: 'sys_user', text: 'password', code: 'id', pidField: 'org_code' }, '操作失败'],
    [{ tableName: 'sys_permission', text: 'name', code: 'id' }, '操作失败'],
    [{ text: 'depart_name,(select 1)' }, '操作失败'],
  ])('%j → %s', async (p, message) => {
    const res = await tree(p);
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ success: false, code: 500, message });
  });

  it('all parameters are required', async () => {
    const res = await get(
      `${B}/loadTreeData${qs({ pid: '', tableName: 'sys_depart', text: 'depart_name', code: 'id' })}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json.message).toMatch(/^参数 (pidField|hasChildField|condition) 有误：缺少该参数$/);
  });
});

describe('GET queryAllDictItems, getDictText; ANY refleshCache', () => {
  it('maps every non-deleted dictionary to its enabled items (code 200)', async () => {
    const res = await s.t.req({ method: 'GET', url: `${B}/queryAllDictItems`, token: s.token });
    expect(res.json).toMatchObject({ success: true, code: 200 });
    const map = res.json.result as Record<string, unknown[]>;
    expect(map.sex).toEqual([opt('1', '男'), opt('2', '女')]);
    expect(Object.keys(map)).toContain('rule_conditions');
    expect(Object.keys(map).length).toBeGreaterThanOrEqual(20);
  });

  it('getDictText answers the text or null (code 0)', async () => {
    expect((await s.t.req({ method: 'GET', url: `${B}/getDictText/sex/2`, token: s.token })).json).toMatchObject({
      success: true,
      code: 0,
      result: '女',
    });
    expect((await s.t.req({ method: 'GET', url: `${B}/getDictText/sex/9`, token: s.token })).json.result).toBeNull();
    expect((await s.t.req({ method: 'GET', url: `${B}/getDictText/nope/1`, token: s.token })).json.result).toBeNull();
  });

  it('serves from the cache until refleshCache (any method) clears it', async () => {
    const db = s.t.app.ctx.db;
    const sexId = seedId('dict:sex');
    await get(`${B}/getDictItems/sex`); // warm
    await db
      .update(sysDictItem)
      .set({ itemText: '男士' })
      .where(and(eq(sysDictItem.dictId, sexId), eq(sysDictItem.itemValue, '1')));
    await db
      .update(sysDictItem)
      .set({ status: 0 })
      .where(and(eq(sysDictItem.dictId, sexId), eq(sysDictItem.itemValue, '2')));
    await db.update(sysDict).set({ delFlag: 1 }).where(eq(sysDict.dictCode, 'yn'));
    // a change made behind the API's back is not seen yet (the dictionary CRUD calls invalidateDictCache)
    expect((await get(`${B}/getDictItems/sex`)).json.result[0].text).toBe('男');

    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const res = await s.t.req({ method, url: `${B}/refleshCache`, token: s.token });
      expect(res.statusCode).toBe(200);
      expect(res.json).toMatchObject({ success: true, code: 0, result: null });
    }
    // getDictItems: every status; queryAllDictItems: enabled only, deleted dictionaries absent
    expect((await get(`${B}/getDictItems/sex`)).json.result).toEqual([opt('1', '男士'), opt('2', '女')]);
    const all = (await s.t.req({ method: 'GET', url: `${B}/queryAllDictItems`, token: s.token })).json.result;
    expect(all.sex).toEqual([opt('1', '男士')]);
    expect(all).not.toHaveProperty('yn');
    expect((await s.t.req({ method: 'GET', url: `${B}/getDictText/sex/1`, token: s.token })).json.result).toBe('男士');
  });
});
