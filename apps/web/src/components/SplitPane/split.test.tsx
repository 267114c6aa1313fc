import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clampSplit, loadSplit, SplitPane, saveSplit, splitForKey, splitFromPointer, splitStorageKey } from './index';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

describe('split logic', () => {
  it('clamps to the bounds, rounds to 0.1 % and falls back on junk', () => {
    expect(clampSplit(5)).toBe(10);
    expect(clampSplit(95)).toBe(90);
    expect(clampSplit(33.333)).toBe(33.3);
    expect(clampSplit(Number.NaN)).toBe(50);
    expect(clampSplit(Number.POSITIVE_INFINITY, {}, 40)).toBe(40);
    expect(clampSplit(50, { min: 60, max: 20 })).toBe(50);
    expect(clampSplit(70, { min: 20, max: 60 })).toBe(60);
  });

  it('maps a pointer position to a split within the bounds', () => {
    expect(splitFromPointer(300, 100, 800)).toBe(25);
    expect(splitFromPointer(0, 100, 800)).toBe(10);
    expect(splitFromPointer(5000, 100, 800)).toBe(90);
    expect(splitFromPointer(300, 100, 0)).toBe(50);
  });

  it('moves with the arrow keys (Shift: 10), Home / End go to the bounds, other keys are ignored', () => {
    expect(splitForKey(50, 'ArrowLeft')).toBe(48);
    expect(splitForKey(50, 'ArrowUp')).toBe(48);
    expect(splitForKey(50, 'ArrowRight')).toBe(52);
    expect(splitForKey(50, 'ArrowDown', true)).toBe(60);
    expect(splitForKey(11, 'ArrowLeft', true)).toBe(10);
    expect(splitForKey(50, 'Home')).toBe(10);
    expect(splitForKey(50, 'End', false, { max: 80 })).toBe(80);
    expect(splitForKey(50, 'a')).toBeNull();
  });

  it('persists per user and pane; unreadable or out-of-range values are repaired', () => {
    const a = splitStorageKey('admin', 'demo');
    const b = splitStorageKey('jeecg', 'demo');
    expect(a).not.toBe(b);
    expect(loadSplit(localStorage, a)).toBe(50);
    saveSplit(localStorage, a, 30);
    expect(loadSplit(localStorage, a)).toBe(30);
    expect(loadSplit(localStorage, b, 45)).toBe(45);
    localStorage.setItem(a, 'abc');
    expect(loadSplit(localStorage, a, 40)).toBe(40);
    localStorage.setItem(a, '99');
    expect(loadSplit(localStorage, a)).toBe(90);
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(loadSplit(broken, a, 20)).toBe(20);
    expect(() => saveSplit(broken, a, 20)).not.toThrow();
  });
});

describe('SplitPane', () => {
  it('keyboard resizing updates the separator and is remembered for the same user only', () => {
    const { unmount } = render(<SplitPane id="t" user="admin" first="左" second="右" />);
    const sep = screen.getByRole('separator', { name: '调整分屏大小' });
    expect(sep.getAttribute('aria-valuenow')).toBe('50');
    fireEvent.keyDown(sep, { key: 'ArrowLeft', shiftKey: true });
    fireEvent.keyDown(sep, { key: 'ArrowLeft' });
    expect(sep.getAttribute('aria-valuenow')).toBe('38');
    expect((screen.getByText('左').closest('.split-pane-first') as HTMLElement).style.width).toBe('38%');
    unmount();
    render(<SplitPane id="t" user="admin" first="左" second="右" />);
    expect(screen.getByRole('separator').getAttribute('aria-valuenow')).toBe('38');
    cleanup();
    render(<SplitPane id="t" user="jeecg" first="左" second="右" />);
    expect(screen.getByRole('separator').getAttribute('aria-valuenow')).toBe('50');
  });
});
