import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SliderVerify } from './index';

// jsdom has no layout: give the track a width (300) so the handle (36) can travel 264 px
let restore: PropertyDescriptor | undefined;
beforeAll(() => {
  restore = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 300 });
});
afterAll(() => {
  if (restore) Object.defineProperty(HTMLElement.prototype, 'clientWidth', restore);
});

afterEach(cleanup);

describe('<SliderVerify>', () => {
  it('released early it goes back to the start', () => {
    const onSuccess = vi.fn();
    render(<SliderVerify onSuccess={onSuccess} />);
    const handle = screen.getByRole('slider');
    fireEvent.pointerDown(handle, { clientX: 10, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 200, pointerId: 1 });
    expect(handle.style.left).toBe('190px');
    fireEvent.pointerUp(handle, { pointerId: 1 });
    expect(handle.style.left).toBe('0px');
    expect(screen.getByText('拖动滑块验证')).toBeTruthy();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('dragged the full width it shows 验证通过, raises success once and locks', () => {
    const onSuccess = vi.fn();
    const { container } = render(<SliderVerify onSuccess={onSuccess} />);
    const handle = screen.getByRole('slider');
    act(() => {
      fireEvent.pointerDown(handle, { clientX: 0, pointerId: 1 });
      fireEvent.pointerMove(handle, { clientX: 264, pointerId: 1 });
      fireEvent.pointerUp(handle, { pointerId: 1 });
    });
    expect(screen.getByText('验证通过')).toBeTruthy();
    expect(handle.style.left).toBe('264px');
    expect(onSuccess).toHaveBeenCalledTimes(1);
    fireEvent.pointerDown(handle, { clientX: 264, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 0, pointerId: 1 });
    fireEvent.pointerUp(handle, { pointerId: 1 });
    expect(handle.style.left).toBe('264px');
    expect(container.querySelector('[data-status="success"]')).toBeTruthy();
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });
});
