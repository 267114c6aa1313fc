// The 子表 popover near the bottom of the window goes above its row; when its content grows after opening (a
// sub-table whose rows arrive later) it is re-measured and moved up, so it never covers the row it belongs to.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SubTablePopover, type SubTableState } from './SubTablePopover';

let height = 0;
let observers: Array<() => void> = [];

beforeEach(() => {
  height = 100;
  observers = [];
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(() => height);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private cb: () => void) {}
      observe() {
        observers.push(this.cb);
      }
      disconnect() {
        observers = observers.filter((c) => c !== this.cb);
      }
    },
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('子表 popover placement', () => {
  it('is re-measured when its content grows and stays above the row', () => {
    expect(window.innerHeight).toBe(768);
    const state: SubTableState = {
      row: { id: 'r5' },
      rowId: 'r5',
      rect: { top: 653, bottom: 714, left: 20, width: 900 },
    };
    render(
      <SubTablePopover state={state} onClose={() => {}}>
        {() => <div>子表内容</div>}
      </SubTablePopover>,
    );
    const box = screen.getByRole('dialog', { name: '子表' });
    // 100 px high: no room below (714 + 4 + 100 > 760), so above: 653 - 100 - 4
    expect(box.style.top).toBe('549px');
    // the rows arrive: 297 px high → moved up to end above the row again
    height = 297;
    act(() => {
      for (const cb of observers) cb();
    });
    expect(box.style.top).toBe('352px');
    expect(Number.parseFloat(box.style.top) + height).toBeLessThanOrEqual(state.rect.top);
  });

  it('stops observing when closed', () => {
    const state: SubTableState = {
      row: { id: 'r1' },
      rowId: 'r1',
      rect: { top: 100, bottom: 160, left: 0, width: 500 },
    };
    const { rerender } = render(
      <SubTablePopover state={state} onClose={() => {}}>
        {() => <div>子表内容</div>}
      </SubTablePopover>,
    );
    expect(observers).toHaveLength(1);
    rerender(
      <SubTablePopover state={null} onClose={() => {}}>
        {() => <div>子表内容</div>}
      </SubTablePopover>,
    );
    expect(observers).toHaveLength(0);
  });
});
