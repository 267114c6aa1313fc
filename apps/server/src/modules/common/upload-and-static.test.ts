import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { MAGIC, multipartBody } from './test-helpers.ts';

let t: TestApp;
let token: string;
let uploadDir: string;
let outside: string;

const UPLOAD = '/jeecg-boot/sys/common/upload';
const STATIC = '/jeecg-boot/sys/common/static';

function upload(
  file: { name: string; content: Buffer | string; field?: string } | undefined,
  fields: Record<string, string> = {},
  tok: string | null = token,
) {
  const { payload, headers } = multipartBody(fields, file);
  return t.req({ method: 'POST', url: UPLOAD, payload, headers, token: tok ?? undefined });
}

function filesOnDisk(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(path.relative(uploadDir, p));
    }
  };
  if (fs.existsSync(uploadDir)) walk(uploadDir);
  return out.sort();
}

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-test-'));
  outside = fs.mkdtempSync(path.join(os.tmpdir(), 'outside-'));
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'top secret');
  t = await createTestApp({ UPLOAD_DIR: uploadDir });
  token = await t.login();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

describe('POST /sys/common/upload', () => {
  it('stores an image under temp/ with a server-made name and answers the relative path (code 0)', async () => {
    const res = await upload({ name: '../../我的 头像.PNG', content: MAGIC.png }, { isup: '1' });
    expect(res.json).toMatchObject({ success: true, code: 0 });
    const rel = res.json.message as string;
    expect(rel).toMatch(/^temp\/\d{13}_[0-9a-f]{16}\.png$/);
    expect(fs.readFileSync(path.join(uploadDir, rel))).toEqual(MAGIC.png);

    const got = await t.req({ method: 'GET', url: `${STATIC}/${rel}` });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toMatch(/^inline;/);
    expect(got.rawPayload).toEqual(MAGIC.png);
    // JeecgBoot strips a trailing comma (multi-file values)
    expect((await t.req({ method: 'GET', url: `${STATIC}/${rel},` })).statusCode).toBe(200);
  });

  it('two uploads of the same file get different names', async () => {
    const a = (await upload({ name: 'a.jpg', content: MAGIC.jpg })).json.message;
    const b = (await upload({ name: 'a.jpg', content: MAGIC.jpg })).json.message;
    expect(a).not.toBe(b);
  });

  it('uses the biz folder and serves documents as attachments with their content type', async () => {
    const res = await upload({ name: '说明.pdf', content: MAGIC.pdf }, { biz: 'notice_files-1' });
    const rel = res.json.message as string;
    expect(rel).toMatch(/^notice_files-1\/\d+_[0-9a-f]{16}\.pdf$/);
    const got = await t.req({ method: 'GET', url: `${STATIC}/${rel}` });
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toMatch(/^attachment;/);

    const txt = await upload({ name: 'a.txt', content: '第一行\n中文内容' }, { biz: 'docs' });
    const gotTxt = await t.req({ method: 'GET', url: `${STATIC}/${txt.json.message}` });
    expect(gotTxt.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(gotTxt.headers['content-disposition']).toMatch(/^attachment;/);
    expect(gotTxt.body).toBe('第一行\n中文内容');

    for (const [name, content] of [
      ['a.docx', MAGIC.zip],
      ['a.xlsx', MAGIC.zip],
      ['a.zip', MAGIC.zip],
      ['a.xls', MAGIC.ole],
      ['a.doc', MAGIC.ole],
      ['a.gif', MAGIC.gif],
      ['a.csv', 'a,b\n1,2'],
    ] as const) {
      expect((await upload({ name, content })).json.success, name).toBe(true);
    }
  });

  it('refuses a biz that is not ^[a-z0-9_-]{1,32}$ and writes nothing', async () => {
    const before = filesOnDisk();
    for (const biz of [
      '../etc',
      '..',
      'a/b',
      'A',
      'temp/../..',
      '%2e%2e',
      'a\\b',
      'x'.repeat(33),
      '/abs',
      'a b',
      'é',
    ]) {
      const res = await upload({ name: 'a.png', content: MAGIC.png }, { biz });
      expect(res.json.success, biz).toBe(false);
      expect(res.json.message).toContain('biz');
    }
    expect(filesOnDisk()).toEqual(before);
  });

  it('refuses forbidden extensions and content that does not match the extension', async () => {
    const before = filesOnDisk();
    const cases: [string, Buffer | string, string][] = [
      ['x.html', '<html><script>alert(1)</script></html>', '不支持的文件类型'],
      ['x.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', '不支持的文件类型'],
      ['x.js', 'alert(1)', '不支持的文件类型'],
      ['x.exe', MAGIC.zip, '不支持的文件类型'],
      ['noext', MAGIC.png, '不支持的文件类型'],
      ['x.png.html', MAGIC.png, '不支持的文件类型'],
      // html disguised as an image
      ['x.png', '<html><script>alert(1)</script></html>', '不符'],
      ['x.jpg', MAGIC.png, '不符'],
      ['x.pdf', MAGIC.png, '不符'],
      ['x.docx', MAGIC.ole, '不符'],
      ['x.xls', MAGIC.zip, '不符'],
      ['x.txt', MAGIC.png, '不符'],
      ['x.txt', '<!DOCTYPE html><p>hi', '不符'],
      ['x.csv', '\uFEFF  <script>alert(1)</script>', '不符'],
      ['x.txt', Buffer.from([0x61, 0x00, 0x62]), '不符'],
      ['x.png', '', '为空'],
    ];
    for (const [name, content, msg] of cases) {
      const res = await upload({ name, content });
      expect(res.json.success, name).toBe(false);
      expect(res.json.message, name).toContain(msg);
    }
    expect(filesOnDisk()).toEqual(before);
  });

  it('refuses files over 10 MB with the contract message', async () => {
    const big = Buffer.concat([MAGIC.png, Buffer.alloc(10 * 1024 * 1024, 0)]);
    const res = await upload({ name: 'big.png', content: big });
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ success: false, message: '文件大小超出10MB限制, 请压缩或降低文件质量! ' });
  });

  it('answers 请选择要上传的文件 without a file part or with a non-multipart body', async () => {
    expect((await upload(undefined, { biz: 'temp' })).json.message).toBe('请选择要上传的文件');
    const json = await t.req({ method: 'POST', url: UPLOAD, payload: { file: 'x' }, token });
    expect(json.json.success).toBe(false);
  });

  it('needs a session (401), and any signed-in user may upload', async () => {
    const res = await upload({ name: 'a.png', content: MAGIC.png }, {}, null);
    expect(res.statusCode).toBe(401);
    expect(res.json.message).toBe('Token失效，请重新登录!');
    const low = await t.login('jeecg', '123456');
    expect((await upload({ name: 'a.png', content: MAGIC.png }, {}, low)).json.success).toBe(true);
  });
});

describe('GET /sys/common/static/**', () => {
  it('answers the 404 envelope for missing files and directories', async () => {
    const missing = await t.req({ method: 'GET', url: `${STATIC}/temp/nope.png` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json).toMatchObject({ success: false, code: 404 });
    expect((await t.req({ method: 'GET', url: `${STATIC}/temp` })).statusCode).toBe(404);
    expect((await t.req({ method: 'GET', url: `${STATIC}/` })).statusCode).toBe(404);
  });

  it('never leaves the upload root (traversal, encodings, absolute paths, symlinks)', async () => {
    fs.mkdirSync(path.join(uploadDir, 'temp'), { recursive: true });
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(uploadDir, 'temp', 'link.txt'));
    fs.symlinkSync(outside, path.join(uploadDir, 'linkdir'));
    fs.writeFileSync(path.join(uploadDir, 'temp', '.hidden.txt'), 'hidden');
    const rel = path.relative(uploadDir, path.join(outside, 'secret.txt')).split(path.sep).join('/');
    const urls = [
      `${STATIC}/../../../etc/passwd`,
      `${STATIC}/${rel}`,
      `${STATIC}/temp/../../${path.basename(outside)}/secret.txt`,
      `${STATIC}/%2e%2e/%2e%2e/etc/passwd`,
      `${STATIC}/..%2f..%2fetc%2fpasswd`,
      `${STATIC}/%2fetc%2fpasswd`,
      `${STATIC}//etc/passwd`,
      `${STATIC}/temp/..%5c..%5cetc%5cpasswd`,
      `${STATIC}/temp/%252e%252e/x`,
      `${STATIC}/temp/a%00.png`,
      `${STATIC}/temp/link.txt`,
      `${STATIC}/linkdir/secret.txt`,
      `${STATIC}/temp/.hidden.txt`,
      `${STATIC}/temp/..`,
      `${STATIC}/C:/Windows/win.ini`,
    ];
    for (const url of urls) {
      const res = await t.req({ method: 'GET', url });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('top secret');
      expect(res.json?.success, url).toBe(false);
    }
  });

  it('is public: no session needed', async () => {
    const rel = (await upload({ name: 'p.gif', content: MAGIC.gif })).json.message;
    const res = await t.req({ method: 'GET', url: `${STATIC}/${rel}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
  });
});

describe('upload names (issue 28 security 8)', () => {
  it('refuses names with direction overrides or control characters on every upload path, and writes nothing', async () => {
    const before = filesOnDisk();
    for (const name of ['report\u202Efdp.png', 'a\u2066b.png', 'tab\there.png', 'nul\u0000.png', 'bom\ufeff.png']) {
      const r = await upload({ name, content: MAGIC.png });
      expect(r.json, JSON.stringify(name)).toMatchObject({
        success: false,
        message: '文件名包含控制字符或文字方向控制字符（可能伪装文件类型），请重命名后再上传',
      });
      const body = multipartBody({}, { name, content: MAGIC.png });
      const oss = await t.req({ method: 'POST', url: '/jeecg-boot/sys/oss/file/upload', ...body, token });
      expect(oss.json.success, JSON.stringify(name)).toBe(false);
    }
    expect(filesOnDisk()).toEqual(before);
    expect((await upload({ name: '报告 2024.png', content: MAGIC.png })).json.success).toBe(true);
  });

  it('a stored name with such characters is downloaded without them', async () => {
    const { contentDisposition } = await import('./files.ts');
    const header = contentDisposition('attachment', 'report\u202Efdp.png');
    expect(header).toContain("filename*=UTF-8''reportfdp.png");
    expect(header).not.toMatch(/%E2%80%AE/i);
  });
});
