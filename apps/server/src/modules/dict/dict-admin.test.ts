import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, type Method } from '../../../test/harness.ts';
import { sysDataLog, sysDict, sysDictItem } from '../../db/schema/index.ts';
import { multipartBody } from '../common/test-helpers.ts';
import { grantPageOnly } from './admin-test-helpers.ts';
import { signedGet } from './test-helpers.ts';

const D = '/jeecg-boot/sys/dict';
const I = '/jeecg-boot/sys/dictItem';

const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dict-admin-'));
const s = adminSession({ UPLOAD_DIR: uploadDir });
const { call, get } = s;
afterAll(() => {
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

async function dictByCode(code: string) {
  const [row] = await s.t.app.ctx.db.select().from(sysDict).where(eq(sysDict.dictCode, code));
  return row;
}

async function addDict(code: string, name = `字典${code}`) {
  const res = await call('POST', `${D}/add`, { dictName: name, dictCode: code, description: '测试', type: 0 });
  expect(res.json).toMatchObject({ success: true, code: 200, message: '保存成功！' });
  return (await dictByCode(code)).id;
}

async function addItem(dictId: string, itemValue: string, itemText: string, extra: Record<string, unknown> = {}) {
  return call('POST', `${I}/add`, { dictId, itemValue, itemText, sortOrder: 1, status: 1, ...extra });
}

async function itemId(dictId: string, value: string) {
  const [row] = await s.t.app.ctx.db
    .select()
    .from(sysDictItem)
    .where(and(eq(sysDictItem.dictId, dictId), eq(sysDictItem.itemValue, value)));
  return row.id;
}

const items = async (code: string) =>
  (await signedGet(s.t, `${D}/getDictItems/${code}`, s.token)).json.result as { value: string; text: string }[];
const allItems = async () => (await get(`${D}/queryAllDictItems`)).json.result as Record<string, { value: string }[]>;

describe('GET /sys/dict/list and treeList', () => {
  it('pages the dictionaries, filters by name and code, excludes the recycle bin', async () => {
    const res = await get(`${D}/list?pageNo=1&pageSize=5`);
    expect(res.json).toMatchObject({ success: true, code: 0 });
    expect(res.json.result.records).toHaveLength(5);
    expect(res.json.result.total).toBeGreaterThanOrEqual(20);
    const byCode = await get(`${D}/list?dictCode=sex`);
    expect(byCode.json.result.records.map((r: { dictCode: string }) => r.dictCode)).toEqual(['sex']);
    const byName = await get(`${D}/list?dictName=${encodeURIComponent('*性别*')}`);
    expect(byName.json.result.records.map((r: { dictCode: string }) => r.dictCode)).toContain('sex');

    const id = await addDict('list_gone');
    await call('DELETE', `${D}/delete?id=${id}`);
    const after = await get(`${D}/list?dictCode=list_gone`);
    expect(after.json.result.total).toBe(0);
    const tree = await get(`${D}/treeList`);
    expect(tree.json.result.some((n: { dictCode: string }) => n.dictCode === 'list_gone')).toBe(false);
  });

  it('treeList answers SysDictTree nodes filtered by name', async () => {
    const res = await get(`${D}/treeList?dictName=${encodeURIComponent('性别')}`);
    expect(res.json.success).toBe(true);
    const sex = res.json.result.find((n: { dictCode: string }) => n.dictCode === 'sex');
    expect(sex).toMatchObject({ key: sex.id, title: sex.dictName, dictCode: 'sex' });
    expect(res.json.result.every((n: { dictName: string }) => n.dictName.includes('性别'))).toBe(true);
  });

  it('refuses an unknown sort column', async () => {
    const res = await get(`${D}/list?column=password&order=asc`);
    expect(res.statusCode).toBe(400);
  });
});

describe('dictionary add / edit', () => {
  it('adds with 保存成功！ and keeps dict_code unique (recycle bin included)', async () => {
    await addDict('t_unique');
    const dup = await call('POST', `${D}/add`, { dictName: '重复', dictCode: 't_unique' });
    expect(dup.json).toMatchObject({ success: false, message: '字典编码已存在！' });
    const id = (await dictByCode('t_unique')).id;
    await call('DELETE', `${D}/delete?id=${id}`);
    const again = await call('POST', `${D}/add`, { dictName: '重复', dictCode: 't_unique' });
    expect(again.json).toMatchObject({ success: false, message: '字典编码已存在！' });
  });

  it.each([
    [{ dictCode: 'x1' }, /字典名称不能为空/],
    [{ dictName: '名称' }, /字典编码不能为空/],
    [{ dictName: '名称', dictCode: 'a,b' }, /字典编码只能包含/],
    [{ dictName: '名称', dictCode: 'sys_user,realname,id' }, /字典编码只能包含/],
    [{ dictName: 'x'.repeat(101), dictCode: 'long_name' }, /长度不能超过/],
    [{ dictName: '名称', dictCode: 'bad_type', type: 7 }, /字典类型只能是 0 或 1/],
  ])('rejects %j', async (body, message) => {
    const res = await call('POST', `${D}/add`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json.success).toBe(false);
    expect(res.json.message).toMatch(message);
  });

  it('edits with 编辑成功! and writes a growing data log', async () => {
    const id = await addDict('t_edit');
    const res = await call('PUT', `${D}/edit`, {
      id,
      dictName: '改名',
      dictCode: 't_edit2',
      description: null,
      type: 1,
    });
    expect(res.json).toMatchObject({ success: true, message: '编辑成功!' });
    const row = await dictByCode('t_edit2');
    expect(row).toMatchObject({ dictName: '改名', type: 1, updateBy: 'admin' });
    const post = await call('POST', `${D}/edit`, { id, dictName: '再改', dictCode: 't_edit2' });
    expect(post.json.message).toBe('编辑成功!');
    const logs = await s.t.app.ctx.db
      .select()
      .from(sysDataLog)
      .where(and(eq(sysDataLog.dataTable, 'sys_dict'), eq(sysDataLog.dataId, id)));
    expect(logs.map((l) => l.dataVersion).sort()).toEqual([1, 2, 3]);
    expect(logs.some((l) => JSON.parse(l.dataContent ?? '{}').dictName === '再改')).toBe(true);
  });

  it('edit: unknown id, code taken by another, mass assignment ignored', async () => {
    expect((await call('PUT', `${D}/edit`, { id: 'nope', dictName: 'x', dictCode: 'nope' })).json.message).toBe(
      '未找到对应实体',
    );
    const id = await addDict('t_edit_taken');
    const taken = await call('PUT', `${D}/edit`, { id, dictName: 'x', dictCode: 'sex' });
    expect(taken.json).toMatchObject({ success: false, message: '字典编码已存在！' });
    await call('PUT', `${D}/edit`, { id, dictName: 'x', dictCode: 't_edit_taken', delFlag: 1, createBy: 'evil' });
    expect(await dictByCode('t_edit_taken')).toMatchObject({ delFlag: 0, createBy: 'admin' });
  });
});

describe('recycle bin', () => {
  it('delete → deleteList → back restores; deletePhysic purges the items too', async () => {
    const id = await addDict('t_bin');
    await addItem(id, '1', '一');
    expect((await allItems()).t_bin).toHaveLength(1);

    const del = await call('DELETE', `${D}/delete?id=${id}`);
    expect(del.json).toMatchObject({ success: true, message: '删除成功!' });
    expect(await allItems()).not.toHaveProperty('t_bin');
    const bin = await get(`${D}/deleteList`);
    expect(bin.json).toMatchObject({ success: true, code: 200 });
    expect(bin.json.result.map((d: { id: string }) => d.id)).toContain(id);

    const back = await call('PUT', `${D}/back/${id}`);
    expect(back.json).toMatchObject({ success: true, message: '操作成功!' });
    expect((await allItems()).t_bin).toHaveLength(1);
    expect((await get(`${D}/deleteList`)).json.result.map((d: { id: string }) => d.id)).not.toContain(id);

    // purge only works from the recycle bin
    expect((await call('DELETE', `${D}/deletePhysic/${id}`)).json).toMatchObject({
      success: false,
      message: '未找到对应实体',
    });
    await call('DELETE', `${D}/delete?id=${id}`);
    const purge = await call('DELETE', `${D}/deletePhysic/${id}`);
    expect(purge.json).toMatchObject({ success: true, message: '删除成功!' });
    expect(await dictByCode('t_bin')).toBeUndefined();
    const left = await s.t.app.ctx.db.select().from(sysDictItem).where(eq(sysDictItem.dictId, id));
    expect(left).toHaveLength(0);
    expect((await call('PUT', `${D}/back/${id}`)).json.message).toBe('未找到对应实体');
  });

  it('deleteBatch deletes logically; no ids → 参数不识别！; unknown id → 未找到对应实体', async () => {
    const a = await addDict('t_batch_a');
    const b = await addDict('t_batch_b');
    const res = await call('DELETE', `${D}/deleteBatch?ids=${a},${b},`);
    expect(res.json).toMatchObject({ success: true, message: '删除成功!' });
    expect((await dictByCode('t_batch_a')).delFlag).toBe(1);
    expect((await dictByCode('t_batch_b')).delFlag).toBe(1);
    expect((await call('DELETE', `${D}/deleteBatch?ids=`)).json.message).toBe('参数不识别！');
    expect((await call('DELETE', `${D}/delete?id=nope`)).json.message).toBe('未找到对应实体');
  });
});

describe('dictionary items', () => {
  let dictId: string;
  beforeAll(async () => {
    dictId = await addDict('t_items');
  });

  it('add, list by sort_order with status_dictText, duplicate value refused', async () => {
    expect((await addItem(dictId, 'b', '乙', { sortOrder: 2 })).json).toMatchObject({
      success: true,
      message: '保存成功！',
    });
    await addItem(dictId, 'a', '甲', { sortOrder: 1, status: 0 });
    const dup = await addItem(dictId, 'a', '又一个甲');
    expect(dup.json).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    const list = await get(`${I}/list?dictId=${dictId}`);
    expect(list.json).toMatchObject({ success: true, code: 0 });
    expect(
      list.json.result.records.map((r: { itemValue: string; status_dictText: string }) => [
        r.itemValue,
        r.status_dictText,
      ]),
    ).toEqual([
      ['a', '不启用'],
      ['b', '启用'],
    ]);
    const filtered = await get(`${I}/list?dictId=${dictId}&itemText=${encodeURIComponent('*乙*')}`);
    expect(filtered.json.result.records.map((r: { itemValue: string }) => r.itemValue)).toEqual(['b']);
  });

  it('dictItemCheck: free, taken, own value on edit', async () => {
    const free = await get(`${I}/dictItemCheck?dictId=${dictId}&itemValue=zzz`);
    expect(free.json).toMatchObject({ success: true, code: 200, message: '该值可用！' });
    const taken = await get(`${I}/dictItemCheck?dictId=${dictId}&itemValue=b`);
    expect(taken.json).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    const own = await get(`${I}/dictItemCheck?dictId=${dictId}&itemValue=b&id=${await itemId(dictId, 'b')}`);
    expect(own.json.message).toBe('该值可用！');
    const otherDict = await get(`${I}/dictItemCheck?dictId=nope&itemValue=b`);
    expect(otherDict.json.message).toBe('该值可用！');
  });

  it('edit with 编辑成功!; value collision refused; unknown dictionary refused', async () => {
    const id = await itemId(dictId, 'b');
    const res = await call('PUT', `${I}/edit`, {
      id,
      dictId,
      itemValue: 'b2',
      itemText: '乙二',
      sortOrder: 5,
      status: 1,
    });
    expect(res.json).toMatchObject({ success: true, message: '编辑成功!' });
    const clash = await call('PUT', `${I}/edit`, { id, dictId, itemValue: 'a', itemText: '乙二' });
    expect(clash.json.message).toBe('该值不可用，系统中已存在！');
    expect((await addItem('nope', 'x', 'x')).json.message).toBe('字典不存在或已删除');
    const bad = await call('POST', `${I}/add`, { dictId, itemValue: '', itemText: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.message).toMatch(/数据值不能为空/);
    const badSort = await call('POST', `${I}/add`, { dictId, itemValue: 'q', itemText: 'x', sortOrder: 'abc' });
    expect(badSort.json.message).toMatch(/排序值必须是整数/);
  });

  it('delete and deleteBatch remove items physically', async () => {
    await addItem(dictId, 'c', '丙');
    await addItem(dictId, 'd', '丁');
    const one = await call('DELETE', `${I}/delete?id=${await itemId(dictId, 'c')}`);
    expect(one.json).toMatchObject({ success: true, message: '删除成功!' });
    const batch = await call('DELETE', `${I}/deleteBatch?ids=${await itemId(dictId, 'd')}`);
    expect(batch.json.message).toBe('删除成功!');
    expect((await items('t_items')).map((i) => i.value)).toEqual(['a', 'b2']);
    expect((await call('DELETE', `${I}/delete?id=nope`)).json.message).toBe('未找到对应实体');
  });
});

describe('every change invalidates the dictionary cache', () => {
  it('getDictItems and queryAllDictItems follow adds, edits, disables and deletes at once', async () => {
    const dictId = await addDict('t_cache');
    expect(await items('t_cache')).toEqual([]); // cached empty
    await addItem(dictId, '1', '一');
    expect((await items('t_cache')).map((i) => i.text)).toEqual(['一']);
    const id = await itemId(dictId, '1');
    await call('PUT', `${I}/edit`, { id, dictId, itemValue: '1', itemText: '壹', status: 0 });
    expect((await items('t_cache')).map((i) => i.text)).toEqual(['壹']);
    expect((await allItems()).t_cache).toEqual([]); // disabled items are not in the map
    await call('PUT', `${I}/edit`, { id, dictId, itemValue: '1', itemText: '壹', status: 1 });
    expect((await allItems()).t_cache.map((i) => i.value)).toEqual(['1']);
    await call('DELETE', `${I}/delete?id=${id}`);
    expect(await items('t_cache')).toEqual([]);
    await call('PUT', `${D}/edit`, { id: dictId, dictName: 'x', dictCode: 't_cache_renamed' });
    const map = await allItems();
    expect(map).toHaveProperty('t_cache_renamed');
    expect(map).not.toHaveProperty('t_cache');
  });
});

describe('permissions', () => {
  let jeecg: string;
  beforeAll(async () => {
    jeecg = await s.t.login('jeecg', '123456');
  });

  const mutations: [Method, string, unknown?][] = [
    ['POST', `${D}/add`, { dictName: 'x', dictCode: 'perm_x' }],
    ['PUT', `${D}/edit`, { id: 'x', dictName: 'x', dictCode: 'x' }],
    ['POST', `${D}/edit`, { id: 'x', dictName: 'x', dictCode: 'x' }],
    ['DELETE', `${D}/delete?id=x`],
    ['DELETE', `${D}/deleteBatch?ids=x`],
    ['GET', `${D}/deleteList`],
    ['DELETE', `${D}/deletePhysic/x`],
    ['PUT', `${D}/back/x`],
    ['GET', `${D}/exportXls`],
    ['POST', `${D}/importExcel`],
    ['POST', `${I}/add`, { dictId: 'x', itemText: 'x', itemValue: 'x' }],
    ['PUT', `${I}/edit`, { id: 'x', dictId: 'x', itemText: 'x', itemValue: 'x' }],
    ['DELETE', `${I}/delete?id=x`],
    ['DELETE', `${I}/deleteBatch?ids=x`],
  ];

  it('a user without the page reads nothing', async () => {
    for (const url of [`${D}/list`, `${D}/treeList`, `${I}/list?dictId=x`, `${I}/dictItemCheck?dictId=x&itemValue=1`]) {
      expect((await get(url, jeecg)).statusCode, url).toBe(403);
    }
  });

  it('a user with only the page menu reads, and every mutation is 403', async () => {
    await grantPageOnly(s.t, 'test', 'system/DictList');
    expect((await get(`${D}/list`, jeecg)).json.success).toBe(true);
    expect((await get(`${I}/list?dictId=x`, jeecg)).json.success).toBe(true);
    for (const [method, url, body] of mutations) {
      const res = await call(method, url, body, jeecg);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await dictByCode('perm_x')).toBeUndefined();
  });

  it('401 without a session', async () => {
    expect((await s.t.req({ method: 'GET', url: `${D}/list` })).statusCode).toBe(401);
    expect((await s.t.req({ method: 'POST', url: `${D}/add`, payload: {} })).statusCode).toBe(401);
  });
});

describe('Excel export / import', () => {
  async function readXlsx(buf: Buffer): Promise<string[][]> {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as never);
    const out: string[][] = [];
    wb.worksheets[0].eachRow((row) => {
      out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
    });
    return out;
  }
  async function workbook(rows: unknown[][]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('数据字典');
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  const HEADER = ['字典名称', '字典编码', '字典描述', '字典类型', '名称', '数据值', '描述', '排序值', '是否启用'];

  it('exports dictionaries with their items, one row per item', async () => {
    const res = await s.t.req({ method: 'GET', url: `${D}/exportXls?dictCode=sex`, token: s.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('attachment');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1).map((r) => [r[1], r[5], r[8]])).toEqual([
      ['sex', '1', '启用'],
      ['sex', '2', '启用'],
    ]);
  });

  it('imports new dictionaries and items, reports bad rows (code 201)', async () => {
    const buf = await workbook([
      HEADER,
      ['导入字典', 'imp_one', '说明', 0, '甲', 'a', '', 1, '启用'],
      ['', 'imp_one', '', '', '乙', 'b', '', 2, '不启用'],
      ['', 'imp_one', '', '', '重复', 'a', '', 3, '启用'],
      ['', 'sex', '', '', '未知', '9', '', 3, '启用'],
      ['', 'sex', '', '', '男2', '1', '', 3, '启用'],
      ['无项字典', 'imp_empty', '', 1, '', '', '', '', ''],
      ['', 'imp_no_name', '', '', 'x', 'x', '', '', ''],
      ['坏编码', 'a,b', '', '', '', '', '', '', ''],
    ]);
    const { payload, headers } = multipartBody({}, { name: 'dict.xlsx', content: buf });
    const res = await s.t.req({ method: 'POST', url: `${D}/importExcel`, payload, headers, token: s.token });
    expect(res.json).toMatchObject({ success: true, code: 201 });
    expect(res.json.result.msg).toBe('总上传行数：8，已导入行数：4，错误行数：4');
    const report = fs.readFileSync(
      path.join(uploadDir, res.json.result.fileUrl.replace('/sys/common/static/', '')),
      'utf8',
    );
    expect(report).toContain('第4行：数据值【a】该值不可用，系统中已存在！');
    expect(report).toContain('第6行：数据值【1】该值不可用，系统中已存在！');
    expect(report).toContain('第8行：字典名称不能为空');
    expect(report).toContain('第9行：字典编码只能包含');
    expect((await items('imp_one')).map((i) => i.value)).toEqual(['a', 'b']);
    expect((await allItems()).imp_one.map((i) => i.value)).toEqual(['a']);
    expect((await items('sex')).map((i) => i.value)).toEqual(['1', '2', '9']);
    expect(await dictByCode('imp_empty')).toMatchObject({ dictName: '无项字典', type: 1 });
  });

  it('an import with only good rows answers 文件导入成功！数据行数：N', async () => {
    const buf = await workbook([HEADER, ['好字典', 'imp_ok', '', 0, '一', '1', '', 1, '启用']]);
    const { payload, headers } = multipartBody({}, { name: 'dict.xlsx', content: buf });
    const res = await s.t.req({ method: 'POST', url: `${D}/importExcel`, payload, headers, token: s.token });
    expect(res.json).toMatchObject({ success: true, message: '文件导入成功！数据行数：1' });
  });
});
