import { describe, expect, it } from 'vitest';
import {
  type EditorSection,
  isShortRuleMessage,
  moveItem,
  newRule,
  newSection,
  paperTotals,
  passScoreProblem,
  sectionCount,
  sectionProblems,
  toEditorSections,
  toPaperBody,
} from './paper-logic';

const fixed = (ids: string[], score: number, title = '单选题'): EditorSection => ({
  ...newSection('1', 'fixed'),
  title,
  score,
  questionIds: ids,
});
const drawn = (counts: (number | null)[], score: number): EditorSection => ({
  ...newSection('3', 'drawn'),
  title: '判断题',
  score,
  rules: counts.map((count) => ({ ...newRule(), subjectId: 's1', count })),
});

describe('paper totals', () => {
  it('total = Σ score per question × questions; drawn sections count their rules', () => {
    const s = [fixed(['a', 'b', 'c'], 2), drawn([5, 3], 1.5)];
    expect(sectionCount(s[1] as EditorSection)).toBe(8);
    expect(paperTotals(s)).toEqual({ count: 11, total: 18 });
  });
  it('rounds to two decimals and ignores invalid counts', () => {
    expect(paperTotals([fixed(['a', 'b', 'c'], 0.1)]).total).toBe(0.3);
    expect(paperTotals([drawn([-2, null, 2], 1)]).count).toBe(2);
  });
});

describe('section checks', () => {
  it('names the section and what is missing', () => {
    expect(sectionProblems([])).toEqual(['请至少添加一个大题']);
    const p = sectionProblems([
      fixed([], 2, ''),
      { ...drawn([0], 0), rules: [{ ...newRule(), subjectId: undefined, count: 0 }] },
    ]);
    expect(p).toContain('第 1 大题：请输入大题标题');
    expect(p).toContain('第 1 大题：请选择题目');
    expect(p).toContain('第 2 大题「判断题」：每题分值必须大于 0');
    expect(p).toContain('第 2 大题「判断题」：规则 1 请选择题目分类');
    expect(p).toContain('第 2 大题「判断题」：规则 1 的题数必须是正整数');
  });
  it('a question picked in two sections is refused', () => {
    expect(sectionProblems([fixed(['a'], 1), fixed(['b', 'a'], 1, '第二部分')])).toEqual([
      '第 2 大题「第二部分」：有题目与第 1 大题重复',
    ]);
  });
  it('a valid paper has no problem; the pass score stays within the total', () => {
    expect(sectionProblems([fixed(['a'], 1), drawn([2], 1)])).toEqual([]);
    expect(passScoreProblem(61, 60)).toBe('及格分不能超过总分 60 分');
    expect(passScoreProblem(60, 60)).toBeNull();
  });
});

describe('wire shape', () => {
  it('sends fixed sections with questionIds and drawn ones with rules (difficulty only when chosen)', () => {
    const r = { ...newRule(), subjectId: 's9', difficulty: 4, count: 2 };
    const body = toPaperBody({ name: ' 期中 ', passScore: 6, duration: 30 }, [
      fixed(['q1', 'q2'], 2),
      { ...drawn([1], 1), rules: [r, { ...newRule(), subjectId: 's8', count: 1 }] },
    ]);
    expect(body).toEqual({
      name: '期中',
      passScore: 6,
      duration: 30,
      remark: null,
      sections: [
        { title: '单选题', type: '1', score: 2, mode: 'fixed', questionIds: ['q1', 'q2'] },
        {
          title: '判断题',
          type: '3',
          score: 1,
          mode: 'drawn',
          rules: [
            { subjectId: 's9', difficulty: 4, count: 2 },
            { subjectId: 's8', count: 1 },
          ],
        },
      ],
    });
  });
  it('reads sections back (mode from the server, else from what they hold)', () => {
    const s = toEditorSections([
      { title: 'A', type: '1', score: 1, questionIds: ['x'] },
      { title: 'B', type: '2', score: 2, rules: [{ subjectId: 's', count: 3 }] },
    ]);
    expect(s.map((x) => x.mode)).toEqual(['fixed', 'drawn']);
    expect(s[1]?.rules[0]).toMatchObject({ subjectId: 's', count: 3, difficulty: null });
  });
  it('moves items and recognises the rule refusal', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
    expect(isShortRuleMessage('规则「数学 / 较难」题目不足：需要 5 道，只有 3 道')).toBe(true);
    expect(isShortRuleMessage('保存失败')).toBe(false);
  });
});
