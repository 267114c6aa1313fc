import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpState } from '../../../../api/http';
import { FakeXhr, installFakeXhr } from '../../../../api/upload-test-xhr';
import { bindFeedback, type Feedback } from '../../../../utils/feedback';
import { installMatchMedia } from '../../../list/test-dom';
import type { CellDisplayProps, JVxeColumn, JVxeTableApi } from '../../types';
import { FileCellView } from './FileCell';
import type { FileCellValue } from './file-logic';
import { uploadCellFile } from './file-upload';

installMatchMedia();
vi.setConfig({ testTimeout: 30_000 });
const realXhr = globalThis.XMLHttpRequest;
const fb = {
  message: { warning: vi.fn(), error: vi.fn() },
  notification: { error: vi.fn() },
  modal: { error: vi.fn() },
};

beforeEach(() => {
  installFakeXhr();
  resetHttpState();
  fb.message.warning.mockClear();
  bindFeedback(fb as unknown as Feedback);
  configureHttp({ getToken: () => 'tok', getTenantId: () => null });
});
afterEach(() => {
  cleanup();
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = realXhr;
});

const col = (over: Partial<JVxeColumn> = {}): JVxeColumn => ({ key: 'attach', title: '附件', type: 'file', ...over });
const pdf = () => new File(['%PDF'], 'report.pdf', { type: 'application/pdf' });

/** a cell inside a minimal table: setCell / onChange write the value and re-render */
function Harness({
  kind = 'file',
  column = col(),
  initial,
  onValue,
}: {
  kind?: 'file' | 'image' | 'upload';
  column?: JVxeColumn;
  initial?: unknown;
  onValue?: (v: unknown) => void;
}) {
  const [value, set] = useState<unknown>(initial);
  const setValue = (v: unknown) => {
    onValue?.(v);
    set(v);
  };
  const api = { setCell: (_r: string, _k: string, v: unknown) => setValue(v) } as unknown as JVxeTableApi;
  const props: CellDisplayProps = {
    value,
    row: {},
    column,
    rowIndex: 0,
    rowId: 'r1',
    api,
    onChange: (v) => setValue(v),
  };
  return <FileCellView {...props} kind={kind} />;
}

const chooseFile = (file: File) => {
  const input = screen.getByTestId('jvxe-file-input') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
};

describe('file cell: states', () => {
  it('no file shows the upload button; choosing a file uploads (file, isup=1, token) and shows spinner and percent', async () => {
    const values: unknown[] = [];
    render(<Harness onValue={(v) => values.push(v)} />);
    expect(screen.getByRole('button', { name: /点击上传/ })).toBeTruthy();
    chooseFile(pdf());
    const xhr = FakeXhr.all[0];
    expect(xhr.url).toBe('/jeecg-boot/sys/common/upload');
    expect(xhr.fields()).toMatchObject({ isup: '1', biz: 'temp' });
    expect((xhr.fields().file as File).name).toBe('report.pdf');
    expect(xhr.headers['X-Access-Token']).toBe('tok');
    await act(async () => xhr.progress(37, 100));
    expect(screen.getByText('37%')).toBeTruthy();
    expect(screen.getByRole('img', { name: '上传中 37%' })).toBeTruthy();
    expect(screen.getByText('report.pdf')).toBeTruthy();
    await act(async () => xhr.respond(200, { success: true, message: 'temp/report_1.pdf', code: 0 }));
    expect(screen.getByRole('img', { name: '上传完成' }).getAttribute('title')).toBe('上传完成');
    expect(screen.queryByText('37%')).toBeNull();
    const last = values.at(-1) as FileCellValue;
    expect(last).toMatchObject({ status: 'done', path: 'temp/report_1.pdf', name: 'report.pdf' });
  });

  it('a refused upload shows the red warning with the server message', async () => {
    render(<Harness />);
    chooseFile(pdf());
    await act(async () => FakeXhr.all[0].respond(200, { success: false, message: '文件类型不允许上传' }));
    const icon = screen.getByRole('img', { name: '文件类型不允许上传' });
    expect(icon.className).toContain('jvxe-file-icon-error');
  });

  it('a click on the red warning opens 上传出错 with 错误信息：message (mask closes it)', async () => {
    fb.modal.error.mockClear();
    render(<Harness initial={{ name: 'a.exe', status: 'error', message: '文件类型不允许上传' }} />);
    fireEvent.click(screen.getByRole('img', { name: '文件类型不允许上传' }));
    expect(fb.modal.error).toHaveBeenCalledWith({
      title: '上传出错',
      content: '错误信息：文件类型不允许上传',
      maskClosable: true,
    });
  });
  it('a network failure shows 上传失败', async () => {
    render(<Harness />);
    chooseFile(pdf());
    await act(async () => FakeXhr.all[0].fail());
    expect(screen.getByRole('img', { name: '上传失败' })).toBeTruthy();
  });

  it('a loaded path shows its name (last segment of the first path) with the green check', () => {
    render(<Harness initial="upload/2024/a_b/合同.docx,upload/x.png" />);
    expect(screen.getByText('合同.docx')).toBeTruthy();
    expect(screen.getByRole('img', { name: '上传完成' })).toBeTruthy();
  });
});

describe('file cell: 删除 while uploading', () => {
  it('stops the upload; its late answer does not bring the file back', async () => {
    const values: unknown[] = [];
    render(<Harness onValue={(v) => values.push(v)} />);
    chooseFile(pdf());
    const xhr = FakeXhr.all[0];
    await act(async () => xhr.progress(10, 100));
    fireEvent.click(screen.getByRole('button', { name: '文件操作' }));
    fireEvent.click(screen.getByRole('menuitem', { name: '删除' }));
    expect(xhr.aborted).toBe(true);
    await act(async () => xhr.respond(200, { success: true, message: 'temp/late.pdf' }));
    expect(values.at(-1)).toBeNull();
    expect(screen.getByRole('button', { name: /点击上传/ })).toBeTruthy();
  });
  it('a second file chosen in the same cell replaces the first upload', async () => {
    const values: unknown[] = [];
    render(<Harness onValue={(v) => values.push(v)} />);
    chooseFile(pdf());
    fireEvent.click(screen.getByRole('button', { name: '文件操作' }));
    fireEvent.click(screen.getByRole('menuitem', { name: '删除' }));
    chooseFile(new File(['x'], 'second.pdf', { type: 'application/pdf' }));
    await act(async () => FakeXhr.all[1].respond(200, { success: true, message: 'temp/second.pdf' }));
    await act(async () => FakeXhr.all[0].respond(200, { success: true, message: 'temp/first.pdf' }));
    expect(values.at(-1)).toMatchObject({ status: 'done', path: 'temp/second.pdf' });
  });
});

describe('file cell: menu', () => {
  const openMenu = () => fireEvent.click(screen.getByRole('button', { name: '文件操作' }));
  it('下载 and 删除; 删除 clears the cell back to the upload button', () => {
    const values: unknown[] = [];
    render(<Harness initial="temp/a.txt" onValue={(v) => values.push(v)} />);
    openMenu();
    expect(screen.getByRole('menuitem', { name: '下载' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: '删除' }));
    expect(values).toEqual([null]);
    expect(screen.getByRole('button', { name: /点击上传/ })).toBeTruthy();
  });
  it('下载 opens the file through the static domain', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<Harness initial="temp/a.txt" />);
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: '下载' }));
    expect(open).toHaveBeenCalledWith('/jeecg-boot/sys/common/static/temp/a.txt', '_blank', 'noopener');
    open.mockRestore();
  });
  it('allowDownload false hides 下载; allowRemove false hides 删除; both false: no menu', () => {
    const { unmount } = render(<Harness initial="temp/a.txt" column={col({ allowDownload: false })} />);
    openMenu();
    expect(screen.queryByRole('menuitem', { name: '下载' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: '删除' })).toBeTruthy();
    unmount();
    const second = render(<Harness initial="temp/a.txt" column={col({ allowRemove: false })} />);
    openMenu();
    expect(screen.queryByRole('menuitem', { name: '删除' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: '下载' })).toBeTruthy();
    second.unmount();
    render(<Harness initial="temp/a.txt" column={col({ allowRemove: false, allowDownload: false })} />);
    expect(screen.queryByRole('button', { name: '文件操作' })).toBeNull();
  });
});

describe('image and upload cells', () => {
  it('an image cell refuses other files with 请上传图片 and uploads nothing', () => {
    render(<Harness kind="image" column={col({ type: 'image' })} />);
    chooseFile(pdf());
    expect(fb.message.warning).toHaveBeenCalledWith('请上传图片');
    expect(FakeXhr.all).toHaveLength(0);
  });
  it('an image shows its thumbnail', () => {
    render(<Harness kind="image" column={col({ type: 'image' })} initial="temp/p.png" />);
    expect(screen.getByRole('img', { name: 'p.png' }).getAttribute('src')).toBe(
      '/jeecg-boot/sys/common/static/temp/p.png',
    );
  });
  it('the upload cell posts to its action; responseName keeps the named field', async () => {
    const reports: FileCellValue[] = [];
    const p = uploadCellFile(
      pdf(),
      col({ type: 'upload', action: '/test/jeecgDemo/upload', responseName: 'fileId' }),
      (v) => reports.push(v),
    );
    const xhr = FakeXhr.all[0];
    expect(xhr.url).toBe('/jeecg-boot/test/jeecgDemo/upload');
    expect(xhr.fields()).toEqual({ file: expect.any(File), isup: '1' });
    xhr.respond(200, { success: true, message: 'upload/r.pdf', fileId: 'F-9' });
    await expect(p).resolves.toMatchObject({ status: 'done', path: 'upload/r.pdf', extra: 'F-9' });
    expect(reports.map((r) => r.status)).toEqual(['uploading', 'done']);
  });
  it('an outside action gets the token only with token: true', async () => {
    void uploadCellFile(pdf(), col({ action: 'https://files.example.com/up' }), () => undefined);
    expect(FakeXhr.all[0].headers['X-Access-Token']).toBeUndefined();
    void uploadCellFile(pdf(), col({ action: 'https://files.example.com/up', token: true }), () => undefined);
    expect(FakeXhr.all[1].headers['X-Access-Token']).toBe('tok');
  });
  it('token: false on our own API: no token sent, and a 401 fails this upload without a 登录已过期 notice', async () => {
    const logout = vi.fn(async () => undefined);
    configureHttp({ getToken: () => 'tok', getTenantId: () => null, logout, reload: vi.fn() });
    fb.notification.error.mockClear();
    const p = uploadCellFile(pdf(), col({ action: '/sys/common/upload', token: false }), () => undefined);
    const xhr = FakeXhr.all[0];
    expect(xhr.headers['X-Access-Token']).toBeUndefined();
    xhr.respond(401, { success: false, code: 401, message: 'Token失效，请重新登录!' });
    await expect(p).resolves.toMatchObject({ status: 'error' });
    expect(logout).not.toHaveBeenCalled();
    expect(fb.notification.error).not.toHaveBeenCalled();
  });
  it('a disabled cell without a file shows no button; with a file no 删除', () => {
    const { unmount } = render(<Harness column={col({ disabled: true })} />);
    expect(screen.queryByRole('button', { name: /点击上传/ })).toBeNull();
    unmount();
    render(<Harness column={col({ disabled: true })} initial="temp/a.txt" />);
    fireEvent.click(screen.getByRole('button', { name: '文件操作' }));
    expect(screen.queryByRole('menuitem', { name: '删除' })).toBeNull();
  });
});

describe('file cell: the file pop-up of a multi-file column (uploadnum > 1)', () => {
  const multi = col({ fieldExtendJson: '{"uploadnum":3}' });
  // the pop-up is a lazy chunk with antd's Modal: its first load can take a while under a busy runner
  const dialog = () => screen.findByRole('dialog', { name: '上传文件' }, { timeout: 15_000 });

  it('确定 with no file warns 未上传任何文件 and stays open; 取消 closes it', async () => {
    render(<Harness column={multi} />);
    fireEvent.click(screen.getByRole('button', { name: /点击上传/ }));
    const pop = await dialog();
    expect(pop.closest('.ant-modal')?.getAttribute('style') ?? '').toContain('width: 520px');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(fb.message.warning).toHaveBeenCalledWith('未上传任何文件');
    expect(screen.getByRole('dialog', { name: '上传文件' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('更多 opens the pop-up with the cell files; 确定 keeps them (the name of the first is shown)', async () => {
    const values: unknown[] = [];
    render(<Harness column={multi} initial="temp/甲.pdf,temp/乙.pdf" onValue={(v) => values.push(v)} />);
    expect(screen.getByText('甲.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '文件操作' }));
    fireEvent.click(screen.getByRole('menuitem', { name: '更多' }));
    await dialog();
    expect(screen.getByText('乙.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(fb.message.warning).not.toHaveBeenCalledWith('未上传任何文件');
    expect(values.at(-1)).toMatchObject({ path: 'temp/甲.pdf,temp/乙.pdf', status: 'done', name: '甲.pdf' });
  });

  it('a single-file column has no 更多 and picks natively', () => {
    render(<Harness initial="temp/a.txt" />);
    fireEvent.click(screen.getByRole('button', { name: '文件操作' }));
    expect(screen.queryByRole('menuitem', { name: '更多' })).toBeNull();
  });
});
