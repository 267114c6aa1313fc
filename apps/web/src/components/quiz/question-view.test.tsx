import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PaperView, sectionNumber } from './PaperView';
import { QuestionView, stemHtml } from './QuestionView';
import { answerText } from './quiz-logic';

afterEach(cleanup);

describe('QuestionView', () => {
  it('sanitises the stem and numbers the blanks in text only', () => {
    const html = stemHtml(
      '<p onclick="x()">首都是（ ）<img src="a.png" alt="___">，___ 年<script>alert(1)</script></p>',
      true,
    );
    expect(html).not.toContain('onclick');
    expect(html).not.toContain('script');
    expect(html).toContain('alt="___"');
    expect(html.match(/class="quiz-blank"/g)).toHaveLength(2);
  });
  it('shows a choice question as a candidate sees it, the key only when asked', () => {
    const q = {
      type: '1',
      stem: '<p>1+1=?</p>',
      options: [
        { key: 'A', content: '1' },
        { key: 'B', content: '<b>2</b><img src=x onerror="alert(1)">' },
      ],
      answer: 'B',
      score: 2,
    };
    const { container, rerender } = render(<QuestionView question={q} index={3} />);
    expect(screen.getByText('3.')).toBeTruthy();
    expect(screen.getByText('单选题 · 2 分')).toBeTruthy();
    expect(screen.getAllByTestId('quiz-option')).toHaveLength(2);
    expect(container.innerHTML).not.toContain('onerror');
    expect(screen.queryByTestId('quiz-key')).toBeNull();
    rerender(<QuestionView question={q} index={3} showAnswer />);
    expect(screen.getByTestId('quiz-key').textContent).toContain('答案：B');
    expect(container.querySelector('.quiz-option.is-right')?.textContent).toContain('2');
  });
  it('shows 判断 as 正确 / 错误 and one line per blank', () => {
    render(<QuestionView question={{ type: '3', stem: 's' }} />);
    expect(screen.getByText('正确')).toBeTruthy();
    expect(screen.getByText('错误')).toBeTruthy();
    render(<QuestionView question={{ type: '4', stem: '（ ）与 ___' }} />);
    expect(screen.getByText('第 2 空')).toBeTruthy();
  });
  it('reads answers as a person would', () => {
    expect(answerText('2', 'A,C')).toBe('A、C');
    expect(answerText('3', '1')).toBe('正确');
    expect(answerText('4', '[["北京","Beijing"],["1949"]]')).toBe('（1）北京 / Beijing；（2）1949');
  });
});

describe('PaperView', () => {
  it('numbers sections 一、二、 and questions through the paper with the section figures', () => {
    render(
      <PaperView
        paper={{
          name: '期中考试',
          passScore: 6,
          duration: 30,
          sections: [
            {
              title: '单选题',
              score: 2,
              questions: [
                { id: 'a', type: '3', stem: 'x' },
                { id: 'b', type: '3', stem: 'y' },
              ],
            },
            { title: '简答题', score: 5, questions: [{ id: 'c', type: '5', stem: 'z' }] },
          ],
        }}
      />,
    );
    expect(screen.getByText('总分：9 分')).toBeTruthy();
    expect(screen.getByText('共 3 题')).toBeTruthy();
    expect(screen.getByText(/（共 2 题，每题 2 分，共 4 分）/)).toBeTruthy();
    expect(screen.getByText('3.')).toBeTruthy();
    expect(sectionNumber(1)).toBe('二');
    expect(sectionNumber(11)).toBe('十二');
  });
});
