import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { dataLogVersions, writeDataLog } from '../../platform/data-log.ts';

let t: TestApp;
let admin: string;
let low: string;
let ids: string[];

const get = (url: string, token?: string) => t.req({ method: 'GET', url: `/jeecg-boot${url}`, token });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  low = await t.login('jeecg', '123456');
  const db = t.app.ctx.db;
  await writeDataLog(db, {
    table: 'dl_page',
    id: 'row-a',
    row: { id: 'row-a', realname: '甲', phone: '1' },
    by: 'admin',
  });
  await writeDataLog(db, {
    table: 'dl_page',
    id: 'row-a',
    row: { id: 'row-a', realname: '乙', phone: '1' },
    by: 'admin',
  });
  await writeDataLog(db, { table: 'dl_page', id: 'row-b', row: { id: 'row-b', realname: '丙' } });
  ids = (await dataLogVersions(db, 'dl_page', 'row-a')).map((r) => r.id);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /sys/dataLog/list', () => {
  it('pages snapshots filtered by table and id (code 0, newest first)', async () => {
    const res = await get('/sys/dataLog/list?dataTable=dl_page&dataId=row-a&pageNo=1&pageSize=10', admin);
    expect(res.json).toMatchObject({ success: true, code: 0 });
    const page = res.json.result;
    expect(page.total).toBe(2);
    expect(page.records.map((r: { dataVersion: number }) => r.dataVersion).sort()).toEqual([1, 2]);
    expect(page.records[0]).toMatchObject({ dataTable: 'dl_page', dataId: 'row-a', createBy: 'admin' });
    expect(JSON.parse(page.records[0].dataContent)).toHaveProperty('realname');
    expect(page.records[0].createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const like = await get('/sys/dataLog/list?dataTable=dl_*', admin);
    expect(like.json.result.total).toBe(3);
  });

  it('rejects unknown sort columns (400) and needs the page (401/403)', async () => {
    expect((await get('/sys/dataLog/list?column=dataContent;drop', admin)).statusCode).toBe(400);
    expect((await get('/sys/dataLog/list')).statusCode).toBe(401);
    expect((await get('/sys/dataLog/list', low)).statusCode).toBe(403);
  });
});

describe('GET /sys/dataLog/queryCompareList', () => {
  it('answers the two snapshot rows in the order asked', async () => {
    const res = await get(`/sys/dataLog/queryCompareList?dataId1=${ids[1]}&dataId2=${ids[0]}`, admin);
    expect(res.json).toMatchObject({ success: true, code: 0 });
    expect(res.json.result.map((r: { dataVersion: number }) => r.dataVersion)).toEqual([2, 1]);
    expect(JSON.parse(res.json.result[0].dataContent).realname).toBe('乙');
  });

  it('needs both ids (400) and the compare permission (403)', async () => {
    expect((await get(`/sys/dataLog/queryCompareList?dataId1=${ids[0]}`, admin)).statusCode).toBe(400);
    expect((await get(`/sys/dataLog/queryCompareList?dataId1=${ids[0]}&dataId2=${ids[1]}`, low)).statusCode).toBe(403);
  });
});

describe('GET /sys/dataLog/queryDataVerList', () => {
  it('answers every version of one row, oldest first', async () => {
    const res = await get('/sys/dataLog/queryDataVerList?dataTable=dl_page&dataId=row-a', admin);
    expect(res.json).toMatchObject({ success: true, code: 0 });
    expect(res.json.result.map((r: { dataVersion: number }) => r.dataVersion)).toEqual([1, 2]);
  });

  it('answers 未找到版本信息 for a row without versions, 400 without parameters, 403 without the page', async () => {
    expect((await get('/sys/dataLog/queryDataVerList?dataTable=dl_page&dataId=none', admin)).json).toMatchObject({
      success: false,
      message: '未找到版本信息',
    });
    expect((await get('/sys/dataLog/queryDataVerList?dataTable=dl_page', admin)).statusCode).toBe(400);
    expect((await get('/sys/dataLog/queryDataVerList?dataTable=dl_page&dataId=row-a', low)).statusCode).toBe(403);
  });
});
