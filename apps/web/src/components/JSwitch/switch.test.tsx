import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSwitchOn, JSwitch, normalizeSwitch, switchQueryOptions, switchText, switchValue } from './index';

afterEach(cleanup);

describe('switch mapping', () => {
  it('Y is on, N / empty / other values are off', () => {
    expect(isSwitchOn('Y')).toBe(true);
    expect(isSwitchOn('N')).toBe(false);
    expect(isSwitchOn('')).toBe(false);
    expect(isSwitchOn(null)).toBe(false);
    expect(isSwitchOn('y')).toBe(false);
    expect(normalizeSwitch(undefined)).toBe('N');
    expect(normalizeSwitch('Y')).toBe('Y');
  });

  it('configurable options [on, off]', () => {
    const opts = [1, 0] as const;
    expect(isSwitchOn(1, opts)).toBe(true);
    expect(isSwitchOn('1', opts)).toBe(false);
    expect(switchValue(true, opts)).toBe(1);
    expect(switchValue(false, opts)).toBe(0);
    expect(switchValue(true)).toBe('Y');
    expect(switchValue(false)).toBe('N');
  });

  it('query mode offers 是 / 否 for the stored values', () => {
    expect(switchQueryOptions()).toEqual([
      { value: 'Y', label: '是' },
      { value: 'N', label: '否' },
    ]);
    expect(switchQueryOptions(['1', '0'])[1]).toEqual({ value: '0', label: '否' });
    expect(switchText('Y')).toBe('是');
    expect(switchText('N')).toBe('否');
    expect(switchText('')).toBe('');
  });
});

describe('<JSwitch>', () => {
  it('emits Y / N when toggled', () => {
    const onChange = vi.fn();
    const { rerender } = render(<JSwitch value="N" onChange={onChange} />);
    fireEvent.click(screen.getByRole('switch'));
    expect(onChange).toHaveBeenLastCalledWith('Y');
    rerender(<JSwitch value="Y" onChange={onChange} />);
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('switch'));
    expect(onChange).toHaveBeenLastCalledWith('N');
  });

  it('query mode is a select showing 是 for Y', () => {
    render(<JSwitch query value="Y" />);
    expect(screen.queryByRole('switch')).toBeNull();
    expect(document.body.textContent).toContain('是');
  });
});
