import { describe, expect, it } from 'vitest';
import {
  discrimination,
  distribution,
  facility,
  groupSize,
  optionCounts,
  summary,
  weakQuestion,
} from './stats-math.ts';
import { HAND } from './test-helpers.ts';

describe('exam statistics (hand-computed example)', () => {
  it('summary', () => {
    expect(summary(HAND.totals, 7)).toEqual({
      submitted: 10,
      mean: 65.9,
      median: 67.5,
      max: 95,
      min: 30,
      stdDev: 20.46,
      passRate: 0.7,
    });
  });
  it('an empty exam has no figures; one attempt has stdDev 0', () => {
    expect(summary([], 0).mean).toBeNull();
    expect(summary([42], 1)).toMatchObject({ mean: 42, median: 42, stdDev: 0, passRate: 1 });
  });
  it('distribution in 10 bins, the full score in the last', () => {
    expect(distribution(HAND.totals, 100).map((b) => b.count)).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2, 1]);
    expect(distribution([100, 0], 100).map((b) => b.count)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(distribution([], 50)[1]).toEqual({ from: 5, to: 10, count: 0 });
  });
  const rows = (scores: number[]) =>
    HAND.totals.map((total, i) => ({ attemptId: `a${String(i).padStart(2, '0')}`, total, score: scores[i] }));
  it('facility and discrimination', () => {
    expect(groupSize(10)).toBe(3);
    expect(facility({ rows: rows(HAND.q1), questionScore: 5 })).toBe(0.5);
    expect(discrimination({ rows: rows(HAND.q1), questionScore: 5 })).toBe(1);
    expect(facility({ rows: rows(HAND.q2), questionScore: 2 })).toBe(0.8);
    expect(discrimination({ rows: rows(HAND.q2), questionScore: 2 })).toBe(-0.1667);
  });
  it('discrimination is null under 10 submitted attempts', () => {
    expect(discrimination({ rows: rows(HAND.q1).slice(0, 9), questionScore: 5 })).toBeNull();
  });
  it('option counts and weak-question flags', () => {
    expect(optionCounts(['A', 'A,C', null, 'B', 'C'], ['A', 'B', 'C', 'D'])).toEqual({ A: 2, B: 1, C: 2, D: 0 });
    expect(weakQuestion(0.8, -0.1667)).toMatch(/区分度为负/);
    expect(weakQuestion(0.5, 0.1)).toMatch(/区分度低/);
    expect(weakQuestion(0.1, null)).toMatch(/过难/);
    expect(weakQuestion(0.99, 0.5)).toMatch(/过易/);
    expect(weakQuestion(0.5, 1)).toBeNull();
  });
});
