import { describe, expect, it } from 'vitest';
import { axisTicks, layoutChart } from './layout';

describe('axisTicks', () => {
  it('covers the largest value with whole-number steps from 0', () => {
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(23)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(axisTicks(480)).toEqual([0, 100, 200, 300, 400, 500]);
    expect(axisTicks(1000)).toEqual([0, 200, 400, 600, 800, 1000]);
  });
});

describe('layoutChart', () => {
  it('puts seven bands side by side inside the plot and maps values onto its height', () => {
    const box = layoutChart(600, 272, [0, 5, 10], 7);
    expect(box.left).toBe(8 + 2 * 7 + 8);
    expect(box.right).toBe(584);
    expect(box.bandX(0)).toBe(box.left);
    expect(box.bandX(7)).toBeCloseTo(box.right);
    expect(box.center(3)).toBeCloseTo((box.left + box.right) / 2);
    expect(box.barWidth).toBeLessThanOrEqual(36);
    expect(box.y(0)).toBe(box.bottom);
    expect(box.y(10)).toBe(box.top);
    expect(box.y(5)).toBe((box.top + box.bottom) / 2);
  });

  it('keeps narrow screens usable: bars thinner than their band', () => {
    const box = layoutChart(300, 272, [0, 1], 7);
    expect(box.barWidth).toBeLessThan(box.band);
    expect(box.barWidth).toBeGreaterThan(10);
  });
});
