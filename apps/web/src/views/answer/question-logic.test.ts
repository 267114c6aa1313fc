import { describe, expect, it } from 'vitest';
import { countBlanks } from '../../components/quiz/quiz-logic';
import {
  addOption,
  answerOf,
  blanksProblem,
  fitBlankAnswers,
  isPlainOption,
  markRight,
  moveOption,
  newOptions,
  optionsProblem,
  optionText,
  removeOption,
  textToHtml,
  toFormValues,
  toQuestionBody,
} from './question-logic';

const opts = (...xs: [string, boolean][]) => xs.map(([content, right]) => ({ content, right }));

describe('blank detection', () => {
  it('counts full-width （ ）, half-width ( ) with a space and runs of three underscores, in text or HTML', () => {
    expect(countBlanks('中国的首都是（ ），成立于（）年，英文 ___')).toBe(3);
    expect(countBlanks('<p>a&nbsp;(&nbsp;) b ( ) c</p>')).toBe(2);
    expect(countBlanks('f(x) 与 __ 不是空')).toBe(0);
    expect(countBlanks('（\u3000）')).toBe(1);
    expect(countBlanks('')).toBe(0);
  });
});

describe('填空 count rule', () => {
  const stem = '<p>（ ）是首都，___ 年，（ ）</p>';
  it('words the mismatch as the server does', () => {
    expect(blanksProblem(stem, [['北京'], ['1949']])).toBe('题干中有 3 个空，答案只有 2 个');
    expect(blanksProblem('<p>（ ）</p>', [['a'], ['b']])).toBe('题干中有 1 个空，答案却有 2 个');
    expect(blanksProblem('<p>没有空</p>', [])).toBe('填空题的题干中没有空，请用（ ）或 ___ 标出填空的位置');
    expect(blanksProblem(stem, [['北京', 'Beijing'], ['1949'], ['x']])).toBeNull();
  });
  it('an empty row in the middle counts as a missing answer', () => {
    expect(blanksProblem(stem, [['a'], [], ['c']])).toBe('题干中有 3 个空，答案只有 2 个');
  });
  it('rows follow the stem: new blanks get rows, filled extra rows stay, empty extra rows go', () => {
    expect(fitBlankAnswers(stem, [['a']])).toEqual([['a'], [], []]);
    expect(fitBlankAnswers('（ ）', [['a'], ['b']])).toEqual([['a'], ['b']]);
    expect(fitBlankAnswers('（ ）', [['a'], []])).toEqual([['a']]);
  });
  it('the answer is the JSON of the accepted answers per blank, trimmed', () => {
    expect(answerOf({ type: '4', stem: '（ ）和 ___', blankAnswers: [[' 北京 ', 'Beijing'], ['1949']] })).toBe(
      '[["北京","Beijing"],["1949"]]',
    );
  });
});

describe('option editor', () => {
  it('keeps 2–8 options', () => {
    expect(removeOption(newOptions(2), 0)).toHaveLength(2);
    expect(removeOption(newOptions(3), 0)).toHaveLength(2);
    expect(addOption(newOptions(8))).toHaveLength(8);
    expect(addOption(newOptions(4))).toHaveLength(5);
  });
  it('moves an option with its right mark (keys follow positions)', () => {
    const list = opts(['甲', false], ['乙', true], ['丙', false]);
    const moved = moveOption(list, 1, -1);
    expect(moved.map((o) => o.content)).toEqual(['乙', '甲', '丙']);
    expect(answerOf({ type: '1', options: moved })).toBe('A');
    expect(moveOption(list, 0, -1)).toEqual(list);
  });
  it('单选 keeps one right option, 多选 toggles', () => {
    const list = opts(['a', true], ['b', false], ['c', false]);
    expect(markRight(list, 2, '1').map((o) => o.right)).toEqual([false, false, true]);
    const multi = markRight(markRight(list, 2, '2'), 0, '2');
    expect(multi.map((o) => o.right)).toEqual([false, false, true]);
  });
  it('names the problem of the options', () => {
    expect(optionsProblem(opts(['a', true]), '1')).toBe('至少要有 2 个选项');
    expect(optionsProblem(opts(['a', true], ['<p> </p>', false]), '1')).toBe('选项 B 的内容不能为空');
    expect(optionsProblem(opts(['a', true], ['<p>a</p>', false]), '1')).toBe('选项 A 与选项 B 的内容相同');
    expect(optionsProblem(opts(['a', false], ['b', false]), '1')).toBe('请标出正确答案');
    expect(optionsProblem(opts(['a', true], ['b', true]), '1')).toBe('单选题只能有一个正确答案');
    expect(optionsProblem(opts(['a', true], ['b', false]), '2')).toBe('多选题至少要有两个正确答案');
    expect(optionsProblem(opts(['a', true], ['b', true], ['c', false]), '2')).toBeNull();
    expect(optionsProblem(opts(['<img src="x.png">', true], ['b', false]), '1')).toBeNull();
    expect(
      optionsProblem(
        newOptions(9).map((o, i) => ({ content: String(i), right: i === 0 })),
        '1',
      ),
    ).toBe('选项不能超过 8 个（A–H）');
  });
  it('plain options are edited as text and escaped back', () => {
    expect(textToHtml('a<b & c')).toBe('a&lt;b &amp; c');
    expect(optionText(textToHtml('a<b & c'))).toBe('a<b & c');
    expect(isPlainOption('<p>北京</p>')).toBe(true);
    expect(isPlainOption('<p><img src="a.png"></p>')).toBe(false);
    expect(isPlainOption('<p>a</p><p>b</p>')).toBe(false);
  });
});

describe('form values ↔ contract', () => {
  it('a 多选 question round-trips with sorted keys', () => {
    const v = toFormValues({
      type: '2',
      stem: '<p>s</p>',
      subjectId: 's1',
      options: [
        { key: 'A', content: 'a' },
        { key: 'B', content: 'b' },
        { key: 'C', content: 'c' },
      ],
      answer: 'A,C',
      score: 2,
      difficulty: 4,
      status: '1',
    });
    expect(v.options?.map((o) => o.right)).toEqual([true, false, true]);
    const body = toQuestionBody(v, 'q1');
    expect(body).toMatchObject({ id: 'q1', type: '2', answer: 'A,C', score: 2, difficulty: 4, subjectId: 's1' });
    expect(body.options).toEqual([
      { key: 'A', content: 'a' },
      { key: 'B', content: 'b' },
      { key: 'C', content: 'c' },
    ]);
  });
  it('判断 answers 1 / 0, 简答 the reference text, no options outside choices', () => {
    expect(toQuestionBody({ type: '3', judge: '0', stem: 'x' })).toMatchObject({ answer: '0', options: null });
    expect(toQuestionBody({ type: '5', reference: ' 要点 ', stem: 'x' })).toMatchObject({
      answer: '要点',
      options: null,
    });
    expect(toFormValues({ type: '3', answer: '0' }).judge).toBe('0');
    expect(toFormValues({ type: '4', answer: '[["a"],["b","c"]]' }).blankAnswers).toEqual([['a'], ['b', 'c']]);
  });
  it('an empty analysis is sent as null', () => {
    expect(toQuestionBody({ type: '5', reference: 'r', stem: 's', analysis: '<p></p>' }).analysis).toBeNull();
  });
});
