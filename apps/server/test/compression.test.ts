import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, PreparedAnswer } from '../src/platform/prepared-answer.ts';
import { createTestApp, type TestApp } from './harness.ts';

// Bytes on the wire: JSON answers of 1 KB and more are compressed when the client asks, small ones and downloads are
// not; the web build's assets are served from their pre-compressed .br/.gz siblings.

const API = '/jeecg-boot';
const JS = `console.log(${JSON.stringify('答题系统'.repeat(400))});\n`;

let t: TestApp;
let token: string;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>t</title>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1a2b.js'), JS);
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1a2b.js.br'), brotliCompressSync(JS));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1a2b.js.gz'), gzipSync(JS));
  t = await createTestApp({ WEB_DIST: webDist });
  token = await t.login();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.req({ method: 'GET', url, token, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('API answers', () => {
  it('a JSON answer over 1 KB comes br or gzip as asked, and plain without Accept-Encoding', async () => {
    const url = `${API}/sys/dict/queryAllDictItems`;
    const plain = await get(url);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(url, 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).result).toEqual(plain.json.result);
    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).result).toEqual(plain.json.result);
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
  });

  it('a small answer stays uncompressed even when the client accepts compression', async () => {
    const res = await t.req({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json.success).toBe(true);
  });

  it('an Excel export (already a zip) is sent as it is', async () => {
    const res = await get(`${API}/sys/user/exportXls`, 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('web assets', () => {
  it('serves the .br sibling with content-encoding br, the .gz one for gzip-only clients, the file otherwise', async () => {
    const url = '/assets/app-1a2b.js';
    const br = await t.req({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JS);
    const gz = await t.req({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);
    const plain = await t.req({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
  });
});

describe('PreparedAnswer', () => {
  it('splices each timestamp into one cached gzip stream that decodes to the exact envelope', async () => {
    const result = JSON.stringify({ items: Array.from({ length: 300 }, (_, i) => ({ id: i, title: `菜单${i}` })) });
    const answer = new PreparedAnswer(result, { code: 200, message: '查询成功' });
    for (const ts of [1, 1_700_000_000_000, 9_999_999_999_999]) {
      const body = await answer.gzipWith(Buffer.from(`${ts}}`));
      const text = gunzipSync(body).toString('utf8');
      expect(JSON.parse(text)).toEqual({
        success: true,
        message: '查询成功',
        code: 200,
        result: JSON.parse(result),
        timestamp: ts,
      });
    }
  });

  it('reads Accept-Encoding like a browser means it', () => {
    const req = (v?: string) => ({ headers: v === undefined ? {} : { 'accept-encoding': v } }) as never;
    expect(acceptsGzip(req('gzip, deflate, br'))).toBe(true);
    expect(acceptsGzip(req('br;q=1.0, gzip;q=0.8'))).toBe(true);
    expect(acceptsGzip(req('*'))).toBe(true);
    expect(acceptsGzip(req('br'))).toBe(false);
    expect(acceptsGzip(req('gzip;q=0'))).toBe(false);
    expect(acceptsGzip(req())).toBe(false);
  });
});
