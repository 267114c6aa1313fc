import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, type Feedback } from '../../utils/feedback';
import { installMatchMedia } from '../list/test-dom';
import { appendImage, isNetworkImageUrl, JImageUploadTabs, pickImage } from './index';

installMatchMedia();
vi.setConfig({ testTimeout: 30_000 });
const warning = vi.fn();
beforeEach(() => {
  warning.mockClear();
  bindFeedback({ message: { warning }, notification: {}, modal: {} } as unknown as Feedback);
});
afterEach(cleanup);

describe('image dialog logic', () => {
  it('network addresses must be http(s)', () => {
    expect(isNetworkImageUrl('https://a.cn/x.png')).toBe(true);
    expect(isNetworkImageUrl('HTTP://a.cn/x.png')).toBe(true);
    expect(isNetworkImageUrl('javascript:alert(1)')).toBe(false);
    expect(isNetworkImageUrl('//a.cn/x.png')).toBe(false);
    expect(isNetworkImageUrl('https://a.cn/x y.png')).toBe(false);
  });

  it('picks the image of the active tab or says what is missing', () => {
    expect(pickImage('local', 'temp/a.png', 'https://x')).toEqual({ ok: true, path: 'temp/a.png' });
    expect(pickImage('local', '', 'https://x')).toEqual({ ok: false, message: '请上传图片' });
    expect(pickImage('network', 'temp/a.png', ' https://a.cn/b.png ')).toEqual({
      ok: true,
      path: 'https://a.cn/b.png',
    });
    expect(pickImage('network', '', 'a.cn/b.png')).toEqual({ ok: false, message: '请输入以http和https开头的网址' });
  });

  it('appends, keeping the last N with a limit', () => {
    expect(appendImage('', 'a')).toBe('a');
    expect(appendImage('a,b', 'c')).toBe('a,b,c');
    expect(appendImage('a,b', 'c', 2)).toBe('b,c');
  });
});

describe('<JImageUploadTabs>', () => {
  it('adds a network image through the two-tab dialog', async () => {
    const onChange = vi.fn();
    render(<JImageUploadTabs value="temp/a.png" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /网络图片/ }));
    await waitFor(() => expect(screen.getByRole('tab', { name: '本地上传' })).toBeTruthy(), { timeout: 10_000 });
    fireEvent.click(screen.getByRole('tab', { name: '网络图片地址' }));
    fireEvent.change(screen.getByLabelText('图片地址'), { target: { value: 'https://a.cn/b.png' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    });
    expect(onChange).toHaveBeenCalledWith('temp/a.png,https://a.cn/b.png');
  });
});
