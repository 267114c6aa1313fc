import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, type Feedback } from '../../utils/feedback';
import { imageList, JImagePreview, moveImage, openTarget, PREVIEW_MESSAGES, stepIndex } from './index';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('image move / navigation', () => {
  const list = ['a.png', 'b.png', 'c.png'];

  it('moves an image back or on', () => {
    expect(moveImage(list, 1, 'prev')).toEqual({ ok: true, list: ['b.png', 'a.png', 'c.png'], index: 0 });
    expect(moveImage(list, 1, 'next')).toEqual({ ok: true, list: ['a.png', 'c.png', 'b.png'], index: 2 });
    expect(list).toEqual(['a.png', 'b.png', 'c.png']);
  });

  it('first moved back: 未知的操作; last moved on: 已到最后~', () => {
    expect(moveImage(list, 0, 'prev')).toEqual({ ok: false, message: '未知的操作' });
    expect(moveImage(list, 2, 'next')).toEqual({ ok: false, message: '已到最后~' });
    expect(moveImage(list, 7, 'next')).toEqual({ ok: false, message: '未知的操作' });
  });

  it('steps stay within the list', () => {
    expect(stepIndex(0, 3, 'prev')).toBe(0);
    expect(stepIndex(0, 3, 'next')).toBe(1);
    expect(stepIndex(2, 3, 'next')).toBe(2);
    expect(stepIndex(0, 0, 'next')).toBe(0);
  });

  it('a file without value is 未知的文件', () => {
    expect(openTarget('', (p) => p)).toEqual({ ok: false, message: PREVIEW_MESSAGES.unknownFile });
    expect(openTarget('x/a.pdf,x/b.pdf', (p) => `/s/${p}`)).toEqual({ ok: true, url: '/s/x/a.pdf' });
    expect(imageList(' a.png, ,b.png')).toEqual(['a.png', 'b.png']);
  });
});

describe('<JImagePreview movable>', () => {
  it('reorders and warns at the ends', () => {
    const warn = vi.fn();
    bindFeedback({ message: { warning: warn }, notification: {}, modal: {} } as unknown as Feedback);
    const onChange = vi.fn();
    render(<JImagePreview value="a.png,b.png" movable onChange={onChange} />);
    const back = screen.getAllByLabelText('前移');
    const on = screen.getAllByLabelText('后移');
    fireEvent.click(back[0]);
    expect(warn).toHaveBeenLastCalledWith('未知的操作');
    fireEvent.click(on[1]);
    expect(warn).toHaveBeenLastCalledWith('已到最后~');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(on[0]);
    expect(onChange).toHaveBeenLastCalledWith('b.png,a.png');
    expect(screen.getAllByRole('img').length).toBeGreaterThanOrEqual(2);
  });
});
