import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, type Feedback } from '../utils/feedback';
import { configureHttp, HttpError, http, resetHttpState, setLowAppId } from './http';
import { uploadFile } from './upload';
import { FakeXhr, installFakeXhr } from './upload-test-xhr';

const fb = { notification: { error: vi.fn() }, message: { warning: vi.fn() }, modal: { error: vi.fn() } };
const realXhr = globalThis.XMLHttpRequest;

beforeEach(() => {
  installFakeXhr();
  resetHttpState();
  fb.notification.error.mockClear();
  bindFeedback(fb as unknown as Feedback);
  configureHttp({ getToken: () => 'tok', getTenantId: () => 3 });
});
afterEach(() => {
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = realXhr;
});

const fd = () => {
  const f = new FormData();
  f.append('file', new Blob(['x']), 'a.txt');
  return f;
};

describe('http.upload with onUploadProgress (XMLHttpRequest)', () => {
  it('posts the form with the token, tenant and app headers, unsigned, and reports progress', async () => {
    setLowAppId('app1');
    const seen: number[] = [];
    const p = http.upload('/sys/common/upload', fd(), { onUploadProgress: (pct) => seen.push(pct) });
    const xhr = FakeXhr.all[0];
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/jeecg-boot/sys/common/upload');
    expect(xhr.headers['X-Access-Token']).toBe('tok');
    expect(xhr.headers['tenant-id']).toBe('3');
    expect(xhr.headers['X-Low-App-ID']).toBe('app1');
    expect(xhr.headers['X-Sign']).toBeUndefined();
    expect(xhr.body).toBeInstanceOf(FormData);
    xhr.progress(50, 200);
    xhr.progress(200, 200);
    xhr.respond(200, { success: true, code: 0, message: 'temp/a_1.txt', result: null, timestamp: 1 });
    const res = await p;
    expect(seen).toEqual([25, 100]);
    expect(res.message).toBe('temp/a_1.txt');
  });

  it('a business failure resolves as the envelope', async () => {
    const p = http.upload('/sys/common/upload', fd(), { onUploadProgress: () => undefined });
    FakeXhr.all[0].respond(200, { success: false, code: 500, message: '上传失败！', result: null, timestamp: 1 });
    expect((await p).success).toBe(false);
  });

  it('a non-2xx answer goes through the error catalogue and rejects', async () => {
    const p = http.upload('/sys/common/upload', fd(), { onUploadProgress: () => undefined });
    FakeXhr.all[0].respond(403, { message: 'no' });
    await expect(p).rejects.toBeInstanceOf(HttpError);
    expect(fb.notification.error).toHaveBeenCalledWith(expect.objectContaining({ description: '拒绝访问' }));
  });

  it('a network failure rejects with kind network', async () => {
    const p = http.upload('/sys/common/upload', fd(), { onUploadProgress: () => undefined });
    FakeXhr.all[0].fail();
    await expect(p).rejects.toMatchObject({ kind: 'network' });
  });

  it('caller abort rejects with kind abort and shows nothing', async () => {
    const c = new AbortController();
    const p = http.upload('/sys/common/upload', fd(), { onUploadProgress: () => undefined, signal: c.signal });
    c.abort();
    await expect(p).rejects.toMatchObject({ kind: 'abort' });
    expect(FakeXhr.all[0].aborted).toBe(true);
    expect(fb.notification.error).not.toHaveBeenCalled();
  });
});

describe('uploadFile (/sys/common/upload)', () => {
  it('sends file, biz (default temp) and isup=1', async () => {
    const p = uploadFile(new File(['x'], 'a.png', { type: 'image/png' }));
    const xhr = FakeXhr.all[0];
    const fields = xhr.fields();
    expect((fields.file as File).name).toBe('a.png');
    expect(fields.biz).toBe('temp');
    expect(fields.isup).toBe('1');
    xhr.respond(200, { success: true, code: 0, message: 'temp/a.png', result: null, timestamp: 1 });
    expect((await p).message).toBe('temp/a.png');
  });

  it('uses the given biz', () => {
    void uploadFile(new File(['x'], 'a.png'), { biz: 'avatar' }).catch(() => undefined);
    expect(FakeXhr.all[0].fields().biz).toBe('avatar');
  });
});
