import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpState } from '../../api/http';
import { FakeXhr, installFakeXhr } from '../../api/upload-test-xhr';
import { bindFeedback, type Feedback } from '../../utils/feedback';
import { ActionLinks } from './ActionLinks';
import { ImportExcelButton } from './ImportExcelButton';
import { errorFileHref, importOutcome, isExcelFile } from './import-core';
import { QueryForm } from './QueryForm';
import { SelectionAlert } from './SelectionAlert';
import { installMatchMedia } from './test-dom';

installMatchMedia();
// antd dialogs and dropdowns are slow to mount in jsdom on a shared machine
vi.setConfig({ testTimeout: 20_000 });
const btn = (re: RegExp) => screen.getByText(re).closest('button') as HTMLButtonElement;
const findBtn = async (re: RegExp) => (await screen.findByText(re)).closest('button') as HTMLButtonElement;
const realXhr = globalThis.XMLHttpRequest;
const fb = {
  message: { warning: vi.fn(), success: vi.fn(), error: vi.fn() },
  notification: { error: vi.fn() },
  modal: { warning: vi.fn() },
};

beforeEach(() => {
  installFakeXhr();
  resetHttpState();
  for (const g of Object.values(fb)) for (const f of Object.values(g)) f.mockClear();
  bindFeedback(fb as unknown as Feedback);
  configureHttp({ getToken: () => 'tok', getTenantId: () => null });
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = realXhr;
});

describe('import-core', () => {
  it.each([
    ['a.xls', true],
    ['a.XLSX', true],
    ['a.csv', false],
    ['xlsx', false],
    ['', false],
  ])('isExcelFile(%j)', (n, v) => expect(isExcelFile(n)).toBe(v));

  it('code 201 → partial with the error-report link', () => {
    const o = importOutcome({
      success: true,
      code: 201,
      message: '文件导入成功，但有错误。',
      result: {
        msg: '总上传行数：3，已导入行数：2，错误行数：1',
        fileUrl: '/sys/common/static/errors/x.txt',
        fileName: 'x.txt',
      },
      timestamp: 1,
    });
    expect(o).toEqual({
      kind: 'partial',
      title: '导入成功,但是有错误数据!',
      detail: '总上传行数：3，已导入行数：2，错误行数：1',
      href: '/jeecg-boot/sys/common/static/errors/x.txt',
      fileName: 'x.txt',
    });
  });

  it('code 201 with nothing imported → 未导入任何数据 with the row count, never 导入成功 (issue 29)', () => {
    const result = {
      msg: '总上传行数：3，已导入行数：0，错误行数：3',
      fileUrl: '/sys/common/static/e/y.txt',
      fileName: 'y.txt',
    };
    const res = { success: true, code: 201, message: '文件导入成功，但有错误。', timestamp: 1 };
    expect(importOutcome({ ...res, result: { ...result, total: 3, imported: 0 } })).toMatchObject({
      kind: 'partial',
      title: '未导入任何数据',
      detail: '共 3 行，全部有错误，原因见错误报告（每行一条）',
    });
    // an older server without the counts: read from the message
    expect(importOutcome({ ...res, result })).toMatchObject({ title: '未导入任何数据' });
    const ten = { ...result, msg: '总上传行数：12，已导入行数：10，错误行数：2' };
    expect(importOutcome({ ...res, result: ten })).toMatchObject({ title: '导入成功,但是有错误数据!' });
  });

  it.each([
    [
      { success: true, code: 200, message: '文件导入成功！数据行数：2', result: null, timestamp: 1 },
      'ok',
      '文件导入成功！数据行数：2',
    ],
    [
      { success: false, code: 500, message: '文件导入失败:格式错误', result: null, timestamp: 1 },
      'fail',
      '文件导入失败:格式错误',
    ],
  ])('%j → %s', (res, kind, message) => {
    expect(importOutcome(res)).toEqual({ kind, message });
  });

  it.each([
    ['/sys/common/static/a.txt', '/jeecg-boot/sys/common/static/a.txt'],
    ['errors/a.txt', '/jeecg-boot/sys/common/static/errors/a.txt'],
    ['https://x/a.txt', 'https://x/a.txt'],
  ])('errorFileHref(%j)', (p, v) => expect(errorFileHref(p)).toBe(v));
});

describe('QueryForm', () => {
  it('查询 hands over the values; 重置 clears them and calls onReset', async () => {
    const onSearch = vi.fn();
    const onReset = vi.fn();
    render(
      <QueryForm onSearch={onSearch} onReset={onReset}>
        <Form.Item name="name" label="名称">
          <Input placeholder="请输入名称" />
        </Form.Item>
      </QueryForm>,
    );
    fireEvent.change(screen.getByPlaceholderText('请输入名称'), { target: { value: 'abc' } });
    fireEvent.click(btn(/查\s*询/));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ name: 'abc' }));
    fireEvent.click(btn(/重\s*置/));
    expect(onReset).toHaveBeenCalled();
    expect((screen.getByPlaceholderText('请输入名称') as HTMLInputElement).value).toBe('');
  });

  it('more than 3 fields collapse behind 展开 and keep their values', async () => {
    const onSearch = vi.fn();
    render(
      <QueryForm onSearch={onSearch} initialValues={{ f4: 'kept' }}>
        {['f1', 'f2', 'f3', 'f4'].map((n) => (
          <Form.Item key={n} name={n} label={n}>
            <Input placeholder={n} />
          </Form.Item>
        ))}
      </QueryForm>,
    );
    const col = (n: string) => screen.getByPlaceholderText(n).closest('[data-query-field]') as HTMLElement;
    expect(col('f4').style.display).toBe('none');
    fireEvent.click(screen.getByText('展开'));
    expect(col('f4').style.display).toBe('');
    expect(screen.getByText('收起')).toBeTruthy();
    fireEvent.click(screen.getByText('收起'));
    fireEvent.click(btn(/查\s*询/));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ f4: 'kept' })));
  });
});

describe('SelectionAlert', () => {
  it('shows 已选择 N 项 and 清空', () => {
    const onClear = vi.fn();
    render(<SelectionAlert count={3} onClear={onClear} />);
    expect(screen.getByTestId('selection-alert').textContent?.replace(/\s+/g, '')).toBe('已选择3项清空');
    fireEvent.click(screen.getByText('清空'));
    expect(onClear).toHaveBeenCalled();
  });
});

describe('ActionLinks', () => {
  it('编辑 link and 删除 in 更多 behind the popconfirm 确定删除吗?', async () => {
    vi.useFakeTimers();
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const onDetail = vi.fn();
    render(<ActionLinks onEdit={onEdit} onDelete={onDelete} more={[{ label: '详情', onClick: onDetail }]} />);
    fireEvent.click(screen.getByText('编辑'));
    expect(onEdit).toHaveBeenCalled();
    fireEvent.mouseEnter(screen.getByText('更多'));
    await act(() => vi.advanceTimersByTimeAsync(500));
    fireEvent.click(screen.getByText('删除'));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByText('确定删除吗?')).toBeTruthy();
    expect(onDelete).not.toHaveBeenCalled();
    // the menu stays open while the popconfirm asks
    expect(document.querySelector('.ant-dropdown-hidden')).toBeNull();
    fireEvent.click(btn(/^确\s*定$/));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(onDelete).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  }, 20_000);

  it('hidden entries are left out; no entries → no 更多', () => {
    render(<ActionLinks onEdit={() => undefined} more={[{ label: '详情', hidden: true }]} />);
    expect(screen.queryByText('更多')).toBeNull();
  });
});

describe('ImportExcelButton', () => {
  async function openAndPick(name: string, onDone = vi.fn()) {
    const view = render(<ImportExcelButton url="/sys/position/importExcel" onDone={onDone} />);
    fireEvent.click(btn(/导\s*入/));
    await screen.findByText('导入EXCEL');
    const start = btn(/开始上传/) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    // the picker arrives with its own chunk
    const input = await waitFor(() => {
      const el = document.querySelector('.ant-modal input[type=file]');
      expect(el).not.toBeNull();
      return el as HTMLInputElement;
    });
    fireEvent.change(input, { target: { files: [new File(['x'], name)] } });
    return { view, onDone };
  }

  it('refuses a non-Excel file and keeps 开始上传 disabled', async () => {
    await openAndPick('a.csv');
    await waitFor(() => expect(fb.message.warning).toHaveBeenCalledWith('只能上传.xls或.xlsx格式的文件'));
    expect((btn(/开始上传/) as HTMLButtonElement).disabled).toBe(true);
  });

  it('uploads with progress, then 文件处理中, then shows the message and reloads', async () => {
    const { onDone } = await openAndPick('a.xlsx');
    const start = await findBtn(/开始上传/);
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(start);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    const xhr = FakeXhr.all[0];
    expect(xhr.url).toBe('/jeecg-boot/sys/position/importExcel');
    // JeecgBoot's import modal names the part files[] (spec 02 §9)
    expect((xhr.fields()['files[]'] as File).name).toBe('a.xlsx');
    expect(xhr.fields().validateStatus).toBeUndefined();
    act(() => xhr.progress(40, 100));
    expect(await screen.findByText('40%')).toBeTruthy();
    act(() => xhr.progress(100, 100));
    expect(await screen.findByText('文件处理中，请稍候…')).toBeTruthy();
    act(() =>
      xhr.respond(200, { success: true, code: 200, message: '文件导入成功！数据行数：2', result: null, timestamp: 1 }),
    );
    await waitFor(() => expect(fb.message.success).toHaveBeenCalledWith('文件导入成功！数据行数：2'));
    expect(onDone).toHaveBeenCalled();
  });

  it('code 201 shows the warning with the download link; failure shows the message', async () => {
    const { onDone } = await openAndPick('a.xls');
    const start = await findBtn(/开始上传/);
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(start);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    act(() =>
      FakeXhr.all[0].respond(200, {
        success: true,
        code: 201,
        message: '文件导入成功，但有错误。',
        result: { msg: '错误行数：1', fileUrl: '/sys/common/static/e.txt', fileName: 'e.txt' },
        timestamp: 1,
      }),
    );
    await waitFor(() => expect(fb.modal.warning).toHaveBeenCalled());
    const cfg = fb.modal.warning.mock.calls[0][0] as { title: string; content: React.ReactElement };
    expect(cfg.title).toBe('导入成功,但是有错误数据!');
    const shown = render(cfg.content);
    expect(shown.getByText('点击下载').getAttribute('href')).toBe('/jeecg-boot/sys/common/static/e.txt');
    expect(onDone).toHaveBeenCalled();
  });

  it('a failed import keeps the dialog and warns with the server message', async () => {
    const { onDone } = await openAndPick('a.xlsx');
    const start = await findBtn(/开始上传/);
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(start);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    act(() =>
      FakeXhr.all[0].respond(200, {
        success: false,
        code: 500,
        message: '文件导入失败:模板不对',
        result: null,
        timestamp: 1,
      }),
    );
    await waitFor(() => expect(fb.message.warning).toHaveBeenCalledWith('文件导入失败:模板不对'));
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByText('导入EXCEL')).toBeTruthy();
  });

  it('a lost connection says 文件上传失败 (not the generic network message)', async () => {
    const { onDone } = await openAndPick('a.xlsx');
    const start = await findBtn(/开始上传/);
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(start);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    act(() => FakeXhr.all[0].fail());
    await waitFor(() =>
      expect(fb.notification.error).toHaveBeenCalledWith(expect.objectContaining({ description: '文件上传失败' })),
    );
    expect(onDone).not.toHaveBeenCalled();
  });

  it('online imports offer 实时校验, sent as validateStatus', async () => {
    render(<ImportExcelButton url="/online/cgform/api/importXls/x" validateChoice />);
    fireEvent.click(btn(/导\s*入/));
    await screen.findByText('导入EXCEL');
    const input = await waitFor(() => {
      const el = document.querySelector('.ant-modal input[type=file]');
      expect(el).not.toBeNull();
      return el as HTMLInputElement;
    });
    fireEvent.change(input, { target: { files: [new File(['x'], 'b.xlsx')] } });
    fireEvent.click(screen.getByRole('switch', { name: '实时校验' }));
    const start = await findBtn(/开始上传/);
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(start);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    expect(FakeXhr.all[0].fields().validateStatus).toBe('0');
  });
});
