import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSession, type Method } from '../../../test/harness.ts';
import { sysCategory } from '../../db/schema/index.ts';
import { grantPageOnly } from '../dict/admin-test-helpers.ts';

const C = '/jeecg-boot/sys/category';

const s = adminSession();
const { call, get } = s;

const q = encodeURIComponent;

async function byCode(code: string) {
  const [row] = await s.t.app.ctx.db.select().from(sysCategory).where(eq(sysCategory.code, code));
  return row;
}
const keysOf = (list: { code: string }[]) => list.map((n) => n.code);

describe('tree reads (widgets)', () => {
  it('loadTreeRoot: roots or the children of pcode; async=false nests everything', async () => {
    const roots = await get(`${C}/loadTreeRoot?async=true&pcode=`);
    expect(roots.json).toMatchObject({ success: true, code: 0 });
    expect(keysOf(roots.json.result)).toEqual(['A01', 'A02', 'A03']);
    const a01 = await byCode('A01');
    expect(roots.json.result[0]).toEqual({
      key: a01.id,
      title: '题目分类',
      code: 'A01',
      parentId: '0',
      leaf: false,
      value: null,
      icon: null,
      children: null,
    });
    const kids = await get(`${C}/loadTreeRoot?async=true&pcode=A01`);
    expect(keysOf(kids.json.result)).toEqual(['A01A01', 'A01A02', 'A01A03', 'A01A04']);
    expect(kids.json.result.every((n: { leaf: boolean }) => n.leaf)).toBe(true);
    const all = await get(`${C}/loadTreeRoot?async=false&pcode=`);
    const a03 = all.json.result.find((n: { code: string }) => n.code === 'A03');
    expect(a03.children[0].code).toBe('A03A01');
    expect(a03.children[0].children[0]).toMatchObject({ code: 'A03A01A01', leaf: true, children: null });
  });

  it('loadTreeRoot: unknown pcode and missing parameters', async () => {
    const res = await get(`${C}/loadTreeRoot?async=true&pcode=${q('Z99')}`);
    expect(res.json).toMatchObject({ success: false, message: '该编码【Z99】不存在，请核实!' });
    expect((await get(`${C}/loadTreeRoot?pcode=`)).statusCode).toBe(400);
    expect((await get(`${C}/loadTreeRoot?async=maybe&pcode=`)).statusCode).toBe(400);
    expect((await get(`${C}/loadTreeRoot?async=true`)).statusCode).toBe(400);
  });

  it('loadTreeChildren ?pid', async () => {
    const a02 = await byCode('A02');
    const res = await get(`${C}/loadTreeChildren?pid=${a02.id}`);
    expect(keysOf(res.json.result)).toEqual(['A02A01', 'A02A02', 'A02A03']);
    expect(keysOf((await get(`${C}/loadTreeChildren?pid=0`)).json.result)).toEqual(['A01', 'A02', 'A03']);
  });

  it('loadTreeData: pid wins, else pcode; condition as bound column = value pairs', async () => {
    expect((await get(`${C}/loadTreeData`)).json).toMatchObject({
      success: false,
      message: '加载分类字典树参数有误.[null]!',
    });
    expect((await get(`${C}/loadTreeData?pcode=nope`)).json.message).toBe('加载分类字典树参数有误.[code]!');
    expect(keysOf((await get(`${C}/loadTreeData?pcode=0`)).json.result)).toEqual(['A01', 'A02', 'A03']);
    expect(keysOf((await get(`${C}/loadTreeData?pcode=A02`)).json.result)).toHaveLength(3);
    const a01 = await byCode('A01');
    expect(keysOf((await get(`${C}/loadTreeData?pid=${a01.id}&pcode=A02`)).json.result)).toHaveLength(4);
    const cond = await get(`${C}/loadTreeData?pcode=A01&condition=${q(JSON.stringify({ name: '多选题' }))}`);
    expect(keysOf(cond.json.result)).toEqual(['A01A02']);
    const camel = await get(`${C}/loadTreeData?pcode=0&condition=${q(JSON.stringify({ has_child: '1' }))}`);
    expect(keysOf(camel.json.result)).toEqual(['A01', 'A02', 'A03']);
  });

  it.each([
    ['{bad', '操作失败，condition 不是合法的 JSON 对象'],
    ['[1]', '操作失败，condition 不是合法的 JSON 对象'],
    ['{"password":"x"}', '操作失败'],
    ['{"name = name or 1":"1"}', '操作失败'],
    ['{"create_by":"admin"}', '操作失败'],
    ['{"name":{"$ne":"x"}}', '操作失败'],
  ])('loadTreeData condition %s → %s', async (condition, message) => {
    const res = await get(`${C}/loadTreeData?pcode=0&condition=${q(condition)}`);
    expect(res.json).toMatchObject({ success: false, message });
  });

  it('loadOne: exactly one row through the column allow-list', async () => {
    const one = await get(`${C}/loadOne?field=code&val=A02A02`);
    expect(one.json).toMatchObject({ success: true, result: { code: 'A02A02', name: '中等' } });
    expect((await get(`${C}/loadOne?field=name&val=${q('不存在')}`)).json.message).toBe('查询无果');
    expect((await get(`${C}/loadOne?field=hasChild&val=1`)).json.message).toBe('查询数据异常,[hasChild]存在多个值:1');
    for (const field of ['password', 'code or 1=1', 'code) union select 1 --', 'create_by', 'salt', '']) {
      const res = await get(`${C}/loadOne?field=${q(field)}&val=A01`);
      expect(res.json.success, field).toBe(false);
      expect(res.json.message, field).toMatch(/操作失败|参数 field 有误/);
    }
  });

  it('loadDictItem: names in id order, query and path forms', async () => {
    const [a, b] = [await byCode('A01A03'), await byCode('A02A01')];
    const res = await get(`${C}/loadDictItem?ids=${b.id},nope,${a.id}`);
    expect(res.json).toMatchObject({ success: true, result: ['简单', '判断题'] });
    const echo = await get(`${C}/loadDictItem?ids=${b.id},nope&delNotExist=false`);
    expect(echo.json.result).toEqual(['简单', 'nope']);
    const path = await get(`${C}/loadDictItem/${a.id},${b.id}`);
    expect(path.json.result).toEqual(['判断题', '简单']);
    expect((await get(`${C}/loadDictItem?ids=`)).json).toMatchObject({ success: false, message: 'ids 不能为空' });
  });

  it('loadAllData: codes starting with code, 0 = all', async () => {
    const res = await get(`${C}/loadAllData?code=A01`);
    expect(res.json.result.map((r: { text: string }) => r.text)).toEqual([
      '题目分类',
      '单选题',
      '多选题',
      '判断题',
      '填空题',
    ]);
    expect((await get(`${C}/loadAllData?code=0`)).json.result.length).toBe(12);
    expect((await get(`${C}/loadAllData?code=${q('%')}`)).json.message).toBe('无数据,参数有误.[code]');
  });
});

describe('list reads (page)', () => {
  it('rootList pages pid 0 (or the given pid); a name filter searches every level', async () => {
    const res = await get(`${C}/rootList?pageNo=1&pageSize=2&column=code&order=asc`);
    expect(res.json).toMatchObject({ success: true, code: 0 });
    expect(res.json.result.total).toBe(3);
    expect(keysOf(res.json.result.records)).toEqual(['A01', 'A02']);
    const a01 = await byCode('A01');
    expect((await get(`${C}/rootList?pid=${a01.id}`)).json.result.total).toBe(4);
    const search = await get(`${C}/rootList?name=${q('*单选*')}`);
    expect(keysOf(search.json.result.records)).toEqual(['A01A01']);
  });

  it('childList, getChildListBatch, queryById, checkCode', async () => {
    const [a01, a02] = [await byCode('A01'), await byCode('A02')];
    expect(keysOf((await get(`${C}/childList?pid=${a01.id}`)).json.result)).toHaveLength(4);
    const batch = await get(`${C}/getChildListBatch?parentIds=${a01.id},${a02.id}`);
    expect(batch.json).toMatchObject({ success: true, code: 200, result: { total: 7, current: 1 } });
    expect((await get(`${C}/queryById?id=${a01.id}`)).json.result).toMatchObject({ code: 'A01', hasChild: '1' });
    expect((await get(`${C}/queryById?id=nope`)).json.message).toBe('未找到对应实体');
    expect((await get(`${C}/checkCode?pid=${a01.id}&code=A01A09`)).json).toMatchObject({ success: true });
    expect((await get(`${C}/checkCode?pid=${a01.id}&code=B01`)).json.message).toBe('编码不符合规范,须以"A01"开头!');
    expect((await get(`${C}/checkCode?pid=${a01.id}&code=`)).json.message).toBe('错误,类型编码为空!');
  });
});

describe('add / edit / delete', () => {
  it('add generates codes: next root, first child, next child; the parent gets has_child 1', async () => {
    const root = await call('POST', `${C}/add`, { name: '新根', code: 'IGNORED', pid: '' });
    expect(root.json).toMatchObject({ success: true, code: 200, message: '添加成功！' });
    const a04 = await byCode('A04');
    expect(a04).toMatchObject({ name: '新根', pid: '0', hasChild: '0', createBy: 'admin' });
    await call('POST', `${C}/add`, { name: '子一', pid: a04.id });
    await call('POST', `${C}/add`, { name: '子二', pid: a04.id });
    expect(await byCode('A04A01')).toMatchObject({ name: '子一', pid: a04.id });
    expect(await byCode('A04A02')).toMatchObject({ name: '子二' });
    expect((await byCode('A04')).hasChild).toBe('1');
    const lazy = await get(`${C}/loadTreeRoot?async=true&pcode=`);
    expect(lazy.json.result.find((n: { code: string }) => n.code === 'A04').leaf).toBe(false);
  });

  it('parallel adds under one parent all get distinct codes', async () => {
    const a02 = await byCode('A02');
    const results = await Promise.all(
      // more parallel adds than the unique-violation retry budget: they must queue, not race
      Array.from({ length: 16 }, (_, i) => call('POST', `${C}/add`, { name: `并发${i}`, pid: a02.id })),
    );
    expect(results.map((r) => r.json.message).filter((m, i) => !results[i].json.success)).toEqual([]);
    const kids = (await get(`${C}/loadTreeChildren?pid=${a02.id}`)).json.result;
    expect(new Set(keysOf(kids)).size).toBe(19);
    expect(keysOf(kids).at(-1)).toBe('A02A19');
  });

  it('add: bad input', async () => {
    expect((await call('POST', `${C}/add`, { name: 'x', pid: 'nope' })).json.message).toBe('上级分类不存在');
    const noName = await call('POST', `${C}/add`, { pid: '0' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json.message).toMatch(/类型名称不能为空/);
  });

  it('edit renames; moving is refused; unknown id', async () => {
    const node = await byCode('A04A01');
    const res = await call('PUT', `${C}/edit`, { id: node.id, name: '子一改', pid: node.pid, code: 'X' });
    expect(res.json).toMatchObject({ success: true, message: '修改成功!' });
    expect(await byCode('A04A01')).toMatchObject({ name: '子一改', updateBy: 'admin' });
    const move = await call('PUT', `${C}/edit`, { id: node.id, name: 'x', pid: '0' });
    expect(move.json.success).toBe(false);
    expect((await call('PUT', `${C}/edit`, { id: 'nope', name: 'x' })).json.message).toBe('未找到对应实体');
  });

  it('delete removes the subtree; the parent has_child returns to 0 when empty', async () => {
    const [c1, c2] = [await byCode('A04A01'), await byCode('A04A02')];
    await call('POST', `${C}/add`, { name: '孙', pid: c1.id });
    expect(await byCode('A04A01A01')).toBeDefined();
    const del = await call('DELETE', `${C}/delete?id=${c1.id}`);
    expect(del.json).toMatchObject({ success: true, message: '删除成功!' });
    expect(await byCode('A04A01A01')).toBeUndefined();
    expect((await byCode('A04')).hasChild).toBe('1');
    await call('DELETE', `${C}/deleteBatch?ids=${c2.id}`);
    expect((await byCode('A04')).hasChild).toBe('0');
    const a03 = await byCode('A03');
    await call('DELETE', `${C}/deleteBatch?ids=${a03.id},nope`);
    expect(await byCode('A03A01A01')).toBeUndefined();
    expect((await call('DELETE', `${C}/delete?id=nope`)).json.message).toBe('未找到对应实体');
    expect((await call('DELETE', `${C}/deleteBatch?ids=`)).json.message).toBe('参数不识别！');
  });
});

describe('permissions', () => {
  let jeecg: string;
  beforeAll(async () => {
    jeecg = await s.t.login('jeecg', '123456');
  });
  const mutations: [Method, string, unknown?][] = [
    ['POST', `${C}/add`, { name: 'x' }],
    ['PUT', `${C}/edit`, { id: 'x', name: 'x' }],
    ['DELETE', `${C}/delete?id=x`],
    ['DELETE', `${C}/deleteBatch?ids=x`],
  ];

  it('the page reads need the menu; widget reads only a session', async () => {
    expect((await get(`${C}/rootList`, jeecg)).statusCode).toBe(403);
    expect((await get(`${C}/childList?pid=0`, jeecg)).statusCode).toBe(403);
    expect((await get(`${C}/loadTreeRoot?async=true&pcode=`, jeecg)).json.success).toBe(true);
    expect((await s.t.req({ method: 'GET', url: `${C}/loadTreeRoot?async=true&pcode=` })).statusCode).toBe(401);
  });

  it('with only the page menu: reads yes, mutations 403', async () => {
    await grantPageOnly(s.t, 'test', 'system/SysCategoryList');
    expect((await get(`${C}/rootList`, jeecg)).json.success).toBe(true);
    for (const [method, url, body] of mutations) {
      expect((await call(method, url, body, jeecg)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
