import { describe, expect, it } from 'vitest';
import {
  foldBlank,
  gradeError,
  normalizeAnswer,
  round2,
  type ScoringQuestion,
  scoreAnswer,
  totalsOf,
} from './scoring.ts';

const opts = (...keys: string[]) => keys.map((key) => ({ key, content: key }));
const single: ScoringQuestion = { type: 1, answer: 'B', score: 2, options: opts('A', 'B', 'C', 'D') };
const multi: ScoringQuestion = { type: 2, answer: 'A,C,D', score: 4, options: opts('A', 'B', 'C', 'D') };
const judge: ScoringQuestion = { type: 3, answer: '1', score: 1 };
const blank: ScoringQuestion = { type: 4, answer: '[["北京","Beijing"],["1949"],["ABC"]]', score: 5, blanks: 3 };
const essay: ScoringQuestion = { type: 5, answer: '参考答案', score: 10 };
const none = { partialScore: 0 };
const half = { partialScore: 0.5 };

describe('单选 and 判断: equal → the section score, else 0', () => {
  it('single choice', () => {
    expect(scoreAnswer(single, 'B', none)).toEqual({ score: 2, auto: true, verdict: 'right' });
    expect(scoreAnswer(single, 'A', none)).toEqual({ score: 0, auto: true, verdict: 'wrong' });
    expect(scoreAnswer(single, '', none).score).toBe(0);
    expect(scoreAnswer(single, null, none).score).toBe(0);
  });
  it('true/false', () => {
    expect(scoreAnswer(judge, '1', none).score).toBe(1);
    expect(scoreAnswer(judge, '0', none).score).toBe(0);
  });
});

describe('多选: same set full, proper non-empty subset without a wrong key × partialScore, else 0', () => {
  it('the same set in any order is full score', () => {
    expect(scoreAnswer(multi, 'A,C,D', none).score).toBe(4);
    expect(scoreAnswer(multi, 'D,A,C', none).score).toBe(4);
  });
  it('a proper subset earns the partial score, or 0 when the exam gives none', () => {
    expect(scoreAnswer(multi, 'A,C', half)).toEqual({ score: 2, auto: true, verdict: 'partial' });
    expect(scoreAnswer(multi, 'A', { partialScore: 0.3 }).score).toBe(1.2);
    expect(scoreAnswer(multi, 'A,C', none)).toEqual({ score: 0, auto: true, verdict: 'wrong' });
  });
  it('any wrong key is 0, even with all right keys', () => {
    expect(scoreAnswer(multi, 'A,B', half).score).toBe(0);
    expect(scoreAnswer(multi, 'A,B,C,D', half).score).toBe(0);
    expect(scoreAnswer(multi, '', half).score).toBe(0);
  });
  it('partial scores round to two decimals', () => {
    expect(scoreAnswer({ ...multi, score: 3.33 }, 'A', { partialScore: 0.5 }).score).toBe(1.67);
  });
});

describe('填空: score ÷ blanks each; trimmed, Latin case and full/half width ignored', () => {
  it('all right is the full score', () => {
    expect(scoreAnswer(blank, '["北京","1949","abc"]', none)).toEqual({ score: 5, auto: true, verdict: 'right' });
  });
  it('any accepted answer of a blank counts, case and width folded, trimmed', () => {
    expect(scoreAnswer(blank, '["  BEIJING ","１９４９","ＡＢｃ"]', none).score).toBe(5);
    expect(scoreAnswer(blank, '["beiJing\u3000","1949"," abc"]', none).score).toBe(5);
  });
  it('each blank is worth score ÷ blanks, rounded to two decimals', () => {
    expect(scoreAnswer(blank, '["北京","1950","x"]', none)).toEqual({ score: 1.67, auto: true, verdict: 'partial' });
    expect(scoreAnswer(blank, '["北京","1949","x"]', none).score).toBe(3.33);
    expect(scoreAnswer(blank, '["上海","1950","x"]', none).score).toBe(0);
  });
  it('missing or empty blanks are wrong, not errors', () => {
    expect(scoreAnswer(blank, '["北京"]', none).score).toBe(1.67);
    expect(scoreAnswer(blank, '["","",""]', none).score).toBe(0);
    expect(scoreAnswer(blank, 'not json', none).score).toBe(0);
  });
  it('folding touches only width, the ideographic space and Latin case', () => {
    expect(foldBlank('  ＨｅＬＬｏ　')).toBe('hello');
    expect(foldBlank('Ω')).toBe('Ω');
    expect(foldBlank('①')).toBe('①');
  });
  it('the blank count comes from the answer when the snapshot does not say', () => {
    expect(scoreAnswer({ ...blank, blanks: null }, '["北京","1949","abc"]', none).score).toBe(5);
  });
});

describe('简答: waits for a person', () => {
  it('an answered essay has no machine score', () => {
    expect(scoreAnswer(essay, '我的回答', none)).toEqual({ score: null, auto: false, verdict: null });
  });
  it('an unanswered essay is 0 at once (nothing to grade)', () => {
    expect(scoreAnswer(essay, '  ', none)).toEqual({ score: 0, auto: true, verdict: 'wrong' });
  });
  it('a grade is 0 … the score in steps of 0.5', () => {
    expect(gradeError(0, 10)).toBeNull();
    expect(gradeError(7.5, 10)).toBeNull();
    expect(gradeError('10', 10)).toBeNull();
    expect(gradeError(7.25, 10)).toBe('得分须为 0.5 的整数倍');
    expect(gradeError(10.5, 10)).toBe('得分不能超过本题分值 10 分');
    expect(gradeError(-0.5, 10)).toBe('得分不能小于 0');
    expect(gradeError('abc', 10)).toBe('请填写得分');
    expect(gradeError(null, 10)).toBe('请填写得分');
    // a section score that is not a multiple of 0.5 can still be given in full
    expect(gradeError(2.25, 2.25)).toBeNull();
  });
});

describe('totals and pass', () => {
  it('sums objective and subjective, rounds to two decimals, pass = total ≥ pass score', () => {
    const t = totalsOf(
      [
        { type: 4, score: 1.67 },
        { type: 4, score: 3.33 },
        { type: 1, score: 0.1 },
        { type: 1, score: 0.2 },
        { type: 5, score: 54.7 },
      ],
      60,
    );
    expect(t).toEqual({ objective: 5.3, subjective: 54.7, total: 60, complete: true, pass: true });
  });
  it('one cent under the pass line fails', () => {
    expect(totalsOf([{ type: 1, score: 59.99 }], 60).pass).toBe(false);
  });
  it('an ungraded essay leaves the attempt incomplete', () => {
    const t = totalsOf(
      [
        { type: 5, score: null },
        { type: 1, score: 2 },
      ],
      1,
    );
    expect(t).toMatchObject({ total: 2, complete: false, pass: true });
  });
  it('round2 rounds half away from zero without float dust', () => {
    expect(round2(0.1 + 0.2)).toBe(0.3);
    expect(round2(1.005)).toBe(1.01);
    expect(round2(2.675)).toBe(2.68);
  });
});

describe('the candidate answer formats', () => {
  it('单选: one existing key, upper-cased', () => {
    expect(normalizeAnswer(single, 'b')).toEqual({ value: 'B' });
    expect(normalizeAnswer(single, 'E')).toEqual({ error: '选项 E 不存在' });
    expect(normalizeAnswer(single, ['A'])).toEqual({ error: '单选题的答案应为一个选项' });
  });
  it('多选: keys sorted and joined, array allowed', () => {
    expect(normalizeAnswer(multi, 'C, A')).toEqual({ value: 'A,C' });
    expect(normalizeAnswer(multi, ['D', 'B'])).toEqual({ value: 'B,D' });
    expect(normalizeAnswer(multi, 'A,Z')).toEqual({ error: '选项 Z 不存在' });
  });
  it('判断: 1 or 0', () => {
    expect(normalizeAnswer(judge, '0')).toEqual({ value: '0' });
    expect(normalizeAnswer(judge, true)).toEqual({ value: '1' });
    expect(normalizeAnswer(judge, '2')).toEqual({ error: '判断题的答案应为 1（正确）或 0（错误）' });
  });
  it('填空: an array (or its JSON text), no more entries than blanks', () => {
    expect(normalizeAnswer(blank, ['北京', 'CN'])).toEqual({ value: '["北京","CN"]' });
    expect(normalizeAnswer(blank, '["a","b","c"]')).toEqual({ value: '["a","b","c"]' });
    expect(normalizeAnswer(blank, ['a', 'b', 'c', 'd'])).toEqual({ error: '本题只有 3 个空' });
    expect(normalizeAnswer(blank, 'abc')).toEqual({ error: '填空题的答案应为每空一项的数组' });
    expect(normalizeAnswer(blank, [{}])).toEqual({ error: '填空题的答案应为每空一项的数组' });
    expect(normalizeAnswer(blank, ['', ' '])).toEqual({ value: '' });
  });
  it('简答: text up to 20000 characters', () => {
    expect(normalizeAnswer(essay, '答')).toEqual({ value: '答' });
    expect(normalizeAnswer(essay, 'x'.repeat(20_001))).toEqual({ error: '答案最多 20000 个字符' });
  });
  it('an empty answer clears it', () => {
    for (const q of [single, multi, judge, blank, essay]) expect(normalizeAnswer(q, '')).toEqual({ value: '' });
    expect(normalizeAnswer(multi, [])).toEqual({ value: '' });
  });
});
