import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ossFile } from '../src/db/schema/index.ts';
import { MAGIC, multipartBody } from '../src/modules/common/test-helpers.ts';
import { assertWritableDir } from '../src/modules/oss/storage.ts';
import { createTestApp, onRealPg, type TestApp } from './harness.ts';

describe('文件存储 /sys/oss/file', () => {
  let t: TestApp;
  let admin: string;
  let uploadDir: string;
  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oss-test-'));
    t = await createTestApp({ UPLOAD_DIR: uploadDir });
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  const upload = (url: string, token: string, name: string, content: Buffer, fields: Record<string, string> = {}) => {
    const { payload, headers } = multipartBody(fields, { name, content });
    return t.req({ method: 'POST', url: `/jeecg-boot${url}`, token, payload, headers });
  };
  const list = async (query = '') =>
    (await t.req({ method: 'GET', url: `/jeecg-boot/sys/oss/file/list?pageNo=1&pageSize=50${query}`, token: admin }))
      .json;

  it('uploads from the page, lists it with name, type, size and uploader, downloads, previews and deletes it', async () => {
    const png = Buffer.concat([MAGIC.png, Buffer.from('pixels')]);
    const up = await upload('/sys/oss/file/upload', admin, '报表 截图.png', png);
    expect(up.json).toMatchObject({ success: true, message: '上传成功！' });
    const id = up.json.result.id as string;
    expect(up.json.result).toMatchObject({ fileName: '报表 截图.png', fileType: 'png', fileSize: png.length });
    expect(up.json.result.url).toMatch(/^oss\/\d+_[0-9a-f]{16}\.png$/);
    expect(fs.readFileSync(path.join(uploadDir, up.json.result.url))).toEqual(png);

    const page = await list('&fileName=*截图*');
    expect(page).toMatchObject({ success: true, code: 0 });
    expect(page.result.total).toBe(1);
    expect(page.result.records[0]).toMatchObject({
      id,
      fileName: '报表 截图.png',
      createBy: 'admin',
      fileSize: png.length,
    });

    const dl = await t.req({ method: 'GET', url: `/jeecg-boot/sys/oss/file/download?id=${id}`, token: admin });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload).toEqual(png);
    expect(dl.headers['content-disposition']).toMatch(/^attachment;.*filename\*=UTF-8''%E6%8A%A5/);
    const pv = await t.req({ method: 'GET', url: `/jeecg-boot/sys/oss/file/preview?id=${id}`, token: admin });
    expect(pv.headers['content-disposition']).toMatch(/^inline;/);
    expect(pv.headers['content-type']).toBe('image/png');

    const del = await t.req({ method: 'DELETE', url: `/jeecg-boot/sys/oss/file/delete?id=${id}`, token: admin });
    expect(del.json).toMatchObject({ success: true, message: '删除成功!' });
    expect(fs.existsSync(path.join(uploadDir, up.json.result.url))).toBe(false);
    expect((await list()).result.records.find((r: { id: string }) => r.id === id)).toBeUndefined();
    const again = await t.req({ method: 'DELETE', url: `/jeecg-boot/sys/oss/file/delete?id=${id}`, token: admin });
    expect(again.json).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('lists uploads made through /sys/common/upload as well', async () => {
    const up = await upload('/sys/common/upload', admin, 'notes.txt', Buffer.from('hello'), { biz: 'temp' });
    expect(up.json.success).toBe(true);
    const rel = up.json.message as string;
    const [row] = await t.app.ctx.db.select().from(ossFile).where(eq(ossFile.url, rel));
    expect(row).toMatchObject({ fileName: 'notes.txt', fileType: 'txt', fileSize: 5, biz: 'temp', createBy: 'admin' });
    const page = await list('&fileName=notes.txt');
    expect(page.result.records.map((r: { url: string }) => r.url)).toContain(rel);
    // a text file is never shown inline
    const pv = await t.req({ method: 'GET', url: `/jeecg-boot/sys/oss/file/preview?id=${row.id}`, token: admin });
    expect(pv.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses bad input with nothing stored', async () => {
    const before = (await list()).result.total;
    const html = await upload('/sys/oss/file/upload', admin, 'x.html', Buffer.from('<html><script>1</script>'));
    expect(html.json.success).toBe(false);
    expect(html.json.message).toMatch(/不支持的文件类型/);
    const fake = await upload('/sys/oss/file/upload', admin, 'x.png', Buffer.from('not a png'));
    expect(fake.json.message).toMatch(/不符/);
    const none = await t.req({ method: 'POST', url: '/jeecg-boot/sys/oss/file/upload', token: admin, payload: {} });
    expect(none.json.message).toBe('请选择要上传的文件');
    const noId = await t.req({ method: 'DELETE', url: '/jeecg-boot/sys/oss/file/delete', token: admin });
    expect(noId.statusCode).toBe(400);
    expect((await list()).result.total).toBe(before);
    expect(fs.readdirSync(uploadDir).includes('oss') ? fs.readdirSync(path.join(uploadDir, 'oss')) : []).toHaveLength(
      0,
    );
  });

  it('refuses users without the page or the buttons', async () => {
    const anon = await t.req({ method: 'GET', url: '/jeecg-boot/sys/oss/file/list' });
    expect(anon.statusCode).toBe(401);
    const low = await t.login('jeecg', '123456');
    const l = await t.req({ method: 'GET', url: '/jeecg-boot/sys/oss/file/list', token: low });
    expect(l.statusCode).toBe(403);
    const u = await upload('/sys/oss/file/upload', low, 'a.png', MAGIC.png);
    expect(u.statusCode).toBe(403);
    const d = await t.req({ method: 'DELETE', url: '/jeecg-boot/sys/oss/file/delete?id=1', token: low });
    expect(d.statusCode).toBe(403);
  });
});

describe('upload root check at start', () => {
  it('a directory that cannot be created or written stops the start with a clear message', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'oss-ro-')), 'plain-file');
    fs.writeFileSync(file, 'x');
    await expect(assertWritableDir(path.join(file, 'upload'))).rejects.toThrow(
      /上传目录不可写：.*UPLOAD_DIR.*共享目录/,
    );
    // the app itself refuses to start (on PGlite only: a refused start leaves the harness nothing to drop it with)
    if (!onRealPg) {
      await expect(createTestApp({ UPLOAD_DIR: path.join(file, 'upload') })).rejects.toThrow(/上传目录不可写/);
    }
    const ok = fs.mkdtempSync(path.join(os.tmpdir(), 'oss-ok-'));
    await expect(assertWritableDir(path.join(ok, 'a', 'b'))).resolves.toBeUndefined();
    expect(fs.readdirSync(path.join(ok, 'a', 'b'))).toEqual([]);
  });
});
