import { QuestionView, type QuestionViewData } from './QuestionView';
import { round2 } from './quiz-logic';
import './quiz.css';

/**
 * A whole paper as a candidate sees it (the server's preview / an exam's snapshot): title and facts, then the
 * sections (一、单选题（共 5 题，每题 2 分，共 10 分）) with the questions numbered through the paper. Read-only; with
 * `showAnswer` it doubles as the answer key (print).
 */
export interface PaperViewData {
  name?: string;
  totalScore?: number;
  passScore?: number;
  duration?: number;
  questionCount?: number;
  sections: readonly { title: string; type?: string; score: number; questions: readonly QuestionViewData[] }[];
}

const CN_NUMBERS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/** 一 … 十, then 11, 12 … */
export function sectionNumber(i: number): string {
  if (i < 10) return CN_NUMBERS[i] as string;
  if (i < 20) return `十${CN_NUMBERS[i - 10] ?? ''}`;
  return String(i + 1);
}

export function PaperView({ paper, showAnswer }: { paper: PaperViewData; showAnswer?: boolean }) {
  let no = 0;
  const count = paper.questionCount ?? paper.sections.reduce((n, s) => n + s.questions.length, 0);
  const total = paper.totalScore ?? round2(paper.sections.reduce((n, s) => n + s.score * s.questions.length, 0));
  return (
    <div className="quiz-paper" data-testid="quiz-paper">
      <header className="quiz-paper-head">
        <h2>{paper.name || '试卷预览'}</h2>
        <div className="quiz-paper-facts">
          <span>总分：{total} 分</span>
          {paper.passScore !== undefined && <span>及格：{paper.passScore} 分</span>}
          {paper.duration !== undefined && <span>时长：{paper.duration} 分钟</span>}
          <span>共 {count} 题</span>
        </div>
      </header>
      {paper.sections.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sections are positions
        <section key={i} className="quiz-section">
          <h3 className="quiz-section-title">
            {sectionNumber(i)}、{s.title}
            <span className="quiz-section-note">
              （共 {s.questions.length} 题，每题 {s.score} 分，共 {round2(s.score * s.questions.length)} 分）
            </span>
          </h3>
          {s.questions.map((q) => {
            no += 1;
            return (
              <QuestionView
                key={q.id ?? no}
                question={{ ...q, score: q.score ?? s.score }}
                index={no}
                hideMeta
                showAnswer={showAnswer}
              />
            );
          })}
        </section>
      ))}
    </div>
  );
}

export default PaperView;
