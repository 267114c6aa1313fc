import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpState } from '../../api/http';
import { FakeXhr, installFakeXhr } from '../../api/upload-test-xhr';
import { bindFeedback, type Feedback } from '../../utils/feedback';
import { JImageUpload } from '../JImageUpload';
import { installMatchMedia } from '../list/test-dom';
import {
  emitValue,
  failureNotice,
  isImageFile,
  JUpload,
  keepLast,
  nameOfPath,
  pathsToFiles,
  settleFile,
  truncateName,
  type WidgetFile,
} from '.';

installMatchMedia();
vi.setConfig({ testTimeout: 20_000 });
const realXhr = globalThis.XMLHttpRequest;
const fb = { message: { warning: vi.fn(), error: vi.fn() }, notification: { error: vi.fn() }, modal: {} };

beforeEach(() => {
  installFakeXhr();
  resetHttpState();
  fb.message.warning.mockClear();
  fb.message.error.mockClear();
  bindFeedback(fb as unknown as Feedback);
  configureHttp({ getToken: () => 'tok', getTenantId: () => null });
});
afterEach(() => {
  cleanup();
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = realXhr;
});

const done = (uid: string, response: WidgetFile['response']): WidgetFile => ({
  uid,
  name: uid,
  status: 'done',
  response,
});

describe('upload logic', () => {
  it('paths → files with names and static URLs', () => {
    const files = pathsToFiles('temp/a_1.png, https://oss.example/b.jpg');
    expect(files.map((f) => [f.name, f.url, f.status])).toEqual([
      ['a_1.png', '/jeecg-boot/sys/common/static/temp/a_1.png', 'done'],
      ['b.jpg', 'https://oss.example/b.jpg', 'done'],
    ]);
    expect(pathsToFiles('')).toEqual([]);
    expect(nameOfPath('x/y/z.txt?x=1')).toBe('z.txt');
  });

  it.each([
    ['success=false with message → error with it', { success: false, message: '文件太大' }, 'error', '文件太大'],
    ['success=false without message → 未知错误', { success: false, message: '' }, 'error', '未知错误'],
    ['success → done with url', { success: true, message: 'temp/x.png' }, 'done', undefined],
  ])('settleFile: %s', (_n, response, status, message) => {
    const f = settleFile(done('u', response));
    expect(f.status).toBe(status);
    expect(f.error?.message).toBe(message);
    if (status === 'done') expect(f.url).toBe('/jeecg-boot/sys/common/static/temp/x.png');
  });

  it.each([
    [{ uid: 'u', name: 'a.txt', status: 'error', response: { success: false, message: '太大' } }, 'a.txt 太大.'],
    [{ uid: 'u', name: 'a.txt', status: 'error', response: { success: false, message: '' } }, 'a.txt 未知错误.'],
    [{ uid: 'u', name: 'a.txt', status: 'error' }, 'a.txt 上传失败.'],
    [{ uid: 'u', name: 'a.txt', status: 'done' }, null],
  ])('failureNotice %#', (file, expected) => expect(failureNotice(file as WidgetFile)).toBe(expected));

  it('a failed request is an error 上传失败', () => {
    expect(settleFile({ uid: 'u', name: 'n', status: 'error' }).error?.message).toBe('上传失败');
  });

  it.each([
    ['all done', [done('a', { success: true, message: 'p1' }), done('b', { success: true, message: 'p2' })], 'p1,p2'],
    ['none', [], ''],
    [
      'one uploading',
      [done('a', { success: true, message: 'p1' }), { uid: 'b', name: 'b', status: 'uploading' }],
      null,
    ],
    ['one error', [{ uid: 'b', name: 'b', status: 'error' }], null],
  ])('emitValue: %s', (_n, files, expected) => {
    expect(emitValue(files as WidgetFile[])).toBe(expected);
  });

  it.each([
    [[1, 2, 3], 0, [1, 2, 3]],
    [[1, 2, 3], 2, [2, 3]],
    [[1], 2, [1]],
  ])('keepLast(%j, %i)', (list, n, expected) => expect(keepLast(list, n)).toEqual(expected));

  it.each([
    ['abc.txt', 'abc.t...'],
    ['abcde', 'abcde'],
    ['中文文件名称.docx', '中文文件名...'],
  ])('truncateName(%j)', (n, expected) => expect(truncateName(n)).toBe(expected));

  it.each([
    ['image/png', true],
    ['application/pdf', false],
    ['', false],
  ])('isImageFile(%j)', (type, expected) => expect(isImageFile({ type })).toBe(expected));
});

function pick(container: HTMLElement, file: File) {
  const input = container.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('JUpload', () => {
  it('uploads with progress, then emits the stored path; removal re-emits', async () => {
    const onChange = vi.fn();
    const { container } = render(<JUpload value="" onChange={onChange} biz="notice" />);
    expect(screen.getByText('上传')).toBeTruthy();
    pick(container, new File(['hello'], 'report.txt', { type: 'text/plain' }));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    const xhr = FakeXhr.all[0];
    expect(xhr.url).toBe('/jeecg-boot/sys/common/upload');
    expect(xhr.headers['X-Access-Token']).toBe('tok');
    expect(xhr.fields().biz).toBe('notice');
    act(() => xhr.progress(30, 100));
    await waitFor(() => expect(container.querySelector('.ant-upload-list-item-uploading')).toBeTruthy());
    expect(onChange).not.toHaveBeenCalled();
    act(() => xhr.respond(200, { success: true, code: 0, message: 'notice/report_1.txt', result: null, timestamp: 1 }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('notice/report_1.txt'));
    expect(screen.getByText('repor...')).toBeTruthy();

    fireEvent.click(container.querySelector('.ant-upload-list-item .anticon-delete') as Element);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(''));
  });

  it('an answer with success=false marks the file as error and emits nothing', async () => {
    const onChange = vi.fn();
    const { container } = render(<JUpload onChange={onChange} />);
    pick(container, new File(['x'], 'a.txt'));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    act(() =>
      FakeXhr.all[0].respond(200, { success: false, code: 500, message: '上传失败！', result: null, timestamp: 1 }),
    );
    await waitFor(() => expect(container.querySelector('.ant-upload-list-item-error')).toBeTruthy());
    expect(onChange).not.toHaveBeenCalled();
    expect(fb.message.error).toHaveBeenCalledWith('a.txt 上传失败！.');
  });

  it('shows a stored value', () => {
    render(<JUpload value="temp/abcdefgh.pdf" />);
    expect(screen.getByText('abcde...')).toBeTruthy();
  });
});

describe('JImageUpload', () => {
  it('refuses a non-image with 请上传图片 and sends nothing', async () => {
    const onChange = vi.fn();
    const { container } = render(<JImageUpload onChange={onChange} />);
    pick(container, new File(['x'], 'a.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(fb.message.warning).toHaveBeenCalledWith('请上传图片'));
    expect(FakeXhr.all).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('uploads an image and emits its path; a stored value shows its thumbnail URL', async () => {
    const onChange = vi.fn();
    const { container } = render(<JImageUpload onChange={onChange} biz="photo" />);
    pick(container, new File(['x'], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    act(() =>
      FakeXhr.all[0].respond(200, { success: true, code: 0, message: 'photo/a_1.png', result: null, timestamp: 1 }),
    );
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('photo/a_1.png'));
    cleanup();
    const view = render(<JImageUpload value="photo/a_1.png" />);
    await waitFor(() =>
      expect(view.container.querySelector('img')?.getAttribute('src')).toBe(
        '/jeecg-boot/sys/common/static/photo/a_1.png',
      ),
    );
  });

  it('multiple with number keeps the last N paths', async () => {
    const onChange = vi.fn();
    const { container } = render(<JImageUpload value="p/1.png,p/2.png" multiple number={2} onChange={onChange} />);
    pick(container, new File(['x'], '3.png', { type: 'image/png' }));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    act(() => FakeXhr.all[0].respond(200, { success: true, code: 0, message: 'p/3.png', result: null, timestamp: 1 }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('p/2.png,p/3.png'));
  });
});
