import { countBlanks } from '@answer/contract';
import { describe, expect, it } from 'vitest';
import { checkQuestion, type QuestionInput } from './validate.ts';

const opts = (...contents: string[]) => contents.map((content, i) => ({ key: 'ABCDEFGH'[i], content }));
const base = { subjectId: 's1', stem: '题干', difficulty: 3, score: 2 };

function problems(input: QuestionInput): string[] {
  const r = checkQuestion(input);
  return r.ok ? [] : r.problems;
}
function value(input: QuestionInput) {
  const r = checkQuestion(input);
  if (!r.ok) throw new Error(r.problems.join('；'));
  return r.value;
}

describe('题目校验 (every type)', () => {
  it('单选: 2–8 options keyed A.. in order, one answer among them', () => {
    expect(value({ ...base, type: '1', options: opts('甲', '乙'), answer: 'b' }).answer).toBe('B');
    expect(problems({ ...base, type: '1', options: opts('甲'), answer: 'A' })).toEqual(['单选题至少要有 2 个选项']);
    expect(problems({ ...base, type: '1', options: opts(...'123456789'.split('')), answer: 'A' })).toEqual([
      '选项不能超过 8 个（A–H）',
    ]);
    expect(problems({ ...base, type: '1', options: opts('甲', '乙', '丙'), answer: 'E' })).toEqual([
      '答案 E 不在选项中',
    ]);
    expect(problems({ ...base, type: '1', options: opts('甲', '乙'), answer: 'A,B' })).toEqual([
      '单选题的答案只能是一个选项字母，如 B',
    ]);
    expect(
      problems({
        ...base,
        type: '1',
        options: [
          { key: 'A', content: '甲' },
          { key: 'C', content: '乙' },
        ],
        answer: 'A',
      }),
    ).toEqual(['第 2 个选项的字母应为 B（选项依次为 A、B、C…）']);
    expect(problems({ ...base, type: '1', options: opts('甲', ' '), answer: 'A' })).toEqual(['选项 B 的内容不能为空']);
    expect(problems({ ...base, type: '1', options: opts('甲', '甲'), answer: 'A' })).toEqual([
      '选项 A 与选项 B 的内容相同',
    ]);
    expect(problems({ ...base, type: '1', options: opts('甲', '乙'), answer: '' })).toEqual(['答案不能为空']);
  });

  it('多选: at least two keys, stored sorted and comma-joined', () => {
    expect(value({ ...base, type: '2', options: opts('a', 'b', 'c', 'd'), answer: 'D，a、C' }).answer).toBe('A,C,D');
    expect(value({ ...base, type: '2', options: opts('a', 'b', 'c'), answer: 'CA' }).answer).toBe('A,C');
    expect(problems({ ...base, type: '2', options: opts('a', 'b', 'c'), answer: 'B' })).toEqual([
      '多选题至少要有两个正确答案',
    ]);
    expect(problems({ ...base, type: '2', options: opts('a', 'b', 'c'), answer: 'A,F' })).toEqual([
      '答案 F 不在选项中',
    ]);
  });

  it('判断: 1 / 0 (正确/错误 accepted), no options kept', () => {
    const v = value({ ...base, type: '3', options: opts('x', 'y'), answer: '正确' });
    expect([v.answer, v.options]).toEqual(['1', null]);
    expect(value({ ...base, type: '3', answer: '错误' }).answer).toBe('0');
    expect(problems({ ...base, type: '3', answer: '也许' })).toEqual(['判断题的答案只能是 正确（1）或 错误（0）']);
  });

  it('填空: the blank count of the stem must equal the answers', () => {
    const stem = '中华人民共和国成立于 ___ 年，首都是（ ），简称（）。';
    expect(countBlanks(stem)).toBe(3);
    expect(problems({ ...base, type: '4', stem, answer: '1949；北京' })).toEqual(['题干中有 3 个空，答案只有 2 个']);
    expect(problems({ ...base, type: '4', stem, answer: [['1949'], ['北京'], ['京'], ['x']] })).toEqual([
      '题干中有 3 个空，答案却有 4 个',
    ]);
    const v = value({ ...base, type: '4', stem, answer: '1949；北京|Beijing；京' });
    expect(JSON.parse(v.answer)).toEqual([['1949'], ['北京', 'Beijing'], ['京']]);
    expect(v.blanks).toBe(3);
    expect(value({ ...base, type: '4', stem, answer: '[["1949"],["北京"],["京"]]' }).blanks).toBe(3);
    expect(problems({ ...base, type: '4', stem: '没有空', answer: 'x' })).toEqual([
      '填空题的题干中没有空，请用（ ）或 ___ 标出填空的位置',
    ]);
    expect(problems({ ...base, type: '4', stem: '（ ）和（ ）', answer: [['a'], []] })).toEqual(['第 2 个空没有答案']);
  });

  it('简答: a reference answer is required', () => {
    expect(problems({ ...base, type: '5', answer: '  ' })).toEqual(['简答题的参考答案不能为空']);
    expect(value({ ...base, type: '5', answer: '要点一' }).answer).toBe('要点一');
  });

  it('lists every problem of a question at once', () => {
    expect(problems({ type: '9', stem: '', difficulty: 7, score: -1 })).toEqual([
      '题目分类不能为空',
      '题型「9」不正确，应为 单选、多选、判断、填空 或 简答',
      '题干不能为空',
      '难度只能是 1–5（很易、较易、中等、较难、很难）',
      '分值必须大于 0',
    ]);
    expect(problems({ ...base, type: '1', options: opts('a', 'b'), answer: 'A', score: '1.234' })).toEqual([
      '分值最多两位小数',
    ]);
  });

  it('sanitises stem, options and analysis (scripts, handlers, javascript: links dropped; images kept)', () => {
    const v = value({
      ...base,
      type: '1',
      stem: '<p onclick="x()">看图<script>alert(1)</script><img src="data:image/png;base64,AAAA" onerror="x()"></p>',
      options: opts('<a href="javascript:alert(1)">甲</a>', '<b>乙</b><iframe src="//evil"></iframe>'),
      answer: 'A',
      analysis: '<svg onload="x()"></svg><em>解析</em>',
    });
    expect(v.stem).toBe('<p>看图<img src="data:image/png;base64,AAAA" /></p>');
    expect(v.options).toEqual([
      { key: 'A', content: '<a>甲</a>' },
      { key: 'B', content: '<b>乙</b>' },
    ]);
    expect(v.analysis).toBe('<em>解析</em>');
    expect(v.stemText).toBe('看图');
    // a stem that is only an image is a stem
    expect(problems({ ...base, type: '5', stem: '<img src="/x.png">', answer: 'a' })).toEqual([]);
    expect(problems({ ...base, type: '5', stem: '<script>only</script>', answer: 'a' })).toEqual(['题干不能为空']);
  });

  it('refuses huge stems and options with a clear message', () => {
    expect(problems({ ...base, type: '5', stem: 'x'.repeat(500_000), answer: 'a' })).toEqual([
      '题干太长：不能超过 200000 个字符',
    ]);
    expect(problems({ ...base, type: '1', options: opts('x'.repeat(50_000), 'b'), answer: 'A' })).toEqual([
      '选项 A 太长：不能超过 20000 个字符',
    ]);
  });

  it('the same stem has the same fingerprint regardless of markup, spaces and full-width letters', () => {
    const a = value({ ...base, type: '5', stem: '<p>什么是 ABC？</p>', answer: 'x' });
    const b = value({ ...base, type: '5', stem: '什么是ＡＢＣ？ ', answer: 'x' });
    const c = value({ ...base, type: '5', stem: '什么是 ABD？', answer: 'x' });
    expect(a.stemHash).toBe(b.stemHash);
    expect(a.stemHash).not.toBe(c.stemHash);
  });
});
