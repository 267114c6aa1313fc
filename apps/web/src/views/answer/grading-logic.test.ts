import { describe, expect, it } from 'vitest';
import { gradeScoreError, percentText, progressPercent } from './grading-logic';

describe('grading rules', () => {
  it.each([
    [0, 10, null],
    [10, 10, null],
    [7.5, 10, null],
    ['3.5', 5, null],
    [7.25, 10, '得分须为 0.5 的整数倍'],
    [10.5, 10, '得分须在 0 到 10 之间'],
    [-0.5, 10, '得分须在 0 到 10 之间'],
    ['', 10, '请输入得分'],
    [null, 10, '请输入得分'],
    ['abc', 10, '得分必须是数字'],
  ])('score %s of %s → %s', (v, full, msg) => {
    expect(gradeScoreError(v, full)).toBe(msg);
  });

  it('progress and percentages', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(0, 0)).toBe(0);
    expect(percentText(0.83333)).toBe('83.3%');
    expect(percentText(1, 0)).toBe('100%');
    expect(percentText(null)).toBe('—');
  });
});
