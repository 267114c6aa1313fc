import { describe, expect, it } from 'vitest';
import { timeFix, welcomeText } from './greeting';

const at = (h: number, m = 0) => new Date(2024, 0, 1, h, m);

describe('timeFix (greeting by hour)', () => {
  it.each([
    [0, '早上好'],
    [8, '早上好'],
    [9, '上午好'],
    [11, '上午好'],
    [12, '中午好'],
    [13, '中午好'],
    [14, '下午好'],
    [19, '下午好'],
    [20, '晚上好'],
    [23, '晚上好'],
  ])('%i:00 → %s', (hour, text) => {
    expect(timeFix(at(hour))).toBe(text);
  });

  it('uses the hour only (8:59 is still morning)', () => {
    expect(timeFix(at(8, 59))).toBe('早上好');
    expect(timeFix(at(11, 59))).toBe('上午好');
    expect(timeFix(at(19, 59))).toBe('下午好');
  });

  it('welcome text', () => {
    expect(welcomeText(at(10))).toBe('上午好，欢迎回来');
  });
});
