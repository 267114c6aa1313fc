import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpState } from '../../api/http';
import { FakeXhr, installFakeXhr } from '../../api/upload-test-xhr';
import { bindFeedback, type Feedback } from '../../utils/feedback';
import { installMatchMedia } from '../list/test-dom';
import {
  applyMark,
  asBlock,
  createInsertGuard,
  INSERT_GUARD_MS,
  imageMarkdown,
  JMarkdownEditor,
  MARKDOWN_TOO_FAST,
  renderMarkdown,
} from './index';

installMatchMedia();
vi.setConfig({ testTimeout: 30_000 });
// jsdom has no layout: CodeMirror measures selections through Range rects
Range.prototype.getClientRects ??= () =>
  ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
const warning = vi.fn();
beforeEach(() => {
  warning.mockClear();
  bindFeedback({ message: { warning }, notification: {}, modal: {} } as unknown as Feedback);
});
afterEach(cleanup);

describe('markdown guard and syntax', () => {
  it('a second insert within 1.5 s is refused; after 1.5 s it goes through', () => {
    let t = 10_000;
    const guard = createInsertGuard(INSERT_GUARD_MS, () => t);
    expect(INSERT_GUARD_MS).toBe(1500);
    expect(guard()).toBe(true);
    t += 1499;
    expect(guard()).toBe(false);
    t += 1;
    expect(guard()).toBe(true);
    t += 200;
    expect(guard()).toBe(false);
    expect(MARKDOWN_TOO_FAST).toBe('你点击的太快了，请慢点点击!');
  });

  it('image syntax with an optional remark', () => {
    expect(imageMarkdown('https://a.cn/x.png')).toBe('![](https://a.cn/x.png)');
    expect(imageMarkdown('https://a.cn/my pic(1).png', '图 [1]')).toBe(
      '![图 \\[1\\]](https://a.cn/my%20pic%281%29.png)',
    );
  });

  it('an image goes on a line of its own', () => {
    expect(asBlock('![](u)', '', '')).toBe('![](u)');
    expect(asBlock('![](u)', '', '# 标题')).toBe('![](u)\n');
    expect(asBlock('![](u)', 'text', '')).toBe('\n![](u)');
    expect(asBlock('![](u)', 'a', 'b')).toBe('\n![](u)\n');
  });

  it('toolbar marks', () => {
    expect(applyMark('bold', '')).toEqual({ text: '**粗体**', selectFrom: 2, selectTo: 4 });
    expect(applyMark('ol', 'a\nb').text).toBe('1. a\n2. b');
    expect(applyMark('link', 'x').text).toBe('[x](https://)');
  });

  it('renders through the allow-list: scripts, handlers and javascript: links go', () => {
    const html = renderMarkdown(
      '# 标题\n\n**b** <script>alert(1)</script> <img src="x.png" onerror="alert(2)"> [l](javascript:alert(3))\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(html).toContain('<h1');
    expect(html).toContain('<strong>b</strong>');
    expect(html).toContain('<table');
    expect(html).toContain('x.png');
    expect(html).not.toMatch(/script|onerror|javascript:/i);
    expect(renderMarkdown('')).toBe('');
  });
});

describe('<JMarkdownEditor>', () => {
  it('shows the value, previews it, bold from the toolbar emits', async () => {
    const onChange = vi.fn();
    const { container } = render(<JMarkdownEditor value="**hi**" onChange={onChange} />);
    expect(container.querySelector('.cm-content')?.textContent).toBe('**hi**');
    expect(container.querySelector('.j-markdown-view strong')?.textContent).toBe('hi');
    fireEvent.click(screen.getByLabelText('粗体'));
    expect(onChange).toHaveBeenCalled();
    expect(onChange.mock.calls.at(-1)?.[0]).toContain('**粗体**');
    const box = container.querySelector('.j-markdown-editor') as HTMLElement;
    fireEvent.click(screen.getByLabelText('全屏'));
    expect(box.style.position).toBe('fixed');
    fireEvent.click(screen.getByLabelText('退出全屏'));
    expect(box.style.position).toBe('');
  });

  it('inserts a network image with a remark; a second insert within 1.5 s warns', async () => {
    // the guard reads Date.now: held still, so a slow machine cannot stretch the two inserts 1.5 s apart
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const onChange = vi.fn();
    render(<JMarkdownEditor value="" onChange={onChange} />);
    const insertOnce = async (url: string) => {
      fireEvent.click(screen.getByLabelText('插入图片'));
      await waitFor(() => expect(screen.getByRole('tab', { name: '网络图片地址' })).toBeTruthy());
      fireEvent.click(screen.getByRole('tab', { name: '网络图片地址' }));
      fireEvent.change(screen.getByLabelText('图片地址'), { target: { value: url } });
      fireEvent.change(screen.getByLabelText('图片备注'), { target: { value: '示例' } });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
      });
    };
    await insertOnce('ftp://bad');
    expect(warning).toHaveBeenLastCalledWith('请输入以http和https开头的网址');
    fireEvent.change(screen.getByLabelText('图片地址'), { target: { value: 'https://a.cn/p.png' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    });
    expect(onChange.mock.calls.at(-1)?.[0]).toBe('![示例](https://a.cn/p.png)');
    await insertOnce('https://a.cn/q.png');
    expect(warning).toHaveBeenLastCalledWith(MARKDOWN_TOO_FAST);
    expect(onChange.mock.calls.at(-1)?.[0]).toBe('![示例](https://a.cn/p.png)');
    now.mockReturnValue(1_001_500);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    });
    expect(onChange.mock.calls.at(-1)?.[0]).toBe('![示例](https://a.cn/p.png)\n![示例](https://a.cn/q.png)');
    now.mockRestore();
  });

  it('inserts a locally uploaded image (biz jeditor) by its static URL', async () => {
    const realXhr = globalThis.XMLHttpRequest;
    installFakeXhr();
    resetHttpState();
    configureHttp({ getToken: () => 'tok', getTenantId: () => null });
    try {
      const onChange = vi.fn();
      render(<JMarkdownEditor value="" onChange={onChange} />);
      fireEvent.click(screen.getByLabelText('插入图片'));
      await waitFor(() => expect(screen.getByRole('tab', { name: '本地上传' })).toBeTruthy(), { timeout: 10_000 });
      // nothing uploaded yet: 请上传图片
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
      });
      expect(warning).toHaveBeenLastCalledWith('请上传图片');
      const input = document.querySelector('.ant-modal input[type=file]') as HTMLInputElement;
      fireEvent.change(input, { target: { files: [new File(['x'], 'p.png', { type: 'image/png' })] } });
      await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
      expect(FakeXhr.all[0].fields().biz).toBe('jeditor');
      act(() =>
        FakeXhr.all[0].respond(200, { success: true, code: 0, message: 'jeditor/p_1.png', result: null, timestamp: 1 }),
      );
      await waitFor(() => expect(document.querySelector('.ant-modal img')).toBeTruthy());
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
      });
      expect(onChange.mock.calls.at(-1)?.[0]).toBe('![](/jeecg-boot/sys/common/static/jeditor/p_1.png)');
    } finally {
      (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = realXhr;
    }
  });
});
